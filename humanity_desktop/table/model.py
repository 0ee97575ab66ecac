"""The table model: every legal action as the player meets it on the table.

Each kind of action has a place on the table (`ON_TABLE`): the thing a click names to take
it, the argument that says which one, whether a tile is turned or a piece carried to take
it, or the button that takes it. A `Table` is built once per match version from the
position, its legal actions and the returning astronaut the player has picked up, and
answers what the game screen asks: what is lit, what a click or a drop means, which way a
tile turns, which buttons the turn offers and what the prompt says. The screen's gestures,
keys, highlights, hint marks, buttons and prompt read it, so none of them needs to know any
kind of action or phase by name; their words are language/data/words.json's (language.words).
"""
from __future__ import annotations

from functools import cached_property
from typing import NamedTuple

from ..engine import Action, State, legal_actions
from ..language import _
from ..language.words import WORDS, source, words
from ..engine.actions import SPECS
from ..engine.errors import Why
from ..engine.catalogue import BASIC, BASICS_PER_ADVANCED, RESOURCES, load
from ..engine.rules import Kind
from ..engine.state import ACTION, ASTRONAUTS
from .describe import tile_name
from .targets import ASTRO, CELL, EXPERIMENT, HANGAR, RETURNING_ASTRONAUT, RING_ASTRO, Target

ANY_ASTRONAUT = "any_astronaut"  # an astronaut of the seat wherever it stands
# The figures of the position the words may quote that count something of the seat's (Table.facts).
COUNTED = ("work_left", "upgrades")
PRIMARY, CHOICE, LIST = "primary", "choice", "list"  # how a button takes a kind
AUTO_PAY, CANCEL_PAYMENT = "auto_pay", "cancel_payment"  # the screen's commands beside the payment
ON_ASTRONAUT, ON_BASE, ON_CELL = "astronaut", "base", "cell"  # where a carried piece lands


class OnTable(NamedTuple):
    """Where one kind of action is on the table."""

    target: str | None = None  # the kind of target a click or key names to take it (None: a button does)
    field: str | None = None  # the argument saying which one
    turn: int = 0  # a tile of the base is turned to take it: 1 clockwise, -1 counterclockwise
    carried: str | None = None  # the piece carried to take it, when it can be dragged
    lands: str | None = None  # where the carried piece goes: the chosen astronaut's cell, the base, a cell
    button: str | None = None  # how a button takes it: PRIMARY, one CHOICE per action, a LIST in a dialog
    step: bool = True  # a numbered step of a plan; False: marked by how many times it is taken
    opens: str | None = None  # a click on this kind of target takes this action first, then acts
    commands: tuple[str, ...] = ()  # the screen's own buttons while it is offered


ON_TABLE: dict[str, OnTable] = {
    Kind.SELECT_ASTRONAUT: OnTable(ASTRO, "astronaut"),
    Kind.WORK: OnTable(button=PRIMARY, opens=CELL),
    Kind.CHOOSE_MODULE: OnTable(HANGAR, "slot", carried=HANGAR, lands=ON_ASTRONAUT),
    Kind.CHOOSE_EXPERIMENT: OnTable(EXPERIMENT, "index", carried=EXPERIMENT, lands=ON_BASE),
    Kind.ACTIVATE: OnTable(CELL, "cell", turn=1),
    Kind.END_WORK: OnTable(button=PRIMARY),
    Kind.SPEND: OnTable(CELL, "cell", turn=-1, step=False, commands=(AUTO_PAY, CANCEL_PAYMENT)),
    Kind.CHOOSE_COLOUR: OnTable(field="colour", button=CHOICE),
    Kind.CHOOSE_SHAPE: OnTable(field="shape", button=CHOICE),
    Kind.UPGRADE: OnTable(ANY_ASTRONAUT, "astronaut", button=LIST),
    Kind.PLACE_ASTRONAUT: OnTable(CELL, "cell", carried=RETURNING_ASTRONAUT, lands=ON_CELL),
}
# What an ANY_ASTRONAUT kind's click may name
_ASTRONAUT_TARGETS = (ASTRO, RING_ASTRO, RETURNING_ASTRONAUT)


