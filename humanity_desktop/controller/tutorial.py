"""Learn to play: a guided first game, run from a script of steps (data/tutorial.json).

The script holds the deal and the steps. Each step belongs to a chapter, says what to do
and why, names what to spotlight on the table, and waits for one thing: an action of the
learner's, the confirmation of a turn, the learner's turn to come round, or the Next
button. The runner follows the match on its bus like any screen, and vets the learner's
requests before they reach it: a gesture that is not the step's gets a nudge, and the
game does not change. The steps of one payment (spends, one after another) may be taken
in any order, as Auto-pay pays them. Undo is the rules' to allow; the runner goes back
with it.

A step also lists, as data, the facts its text claims about the screen it is shown with
(`checks`: which panel, which button, what the position holds) and about what it leads to
(`then`), each as {name: argument}. The script only carries them; the guided game's test
(tests/tutorial_claims.py) gives each name its meaning and checks every one.

A chapter starts from the position the script's own moves reach (`play_to`), so any
chapter can be played again from its start. The rival's moves in the guided chapters are
the deal's too (`rival`, by segment), so the lesson is the same whatever the bot levels
become; in the last chapter, on its own, the rival plays at the deal's `bot_level`.
"""
from __future__ import annotations

import json
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

from ..engine import Action, ActionError, Kind, State, new_game
from ..engine.catalogue import load as load_catalogue
from ..language import N_, _, ngettext
from ..engine.invariants import InvariantError, check_components, check_seat
from ..engine.ranges import LOG_TEXT
from ..engine.validation import StateError, load_state, short_repr
from .bus import Bus
from .events import (
    ActionApplied,
    ActionRefused,
    ActionRequested,
    ConfirmRequested,
    HintRequested,
    TurnToConfirm,
    Undone,
    UndoRequested,
)
from ..storage.files import write_atomic
from ..storage.limits import Refused, check
from ..engine.segment import Segment
from .match import Headless, Match, Resumed
from ..storage.save_limits import MAX_LOG_LINES, MAX_SAVE_BYTES, kept_lines
from .seats import BOT, HUMAN, Seat
from ..storage.versioned import FileProblem, read_small_file, read_versioned, set_aside_unusable

SCRIPT = "tutorial.json"
PROGRESS_FILE = "tutorial.json"  # in the data folder: the chapter reached and its position
PROGRESS_VERSION = 1
LEARNER, RIVAL = 0, 1
NEXT, CONFIRM, YOUR_TURN, END = "next", "confirm", "your_turn", "end"
WAITS = (NEXT, CONFIRM, YOUR_TURN, END)
SPOTS = {"astronaut": int, "hangar": int, "experiment": int, "cell": list, "button": str}
CLAIMS = ("checks", "then")  # a step's facts: on the screen it is shown with, and once it is done
STALL_SECONDS = 30.0  # playing the script to a chapter makes no move this long: it is stuck


class ScriptError(ValueError):
    """The tutorial script cannot be used; the message names the bad entry."""


class Step(NamedTuple):
    chapter: int  # index into Script.chapters
    text: str
    spot: tuple[str, Any] | None  # (kind, value) of what to light, or nothing
    wait: Action | str  # an Action of the learner's, or one of WAITS
    checks: tuple[tuple[str, Any], ...] = ()  # (name, argument): facts the text claims on its screen
    then: tuple[tuple[str, Any], ...] = ()  # facts it claims for once the step is done


class Script(NamedTuple):
    deal: dict
    chapters: list[tuple[str, str]]  # (id, title)
    steps: list[Step]
    rival: dict[Segment, list[Action]]  # the rival's set moves, by segment of play

    def first_step(self, chapter: int) -> int:
        return next(i for i, step in enumerate(self.steps) if step.chapter == chapter)


