"""The secondary board: the score track, the research track with its marks, and the
three missions with their holders and science tokens."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine import State
from ...engine.catalogue import MISSION_TYPES, load
from .. import art, icons, theme, tile_art
from ..fonts import draw_text, fonts
from ...controller.targets import MISSION, RESEARCH_TRACK, SCORE_TRACK, Target
from .view import View

SCORE_STEP = 10
MAX_LABELS = 12  # marks along the score track: a long track marks every 20, 50... points


@dataclass
class TracksFrame:
    state: State
    chars: tuple


class TracksView(View):
    def layout(self, inner: pygame.Rect, scale: float) -> None:
        """`inner` is the panel's area below its title. Each track is as tall as its words need:
        its title, the markers standing on the bar, the bar, and the marks' numbers under it."""
        self.place(inner, scale)
        sc = scale
        under = int(5 * sc) + fonts().height(theme.text_px(10, sc), True)
        self.score = pygame.Rect(inner.x, inner.y, inner.w, self._bar_top() + self._bar_h() + under)
        tokens = int(13 * sc)
        self.research = pygame.Rect(inner.x, self.score.bottom + int(4 * sc), inner.w,
                                    self._bar_top() + self._bar_h() + tokens + under)
        top = self.research.bottom + int(8 * sc)
        gap = int(6 * sc)
        missions = len(MISSION_TYPES)
        h = min(int(64 * sc), (inner.bottom - top - (missions - 1) * gap) // missions)
        self.missions = [pygame.Rect(inner.x, top + i * (h + gap), inner.w, h) for i in range(missions)]

    def draw(self, surface: pygame.Surface, f: TracksFrame) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)  # the tracks and missions stay in their panel (the text check sees they do)
        self._draw(surface, f)
        surface.set_clip(clip)

    def _draw(self, surface: pygame.Surface, f: TracksFrame) -> None:
        s = f.state
        length = score_length(s)
        step = SCORE_STEP * -(-length // (SCORE_STEP * MAX_LABELS))
        self._track(surface, self.score, "SCORE", s.scores, length, f.chars,
                    [(v, str(v)) for v in range(0, length + 1, step)])
        cat = load()
        # Each mark reached is one more token: a token under each, and the research it needs.
        marks = [(pos, str(pos)) for pos, _ in cat.research_marks]
        self._track(surface, self.research, "RESEARCH", [p.research for p in s.players], cat.research_cap,
                    f.chars, marks, tokens=True)
        for i, rect in enumerate(self.missions):
            if rect.h < theme.points(20):
                continue
            surface.blit(tile_art.mission_card(s.missions[i], rect.w, rect.h), rect)
            holder = s.holders[i]
            socket = (rect.right - int(rect.h * 0.28), rect.centery)  # printed at the card's right end
            if holder is None:
                token = icons.science_token(int(rect.h * 0.36))
            else:
                token = icons.player_marker(f.chars[holder], int(rect.h * 0.42))
            surface.blit(token, token.get_rect(center=socket))

    def _track(self, surface, rect: pygame.Rect, title: str, values: list[int], length: int, chars: tuple,
               labels: list, tokens: bool = False) -> None:
        sc = self.scale
        draw_text(surface, title, int(12 * sc), theme.TEXT_FAINT, rect.topleft, bold=True)
        bar = self._bar(rect)
        channel = bar.inflate(int(16 * sc), int(12 * sc))
        surface.blit(art.stretched(f"board/track-{'research' if tokens else 'score'}", channel.w, channel.h), channel)

        def x_of(v: int) -> int:
            return _x_of(bar, v, length)

        size = int(10 * sc)
        numbered = _spaced([(x_of(v), fonts().width(text, size, bold=True)) for v, text in labels], rect, int(4 * sc))
        for (v, text), at in zip(labels, numbered):
            x = x_of(v)
            pygame.draw.line(surface, theme.TEXT_FAINT, (x, bar.top), (x, bar.bottom), max(1, int(sc)))
            if at is None:
                continue
            if tokens:
                tok = icons.science_token(int(13 * sc))
                spot = tok.get_rect(midtop=(x, bar.bottom + int(5 * sc)))
                surface.blit(tok, spot)
                draw_text(surface, text, size, theme.TEXT_DIM, (at, spot.bottom), "midtop", bold=True)
            else:
                draw_text(surface, text, size, theme.TEXT_FAINT, (at, bar.bottom + int(5 * sc)), "midtop", bold=True)
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
    for k, ((_, w), at) in enumerate(zip(marks, placed)):
        is_end = k in (0, len(marks) - 1)
        if is_end or (at - w // 2 >= last_edge + gap and at + w // 2 + gap <= end_left):
            shown[k] = at
            last_edge = at + w // 2
    return shown


def _x_of(bar: pygame.Rect, value: int, length: int) -> int:
    """Where `value` stands on a track of `length`: a score below 0 stands at 0, one past the end at the end."""
    return bar.x + int(bar.w * max(0, min(value, length)) / length)
