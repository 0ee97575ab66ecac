"""Results: the ranking, where each player's points came from, and the score over the game."""
from __future__ import annotations

import pygame

from ...controller import GameOver, Match
from ...controller.calendar import Calendar, calendar
from ...controller.describe import LEDGER_LABELS
from ...engine.state import LEDGER_SOURCES, OPTIONAL_SOURCES
from .. import icons, theme
from ..backdrop import backdrop
from ..fonts import draw_text, fonts
from ..input import Back, Click, Point
from ..scene import Scene
from ..widgets import Button, draw_panel, hovered
from . import routes

PLACE_NAMES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
YEAR_BAND = (32, 31, 42)  # every other year's stretch of the score chart


@routes.screen(routes.RESULTS)
class ResultsScene(Scene):
    def __init__(self, app, match: Match, over: GameOver) -> None:
        super().__init__(app)
        self.match = match
        self.names = match.names
        self.chars = [seat.character for seat in match.seats]
        self.labels = [f"bot · {s.level}" if s.is_bot else "human" for s in match.seats]
        self.ledgers = [dict(p.ledger) for p in match.state.players]
        self.scores = list(over.scores)
        self.ranking = list(over.ranking)
        self.places = list(over.places)
        self.history = list(match.history)
        self.calendar = calendar(match)
        self.pointer = (0, 0)
        self.buttons = [Button("New game", self._new_game, style="primary"),
                        Button("Main menu", self._title, style="quiet")]

    def _new_game(self) -> None:
        self._title()
        self.app.stack.push(routes.make(routes.NEW_GAME, self.app))

    def _title(self) -> None:
        """Leave the results, and the finished game's final board under them."""
        table = next((s for s in self.app.stack if s is not self and getattr(s, "match", None) is self.match), self)
        self.app.stack.remove(table)

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        m = int(30 * sc)
        self.panel = pygame.Rect(m, m, size[0] - 2 * m, size[1] - 2 * m)
        bh = int(46 * sc)
        y = self.panel.bottom - bh - int(18 * sc)
        self.buttons[0].rect = pygame.Rect(self.panel.right - int(24 * sc) - int(200 * sc), y, int(200 * sc), bh)
        self.buttons[1].rect = pygame.Rect(self.buttons[0].rect.x - int(180 * sc), y, int(170 * sc), bh)

    def handle(self, intent) -> bool:
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Click):
            for b in self.buttons:
                b.click(intent.pos)
        elif isinstance(intent, Back):
            self._title()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        surface.blit(backdrop(surface.get_size()), (0, 0))
        inner = draw_panel(surface, self.panel, sc, "Results", fill=(26, 25, 34), edge=theme.ACCENT_DARK)
        left_w = int(inner.w * 0.46)
        y = self._draw_ranking(surface, pygame.Rect(inner.x, inner.y, left_w, inner.h))
        self._draw_breakdown(surface, pygame.Rect(inner.x, y + int(18 * sc), left_w, inner.bottom - y))
        chart = pygame.Rect(inner.x + left_w + int(30 * sc), inner.y, inner.w - left_w - int(30 * sc),
                            self.buttons[0].rect.top - inner.y - int(20 * sc))
        self._draw_chart(surface, chart)
        over = hovered(self.buttons, self.pointer)
        for b in self.buttons:
            b.draw(surface, sc, b is over)

    def _draw_ranking(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        sc = self.app.scale
        y = area.y
        winner = self.ranking[0]
        draw_text(surface, f"{self.names[winner]} wins!", int(34 * sc), theme.ACCENT, (area.x, y), bold=True)
        y += int(52 * sc)
        for seat in self.ranking:
            row_h = int(38 * sc)
            draw_text(surface, PLACE_NAMES[self.places[seat]], int(20 * sc), theme.TEXT, (area.x, y + row_h // 2),
                      "midleft", bold=True)
            marker = icons.player_marker(self.chars[seat], int(26 * sc))
            surface.blit(marker, marker.get_rect(midleft=(area.x + int(60 * sc), y + row_h // 2)))
            name = draw_text(surface, self.names[seat], int(20 * sc), theme.TEXT, (area.x + int(96 * sc), y + row_h // 2),
                             "midleft", bold=True)
            draw_text(surface, self.labels[seat], int(13 * sc), theme.TEXT_DIM, (name.right + int(10 * sc), name.centery), "midleft")
            draw_text(surface, f"{self.scores[seat]} VP", int(22 * sc), theme.TEXT, (area.right, y + row_h // 2), "midright", bold=True)
            y += row_h
        return y

    def _draw_breakdown(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        sc = self.app.scale
        draw_text(surface, "WHERE THE POINTS CAME FROM", int(13 * sc), theme.TEXT_FAINT, area.topleft, bold=True)
        n = len(self.names)
        label_w = int(area.w * 0.42)
        col_w = (area.w - label_w) // n
        y = area.y + int(24 * sc)
        for seat in range(n):
            marker = icons.player_marker(self.chars[seat], int(20 * sc))
            surface.blit(marker, marker.get_rect(center=(area.x + label_w + col_w * seat + col_w // 2, y + int(10 * sc))))
        y += int(28 * sc)
        row_h = int(23 * sc)
        sources = [src for src in LEDGER_SOURCES
                   if src not in OPTIONAL_SOURCES or any(ledger[src] for ledger in self.ledgers)]
        for k, source in enumerate(sources):
            if k % 2 == 0:
                pygame.draw.rect(surface, (32, 31, 41), (area.x, y, area.w, row_h))
            draw_text(surface, LEDGER_LABELS[source], int(14 * sc), theme.TEXT_DIM, (area.x + int(6 * sc), y + row_h // 2), "midleft")
            for seat in range(n):
                v = self.ledgers[seat][source]
                draw_text(surface, str(v) if v else "–", int(14 * sc), theme.TEXT if v else theme.TEXT_FAINT,
                          (area.x + label_w + col_w * seat + col_w // 2, y + row_h // 2), "center", bold=bool(v))
            y += row_h
        pygame.draw.line(surface, theme.PANEL_EDGE, (area.x, y + 2), (area.right, y + 2), max(1, int(sc)))
        draw_text(surface, "Total", int(15 * sc), theme.TEXT, (area.x + int(6 * sc), y + int(6 * sc) + row_h // 2), "midleft", bold=True)
        for seat in range(n):
            draw_text(surface, str(self.scores[seat]), int(16 * sc), theme.ACCENT,
                      (area.x + label_w + col_w * seat + col_w // 2, y + int(6 * sc) + row_h // 2), "center", bold=True)

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        sc = self.app.scale
        draw_text(surface, "SCORE OVER THE GAME", int(13 * sc), theme.TEXT_FAINT, area.topleft, bold=True)
        plot = pygame.Rect(area.x + int(40 * sc), area.y + int(30 * sc), area.w - int(60 * sc), area.h - int(70 * sc))
        pygame.draw.rect(surface, theme.INSET, plot, border_radius=int(6 * sc))
        top = max(10, max(max(h) for h in self.history))
        step = 10 if top <= 80 else 20
        top = (top // step + 1) * step
        turns = max(1, len(self.history) - 1)

        def x_of(index: int) -> float:
            return plot.x + plot.w * index / turns

        if self.calendar is not None:
            self._draw_calendar(surface, plot, self.calendar, x_of)
        else:
            draw_text(surface, "turns", int(12 * sc), theme.TEXT_FAINT, (plot.centerx, plot.bottom + int(8 * sc)), "midtop")
        for v in range(0, top + 1, step):
            y = plot.bottom - plot.h * v / top
            pygame.draw.line(surface, (44, 42, 54), (plot.x, y), (plot.right, y), 1)
            draw_text(surface, str(v), int(12 * sc), theme.TEXT_FAINT, (plot.x - int(6 * sc), y), "midright")
        for seat in range(len(self.names)):
            points = [(x_of(i), plot.bottom - plot.h * h[seat] / top) for i, h in enumerate(self.history)]
            colour = theme.PLAYER_COLOURS[self.chars[seat]]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, max(2, int(3 * sc)))
            marker = icons.player_marker(self.chars[seat], int(20 * sc))
            surface.blit(marker, marker.get_rect(center=points[-1]))

    def _draw_calendar(self, surface: pygame.Surface, plot: pygame.Rect, cal: Calendar, x_of) -> None:
        """Years as bands named at the top, split by a bright line; rounds as ticks along the
        time axis, numbered below it where the number fits."""
        sc = self.app.scale
        for year in cal.years:
            band = pygame.Rect(round(x_of(year.start)), plot.y, round(x_of(year.end) - x_of(year.start)), plot.h)
            if year.number % 2 == 0:
                pygame.draw.rect(surface, YEAR_BAND, band)
            draw_text(surface, f"YEAR {year.number}", int(12 * sc), theme.TEXT_DIM, (band.centerx, plot.y + int(6 * sc)),
                      "midtop", bold=True)
        tick = int(8 * sc)
        for rnd in cal.rounds:
            x = x_of(rnd.end)
            pygame.draw.line(surface, theme.TEXT_FAINT, (x, plot.bottom - tick), (x, plot.bottom), max(1, int(sc)))
            label = str(rnd.number)
            if x_of(rnd.end) - x_of(rnd.start) > fonts().width(label, int(12 * sc)) + int(4 * sc):
                draw_text(surface, label, int(12 * sc), theme.TEXT_FAINT,
                          ((x_of(rnd.start) + x) / 2, plot.bottom + int(4 * sc)), "midtop")
        for year in cal.years[:-1]:
            x = x_of(year.end)
            pygame.draw.line(surface, theme.ACCENT_DARK, (x, plot.y), (x, plot.bottom), max(2, int(2 * sc)))
        draw_text(surface, "rounds", int(12 * sc), theme.TEXT_FAINT, (plot.centerx, plot.bottom + int(20 * sc)), "midtop")