def load_script(text: str | None = None) -> Script:
    """The shipped script, or the one in `text`; ScriptError says what is wrong."""
    if text is None:
        text = resources.files("humanity_desktop.controller").joinpath("data", SCRIPT).read_text(encoding="utf-8")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScriptError(_("the tutorial script is not JSON ({error})").format(error=exc)) from None
    if not isinstance(raw, dict) or not {"deal", "chapters", "steps"} <= set(raw):
        raise ScriptError(_("the tutorial script needs 'deal', 'chapters' and 'steps'"))
    chapters = [_chapter(c, i) for i, c in enumerate(_list(raw["chapters"], "chapters"))]
    ids = [cid for cid, _title in chapters]
    if len(set(ids)) != len(ids):
        raise ScriptError(_("chapters: two chapters share an id"))
    steps = [_step(s, i, ids) for i, s in enumerate(_list(raw["steps"], "steps"))]
    order = [step.chapter for step in steps]
    if order != sorted(order) or set(order) != set(range(len(chapters))):
        raise ScriptError(_("steps: every chapter needs steps, in the chapters' order"))
    if steps[-1].wait != END or any(step.wait == END for step in steps[:-1]):
        raise ScriptError(_("steps: the last step, and only it, waits for 'end'"))
    script = Script(raw["deal"], chapters, steps, _rival(raw["deal"]))
    deal_state(script)  # a deal that cannot be built is an error of the script too
    return script


def _rival(deal: Any) -> dict[Segment, list[Action]]:
    """The deal's `rival` entries ({turn, placing, actions}) by segment."""
    moves: dict[Segment, list[Action]] = {}
    for i, entry in enumerate(_list(deal.get("rival") if isinstance(deal, dict) else None, "deal.rival")):
        where = f"deal.rival[{i}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("turn"), int) \
                or not isinstance(entry.get("placing"), bool):
            raise ScriptError(_("{where}: expected {{turn: number, placing: true or false, actions: [...]}}")
                              .format(where=where))
        segment = Segment(RIVAL, entry["turn"], entry["placing"])
        if segment in moves:
            raise ScriptError(_("{where}: a second entry for turn {turn}").format(where=where, turn=entry["turn"]))
        try:
            moves[segment] = [Action.from_json(a) for a in _list(entry.get("actions"), f"{where}.actions")]
        except ActionError as exc:
            raise ScriptError(f"{where}: {exc}") from None
    return moves


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list) or not value:
        raise ScriptError(_("{where}: expected a non-empty list").format(where=where))
    return value


def _chapter(raw: Any, i: int) -> tuple[str, str]:
    if not isinstance(raw, dict) or not all(isinstance(raw.get(k), str) and raw.get(k) for k in ("id", "title")):
        raise ScriptError(_("{where}: a chapter is {{'id': ..., 'title': ...}}").format(where=f"chapters[{i}]"))
    return raw["id"], raw["title"]


def _step(raw: Any, i: int, chapters: list[str]) -> Step:
    where = f"steps[{i}]"
    if not isinstance(raw, dict):
        raise ScriptError(_("{where}: a step is an object").format(where=where))
    if raw.get("chapter") not in chapters:
        raise ScriptError(_("{where}: unknown chapter {chapter}").format(where=where, chapter=repr(raw.get("chapter"))))
    text = raw.get("text")
    if not isinstance(text, str) or not text.strip():
        raise ScriptError(_("{where}: the text is missing").format(where=where))
    claims = [_claims(raw.get(key), f"{where}.{key}") for key in CLAIMS]
    return Step(chapters.index(raw["chapter"]), text, _spot(raw.get("spot"), where), _wait(raw.get("wait"), where),
                *claims)


def _claims(raw: Any, where: str) -> tuple[tuple[str, Any], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(c, dict) and len(c) == 1 for c in raw):
        raise ScriptError(_("{where}: a list of facts, each {{name: argument}}").format(where=where))
    return tuple(next(iter(c.items())) for c in raw)


