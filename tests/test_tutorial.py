"""Learn to play: the script loads and is checked, the guided game is played from the title
to its last chapter with posted mouse events while every fact each step claims is checked on
the screen it is shown with, wrong gestures are nudged, Undo goes back a step, any chapter
plays from its start, and the chapter reached is kept for the next visit."""
from __future__ import annotations

import json
import re
import time

import pygame
import pytest

from humanity_desktop.controller.match import Pacing
from humanity_desktop.controller import ActionApplied, Bus
from humanity_desktop.controller.calendar import ends_turn
from humanity_desktop.controller.tutorial import (
    CONFIRM,
    LEARNER,
    NEXT,
    PROGRESS_FILE,
    RIVAL,
    YOUR_TURN,
    ScriptError,
    load_script,
    read_progress,
    tutorial_match,
)
from humanity_desktop.engine import Action, Kind, legal_actions, observe
from humanity_desktop.engine.catalogue import load as load_catalogue
from humanity_desktop.language import SOURCE, _, set_language
from humanity_desktop.language.pseudo import PSEUDO
from humanity_desktop.ui import app as app_module
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.drawn import recording
from humanity_desktop.ui.scenes.dialog import ChoiceScene
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.scenes.tutorial import PACE, ChaptersScene, start
from humanity_desktop.ui.settings import PACES
from humanity_desktop.ui.layout import game_layout
from humanity_desktop.ui.views.coach_panel import MIN_TEXT, SWELL_STEPS, CoachPanel
from humanity_desktop.ui.widgets import Button
from humanity_desktop.engine.segment import Segment

from tutorial_claims import Seen, wrong
from ui_driver import app, click, key, move, run_until, settle  # noqa: F401 - app is a fixture

SHIPPED = load_script()
CHAPTER = {cid: i for i, (cid, _) in enumerate(SHIPPED.chapters)}
SIZES = ((1024, 576), (1366, 768), (1920, 1080))  # the smallest window the game supports, a laptop's, a large one
LOG_LINES = 3  # the game log keeps this many readable lines beside the guide's note, or once it is folded
ROOM_FOR_A_LINE = (1366, 768)  # from this window up, the log's newest line shows below every note unfolded


def shipped_raw() -> dict:
    from importlib import resources
    return json.loads(resources.files("humanity_desktop.controller").joinpath("data", "tutorial.json").read_text())


def open_chapters(app) -> ChaptersScene:
    """Title → Learn to play, as a player clicks it: the chapter list."""
    app.stack.push(TitleScene(app))
    app.step()
    click(app, next(b for b in app.stack.top.buttons if b.label == "Learn to play").rect.center)
    assert isinstance(app.stack.top, ChaptersScene)
    return app.stack.top


def open_tutorial(app, chapter: int = 0) -> GameScene:
    """Title → Learn to play → a chapter, as a player clicks them."""
    chapters = open_chapters(app)
    click(app, chapters.chapters[chapter].rect.center)
    assert isinstance(app.stack.top, GameScene) and app.stack.top.guide is not None
    return app.stack.top


def coach_button(game: GameScene, label: str):
    return next(b for b in game.guide.buttons if b.label == _(label))


def wait_for_turn(app, game: GameScene) -> None:
    """Let the bot play (fast-forward on) until the step moves on."""
    index = game.guide.runner.index
    assert run_until(app, lambda: game.guide.runner.index != index), \
        f"step {index} never saw the learner's turn; the log ends {game.match.log[-3:]}"


def do_step(app, game: GameScene) -> None:
    """What a learner does for the step on show: touch what the spotlight lights."""
    runner = game.guide.runner
    wait = runner.step.wait
    settle(app, game)
    app.step()
    if wait == YOUR_TURN:
        wait_for_turn(app, game)
        return
    if wait == NEXT:
        click(app, coach_button(game, "Next").rect.center)
        return
    spot = game.guide.spot_rect(game)
    assert spot is not None, f"step {runner.index} lights nothing"
    click(app, spot.center)
    if isinstance(app.stack.top, ChoiceScene):  # the upgrade given from a list
        number = f"Astronaut {wait.astronaut + 1} "
        click(app, next(b for b in app.stack.top.buttons if b.label.startswith(number)).rect.center)
    settle(app, game)


def play_chapters(app, game: GameScene, until: int) -> None:
    runner = game.guide.runner
    while runner.chapter < until:
        index = runner.index
        do_step(app, game)
        assert runner.index > index, f"step {index} ({runner.step.text[:40]}) did not move on"


def rendered(draw) -> list[tuple[str, int]]:
    """Each text `draw()` renders or draws, with its size in pixels."""
    with recording() as notes:
        draw()
    return [(note.text, note.px) for note in notes]


