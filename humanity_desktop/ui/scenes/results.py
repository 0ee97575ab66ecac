"""Results: the ranking, where each player's points came from, and the score over the game,
with the ways on: back to the final board, a rematch, a new game or the main menu.

The screen is laid out from its text: a heading and the ranking across the top, the points
by source (bars, where there is room, and the table) beside the score chart, the buttons
along the bottom. The chart gives every round the same width, so each is labelled."""
from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable

import pygame

from ...controller import GameOver, Match
from ...language import N_, _, listed, ngettext
from ...controller.calendar import Calendar, calendar
from ...table.describe import LEDGER_LABELS
from ...engine.state import LEDGER_SOURCES, OPTIONAL_SOURCES
from .. import icons, theme
from ..backdrop import backdrop
from ..drawn import Fact
from ..fonts import draw_text, fonts
from ..input import Back, Click, Point
from ..scene import Scene
from ..views.seats_view import who_plays
from ..widgets import Button, KeyFocus, button_height, draw_panel, hovered, layout_row, panel_inner
from . import routes
from .keep_game import play_when_kept

PLACE_NAMES = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th")}
YEAR_BAND = (32, 31, 42)  # every other year's stretch of the score chart
ROW_BAND = (32, 31, 41)  # every other row of the table
STRETCH = 1.8  # the most the breakdown's rows grow to fill their column
# Each source of points in the bars, in the ledger's order; colours apart from the players'.
SOURCE_COLOURS = {
    "square": (214, 150, 80), "greenhouse": (88, 170, 104), "experiment_group": (150, 120, 214),
    "experiment_vp": (186, 160, 240), "module_vp": (110, 160, 200), "mission": (230, 200, 110),
    "science": (120, 210, 220), "leftovers": (150, 146, 140), "scenario": (200, 110, 150),
}


