"""The players around the table: one card each with score, research, science tokens (for
their owner's eyes only), astronauts with their work values, experiments by side, and a
miniature of the base that enlarges under the pointer."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...language import _

from ...controller import level_name
from ...engine import State
from ...engine.catalogue import SIDES, load
from ...engine.state import BOARD, EXHAUSTED, RETURNING
from .. import icons, theme, tile_art
from ..drawn import Fact, place
from ..fonts import draw_text, fonts
from ...table.targets import MINI_BASE, SCIENCE, SEAT, Target, astronaut_kind
from .base_view import draw_mini_base

# Beside an astronaut that is not ready in its base: resting after acting, or coming home
# (one beside the board shows how many spots past the arm it waits). The card's tooltip says so.
NOTES = {EXHAUSTED: "z", RETURNING: "⌂"}
DOT_RATE = 3  # steps a second of the dots after a thinking bot's THINKING
MOST_DOTS = 3
# The card's measures in design pixels: its padding, the miniature's largest side, the room
# between the research and science counts.
PAD_TOP, PAD_BOTTOM, ROW_GAP, MINI, STAT_GAP = 6, 7, 4, 82, 12


def score_px(sc: float) -> int:
    return int(28 * sc)


def name_px(sc: float) -> int:
    return int(17 * sc)


def stat_px(sc: float) -> int:
    return int(15 * sc)


def stat_icon_px(sc: float) -> int:
    return theme.icon_px(18, sc)


def work_px(sc: float) -> int:
    return theme.text_px(11, sc)


def figure_px(sc: float) -> int:
    """A figure on a card: never so small that its work value's badge hides the figure."""
    return max(int(30 * sc), fonts().height(work_px(sc), True) * 3 // 2)


def slot_room(sc: float) -> int:
    """The room after a figure for its note ("+6")."""
    return fonts().width("+8", work_px(sc)) + int(8 * sc)


def seat_card_rects(area: pygame.Rect, players: int, scale: float) -> list[pygame.Rect]:
    gap = int(8 * scale)
    h = (area.h - gap * (players - 1)) // players
    return [pygame.Rect(area.x, area.y + i * (h + gap), area.w, h) for i in range(players)]


def thinking_dots(clock: float) -> int:
    """How many dots (1 to MOST_DOTS) follow THINKING at `clock` seconds."""
    return 1 + int(clock * DOT_RATE) % MOST_DOTS


def next_dot_step(clock: float) -> float:
    """Seconds from `clock` until the thinking dots change."""
    return (1 - (clock * DOT_RATE) % 1) / DOT_RATE


def who_plays(seat) -> tuple[str, ...]:
    """How a seat's card names who plays it, longest first: where "bot · careful" does not fit
    the level alone does (only bots have one), so Casual and Careful never both read "ca…"."""
    if not seat.is_bot:
        return (_("human"),)
    level = level_name(seat.level)
    return _("bot · {level}").format(level=level), level


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


@dataclass(frozen=True)
class CardPlan:
    """Where a card's parts go, from the card's top left, for its size and the text size.

    Wide cards hold the miniature of the base at their right, the full height. On a card
    too narrow for the astronauts and the experiments beside it, the miniature shrinks into
    the first row's corner, and when the foot still cannot hold both the experiments move
    up beside the tokens."""

    mini: pygame.Rect
    right: int  # where the points and tokens end
    stats_y: int
    foot_y: int  # the figures' top
    counts_up: bool  # the experiments beside the tokens, not at the foot

    @staticmethod
    def of(size: tuple[int, int], sc: float) -> CardPlan:
        w, h = size
        f = fonts()
        pad, gap = int(12 * sc), int(8 * sc)
        top = int(PAD_TOP * sc)
        score_h = f.height(score_px(sc), True)
        stats_y = top + score_h + int(2 * sc)
        foot_y = h - figure_px(sc) - int(PAD_BOTTOM * sc)
        foot = 3 * (figure_px(sc) + slot_room(sc)) + counts_width(sc)
        side = min(h - int(16 * sc), int(MINI * sc))
        if pad + foot + gap <= w - side - int(8 * sc) - pad:
            mini = pygame.Rect(w - side - int(8 * sc), (h - side) // 2, side, side)
            return CardPlan(mini, mini.x - pad, stats_y, foot_y, False)
        small = score_h - int(2 * sc)
        mini = pygame.Rect(w - small - gap, top, small, small)
        return CardPlan(mini, w - pad, stats_y, foot_y, pad + foot + gap > w - pad)


def counts_width(sc: float) -> int:
    """The experiments by side: each side's mark and count, with room between them."""
    one = theme.icon_px(14, sc) + int(3 * sc) + fonts().width("8", stat_px(sc), True)
    return 3 * one + 2 * int(10 * sc)


def card_height(sc: float, width: int) -> int:
    """A card's least height for its three rows at scale `sc` and the text size in force."""
    f = fonts()
    rows = (f.height(score_px(sc), True) + int(2 * sc) + f.height(stat_px(sc), True)
            + int(ROW_GAP * sc) + max(figure_px(sc), f.height(stat_px(sc), True)))
    return rows + int((PAD_TOP + PAD_BOTTOM) * sc)


class SeatsView:
    def __init__(self) -> None:
        self.cards: list[pygame.Rect] = []
        self.scale = 1.0
        self.plan = CardPlan(pygame.Rect(0, 0, 0, 0), 0, 0, 0, False)
        self._science: dict[int, pygame.Rect] = {}  # where each seat's science count was last drawn

    def layout(self, rect: pygame.Rect, scale: float, players: int) -> None:
        self.scale = scale
        self.cards = seat_card_rects(rect, players, scale)
        self.plan = CardPlan.of(self.cards[0].size, scale)

    def mini_rect(self, seat: int) -> pygame.Rect:
        return self.plan.mini.move(self.cards[seat].topleft)

    def _astro_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """The astronauts' figures along the card's foot, each followed by room for its note
        (resting, coming home, or how far past the arm it waits)."""
        sc = self.scale
        card = self.cards[seat]
        size = figure_px(sc)
        step = size + slot_room(sc)
        return [pygame.Rect(card.x + int(12 * sc) + i * step, card.y + self.plan.foot_y, size, size)
                for i in range(count)]

    def home_point(self, seat: int) -> tuple[int, int]:
        return self._astro_rects(seat, 1)[0].center

    def draw(self, surface: pygame.Surface, f: SeatsFrame) -> None:
        clip = surface.get_clip()
        for seat, card in enumerate(self.cards):
            surface.set_clip(card)  # what a card holds stays on it (and the text check sees it does)
            self._draw_card(surface, f, seat, card, f.turn == seat)
        surface.set_clip(clip)

    def _draw_card(self, surface: pygame.Surface, f: SeatsFrame, seat: int, card: pygame.Rect, current: bool) -> None:
        """Three rows, as the card's plan lays them out: the name and points; who is first or
        thinking, and the research and science tokens; the astronauts and the experiments."""
        sc = self.scale
        s = f.state
        plan = self.plan
        player = s.players[seat]
        radius = max(4, int(10 * sc))
        pygame.draw.rect(surface, theme.PANEL_HI if current else theme.PANEL, card, border_radius=radius)
        edge = theme.ACCENT if current else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, card, max(1, int((3 if current else 1) * sc)), border_radius=radius)
        char = f.chars[seat]
        x, y = card.x + int(12 * sc), card.y + int(PAD_TOP * sc)
        mini = self.mini_rect(seat)
        pygame.draw.rect(surface, theme.INSET, mini, border_radius=max(3, int(6 * sc)))
        draw_mini_base(surface, mini.inflate(-max(2, int(6 * sc)), -max(2, int(6 * sc))), s, seat, char)
        right = card.x + plan.right
        score_right = min(right, mini.x - int(8 * sc))
        vp = draw_text(surface, str(player.score), score_px(sc), theme.TEXT, (score_right, y), "topright", bold=True,
                       fact=Fact("score", seat))
        vp_label = draw_text(surface, _("VP"), int(11 * sc), theme.TEXT_DIM, (vp.x - int(4 * sc), vp.bottom - int(6 * sc)),
                             "bottomright", bold=True)
        name_h = fonts().height(name_px(sc), bold=True)
        marker = icons.player_marker(char, min(int(22 * sc), name_h))
        surface.blit(marker, marker.get_rect(midleft=(x, y + name_h // 2)))
        if s.patch == seat:  # the first-player patch, pinned to the marker
            patch = icons.patch_token(int(16 * sc))
            surface.blit(patch, patch.get_rect(center=(x + int(21 * sc), y + int(20 * sc))))
        text_x = x + marker.get_width() + int(8 * sc)
        self._draw_name(surface, f, seat, (text_x, y), vp_label.x - int(8 * sc))
        stats_y = card.y + plan.stats_y
        research = self._stat(surface, icons.research_badge(stat_icon_px(sc)), str(player.research), (right, stats_y),
                              sc, Fact("research", seat))
        science = str(player.science) if f.science_visible[seat] else "?"
        tokens = self._stat(surface, icons.science_token(stat_icon_px(sc)), science,
                            (research.x - int(STAT_GAP * sc), stats_y), sc, Fact("science", seat))
        self._science[seat] = tokens
        astros = self._astro_rects(seat, len(player.astros))
        stat_h = fonts().height(stat_px(sc), True)
        if plan.counts_up:
            counts = self._draw_experiment_counts(surface, seat, player, (tokens.x - int(STAT_GAP * sc),
                                                                           stats_y + stat_h // 2))
            status_right, foot_right = counts.x, right
        else:
            counts = self._draw_experiment_counts(surface, seat, player, (right, astros[0].centery))
            status_right, foot_right = tokens.x, counts.x
        self._draw_status(surface, f, seat, (text_x, max(y + name_h, stats_y)), status_right - int(8 * sc))
        self._draw_astronauts(surface, f, seat, astros, foot_right - int(6 * sc))

    def _draw_name(self, surface: pygame.Surface, f: SeatsFrame, seat: int, topleft: tuple, right: int) -> None:
        """The seat's name, then who plays it, in the room left of its points; who plays it
        gives way first (the card's tooltip says it too)."""
        sc = self.scale
        room = right - topleft[0]
        size = name_px(sc)
        name = draw_text(surface, fonts().fit(f.names[seat], size, room, bold=True), size, theme.TEXT, topleft, bold=True)
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
        status = [_("FIRST PLAYER")] if f.state.patch == seat else []
        if f.thinking == seat:
            status.append("THINKING")
        if not status:
            return
        size, room = int(10 * self.scale), right - topleft[0]
        widest = "." * MOST_DOTS if f.thinking == seat else ""
        text = next((t for t in (" · ".join(status), status[-1]) if fonts().width(t + widest, size, bold=True) <= room),
                    None)
        if text is None:
            return  # no room at this text size: the patch on the marker and the card's tooltip say it
        dots = "." * thinking_dots(f.clock) if f.thinking == seat else ""
        draw_text(surface, text + dots, size, theme.ACCENT, topleft, bold=True)

    @staticmethod
    def _stat(surface, icon: pygame.Surface, text: str, topright: tuple, sc: float, fact: Fact) -> pygame.Rect:
        """Draws a token's count with its icon before it; the area they cover."""
        label = draw_text(surface, text, stat_px(sc), theme.TEXT, topright, "topright", bold=True, fact=fact)
        place = icon.get_rect(midright=(label.x - int(4 * sc), label.centery))
        surface.blit(icon, place)
        return label.union(place)

    def _draw_astronauts(self, surface: pygame.Surface, f: SeatsFrame, seat: int, rects: list[pygame.Rect],
                         right: int) -> None:
        """Each figure with its work value, and its note after it; a note that would run into
        the experiments is left to the card's tooltip."""
        sc = self.scale
        s = f.state
        size = work_px(sc)
        for i, ((work, where, pos), rect) in enumerate(zip(s.players[seat].astros, rects)):
            place(surface, tile_art.astronaut(f.chars[seat], rect.w, work, where != EXHAUSTED, f.symbols), rect,
                  fact=Fact("astronaut_work", seat, i))
            note = f"+{s.distance(pos)}" if where == BOARD else NOTES.get(where)
            if note and rect.right + 1 + fonts().width(note, size) <= right:
                draw_text(surface, note, size, theme.TEXT_DIM, (rect.right + 1, rect.bottom), "bottomleft",
                          fact=Fact("distance", seat, i) if where == BOARD else None)

    def _draw_experiment_counts(self, surface: pygame.Surface, seat: int, player, midright: tuple) -> pygame.Rect:
        """The experiments carried out, by side, ending at `midright`; the area they cover."""
        sc = self.scale
        cat = load()
        x = midright[0]
        area = pygame.Rect(midright, (0, 0))
        for side in reversed(SIDES):
            count = sum(1 for e in player.experiments if cat.experiments[e].side == side)
            label = draw_text(surface, str(count), stat_px(sc), theme.TEXT, (x, midright[1]), "midright", bold=True,
                              fact=Fact("experiments", seat, side))
            mark = icons.side_mark(side, theme.icon_px(14, sc))
            area.union_ip(label.union(surface.blit(mark, mark.get_rect(midright=(label.x - int(3 * sc), midright[1])))))
            x = area.x - int(10 * sc)
        return area

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
            if self._science.get(seat, pygame.Rect(0, 0, 0, 0)).collidepoint(pos):
                return Target(SCIENCE, seat)
            return Target(SEAT, seat)
        return None