def note_sizes(game: GameScene) -> list[int]:
    """The type sizes of the guide's note (or its folded bar) as drawn now."""
    texts = rendered(lambda: game.guide.panel.draw(pygame.Surface(game.app.size), None, 0.0, (0, 0)))
    return [size for _, size in texts]


def log_room(game: GameScene) -> int:
    """The height of the log's panel the log keeps below the guide's note (or its bar) as laid out now."""
    return game.guide.log_area(game.story.log_area(game)).h


class Witness:
    """Watches every frame of a guided game and checks each step's claims on the screen it is
    shown with: its `checks` once its note is on show (at the first frame the table is at rest,
    else the last one the note showed), its `then` once it is done; and on every step, that the
    note's words fit in type of at least MIN_TEXT px, that Undo is enabled whenever the turn's
    words offer it, and that the game log keeps LOG_LINES readable lines, none under the note
    (from ROOM_FOR_A_LINE up, its newest line below the note unfolded)."""

    def __init__(self, app, game: GameScene) -> None:
        self.app, self.game = app, game
        self.runner = game.guide.runner
        self.problems: list[str] = []
        self.verified = 0  # facts found true
        self.seen: set[int] = set()  # the steps whose note was checked on its screen
        self.index: int | None = None
        self.pending: Seen | None = None  # the step's screen, until one at rest is seen
        self.checked = False
        self.turns = 0  # the rival's turns while the step is on
        self.row_h = 0  # a log line's height, once the log has drawn one
        game.match.bus.subscribe(ActionApplied, self._on_applied)
        draw = game.draw

        def drawn(surface) -> None:
            draw(surface)
            self.frame()
        game.draw = drawn

    def _on_applied(self, ev: ActionApplied) -> None:
        if ev.seat != LEARNER and ends_turn(ev.engine_events):
            self.turns += 1

    def frame(self) -> None:
        game, index = self.game, self.runner.index
        if index != self.index:
            if self.index is not None:
                self._done(self.index)
            self.index, self.pending, self.checked, self.turns = index, None, False, 0
        guide = game.guide
        if self.checked or not guide.showing or guide.folded:
            return
        self.pending = Seen(game)
        if not game.director.busy:
            self._check(self.pending, self.index)
            self.checked = True

    def _done(self, index: int) -> None:
        step = SHIPPED.steps[index]
        if not self.checked and self.pending is not None:
            self._check(self.pending, index)
        self._verify(index, "then", step.then, Seen(self.game, self.turns))

    def _check(self, seen: Seen, index: int) -> None:
        step, game, panel = SHIPPED.steps[index], self.game, self.game.guide.panel
        self.seen.add(index)
        self._verify(index, "checks", step.checks, seen)
        if not panel.fits:
            self.problems.append(f"steps[{index}]: the note's {len(panel.lines)} lines do not fit its panel")
        if min(note_sizes(game)) < MIN_TEXT:
            self.problems.append(f"steps[{index}]: the note's type is under {MIN_TEXT} px")
        _, words = game.prompt_text()
        if "Undo" in words and not any(b.label == "Undo" and b.enabled for b in game.frame.action_buttons):
            self.problems.append(f"steps[{index}]: the turn's words offer Undo ({words!r}) but it is greyed")
        self._log_readable(index)

    def _verify(self, index: int, key: str, facts, seen: Seen) -> None:
        problems = wrong(facts, seen)
        self.verified += len(facts) - len(problems)
        self.problems += [f"steps[{index}].{key}: {p}" for p in problems]

    def _log_readable(self, index: int) -> None:
        """No line of the log drawn under the note, and LOG_LINES lines of it below the note,
        or below its bar once folded."""
        game, panel = self.game, self.game.guide.panel
        rows = game.views.log._rows
        covered = [game.match.log[line] for rect, line in rows if rect.colliderect(panel.rect)]
        if covered:
            self.problems.append(f"steps[{index}]: the note covers the log's line {covered[0]!r}")
        roomy = all(a >= b for a, b in zip(self.app.size, ROOM_FOR_A_LINE))
        if roomy and game.match.log and not rows and not game.guide.folded:
            self.problems.append(f"steps[{index}]: the note leaves no line of the log at {self.app.size}")
        if rows:
            self.row_h = rows[0][0].h
        if not self.row_h:
            return  # nothing logged yet to measure a line by
        if log_room(game) >= LOG_LINES * self.row_h:
            return
        labels = [b.label for b in game.guide.buttons]
        if "Play on" in labels:  # free play: the note is put away for good
            return
        if "Hide note" not in labels:
            self.problems.append(f"steps[{index}]: the note covers the log and cannot be folded")
            return
        game.guide.fold()
        game.guide.update(game)
        below = log_room(game)
        if min(note_sizes(game)) < MIN_TEXT:
            self.problems.append(f"steps[{index}]: the folded note's type is under {MIN_TEXT} px")
        if below < LOG_LINES * self.row_h:
            self.problems.append(f"steps[{index}]: folded, the note leaves {below} px of log, "
                                 f"not {LOG_LINES} lines of {self.row_h} px")
        game.guide.unfold()
        game.guide.update(game)


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def sized_app(request, tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=request.param, max_fps=0, pace="instant", anim_speed=50.0))
    yield app
    app.close()


