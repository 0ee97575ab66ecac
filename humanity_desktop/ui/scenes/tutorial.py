"""Learn to play: the guided first game on the real table.

The Coach is the game screen's guide: it vets the player's requests through the script's
runner (controller/tutorial.py), plays a skipped chapter's steps, spotlights what the step
asks to touch, and keeps the chapter reached in the data folder.
"""
from __future__ import annotations

import pygame

from ...controller import Bus
from ...controller.tutorial import (
    LEARNER,
    NEXT,
    PROGRESS_FILE,
    Script,
    Tutorial,
    load_script,
    read_progress,
    tutorial_match,
    write_progress,
)
from ...controller.files import plain_reason
from ...controller.logs import log
from ..input import Click, Key
from ..settings import PACES
from ..views.coach_panel import CoachFrame, CoachPanel
from ..widgets import Button
from .dialog import ChoiceScene
from .game import GameScene
from .table_screen import TableScreen
from . import routes

PACE = "slow"  # the bot's moves, slow enough to follow
NEXT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)  # the note's Next, from the keyboard


@routes.screen(routes.LEARN)
def learn_to_play(app) -> None:
    """Title → Learn to play: resume at the chapter reached, or start the guided game."""
    script = load_script()
    told: list[str] = []
    saved = read_progress(app.data_dir / PROGRESS_FILE, script, told.append)
    if told:  # the progress file could not be used, and was set aside
        app.stack.push(ChoiceScene(app, "Learn to play", told[0], [("Start the tutorial", lambda: start(app, script))]))
        return
    if saved is None or saved[0] == 0:
        start(app, script)
        return
    chapter = saved[0]
    title = script.chapters[chapter][1]
    app.stack.push(ChoiceScene(app, "Learn to play", f"You reached chapter {chapter + 1}, {title}.", [
        (f"Resume at {title}", lambda: start(app, script, saved)),
        ("Start over", lambda: start(app, script)),
    ]))


def start(app, script: Script, saved: tuple | None = None) -> GameScene:
    """The guided game from the deal, or from `saved` (chapter, position, log)."""
    chapter, state, lines = saved if saved is not None else (0, None, None)
    match = tutorial_match(script, Bus(), state=state, log=lines, thinking=app.settings.bot_time, confirm_turns=True)
    app.audio.listen(match)
    coach = Coach(app, script, match, chapter)
    scene = GameScene(app, match, guide=coach)
    app.stack.push(scene)
    return scene


class Coach:
    def __init__(self, app, script: Script, match, chapter: int) -> None:
        self.app = app
        self.script = script
        self.match = match
        self.runner = Tutorial(script, match, chapter, on_chapter=self._reached)
        self.panel = CoachPanel()
        self.hidden = False  # after the last chapter the player may put the note away
        self.buttons: list[Button] = []
        self._reached(chapter)

    # ------------------------------------------------------------ the game screen's questions

    def vet(self, request) -> str | None:
        return self.runner.vet(request)

    def bot_pace(self, chosen: float) -> float:
        """The bot plays slowly enough to follow, unless the command line set a pace."""
        return chosen if self.app.config.pace is not None else max(chosen, PACES[PACE])

    def update(self, scene: TableScreen) -> None:
        if not scene.director.busy:  # the learner's turn comes once the table shows it, reset and all
            self.runner.poll()
        if not scene.director.busy and not scene.editor.active:
            request = self.runner.autopilot()
            if request is not None:
                scene.send(request)
        self.buttons = self._make_buttons(scene)
        self.panel.place(scene.L.log, scene.L.scale, self.buttons)

    def handle(self, intent, scene: TableScreen) -> bool:
        """A click on the note's buttons, or Enter or Space for its Next; anything else is the table's."""
        if self.hidden:
            return False
        if isinstance(intent, Key) and intent.key in NEXT_KEYS and not self.runner.free and self.runner.step.wait == NEXT:
            self.runner.next()
            return True
        if not isinstance(intent, Click) or not scene.L.log.collidepoint(intent.pos):
            return False
        for b in self.buttons:
            b.click(intent.pos)
        return True

    def draw(self, surface: pygame.Surface, scene: TableScreen) -> None:
        if self.hidden or scene.director.telling:  # a reset told step by step has the panel meanwhile
            return
        chapter = self.runner.chapter
        heading = f"Chapter {chapter + 1} of {len(self.script.chapters)}  ·  {self.script.chapters[chapter][1]}"
        spot = self.spot_rect(scene) if not scene.director.busy else None
        self.panel.draw(surface, CoachFrame(heading, self.runner.step.text, self.buttons, spot,
                                            scene.clock, scene.pointer))

    # ------------------------------------------------------------ parts

    def _make_buttons(self, scene: TableScreen) -> list[Button]:
        if self.runner.free:
            return [Button("Play on", self._hide, style="primary", tooltip="Put this note away and finish the game"),
                    Button("Back to title", self._leave, style="quiet")]
        buttons = []
        if self.runner.step.wait == NEXT:
            buttons.append(Button("Next", self.runner.next, style="primary"))
        buttons.append(Button("Skip chapter", self.runner.skip_chapter,
                              enabled=self.runner.skipping_to is None, tooltip="Play this chapter's moves for you"))
        buttons.append(Button("Leave", self._leave, style="quiet", tooltip="Back to the title; come back to this chapter"))
        return buttons

    def spot_rect(self, scene: TableScreen) -> pygame.Rect | None:
        """Where the step's spotlight falls on screen now, if it has one."""
        spot = self.runner.step.spot
        if spot is None:
            return None
        kind, value = spot
        s = self.match.state
        if kind == "button":
            return next((b.rect for b in scene.action_buttons if b.label.startswith(value)), None)
        if kind == "hangar":
            return scene.board.hangar_rect(s, value)
        if kind == "experiment":
            return scene.board.bay_rect(s, value)
        if kind == "astronaut":
            cell = s.players[LEARNER].astros[value][2]  # out by the board: nothing in the base to light
            return scene.base.cell_rect(s, LEARNER, cell) if isinstance(cell, tuple) else None
        return scene.base.cell_rect(s, LEARNER, value)

    def _reached(self, chapter: int) -> None:
        """A new chapter begins: keep it, so Leave and come back starts here."""
        if not self.app.saving:
            return
        try:
            write_progress(self.app.data_dir / PROGRESS_FILE, self.script, chapter, self.match)
        except OSError as exc:
            log.warning("the tutorial's progress could not be saved: %s", exc)
            self.app.notify(f"Your place in Learn to play cannot be kept: {plain_reason(exc)}.")

    def _hide(self) -> None:
        self.hidden = True

    def _leave(self) -> None:
        self.runner.close()
        self.app.stack.pop()