class TurnButton(NamedTuple):
    """A button the turn offers: an action to request, or a screen command (AUTO_PAY, ...)."""

    label: str
    tooltip: str
    style: str  # PRIMARY, CHOICE, LIST, or "quiet" for a command
    action: Action | None = None
    command: str | None = None
    choices: tuple[tuple[str, Action], ...] = ()  # a LIST button's rows


class Drop(NamedTuple):
    """What letting go of a carried piece means: it lands (on a cell, or on the base) and its
    action is requested once it has settled, or it goes home and its action, if any, is
    requested at once for the rules to refuse, or it goes home for the `refusal` given."""

    action: Action | None = None
    lands: tuple | str | None = None  # a cell, ON_BASE, or None: the piece goes home
    refusal: tuple[str, str] | None = None  # (rule, reason): messages of the catalogue, as the rules name them


def target_of(action: Action, state: State, seat: int) -> Target | None:
    """The thing on the table that taking `action` names (None: a button takes it)."""
    place = ON_TABLE[action.kind]
    if place.target is None:
        return None
    ref = getattr(action, place.field)
    if place.target in (ASTRO, ANY_ASTRONAUT):
        return Target(ASTRO, seat, ref)
    if place.target == CELL:
        return Target(CELL, seat, ref)
    return Target(place.target, None, ref)


class HintMark(NamedTuple):
    target: Target  # an astronaut (ASTRO, wherever it stands), a cell, a hangar or a bay
    label: str  # the step numbers ("1", "2, 4"), or the units to pay there ("−2")
    step: bool  # a numbered step; False: units to pay


def hint_marks(plan, state: State, seat: int) -> list[HintMark]:
    """What a plan names on the table, in the order it is played, starting with the astronaut
    already chosen if the plan goes on from there; a tile turned twice, or a module paying
    twice, is marked once with all its numbers or units."""
    marks: dict[tuple, list] = {}
    if state.sel is not None:
        marks[(Target(ASTRO, seat, state.sel), True)] = [""]
    step = 0
    for action in plan:
        target = target_of(action, state, seat)
        if target is None:
            continue  # work, a colour or a shape: said in words only (ending work: not at all)
        numbered = ON_TABLE[action.kind].step
        if numbered:
            step += 1
        marks.setdefault((target, numbered), []).append(str(step) if numbered else "")
    return [HintMark(target, ", ".join(x for x in labels if x) if numbered else f"−{len(labels)}", numbered)
            for (target, numbered), labels in marks.items()]


