"""The game's pictures: the SVG files under art/, rasterised once per size and cached.

Every name is a path under art/ without its `.svg` ("tiles/module-blue"). SVG keeps every
piece crisp at any window size; the cache (ui/surface_cache.py) makes sure a file is read
and rasterised once for a size in use, never per frame.
"""
from __future__ import annotations

import pygame

from .. import assets
from .surface_cache import cached


def _ready(surf: pygame.Surface) -> pygame.Surface:
    """In the window's pixel format once a window is open, which makes blits faster."""
    try:
        return surf.convert_alpha()
    except pygame.error:  # no window has given pygame a pixel format yet
        return surf


@cached
def image(name: str, w: int, h: int | None = None) -> pygame.Surface:
    """The picture scaled to fit inside w x h (a square when h is None), keeping its shape."""
    size = (max(1, int(w)), max(1, int(h if h is not None else w)))
    return _ready(pygame.image.load_sized_svg(str(assets.art(name + ".svg")), size))


@cached
def tinted(name: str, size: int, colour: tuple) -> pygame.Surface:
    """A white picture in `colour` (the colour symbols are drawn white for this)."""
    surf = image(name, size).copy()
    surf.fill(tuple(colour[:3]), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


@cached
def stretched(name: str, w: int, h: int) -> pygame.Surface:
    """A wide picture (a card, a track, an arm strut) made w x h: rasterised at height h,
    its two end squares kept as they are and its middle repeated (its pattern tiles)."""
    w, h = max(2, int(w)), max(2, int(h))
    src = pygame.image.load_sized_svg(str(assets.art(name + ".svg")), (h * 64, h))
    sw, sh = src.get_size()
    cap = min(sh, sw // 3, w // 2)
    out = pygame.Surface((w, sh), pygame.SRCALPHA)
    out.blit(src, (0, 0), pygame.Rect(0, 0, cap, sh))
    out.blit(src, (w - cap, 0), pygame.Rect(sw - cap, 0, cap, sh))
    period = sw - 2 * cap
    for x in range(cap, w - cap, period):
        out.blit(src, (x, 0), pygame.Rect(cap, 0, min(period, w - cap - x), sh))
    return _ready(out)
