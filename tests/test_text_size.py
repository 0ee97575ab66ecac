"""The Text size option and the display scale: every text and icon follows them at once,
and no text is ever shrunk under the smallest readable size."""
from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from humanity_desktop.ui import theme
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.drawn import recording
from humanity_desktop.ui.fonts import draw_text, fonts
from humanity_desktop.ui.input import Click
from humanity_desktop.ui.scenes.options import OptionsScene
from humanity_desktop.ui.settings import FILE, Settings


@pytest.fixture(autouse=True)
def font_system():
    pygame.font.init()


@pytest.mark.parametrize("factor", theme.TEXT_SIZES)
def test_every_text_size_scales_text_and_its_minimum_but_never_shrinks_it_under_11_px(factor):
    theme.set_text_size(factor)
    least = max(theme.MIN_TEXT_PX, int(theme.MIN_TEXT_PX * factor))  # 16 px at 150%: small text grows too
    for size in range(6, 60):
        assert fonts().px(size) == max(least, round(size * factor))
        assert fonts().font(size).get_height() >= fonts().font(size - 1).get_height()


def test_measures_and_renders_agree_at_any_text_size():
    for factor in theme.TEXT_SIZES:
        theme.set_text_size(factor)
        text = "Kayla deploys the Relay Antenna"
        assert fonts().render(text, 16, (255, 255, 255)).get_width() == fonts().width(text, 16)
        assert fonts().render(text, 16, (255, 255, 255)).get_height() <= fonts().height(16) + 1
        assert all(fonts().width(line, 16) <= 200 for line in fonts().wrap(text * 3, 16, 200))


def test_at_two_pixels_per_point_the_smallest_text_is_22_pixels_and_the_text_size_is_the_players():
    theme.set_pixel_ratio(2.0)
    assert theme.min_text_px() == 22 and fonts().px(8) == 22 and theme.text_px(5, 1.0) == 22
    assert theme.text_size() == 1.0 and fonts().px(30) == 30  # larger text scales with the window, not here
    theme.set_text_size(1.5)
    assert theme.text_size() == 1.5 and theme.icon_px(20, 1.0) == 30


def test_recording_notes_each_text_with_its_size_place_and_box():
    surface = pygame.Surface((200, 100))
    box = pygame.Rect(10, 10, 80, 30)
    with recording() as notes:
        rect = draw_text(surface, "Hangar 3", 14, (255, 255, 255), (12, 12), box=box)
        fonts().render("+2", 12, (255, 255, 255))
        surface.set_clip(pygame.Rect(0, 0, 50, 50))
        draw_text(surface, "clipped", 14, (255, 255, 255), (0, 0))
    assert [(n.text, n.px) for n in notes] == [("Hangar 3", 14), ("+2", 12), ("clipped", 14)]
    assert notes[0].rect == rect and notes[0].box == box
    assert notes[1].rect is None and notes[2].box == pygame.Rect(0, 0, 50, 50)
    fonts().render("not noted", 12, (255, 255, 255))
    assert len(notes) == 3


def test_the_option_applies_to_every_screen_at_once_and_is_kept(tmp_path):
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    options = OptionsScene(app)
    app.stack.push(options)
    app.step()
    try:
        before = fonts().px(16)
        button = next(b for b in options.buttons if b.label.startswith("Text size"))
        height = button.rect.h
        app.stack.handle(Click(button.rect.center))
        assert app.settings.text_size == 1.15 and theme.text_size() == 1.15
        assert fonts().px(16) > before
        button = next(b for b in options.buttons if b.label.startswith("Text size"))
        assert button.label == "Text size: 115%" and button.rect.h >= height  # laid out again for it
        assert Settings.load(tmp_path / FILE).text_size == 1.15
    finally:
        app.close()


def test_the_saved_text_size_applies_from_the_start(tmp_path):
    Settings(text_size=1.3, path=tmp_path / FILE).save()
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0))
    try:
        assert theme.text_size() == 1.3 and fonts().px(20) == 26
    finally:
        app.close()


@settings(max_examples=150, deadline=None)
@given(words=st.lists(st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=40),
                      min_size=1, max_size=12),
       width=st.integers(min_value=12, max_value=400), size=st.sampled_from([11, 14, 19]))
def test_wrapped_lines_fit_their_width_and_keep_every_letter(words, width, size):
    pygame.font.init()
    text = " ".join(words)
    lines = fonts().wrap(text, size, width)
    widest_letter = max(fonts().width(ch, size) for ch in text)
    assert all(fonts().width(line, size) <= max(width, widest_letter) for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