class Table:
    """What the seat to move can do now, as things on the table."""

    def __init__(self, state: State, legal: list[Action], returning: int | None = None) -> None:
        self.state = state
        self.legal = legal
        self.seat = state.current_player
        carried = sorted({a.astronaut for a in legal if ON_TABLE[a.kind].carried == RETURNING_ASTRONAUT})
        # The returning astronaut the player picked up, or the first one while none is.
        self.returning: int | None = returning if returning in carried else (carried[0] if carried else None)

    # ------------------------------------------------------------ what is lit

    @cached_property
    def _by_target(self) -> dict[Target, list[Action]]:
        """The legal actions a click on each target takes (placing: the chosen astronaut's)."""
        out: dict[Target, list[Action]] = {}
        for a in self.legal:
            place = ON_TABLE[a.kind]
            if place.carried == RETURNING_ASTRONAUT and a.astronaut != self.returning:
                continue
            target = target_of(a, self.state, self.seat)
            if target is not None:
                out.setdefault(target, []).append(a)
        return out

    def lit(self, kind: str) -> frozenset:
        """The refs of the targets of `kind` (HANGAR, EXPERIMENT, CELL, ASTRO) a click may use now."""
        return frozenset(t.ref for t in self._by_target if t.kind == kind)

    @cached_property
    def turn(self) -> int:
        """Which way the base's tiles turn in this phase (even one the rules then refuse):
        1 clockwise, -1 counterclockwise, 0 not at all."""
        phase = self.state.phase
        return next((place.turn for k, place in ON_TABLE.items() if place.turn and SPECS[k].phase == phase), 0)

    @property
    def paying(self) -> bool:
        """Whether the seat is paying a cost (its tiles turn counterclockwise to spend)."""
        return self.turn < 0

    # ------------------------------------------------------------ what a click means

    def actions_at(self, target: Target | None) -> list[Action]:
        """The actions a click on `target` asks for: the legal ones there (several: the player
        picks), or else the one it would be, for the rules to refuse with their reason (none:
        the click means nothing)."""
        if target is None or self.seat is None:
            return []
        named = Target(ASTRO, target.seat, target.ref) if target.kind == RING_ASTRO else target
        legal = self._by_target.get(named)
        if legal:
            return list(legal)
        if target.seat not in (None, self.seat):
            return []
        if target.kind == ASTRO and self.turn:  # an astronaut at work stands for its tile
            cell = self.state.players[self.seat].astros[target.ref][2]
            return self.actions_at(Target(CELL, self.seat, cell))
        return self._refusable(target)

    def _refusable(self, target: Target) -> list[Action]:
        """What a click on `target` would be though nothing legal is there: the kind of the
        phase that takes it, else (for a piece of the board or an astronaut) the first kind
        that does."""
        phase = self.state.phase
        kind = next((k for k, place in ON_TABLE.items() if _takes(place, target) and SPECS[k].phase == phase), None)
        if kind is None and target.kind != CELL:
            kind = next((k for k, place in ON_TABLE.items() if place.target == target.kind), None)
        action = None if kind is None else self._built(kind, target)
        return [] if action is None else [action]

    def _built(self, kind: str, target: Target) -> Action | None:
        """The action of `kind` that `target` names, its other arguments as the position
        suggests (a spend: the tile's unit toward what is owed)."""
        if kind == Kind.SPEND:
            owed = next((r for r, n in enumerate(self.state.need) if n), 0)
            tile = self.state.players[self.seat].base.get(target.ref)
            spec = load().tiles[tile[0]] if tile else None
            return Action(kind, target.ref, spec.produces[0] if spec and spec.produces else owed, owed)
        if kind == Kind.PLACE_ASTRONAUT:
            return None if self.returning is None else Action(kind, self.returning, target.ref)
        return Action(kind, target.ref)

    def prelude(self, target: Target | None) -> Action | None:
        """An action a click on `target` takes first (a tile clicked before Work: the work)."""
        if target is None or target.seat != self.seat or target.kind != CELL:
            return None
        if target.ref not in self.state.players[self.seat].base:
            return None
        return next((a for a in self.legal if ON_TABLE[a.kind].opens == CELL), None)

    def reselects(self, target: Target | None) -> bool:
        """Whether a click on `target` swaps the astronaut just chosen for this one."""
        return (target is not None and target.kind == ASTRO and target.seat == self.seat
                and self.state.phase == ACTION and target.ref != self.state.sel)

    def picks_up(self, target: Target | None) -> bool:
        """Whether `target` is a returning astronaut of the seat's to pick for placing."""
        return (target is not None and target.kind == RETURNING_ASTRONAUT and target.seat == self.seat
                and any(ON_TABLE[a.kind].carried == RETURNING_ASTRONAUT for a in self.legal))

    # ------------------------------------------------------------ turning and carrying

    def turning(self, cell) -> dict[int, tuple[list[Action], list[Action]]]:
        """Each way the tile on `cell` turns now (1 clockwise, -1 counterclockwise): (the legal
        actions it takes, or else what it would ask for the rules to refuse). Empty when no
        tile turns now; the tiles turn one way at a time, the phase's."""
        if not self.turn or cell not in self.state.players[self.seat].base:
            return {}
        legal = self._by_target.get(Target(CELL, self.seat, cell), [])
        return {self.turn: (legal, [] if legal else self._refusable(Target(CELL, self.seat, cell)))}

    def carries(self, target: Target | None) -> bool:
        """Whether `target` is a piece that can be picked up and carried to take an action."""
        if target is None:
            return False
        if target.kind == RETURNING_ASTRONAUT:
            return self.picks_up(target)
        return any(ON_TABLE[a.kind].carried == target.kind for a in self._by_target.get(target, ()))

    def landing(self, carried: Target) -> frozenset | None:
        """The cells the carried piece may land on (None: anywhere on the base, or nothing lit)."""
        kind = self._carried_kind(carried)
        if kind is None or ON_TABLE[kind].lands == ON_BASE:
            return None
        if ON_TABLE[kind].lands == ON_ASTRONAUT:
            return frozenset((self.deploy_cell,))
        return frozenset(a.cell for a in self.legal if a.kind == kind and a.astronaut == carried.ref)

    def drop(self, carried: Target, cell, on_base: bool) -> Drop:
        """Letting go of `carried` over `cell` of the seat's base (None: over no cell), or
        elsewhere on the base (`on_base`)."""
        kind = self._carried_kind(carried)
        lands = ON_TABLE[kind].lands
        if lands == ON_CELL:
            if cell is None:
                return Drop()
            action = Action(kind, carried.ref, cell)
            return Drop(action, cell if action in self.legal else None)
        if lands == ON_ASTRONAUT and cell is not None and cell == self.deploy_cell:
            return Drop(Action(kind, carried.ref), cell)
        if lands == ON_BASE and on_base:
            return Drop(Action(kind, carried.ref), ON_BASE)
        return Drop(refusal=(SPECS[kind].rule, WORDS["misdrops"][kind]))

    def _carried_kind(self, carried: Target) -> str | None:
        return next((k for k, place in ON_TABLE.items() if place.carried == carried.kind), None)

    @property
    def deploy_cell(self):
        """The cell a new module lands on: where the chosen astronaut stands."""
        sel = self.state.sel
        return None if sel is None else self.state.players[self.seat].astros[sel][2]

    # ------------------------------------------------------------ buttons and words

    @cached_property
    def buttons(self) -> list[TurnButton]:
        """The buttons the turn offers, main one first."""
        out: list[TurnButton] = []
        listed: set = set()
        for a in self.legal:
            place = ON_TABLE[a.kind]
            if place.button == CHOICE:
                out.append(TurnButton(str(getattr(a, place.field)).capitalize(), "", CHOICE, a))
            elif place.button == PRIMARY:
                label, tip = words("buttons", a.kind)
                out.append(TurnButton(label.format(**self.facts), tip, PRIMARY, a))
            elif place.button == LIST and a.kind not in listed:
                listed.add(a.kind)
                label, tip = words("buttons", a.kind)
                rows = tuple((self.describe(b), b) for b in self.legal if b.kind == a.kind)
                out.append(TurnButton(label, tip, PRIMARY, choices=rows))
            for command in place.commands:
                if command not in listed:
                    listed.add(command)
                    label, tip = words("buttons", command)
                    out.append(TurnButton(label, tip, PRIMARY if command == AUTO_PAY else "quiet", command=command))
        return out

    @property
    def choosing(self) -> bool:
        """Whether the buttons are the answers to a question (laid out two to a row)."""
        return any(b.style == CHOICE for b in self.buttons)

    def list_of(self, actions: list[Action]) -> tuple[str, str, list[tuple[str, Action]]]:
        """(title, question, rows) for the player to pick among `actions` of one kind in a dialog."""
        title, question = words("lists", actions[0].kind, self.facts["upgrades"])
        cell = dict(actions[0].named()).get("cell")
        tile = self.state.players[self.seat].base.get(cell) if cell is not None else None
        facts = dict(self.facts, tile=tile_name(tile[0]) if tile else "")
        return title.format(**facts), question.format(**facts), [(self.describe(a), a) for a in actions]

    def describe(self, action: Action) -> str:
        """One action as a row of a list the player picks from."""
        if action.kind == Kind.SPEND:
            direct = action.unit == action.toward or action.toward in BASIC
            template = words("choices", "spend" if direct else "spend_toward")
            return template.format(unit=RESOURCES[action.unit], toward=RESOURCES[action.toward], rate=BASICS_PER_ADVANCED)
        work, where, _cell = self.state.players[self.seat].astros[action.astronaut]
        return words("choices", action.kind).format(number=action.astronaut + 1, where=words("where", where),
                                                    work=work, next=work + 1)

    @cached_property
    def facts(self) -> dict:
        """The position's figures the words quote."""
        s = self.state
        return {"work_left": s.work_left, "upgrades": s.upgrades, "astronauts": ASTRONAUTS,
                "paying": paying_for(s), "sides": self._sides()}

    def prompt(self, name: str) -> tuple[str, str]:
        """The prompt panel's title and instruction for the seat to move, called `name`."""
        return self._prompt()[0].format(name=name, **self.facts), self.asks

    @property
    def asks(self) -> str:
        """The prompt's instruction: what the moment asks the seat to move to do."""
        return self._prompt()[1].format(**self.facts)

    def _prompt(self) -> tuple[str, str]:
        """The phase's prompt, its title in the form for the figure it gives (see prompt_states)."""
        counted = self.prompt_states()
        return words("prompts", self.state.phase, self.facts[counted[0]] if counted else None)

    def prompt_states(self) -> tuple[str, ...]:
        """The facts of the position the prompt's title gives figures of (see `facts`)."""
        title = source(WORDS["prompts"][self.state.phase][0])  # the source's placeholders: every language keeps them
        return tuple(name for name in COUNTED if "{" + name + "}" in title)

    def _sides(self) -> str:
        """What each side of the communication module being deployed is worth."""
        colours = [a.colour for a in self.legal if ON_TABLE[a.kind].field == "colour"]
        if not colours:
            return ""
        cat = load()
        faces = cat.faces[paid_for(self.state).face]
        parts = []
        for colour in colours:
            side = cat.tiles[faces[colour]]
            worth = [_("+{points} research").format(points=side.research)]
            worth += [_("+{points} per adjacent {colour}").format(points=p, colour=c) for c, p in side.adjacency]
            parts.append(_("{colour}: {worth}.").format(colour=colour.capitalize(), worth=", ".join(worth)))
        return " ".join(parts)


