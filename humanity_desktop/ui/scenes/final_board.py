"""The end of the game on the table: the last move has played, and the final board stays on
show, read-only, under a banner with the winner and the scores and a button to the results.

It lies over the game screen, which stays below it (and under the results), so the results
can come back to it: `back_to_board` is their way back. The table under the banner still
answers the pointer: tooltips, the log, a rival's base from its card.
"""
from __future__ import annotations

import pygame

from ...controller import GameOver
from ...language import N_, _, listed
from .. import icons, theme
from ..fonts import draw_text, fonts
from ..input import Click, Key
from ..scene import Scene
from ..views.log_view import text_px
from ..widgets import Button, draw_panel
from . import routes
from .table_screen import FinishedTable

RESULTS = N_("See results")


def headline(names, over: GameOver) -> str:
    """Who won, and with what: a tie on points names every seat on it."""
    best = max(over.scores)
    tied = [names[s] for s in over.ranking if over.scores[s] == best]
    if len(tied) == 1:
        return _("{name} wins with {vp} VP").format(name=tied[0], vp=best)
    return _("{names} tie on {vp} VP: {name} wins on resources left").format(
        names=listed(tied), vp=best, name=names[over.ranking[0]])


@routes.screen(routes.FINAL_BOARD)
class FinalBoardScene(Scene):
    overlay = True

    def __init__(self, app, table: FinishedTable, over: GameOver) -> None:
        super().__init__(app)
        self.table = table  # the game screen, at its final position
        self.over = over
        self.banner = pygame.Rect(0, 0, 0, 0)
        self.button = Button(_(RESULTS), self.see_results, style="primary",
                             tooltip=_("The ranking, the points by source and the score over the game (Enter)"))

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        L = self.table.frame.L
        sc = L.scale
        self.banner = L.actions.copy()
        bw = max(int(170 * sc), fonts().width(_(RESULTS), text_px(sc) + 2, bold=True) + int(30 * sc))
        bh = int(46 * sc)
        self.button.rect = pygame.Rect(0, 0, bw, bh)
        self.button.rect.bottomright = (self.banner.right - int(14 * sc), self.banner.bottom - int(12 * sc))

    # ------------------------------------------------------------ the ways on

    def see_results(self) -> None:
        self.app.stack.push(routes.make(routes.RESULTS, self.app, self.table.match, self.over,
                                        back_to_board=self.back_to_board))

    def back_to_board(self) -> None:
        """From the results: the final board again, under its banner."""
        while self.app.stack.top is not self:
            self.app.stack.pop()

    # ------------------------------------------------------------ input and time

    def handle(self, intent) -> bool:
        if isinstance(intent, Click) and self.button.click(intent.pos):
            return True
        if isinstance(intent, Key) and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.see_results()
            return True
        return self.table.handle(intent)  # looking round the table: read-only, as the game is over

    def update(self, dt: float) -> None:
        self.table.update(dt)  # the last animations end, tooltips come

    def next_change(self) -> float | None:
        return self.table.next_change()

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.table.frame.L.scale
        inner = draw_panel(surface, self.banner, sc, fill=theme.PANEL_HI, edge=theme.ACCENT)
        names, chars = self.table.cast.names, self.table.cast.chars
        size = text_px(sc)
        title = fonts().fit(headline(names, self.over), size + int(6 * sc), inner.w, bold=True)
        top = draw_text(surface, title, size + int(6 * sc), theme.ACCENT, inner.topleft, bold=True)
        x, y = inner.x, top.bottom + int(8 * sc)
        right = self.button.rect.x - int(12 * sc)
        line = fonts().height(size, bold=True)
        for seat in self.over.ranking:
            marker = icons.player_marker(chars[seat], line - int(4 * sc))
            label = f"{names[seat]} {self.over.scores[seat]}"
            width = marker.get_width() + int(4 * sc) + fonts().width(label, size, bold=True)
            if x + width > right and x > inner.x:
                x, y = inner.x, y + line
            surface.blit(marker, marker.get_rect(midleft=(x, y + line // 2)))
            draw_text(surface, label, size, theme.TEXT, (x + marker.get_width() + int(4 * sc), y), bold=True)
            x += width + int(16 * sc)
        self.button.draw(surface, sc, self.button.hit(self.table.hand.pos))