def test_every_claim_of_the_guide_holds_on_its_screen_from_the_deal_to_the_end(sized_app):
    app = sized_app
    game = open_tutorial(app)
    witness = Witness(app, game)
    key(app, pygame.K_f)  # fast-forward the bot, as an impatient learner would
    last = len(SHIPPED.chapters) - 1
    seen = []
    runner = game.guide.runner
    starts = {}  # chapter -> the position and log the learner's game reached it with
    reached = runner.on_chapter

    def note_start(chapter: int) -> None:
        starts[chapter] = (game.match.state.copy(), list(game.match.log), game.match.pending)
        reached(chapter)
    runner.on_chapter = note_start
    while runner.chapter < last:
        seen.append(runner.chapter)
        play_chapters(app, game, runner.chapter + 1)
    settle(app, game)
    app.step()
    assert sorted(set(seen)) == list(range(last))
    assert not witness.problems, "\n".join(witness.problems)
    assert witness.seen == set(range(len(SHIPPED.steps)))
    # Every fact was checked: each step's on its screen, and what it promised once done (the
    # last step, free play, is never done).
    claimed = sum(len(step.checks) for step in SHIPPED.steps) + sum(len(step.then) for step in SHIPPED.steps[:-1])
    assert witness.verified == claimed
    # Each chapter played from the list starts where the learner's game reached it.
    assert sorted(starts) == list(range(1, last + 1))
    for chapter, (state, log, pending) in starts.items():
        built = tutorial_match(SHIPPED, Bus(), chapter, pacing=Pacing(confirm_turns=True))
        assert built.state == state and built.log == log, f"chapter {chapter + 1}"
        assert (built.pending is None) == (pending is None), f"chapter {chapter + 1}"
        built.close()
    s = game.match.state
    me = s.players[LEARNER]
    # Every chapter really happened: a square, a greenhouse, an experiment, a mission, the year's end.
    assert me.ledger["square"] == 2 and me.ledger["greenhouse"] == 1 and me.experiments == ["E1-4"]
    assert s.holders[0] == LEARNER and me.science > 0 and s.year == 2
    # Free play: any legal gesture goes through, and the note can be put away.
    assert runner.free and game.guide.vet(object()) is None
    click(app, coach_button(game, "Play on").rect.center)
    assert game.guide.hidden


def test_a_rivals_base_shown_over_the_table_covers_the_spotlight(sized_app, monkeypatch):
    """The rival's whole base, shown over the table while the pointer rests on its miniature,
    lies over the guide's spotlight on the learner's astronaut: neither its dimming nor its
    ring is drawn on the rival's base."""
    app = sized_app
    game = open_tutorial(app)
    click(app, coach_button(game, "Next").rect.center)
    assert game.guide.runner.step.spot == ("astronaut", 0)
    move(app, game.views.seats_view.mini_rect(RIVAL).center)
    popup = game.views.popup.rect
    spot = game.guide.spot_rect(game)
    assert spot is not None and spot.colliderect(popup)  # the rival's base covers the astronaut
    lit = pygame.image.tobytes(app.screen.subsurface(popup), "RGB")
    monkeypatch.setattr(game.guide, "spot_rect", lambda scene: None)
    game.draw(app.screen)
    assert pygame.image.tobytes(app.screen.subsurface(popup), "RGB") == lit, "the spotlight shows on the popup"


def test_a_wrong_gesture_is_nudged_and_changes_nothing(app):
    game = open_tutorial(app)
    click(app, coach_button(game, "Next").rect.center)
    runner = game.guide.runner
    step = runner.index
    assert runner.step.wait == Action("select_astronaut", 0)
    before = game.match.state.copy()
    s = game.match.state
    wrong = s.players[LEARNER].astros[1][2]  # the other astronaut
    click(app, game.views.base.cell_center(s, LEARNER, wrong))
    assert game.match.state == before and runner.index == step
    [toast] = game.frame.toasts.items
    assert toast.text.startswith("Not that one yet.") and runner.step.text in toast.text
    click(app, game.guide.spot_rect(game).center)  # the right one still works
    assert runner.index == step + 1 and game.match.state.players[LEARNER].astros[0] == before.players[LEARNER].astros[0]
    assert game.match.state.sel == 0


def paying(wait) -> bool:
    return isinstance(wait, Action) and wait.kind == Kind.SPEND