def refused(seat: int | None, action: Action | None, rule: str, reason: str, values: dict | None,
            state: State) -> str:
    """One line for a move the match refused in `state`, in a player's words: a move of the
    wrong moment says what the moment asks for instead (the prompt's instruction)."""
    if action is not None and seat == state.current_player and action.kind in SPECS \
            and SPECS[action.kind].phase != state.phase and not state.game_over:
        asks = Table(state, legal_actions(state)).asks
        # Translators: {prompt} is the prompt's instruction, a sentence such as "Click one of your astronauts…".
        return _("You cannot {doing} now: {prompt}").format(doing=words("doing", action.kind), prompt=asks)
    return plain(rule, reason, values)


def plain(rule: str, reason: str, values: dict | None = None) -> str:
    """A rule's refusal under a heading a player understands, never the rulebook's own: the
    rule and the reason are messages of the catalogue, `values` fill the reason's placeholders."""
    topic = words("topics", rule) if rule in WORDS["topics"] else _(rule)
    return _("{topic}: {reason}").format(topic=topic, reason=Why(reason, values or {}).told)


def _takes(place: OnTable, target: Target) -> bool:
    """Whether a click on `target` can stand for a kind at `place`."""
    if place.target == ANY_ASTRONAUT:
        return target.kind in _ASTRONAUT_TARGETS
    return place.target == target.kind


def paid_for(s: State):
    """The module or experiment the seat to move has chosen and pays for (None: nothing)."""
    if not s.target:
        return None
    what, index = s.target
    cat = load()
    return cat.tiles[s.hangars[index - 1]] if what == "module" else cat.experiments[s.wheel[index]]


def paying_for(s: State) -> str:
    """What the seat pays for, as the prompt names it."""
    spec = paid_for(s)
    if spec is None:
        return ""
    return tile_name(spec.id) if s.target[0] == "module" else _("the experiment")

