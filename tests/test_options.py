"""Options: a control for every setting; a click changes it, applies it and keeps it for the
next run."""
from __future__ import annotations

import pygame
import pytest

from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.controller import level_name, ranked_levels
from humanity_desktop.ui.input import Click, Point
from humanity_desktop.language import _, set_language
from humanity_desktop.ui.scenes.new_game import NewGameScene
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.scenes.options import ROWS, OptionsScene, option_text
from humanity_desktop.ui.settings import CHOICES, FILE, Settings


def open_options(tmp_path, **config) -> tuple[App, OptionsScene]:
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0, **config))
    scene = OptionsScene(app)
    app.stack.push(scene)
    app.step()
    return app, scene


def button_for(scene: OptionsScene, key: str):
    label = _(ROWS[key][0])
    return next(b for b in scene.buttons if b.label.startswith(label))


def test_every_setting_has_a_control():
    assert set(ROWS) == set(CHOICES)


@pytest.mark.parametrize("key", sorted(CHOICES))
def test_each_control_changes_its_setting_and_keeps_it(tmp_path, key):
    app, scene = open_options(tmp_path)
    try:
        before = getattr(app.settings, key)
        label = button_for(scene, key).label
        click = button_for(scene, key).rect.center
        app.stack.handle(Click(click))
        after = getattr(app.settings, key)
        assert after != before and after in CHOICES[key]
        assert button_for(scene, key).label != label  # the button shows the new value
        assert getattr(Settings.load(tmp_path / FILE), key) == after  # kept for the next run
        others = {k: getattr(Settings(), k) for k in CHOICES if k != key}
        assert {k: getattr(app.settings, k) for k in others} == others  # nothing else moved
        app.step()
    finally:
        app.stack.pop()
        app.session.close_match()


def test_each_control_goes_round_all_its_values(tmp_path):
    app, scene = open_options(tmp_path)
    try:
        for key in ("pace", "anim_speed", "effects_volume"):
            seen = []
            for _value in CHOICES[key]:
                scene.change(key)
                seen.append(getattr(app.settings, key))
            assert sorted(seen, key=str) == sorted(CHOICES[key], key=str)
    finally:
        app.stack.pop()


def test_the_animation_speed_applies_to_the_running_app_at_once(tmp_path):
    app, scene = open_options(tmp_path)
    try:
        assert app.config.anim_speed == 1.0
        scene.change("anim_speed")
        assert app.config.anim_speed == app.settings.anim_speed == 1.5
    finally:
        app.stack.pop()
    again, _ = open_options(tmp_path)  # the next run starts at the kept speed
    assert again.config.anim_speed == 1.5
    again.stack.pop()


def test_the_command_line_animation_speed_overrides_the_option(tmp_path):
    app, scene = open_options(tmp_path, anim_speed=60.0)
    try:
        scene.change("anim_speed")
        assert app.settings.anim_speed == 1.5 and app.config.anim_speed == 60.0
    finally:
        app.stack.pop()


def test_fullscreen_toggles_the_window_and_back(tmp_path):
    app, scene = open_options(tmp_path)
    try:
        scene.change("fullscreen")
        app.step()
        assert app.settings.fullscreen
        scene.change("fullscreen")
        app.step()
        assert not app.settings.fullscreen and app.size == (1280, 720)
    finally:
        app.stack.pop()


def test_the_pace_option_is_named_a_pace_and_sends_levels_to_new_game(tmp_path):
    app, scene = open_options(tmp_path)
    try:
        for _step in CHOICES["pace"]:
            button = button_for(scene, "pace")
            assert button.label == option_text("pace", app.settings.pace)
            assert button.label.startswith("Bot pace: ")
            assert "level" in button.tooltip and "New game" in button.tooltip
            scene.change("pace")
    finally:
        app.stack.pop()


def test_new_game_tells_a_bots_level_from_the_pace_once_the_pointer_rests(tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    scene = NewGameScene(app)
    app.stack.push(scene)
    try:
        level = scene.row_buttons[1][2]
        assert level.label.split(": ")[1] in [level_name(name) for name in ranked_levels()]
        app.stack.handle(Point(level.rect.center))

        def frame(dt: float) -> bytes:
            scene.update(dt)
            scene.draw(app.screen)
            return pygame.image.tobytes(app.screen, "RGB")

        moving = frame(0.0)
        assert frame(0.1) == moving  # no tooltip while the pointer is only passing
        assert frame(0.5) != moving
        assert scene.tips.button is level and "Bot pace" in level.tooltip
    finally:
        app.stack.pop()


def test_a_language_chosen_applies_at_once_to_every_screen_and_is_kept(tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    try:
        app.stack.push(TitleScene(app))
        scene = OptionsScene(app)
        app.stack.push(scene)
        app.step()
        while app.settings.language != "fr":
            app.stack.handle(Click(button_for(scene, "language").rect.center))
        app.step()
        assert [b.label for b in scene.buttons][0] == "Langue\u00a0: Français"
        assert scene.buttons[-1].label == "Retour"
        app.stack.pop()  # back on the title screen, in French at once
        app.step()
        assert "Nouvelle partie" in [b.label for b in app.stack.top.buttons]
    finally:
        set_language("en")
        while len(app.stack):
            app.stack.pop()
        app.session.close_match()
    assert Settings.load(tmp_path / FILE).language == "fr"  # kept for the next run
