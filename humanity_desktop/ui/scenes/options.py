"""Options: one button per setting; each click moves it to its next value, which is saved
and applies at once (bot thinking time from the next game)."""
from __future__ import annotations

from ..settings import CHOICES, FIRST_RESETS
from ..widgets import Button
from .menu import MenuScene
from . import routes


def _on_off(on: str, off: str):
    return lambda v: on if v else off


def _percent(v: float) -> str:
    return f"{v:.0%}"


# setting -> (label, how its value reads, tooltip); in the order shown
ROWS = {
    "fullscreen": ("Window", _on_off("fullscreen", "windowed"), "Full screen or a window (F11 switches too)"),
    "effects_volume": ("Effects volume", _percent, "Loudness of the game's sounds"),
    "music_volume": ("Music volume", _percent, "Loudness of the music"),
    "muted": ("Sound", _on_off("muted", "on"), "Silence everything at once"),
    "text_size": ("Text size", _percent, "Text and icons larger or smaller on every screen, from 90% to 150%"),
    "anim_speed": ("Animation speed", lambda v: f"{v:g}×", "How fast pieces move on the table"),
    "pace": ("Bot pace", str, "How long the game waits between two bot moves: slow, normal, fast or instant. "
             "It is not how well bots play: that is each bot's level, set on New game"),
    "bot_time": ("Bot thinking time", lambda v: "as the level sets" if v == 1 else f"{v:g}× the level's",
                 "How long Hard and Expert bots think about a turn, against their level's own time; "
                 "longer plays stronger. Applies to new games"),
    "colour_symbols": ("Player symbols", _on_off("shown", "hidden"),
                       "Each player's shape, large, on every astronaut, for telling players apart without "
                       "colour (modules always show their colour's symbol)"),
    "hints": ("Hint button", _on_off("shown", "hidden"), "The game screen's button that suggests a move"),
    "reset_steps": ("Reset", {"learning": "step by step, then quick", "always": "step by step",
                              "never": "quick"}.get,
                    "How the end of a round plays on the table. Step by step, each part of the reset waits "
                    "with a caption that says what happens and why (click or Space for the next); quick "
                    f"plays it all in two seconds; \"then quick\" goes step by step for your first {FIRST_RESETS} resets"),
}


def option_text(key: str, value) -> str:
    """How a setting and its value read on a button, here and wherever else it is shown."""
    label, reads, _ = ROWS[key]
    return f"{label}: {reads(value)}"


@routes.screen(routes.OPTIONS)
class OptionsScene(MenuScene):
    title = "Options"
    text = "Click an option to change it. Every change is kept for the next time you play."
    panel_width = 480

    def make_buttons(self) -> list[Button]:
        s = self.app.settings
        buttons = [Button(option_text(key, getattr(s, key)), self._changer(key), tooltip=ROWS[key][2])
                   for key in ROWS]
        return buttons + [Button("Back", self.back, style="primary")]

    def _changer(self, key: str):
        return lambda: self.change(key)

    def change(self, key: str) -> None:
        """Move setting `key` to its next value, apply it and save it."""
        s = self.app.settings
        values = CHOICES[key]
        value = values[(values.index(getattr(s, key)) + 1) % len(values)]
        if key == "fullscreen":
            self.app.toggle_fullscreen()
        elif key == "anim_speed":
            self.app.set_anim_speed(value)
        elif key == "text_size":
            self.app.set_text_size(value)
        else:
            setattr(s, key, value)
            self.app.save_settings()
        self.refresh()