def _spot(raw: Any, where: str) -> tuple[str, Any] | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or len(raw) != 1 or next(iter(raw)) not in SPOTS:
        # The script's own keys, as written in it: not words of the language.
        raise ScriptError(_("{where}.spot: one of {kinds}").format(where=where, kinds=", ".join(SPOTS)))
    kind, value = next(iter(raw.items()))
    if kind == "cell":
        if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
            raise ScriptError(_("{where}.spot: a cell is [x, y] with integers").format(where=where))
        return kind, tuple(value)
    if type(value) is not SPOTS[kind]:
        raise ScriptError(_("{where}.spot: {kind} takes a {type}").format(where=where, kind=kind,
                                                                            type=SPOTS[kind].__name__))
    return kind, value


def _wait(raw: Any, where: str) -> Action | str:
    if isinstance(raw, str):
        if raw not in WAITS:
            raise ScriptError(_("{where}.wait: {wait} is not one of {waits} or an action")
                              .format(where=where, wait=repr(raw), waits=", ".join(WAITS)))
        return raw
    try:
        return Action.from_json(raw)
    except ActionError as exc:
        raise ScriptError(f"{where}.wait: {exc}") from None


def deal_state(script: Script) -> State:
    """The fixed deal. A normal setup cannot promise every chapter in a short game, so the
    position is set from the script on top of new_game(2, seed): the hangars, the wheel and
    the missions are chosen; the year-1 deck holds just the modules the first reset deals
    (so the second reset ends the year) and the rest of that year's modules leave the game;
    the learner's base has one obstacle already replaced by a module (so squares come early)
    and its third astronaut one spot from the arm (so it comes home at the first reset).
    The bot keeps the usual start, and plays the deal's own moves until the last chapter,
    which leave every module and experiment the steps need (tests/test_tutorial.py plays it
    through)."""
    d = script.deal
    cat = load_catalogue()
    try:
        s = new_game(2, d["seed"])
        s.hangars = list(d["hangars"])
        s.wheel = list(d["experiments"])
        s.exp_decks[0] = [e for e in sorted(cat.experiments_by_year[1]) if e not in s.wheel]
        s.missions = list(d["missions"])
        s.decks[0] = list(reversed(d["deck"]))  # drawn from the end
        base = {(c["cell"][0], c["cell"][1]): (c["tile"], c["stock"]) for c in d["base"]}
        kept = set(s.hangars) | set(d["deck"]) | {tile for tile, _stock in base.values()}
        s.removed = [m for m in sorted(cat.modules_by_year[1]) if m not in kept]
        learner = s.players[LEARNER]
        learner.base = base
        work, where, _spot = learner.astros[2]
        learner.astros[2] = (work, where, d["third_astronaut_spot"])
        check_components(s)
        for seat in range(s.n):
            check_seat(s, seat)
    except (KeyError, TypeError, ValueError, IndexError, InvariantError) as exc:
        raise ScriptError(f"deal: {exc}") from None
    return s


def seats(script: Script) -> list[Seat]:
    return [Seat(HUMAN, 0), Seat(BOT, 1, script.deal["bot_level"])]  # seated as LEARNER, RIVAL


# ---------------------------------------------------------------- progress in the data folder

def read_progress(path: Path, script: Script, tell: Callable[[str], None]) -> tuple[int, State, list[str]] | None:
    """The chapter reached, its position and log; None if there is none. A file that cannot be
    used is set aside (and the tutorial starts over), never read again; `tell` gets the message
    saying so."""
    try:
        raw = read_versioned(read_small_file(path, MAX_SAVE_BYTES), PROGRESS_VERSION, "tutorial",
                             lambda raw: {"version", "chapter", "state", "log"} <= set(raw))
        if raw["chapter"] not in [cid for cid, _title in script.chapters]:
            raise FileProblem(_("it names no chapter of this tutorial ({chapter})")
                              .format(chapter=short_repr(raw["chapter"])))
        log = raw["log"]
        if not isinstance(log, list) or not all(isinstance(line, str) for line in log):
            raise FileProblem(_("its log is not a list of lines"))
        check(log, max_items=MAX_LOG_LINES, max_text=LOG_TEXT)
        state = load_state(raw["state"])
        if state.n != len(seats(script)):
            raise FileProblem(ngettext("its position has {count} player, the tutorial {seats}",
                                       "its position has {count} players, the tutorial {seats}", state.n)
                              .format(count=state.n, seats=len(seats(script))))
        return [cid for cid, _title in script.chapters].index(raw["chapter"]), state, log
    except FileNotFoundError:
        return None
    except (OSError, FileProblem, Refused, StateError) as exc:
        # Translators: the kind of file in "The {kind} file {path} cannot be used", then what the game does instead.
        tell(set_aside_unusable(path, "tutorial", exc, N_("the tutorial starts from its first chapter")))
        return None


