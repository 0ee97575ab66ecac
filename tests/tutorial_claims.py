"""What the facts a step of the tutorial script claims (its `checks` and `then`) mean, on the
game screen the step is shown with.

Each fact is {name: argument} in controller/data/tutorial.json; FACTS gives each name a test
that returns what is wrong, or None when the screen bears it out. Seats are "learner" and
"rival"; cells are [x, y] of the learner's base; positions are those the screen shows (a
turn waiting for Confirm shows its result), read from the views and the match as a player
reads the table.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from humanity_desktop.controller.tutorial import LEARNER
from humanity_desktop.engine import Action
from humanity_desktop.engine.catalogue import RESOURCES, load
from humanity_desktop.engine.grid import mission_measure, module_colours
from humanity_desktop.engine.ring import slot_spot
from humanity_desktop.engine.state import ACTIVE, BOARD, EXHAUSTED
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.tile_art import footer_marks

SEATS = {"learner": LEARNER, "rival": 1 - LEARNER}


class Seen:
    """The screen of one frame, as the facts read it."""

    def __init__(self, game: GameScene, rival_turns: int | None = None) -> None:
        """The screen as it shows now; with `rival_turns` (what a step led to), the match's
        own position, which the screen may still be animating toward."""
        self.game = game
        shown = game.seat.shown()
        self.shown = shown
        if rival_turns is None:
            self.state = shown.base  # the bases, cards and tracks show this position
            self.board = shown.board
        else:  # a turn waiting for Confirm has led to its result
            pending = game.match.pending
            self.state = self.board = pending.preview if pending is not None else game.match.state
        self.me = self.state.players[LEARNER]
        self.rival_turns = rival_turns  # the rival's turns played while the step was on

    def tile(self, cell):
        entry = self.me.base.get(tuple(cell))
        return None if entry is None else load().tiles[entry[0]]

    def cell_rect(self, cell) -> pygame.Rect:
        return self.game.views.base.cell_rect(self.state, LEARNER, tuple(cell))


def _is(what: str, got, want) -> str | None:
    return None if got == want else f"{what} is {got!r}, not {want!r}"


def base_on_show(v: Seen, who: str) -> str | None:
    L = v.game.frame.L
    if not L.board.right <= L.base.left and L.base.right <= L.seats.left:
        return "the base's panel is not the middle column"
    return _is("the base in the middle panel", v.shown.seat, SEATS[who])


def name(v: Seen, arg) -> str | None:
    who, called = arg
    return _is(f"the {who}'s name", v.game.cast.names[SEATS[who]], called)


def bot(v: Seen, arg) -> str | None:
    who, level = arg
    seat = v.game.match.seats[SEATS[who]]
    return _is(f"the {who}'s player", (seat.is_bot, seat.level), (True, level))


def turn(v: Seen, who: str) -> str | None:
    return _is("whose turn it is", v.game.match.current, SEATS[who])


def first_player(v: Seen, who: str) -> str | None:
    return _is("the first player", v.state.patch, SEATS[who])


def button(v: Seen, label: str) -> str | None:
    """A button of the turn's panel, on show and enabled."""
    shown = [(b.label, b.enabled) for b in v.game.frame.action_buttons]
    found = [enabled for text, enabled in shown if text.startswith(label)]
    return None if any(found) else f"no enabled button {label!r} (the buttons: {shown})"


def choice(v: Seen, arg) -> str | None:
    """The turn's list button `label` offers a row starting `row`."""
    label, row = arg
    rows = [text for b in v.game.orders.table().buttons if b.label.startswith(label) for text, _ in b.choices]
    return None if any(r.startswith(row) for r in rows) else f"{label!r} offers {rows}, not {row!r}"


def note_button(v: Seen, label: str) -> str | None:
    labels = [b.label for b in v.game.guide.buttons]
    return None if label in labels else f"the note's buttons are {labels}"


def astronaut_at(v: Seen, arg) -> str | None:
    """Where the astronaut stands among the learner's astronauts in the base, on screen."""
    i, place = arg
    at = {k: v.cell_rect(pos).center for k, (_, where, pos) in enumerate(v.me.astros)
          if where in (ACTIVE, EXHAUSTED)}
    if i not in at:
        return f"astronaut {i} is not in the base"
    top = min(y for _, y in at.values())
    row = {k: x for k, (x, y) in at.items() if y == top}
    picks = {"top left": row and min(row, key=row.get), "top right": row and max(row, key=row.get),
             "right": max(at, key=lambda k: at[k][0]), "left": min(at, key=lambda k: at[k][0])}
    return _is(f"the astronaut on the {place}", picks[place], i)