def test_auto_pay_pays_as_the_guide_asks_wherever_it_asks_to_pay(app):
    """Auto-pay, pressed where the guide first asks for a unit of a cost, pays the whole cost
    in its own order: the guide takes every unit it asked for, nudges at none, and goes on
    past the payment to the end of the guide."""
    game = open_tutorial(app)
    key(app, pygame.K_f)
    runner = game.guide.runner
    payments = [i for i, step in enumerate(SHIPPED.steps) if paying(step.wait) and not paying(SHIPPED.steps[i - 1].wait)]
    paid = []
    while not runner.free:
        if not paying(runner.step.wait):
            do_step(app, game)
            continue
        settle(app, game)
        app.step()
        paid.append(runner.index)
        click(app, next(b for b in game.frame.action_buttons if b.label == "Auto-pay").rect.center)
        settle(app, game)
        nudges = [t.text for t in game.frame.toasts.items if t.text.startswith("Not that one yet")]
        assert not nudges, f"steps[{paid[-1]}]: Auto-pay was nudged: {nudges}"
        pending = game.match.pending  # the cost's last unit ended the turn, which waits for Confirm
        paid_for = pending.preview if pending is not None else game.match.state
        assert not any(paid_for.need) and not paying(runner.step.wait), f"steps[{paid[-1]}]: left unpaid"
    assert paid == payments and len(payments) >= 4


def test_the_units_of_one_cost_may_be_paid_in_any_order(app):
    """Where the guide asks for a cost's units one by one, paying them in another order is no
    wrong gesture: the note goes on to the unit still owed, then past the payment."""
    game = open_tutorial(app, CHAPTER["experiments"])
    key(app, pygame.K_f)
    runner = game.guide.runner
    while not paying(runner.step.wait):
        do_step(app, game)
    index, first, second = runner.index, runner.step.wait, SHIPPED.steps[runner.index + 1].wait
    assert paying(second) and first.cell != second.cell
    settle(app, game)
    click(app, game.views.base.cell_center(game.match.state, LEARNER, second.cell))  # the second unit first
    settle(app, game)
    assert not game.frame.toasts.items and game.match.state.need[second.toward] == 0
    assert runner.index == index + 1 and runner.step.wait == first  # the step still owed comes next
    click(app, game.views.base.cell_center(game.match.state, LEARNER, first.cell))
    settle(app, game)
    assert not game.frame.toasts.items and runner.step.wait == CONFIRM and game.match.pending is not None


def test_the_bot_plays_slowly_enough_to_follow_unless_the_command_line_set_a_pace(app):
    game = open_tutorial(app)
    assert game.bot_pace() == PACES["instant"]  # the tests' own pace, as --pace would set it
    app.config.pace = None
    assert game.bot_pace() == PACES[PACE]
    app.settings.pace = "slow"
    assert game.bot_pace() == PACES["slow"] >= PACES[PACE]
    key(app, pygame.K_f)  # fast-forward is fast here too
    assert game.bot_pace() == 0.0


