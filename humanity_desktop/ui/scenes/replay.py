"""Watch a finished game again: the game screen, read-only, with controls to step back and
forward, play and pause at a chosen speed, and jump to the start or the end.

Keys: Left and Right step, Space plays or pauses, Home and End jump, Esc closes.
"""
from __future__ import annotations

import pygame

from ...controller.replays import ReplayMatch
from ...language import _, listed, number
from ..input import Back, Click, Key, Point, Wheel
from .. import theme
from ..fonts import fonts
from ..widgets import Button, label_px
from .game import GameScene
from . import routes

SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_SECONDS = 0.7  # the pause between two moves at 1×, after the move's animation
STEP_W = 52  # design width of a one-symbol step button


@routes.screen(routes.REPLAY)
class ReplayScene(GameScene):
    def __init__(self, app, replay: ReplayMatch) -> None:
        super().__init__(app, replay)
        self.seat.viewer = None  # every seat's secrets shown, nobody's turn to click
        self.playing = False
        self.speed = 1.0
        self.wait = 0.0

    # ------------------------------------------------------------ moving through the game

    def step_forward(self) -> None:
        self.match.forward()

    def step_back(self) -> None:
        self.jump(self.match.position - 1)

    def jump(self, position: int) -> None:
        """Show the position after `position` actions at once."""
        self.match.go_to(position)
        self.director.clear()
        self.story.clear()
        self._last_after = self.match.state.copy()

    def toggle_play(self) -> None:
        if self.match.position >= self.match.length:
            self.jump(0)  # Play at the end watches the game again
        self.playing = not self.playing
        self.wait = 0.0

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]

    def close(self) -> None:
        self.app.stack.pop()

    # ------------------------------------------------------------ the game screen, read-only

    def _on_turn(self, ev) -> None:
        """No hand-offs: nobody plays here."""

    def _on_game_over(self, ev) -> None:
        """The replay stays on the board at the end; the results are one Esc away in the save."""
        self.playing = False

    def next_change(self) -> float | None:
        return 0.0 if self.playing else super().next_change()

    def update(self, dt: float) -> None:
        super().update(dt * self.speed)
        if not self.playing or self.director.busy:
            return
        self.wait += dt * self.speed
        if self.wait >= STEP_SECONDS:
            self.wait = 0.0
            self.step_forward()
            self.playing = self.match.position < self.match.length

    def handle(self, intent) -> bool:
        if isinstance(intent, Click):
            self.hand.pos = intent.pos
            for b in self.frame.top_buttons:
                if b.click(intent.pos):
                    break
        elif isinstance(intent, Key) and intent.key in self._keys():
            self._keys()[intent.key]()
        elif isinstance(intent, Back):
            self.close()
        elif isinstance(intent, (Point, Wheel, Key)):
            return super().handle(intent)  # looking around: hover, scroll the log, move the view
        else:
            return False
        return True

    def _keys(self) -> dict:
        return {pygame.K_LEFT: self.step_back, pygame.K_RIGHT: self.step_forward, pygame.K_SPACE: self.toggle_play,
                pygame.K_HOME: lambda: self.jump(0), pygame.K_END: lambda: self.jump(self.match.length)}

    def make_top_buttons(self) -> list[Button]:
        m = self.match
        at_start, at_end = m.position == 0, m.position >= m.length
        # Short labels keep the bar clear of the turn in its middle; the tooltips name them.
        buttons = [
            (Button("|◀", lambda: self.jump(0), enabled=not at_start, tooltip=_("Start: back to the deal (Home)")),
             STEP_W),
            (Button("◀", self.step_back, enabled=not at_start, tooltip=_("Back: one move back (Left)")), STEP_W),
            (Button(_("Pause") if self.playing else _("Play"), self.toggle_play, style="primary",
                    tooltip=_("Play: the moves one after another (Space)")), (80, _("Pause"), _("Play"))),
            (Button("▶", self.step_forward, enabled=not at_end, tooltip=_("Step: one move forward (Right)")), STEP_W),
            (Button("▶|", lambda: self.jump(m.length), enabled=not at_end, tooltip=_("End: the final position (End)")),
             STEP_W),
            (Button(_factor(self.speed), self.next_speed, style="quiet",
                    tooltip=_("Speed: {speeds}").format(speeds=listed([_factor(s) for s in SPEEDS]))),
             (60, *map(_factor, SPEEDS))),
            (Button(_("Close"), self.close, style="quiet", tooltip=_("Close: leave the replay (Esc)")), (80, _("Close"))),
        ]
        sc = self.frame.L.scale
        x = self.frame.L.top.right - int(8 * sc)
        h = self.frame.L.top.h - int(14 * sc)
        for b, w in reversed(buttons):
            # A button of words is as wide as its longest label needs, in any language.
            w, *labels = w if isinstance(w, tuple) else (w,)
            size = max(theme.min_text_px(), min(int(h * 0.42), label_px(sc)))
            wide = max([int(w * sc)] + [fonts().width(label, size, bold=True) + int(16 * sc) for label in labels])
            x -= wide
            b.rect = pygame.Rect(x, self.frame.L.top.y + int(7 * sc), wide, h)
            x -= int(6 * sc)
        return [b for b, _width in buttons]

    def make_action_buttons(self) -> list[Button]:
        return []

    def prompt_text(self) -> tuple[str, str]:
        m = self.match
        title = _("Replay  ·  move {position} of {length}").format(position=number(m.position),
                                                                      length=number(m.length))
        if m.position == 0:
            return title, _("The deal. Press Play or Step to watch the game.")
        lines = m.lines_of(m.position)
        # The move itself in one line; what followed from it (a reset, a new year) is in the log.
        if not lines:
            return title, "…"
        return title, _("{move} (more in the log)").format(move=lines[0]) if len(lines) > 1 else lines[0]


def _factor(speed: float) -> str:
    """A speed as the language writes it: "0.5×", "0,5×"."""
    return _("{factor}×").format(factor=number(speed))
