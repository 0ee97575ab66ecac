"""Learn to play: the guided first game on the real table.

The Coach is the game screen's guide: it vets the player's requests through the script's
runner (controller/tutorial.py), plays a skipped chapter's steps, spotlights what the step
asks to touch, and keeps the chapter reached in the data folder. The chapter list opens
Learn to play from the title, and from the coach's note: any chapter plays from its start.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from ...storage.files import plain_reason
from ...storage.logs import log
from ...controller.tutorial import (
    LEARNER,
    NEXT,
    PROGRESS_FILE,
    Script,
    Tutorial,
    load_script,
    read_progress,
    write_progress,
)
from ...engine import Action
from ...language import _
from .. import theme
from ..fonts import draw_text, fonts
from ..input import Click, Key
from ..settings import PACES
from ..views.coach_panel import BUTTON_MIN_H, CoachPanel, button_scale, next_swell, px
from ..widgets import Button, draw_panel, hovered, layout_column
from .dialog import ChoiceScene, fitting_width
from .game import GameScene
from .table_screen import Guided
from . import routes

PACE = "slow"  # the bot's moves, slow enough to follow
NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)  # the note's Next; Space is the table's (a reset's next step)
CHAPTER_KEYS = {pygame.K_1 + i: i for i in range(9)}  # the chapter list: a chapter's number picks it


@routes.screen(routes.LEARN)
def learn_to_play(app) -> None:
    """Title → Learn to play: the chapters, the one reached last time lit."""
    script = load_script()
    told: list[str] = []
    saved = read_progress(app.data_dir / PROGRESS_FILE, script, told.append)
    app.stack.push(ChaptersScene(app, script, lambda chapter: start(app, script, chapter),
                                 reached=saved[0] if saved is not None else None))
    if told:  # the progress file could not be used, and was set aside: say so over the list
        app.stack.push(routes.make(routes.CHOICE, app, _("Learn to play"), told[0], [(_("OK"), lambda: None)],
                                       cancel=None))


def start(app, script: Script, chapter: int = 0) -> GameScene:
    """The guided game from the start of `chapter`, as the script's moves reach it."""
    match = app.session.guided_match(script, chapter)
    scene = GameScene(app, match, guide=Coach(app, script, match, chapter))
    app.stack.push(scene)
    return scene