class Hastened:
    """The loop's clock (the app module's `time`): real time, plus all the time its rests and
    frame ticks would have slept, skipped at once; so seconds of idle take no time to run."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def perf_counter(self) -> float:
        return time.perf_counter() + self.ahead

    def sleep(self, seconds: float) -> None:
        self.ahead += seconds

    def tick(self, fps: int) -> None:  # as pygame.time.Clock holds the frame cap
        self.ahead += 1 / fps

    def __getattr__(self, name: str):
        return getattr(time, name)


IDLE = 10.0  # seconds of idle simulated at each step that waits for the player
FEW = SWELL_STEPS + 4  # the spotlight's swell, a tooltip coming due, a toast fading: a waiting game's few


def at_frame_cap(app, clock: Hastened, seconds: float, until=lambda: False) -> int:
    """Run the real loop with its frame cap (as in play, App.step and App._rest) over `seconds`
    of hastened time with no input, or until `until()` holds; the frames it drew."""
    app.config.max_fps = 60
    drawn = len(app.frame_ms)
    end = clock.perf_counter() + seconds
    try:
        while clock.perf_counter() < end and not until():
            app.step()
            app._rest(clock)
    finally:
        app.config.max_fps = 0
    return len(app.frame_ms) - drawn


def test_wherever_the_guide_waits_for_the_player_the_table_comes_to_rest(app, monkeypatch):
    """At every step that waits for the player the table stops asking for frames once its note
    and spotlight are drawn, as a waiting game does; a note that comes with no input (the
    learner's turn come round) is drawn at once."""
    clock = Hastened()
    monkeypatch.setattr(app_module, "time", clock)
    game = open_tutorial(app)
    runner = game.guide.runner
    shown: list[int] = []  # the step each frame showed
    draw = game.draw
    game.draw = lambda surface: (shown.append(runner.index), draw(surface))
    frames = {}
    while True:
        settle(app, game)
        app.step()
        index = runner.index
        if runner.step.wait == YOUR_TURN:  # the rival plays: the learner's turn comes with no input
            assert at_frame_cap(app, clock, 60.0, lambda: runner.index != index) and runner.index != index
            at_frame_cap(app, clock, 1.0)
            assert shown[-1] == runner.index, f"step {runner.index}'s note was not drawn when it came"
            continue
        frames[index] = at_frame_cap(app, clock, IDLE)
        assert game.next_change() is None, f"steps[{index}] still asks for a frame after {IDLE} s"
        if runner.free:
            break
        do_step(app, game)
    assert set(frames) == {i for i, step in enumerate(SHIPPED.steps) if step.wait != YOUR_TURN}
    busy = {i: n for i, n in frames.items() if n > FEW}
    assert not busy, f"frames drawn over {IDLE} s of waiting, by step: {busy}"


def test_a_note_that_moves_on_with_no_input_is_drawn_at_once(app, monkeypatch):
    """The guide moves on outside input too (its poll, when a turn comes round): the resting
    table draws the new note, though nothing else on it moved."""
    clock = Hastened()
    monkeypatch.setattr(app_module, "time", clock)
    game = open_tutorial(app)
    runner = game.guide.runner
    at_frame_cap(app, clock, IDLE)
    shown: list[int] = []
    draw = game.draw
    game.draw = lambda surface: (shown.append(runner.index), draw(surface))
    runner.advance()
    at_frame_cap(app, clock, 1.0)
    assert shown and shown[-1] == runner.index == 1


def play_to_step(app, game: GameScene, index: int) -> None:
    while game.guide.runner.index < index:
        do_step(app, game)


def test_enter_reads_on_past_a_note_but_is_the_tables_once_a_gesture_is_awaited(app):
    game = open_tutorial(app)
    runner = game.guide.runner
    first = runner.index
    key(app, pygame.K_RETURN)
    assert runner.index == first + 1 and runner.step.wait == Action("select_astronaut", 0)
    key(app, pygame.K_RETURN)  # nothing to read on: a gesture is awaited, and Enter does not skip it
    assert runner.index == first + 1


def test_space_never_reads_on_past_a_note(app):
    game = open_tutorial(app)
    runner = game.guide.runner
    key(app, pygame.K_SPACE)
    assert runner.index == 0 and runner.step.wait == NEXT


def test_stepping_through_the_years_reset_with_space_leaves_its_note_to_read(app):
    """Space is the reset's: pressed on and on through the end of year 1's reset told step by
    step, it never skips the end-of-year note that follows."""
    app.settings.reset_steps = "always"
    game = open_tutorial(app, CHAPTER["year"])
    runner = game.guide.runner
    assert runner.step.wait == CONFIRM
    click(app, game.guide.spot_rect(game).center)  # confirm: the round and the year end
    note = runner.index
    assert SHIPPED.steps[note].wait == NEXT and "science tokens" in runner.step.text
    told = 0
    for _ in range(400):
        told += game.director.telling
        key(app, pygame.K_SPACE)
        if not game.director.busy and game.guide.showing:
            break
    assert told and runner.index == note and game.guide.showing  # the reset was told, its note still waits
    for _ in range(5):
        key(app, pygame.K_SPACE)
    assert runner.index == note
    key(app, pygame.K_RETURN)
    assert runner.index == note + 1


def test_enter_during_a_reset_is_not_the_hidden_notes(app):
    app.settings.reset_steps = "always"
    game = open_tutorial(app, CHAPTER["year"])
    runner = game.guide.runner
    click(app, game.guide.spot_rect(game).center)  # confirm
    note = runner.index
    assert game.director.resetting and not game.guide.showing
    key(app, pygame.K_RETURN)
    assert runner.index == note


def test_undo_in_the_guided_game_takes_a_choice_back_and_its_step_with_it(app):
    game = open_tutorial(app)
    key(app, pygame.K_f)
    runner = game.guide.runner
    while runner.step.wait != CONFIRM:
        do_step(app, game)
    confirm = runner.index
    undo = next(b for b in game.frame.action_buttons if b.label == "Undo")
    assert undo.enabled
    click(app, undo.rect.center)  # the end of the turn, waiting for Confirm, goes back
    assert runner.index == confirm - 1 and game.match.pending is None
    click(app, next(b for b in game.frame.action_buttons if b.label == "Undo").rect.center)  # and the choice before it
    assert runner.index == confirm - 2 and game.match.state.work_left == 2
    play_to_step(app, game, confirm)  # the same steps again, and the guide goes on
    do_step(app, game)
    assert runner.chapter == 1


def test_undo_goes_back_into_the_chapter_before_when_a_chapter_starts_mid_turn(app):
    """The end of the year starts with a turn waiting for Confirm: Undo takes the upgrade back,
    and the guide goes back to the step that asked for it, then on again."""
    game = open_tutorial(app, CHAPTER["year"])
    runner = game.guide.runner
    start = runner.index
    click(app, next(b for b in game.frame.action_buttons if b.label == "Undo").rect.center)
    assert isinstance(runner.step.wait, Action) and runner.step.wait in game.match.legal()
    assert runner.chapter == CHAPTER["missions"]  # its last choice
    key(app, pygame.K_f)
    play_to_step(app, game, start)
    assert game.match.pending is not None
    play_chapters(app, game, len(SHIPPED.chapters) - 1)


def test_the_note_folds_to_show_the_game_log_and_a_new_step_unfolds_it(app):
    game = open_tutorial(app)
    guide = game.guide
    tall = guide.panel.rect.h
    assert game.log_covered()
    click(app, coach_button(game, "Hide note").rect.center)
    assert guide.folded and not game.log_covered() and guide.panel.rect.h < tall / 2
    click(app, coach_button(game, "Show note").rect.center)
    assert not guide.folded
    click(app, coach_button(game, "Hide note").rect.center)
    key(app, pygame.K_RETURN)  # folded, Enter is not the note's: nothing to read on
    assert guide.runner.index == 0
    click(app, coach_button(game, "Show note").rect.center)
    click(app, coach_button(game, "Next").rect.center)
    click(app, coach_button(game, "Hide note").rect.center)
    click(app, guide.spot_rect(game).center)  # the step's gesture, with the note folded
    assert guide.runner.index == 2 and not guide.folded


def test_learn_to_play_lists_the_chapters_and_plays_any_from_its_start(app):
    chapters = open_chapters(app)
    assert [b.label.split(".")[1].strip() for b in chapters.chapters] == [title for _, title in SHIPPED.chapters]
    assert chapters.chapters[0].style == "primary"  # nothing reached yet: the first
    key(app, pygame.K_5)  # a chapter's number picks it
    game = app.stack.top
    runner = game.guide.runner
    assert isinstance(game, GameScene) and runner.chapter == 4 and runner.index == SHIPPED.first_step(4)
    assert game.match.state.round == 2 and game.match.log  # the moves before it were played
    key(app, pygame.K_f)
    play_chapters(app, game, 5)  # and the script goes on from there


@pytest.mark.parametrize("size", [(1024, 576), (1024, 768), (1280, 720), (1280, 800), (1366, 768), (1600, 900),
                                  (1920, 1080), (2560, 1080), (2560, 1440), (3840, 2160)])
def test_every_note_fits_in_readable_type_at_every_window_size(app, size):
    """Each step's words and heading, beside the most buttons a note has, in type of at least
    MIN_TEXT px, with nothing cut, whatever the window."""
    L = game_layout(size, 2)
    panel = CoachPanel()
    for i, step in enumerate(SHIPPED.steps):
        chapter = SHIPPED.chapters[step.chapter][1]
        heading = f"Chapter {step.chapter + 1} of {len(SHIPPED.chapters)}  ·  {chapter}"
        buttons = [Button(label, lambda: None) for label in ("Next", "Chapters…", "Hide note")]
        panel.place(L.log, L.scale, heading, step.text, buttons, folded=False)
        texts = rendered(lambda: panel.draw(pygame.Surface(size), None, 0.0, (0, 0)))
        assert panel.fits and min(px for _, px in texts) >= MIN_TEXT, f"steps[{i}] at {size}"
        assert heading.upper() in [text for text, _ in texts], f"{chapter} is cut at {size}"


def test_the_chapter_list_is_readable_in_the_smallest_window(sized_app):
    chapters = open_chapters(sized_app)
    assert min(size for _, size in rendered(lambda: chapters.draw(sized_app.screen))) >= MIN_TEXT
    assert all(sized_app.screen.get_rect().contains(b.rect) and chapters.panel.contains(b.rect)
               for b in chapters.buttons)


def test_the_notes_chapter_list_replays_a_chapter_skips_one_or_leaves(app):
    game = open_tutorial(app)
    key(app, pygame.K_f)
    click(app, coach_button(game, "Chapters…").rect.center)
    listing = app.stack.top
    assert isinstance(listing, ChaptersScene) and listing.chapters[0].label.endswith("(now)")
    click(app, listing.chapters[7].rect.center)  # the end of the year, from its start
    game = app.stack.top
    assert isinstance(game, GameScene) and game.guide.runner.chapter == 7
    assert read_progress(app.data_dir / PROGRESS_FILE, SHIPPED, pytest.fail)[0] == 7
    key(app, pygame.K_f)
    play_chapters(app, game, 8)
    assert game.match.state.year == 2
    click(app, coach_button(game, "Chapters…").rect.center)
    click(app, next(b for b in app.stack.top.buttons if b.label == "Back to the title").rect.center)
    assert isinstance(app.stack.top, TitleScene)


def test_leaving_and_coming_back_offers_the_chapter_reached_first(app):
    game = open_tutorial(app)
    key(app, pygame.K_f)
    play_chapters(app, game, 2)
    reached = game.match.state.copy()
    click(app, coach_button(game, "Chapters…").rect.center)
    click(app, next(b for b in app.stack.top.buttons if b.label == "Back to the title").rect.center)
    assert isinstance(app.stack.top, TitleScene)
    saved = read_progress(app.data_dir / PROGRESS_FILE, SHIPPED, pytest.fail)
    assert saved is not None and saved[0] == 2
    chapters = open_chapters(app)
    lit = [b for b in chapters.chapters if b.style == "primary"]
    assert lit == [chapters.chapters[2]] and lit[0].label.endswith("(last time)")
    key(app, pygame.K_RETURN)  # the chapter reached
    game = app.stack.top
    assert game.guide.runner.chapter == 2 and game.match.state == reached
    key(app, pygame.K_f)
    play_chapters(app, game, 3)  # and the script goes on from there


def test_a_damaged_progress_file_is_set_aside_and_the_tutorial_starts_over(app):
    path = app.data_dir / PROGRESS_FILE
    path.write_text("{not json")
    app.stack.push(TitleScene(app))
    app.step()
    click(app, next(b for b in app.stack.top.buttons if b.label == "Learn to play").rect.center)
    told = app.stack.top
    assert isinstance(told, ChoiceScene) and "not complete JSON" in told.message
    click(app, told.buttons[0].rect.center)
    chapters = app.stack.top
    assert chapters.chapters[0].style == "primary"
    assert list(app.data_dir.glob("tutorial.damaged-*.json"))


def test_skipping_a_chapter_plays_its_moves(app):
    game = open_tutorial(app)
    key(app, pygame.K_f)
    click(app, coach_button(game, "Chapters…").rect.center)
    click(app, next(b for b in app.stack.top.buttons if b.label == "Skip this chapter").rect.center)
    runner = game.guide.runner
    assert run_until(app, lambda: runner.chapter == 1)
    assert game.match.state.players[LEARNER].astros[0][1] == "exhausted"


def test_a_script_whose_moves_are_refused_says_where():
    raw = shipped_raw()
    raw["steps"][1]["wait"] = {"type": "select_astronaut", "astronaut": 2}  # out beside the board
    raw["steps"][1].pop("spot")
    script = load_script(json.dumps(raw))
    with pytest.raises(ScriptError, match=re.escape("steps[1]: the script's move is refused")):
        tutorial_match(script, Bus(), 1, pacing=Pacing(confirm_turns=True))


def test_the_rival_plays_the_deals_own_moves_through_the_guided_chapters():
    """Every set move is played as set (none falls back to the level's choice), so a change
    to the bots cannot change the lesson. Moves with no choice are the match's, not set."""
    bus = Bus()
    played: dict = {}

    def note(ev: ActionApplied) -> None:
        if ev.seat == RIVAL and len(legal_actions(ev.before)) > 1:
            played.setdefault(Segment.of_view(observe(ev.before, ev.seat)), []).append(ev.action)
    bus.subscribe(ActionApplied, note)
    tutorial_match(SHIPPED, bus, len(SHIPPED.chapters) - 1, pacing=Pacing(confirm_turns=True)).close()
    assert played == SHIPPED.rival


@pytest.mark.parametrize("rival, error", [
    (None, "deal.rival: expected a non-empty list"),
    ([{"turn": 1, "actions": [{"type": "work"}]}], "deal.rival[0]: expected {turn"),
    ([{"turn": 1, "placing": False, "actions": [{"type": "fly"}]}], "deal.rival[0]: unknown action type"),
    ([{"turn": 1, "placing": False, "actions": [{"type": "work"}]}] * 2, "deal.rival[1]: a second entry for turn 1"),
])
def test_a_script_with_unusable_rival_moves_says_which(rival, error):
    raw = shipped_raw()
    raw["deal"]["rival"] = rival
    with pytest.raises(ScriptError, match=re.escape(error)):
        load_script(json.dumps(raw))


def test_every_checkable_word_of_the_guide_carries_its_check():
    """A note that names a button, a tile, a hangar, a mission, a place on the table or whose
    turn it is lists the fact the test checks for it (see tutorial_claims)."""
    cat = load_catalogue()
    words = {
        "Confirm": ("button", "Confirm turn"), "Undo": ("button", "Undo"), "Press Work": ("button", "Work"),
        "Choose": ("button", "Choose"), "is playing": ("turn", "rival"), "top left": ("astronaut_at", "top left"),
        "top right": ("astronaut_at", "top right"), "on the right of": ("astronaut_at", "right"),
        "on the ring": ("in_panel", "board"), "inside the ring": ("in_panel", "board"),
        "secondary board": ("in_panel", "secondary board"), "the middle": ("base_on_show", "learner"),
        "above the": ("beside", "above"), "right of the": ("beside", "right of"), "left of the": ("beside", "left of"),
        "lower left": ("tile_mark", "lower left"), "lower right": ("tile_mark", "lower right"),
        "cog": ("tile_mark", "work_cost"), "dots": ("tile_mark", "stock"),
    }
    names = {t.name for t in cat.tiles.values() if t.kind != "obstacle"} | {m.name for m in cat.missions.values()}
    missing = []
    for i, step in enumerate(SHIPPED.steps):
        facts = json.dumps([list(f) for f in step.checks + step.then])
        text = step.text.replace("…", "")
        for word, (fact, arg) in words.items():
            if word in text and not (f'"{fact}"' in facts and json.dumps(arg) in facts):
                missing.append(f"steps[{i}] says {word!r} without {fact} {arg}")
        for called in names:
            if called in text and json.dumps(called) not in facts:
                missing.append(f"steps[{i}] names {called} without a fact that names it")
        for slot in re.findall(r"hangar (\d)", text):
            if not any(fact == "hangar" and arg[0] == int(slot) for fact, arg in step.checks + step.then):
                missing.append(f"steps[{i}] names hangar {slot} without the hangar fact for it")
    assert not missing, "\n".join(missing)


def test_the_shipped_script_loads():
    assert SHIPPED.steps[-1].wait == "end" and len(SHIPPED.chapters) >= 8
    assert any(step.wait == CONFIRM for step in SHIPPED.steps)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["steps"][1].update(chapter="nowhere"), "steps[1]: unknown chapter 'nowhere'"),
    (lambda d: d["steps"][1].update(wait={"type": "fly"}), "steps[1].wait: unknown action type 'fly'"),
    (lambda d: d["steps"][1].update(spot={"cell": [1]}), "steps[1].spot: a cell is [x, y]"),
    (lambda d: d["steps"][1].update(text=""), "steps[1]: the text is missing"),
    (lambda d: d["steps"][-1].update(wait="next"), "the last step, and only it"),
    (lambda d: d["deal"]["hangars"].append("Y1-99"), "deal:"),
    (lambda d: d.pop("chapters"), "needs 'deal', 'chapters' and 'steps'"),
    (lambda d: d["steps"][1].update(checks={"turn": "rival"}), "steps[1].checks: a list of facts"),
    (lambda d: d["steps"][1].update(then=[{"turn": "rival", "year": 2}]), "steps[1].then: a list of facts"),
])
def test_a_broken_script_says_what_is_wrong(change, message):
    raw = shipped_raw()
    change(raw)
    with pytest.raises(ScriptError, match=re.escape(message)):
        load_script(json.dumps(raw))


