"""Every picture of a game piece, in one place, so the art pass can replace it.

Tiles are drawn from the catalogue data with primitives and text, once per size and look,
and cached. Views only ask for a surface and blit it.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from ..engine.catalogue import RESOURCES, load
from . import icons, theme
from .fonts import fonts

TILE_BG = (34, 33, 44)
TILE_EDGE = (12, 12, 18)


def _rounded(size: tuple[int, int], fill, edge=None, radius: int = 6, edge_w: int = 2) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surf, edge, rect, edge_w, border_radius=radius)
    return surf


def _icon_row(surf: pygame.Surface, names: list[str], size: int, right: int, cy: int, gap: int) -> None:
    """Resource icons in a row, ending at `right`."""
    x = right - len(names) * (size + gap) + gap
    for name in names:
        surf.blit(icons.resource(name, size), (x, cy - size // 2))
        x += size + gap


def _cost_names(cost) -> list[str]:
    return [RESOURCES[r] for r, n in cost for _ in range(n)]


def _number_badge(surf: pygame.Surface, icon: pygame.Surface, text: str, center: tuple, size: int) -> None:
    """An icon with a number beside it ('+2' research, '1' VP), centred as a pair."""
    label = fonts().render(text, size, theme.TEXT, bold=True)
    w = icon.get_width() + 2 + label.get_width()
    x = center[0] - w // 2
    surf.blit(label, label.get_rect(midleft=(x, center[1])))
    surf.blit(icon, icon.get_rect(midleft=(x + label.get_width() + 2, center[1])))


@lru_cache(maxsize=1024)
def module_tile(tile_id: str, size: int, stock: int | None = None, wild_shape: str | None = None) -> pygame.Surface:
    """A module as it is printed: colour band with symbol and cost, what it does, work and stock.

    `stock` None draws the tile as offered on the board (empty stock slots).
    """
    spec = load().tiles[tile_id]
    if spec.kind == "obstacle":
        return obstacle_tile(tile_id, size, spec.max_stock if stock is None else stock)
    colour = spec.colour or "orange"
    col = theme.MODULE_COLOURS[colour]
    undecided = spec.kind == "communication" and spec.module_id is None
    radius = max(3, size // 12)
    surf = _rounded((size, size), TILE_BG, TILE_EDGE, radius, max(1, size // 40))
    band_h = int(size * 0.27)
    band = pygame.Rect(0, 0, size, band_h)
    band_col = (150, 150, 160) if undecided else col
    pygame.draw.rect(surf, band_col, band, border_top_left_radius=radius, border_top_right_radius=radius)
    ink = (22, 20, 28)
    if undecided:
        for i, c in enumerate(("blue", "orange")):
            chip = icons.colour_chip(c, int(band_h * 0.62))
            surf.blit(chip, (int(size * 0.05) + i * int(band_h * 0.5), (band_h - chip.get_height()) // 2))
    else:
        sym = icons.colour_symbol(colour, int(band_h * 0.8), ink)
        surf.blit(sym, (int(size * 0.04), (band_h - sym.get_height()) // 2))
    cost = _cost_names(spec.cost)
    icon = max(6, min(int(band_h * 0.66), int(size * 0.62 / max(1, len(cost)))))
    _icon_row(surf, cost, icon, size - int(size * 0.05), band_h // 2, max(1, size // 60))
    body = pygame.Rect(0, band_h, size, size - band_h - int(size * 0.24))
    _draw_effect(surf, spec, body, size, wild_shape)
    _draw_footer(surf, spec, size, stock)
    return surf


def _draw_effect(surf, spec, body: pygame.Rect, size: int, wild_shape: str | None) -> None:
    big = int(size * 0.3)
    text_size = max(8, int(size * 0.16))
    if size >= 96:
        name = fonts().fit(spec.name, max(8, int(size * 0.095)), size - 8)
        label = fonts().render(name, max(8, int(size * 0.095)), theme.TEXT_DIM)
        surf.blit(label, label.get_rect(midtop=(size // 2, body.top + 2)))
        body = body.inflate(0, -label.get_height()).move(0, label.get_height() // 2)
    if spec.kind == "production":
        names = ["time"] if spec.time else [RESOURCES[r] for r in spec.produces]
        gap = int(size * 0.04)
        total = len(names) * big + (len(names) - 1) * gap
        x = body.centerx - total // 2
        for i, name in enumerate(names):
            surf.blit(icons.resource(name, big), (x + i * (big + gap), body.centery - big // 2))
        if len(names) == 2:
            slash = fonts().render("/", text_size, theme.TEXT_DIM, bold=True)
            surf.blit(slash, slash.get_rect(center=(body.centerx, body.centery)))
    elif spec.kind == "greenhouse":
        shown = icons.greenhouse_shape(wild_shape or spec.shape, big + big // 3)
        surf.blit(shown, shown.get_rect(center=body.center))
    elif spec.kind == "drone":
        pad = pygame.Rect(0, 0, big, big)
        pad.center = body.center
        pygame.draw.circle(surf, (200, 200, 210), pad.center, big // 2, max(2, size // 36))
        letter = fonts().render("H", text_size, (200, 200, 210), bold=True)
        surf.blit(letter, letter.get_rect(center=pad.center))
    elif spec.kind == "communication" and spec.module_id is None:
        dish = fonts().render("blue or orange", max(8, int(size * 0.1)), theme.TEXT_DIM)
        surf.blit(dish, dish.get_rect(center=body.center))
    if spec.research:
        _number_badge(surf, icons.research_badge(int(size * 0.22)), f"+{spec.research}",
                      (body.centerx, body.centery), text_size)


def _draw_footer(surf, spec, size: int, stock: int | None) -> None:
    foot_y = size - int(size * 0.13)
    pip = max(5, int(size * 0.13))
    left = int(size * 0.07)
    for i in range(spec.work):
        surf.blit(icons.work_pip(pip), (left + i * (pip + 2), foot_y - pip // 2))
    if spec.stores:
        slot = max(4, int(size * 0.1))
        gap = max(2, size // 30)
        right = size - int(size * 0.07)
        fill = theme.RESOURCE_COLOURS[RESOURCES[spec.produces[0]]]
        for i in range(spec.max_stock):
            cx = right - (spec.max_stock - 1 - i) * (slot + gap) - slot // 2
            full = stock is not None and i < stock
            pygame.draw.circle(surf, fill if full else (64, 62, 76), (cx, foot_y), slot // 2 + 1)
            pygame.draw.circle(surf, (12, 12, 18), (cx, foot_y), slot // 2 + 1, 1)
    if spec.adjacency:
        chip = max(6, int(size * 0.14))
        x = size - int(size * 0.06)
        for colour, pts in reversed(spec.adjacency):
            c = icons.colour_chip(colour, chip)
            x -= chip
            surf.blit(c, (x, foot_y - chip // 2))
            label = fonts().render(f"+{pts}", max(7, int(size * 0.12)), theme.TEXT, bold=True)
            x -= label.get_width() + 1
            surf.blit(label, label.get_rect(midleft=(x, foot_y)))
            x -= max(2, size // 25)
    if spec.vp:
        star = icons.vp_badge(max(6, int(size * 0.16)))
        surf.blit(star, star.get_rect(midright=(size - int(size * 0.06), foot_y)))


@lru_cache(maxsize=256)
def obstacle_tile(tile_id: str, size: int, resistance: int) -> pygame.Surface:
    """Rubble on Titan's crust: grey-brown rock, its remaining resistance as notches."""
    spec = load().tiles[tile_id]
    radius = max(3, size // 12)
    surf = _rounded((size, size), (58, 52, 50), TILE_EDGE, radius, max(1, size // 40))
    for (x, y, r) in ((0.3, 0.35, 0.2), (0.62, 0.3, 0.16), (0.5, 0.6, 0.24), (0.24, 0.68, 0.13), (0.78, 0.66, 0.14)):
        pygame.draw.circle(surf, (84, 76, 70), (int(x * size), int(y * size)), int(r * size))
        pygame.draw.circle(surf, (102, 94, 86), (int((x - r * 0.3) * size), int((y - r * 0.3) * size)), int(r * size * 0.45))
    pip = max(5, int(size * 0.14))
    total = spec.max_stock * (pip + 3)
    x = size // 2 - total // 2
    for i in range(spec.max_stock):
        col = (240, 200, 120) if i < resistance else (40, 36, 36)
        pygame.draw.rect(surf, col, (x + i * (pip + 3), size - pip - int(size * 0.08), pip, pip), border_radius=2)
    _number_badge(surf, icons.research_badge(int(size * 0.22)), "+3", (size // 2, int(size * 0.2)),
                  max(8, int(size * 0.15)))
    return surf


@lru_cache(maxsize=256)
def experiment_tile(eid: str, size: int) -> pygame.Surface:
    """An experiment: its side mark, cost, research, effect and (year 3) victory point."""
    spec = load().experiments[eid]
    side_col = theme.SIDE_COLOURS[spec.side]
    radius = max(3, size // 8)
    surf = _rounded((size, size), theme.mix(side_col, (16, 16, 22), 0.78), side_col, radius, max(1, size // 30))
    mark = icons.side_mark(spec.side, int(size * 0.2))
    surf.blit(mark, (int(size * 0.07), int(size * 0.07)))
    cost = _cost_names(spec.cost)
    icon = max(6, min(int(size * 0.22), int(size * 0.62 / len(cost))))
    _icon_row(surf, cost, icon, size - int(size * 0.07), int(size * 0.07) + icon // 2, 1)
    _number_badge(surf, icons.research_badge(int(size * 0.26)), f"+{spec.research}",
                  (size // 2, int(size * 0.56)), max(8, int(size * 0.2)))
    foot = int(size * 0.84)
    if spec.effect:
        eff = icons.effect_icon(spec.effect, int(size * 0.22))
        surf.blit(eff, eff.get_rect(midleft=(int(size * 0.08), foot)))
    if spec.vp:
        star = icons.vp_badge(int(size * 0.2))
        surf.blit(star, star.get_rect(midright=(size - int(size * 0.08), foot)))
    return surf


@lru_cache(maxsize=64)
def mission_card(mid: str, w: int, h: int) -> pygame.Surface:
    """A mission tile laid out as a row: its type letter, name and what it asks.
    The right end is kept free for the holder's marker or the science token."""
    spec = load().missions[mid]
    surf = _rounded((w, h), (36, 40, 52), (90, 96, 120), max(4, h // 8), 1)
    badge = int(h * 0.5)
    centre = (badge // 2 + h // 6, h // 2)
    pygame.draw.circle(surf, theme.ACCENT, centre, badge // 2)
    letter = fonts().render(spec.type, int(badge * 0.7), (30, 24, 16), bold=True)
    surf.blit(letter, letter.get_rect(center=centre))
    x = centre[0] + badge // 2 + h // 6
    text_w = w - x - int(h * 0.6)
    title_size = max(9, int(h * 0.25))
    body_size = max(8, int(h * 0.2))
    lines = fonts().wrap(spec.text, body_size, text_w)[:2]
    block = fonts().height(title_size, True) + len(lines) * fonts().height(body_size)
    y = (h - block) // 2
    name = fonts().fit(f"{spec.name}", title_size, text_w, bold=True)
    surf.blit(fonts().render(name, title_size, theme.TEXT, bold=True), (x, y))
    y += fonts().height(title_size, True)
    for line in lines:
        surf.blit(fonts().render(line, body_size, theme.TEXT_DIM), (x, y))
        y += fonts().height(body_size)
    return surf


@lru_cache(maxsize=256)
def astronaut(char: int, size: int, work: int, awake: bool = True) -> pygame.Surface:
    """An astronaut figurine with its work token; a resting one shows the back of its helmet."""
    col = theme.PLAYER_COLOURS[char] if awake else theme.mix(theme.PLAYER_COLOURS[char], (60, 60, 70), 0.6)

    def paint(s, n):
        c = n / 2
        body = pygame.Rect(n * 0.2, n * 0.48, n * 0.6, n * 0.46)
        pygame.draw.rect(s, (10, 10, 14), body.inflate(n * 0.06, n * 0.06), border_radius=int(n * 0.16))
        pygame.draw.rect(s, col, body, border_radius=int(n * 0.14))
        pygame.draw.circle(s, (10, 10, 14), (c, n * 0.32), n * 0.25)
        pygame.draw.circle(s, col, (c, n * 0.32), n * 0.22)
        if awake:
            visor = pygame.Rect(n * 0.36, n * 0.24, n * 0.28, n * 0.14)
            pygame.draw.rect(s, (24, 30, 44), visor, border_radius=int(n * 0.06))
            pygame.draw.rect(s, (120, 170, 220), visor.inflate(-n * 0.12, -n * 0.08), border_radius=int(n * 0.03))

    fig = icons._supersampled(size, paint)
    marker = icons.player_marker(char, max(6, int(size * 0.26)))
    fig.blit(marker, marker.get_rect(center=(size // 2, int(size * 0.7))))
    badge_r = max(5, int(size * 0.17))
    centre = (size - badge_r - 1, size - badge_r - 1)
    pygame.draw.circle(fig, (245, 240, 230), centre, badge_r)
    pygame.draw.circle(fig, (12, 12, 18), centre, badge_r, max(1, size // 30))
    num = fonts().render(str(work), int(badge_r * 1.5), (20, 18, 26), bold=True)
    fig.blit(num, num.get_rect(center=(centre[0], centre[1] + 1)))
    return fig


@lru_cache(maxsize=512)
def mini_tile(tile_id: str, size: int) -> pygame.Surface:
    """A tile in a miniature base: its colour and symbol only."""
    spec = load().tiles[tile_id]
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    if spec.kind == "obstacle":
        pygame.draw.rect(surf, (84, 76, 70), surf.get_rect(), border_radius=max(1, size // 6))
        return surf
    pygame.draw.rect(surf, theme.MODULE_COLOURS[spec.colour], surf.get_rect(), border_radius=max(1, size // 6))
    if size >= 12:
        sym = icons.colour_symbol(spec.colour, int(size * 0.7), (22, 20, 28))
        surf.blit(sym, sym.get_rect(center=(size // 2, size // 2)))
    return surf