def write_progress(path: Path, script: Script, chapter: int, match: Match) -> None:
    write_atomic(path, json.dumps({
        "version": PROGRESS_VERSION, "chapter": script.chapters[chapter][0],
        "state": match.state.to_json(), "log": kept_lines(match.log),
    }))


def tutorial_match(script: Script, bus: Bus, chapter: int = 0, **options) -> Match:
    """The match of the guided game at the start of `chapter`: the fixed deal, then the
    script's own moves up to that chapter (see play_to)."""
    match = Match(seats(script), bus, resumed=Resumed(deal_state(script)), scripted={RIVAL: script.rival}, **options)
    try:
        play_to(script, match, chapter)
    except BaseException:
        match.close()
        raise
    return match


def play_to(script: Script, match: Match, chapter: int) -> None:
    """Play the script on `match`, as dealt, to the start of `chapter`, as Skip chapter plays
    it: the learner's moves from the steps, the rival's from the deal, at once, so every
    chapter starts from the same position every time."""
    runner = Tutorial(script, match)
    target = script.first_step(chapter)
    runner.skip_to(target)
    refused: list[ActionRefused] = []
    unsubscribe = match.bus.subscribe(ActionRefused, lambda ev: refused.append(ev) if ev.seat == LEARNER else None)
    try:
        moved = time.monotonic()
        while runner.index < target:
            version = match.version
            runner.poll()
            request = runner.autopilot()
            if request is not None:
                match.bus.publish(request)
            match.update(Headless(0.0))
            if refused:
                raise ScriptError(_("steps[{step}]: the script's move is refused ({rule}: {reason})").format(
                    step=runner.index, rule=_(refused[0].rule), reason=_(refused[0].reason).format(**refused[0].values)))
            if match.version != version:
                moved = time.monotonic()
            elif time.monotonic() - moved > STALL_SECONDS:
                raise ScriptError(_("{where}: the game stopped moving before chapter {chapter}")
                                  .format(where=f"steps[{runner.index}]", chapter=chapter + 1))
            else:
                time.sleep(0.001)  # the bot is thinking on its own thread
    finally:
        unsubscribe()
        runner.close()


# ---------------------------------------------------------------- the runner