def test_a_script_that_is_not_json_says_so():
    with pytest.raises(ScriptError, match="not JSON"):
        load_script("{")


def test_every_word_of_the_guide_reaches_the_catalogue():
    """Each chapter's title and each step's text is a message of the template, and so is the
    label of each button a step lights (the spotlight finds the button by its words)."""
    import io

    import catalogues
    raw = shipped_raw()
    found = [message for _line, _fn, message, _comments in
             catalogues.extract_guide(io.BytesIO(json.dumps(raw).encode()), None, None, None)]
    assert found == [title for _, title in SHIPPED.chapters] + [step.text for step in SHIPPED.steps]
    declared = {message.id for message in catalogues.extracted()}
    assert set(found) <= declared
    assert {step.spot[1] for step in SHIPPED.steps if step.spot and step.spot[0] == "button"} <= declared


def test_the_spotlight_finds_each_button_a_step_lights_in_another_language(tmp_path):
    """The script names a button by its English words; in another language the spotlight
    still finds it, by the words its label is made from (the first step of each button)."""
    firsts = {}
    for i, step in enumerate(SHIPPED.steps):
        if step.spot is not None and step.spot[0] == "button":
            firsts.setdefault(step.spot[1], i)
    app = App(AppConfig(data_dir=tmp_path, size=(1600, 900), max_fps=0, pace="instant", anim_speed=50.0,
                        language=PSEUDO))
    try:
        app.stack.push(TitleScene(app))
        for button, index in firsts.items():
            game = start(app, SHIPPED, SHIPPED.steps[index].chapter)
            while game.guide.runner.index < index:
                do_step(app, game)
            settle(app, game)
            assert game.guide.spot_rect(game) is not None, f"the {button} button is not found in {PSEUDO}"
            game.guide.leave()
    finally:
        app.close()
        set_language(SOURCE)