@routes.screen(routes.RESULTS)
class ResultsScene(Scene):
    def __init__(self, app, match: Match, over: GameOver, back_to_board: Callable[[], None] | None = None) -> None:
        """`back_to_board`, when given, shows the finished game's final board again (the
        Back to the board button); the results stay one step away from it."""
        super().__init__(app)
        self.match = match
        self.seats = list(match.seats)
        self.names = match.names
        self.chars = [seat.character for seat in match.seats]
        self.labels = [who_plays(s)[0] for s in match.seats]
        self.ledgers = [dict(p.ledger) for p in match.state.players]
        self.scores = list(over.scores)
        self.ranking = list(over.ranking)
        self.places = list(over.places)
        self.history = list(match.history)
        self.calendar = calendar(match.dates)
        self.sources = [src for src in LEDGER_SOURCES
                        if src not in OPTIONAL_SOURCES or any(ledger[src] for ledger in self.ledgers)]
        self.pointer = (0, 0)
        self.plot = pygame.Rect(0, 0, 0, 0)  # the chart's plotting area, as last drawn
        self.focus = KeyFocus()
        board = [Button(_("Back to the board"), back_to_board, tooltip=_("The final position of the table"))] \
            if back_to_board is not None else []
        self.buttons = board + [
            Button(_("Rematch"), self._rematch, tooltip=_("The same seats, a new deal")),
            Button(_("New game"), self._new_game, style="primary"),
            Button(_("Main menu"), self._close, style="quiet"),
        ]

    # ------------------------------------------------------------ the ways on

    def _close(self) -> None:
        """Leave the results, and the finished game's table if it waits under them."""
        table = next((s for s in self.app.stack if s is not self and getattr(s, "match", None) is self.match), self)
        self.app.stack.remove(table)

    def _new_game(self) -> None:
        self._close()
        self.app.stack.push(routes.make(routes.NEW_GAME, self.app))

    def _rematch(self) -> None:
        self._close()
        seed = random.SystemRandom().randrange(1 << 31)
        play_when_kept(self.app, lambda discard: self.app.session.new_match(self.seats, seed, discard_unfinished=discard),
                       lambda exc: self.app.notify(str(exc)), place=self.app.stack.push)

    # ------------------------------------------------------------ layout

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        m = int(24 * sc)
        self.panel = pygame.Rect(m, m, size[0] - 2 * m, size[1] - 2 * m)
        inner = panel_inner(self.panel, sc, "Results")
        f, gap = fonts(), int(14 * sc)
        bh = button_height(sc, 46)
        ts = max(1.0, theme.text_size())
        row_w = min(inner.w, int(len(self.buttons) * 230 * sc * ts))
        layout_row(self.buttons, pygame.Rect(inner.right - row_w, inner.bottom - bh, row_w, bh), int(10 * sc))
        y = inner.y
        self.heading_at = y
        self.summary = f.wrap(self._summary(), self._px(15), inner.w)  # a longer language may need two lines
        y += f.height(self._px(32), bold=True) + len(self.summary) * f.height(self._px(15)) + gap
        card_h = f.height(self._px(18), bold=True) + f.height(self._px(13)) + int(14 * sc)
        card_gap = int(10 * sc)
        n = len(self.names)
        card_w = (inner.w - card_gap * (n - 1)) // n
        self.cards = [pygame.Rect(inner.x + k * (card_w + card_gap), y, card_w, card_h) for k in range(n)]
        y += card_h + gap
        body = pygame.Rect(inner.x, y, inner.w, inner.bottom - bh - gap - y)
        left_w = int(body.w * 0.46)
        self.breakdown = pygame.Rect(body.x, body.y, left_w, body.h)
        self.chart = pygame.Rect(body.x + left_w + int(30 * sc), body.y, body.w - left_w - int(30 * sc), body.h)

    def _px(self, design: float) -> int:
        return theme.text_px(design, self.app.scale)

    # ------------------------------------------------------------ input

    def handle(self, intent) -> bool:
        if self.focus.handle(intent, self.buttons):
            return True
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Click):
            for b in self.buttons:
                if b.click(intent.pos):
                    break
        elif isinstance(intent, Back):
            self._close()
        return True

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        surface.blit(backdrop(surface.get_size()), (0, 0))
        inner = draw_panel(surface, self.panel, sc, _("Results"), fill=(26, 25, 34), edge=theme.ACCENT_DARK)
        self._draw_heading(surface, inner)
        for seat, card in zip(self.ranking, self.cards):
            self._draw_card(surface, seat, card)
        self._draw_breakdown(surface, self.breakdown)
        self._draw_chart(surface, self.chart)
        over = hovered(self.buttons, self.pointer)
        self.focus.mark(self.buttons)
        for b in self.buttons:
            b.draw(surface, sc, b is over)

    def _draw_heading(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        head = draw_text(surface, winner_line(self.names, self.places, self.ranking), self._px(32), theme.ACCENT,
                         (inner.x, self.heading_at), bold=True, box=inner)
        y = head.bottom
        said = self._calendar_said() if self.calendar is not None else None
        for line in self.summary:
            fact = Fact("calendar") if said and said.split()[0] in line.split() else None
            y = draw_text(surface, line, self._px(15), theme.TEXT_DIM, (inner.x, y), box=inner, fact=fact).bottom

    def _summary(self) -> str:
        """The game in a line: its players, rounds and years, and how a tie on points was settled."""
        n = len(self.names)
        parts = [ngettext("{n} player", "{n} players", n).format(n=n)]
        if self.calendar is not None:
            parts.append(self._calendar_said())
        first, second = self.ranking[0], self.ranking[1]
        if self.scores[first] == self.scores[second] and self.places[first] != self.places[second]:
            parts.append(_("level on points: the tie goes to electricity, then advanced, then basic resources left"))
        return "  ·  ".join(parts)

    def _calendar_said(self) -> str:
        """How long the game lasted: "16 rounds over 3 years"."""
        rounds, years = len(self.calendar.rounds), len(self.calendar.years)
        # Translators: {rounds} is "16 rounds" and {years} "3 years"; the two are only used here.
        return _("{rounds} over {years}").format(rounds=ngettext("{n} round", "{n} rounds", rounds).format(n=rounds),
                                                 years=ngettext("{n} year", "{n} years", years).format(n=years))

    def _draw_card(self, surface: pygame.Surface, seat: int, card: pygame.Rect) -> None:
        """One seat's marker and name, its place and kind under them, and its points."""
        sc, f = self.app.scale, fonts()
        winner = self.places[seat] == 1
        pygame.draw.rect(surface, theme.PANEL_HI if winner else theme.PANEL, card, border_radius=int(8 * sc))
        pygame.draw.rect(surface, theme.ACCENT if winner else theme.PANEL_EDGE, card, max(1, int(2 * sc)),
                         border_radius=int(8 * sc))
        pad = int(10 * sc)
        unit = draw_text(surface, _("VP"), self._px(13), theme.TEXT_DIM, (card.right - pad, card.centery + int(2 * sc)),
                         "midright", bold=True, box=card)
        points = draw_text(surface, str(self.scores[seat]), self._px(26), theme.TEXT,
                           (unit.x - int(4 * sc), card.centery), "midright", bold=True, box=card)
        marker = icons.player_marker(self.chars[seat], theme.icon_px(24, sc))
        mark = surface.blit(marker, marker.get_rect(midleft=(card.x + pad, card.centery)))
        x = mark.right + int(8 * sc)
        room = points.x - pad - x
        name_h = f.height(self._px(18), bold=True)
        top = card.centery - (name_h + f.height(self._px(13))) // 2
        draw_text(surface, f.fit(self.names[seat], self._px(18), room, bold=True), self._px(18), theme.TEXT, (x, top),
                  bold=True, box=card)
        kind = f"{_(PLACE_NAMES[self.places[seat]])}  ·  {self.labels[seat]}"
        draw_text(surface, f.fit(kind, self._px(13), room), self._px(13), theme.ACCENT if winner else theme.TEXT_DIM,
                  (x, top + name_h), box=card)

    def _draw_breakdown(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Where each seat's points came from: a bar a seat where there is room, then the
        table of every source by seat (its colours are the bars' key); rows grow into the
        room there is, up to STRETCH times their least height."""
        sc, f = self.app.scale, fonts()
        title = draw_text(surface, _("WHERE THE POINTS CAME FROM"), self._px(13), theme.TEXT_FAINT, area.topleft, bold=True,
                          box=area)
        y = title.bottom + int(8 * sc)
        least = f.height(self._px(14)) + int(4 * sc)
        gap = int(12 * sc)
        rows = len(self.sources) + 2  # a row of markers over them, and the totals under them
        bars = len(self.names)
        room = area.bottom - y
        fits_bars = (rows + bars) * least + gap <= room
        stretch = min(STRETCH, (room - (gap if fits_bars else 0)) / ((rows + bars * fits_bars) * least))
        row_h = max(least, int(least * stretch))
        if fits_bars:
            y = self._draw_bars(surface, pygame.Rect(area.x, y, area.w, bars * row_h), row_h) + gap
        self._draw_table(surface, pygame.Rect(area.x, y, area.w, area.bottom - y), row_h)

    def _draw_bars(self, surface: pygame.Surface, area: pygame.Rect, row_h: int) -> int:
        """A bar a seat, its points by source end to end, all on one scale: the longest bar
        is the most points gained (a seat that lost a mission's points has gained more than
        its score), and the widest score's words fit after it."""
        sc, cell = self.app.scale, self._px(14)
        label_w = theme.icon_px(20, sc) + int(10 * sc)
        widest = max(fonts().width(points_said(score), cell, bold=True) for score in self.scores)
        full = area.w - label_w - widest - int(8 * sc)
        top = max(1, *(sum(v for v in self.ledgers[seat].values() if v > 0) for seat in self.ranking))
        y = area.y
        for seat in self.ranking:
            marker = icons.player_marker(self.chars[seat], theme.icon_px(18, sc))
            surface.blit(marker, marker.get_rect(center=(area.x + label_w // 2, y + row_h // 2)))
            x = start = area.x + label_w
            thick = min(row_h - int(6 * sc), int(26 * sc))
            gained = 0
            for source in self.sources:
                value = self.ledgers[seat][source]
                if value > 0:
                    gained += value
                    end = start + max(x - start + 1, round(full * gained / top))  # ends placed, not widths summed
                    pygame.draw.rect(surface, SOURCE_COLOURS[source], (x, y + (row_h - thick) // 2, end - x, thick))
                    x = end
            draw_text(surface, points_said(self.scores[seat]), cell, theme.TEXT, (x + int(6 * sc), y + row_h // 2), "midleft",
                      bold=True, box=area)
            y += row_h
        return y

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect, row_h: int) -> None:
        """Every source by seat, in the ranking's order, and the totals."""
        sc, cell = self.app.scale, self._px(14)
        n = len(self.names)
        label_w = max(int(area.w * 0.42), max(fonts().width(LEDGER_LABELS[s], cell) for s in self.sources) + int(12 * sc))
        col_w = (area.w - label_w) // n
        y = area.y
        for k, seat in enumerate(self.ranking):
            marker = icons.player_marker(self.chars[seat], theme.icon_px(18, sc))
            surface.blit(marker, marker.get_rect(center=(area.x + label_w + col_w * k + col_w // 2, y + row_h // 2)))
        y += row_h
        for k, source in enumerate(self.sources):
            if k % 2 == 0:
                pygame.draw.rect(surface, ROW_BAND, (area.x, y, area.w, row_h))
            row = pygame.Rect(area.x, y, area.w, row_h)
            if source in SOURCE_COLOURS:
                swatch = max(4, int(6 * sc))
                pygame.draw.rect(surface, SOURCE_COLOURS[source], (area.x, y + int(3 * sc), swatch, row_h - int(6 * sc)))
            draw_text(surface, LEDGER_LABELS[source], cell, theme.TEXT_DIM, (area.x + int(10 * sc), y + row_h // 2),
                      "midleft", box=row)
            for c, seat in enumerate(self.ranking):
                v = self.ledgers[seat][source]
                draw_text(surface, str(v) if v else "–", cell, theme.TEXT if v else theme.TEXT_FAINT,
                          (area.x + label_w + col_w * c + col_w // 2, y + row_h // 2), "center", bold=bool(v), box=row)
            y += row_h
        pygame.draw.line(surface, theme.PANEL_EDGE, (area.x, y + 2), (area.right, y + 2), max(1, int(sc)))
        total = pygame.Rect(area.x, y + int(4 * sc), area.w, row_h)
        draw_text(surface, _("Total"), self._px(15), theme.TEXT, (area.x + int(10 * sc), total.centery), "midleft", bold=True,
                  box=total)
        for c, seat in enumerate(self.ranking):
            draw_text(surface, str(self.scores[seat]), self._px(15), theme.ACCENT,
                      (area.x + label_w + col_w * c + col_w // 2, total.centery), "center", bold=True, box=total)

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        sc, f = self.app.scale, fonts()
        small = self._px(12)
        title = draw_text(surface, _("SCORE OVER THE GAME"), self._px(13), theme.TEXT_FAINT, area.topleft, bold=True, box=area)
        top = max(10, max(max(h) for h in self.history))
        step = 10 if top <= 80 else 20
        top = (top // step + 1) * step
        left = f.width(str(top), small) + int(10 * sc)
        gap = max(int(8 * sc), f.height(small) // 2 + 2)  # the top value's number, centred on the plot's top, clears the title
        plot = pygame.Rect(area.x + left, title.bottom + gap, area.w - left - int(12 * sc),
                           area.bottom - title.bottom - gap - 2 * f.height(small) - int(8 * sc))
        pygame.draw.rect(surface, theme.INSET, plot, border_radius=int(6 * sc))
        self.plot = plot
        place = time_axis(self.calendar, len(self.history))

        def x_of(index: float) -> float:
            return plot.x + plot.w * place(index)

        if self.calendar is not None:
            self._draw_calendar(surface, plot, area, self.calendar, x_of)
        else:
            draw_text(surface, _("turns"), small, theme.TEXT_FAINT, (plot.centerx, plot.bottom + int(6 * sc)), "midtop",
                      box=area)
        for v in range(0, top + 1, step):
            y = plot.bottom - plot.h * v / top
            pygame.draw.line(surface, (44, 42, 54), (plot.x, y), (plot.right, y), 1)
            draw_text(surface, str(v), small, theme.TEXT_FAINT, (plot.x - int(5 * sc), y), "midright", box=area)
        for seat in range(len(self.names)):
            points = [(x_of(i), plot.bottom - plot.h * h[seat] / top) for i, h in enumerate(self.history)]
            colour = theme.PLAYER_COLOURS[self.chars[seat]]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, max(2, int(3 * sc)))
            marker = icons.player_marker(self.chars[seat], theme.icon_px(18, sc))
            surface.blit(marker, marker.get_rect(center=points[-1]))

    def _draw_calendar(self, surface: pygame.Surface, plot: pygame.Rect, area: pygame.Rect, cal: Calendar, x_of) -> None:
        """Years as bands named at the top, split by a bright line; every round numbered under
        the time axis, each in its own stretch."""
        sc, small = self.app.scale, self._px(12)
        for year in cal.years:
            band = pygame.Rect(round(x_of(year.start)), plot.y, round(x_of(year.end) - x_of(year.start)), plot.h)
            if year.number % 2 == 0:
                pygame.draw.rect(surface, YEAR_BAND, band)
            draw_text(surface, fonts().fit(_("YEAR {number}").format(number=year.number), small, band.w - int(4 * sc), bold=True), small,
                      theme.TEXT_DIM, (band.centerx, plot.y + int(5 * sc)), "midtop", bold=True, box=band)
        tick = int(6 * sc)
        for rnd in cal.rounds:
            x = x_of(rnd.end)
            pygame.draw.line(surface, theme.TEXT_FAINT, (x, plot.bottom - tick), (x, plot.bottom), max(1, int(sc)))
            stretch = pygame.Rect(round(x_of(rnd.start)), plot.bottom, round(x - x_of(rnd.start)), plot.h)
            draw_text(surface, str(rnd.number), small, theme.TEXT_FAINT, (stretch.centerx, plot.bottom + int(3 * sc)),
                      "midtop", box=stretch.inflate(int(4 * sc), 0))
        for year in cal.years[:-1]:
            x = x_of(year.end)
            pygame.draw.line(surface, theme.ACCENT_DARK, (x, plot.y), (x, plot.bottom), max(2, int(2 * sc)))
        draw_text(surface, _("rounds"), small, theme.TEXT_FAINT,
                  (plot.centerx, plot.bottom + int(3 * sc) + fonts().height(small)), "midtop", box=area)


def winner_line(names: list[str], places: list[int], ranking: list[int]) -> str:
    winners = [names[seat] for seat in ranking if places[seat] == 1]
    if len(winners) == 1:
        return _("{name} wins!").format(name=winners[0])
    return _("{names} share the win!").format(names=listed(winners))


def points_said(points: int) -> str:
    """A score with its unit: "42 VP"."""
    return _("{points} VP").format(points=points)


def time_axis(cal: Calendar | None, entries: int) -> Callable[[float], float]:
    """Where each entry of the score history lies across the chart, from 0 to 1: every
    round the same width, its turns spread evenly in it; by turn when there is no calendar."""
    if cal is None or not cal.rounds:
        turns = max(1, entries - 1)
        return lambda index: index / turns
    bounds = [r.start for r in cal.rounds] + [cal.rounds[-1].end]
    n = len(cal.rounds)

    def place(index: float) -> float:
        k = min(n - 1, max(0, bisect_right(bounds, index) - 1))
        start, end = bounds[k], bounds[k + 1]
        return (k + (index - start) / max(1, end - start)) / n

    return place
