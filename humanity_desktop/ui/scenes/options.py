"""Options: how fast bots play and how long they think, and the window mode."""
from __future__ import annotations

from ..settings import PACES, THINKING
from ..widgets import Button
from .menu import MenuScene


class OptionsScene(MenuScene):
    title = "Options"
    text = "Bot pace: the pause between two bot moves. Thinking time: how long a bot may think about one choice."
    panel_width = 460

    def make_buttons(self) -> list[Button]:
        s = self.app.settings
        return [
            Button(f"Bot pace: {s.pace}", self._next_pace, tooltip="Slow, normal, fast or instant"),
            Button(f"Bot thinking time: {s.bot_seconds:g} s", self._next_thinking,
                   tooltip="Stronger bots play better with more time; applies to new games"),
            Button(f"Window: {'fullscreen' if s.fullscreen else 'windowed'} (F11)", self._fullscreen),
            Button("Back", self.back, style="primary"),
        ]

    def _next_pace(self) -> None:
        names = list(PACES)
        s = self.app.settings
        s.pace = names[(names.index(s.pace) + 1) % len(names)]
        self._saved()

    def _next_thinking(self) -> None:
        s = self.app.settings
        s.bot_seconds = THINKING[(THINKING.index(s.bot_seconds) + 1) % len(THINKING)]
        self._saved()

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self.refresh()

    def _saved(self) -> None:
        self.app.settings.save()
        self.refresh()
