"""The keyboard's way round the menus: Tab and the arrows move a focus ring that shows on
any button, Enter presses the button it is on, and a click takes it away."""
from __future__ import annotations

import pygame
import pytest

from humanity_desktop.ui import theme
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.input import Back, Click, Key
from humanity_desktop.ui.scenes.dialog import ChoiceScene, HandoffScene
from humanity_desktop.ui.scenes.new_game import NewGameScene
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.widgets import Button, KeyFocus, draw_focus_ring


@pytest.fixture
def app(tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    yield app
    app.close()


def tab(shift: bool = False) -> Key:
    return Key(pygame.K_TAB, "\t", shift)


def test_tab_walks_the_enabled_buttons_round_and_shift_tab_walks_back():
    pressed: list[str] = []
    buttons = [Button(label, lambda label=label: pressed.append(label), enabled=label != "B") for label in "ABCD"]
    focus = KeyFocus()
    seen = []
    for _ in range(4):
        focus.handle(tab(), buttons)
        seen.append(focus.focused(buttons).label)
    assert seen == ["A", "C", "D", "A"]  # B is disabled
    focus.handle(tab(shift=True), buttons)
    assert focus.focused(buttons).label == "D"
    focus.handle(Key(pygame.K_UP), buttons)
    assert focus.focused(buttons).label == "C"
    focus.handle(Key(pygame.K_RETURN, "\r"), buttons)
    assert pressed == ["C"]
    assert not focus.handle(Click((0, 0)), buttons) and focus.focused(buttons) is None


def test_without_arrows_the_arrow_keys_are_left_to_the_screen():
    focus = KeyFocus(arrows=False)
    buttons = [Button("Back", lambda: None)]
    assert not focus.handle(Key(pygame.K_DOWN), buttons) and focus.focused(buttons) is None
    assert focus.handle(tab(), buttons) and focus.focused(buttons) is buttons[0]


def test_nothing_is_pressed_before_a_key_has_moved_the_focus():
    pressed: list[bool] = []
    focus = KeyFocus()
    assert not focus.handle(Key(pygame.K_RETURN, "\r"), [Button("A", lambda: pressed.append(True))])
    assert pressed == []


@pytest.mark.parametrize("fill", [theme.BG, theme.ACCENT, theme.PANEL_HI, (255, 255, 255)])
def test_the_focus_ring_stands_out_round_a_button_on_any_colour(fill):
    surface = pygame.Surface((200, 100))
    surface.fill(fill)
    rect = pygame.Rect(50, 30, 100, 40)
    draw_focus_ring(surface, rect, 1.0)
    ring = [surface.get_at((x, rect.top - 4))[:3] for x in range(rect.left + 10, rect.right - 10)]
    assert all(pixel == theme.FOCUS for pixel in ring)  # at least 3 px of it, just outside the button
    edge = [surface.get_at((x, rect.top - 7))[:3] for x in range(rect.left + 10, rect.right - 10)]
    assert all(sum(pixel) < 100 for pixel in edge)  # a dark edge outside it, so white shows on white


def test_the_title_screen_is_used_from_the_keyboard(app):
    title = TitleScene(app)
    app.stack.push(title)
    app.step()
    app.stack.handle(tab())
    app.step()
    new_game = next(b for b in title.buttons if b.label == "New game")
    assert new_game.focused
    assert app.screen.get_at((new_game.rect.centerx, new_game.rect.top - 3))[:3] == theme.FOCUS
    app.stack.handle(Key(pygame.K_RETURN, "\r"))
    assert isinstance(app.stack.top, NewGameScene)


def enter() -> Key:
    return Key(pygame.K_RETURN, "\r")


def test_every_dialog_answers_esc_and_enter(app):
    """A notice closes on either key; a question takes its first answer on Enter and is
    cancelled on Esc; where the first answer cannot be undone, Enter keeps things as they are;
    a question that must be answered takes its way back on Esc, or shows where to start."""
    app.stack.push(TitleScene(app))
    said: list[str] = []
    cases = [  # (options, cancel, escape, enter, the key, what it must do)
        ([("Close", lambda: said.append("close"))], None, None, None, enter(), "close"),
        ([("Close", lambda: said.append("close"))], None, None, None, Back(), "close"),
        ([("Yes", lambda: said.append("yes"))], "Cancel", None, None, enter(), "yes"),
        ([("Yes", lambda: said.append("yes"))], "Cancel", None, None, Back(), None),
        ([("Delete it", lambda: said.append("delete"))], "Keep it", None, "Keep it", enter(), None),
        ([("A", lambda: said.append("a")), ("Back", lambda: said.append("back"))], None, "Back", None, Back(), "back"),
    ]
    for options, cancel, escape, default, pressed, expected in cases:
        said.clear()
        dialog = ChoiceScene(app, "Title", "Message", options, cancel=cancel, escape=escape, enter=default)
        app.stack.push(dialog)
        app.stack.handle(pressed)
        assert app.stack.top is not dialog, (options, pressed)
        assert said == ([expected] if expected else []), (options, pressed)
    forced = ChoiceScene(app, "Which?", "Choose.", [("A", lambda: None), ("B", lambda: None)], cancel=None)
    app.stack.push(forced)
    app.stack.handle(Back())
    assert app.stack.top is forced and forced.focus.focused(forced.buttons).label == "A"


def test_the_hand_off_answers_enter_and_esc(app):
    handed, paused = [], []
    handoff = HandoffScene(app, "Kayla", 0, lambda: handed.append(True), on_back=lambda: paused.append(True))
    app.stack.push(TitleScene(app))
    app.stack.push(handoff)
    app.stack.handle(Back())
    assert paused == [True] and app.stack.top is handoff
    app.stack.handle(enter())
    assert handed == [True] and app.stack.top is not handoff
