"""Tiles, experiments and missions in plain words: shared by the game log and the tooltips."""
from __future__ import annotations

from ..engine.catalogue import RESOURCES, ExperimentSpec, MissionSpec, TileSpec, load

LEDGER_LABELS = {
    "square": "Squares",
    "greenhouse": "Greenhouses",
    "experiment_group": "Experiment groups",
    "experiment_vp": "Experiment points",
    "module_vp": "Module points",
    "mission": "Missions",
    "mission_lost": "Missions lost",
    "science": "Science tokens",
    "leftovers": "Leftover resources",
    "scenario": "Set in the sandbox",
}
VP_REASONS = {
    "square": "square",
    "greenhouse": "greenhouse",
    "experiment_group": "experiment group",
    "mission": "mission",
    "science": "science tokens",
    "leftovers": "leftover resources",
}
COUNTED_AT_END = ("science", "leftovers")  # points scored for everyone at the game's end, not by a move
EFFECT_TEXT = {
    "reactivate": "Reactivate: every exhausted astronaut in your base wakes up",
    "time2": "Two time units: your astronauts beside the board move 2 spots toward the arm",
}
SIDE_NAMES = {"left": "Left", "center": "Centre", "right": "Right"}


def tile_name(tid: str) -> str:
    """The one name a player reads for a tile, wherever it is named: the log, the tooltips,
    the recap, the prompts. The catalogue gives it (communication tiles by colour and value)."""
    return load().tiles[tid].name


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def cost_text(cost) -> str:
    """((resource, count), ...) -> '1 methane, 1 insect'."""
    return ", ".join(f"{n} {RESOURCES[r]}" for r, n in cost)


def produces_text(spec: TileSpec) -> str:
    if spec.time:
        return "a time unit"
    return " or ".join(RESOURCES[r] for r in spec.produces)


def tile_kind(spec: TileSpec, wild_shape: str | None = None) -> str:
    """A short label for what a tile is: 'ice production', 'octagonal greenhouse', ..."""
    if spec.kind == "obstacle":
        return "obstacle"
    if spec.kind == "production":
        if spec.time:
            return "time module"
        return f"{produces_text(spec)} production"
    if spec.kind == "greenhouse":
        if spec.shape == "wild":
            return f"wild greenhouse, showing {wild_shape}" if wild_shape else "wild greenhouse"
        return f"{spec.shape} greenhouse"
    if spec.kind == "drone":
        return f"{spec.colour} drone landing strip"
    if spec.kind == "communication":
        return f"{spec.colour} communication tile" if spec.colour else "communication module"
    return f"{spec.kind} module"


def research_marks_text() -> str:
    """The research track's marks that pay a science token each: "8, 15, 21, ..."."""
    return ", ".join(str(pos) for pos, _ in load().research_marks)


def experiment_title(spec: ExperimentSpec) -> str:
    return f"{SIDE_NAMES[spec.side]} experiment, year {spec.year}"


def mission_title(spec: MissionSpec) -> str:
    return f"Mission {spec.id}: {spec.name}"
