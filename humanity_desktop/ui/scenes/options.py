"""Options: one button per setting; each click moves it to its next value, which is saved
and applies at once (bot thinking time from the next game)."""
from __future__ import annotations

from ...language import LANGUAGES, N_, SYSTEM, _, number, percent, spoken
from ..settings import CHOICES, FIRST_RESETS
from ..widgets import Button
from .menu import MenuScene
from . import routes


def _on_off(on: str, off: str):
    return lambda v: _(on) if v else _(off)


def _factor(v: float) -> str:
    return _("{factor}×").format(factor=number(v))


def _bot_time(v: float) -> str:
    return _("as the level sets") if v == 1 else _("{factor}× the level's").format(factor=number(v))


def _language(v: str) -> str:
    """A language by its own name, whatever the language in force; the system's named too."""
    if v != SYSTEM:
        return LANGUAGES[v]
    return _("as the system ({language})").format(language=LANGUAGES[spoken(SYSTEM)])


# setting -> (label, how its value reads, tooltip); in the order shown. The labels and
# tooltips are messages, taken in the language in force when shown.
ROWS = {
    "language": (N_("Language"), _language, N_("The language of every screen; it changes at once")),
    "fullscreen": (N_("Window"), _on_off(N_("fullscreen"), N_("windowed")),
                   N_("Full screen or a window (F11 switches too)")),
    "effects_volume": (N_("Effects volume"), percent, N_("Loudness of the game's sounds")),
    "music_volume": (N_("Music volume"), percent, N_("Loudness of the music")),
    "muted": (N_("Sound"), _on_off(N_("muted"), N_("on")), N_("Silence everything at once")),
    "text_size": (N_("Text size"), percent,
                  N_("Text and icons larger or smaller on every screen, from 90% to 150%")),
    "anim_speed": (N_("Animation speed"), _factor, N_("How fast pieces move on the table")),
    "pace": (N_("Bot pace"), lambda v: _(PACE_WORDS[v]),
             N_("How long the game waits between two bot moves: slow, normal, fast or instant. "
                "It is not how well bots play: that is each bot's level, set on New game")),
    "bot_time": (N_("Bot thinking time"), _bot_time,
                 N_("How long Hard and Expert bots think about a turn, against their level's own time; "
                    "longer plays stronger. Applies to new games")),
    "colour_symbols": (N_("Player symbols"), _on_off(N_("shown"), N_("hidden")),
                       N_("Each player's shape, large, on every astronaut, for telling players apart without "
                          "colour (modules always show their colour's symbol)")),
    "hints": (N_("Hint button"), _on_off(N_("shown"), N_("hidden")),
              N_("The game screen's button that suggests a move")),
    "reset_steps": (N_("Reset"), lambda v: _(RESET_WORDS[v]),
                    N_("How the end of a round plays on the table. Step by step, each part of the reset "
                       "waits with a caption that says what happens and why (click or Space for the next); "
                       "quick plays it all in two seconds; \"then quick\" goes step by step for your first "
                       "{resets} resets")),
}
PACE_WORDS = {"slow": N_("slow"), "normal": N_("normal"), "fast": N_("fast"), "instant": N_("instant")}
RESET_WORDS = {"learning": N_("step by step, then quick"), "always": N_("step by step"), "never": N_("quick")}


def option_text(key: str, value) -> str:
    """How a setting and its value read on a button, here and wherever else it is shown."""
    label, reads, _tip = ROWS[key]
    return _("{option}: {value}").format(option=_(label), value=reads(value))


def option_value(key: str, value) -> str:
    """A setting's value alone, where its button has no room for the setting's name too."""
    return ROWS[key][1](value)


def option_tip(key: str) -> str:
    return _(ROWS[key][2]).format(resets=FIRST_RESETS)


@routes.screen(routes.OPTIONS)
class OptionsScene(MenuScene):
    title = N_("Options")
    text = N_("Click an option to change it. Every change is kept for the next time you play.")
    panel_width = 480

    def make_buttons(self) -> list[Button]:
        s = self.app.settings
        buttons = [Button(option_text(key, getattr(s, key)), self._changer(key), tooltip=option_tip(key))
                   for key in ROWS]
        return buttons + [Button(_("Back"), self.back, style="primary")]

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
        elif key == "language":
            self.app.set_language(value)
        else:
            setattr(s, key, value)
            self.app.save_settings()
        self.refresh()