class Coach:
    def __init__(self, app, script: Script, match, chapter: int) -> None:
        self.app = app
        self.script = script
        self.match = match
        self.runner = Tutorial(script, match, chapter, on_chapter=self._reached)
        self.panel = CoachPanel()
        self.put_away = False  # after the last chapter the player may put the note away
        self.folded = False  # the note folded to a bar, so the game log shows; a new step unfolds it
        self.showing = False  # the note is on the table: not put away, and no reset playing
        self._folded_at: int | None = None  # the step the note was folded on
        self.buttons: list[Button] = []
        self._placed: tuple | None = None  # what the note was laid out to show (see _look)
        self._drawn: tuple | None = None  # what the last frame showed of it
        self._lit: tuple[tuple, float] | None = None  # the spotlight on show, and the clock when it lit
        self._reached(chapter)

    @property
    def hidden(self) -> bool:
        """The game log is uncovered: the note is put away or folded."""
        return self.put_away or self.folded

    # ------------------------------------------------------------ the game screen's questions

    def vet(self, request) -> str | None:
        return self.runner.vet(request)

    def payment(self) -> list[Action]:
        return self.runner.payment()

    def log_area(self, area: pygame.Rect) -> pygame.Rect:
        return self.panel.below(area) if self.showing else area

    def bot_pace(self, chosen: float) -> float:
        """The bot plays slowly enough to follow, unless the command line set a pace."""
        return chosen if self.app.config.pace is not None else max(chosen, PACES[PACE])

    def update(self, scene: Guided) -> None:
        if not scene.director.busy:  # the learner's turn comes once the table shows it, reset and all
            self.runner.poll()
        if not scene.director.busy and not scene.hand.editor.active:
            request = self.runner.autopilot()
            if request is not None:
                scene.orders.send(request)
        if self.folded and self._folded_at != self.runner.index:
            self.folded = False  # a new note is read before it is folded again
        # A reset has the table's attention (and its steps' captions the log's panel); a note
        # that would only flash before it waits until it is over.
        self.showing = not self.put_away and not scene.director.resetting
        self.buttons = self._make_buttons()
        chapter = self.runner.chapter
        heading = _("Chapter {number} of {count}  ·  {title}").format(
            number=chapter + 1, count=len(self.script.chapters), title=_(self.script.chapters[chapter][1]))
        self.panel.place(scene.frame.L.log, scene.frame.L.scale, heading, _(self.runner.step.text), self.buttons,
                         self.folded)
        self._placed = self._look(scene)

    def next_change(self, scene: Guided) -> float | None:
        """When the note or its spotlight changes with no input: at once when it shows what
        the last frame did not (a new step, a reset over), then as the ring swells; None once
        it holds still."""
        if self._look(scene) != self._drawn:
            return 0.0
        return next_swell(scene.frame.clock - self._lit[1]) if self._lit is not None else None

    def _look(self, scene: Guided) -> tuple:
        """What the note and its spotlight show now, as far as it changes with no input."""
        spot = self.spot_rect(scene) if not scene.director.busy else None
        return (self.put_away, self.folded, scene.director.resetting, self.runner.index,
                tuple(spot) if spot is not None else None)

    def handle(self, intent, scene: Guided) -> bool:
        """A click on the note, or Enter for its Next while it is on show; anything else is the table's."""
        if not self.showing:
            return False
        if isinstance(intent, Key) and intent.key in NEXT_KEYS and not self.folded and self._reading():
            self.runner.next()
            return True
        if not isinstance(intent, Click) or not self.panel.rect.collidepoint(intent.pos):
            return False
        for b in self.buttons:
            b.click(intent.pos)
        return True

    def draw(self, surface: pygame.Surface, scene: Guided) -> None:
        self._drawn = self._placed
        spot = self.spot_rect(scene) if self.showing and not scene.director.busy else None
        if spot is None:
            self._lit = None
        elif self._lit is None or self._lit[0] != (self.runner.index, tuple(spot)):
            self._lit = ((self.runner.index, tuple(spot)), scene.frame.clock)  # a new spot swells afresh
        if self.showing:
            self.panel.draw(surface, spot, scene.frame.clock - self._lit[1] if spot is not None else 0.0, scene.hand.pos)

    # ------------------------------------------------------------ parts

    def _reading(self) -> bool:
        return not self.runner.free and self.runner.step.wait == NEXT

    def _make_buttons(self) -> list[Button]:
        if self.folded:
            return [Button(_("Show note"), self.unfold, style="primary", tooltip=_("Unfold the guide's note"))]
        chapters = Button(_("Chapters…"), self.open_chapters,
                          tooltip=_("Play any chapter from its start, skip this one, or leave"))
        if self.runner.free:
            return [Button(_("Play on"), self._put_away, style="primary",
                           tooltip=_("Put this note away and finish the game")),
                    chapters, Button(_("Back to title"), self.leave, style="quiet")]
        buttons = [Button(_("Next"), self.runner.next, style="primary")] if self._reading() else []
        return buttons + [chapters, Button(_("Hide note"), self.fold, style="quiet",
                                           tooltip=_("Fold the note to read the game log; Show note brings it back"))]

    def spot_rect(self, scene: Guided) -> pygame.Rect | None:
        """Where the step's spotlight falls on screen now, if it has one."""
        spot = self.runner.step.spot
        if spot is None:
            return None
        kind, value = spot
        s = self.match.state
        if kind == "button":
            # The script names a button by its English words: the message its label is made from.
            return next((b.rect for b in scene.frame.action_buttons if b.label.startswith(_(value))), None)
        if kind == "hangar":
            return scene.views.board.hangar_rect(s, value)
        if kind == "experiment":
            return scene.views.board.bay_rect(s, value)
        if kind == "astronaut":
            cell = s.players[LEARNER].astros[value][2]  # out by the board: nothing in the base to light
            return scene.views.base.cell_rect(s, LEARNER, cell) if isinstance(cell, tuple) else None
        return scene.views.base.cell_rect(s, LEARNER, value)

    def open_chapters(self) -> None:
        """The chapter list over the game: replay one, skip this one, or leave."""
        runner = self.runner

        def replay(chapter: int) -> None:
            self.leave()
            start(self.app, self.script, chapter)

        more = [] if runner.free else [(_("Skip this chapter"), runner.skip_chapter)]
        self.app.stack.push(ChaptersScene(self.app, self.script, replay, current=runner.chapter,
                                          more=more + [(_("Back to the title"), self.leave)]))

    def _reached(self, chapter: int) -> None:
        """A new chapter begins: keep it, so Learn to play offers it first next time."""
        if not self.app.saving:
            return
        try:
            write_progress(self.app.data_dir / PROGRESS_FILE, self.script, chapter, self.match)
        except OSError as exc:
            log.warning("the tutorial's progress could not be saved: %s", exc)
            self.app.notify(_("Your place in Learn to play cannot be kept: {reason}.").format(reason=plain_reason(exc)))

    def fold(self) -> None:
        """The note down to a bar, so the game log shows, until the next step's note."""
        self.folded, self._folded_at = True, self.runner.index

    def unfold(self) -> None:
        self.folded = False

    def _put_away(self) -> None:
        self.put_away = True

    def leave(self) -> None:
        """Back to what lies under the guided game (the title)."""
        self.runner.close()
        self.app.stack.pop()


