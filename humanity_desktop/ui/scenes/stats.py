"""Stats: finished games per difficulty and seat count, the rating against each bot level,
and the medals earned."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...controller import level_name
from ...controller.stats import MEDALS, Stats, medal_thresholds
from ...engine.catalogue import PLAYER_COUNTS
from ...language import N_, _, listed, ngettext, number, percent
from .. import theme
from ..backdrop import backdrop
from ..fonts import draw_text, fonts
from ..input import Back, Click, Point
from ..scene import Scene
from ..widgets import Button, button_height, draw_panel, hovered
from . import routes

MEDAL_COLOURS = {"bronze": (205, 127, 50), "silver": (200, 204, 214), "gold": (240, 196, 60)}
# The words the screen shows: messages, taken in the language in force when shown.
COLUMNS = (N_("Seats"), N_("Played"), N_("Won"), N_("Win rate"), N_("Best"), N_("Average"))
NO_GAMES_YET = N_("No finished games yet. Play a game against one or more bots (New game) and your results, "
                  "rating and medals appear here.")
MEDAL_NAMES = {"bronze": N_("bronze"), "silver": N_("silver"), "gold": N_("gold")}


def medal_name(medal: str) -> str:
    return _(MEDAL_NAMES[medal]) if medal in MEDAL_NAMES else medal


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
        heading = level_name(level)
        if rating is not None:
            # A rating is written in plain digits in every language, as chess ratings are.
            heading = ngettext("{level}  ·  rating {rating} over {n} result",
                               "{level}  ·  rating {rating} over {n} results", rating.games).format(
                level=heading, rating=f"{rating.value:.0f}", n=number(rating.games))
        rows = []
        for seats in PLAYER_COUNTS:
            line = stats.lines.get((level, seats))
            if line is not None:
                rate = percent(line.won / line.played) if line.played else "-"
                rows.append((ngettext("{n} player", "{n} players", seats).format(n=number(seats)),
                             number(line.played), number(line.won), rate, number(line.best),
                             number(round(line.average, 1))))
        if not rows:
            rows.append((_("Met only beside a stronger bot, so its games count in that bot's table."),))
        blocks.append(Block(level, heading, stats.medals.get(level), rows))
    return blocks


def notes(stats: Stats) -> list[str]:
    """The lines above and below the tables."""
    top = [stats.problem] if stats.problem else []
    if stats.empty:
        return top + [_(NO_GAMES_YET)]
    others = []
    if stats.hotseat_games:
        others.append(ngettext("{n} hot-seat game (no bot)", "{n} hot-seat games (no bot)",
                               stats.hotseat_games).format(n=number(stats.hotseat_games)))
    if stats.bot_games:
        others.append(ngettext("{n} game of bots only", "{n} games of bots only",
                               stats.bot_games).format(n=number(stats.bot_games)))
    n = stats.rated_games
    if others:
        top.append(ngettext("{n} game against bots; also {others}, counted without a rating.",
                            "{n} games against bots; also {others}, counted without a rating.", n).format(
            n=number(n), others=listed(others)))
    else:
        top.append(ngettext("{n} game against bots.", "{n} games against bots.", n).format(n=number(n)))
    return top


def medal_note() -> str:
    parts = [ngettext("{n} player: {scores}", "{n} players: {scores}", n).format(
                 n=number(n), scores=listed([_("{medal} {score}").format(medal=medal_name(m), score=number(t[m]))
                                             for m in MEDALS]))
             for n, t in sorted(medal_thresholds().items())]
    thresholds = parts[0]
    for part in parts[1:]:
        # Translators: two lists of medal scores, each for a number of players, one after the other.
        thresholds = _("{earlier}; {later}").format(earlier=thresholds, later=part)
    return _("Medals for a final score of at least (as well as the Hard bots' median, 75th and 90th "
             "percentile games): {thresholds}. Each difficulty keeps its best medal. "
             "Ratings start at 1200 and move after every game against each bot.").format(thresholds=thresholds)


def column_lefts(rows: list[tuple[str, ...]], x: int, width: int, size: int, pad: int) -> list[int]:
    """Where a table's columns start: each as wide as its widest cell (headers bold), and the
    room left over shared out evenly. When the headers make the table too wide, a header
    counts only its longest word, for it is drawn on as many lines as it needs (header_lines)."""
    def needs(head) -> list[int]:
        return [max([head(rows[0][c])] + [fonts().width(row[c], size) for row in rows[1:]]) + 2 * pad
                for c in range(len(rows[0]))]

    widths = needs(lambda text: fonts().width(text, size, bold=True))
    if sum(widths) > width:
        widths = needs(lambda text: max(fonts().width(word, size, bold=True) for word in text.split()))
    spare = max(0, width - sum(widths)) // len(widths)
    lefts = [x]
    for need in widths[:-1]:
        lefts.append(lefts[-1] + need + spare)
    return lefts


@routes.screen(routes.STATS)
class StatsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.pointer = (0, 0)
        self.back_button = Button(_("Back"), self.back, style="primary")
        self.panel = pygame.Rect(0, 0, 0, 0)

    def back(self) -> None:
        self.app.stack.pop()

    def lines(self) -> list[str]:
        """Every text the screen shows, in reading order."""
        stats = self.app.session.stats
        out = notes(stats)
        for block in level_blocks(stats):
            out.append(_("{heading}  ·  {medal} medal").format(heading=block.heading, medal=medal_name(block.medal))
                       if block.medal else block.heading)
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
        inner = draw_panel(surface, self.panel, sc, _("Stats"), fill=(26, 25, 34), edge=theme.ACCENT_DARK)
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
        head_px, medal_px = theme.text_px(19, sc), theme.text_px(15, sc)
        medal_w = int(38 * sc) + fonts().width(medal_name(block.medal), medal_px, bold=True) if block.medal else 0
        heads = fonts().wrap(block.heading, head_px, width - medal_w, bold=True)  # a long heading on two lines
        first = draw_text(surface, heads[0], head_px, theme.ACCENT, (x, y), bold=True, box=box)
        if block.medal:
            centre = (first.right + int(22 * sc), first.centery)
            pygame.draw.circle(surface, MEDAL_COLOURS[block.medal], centre, int(10 * sc))
            draw_text(surface, medal_name(block.medal), medal_px, MEDAL_COLOURS[block.medal],
                      (centre[0] + int(16 * sc), first.centery), "midleft", bold=True, box=box)
        y = first.bottom
        for line in heads[1:]:
            y = draw_text(surface, line, head_px, theme.ACCENT, (x, y), bold=True, box=box).bottom
        y += int(6 * sc)
        cell_px, pad = theme.text_px(14, sc), int(6 * sc)
        line_h = fonts().height(cell_px)
        row_h = max(int(24 * sc), line_h + pad)
        header = [tuple(_(c) for c in COLUMNS)] if len(block.rows[0]) == len(COLUMNS) else []
        lefts = column_lefts(header + block.rows, x, width, cell_px, pad) if header else [x]
        for k, row in enumerate(header + block.rows, start=1 - len(header)):
            rights = [lefts[c + 1] if c + 1 < len(row) else x + width for c in range(len(row))]
            cells = [fonts().wrap(cell, cell_px, rights[c] - lefts[c] - 2 * pad, bold=True) or [cell]
                     if k == 0 else [cell] for c, cell in enumerate(row)]  # a header may need two lines
            high = row_h + (max(len(lines) for lines in cells) - 1) * line_h
            if k % 2:
                pygame.draw.rect(surface, (32, 31, 41), (x, y, width, high))
            for c, lines in enumerate(cells):
                colour = theme.TEXT_FAINT if k == 0 or len(row) == 1 else theme.TEXT
                cell_box = pygame.Rect(lefts[c], y, rights[c] - lefts[c], high) if len(row) > 1 else box
                top = y + (high - len(lines) * line_h) // 2
                for n, line in enumerate(lines):
                    draw_text(surface, line, cell_px, colour, (lefts[c] + pad, top + n * line_h + line_h // 2),
                              "midleft", bold=k == 0, box=cell_box)
            y += high
        return y + int(14 * sc)
