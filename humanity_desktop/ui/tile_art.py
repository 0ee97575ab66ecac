"""Every picture of a game piece, in one place.

Frames, symbols and tokens are the SVG art under art/ (see ui/art.py); what a tile says is
composed here from the catalogue data, numbers in the game's font, so a catalogue change
redraws the faces. Each face is built once per size and look, and cached; views only ask
for a surface and blit it.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from ..engine.catalogue import RESOURCES, SWITCH_COLOURS, load
from ..engine.rules import OBSTACLE_RESEARCH
from ..language import _
from ..table.describe import mission_name, mission_text
from . import art, icons, theme
from .drawn import place
from .fonts import draw_text, fonts
from .surface_cache import cached

INK = (16, 20, 28)  # dark print on light parts
SLOT_EMPTY = (52, 62, 80)
NOTCH_ON, NOTCH_OFF = (240, 200, 120), (40, 36, 36)
BADGE = (245, 240, 230)  # the astronauts' work badge, as art/players prints it
BADGE_AT, BADGE_R = 0.79, 0.19  # its centre and radius, in shares of the figure


def _icon_row(surf: pygame.Surface, names: list[str], size: int, right: int, cy: int, gap: int) -> None:
    """Resource icons in a row, ending at `right`."""
    x = right - len(names) * (size + gap) + gap
    for name in names:
        surf.blit(icons.resource(name, size), (x, cy - size // 2))
        x += size + gap


def _cost_names(cost) -> list[str]:
    return [RESOURCES[r] for r, n in cost for _unit in range(n)]


def _number_badge(surf: pygame.Surface, icon: pygame.Surface, text: str, center: tuple, size: int) -> int:
    """An icon with a number beside it ('+2' research, '1' VP), centred as a pair; on a piece
    too small for both at the text size in force, the number alone, or neither (the tooltip
    says it). Returns how far down the number reaches."""
    room = surf.get_width() - 2
    if fonts().width(text, size, bold=True) > room:
        return center[1]
    label = fonts().render(text, size, theme.TEXT, bold=True)
    w = icon.get_width() + 2 + label.get_width()
    half = (label.get_height() + 1) // 2  # a number grown with the text size stays on the piece
    center = (center[0], max(half, min(center[1], surf.get_height() - half)))
    if w > room:
        return place(surf, label, label.get_rect(center=center)).bottom
    x = center[0] - w // 2
    spot = place(surf, label, label.get_rect(midleft=(x, center[1])))
    surf.blit(icon, icon.get_rect(midleft=(x + label.get_width() + 2, center[1])))
    return spot.bottom


@cached
def module_tile(tile_id: str, size: int, stock: int | None = None, wild_shape: str | None = None) -> pygame.Surface:
    """A module as it is printed: colour band with symbol and cost, what it does, work and stock.

    `stock` None draws the tile as offered on the board (empty stock slots).
    """
    spec = load().tiles[tile_id]
    if spec.kind == "obstacle":
        return obstacle_tile(tile_id, size, spec.max_stock if stock is None else stock)
    surf = art.image(_frame_name(spec), size).copy()
    band_h = int(size * 0.27)
    cost = _cost_names(spec.cost)
    # The icons may spill a little under the band, so three of them stay readable on the board.
    icon = max(6, min(int(size * 0.23), int(size * 0.72 / max(1, len(cost)))))
    _icon_row(surf, cost, icon, size - int(size * 0.04), band_h // 2, max(1, size // 60))
    body = pygame.Rect(0, band_h, size, size - band_h - int(size * 0.24))
    used = _draw_effect(surf, spec, body, size, wild_shape)
    _draw_footer(surf, spec, size, stock, used)
    return surf


def _frame_name(spec) -> str:
    """The printed frame: a module's colour band, a starting module's (with the dome
    emblem), or the two-colour band of a communication module not yet deployed."""
    if _undecided(spec):
        return "tiles/communication"
    return f"tiles/{'start' if spec.id in starting_ids() else 'module'}-{spec.colour}"


def _undecided(spec) -> bool:
    """A communication module on the board: it turns orange or blue when deployed."""
    return spec.kind == "communication" and spec.colour is None


@lru_cache(maxsize=1)
def starting_ids() -> frozenset[str]:
    return frozenset(tid for _cell, tid, _stock in load().start_tiles)


def _draw_effect(surf, spec, body: pygame.Rect, size: int, wild_shape: str | None) -> int:
    """What the module does, in its body; returns how far down its words reach."""
    big = int(size * 0.34)
    text_size = max(8, int(size * 0.17))
    if size >= theme.points(96):  # room for the name: a large tile, in points
        name = fonts().fit(spec.said(), max(8, int(size * 0.095)), size - 8)
        label = fonts().render(name, max(8, int(size * 0.095)), theme.TEXT_DIM)
        place(surf, label, label.get_rect(midtop=(size // 2, body.top + 2)))
        body = body.inflate(0, -label.get_height()).move(0, label.get_height() // 2)
    if spec.kind == "production":
        names = ["time"] if spec.time else [RESOURCES[r] for r in spec.produces]
        gap = int(size * 0.04)
        total = len(names) * big + (len(names) - 1) * gap
        x = body.centerx - total // 2
        for i, name in enumerate(names):
            surf.blit(icons.resource(name, big), (x + i * (big + gap), body.centery - big // 2))
        if len(names) == 2:
            draw_text(surf, "/", text_size, theme.TEXT_DIM, (body.centerx, body.centery), "center", bold=True)
    elif spec.kind == "greenhouse":
        shown = icons.greenhouse_shape(wild_shape or spec.shape, min(big + big // 3, body.h))
        surf.blit(shown, shown.get_rect(center=body.center))
    elif spec.kind == "drone":
        pad = art.image("marks/drone", min(big + big // 4, body.h))
        surf.blit(pad, pad.get_rect(center=body.center))
    if spec.research:
        return _number_badge(surf, icons.research_badge(int(size * 0.22)), f"+{spec.research}",
                             (body.centerx, body.centery), text_size)
    return body.top


def _foot_y(size: int, height: int = 0) -> int:
    """The middle of the tile's foot for an item `height` tall: higher for a tall one, so
    text grown with the text size stays on the tile."""
    return min(size - int(size * 0.125), size - (height + 1) // 2)


def footer_marks(spec, size: int) -> dict[str, list[pygame.Rect]]:
    """Where a module's footer marks sit on its tile `size` pixels square: a cog for each
    point of its work cost ("work_cost", from the left) and a dot for each unit it can store
    ("stock", to the right)."""
    foot_y = _foot_y(size)
    pip = max(5, int(size * 0.15))
    left = int(size * 0.07)
    work = [pygame.Rect(left + i * (pip + 2), foot_y - pip // 2, pip, pip) for i in range(spec.work)]
    slot = max(4, int(size * 0.11))
    gap = max(2, size // 30)
    right = size - int(size * 0.07)
    dot = slot // 2 + 1
    stock = [pygame.Rect(0, 0, 2 * dot, 2 * dot) for _dot in range(spec.max_stock if spec.stores else 0)]
    for i, rect in enumerate(stock):
        rect.center = (right - (spec.max_stock - 1 - i) * (slot + gap) - slot // 2, foot_y)
    return {"work_cost": work, "stock": stock}


def _draw_footer(surf, spec, size: int, stock: int | None, above: int) -> None:
    """Work cost, stock, bonuses and points along the foot; a bonus's number is left off where
    it would reach up into the words above it (`above`), on a small tile with large text."""
    foot_y = _foot_y(size)
    marks = footer_marks(spec, size)
    for rect in marks["work_cost"]:
        surf.blit(icons.work_pip(rect.w), rect)
    if spec.stores:
        fill = theme.RESOURCE_COLOURS[RESOURCES[spec.produces[0]]]
        for i, rect in enumerate(marks["stock"]):
            full = stock is not None and i < stock
            pygame.draw.circle(surf, fill if full else SLOT_EMPTY, rect.center, rect.w // 2)
            pygame.draw.circle(surf, INK, rect.center, rect.w // 2, 1)
    if spec.adjacency:
        chip = max(6, int(size * 0.14))
        x = size - int(size * 0.06)
        for colour, pts in reversed(spec.adjacency):
            c = icons.colour_chip(colour, chip)
            x -= chip
            surf.blit(c, (x, foot_y - chip // 2))
            text, px = f"+{pts}", max(7, int(size * 0.12))
            w, h = fonts().surface(text, px, theme.TEXT, bold=True).get_size()
            spot = pygame.Rect(x - w - 1, _foot_y(size, h) - h // 2, w, h)
            if spot.top >= above and spot.left >= 0:
                x = spot.x
                place(surf, fonts().render(text, px, theme.TEXT, bold=True), spot)
            x -= max(2, size // 25)
    if spec.vp:
        star = icons.vp_badge(max(6, int(size * 0.16)))
        surf.blit(star, star.get_rect(midright=(size - int(size * 0.06), foot_y)))
    if _undecided(spec):
        _either_colour(surf, size)


def _either_colour(surf, size: int) -> None:
    """The footer of a communication module on the board: blue or orange, the player's pick."""
    chip = max(6, int(size * 0.15))
    # Translators: between the two resources a variable tile offers, on the tile itself.
    word = fonts().render(_("or"), max(7, int(size * 0.12)), theme.TEXT_DIM, bold=True)
    gap = max(2, size // 30)
    x = size // 2 - (2 * chip + word.get_width() + 2 * gap) // 2
    y = _foot_y(size, word.get_height())
    first, second = SWITCH_COLOURS
    for item in (icons.colour_chip(first, chip), word, icons.colour_chip(second, chip)):
        place(surf, item, item.get_rect(midleft=(x, y)))
        x += item.get_width() + gap


@cached
def obstacle_tile(tile_id: str, size: int, resistance: int) -> pygame.Surface:
    """Rubble on Titan's crust behind hazard stripes, its remaining resistance as notches."""
    spec = load().tiles[tile_id]
    surf = art.image("tiles/obstacle", size).copy()
    pip = max(5, int(size * 0.15))
    gap = max(2, size // 30)
    x = size // 2 - (spec.max_stock * (pip + gap) - gap) // 2
    for i in range(spec.max_stock):
        notch = pygame.Rect(x + i * (pip + gap), size - pip - int(size * 0.07), pip, pip)
        pygame.draw.rect(surf, INK, notch.inflate(2, 2), border_radius=3)
        pygame.draw.rect(surf, NOTCH_ON if i < resistance else NOTCH_OFF, notch, border_radius=2)
    _number_badge(surf, icons.research_badge(int(size * 0.24)), f"+{OBSTACLE_RESEARCH}", (size // 2, int(size * 0.3)),
                  max(8, int(size * 0.18)))
    return surf


@cached
def experiment_tile(eid: str, size: int) -> pygame.Surface:
    """An experiment: its side (frame colour and mark), cost, research, effect and (year 3) VP."""
    spec = load().experiments[eid]
    surf = art.image(f"cards/experiment-{spec.side}", size).copy()
    cost = _cost_names(spec.cost)
    icon = max(6, min(int(size * 0.3), int(size * 0.68 / len(cost))))
    _icon_row(surf, cost, icon, size - int(size * 0.06), int(size * 0.07) + icon // 2, 1)
    _number_badge(surf, icons.research_badge(int(size * 0.28)), f"+{spec.research}",
                  (size // 2, int(size * 0.54)), max(8, int(size * 0.24)))
    foot = int(size * 0.83)
    if spec.effect:
        eff = icons.effect_icon(spec.effect, int(size * 0.26))
        surf.blit(eff, eff.get_rect(midleft=(int(size * 0.07), foot)))
    if spec.vp:
        star = icons.vp_badge(int(size * 0.24))
        surf.blit(star, star.get_rect(midright=(size - int(size * 0.07), foot)))
    return surf


@cached
def mission_card(mid: str, w: int, h: int) -> pygame.Surface:
    """A mission tile laid out as a row: its type letter, name and what it asks.
    The right end is kept free for the holder's marker or the science token. A card with no
    room under its name for a line of what it asks ends the name with an ellipsis: the
    tooltip gives the rest."""
    spec = load().missions[mid]
    surf = art.stretched(f"cards/mission-{spec.type}", w, h).copy()
    centre = (int(h * 0.36), h // 2)  # the badge printed in the frame
    draw_text(surf, spec.type, int(h * 0.34), INK, centre, "center", bold=True)
    x = int(h * 0.68)
    text_w = w - x - int(h * 0.62)
    title_size = max(9, int(h * 0.25))
    body_size = max(8, int(h * 0.2))
    lines = _lines_that_fit(mission_text(spec), body_size, text_w, h - fonts().height(title_size, True) - 1, most=2)
    block = fonts().height(title_size, True) + len(lines) * fonts().height(body_size)
    y = max(0, min((h - block) // 2 - h // 30, h - block - 1))  # a touch above the middle, on the card
    box = pygame.Rect(x, 0, text_w, h)
    name = fonts().fit(mission_name(spec) if lines else f"{mission_name(spec)} …", title_size, text_w, bold=True)
    draw_text(surf, name, title_size, theme.TEXT, (x, y), bold=True, box=box)
    y += fonts().height(title_size, True)
    for line in lines:
        draw_text(surf, line, body_size, theme.TEXT_DIM, (x, y), box=box)
        y += fonts().height(body_size)
    return surf


def _lines_that_fit(text: str, size: int, width: int, height: int, most: int) -> list[str]:
    """`text` wrapped to `width`, in as many lines (up to `most`) as `height` holds; a text cut
    short ends its last line with an ellipsis (the tooltip gives it whole)."""
    wrapped = fonts().wrap(text, size, width)
    room = max(0, min(most, height // fonts().height(size)))
    if len(wrapped) <= room:
        return wrapped
    if room == 0:
        return []
    return wrapped[:room - 1] + [fonts().fit(" ".join(wrapped[room - 1:]), size, width)]


@cached
def astronaut(char: int, size: int, work: int, awake: bool, symbol: bool) -> pygame.Surface:
    """An astronaut figurine with its work value on the badge; a resting one turns away.
    A figure too small for its value at a readable size gets a larger badge in its corner.
    With `symbol` (the Options' colour symbols), the player's marker shape sits on its
    shoulder, so figures of similar colours still tell apart."""
    fig = art.image(f"players/astronaut-{char}{'' if awake else '-resting'}", size).copy()
    text = str(work)
    label = fonts().surface(text, max(6, int(size * 0.31)), INK, bold=True)
    needed = max(label.get_size()) // 2 + 1
    centre = (round(size * BADGE_AT), round(size * BADGE_AT))  # the badge printed in the art
    if needed > size * BADGE_R:
        r = min(needed, size // 2)
        centre = (size - r, size - r)
        pygame.draw.circle(fig, BADGE, centre, r)
        pygame.draw.circle(fig, INK, centre, r, max(1, r // 6))
    draw_text(fig, text, max(6, int(size * 0.31)), INK, centre, "center", bold=True)
    if symbol:
        marker = icons.player_marker(char, max(5, int(size * 0.34)))
        fig.blit(marker, (0, 0))
    return fig


def mini_tile(tile_id: str, size: int) -> pygame.Surface:
    """A tile in a miniature base: the back of a module (its colour and symbol), or rubble."""
    spec = load().tiles[tile_id]
    return art.image("tiles/obstacle" if spec.kind == "obstacle" else f"tiles/back-{spec.colour}", size)