class ChaptersScene(ChoiceScene):
    """Learn to play's chapters: one click (or its number) plays any of them from its start.
    The chapter reached last time (from the title) or the one on show (from the game) is lit,
    and Enter picks it; from the game, `more` adds its own rows (skip this chapter, back to
    the title). Its type keeps MIN_TEXT px in the smallest window."""

    def __init__(self, app, script: Script, pick: Callable[[int], None], reached: int | None = None,
                 current: int | None = None, more: list[tuple[str, Callable[[], None]]] | None = None) -> None:
        lit = current if current is not None else reached if reached is not None else 0
        titles = [(_("{number}.  {title}  (now)") if i == current else _("{number}.  {title}  (last time)")
                   if i == reached else _("{number}.  {title}")).format(number=i + 1, title=_(title))
                  for i, (_id, title) in enumerate(script.chapters)]
        message = (_("Each chapter plays from its own start.") if current is not None else
                   _("A guided game against a gentle bot, in short chapters. Each one plays from its start."))
        super().__init__(app, _("Learn to play"), message,
                         [(t, lambda i=i: pick(i)) for i, t in enumerate(titles)] + (more or []), enter=titles[lit])
        self.chapters = self.buttons[:len(titles)]
        for i, b in enumerate(self.buttons):
            b.style = "primary" if i == lit else "normal" if b in self.chapters else "quiet"

    def on_resize(self, size) -> None:
        sc = self.app.scale
        text, gap, pad = px(16, sc), max(3, int(6 * sc)), int(20 * sc)
        w = fitting_width(int(520 * sc), self.buttons, sc, pad, size[0] - 2 * pad)
        self.lines = fonts().wrap(self.message, text, w - 2 * pad)
        # The title, the message, then the rows: shorter rows where the window is short.
        top = int(56 * sc) + len(self.lines) * fonts().height(text)
        room = size[1] - top - int(40 * sc)
        bh = max(BUTTON_MIN_H, min(int(40 * sc), room // len(self.buttons) - gap))
        self.panel = pygame.Rect(0, 0, w, top + len(self.buttons) * (bh + gap) + int(16 * sc))
        self.panel.center = (size[0] // 2, size[1] // 2)
        layout_column(self.buttons, pygame.Rect(self.panel.x + pad, self.panel.y + top, w - 2 * pad, 0), bh, gap)

    def handle(self, intent) -> bool:
        if isinstance(intent, Key) and CHAPTER_KEYS.get(intent.key, len(self.chapters)) < len(self.chapters):
            self.chapters[CHAPTER_KEYS[intent.key]].on_click()
            return True
        return super().handle(intent)  # Enter picks the lit chapter, as the dialog's answer to Enter

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((6, 6, 10, 150))
        surface.blit(veil, (0, 0))
        draw_panel(surface, self.panel, sc, fill=theme.PANEL_HI, edge=theme.ACCENT_DARK)
        pad = int(20 * sc)
        draw_text(surface, self.title.upper(), px(15, sc), theme.ACCENT,
                  (self.panel.x + pad, self.panel.y + int(16 * sc)), bold=True)
        y = self.panel.y + int(44 * sc)
        for line in self.lines:
            y = draw_text(surface, line, px(16, sc), theme.TEXT, (self.panel.x + pad, y)).bottom
        over = hovered(self.buttons, self.pointer)
        for b in self.buttons:
            b.draw(surface, button_scale(sc), b is over)