def astronaut(v: Seen, arg) -> str | None:
    i, where = arg
    return _is(f"astronaut {i}'s place", v.me.astros[i][1], where)


def by_hangar(v: Seen, arg) -> str | None:
    """The astronaut stands beside the board at hangar `slot`, which is empty."""
    i, slot = arg
    spot = slot_spot(v.board.arm, slot)
    if v.board.hangars[slot - 1]:
        return f"hangar {slot} is not empty"
    return _is(f"astronaut {i}'s place", v.me.astros[i][1:], (BOARD, spot))


def astronaut_cell(v: Seen, arg) -> str | None:
    i, cell = arg
    return _is(f"astronaut {i}'s cell", v.me.astros[i][2], tuple(cell))


def work(v: Seen, arg) -> str | None:
    i, points = arg
    return _is(f"astronaut {i}'s work", v.me.astros[i][0], points)


def work_left(v: Seen, points: int) -> str | None:
    return _is("the work left", v.state.work_left, points)


def tile(v: Seen, arg) -> str | None:
    cell, called = arg
    spec = v.tile(cell)
    return _is(f"the tile on {cell}", spec.name if spec else None, called)


def work_cost(v: Seen, arg) -> str | None:
    cell, points = arg
    return _is(f"the work cost on {cell}", v.tile(cell).work, points)


def tile_mark(v: Seen, arg) -> str | None:
    """The footer marks of `kind` on the tile at `cell`, as it is drawn there ("work_cost": the cogs
    of its work cost, "stock": the dots of its stock), all lie in its `corner` ("lower left"...)."""
    cell, kind, corner = arg
    rect = v.cell_rect(cell)
    marks = footer_marks(v.tile(cell), rect.w)[kind]
    vertical, horizontal = corner.split()
    half = rect.w / 2
    inside = [(r.top >= half if vertical == "lower" else r.bottom <= half)
              and (r.right <= half if horizontal == "left" else r.left >= half) for r in marks]
    return None if inside and all(inside) else f"the {kind} marks on {cell} are not all in its {corner} corner"


def makes(v: Seen, arg) -> str | None:
    cell, units = arg
    return _is(f"what {cell} makes", [RESOURCES[r] for r in v.tile(cell).produces], units)


def stock(v: Seen, arg) -> str | None:
    cell, units = arg
    return _is(f"the stock on {cell}", v.me.base[tuple(cell)][1], units)


def can_pay(v: Seen, arg) -> str | None:
    """A unit of the tile on `cell` may be spent as `unit` toward `toward` now."""
    cell, unit, toward = arg
    action = Action("spend", tuple(cell), RESOURCES.index(unit), RESOURCES.index(toward))
    return None if action in v.game.match.legal() else f"{cell} cannot pay {unit} toward {toward}"


def owed(v: Seen, units: dict) -> str | None:
    left = {RESOURCES[r]: n for r, n in enumerate(v.state.need) if n}
    return _is("what is left to pay", left, units)


def hangar(v: Seen, arg) -> str | None:
    slot, called = arg
    tile_id = v.board.hangars[slot - 1]
    return _is(f"the module in hangar {slot}", load().tiles[tile_id].name if tile_id else None, called)


def cost(v: Seen, arg) -> str | None:
    slot, units = arg
    spec = load().tiles[v.board.hangars[slot - 1]]
    return _is(f"{spec.name}'s cost", {RESOURCES[r]: n for r, n in spec.cost}, units)


def colour(v: Seen, arg) -> str | None:
    slot, called = arg
    return _is(f"hangar {slot}'s colour", load().tiles[v.board.hangars[slot - 1]].colour, called)


def experiment(v: Seen, arg) -> str | None:
    index, research = arg
    return _is(f"the research of experiment {index}", load().experiments[v.board.wheel[index]].research, research)


PANELS = {"board": "board", "base": "base", "actions": "actions", "secondary board": "tracks", "log": "log"}


def in_panel(v: Seen, arg) -> str | None:
    """The step's spotlight, or the missions, lie inside the panel named."""
    thing, panel = arg
    area = getattr(v.game.frame.L, PANELS[panel])
    rects = {"spot": [v.game.guide.spot_rect(v.game)], "missions": v.game.views.tracks.missions}[thing]
    if any(r is None for r in rects):
        return f"the {thing} is not on the screen"
    return None if all(area.contains(r) for r in rects) else f"the {thing} is not inside the {panel}"


SIDES = {"above": (0, -1), "right of": (1, 0), "left of": (-1, 0), "below": (0, 1)}


