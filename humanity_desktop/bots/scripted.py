"""A bot that plays set moves in the segments it has them for, and another bot's choices in
the rest: the guided game's rival, whose moves must not change when the levels do. A set
segment lists the bot's decisions only: a move with no choice is played by the match
without asking the bot."""
from __future__ import annotations

from ..engine import Action
from ..engine.segment import Segment
from .base import Bot, Budget


class ScriptedBot:
    def __init__(self, moves: dict[Segment, list[Action]], fallback: Bot) -> None:
        self.moves = moves
        self.fallback = fallback
        self.name = fallback.name
        self.seconds = fallback.seconds
        self.worth = getattr(fallback, "worth", None)
        self.last_search: list | None = None
        self._played: dict[Segment, int] = {}
        # The last set move and the view it answered: a decision the match called off and
        # asks again gets the same answer, without using up the next move.
        self._answered: tuple[dict, Action] | None = None

    def decide(self, view: dict, legal: list[Action], budget: Budget | None = None) -> Action:
        """The segment's next set move while there is one and the rules allow it; otherwise
        (and for the rest of that segment) the fallback's choice."""
        if self._answered is not None and self._answered[0] == view and self._answered[1] in legal:
            return self._answered[1]
        self._answered = None
        segment = Segment.of_view(view)
        moves = self.moves.get(segment, [])
        done = self._played.get(segment, 0)
        if done < len(moves) and moves[done] in legal:
            self._played[segment] = done + 1
            self.last_search = None
            self._answered = (view, moves[done])
            return moves[done]
        self._played[segment] = len(moves)
        action = self.fallback.decide(view, legal, budget)
        self.last_search = self.fallback.last_search
        return action
