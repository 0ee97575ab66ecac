"""New game shows the level the player's results suggest (controller/suggestion.py), and one
click gives it to every bot seat and the quick start; the card fits the smallest window at the
largest text size in every language, and in the pseudo-language."""
from __future__ import annotations

import pytest

from humanity_desktop.controller import parse_seats
from humanity_desktop.language import LANGUAGES
from humanity_desktop.language.pseudo import PSEUDO
from humanity_desktop.ui import theme
from humanity_desktop.ui.app import MIN_SIZE
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.new_game import NewGameScene
from test_languages_fit import misfits
from test_new_game_table import KIND, LEVEL, new_game_in, open_new_game, press, table_shown
from test_text_fit import drawn_on, push


def losses(app, n: int = 5, level: str = "easy") -> None:
    seats = parse_seats(f"human,bot:{level}")
    for _k in range(n):
        app.session.stats.record(seats, [30, 40], [2, 1])


def card_says(screen: NewGameScene) -> str:
    return " ".join(screen.card_lines)


def test_a_first_game_offers_the_gentlest_level_and_one_click_gives_it_to_every_bot(tmp_path):
    with new_game_in(tmp_path) as (app, screen):
        assert card_says(screen) == "Your first game? Start against Beginner bots."
        press(screen, 3, KIND)
        press(screen, 3, KIND)  # seat 4: empty, human, then a bot
        [use] = screen.use
        assert use.label == "Use Beginner"
        use.press()
        assert [row[LEVEL].label for row in screen.row_buttons[1:]] == ["Level: Beginner"] * 3
        assert screen.use == [] and screen.in_use  # it says so in place of the button
        press(screen, 1, LEVEL)
        assert screen.use  # a bot off the suggested level: the button is back
        screen.quick[1].press()  # the quick start plays at the suggested level too
        assert isinstance(app.stack.top, GameScene)
        assert [s.level for s in app.stack.top.match.seats] == [None, "beginner", "beginner"]


def test_a_losing_streak_offers_the_next_level_down(tmp_path):
    with new_game_in(tmp_path) as (app, _screen):
        losses(app)
        app.stack.pop()
        screen = open_new_game(app)
        assert card_says(screen) == "You lost 5 of your last 5 games against Easy: try Beginner?"
        screen.use[0].press()
        assert "Beginner" in table_shown(screen)[1][LEVEL]


def test_no_card_when_the_stats_cannot_tell(tmp_path):
    with new_game_in(tmp_path) as (app, _screen):
        losses(app)
        app.session.stats.recent, app.session.stats.latest = {}, None  # games from before they were kept
        app.stack.pop()
        screen = open_new_game(app)
        assert screen.card_lines == [] and screen.use == [] and screen.card.h == 0


def with_losses(app) -> None:
    """New game after a losing streak: the longest of the suggestions."""
    losses(app, level="expert")
    push(app, NewGameScene(app))


# As tests/test_languages_fit.py holds the screens: every language at the largest text size, the
# pseudo-language (longer than any) at the usual one.
@pytest.mark.parametrize("code, text_size", [*((code, max(theme.TEXT_SIZES)) for code in LANGUAGES), (PSEUDO, 1.0)])
def test_the_longest_suggestion_fits_the_smallest_window(tmp_path, code, text_size):
    notes = drawn_on(tmp_path, MIN_SIZE, with_losses, text_size=text_size, language=code)
    assert any("5" in n.text for n in notes)  # the card, in any language: "5 of your last 5"
    assert misfits(notes) == []