def beside(v: Seen, arg) -> str | None:
    """On screen, the cell `a` touches the cell `b` on the side named."""
    a, side, b = arg
    ra, rb = v.cell_rect(a), v.cell_rect(b)
    dx, dy = SIDES[side]
    aligned = ra.centerx == rb.centerx if dx == 0 else ra.centery == rb.centery
    touching = (ra.bottom <= rb.top if dy < 0 else ra.top >= rb.bottom if dy > 0
                else ra.left >= rb.right if dx > 0 else ra.right <= rb.left)
    near = abs(ra.centerx - rb.centerx) + abs(ra.centery - rb.centery) <= ra.w * 3 // 2
    return None if aligned and touching and near else f"{a} is not {side} {b} on screen"


def returning(v: Seen, count: int) -> str | None:
    return _is("the learner's astronauts coming home", sum(w == "returning" for _, w, _ in v.me.astros), count)


def ready(v: Seen, arg) -> str | None:
    """Astronauts ready to act in the position as it stands (a turn waiting for Confirm, whose
    result the screen shows, is not played yet)."""
    who, count = arg
    astros = v.game.match.state.players[SEATS[who]].astros
    return _is(f"the {who}'s ready astronauts", sum(w == ACTIVE for _, w, _ in astros), count)


def round_(v: Seen, number: int) -> str | None:
    return _is("the round", v.board.round, number)


def year(v: Seen, number: int) -> str | None:
    return _is("the year", v.board.year, number)


def ledger(v: Seen, arg) -> str | None:
    source, points = arg
    return _is(f"the learner's points from {source}", v.me.ledger[source], points)


def upgrades(v: Seen, count: int) -> str | None:
    return _is("the upgrades to give", v.state.upgrades, count)


def square(v: Seen, arg) -> str | None:
    """The 2 by 2 block from `corner` (its top left) is four modules of `count` colours."""
    corner, count = arg
    x, y = corner
    colours = module_colours(v.me.base, load())
    block = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
    if not all(c in colours for c in block):
        return f"the block from {corner} is not four modules"
    return _is(f"the colours of the square from {corner}", len({colours[c] for c in block}), count)


def experiments(v: Seen, count: int) -> str | None:
    return _is("the learner's experiments", len(v.me.experiments), count)


def mission(v: Seen, arg) -> str | None:
    index, called = arg
    return _is(f"mission {index}", load().missions[v.state.missions[index]].name, called)


def mission_measure_(v: Seen, arg) -> str | None:
    """The learner's measure toward mission `index`, and what the mission asks for."""
    index, have, target = arg
    spec = load().missions[v.state.missions[index]]
    return _is(f"{spec.name}: the learner's measure and its target",
               (mission_measure(spec, v.me.base, v.me.experiments, load()), spec.target), (have, target))


def holder(v: Seen, arg) -> str | None:
    index, who = arg
    return _is(f"mission {index}'s holder", v.state.holders[index], SEATS.get(who))


def deck(v: Seen, count: int) -> str | None:
    return _is("the modules left in the year's stack", len(v.board.decks[v.board.year - 1]), count)


def research(v: Seen, arg) -> str | None:
    who, points = arg
    return _is(f"the {who}'s research", v.state.players[SEATS[who]].research, points)


def rival_turns(v: Seen, count: int) -> str | None:
    return _is("the rival's turns during the step", v.rival_turns, count)


FACTS: dict[str, Callable[[Seen, object], str | None]] = {
    "base_on_show": base_on_show, "name": name, "bot": bot, "turn": turn, "first_player": first_player,
    "button": button, "choice": choice, "note_button": note_button,
    "astronaut_at": astronaut_at, "astronaut": astronaut, "by_hangar": by_hangar, "astronaut_cell": astronaut_cell,
    "work": work, "work_left": work_left, "tile": tile, "work_cost": work_cost, "tile_mark": tile_mark,
    "makes": makes, "stock": stock,
    "can_pay": can_pay, "owed": owed, "hangar": hangar, "cost": cost, "colour": colour, "experiment": experiment,
    "in_panel": in_panel, "beside": beside, "returning": returning, "ready": ready, "round": round_, "year": year,
    "ledger": ledger, "upgrades": upgrades, "square": square, "experiments": experiments, "mission": mission,
    "mission_measure": mission_measure_, "holder": holder, "deck": deck, "research": research,
    "rival_turns": rival_turns,
}


def wrong(facts, seen: Seen) -> list[str]:
    """What the screen contradicts among `facts` ((name, argument) pairs)."""
    out = []
    for key, arg in facts:
        if key not in FACTS:
            out.append(f"{key!r} is no fact the test knows")
            continue
        problem = FACTS[key](seen, arg)
        if problem is not None:
            out.append(f"{key} {arg}: {problem}")
    return out
