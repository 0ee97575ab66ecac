"""Tiles, experiments and missions in plain words: shared by the game log and the tooltips."""
from __future__ import annotations

from collections.abc import Mapping

from ..engine.catalogue import (
    COLOUR_NAMES, RESOURCE_NAMES, RESOURCES, SHAPE_NAMES, SIDE_NAMES, ExperimentSpec,
    MissionSpec, TileSpec, load,
)
from ..language import N_, _, number


class Messages(Mapping):
    """A table of messages declared with N_, each read in the language in force."""

    def __init__(self, messages: dict[str, str]):
        self._messages = messages

    def __getitem__(self, key: str) -> str:
        return _(self._messages[key])

    def __iter__(self):
        return iter(self._messages)

    def __len__(self) -> int:
        return len(self._messages)


LEDGER_LABELS = Messages({
    "square": N_("Squares"),
    "greenhouse": N_("Greenhouses"),
    "experiment_group": N_("Experiment groups"),
    "experiment_vp": N_("Experiment points"),
    "module_vp": N_("Module points"),
    "mission": N_("Missions"),
    "mission_lost": N_("Missions lost"),
    "science": N_("Science tokens"),
    "leftovers": N_("Leftover resources"),
    "scenario": N_("Set in the sandbox"),
})
VP_REASONS = Messages({
    # Translators: what scored points (this and the next ones), as in "+3 VP square".
    "square": N_("square"),
    "greenhouse": N_("greenhouse"),
    "experiment_group": N_("experiment group"),
    "experiment_vp": N_("experiment points"),
    "module_vp": N_("module points"),
    "mission": N_("mission"),
    "mission_lost": N_("missions lost"),
    "science": N_("science tokens"),
    "leftovers": N_("leftover resources"),
    "scenario": N_("set in the sandbox"),
})
COUNTED_AT_END = ("science", "leftovers")  # points scored for everyone at the game's end, not by a move
EFFECT_TEXT = Messages({
    "reactivate": N_("Reactivate: every exhausted astronaut in your base wakes up"),
    "time2": N_("Two time units: your astronauts beside the board move 2 spots toward the arm"),
})


def tile_name(tid: str) -> str:
    """The one name a player reads for a tile, wherever it is named: the log, the tooltips,
    the recap, the prompts. The catalogue gives it (communication tiles by colour and value)."""
    return load().tiles[tid].said()


def mission_name(spec: MissionSpec) -> str:
    return _(spec.name)


def mission_text(spec: MissionSpec) -> str:
    """What the mission asks, in the player's language."""
    return _(spec.text)


def resource_name(resource: int) -> str:
    return _(RESOURCE_NAMES[RESOURCES[resource]])


def colour_name(colour: str) -> str:
    return _(COLOUR_NAMES[colour])


def cost_text(cost) -> str:
    """((resource, count), ...) -> '1 methane, 1 insect'."""
    # Translators: one resource of a cost, as in "2 methane".
    return ", ".join(_("{count} {resource}").format(count=number(n), resource=resource_name(r)) for r, n in cost)


def produces_text(spec: TileSpec) -> str:
    if spec.time:
        return _("a time unit")
    names = [resource_name(r) for r in spec.produces]
    # Translators: a tile producing either of two resources, as in "ice or methane".
    return names[0] if len(names) == 1 else _("{first} or {second}").format(first=names[0], second=names[1])


def tile_kind(spec: TileSpec, wild_shape: str | None = None) -> str:
    """A short label for what a tile is: 'ice production', 'octagonal greenhouse', ..."""
    if spec.kind == "obstacle":
        return _("obstacle")
    if spec.kind == "production":
        return _("time module") if spec.time else _("{resources} production").format(resources=produces_text(spec))
    if spec.kind == "greenhouse":
        if spec.shape == "wild":
            return _("wild greenhouse, showing {shape}").format(shape=_(SHAPE_NAMES[wild_shape])) if wild_shape \
                else _("wild greenhouse")
        return _("{shape} greenhouse").format(shape=_(SHAPE_NAMES[spec.shape]))
    if spec.kind == "drone":
        return _("{colour} drone landing strip").format(colour=colour_name(spec.colour))
    if spec.kind == "communication":
        return _("{colour} communication tile").format(colour=colour_name(spec.colour)) if spec.colour \
            else _("communication module")
    return _("research module")


def research_marks_text() -> str:
    """The research track's marks that pay a science token each: "8, 15, 21, ..."."""
    return ", ".join(number(pos) for pos, _paid in load().research_marks)


def experiment_title(spec: ExperimentSpec) -> str:
    """The experiment as a card's title: "Experiment: left, year 1"."""
    return _("Experiment: {side}, year {year}").format(side=side_name(spec), year=spec.year)


def side_name(spec: ExperimentSpec) -> str:
    return _(SIDE_NAMES[spec.side])


def mission_title(spec: MissionSpec) -> str:
    return _("Mission {id}: {name}").format(id=spec.id, name=mission_name(spec))

