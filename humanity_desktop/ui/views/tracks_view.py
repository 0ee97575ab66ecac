"""The secondary board: the score track, the research track with its marks, and the
three missions with their holders and science tokens."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine import State
from ...engine.catalogue import MISSION_TYPES, load
from ...language import _
from .. import art, icons, theme, tile_art
from ..fonts import draw_text, fonts
from ...table.targets import MISSION, RESEARCH_TRACK, SCORE_TRACK, Target
from ..widgets import panel_inner
from .view import View

SCORE_STEP = 10
MAX_LABELS = 12  # marks along the score track: a long track marks every 20, 50... points


@dataclass
class TracksFrame:
    state: State
    chars: tuple


class TracksView(View):
    @staticmethod
    def title_fits(panel: pygame.Rect, scale: float) -> bool:
        """Whether the panel has room for its title above the research track and the
        missions' names (else the title gives way: the tracks and missions name themselves)."""
        inner = panel_inner(panel, scale, "title")
        return inner.h >= TracksView().least_h(inner, scale)

    def least_h(self, inner: pygame.Rect, scale: float) -> int:
        """The research track and a line for each mission's name."""
        self.scale = scale
        missions = len(MISSION_TYPES)
        return (self._research_h(inner) + int(8 * scale) + missions * mission_least_h(scale)
                + (missions - 1) * int(6 * scale))

    def _research_h(self, inner: pygame.Rect) -> int:
        sc = self.scale
        label_h = fonts().height(label_px(sc), True)
        rows = self._label_rows(self._research_labels(), inner)
        return self._bar_top() + self._bar_h() + int(13 * sc) + int(5 * sc) + rows * label_h

    def layout(self, inner: pygame.Rect, scale: float) -> None:
        """`inner` is the panel's area below its title. Each track is as tall as its words need:
        its title, the markers standing on the bar, the bar, and the marks' numbers under it
        (in two staggered rows where one row cannot hold them all). The missions take the
        rest; where it cannot hold each mission's name, the score track gives way (the cards
        give every seat's points too)."""
        self.place(inner, scale)
        sc = scale
        label_h = fonts().height(label_px(sc), True)
        under = int(5 * sc) + label_h
        score_h = self._bar_top() + self._bar_h() + under
        self.research_rows = self._label_rows(self._research_labels(), inner)
        research_h = self._research_h(inner)
        gap = int(6 * sc)
        missions = len(MISSION_TYPES)
        score_h = score_h if score_h + int(4 * sc) + self.least_h(inner, sc) <= inner.h else 0
        self.score = pygame.Rect(inner.x, inner.y, inner.w, score_h)
        self.research = pygame.Rect(inner.x, self.score.bottom + (int(4 * sc) if score_h else 0), inner.w, research_h)
        top = self.research.bottom + int(8 * sc)
        h = min(int(64 * sc), (inner.bottom - top - (missions - 1) * gap) // missions)
        if h >= mission_least_h(sc):
            self.missions = [pygame.Rect(inner.x, top + i * (h + gap), inner.w, h) for i in range(missions)]
        else:  # no room for them one under another: side by side, their names cut (the tooltips give them)
            w = (inner.w - (missions - 1) * gap) // missions
            h = max(0, min(mission_least_h(sc), inner.bottom - top))
            self.missions = [pygame.Rect(inner.x + i * (w + gap), top, w, h) for i in range(missions)]

    @staticmethod
    def _research_labels() -> list[tuple[int, str]]:
        return [(pos, str(pos)) for pos, _tokens in load().research_marks]

    def _label_rows(self, labels: list[tuple[int, str]], rect: pygame.Rect) -> int:
        """1 if every mark's number fits in one row under the bar, else 2 (staggered)."""
        bar = self._bar(rect)
        size, gap = label_px(self.scale), int(4 * self.scale)
        marks = [(_x_of(bar, v, load().research_cap), fonts().width(t, size, bold=True)) for v, t in labels]
        return 1 if None not in _spaced(marks, rect, gap) else 2

    def draw(self, surface: pygame.Surface, f: TracksFrame) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)  # the tracks and missions stay in their panel (the text check sees they do)
        self._draw(surface, f)
        surface.set_clip(clip)

    def _draw(self, surface: pygame.Surface, f: TracksFrame) -> None:
        s = f.state
        length = score_length(s)
        step = SCORE_STEP * -(-length // (SCORE_STEP * MAX_LABELS))
        if self.score.h:
            self._track(surface, self.score, _("SCORE"), s.scores, length, f.chars,
                        [(v, str(v)) for v in range(0, length + 1, step)])
        # Each mark reached is one more token: a token under each, and the research it needs.
        self._track(surface, self.research, _("RESEARCH"), [p.research for p in s.players], load().research_cap,
                    f.chars, self._research_labels(), tokens=True, rows=self.research_rows)
        for i, rect in enumerate(self.missions):
            surface.blit(tile_art.mission_card(s.missions[i], rect.w, rect.h), rect)
            holder = s.holders[i]
            socket = (rect.right - int(rect.h * 0.28), rect.centery)  # printed at the card's right end
            if holder is None:
                token = icons.science_token(int(rect.h * 0.36))
            else:
                token = icons.player_marker(f.chars[holder], int(rect.h * 0.42))
            surface.blit(token, token.get_rect(center=socket))

    def _track(self, surface, rect: pygame.Rect, title: str, values: list[int], length: int, chars: tuple,
               labels: list, tokens: bool = False, rows: int = 1) -> None:
        sc = self.scale
        draw_text(surface, title, int(12 * sc), theme.TEXT_FAINT, rect.topleft, bold=True)
        bar = self._bar(rect)
        channel = bar.inflate(int(16 * sc), int(12 * sc))
        surface.blit(art.stretched(f"board/track-{'research' if tokens else 'score'}", channel.w, channel.h), channel)

        def x_of(v: int) -> int:
            return _x_of(bar, v, length)

        size = label_px(sc)
        line = fonts().height(size, True)
        numbered: list[int | None] = [None] * len(labels)
        for row in range(rows):  # staggered rows: every other mark's number in each
            ours = list(range(row, len(labels), rows))
            placed = _spaced([(x_of(labels[k][0]), fonts().width(labels[k][1], size, bold=True)) for k in ours],
                             rect, int(4 * sc))
            for k, at in zip(ours, placed):
                numbered[k] = at
        for k, ((v, text), at) in enumerate(zip(labels, numbered)):
            x = x_of(v)
            pygame.draw.line(surface, theme.TEXT_FAINT, (x, bar.top), (x, bar.bottom), max(1, int(sc)))
            below = bar.bottom + int(5 * sc)
            if tokens:
                tok = icons.science_token(int(13 * sc))
                spot = tok.get_rect(midtop=(x, below))
                surface.blit(tok, spot)
                below = spot.bottom
            if at is not None:
                colour = theme.TEXT_DIM if tokens else theme.TEXT_FAINT
                draw_text(surface, text, size, colour, (at, below + (k % rows) * line), "midtop", bold=True)
        seen: dict[int, int] = {}
        size = int(16 * sc)
        for seat, v in enumerate(values):
            k = seen.get(v, 0)
            seen[v] = k + 1
            marker = icons.player_marker(chars[seat], size)
            surface.blit(marker, marker.get_rect(midbottom=(x_of(v) + k * size * 3 // 4, bar.top - int(3 * sc))))

    def _bar(self, rect: pygame.Rect) -> pygame.Rect:
        """A track's bar inside its area; the markers stand on it."""
        sc = self.scale
        return pygame.Rect(rect.x + int(8 * sc), rect.y + self._bar_top(), rect.w - int(16 * sc), self._bar_h())

    def _bar_top(self) -> int:
        """How far a track's bar lies below its area's top: its title, then the markers on it."""
        sc = self.scale
        return fonts().height(theme.text_px(12, sc), True) + int(19 * sc)

    def _bar_h(self) -> int:
        return max(4, int(8 * self.scale))

    def score_point(self, state: State, seat: int) -> tuple[int, int]:
        """Just above the seat's marker on the score track."""
        bar = self._bar(self.score)
        return _x_of(bar, state.scores[seat], score_length(state)), bar.top - int(12 * self.scale)

    def research_point(self, state: State, seat: int) -> tuple[int, int]:
        """Just above the seat's marker on the research track."""
        bar = self._bar(self.research)
        return _x_of(bar, state.players[seat].research, load().research_cap), bar.top - int(12 * self.scale)

    def hit(self, pos) -> Target | None:
        for i, rect in enumerate(self.missions):
            if rect.collidepoint(pos):
                return Target(MISSION, None, i)
        if self.score.collidepoint(pos):
            return Target(SCORE_TRACK)
        if self.research.collidepoint(pos):
            return Target(RESEARCH_TRACK)
        return None


def label_px(sc: float) -> int:
    return int(10 * sc)


def mission_least_h(sc: float) -> int:
    """The least height of a mission's card: its name on one line."""
    return fonts().height(theme.text_px(9, sc), True) + int(8 * sc)


def score_length(state: State) -> int:
    """Where the score track ends: the next ten past the best score, at least 40."""
    return max(40, (max(state.scores) // SCORE_STEP + 1) * SCORE_STEP)


def _spaced(marks: list[tuple[int, int]], rect: pygame.Rect, gap: int) -> list[int | None]:
    """Where each mark's number is centred, given (x, width) for each: kept inside `rect`, and
    None for one that would touch a neighbour's (the first and the last are always shown)."""
    placed = [max(rect.x + w // 2 + 1, min(x, rect.right - w // 2 - 1)) for x, w in marks]
    shown: list[int | None] = [None] * len(marks)
    last_edge = -10**9
    end_left = placed[-1] - marks[-1][1] // 2 if marks else 0
    for k, ((_label, w), at) in enumerate(zip(marks, placed)):
        is_end = k in (0, len(marks) - 1)
        if is_end or (at - w // 2 >= last_edge + gap and at + w // 2 + gap <= end_left):
            shown[k] = at
            last_edge = at + w // 2
    return shown


def _x_of(bar: pygame.Rect, value: int, length: int) -> int:
    """Where `value` stands on a track of `length`: a score below 0 stands at 0, one past the end at the end."""
    return bar.x + int(bar.w * max(0, min(value, length)) / length)
