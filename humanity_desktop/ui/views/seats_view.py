"""The players around the table: one card each with score, research, science tokens (for
their owner's eyes only), astronauts with their work values, experiments by side, and a
miniature of the base that enlarges under the pointer."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine import State
from ...engine.catalogue import SIDES, load
from ...engine.state import BOARD, EXHAUSTED, RETURNING
from .. import icons, theme, tile_art
from ..fonts import draw_text, fonts
from ..layout import seat_card_rects
from ...controller.targets import MINI_BASE, SCIENCE, SEAT, Target, astronaut_kind
from .base_view import draw_mini_base

# Beside an astronaut that is not ready in its base: resting after acting, or coming home
# (one beside the board shows how many spots past the arm it waits). The card's tooltip says so.
NOTES = {EXHAUSTED: "z", RETURNING: "⌂"}
DOT_RATE = 3  # steps a second of the dots after a thinking bot's THINKING
MOST_DOTS = 3


def thinking_dots(clock: float) -> int:
    """How many dots (1 to MOST_DOTS) follow THINKING at `clock` seconds."""
    return 1 + int(clock * DOT_RATE) % MOST_DOTS


def next_dot_step(clock: float) -> float:
    """Seconds from `clock` until the thinking dots change."""
    return (1 - (clock * DOT_RATE) % 1) / DOT_RATE


def who_plays(seat) -> tuple[str, ...]:
    """How a seat's card names who plays it, longest first: where "bot · careful" does not fit
    the level alone does (only bots have one), so Casual and Careful never both read "ca…"."""
    return (f"bot · {seat.level}", seat.level) if seat.is_bot else ("human",)


@dataclass
class SeatsFrame:
    state: State
    chars: tuple
    names: tuple
    labels: tuple  # per seat, who_plays(seat)
    science_visible: tuple  # per seat: may the person at the screen see these tokens?
    turn: int | None = None  # the seat whose card is lit: whose turn it is on screen
    thinking: int | None = None  # the bot seat thinking now
    clock: float = 0.0  # seconds, for the thinking dots
    symbols: bool = True  # figures carry their player's symbol (the option)


class SeatsView:
    def __init__(self) -> None:
        self.cards: list[pygame.Rect] = []
        self.scale = 1.0

    def layout(self, rect: pygame.Rect, scale: float, players: int) -> None:
        self.scale = scale
        self.cards = seat_card_rects(rect, players, scale)

    def mini_rect(self, seat: int) -> pygame.Rect:
        card = self.cards[seat]
        side = card.h - int(16 * self.scale)
        return pygame.Rect(card.right - side - int(8 * self.scale), card.y + int(8 * self.scale), side, side)

    def _astro_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        sc = self.scale
        size = int(30 * sc)
        card = self.cards[seat]
        y = card.bottom - size - int(8 * sc)
        return [pygame.Rect(card.x + int(12 * sc) + i * (size + int(34 * sc)), y, size, size) for i in range(count)]

    def home_point(self, seat: int) -> tuple[int, int]:
        return self._astro_rects(seat, 1)[0].center

    def draw(self, surface: pygame.Surface, f: SeatsFrame) -> None:
        clip = surface.get_clip()
        for seat, card in enumerate(self.cards):
            surface.set_clip(card)  # what a card holds stays on it (and the text check sees it does)
            self._draw_card(surface, f, seat, card, f.turn == seat)
        surface.set_clip(clip)

    def _draw_card(self, surface: pygame.Surface, f: SeatsFrame, seat: int, card: pygame.Rect, current: bool) -> None:
        sc = self.scale
        s = f.state
        player = s.players[seat]
        radius = max(4, int(10 * sc))
        pygame.draw.rect(surface, theme.PANEL_HI if current else theme.PANEL, card, border_radius=radius)
        edge = theme.ACCENT if current else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, card, max(1, int((3 if current else 1) * sc)), border_radius=radius)
        char = f.chars[seat]
        x, y = card.x + int(12 * sc), card.y + int(10 * sc)
        marker = icons.player_marker(char, int(22 * sc))
        surface.blit(marker, (x, y))
        if s.patch == seat:  # the first-player patch, pinned to the marker
            patch = icons.patch_token(int(16 * sc))
            surface.blit(patch, patch.get_rect(center=(x + int(21 * sc), y + int(20 * sc))))
        name_h = fonts().height(int(17 * sc), bold=True)
        mini = self.mini_rect(seat)
        pygame.draw.rect(surface, theme.INSET, mini, border_radius=max(3, int(6 * sc)))
        draw_mini_base(surface, mini.inflate(-int(6 * sc), -int(6 * sc)), s, seat, char)
        right = mini.x - int(12 * sc)
        vp = draw_text(surface, str(player.score), int(28 * sc), theme.TEXT, (right, card.y + int(4 * sc)), "topright", bold=True)
        vp_label = draw_text(surface, "VP", int(11 * sc), theme.TEXT_DIM, (vp.x - int(4 * sc), vp.bottom - int(6 * sc)),
                             "bottomright", bold=True)
        self._draw_name(surface, f, seat, (x + int(30 * sc), y - int(1 * sc)), vp_label.x - int(8 * sc))
        stats_y = vp.bottom + int(8 * sc)
        self._stat(surface, icons.research_badge(int(18 * sc)), str(player.research), (right, stats_y), sc)
        science = str(player.science) if f.science_visible[seat] else "?"
        tokens = self._stat(surface, icons.science_token(int(18 * sc)), science, (right - int(52 * sc), stats_y), sc)
        self._draw_status(surface, f, seat, (x + int(30 * sc), y + name_h), tokens.x - int(8 * sc))
        self._draw_astronauts(surface, f, seat)
        self._draw_experiment_counts(surface, player, (right, card.bottom - int(23 * sc)))

    def _draw_name(self, surface: pygame.Surface, f: SeatsFrame, seat: int, topleft: tuple, right: int) -> None:
        """The seat's name, then who plays it, in the room left of its points; who plays it
        gives way first (the card's tooltip says it too)."""
        sc = self.scale
        room = right - topleft[0]
        name = draw_text(surface, fonts().fit(f.names[seat], int(17 * sc), room, bold=True), int(17 * sc), theme.TEXT,
                         topleft, bold=True)
        left = right - name.right - int(8 * sc)
        size = int(12 * sc)
        label = next((text for text in f.labels[seat] if fonts().width(text, size) <= left),
                     fonts().fit(f.labels[seat][-1], size, left))
        if left > 0 and label != "…":
            draw_text(surface, label, size, theme.TEXT_DIM, (name.right + int(8 * sc), name.centery), "midleft")

    def _draw_status(self, surface: pygame.Surface, f: SeatsFrame, seat: int, topleft: tuple, right: int) -> None:
        """FIRST PLAYER and THINKING, in the room left of the seat's tokens; the first player's
        words give way first (the patch on the marker says it too). The room is judged with
        all three dots, so the words do not come and go as the dots step."""
        status = ["FIRST PLAYER"] if f.state.patch == seat else []
        if f.thinking == seat:
            status.append("THINKING")
        if not status:
            return
        size, room = int(10 * self.scale), right - topleft[0]
        widest = "." * MOST_DOTS if f.thinking == seat else ""
        text = next((t for t in (" · ".join(status), status[-1]) if fonts().width(t + widest, size, bold=True) <= room),
                    status[-1])
        dots = "." * thinking_dots(f.clock) if f.thinking == seat else ""
        draw_text(surface, fonts().fit(text + dots, size, room, bold=True), size, theme.ACCENT, topleft, bold=True)

    @staticmethod
    def _stat(surface, icon: pygame.Surface, text: str, topright: tuple, sc: float) -> pygame.Rect:
        """Draws a token's count with its icon before it; the area they cover."""
        label = draw_text(surface, text, int(15 * sc), theme.TEXT, topright, "topright", bold=True)
        place = icon.get_rect(midright=(label.x - int(4 * sc), label.centery))
        surface.blit(icon, place)
        return label.union(place)

    def _draw_astronauts(self, surface: pygame.Surface, f: SeatsFrame, seat: int) -> None:
        sc = self.scale
        s = f.state
        astros = s.players[seat].astros
        for (work, where, pos), rect in zip(astros, self._astro_rects(seat, len(astros))):
            surface.blit(tile_art.astronaut(f.chars[seat], rect.w, work, where != EXHAUSTED, f.symbols), rect)
            note = NOTES.get(where)
            if where == BOARD:
                note = f"+{s.distance(pos)}"
            if note:
                draw_text(surface, note, theme.text_px(11, sc), theme.TEXT_DIM,
                          (rect.right + int(1 * sc), rect.bottom), "bottomleft")

    def _draw_experiment_counts(self, surface: pygame.Surface, player, midright: tuple) -> None:
        sc = self.scale
        cat = load()
        x = midright[0]
        for side in reversed(SIDES):
            count = sum(1 for e in player.experiments if cat.experiments[e].side == side)
            label = draw_text(surface, str(count), int(14 * sc), theme.TEXT, (x, midright[1]), "midright", bold=True)
            mark = icons.side_mark(side, int(14 * sc))
            surface.blit(mark, mark.get_rect(midright=(label.x - int(3 * sc), midright[1])))
            x = label.x - mark.get_width() - int(12 * sc)

    def hit(self, pos, state: State) -> Target | None:
        for seat, card in enumerate(self.cards):
            if not card.collidepoint(pos):
                continue
            if self.mini_rect(seat).collidepoint(pos):
                return Target(MINI_BASE, seat)
            astros = state.players[seat].astros
            for i, rect in enumerate(self._astro_rects(seat, len(astros))):
                if rect.collidepoint(pos):
                    return Target(astronaut_kind(astros[i][1]), seat, i)
            sc = self.scale
            science = pygame.Rect(0, 0, int(60 * sc), int(24 * sc))
            science.topright = (self.mini_rect(seat).x - int(60 * sc), card.y + int(36 * sc))
            if science.collidepoint(pos):
                return Target(SCIENCE, seat)
            return Target(SEAT, seat)
        return None
