"""The game draws its text with the font it ships, whatever fonts the machine has."""
from pathlib import Path

import pygame
import pytest

from humanity_desktop import assets
from humanity_desktop.ui import fonts as ui_fonts


@pytest.fixture(autouse=True)
def fresh_paths():
    pygame.font.init()
    ui_fonts.font_path.cache_clear()
    yield
    ui_fonts.font_path.cache_clear()


@pytest.mark.parametrize("bold, style", [(False, "Book"), (True, "Bold")])
def test_the_bundled_font_is_picked_first(bold, style):
    path = Path(ui_fonts.font_path(bold))
    assert path == assets.art("fonts", path.name)
    font = ui_fonts.Fonts().font(16, bold=bold)
    assert (font.name, font.style_name) == ("DejaVu Sans", style)


def game_characters() -> set[str]:
    """Every character beyond ASCII in the game's code and data: all of it may be drawn."""
    package = Path(ui_fonts.__file__).parents[1]
    return {ch for path in package.rglob("*") if path.suffix in (".py", ".json")
            for ch in path.read_text(encoding="utf-8") if ord(ch) > 127}


def drawn(font: pygame.font.Font, char: str) -> bytes:
    return pygame.image.tobytes(font.render(char, False, (255, 255, 255), (0, 0, 0)), "RGB")


@pytest.mark.parametrize("bold", [False, True])
def test_the_bundled_font_has_every_character_the_game_draws(bold):
    font = pygame.font.Font(ui_fonts.font_path(bold), 16)
    no_glyph = drawn(font, "\U0010FFFD")  # a private-use character no font draws: the empty box
    assert drawn(font, "漢") == no_glyph  # (DejaVu Sans has no CJK: the check can see a gap)
    missing = [ch for ch in sorted(game_characters() | {"…"}) if drawn(font, ch) == no_glyph]
    assert missing == []


def test_the_font_licence_ships_with_it():
    licence = assets.art("fonts", "LICENSE").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence


def test_without_the_bundled_font_a_system_or_pygame_font_is_used(monkeypatch, tmp_path):
    monkeypatch.setattr(assets, "root", lambda: tmp_path)
    path = ui_fonts.font_path(False)
    assert path is None or not path.startswith(str(tmp_path))
    assert ui_fonts.Fonts().font(14).size("Humanity")[0] > 0