class Tutorial:
    """Walks the script along the match: advances on the bus, vets the learner's requests."""

    def __init__(self, script: Script, match: Match, chapter: int = 0,
                 on_chapter: Callable[[int], None] | None = None) -> None:
        self.script = script
        self.match = match
        self.steps = list(script.steps)  # the script's, a payment's spends in the order they were made
        self.index = script.first_step(chapter)
        self.on_chapter = on_chapter
        self.skipping_to: int | None = None  # the step a skip plays on to
        self._unsubscribe = [
            match.bus.subscribe(ActionApplied, self._on_applied),
            match.bus.subscribe(TurnToConfirm, self._on_to_confirm),
            match.bus.subscribe(Undone, self._on_undone),
        ]

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def chapter(self) -> int:
        return self.step.chapter

    @property
    def free(self) -> bool:
        """The guided part is over: the learner plays freely."""
        return self.step.wait == END

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe = []

    # ------------------------------------------------------------ advancing

    def advance(self) -> None:
        before = self.chapter
        self.index += 1
        if self.skipping_to is not None and self.index >= self.skipping_to:
            self.skipping_to = None
        if self.chapter != before and self.on_chapter is not None:
            self.on_chapter(self.chapter)

    def next(self) -> None:
        """The Next button: only a step that waits for it moves on."""
        if self.step.wait == NEXT:
            self.advance()

    def poll(self) -> None:
        """Once a frame: a step waiting for the learner's turn ends when it comes."""
        m = self.match
        if self.step.wait == YOUR_TURN and m.human_turn and m.current == LEARNER and m.pending is None:
            self.advance()

    def skip_chapter(self) -> None:
        """Play the rest of this chapter as the script says (see autopilot)."""
        if not self.free:
            self.skip_to(self.script.first_step(self.chapter + 1))

    def skip_to(self, index: int) -> None:
        """Play the script's steps up to step `index` (see autopilot)."""
        self.skipping_to = index if index > self.index else None

    def autopilot(self) -> object | None:
        """While skipping, the request the learner's hands would make now, if any."""
        if self.skipping_to is None:
            return None
        wait = self.step.wait
        if wait == NEXT:
            self.advance()
        elif wait == CONFIRM and self.match.pending is not None:
            return ConfirmRequested(LEARNER)
        elif isinstance(wait, Action) and self.match.current == LEARNER and self.match.pending is None:
            return ActionRequested(LEARNER, wait)
        return None

    def payment(self) -> list[Action]:
        """The spends this step and the ones after it ask for, one after another: the rest of
        the payment under way, as the guide would pay it (none when no step asks to pay)."""
        return [self.steps[i].wait for i in self._payment()]

    def _payment(self) -> range:
        end = self.index
        while end < len(self.steps) and self.steps[end].chapter == self.chapter \
                and isinstance(self.steps[end].wait, Action) and self.steps[end].wait.kind == Kind.SPEND:
            end += 1
        return range(self.index, end)

    def _answers(self, action: Action) -> bool:
        """Whether `action` is this step's move, or a spend a later step of the payment asks for."""
        return action == self.step.wait or action in self.payment()

    def _take(self, action: Action) -> None:
        """The learner made `action`: a step's it answers (this one's, or a later spend of the
        payment, which then comes first) is done."""
        later = next((i for i in self._payment() if self.steps[i].wait == action), None)
        if later is not None:
            self.steps.insert(self.index, self.steps.pop(later))
        if action == self.step.wait:
            self.advance()

    def _on_applied(self, ev: ActionApplied) -> None:
        if ev.seat != LEARNER:
            return
        # During a confirm step every other request is held back, so this is the confirmation.
        if self.step.wait == CONFIRM:
            self.advance()
        else:
            self._take(ev.action)

    def _on_to_confirm(self, ev: TurnToConfirm) -> None:
        if ev.seat == LEARNER:
            self._take(ev.action)

    def _on_undone(self, ev: Undone) -> None:
        """Undo took back a choice of the learner's turn (or its end, waiting for Confirm):
        back to the latest step of this turn that asks for a choice open again, whichever
        chapter it is in (one replayed from its start too). Going back notes no chapter."""
        if ev.seat != LEARNER or self.free:
            return
        legal = self.match.legal()
        for i in range(self.index - 1, -1, -1):
            wait = self.steps[i].wait
            if wait in (CONFIRM, YOUR_TURN):
                return  # the turn began there: nothing of it to go back to
            if isinstance(wait, Action) and wait in legal:
                self.index = i
                return

    # ------------------------------------------------------------ vetting

    def vet(self, request: object) -> str | None:
        """None lets the learner's request through; otherwise the nudge to show instead."""
        wait = self.step.wait
        # A hint changes nothing; Undo is the rules' to allow, and the steps follow it back.
        if self.free or isinstance(request, (HintRequested, UndoRequested)):
            return None
        if isinstance(request, ActionRequested) and self._answers(request.action):
            return None
        if isinstance(request, ConfirmRequested) and wait == CONFIRM:
            return None
        return self.nudge()

    def nudge(self) -> str:
        wait = self.step.wait
        if wait == NEXT:
            return _("Read the note, then press Next.")
        if wait == YOUR_TURN:
            return _("Not your turn yet: {name} is playing.").format(name=self.match.names[1 - LEARNER])
        return _("Not that one yet. {note}").format(note=_(self.step.text))
