"""One seat's part of the game as it was played: the engine's events from its first action to
the one that ended it, the log's lines for it, and the positions before and after. The
table's recap and last-turn marks read it; the controller's story gathers them from the bus."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..engine import State
from ..engine import events as happened
from ..engine.catalogue import load
from ..engine.grid import Cell, module_colours, squares_at
from ..engine.state import BOARD


@dataclass(frozen=True)
class PlayedTurn:
    """One seat's part, from its first action to the one that ended it."""

    seat: int
    events: tuple  # the engine's events, in order
    lines: tuple  # the game log's lines for it
    before: State  # the position as it began
    after: State  # the position as it ended
    number: int = 0  # counts the story's turns, so two turns never look alike

    def _of(self, kind: type) -> list:
        return [e for e in self.events if isinstance(e, kind)]

    @cached_property
    def deployed(self) -> happened.ModuleDeployed | None:
        return next(iter(self._of(happened.ModuleDeployed)), None)

    @cached_property
    def module(self) -> str | None:
        """The module taken from its hangar (a communication module, not the tile it became)."""
        return next((e.tile for e in self._of(happened.ModuleChosen)), None) if self.deployed else None

    @property
    def slot(self) -> int | None:
        """The hangar the module was taken from."""
        return self.deployed.slot if self.deployed else None

    @cached_property
    def experiment(self) -> happened.ExperimentDone | None:
        return next(iter(self._of(happened.ExperimentDone)), None)

    @property
    def bay(self) -> int | None:
        """The wheel's bay the experiment was taken from."""
        return self.experiment.index if self.experiment else None

    @cached_property
    def rim(self) -> tuple[int, int] | None:
        """(astronaut, ring spot): the astronaut that went out beside the board, where it stands now."""
        chosen = next((e.astronaut for e in self._of(happened.AstronautSelected)), None)
        if chosen is None:
            return None
        _, where, spot = self.after.players[self.seat].astros[chosen]
        return (chosen, spot) if where == BOARD else None

    @cached_property
    def used(self) -> tuple[Cell, ...]:
        """The base's cells worked or paid from, each once, in the order first used."""
        kinds = (happened.Produced, happened.ObstacleWeakened, happened.ObstacleDestroyed, happened.TimeModule,
                 happened.Spent)
        return tuple(dict.fromkeys(e.cell for e in self.events if isinstance(e, kinds)))

    @cached_property
    def cleared(self) -> tuple[Cell, ...]:
        """Cells whose obstacle was destroyed."""
        return tuple(e.cell for e in self._of(happened.ObstacleDestroyed))

    @cached_property
    def placed(self) -> tuple[Cell, ...]:
        """Cells where returning astronauts were set."""
        return tuple(e.cell for e in self._of(happened.AstronautPlaced))

    @cached_property
    def squares(self) -> tuple[Cell, ...]:
        """The top-left cells of the 2x2 squares the deployed module completed."""
        if self.deployed is None:
            return ()
        colours = module_colours(self.after.players[self.seat].base, load())
        return tuple(squares_at(colours, self.deployed.cell))
