"""The menus' backdrop: Titan's amber haze, Saturn low in the sky, a base on the horizon.
Painted once per window size."""
from __future__ import annotations

import pygame

from . import theme
from .surface_cache import cached


@cached
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    horizon = int(h * 0.72)
    for y in range(0, h, 3):
        if y < horizon:
            t = (y / horizon) ** 1.8
            col = theme.mix((12, 12, 20), (92, 58, 30), t)
        else:
            col = theme.mix((40, 28, 22), (14, 12, 14), (y - horizon) / (h - horizon))
        pygame.draw.rect(surf, col, (0, y, w, 3))
    # Saturn, pale behind the haze, with its rings.
    cx, cy, r = int(w * 0.78), int(h * 0.3), int(h * 0.16)
    ring = pygame.Surface((r * 5, r * 2), pygame.SRCALPHA)
    pygame.draw.ellipse(ring, (214, 186, 140, 90), ring.get_rect(), max(2, r // 10))
    pygame.draw.ellipse(ring, (214, 186, 140, 50), ring.get_rect().inflate(-r // 2, -r // 5), max(2, r // 14))
    ring = pygame.transform.rotate(ring, 12)
    planet = pygame.Surface((r * 2, r * 2), pygame.SRCALPHA)
    for k in range(r, 0, -2):
        pygame.draw.circle(planet, (*theme.mix((120, 96, 70), (226, 196, 150), 1 - k / r), 255), (r, r), k)
    surf.blit(planet, (cx - r, cy - r))
    surf.blit(ring, ring.get_rect(center=(cx, cy)))
    # The base: domes and a mast against the horizon.
    ground = (22, 17, 16)
    for x, rad in ((0.14, 0.07), (0.24, 0.045), (0.33, 0.06), (0.6, 0.035)):
        pygame.draw.circle(surf, ground, (int(w * x), horizon), int(h * rad))
        pygame.draw.circle(surf, (70, 52, 36), (int(w * x), horizon), int(h * rad), max(1, h // 400))
    pygame.draw.line(surf, ground, (int(w * 0.42), horizon), (int(w * 0.42), int(horizon - h * 0.14)), max(2, h // 220))
    pygame.draw.circle(surf, theme.ACCENT, (int(w * 0.42), int(horizon - h * 0.14)), max(2, h // 200))
    pygame.draw.rect(surf, ground, (0, horizon, w, h - horizon))
    for i, x in enumerate(range(int(w * 0.1), int(w * 0.36), max(8, w // 90))):
        if i % 3 != 1:
            pygame.draw.rect(surf, (255, 196, 110), (x, horizon - int(h * 0.012), max(2, w // 500), max(2, h // 300)))
    return surf.convert()
