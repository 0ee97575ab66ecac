"""What one seat may see: the state with deck orders and other seats' science tokens hidden."""
from __future__ import annotations

from ..language import N_
from .errors import Unfit
from .state import State


def observe(s: State, seat: int) -> dict:
    """The seat's view as JSON-ready data. Hidden: the order and identity of undrawn modules and
    experiments (only their counts show) and the science tokens behind other seats' screens."""
    if not 0 <= seat < s.n:
        raise Unfit(N_("there is no seat {seat} in a {players}-player game"), {"seat": repr(seat), "players": s.n})
    view = s.to_json()
    view["seat"] = seat
    view["decks"] = [len(d) for d in s.decks]
    view["experiment_decks"] = [len(d) for d in s.exp_decks]
    del view["seed"]  # the seed would reveal every deck
    for i, seat_view in enumerate(view["seats"]):
        if i != seat:
            seat_view["science"] = None
    return view
