"""What happened, on the game screen: every seat's last turn marked on the ring and the
bases, and the recap strip of the other seats' turns when the player's turn comes. The game
screen calls these hooks; the story itself (controller/story.py) listens to the bus."""
from __future__ import annotations

import pygame

from ...controller.bus import Bus
from ...controller.story import Story
from ...table.played_turn import PlayedTurn
from ...engine import State
from ..input import Click
from ..views.last_moves import draw_base_marks, draw_ring_marks
from ..views.recap_view import RecapView
from . import routes
from .table_screen import Shown, StoryScreen


class TableStory:
    def __init__(self, bus: Bus) -> None:
        self.story = Story(bus)
        self.recap = RecapView()
        self.closed = 0  # the recap was closed with this turn its newest: it stays closed until another comes

    def close(self) -> None:
        self.story.close()

    def clear(self) -> None:
        """The position jumped (a replay's step back): the marks of the turns before it go."""
        self.story.clear()

    def layout(self, log_area: pygame.Rect, scale: float) -> None:
        """`log_area`: the log panel's inner area, which the strip shares with the log."""
        self.recap.layout(log_area, scale)

    # ------------------------------------------------------------ the recap

    def recap_turns(self, scene: StoryScreen) -> list[PlayedTurn]:
        """The other seats' turns to recap now: on the player's own turn, before they move."""
        seat = scene.match.current
        if not scene.seat.can_act() or scene.director.busy or scene.log_covered() or self.story.moving() == seat:
            return []
        turns = self.story.since(seat)
        return turns if turns and turns[-1].number > self.closed else []

    def log_area(self, scene: StoryScreen) -> pygame.Rect:
        """What the log keeps of its panel: the strip takes the top while there is a recap to show."""
        return self.recap.log_area(len(self.recap_turns(scene)))

    def handle(self, scene: StoryScreen, intent) -> bool:
        """A click on a recap line shows that turn on the table; one on the strip's × closes it."""
        if not isinstance(intent, Click) or not self.recap_turns(scene):
            return False
        if self.recap.closes(intent.pos):
            self.closed = self.story.turns[-1].number
            return True
        turn = self.recap.turn_at(intent.pos)
        if turn is None:
            return False
        scene.app.stack.push(routes.make(routes.LAST_TURN, scene.app, turn, scene.match.state, scene.cast.chars, scene.cast.names, scene.frame.L.board))
        return True

    # ------------------------------------------------------------ drawing

    def draw(self, scene: StoryScreen, surface: pygame.Surface, shown: Shown) -> None:
        """The marks on the ring and on the base on show, and the recap over the log's panel;
        a seat whose move is being played out has no marks until it is over."""
        beat = scene.director.beat
        playing = beat.seat if beat is not None else None
        draw_ring_marks(surface, scene.views.board, shown.board, self.story, scene.cast.chars, skip=playing)
        turn = self.story.last(shown.seat)
        if turn is not None and shown.seat != playing:
            draw_base_marks(surface, scene.views.base, shown.base, turn, scene.cast.chars[shown.seat])
        self.recap.draw(surface, self.recap_turns(scene), scene.cast.names, scene.cast.chars, scene.hand.pos)

    def draw_popup(self, scene: StoryScreen, surface: pygame.Surface, state: State, seat: int) -> None:
        """The marks on a rival's base enlarged from its card."""
        turn = self.story.last(seat)
        if turn is not None:
            draw_base_marks(surface, scene.views.popup, state, turn, scene.cast.chars[seat])
