"""Geometry of a base: neighbours, squares, greenhouse groups and the missions' measures."""
from __future__ import annotations

from operator import itemgetter

from .catalogue import SHAPES, Catalogue, MissionSpec

Cell = tuple[int, int]
ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
ALL8 = ORTHO + ((1, 1), (1, -1), (-1, 1), (-1, -1))
MAX_GREENHOUSES = len(SHAPES)  # connected, each showing another shape
LINE_STEPS = {"vertical": ((0, 1),), "horizontal": ((1, 0),), "diagonal": ((1, 1), (1, -1))}


def neighbours(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in ORTHO]


def module_colours(base: dict, cat: Catalogue) -> dict[Cell, str]:
    """Cell -> colour for every module in the base (obstacles are not modules)."""
    tiles = cat.tiles
    out = {}
    for cell, (tid, _) in base.items():
        colour = tiles[tid].colour
        if colour is not None:
            out[cell] = colour
    return out


def square(corner: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells of the 2x2 square whose top-left cell is `corner`."""
    x, y = corner
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def squares_at(colours: dict[Cell, str], cell: Cell) -> list[Cell]:
    """The top-left cells of the 2x2 squares of modules that include `cell`."""
    x, y = cell
    return [(ox, oy) for ox in (x - 1, x) for oy in (y - 1, y) if all(c in colours for c in square((ox, oy)))]


def squares_completed(colours: dict[Cell, str], cell: Cell) -> list[set[str]]:
    """The 2x2 squares of modules that include `cell`, each as its set of colours."""
    return [{colours[c] for c in square(corner)} for corner in squares_at(colours, cell)]


def greenhouse_group(base: dict, cat: Catalogue, start: Cell, extra: Cell | None = None) -> list[Cell]:
    """Greenhouses orthogonally connected to `start`; `extra` counts as one (not yet placed)."""
    def is_gh(c: Cell) -> bool:
        return c == extra or (c in base and cat.tiles[base[c][0]].kind == "greenhouse")

    seen = {start}
    todo = [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n not in seen and is_gh(n):
                seen.add(n)
                todo.append(n)
    return sorted(seen)


def greenhouse_shapes_ok(fixed_shapes: list[str], size: int) -> bool:
    """A connected group is legal when it has at most MAX_GREENHOUSES, all of different shapes.

    Wild greenhouses take whichever shapes are missing, so only the fixed ones can clash.
    """
    return size <= MAX_GREENHOUSES and len(set(fixed_shapes)) == len(fixed_shapes)


def assign_wilds(fixed_shapes: list[str], wild_cells: list[Cell], current: dict[Cell, str]) -> dict[Cell, str]:
    """Give every wild in a legal group a shape no other member shows, keeping its own if it can."""
    free = [s for s in SHAPES if s not in fixed_shapes]
    out = {}
    for cell in wild_cells:
        keep = current.get(cell)
        if keep in free:
            out[cell] = keep
            free.remove(keep)
    for cell in wild_cells:
        if cell not in out:
            out[cell] = free.pop(0)
    return out


def _longest_run(colours: dict[Cell, str], steps: tuple, same_colour: bool) -> int:
    best = 0
    for (x, y), colour in colours.items():
        for dx, dy in steps:
            prev = (x - dx, y - dy)
            if prev in colours and (not same_colour or colours[prev] == colour):
                continue  # not the start of a run
            n = 1
            c = (x + dx, y + dy)
            while c in colours and (not same_colour or colours[c] == colour):
                n += 1
                c = (c[0] + dx, c[1] + dy)
            best = max(best, n)
    return best


def _largest_cluster(colours: dict[Cell, str], colour: str, diagonal: bool) -> int:
    """The biggest group of `colour` linked side to side (and corner to corner if `diagonal`)."""
    steps = ALL8 if diagonal else ORTHO
    cells = {c for c, col in colours.items() if col == colour}
    best = 0
    while cells:
        todo = [cells.pop()]
        size = 1
        while todo:
            x, y = todo.pop()
            for dx, dy in steps:
                n = (x + dx, y + dy)
                if n in cells:
                    cells.remove(n)
                    todo.append(n)
                    size += 1
        best = max(best, size)
    return best


EXPERIMENT_MEASURES = ("pictograms", "experiment_side")  # the mission measures that read experiments, not modules
MEASURE_MEMO_LIMIT = 2048  # measures a catalogue keeps: about 330 bytes each (0.7 MB); a Hard decision adds about 40
_tile = itemgetter(0)  # of a base's (tile, stock)


def layout_key(base: dict) -> tuple:
    """What the measures on modules read of a base: its cells and their tiles, not the stock.
    The cells come in the base's own order, which its copies keep: quick to read, and the same
    layout built in another order is only remembered twice."""
    return (tuple(base), tuple(map(_tile, base.values())))


def remembered_measure(spec: MissionSpec, base: dict, experiments: list[str], cat: Catalogue, layout: tuple) -> int:
    """mission_measure, remembered by `layout` (layout_key(base)) for the measures on modules:
    a turn of work, and each plan a bot weighs for one, mostly ends on a layout met before."""
    if spec.measure in EXPERIMENT_MEASURES:
        return mission_measure(spec, base, experiments, cat)
    memo = cat.module_measures
    key = (layout, spec.id)
    value = memo.get(key)
    if value is None:
        if len(memo) >= MEASURE_MEMO_LIMIT:
            memo.clear()
        value = memo[key] = mission_measure(spec, base, experiments, cat)
    return value


def mission_measure(spec: MissionSpec, base: dict, experiments: list[str], cat: Catalogue,
                    colours: dict[Cell, str] | None = None) -> int:
    """How far a player has got on a mission, in the unit of its target.

    `colours` (module_colours of the base) may be passed in when the caller has it already."""
    m = spec.measure
    if m == "pictograms":
        total = 0
        for eid in experiments:
            for r, n in cat.experiments[eid].cost:
                if r in spec.resources:
                    total += n
        return total
    if m == "experiment_side":
        return sum(1 for eid in experiments if cat.experiments[eid].side == spec.side)
    if colours is None:
        colours = module_colours(base, cat)
    if m == "colour_count":
        return sum(1 for c in colours.values() if c == spec.colour)
    if m == "colour_cluster":
        return _largest_cluster(colours, spec.colour, spec.diagonal)
    return _longest_run(colours, LINE_STEPS[spec.direction], spec.same_colour)
