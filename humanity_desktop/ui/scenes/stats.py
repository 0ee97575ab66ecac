"""Stats: finished games per difficulty and seat count, the rating against each bot level,
and the medals earned."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...controller.stats import MEDALS, Stats, medal_thresholds
from ...engine.catalogue import PLAYER_COUNTS
from .. import theme
from ..backdrop import backdrop
from ..fonts import draw_text, fonts
from ..input import Back, Click, Point
from ..scene import Scene
from ..widgets import Button, button_height, draw_panel, hovered
from . import routes

MEDAL_COLOURS = {"bronze": (205, 127, 50), "silver": (200, 204, 214), "gold": (240, 196, 60)}
COLUMNS = ("Seats", "Played", "Won", "Win rate", "Best", "Average")
NO_GAMES_YET = ("No finished games yet. Play a game against one or more bots (New game) and your results, "
                "rating and medals appear here.")


@dataclass(frozen=True)
class Block:
    """One difficulty: its heading and its table."""

    level: str
    heading: str
    medal: str | None
    rows: list[tuple[str, ...]]


def level_blocks(stats: Stats) -> list[Block]:
    blocks = []
    for level in stats.levels():
        rating = stats.ratings.get(level)
        heading = level.capitalize()
        if rating is not None:
            heading += f"  ·  rating {rating.value:.0f} over {rating.games} result{'s' * (rating.games != 1)}"
        rows = []
        for seats in PLAYER_COUNTS:
            line = stats.lines.get((level, seats))
            if line is not None:
                rate = f"{line.won / line.played:.0%}" if line.played else "-"
                rows.append((f"{seats} players", str(line.played), str(line.won), rate,
                             str(line.best), f"{line.average:.1f}"))
        if not rows:
            rows.append(("Met only beside a stronger bot, so its games count in that bot's table.",))
        blocks.append(Block(level, heading, stats.medals.get(level), rows))
    return blocks


def notes(stats: Stats) -> list[str]:
    """The lines above and below the tables."""
    top = [stats.problem] if stats.problem else []
    if stats.empty:
        return top + [NO_GAMES_YET]
    others = []
    if stats.hotseat_games:
        others.append(f"{stats.hotseat_games} hot-seat game{'s' * (stats.hotseat_games != 1)} (no bot)")
    if stats.bot_games:
        others.append(f"{stats.bot_games} game{'s' * (stats.bot_games != 1)} of bots only")
    top.append(f"{stats.rated_games} game{'s' * (stats.rated_games != 1)} against bots"
               + (f"; also {' and '.join(others)}, counted without a rating." if others else "."))
    return top


def medal_note() -> str:
    parts = [f"{n} players: " + ", ".join(f"{m} {t[m]}" for m in MEDALS) for n, t in sorted(medal_thresholds().items())]
    return ("Medals for a final score of at least (as well as the Hard bots' median, 75th and 90th "
            "percentile games): " + "; ".join(parts) + ". Each difficulty keeps its best medal. "
            "Ratings start at 1200 and move after every game against each bot.")


def column_lefts(rows: list[tuple[str, ...]], x: int, width: int, size: int, pad: int) -> list[int]:
    """Where a table's columns start: each as wide as its widest cell (headers bold), and the
    room left over shared out evenly."""
    needs = [max(fonts().width(row[c], size, bold=k == 0) for k, row in enumerate(rows)) + 2 * pad
             for c in range(len(rows[0]))]
    spare = max(0, width - sum(needs)) // len(needs)
    lefts = [x]
    for need in needs[:-1]:
        lefts.append(lefts[-1] + need + spare)
    return lefts


@routes.screen(routes.STATS)
class StatsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.pointer = (0, 0)
        self.back_button = Button("Back", self.back, style="primary")
        self.panel = pygame.Rect(0, 0, 0, 0)

    def back(self) -> None:
        self.app.stack.pop()

    def lines(self) -> list[str]:
        """Every text the screen shows, in reading order."""
        stats = self.app.session.stats
        out = notes(stats)
        for block in level_blocks(stats):
            out.append(block.heading + (f"  ·  {block.medal} medal" if block.medal else ""))
            out += ["  ".join(row) for row in block.rows]
        return out + ([] if stats.empty else [medal_note()])

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        self.panel = pygame.Rect((0, 0), size).inflate(-int(60 * sc), -int(60 * sc))
        self.back_button.rect = pygame.Rect(0, 0, int(200 * sc), button_height(sc, 46))
        self.back_button.rect.bottomright = (self.panel.right - int(24 * sc), self.panel.bottom - int(18 * sc))

    def handle(self, intent) -> bool:
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Click):
            self.back_button.click(intent.pos)
        elif isinstance(intent, Back):
            self.back()
        else:
            return False
        return True

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        surface.blit(backdrop(surface.get_size()), (0, 0))
        inner = draw_panel(surface, self.panel, sc, "Stats", fill=(26, 25, 34), edge=theme.ACCENT_DARK)
        stats = self.app.session.stats
        y = self._paragraphs(surface, notes(stats), inner.x, inner.y, inner.w, theme.TEXT)
        blocks = level_blocks(stats)
        if blocks:
            col_w = (inner.w - int(30 * sc)) // 2
            bottoms = [y + int(10 * sc)] * 2
            for block in blocks:
                col = bottoms.index(min(bottoms))
                bottoms[col] = self._block(surface, block, inner.x + col * (col_w + int(30 * sc)), bottoms[col], col_w)
            width = self.back_button.rect.x - inner.x - int(20 * sc)
            self._paragraphs(surface, [medal_note()], inner.x, max(bottoms) + int(8 * sc), width, theme.TEXT_DIM)
        self.back_button.draw(surface, sc, hovered([self.back_button], self.pointer) is not None)

    def _paragraphs(self, surface, texts: list[str], x: int, y: int, width: int, colour) -> int:
        size = theme.text_px(16, self.app.scale)
        for text in texts:
            for line in fonts().wrap(text, size, width):
                draw_text(surface, line, size, colour, (x, y), box=self.panel)
                y += fonts().height(size)
            y += int(6 * self.app.scale)
        return y

    def _block(self, surface, block: Block, x: int, y: int, width: int) -> int:
        """One difficulty's heading, medal and table; returns the y below it."""
        sc = self.app.scale
        box = pygame.Rect(x, y, width, self.panel.bottom - y)
        head = draw_text(surface, block.heading, theme.text_px(19, sc), theme.ACCENT, (x, y), bold=True, box=box)
        if block.medal:
            centre = (head.right + int(22 * sc), head.centery)
            pygame.draw.circle(surface, MEDAL_COLOURS[block.medal], centre, int(10 * sc))
            draw_text(surface, block.medal, theme.text_px(15, sc), MEDAL_COLOURS[block.medal],
                      (centre[0] + int(16 * sc), head.centery), "midleft", bold=True, box=box)
        y = head.bottom + int(6 * sc)
        cell_px = theme.text_px(14, sc)
        row_h = max(int(24 * sc), fonts().height(cell_px) + int(6 * sc))
        header = [COLUMNS] if len(block.rows[0]) == len(COLUMNS) else []
        lefts = column_lefts(header + block.rows, x, width, cell_px, int(6 * sc)) if header else [x]
        for k, row in enumerate(header + block.rows, start=1 - len(header)):
            if k % 2:
                pygame.draw.rect(surface, (32, 31, 41), (x, y, width, row_h))
            for c, cell in enumerate(row):
                colour = theme.TEXT_FAINT if k == 0 or len(row) == 1 else theme.TEXT
                right = lefts[c + 1] if c + 1 < len(row) else x + width
                cell_box = pygame.Rect(lefts[c], y, right - lefts[c], row_h) if len(row) > 1 else box
                draw_text(surface, cell, cell_px, colour, (lefts[c] + int(6 * sc), y + row_h // 2),
                          "midleft", bold=k == 0, box=cell_box)
            y += row_h
        return y + int(14 * sc)
