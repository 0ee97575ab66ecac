"""New game opens on the table last started: who takes each place, their astronauts, the bots'
levels and the seed, kept in the settings file so that a restart keeps them too. Whatever that
file holds in their place (a level that is gone, five places, values of the wrong type), the
screen opens, on the default table, and the other options stay as they were."""
from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from humanity_desktop.controller import level_name, ranked_levels
from humanity_desktop.storage.files import is_set_aside
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.input import Key
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.new_game import NewGameScene
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.settings import FILE, Settings, parse_settings
from humanity_desktop.ui.table_setup import TableSetup

CHAR, KIND, LEVEL = range(3)  # a row's buttons, left to right


def open_new_game(app: App) -> NewGameScene:
    title = TitleScene(app)
    app.stack.push(title)
    app.step()
    next(b for b in title.buttons if b.label == "New game").press()
    app.step()
    assert isinstance(app.stack.top, NewGameScene)
    return app.stack.top


@contextmanager
def new_game_in(folder) -> Iterator[tuple[App, NewGameScene]]:
    """A window on `folder`, its New game screen open; closed afterwards."""
    app = App(AppConfig(data_dir=folder, size=(1280, 720), max_fps=0))
    try:
        yield app, open_new_game(app)
    finally:
        app.close()


def table_shown(screen: NewGameScene) -> list[list[str]]:
    """The labels of every row's buttons, and the seed's."""
    return [[b.label for b in row] for row in screen.row_buttons] + [[screen.seed_button.label]]


def press(screen: NewGameScene, row: int, which: int) -> None:
    screen.row_buttons[row][which].press()


def type_seed(screen: NewGameScene, digits: str) -> None:
    screen.seed_button.press()
    for digit in digits:
        screen.handle(Key(ord(digit), digit))
    screen.handle(Key(pygame.K_RETURN, "\r"))


def test_new_game_opens_on_the_table_last_started_after_a_restart_too(tmp_path):
    with new_game_in(tmp_path) as (app, screen):
        default = table_shown(screen)
        press(screen, 1, LEVEL)
        press(screen, 1, LEVEL)  # seat 2: a bot two levels up
        press(screen, 2, KIND)  # seat 3: nobody
        press(screen, 3, KIND)  # seat 4: a human
        type_seed(screen, "42")
        chosen = table_shown(screen)
        assert chosen != default
        screen.start.press()
        assert isinstance(app.stack.top, GameScene)
        match = app.stack.top.match
        level = LEVELS[LEVELS.index("casual") + 2]
        assert [seat.who_plays() for seat in match.seats] == ["Kayla (human)", f"Aleksander (bot, {level_name(level)})",
                                                              "Yuko (human)"]
        assert match.state.seed == 42
        app.stack.pop()
        assert table_shown(open_new_game(app)) == chosen  # in the same session
    with new_game_in(tmp_path) as (_, screen):  # and after a restart
        assert table_shown(screen) == chosen


def test_leaving_new_game_without_starting_keeps_the_table_last_started(tmp_path):
    with new_game_in(tmp_path) as (app, screen):
        default = table_shown(screen)
        press(screen, 2, KIND)
        screen.back.press()
        assert table_shown(open_new_game(app)) == default


# ------------------------------------------------------------ what the file may hold

LEVELS = ranked_levels()
# Texts the file reader takes (one with a NUL or half a UTF-16 pair sets the whole file aside).
TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=8)
JSON = st.recursive(st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=False, allow_infinity=False)
                    | TEXT, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(TEXT, inner, max_size=4),
                    max_leaves=12)
@st.composite
def tables(draw) -> dict:
    """A table the screen could have kept."""
    kinds = [draw(st.sampled_from(["human", "bot"] + ["empty"] * (i >= 2))) for i in range(4)]
    characters = draw(st.permutations(range(4)))
    return {"places": [{"kind": kind, "character": character, "level": draw(st.sampled_from(LEVELS))}
                       for kind, character in zip(kinds, characters)],
            "seed": draw(st.text("0123456789", max_size=9))}


@st.composite
def spoilt(draw) -> dict:
    """A table the screen could have kept, then changed as a later version, a hand or a
    damaged disk might: a value or a key of a place, the places, the seed or the whole."""
    table = draw(tables())
    places, i = table["places"], draw(st.integers(0, 3))
    odd = draw(JSON | st.sampled_from(["grandmaster", "Casual", "Bot", "robot", "", "-1", "1"])
               | st.integers(-2, 6) | st.booleans() | st.floats(0, 3))
    field = draw(st.sampled_from(["kind", "character", "level"]))
    how = draw(st.sampled_from(["value", "drop key", "add key", "five places", "fewer places", "same astronaut",
                                "seed", "no seed", "extra"]))
    if how == "value":
        places[i][field] = odd
    elif how == "drop key":
        del places[i][field]
    elif how == "add key":
        places[i]["colour"] = odd
    elif how == "five places":
        places.append(dict(places[i]))
    elif how == "fewer places":
        del places[i:]
    elif how == "same astronaut":
        places[i]["character"] = places[(i + 1) % 4]["character"]
    elif how == "seed":
        table["seed"] = draw(TEXT | st.text("0123456789", min_size=10, max_size=12) | JSON)
    elif how == "no seed":
        del table["seed"]
    else:
        table["extra"] = odd
    return table


HELD = tables() | spoilt() | JSON  # what the settings file may hold as the New game table


def fits(value) -> bool:
    """Whether the New game screen can show `value` as it stands: four places, the first two
    taken, each by a human or by a bot of a level that exists (a human's or an empty place's
    level kept too), four different astronauts, and a seed of up to nine digits."""
    if not (isinstance(value, dict) and set(value) == {"places", "seed"} and isinstance(value["places"], list)
            and len(value["places"]) == 4):
        return False
    places, seed = value["places"], value["seed"]
    for i, place in enumerate(places):
        if not (isinstance(place, dict) and set(place) == {"kind", "character", "level"}):
            return False
        kinds = ("human", "bot", "empty") if i >= 2 else ("human", "bot")
        if not (isinstance(place["kind"], str) and place["kind"] in kinds and isinstance(place["level"], str)
                and place["level"] in LEVELS and type(place["character"]) is int):
            return False
    return (sorted(p["character"] for p in places) == [0, 1, 2, 3]
            and isinstance(seed, str) and len(seed) <= 9 and all(c in "0123456789" for c in seed))


def test_whatever_the_settings_hold_as_the_table_new_game_opens_and_the_options_stay(tmp_path):
    path = tmp_path / FILE

    @settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
    @given(HELD)
    def opens(held):
        path.write_text(json.dumps({"version": 6, "pace": "fast", "muted": True, "new_game": held}))
        loaded = Settings.load(path)
        assert (loaded.pace, loaded.muted) == ("fast", True)  # the other options are kept
        assert path.exists() and not any(is_set_aside(p) for p in tmp_path.iterdir())
        assert (loaded.new_game is not None) == fits(held)
        if loaded.new_game is not None:
            assert loaded.new_game.to_json() == held  # the table as it was kept, nothing made up
        app.settings.new_game = loaded.new_game
        screen = NewGameScene(app)
        screen.on_enter()
        screen.draw(app.screen)
        shown = loaded.new_game or TableSetup.default()
        assert (tuple(screen.rows), screen.seed_text) == (shown.places, shown.seed)

    with new_game_in(tmp_path / "data") as (app, _):
        opens()


CLICKS = st.lists(st.tuples(st.integers(0, 3), st.sampled_from([CHAR, KIND, LEVEL])), max_size=30)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(clicks=CLICKS, seed=st.text("0123456789", max_size=12))
def test_every_table_the_screen_makes_is_kept_and_read_back_as_it_was(tmp_path_factory, clicks, seed):
    with new_game_in(tmp_path_factory.mktemp("data")) as (_, screen):
        for row, which in clicks:
            press(screen, row, which)
        type_seed(screen, seed)
        made = TableSetup(tuple(screen.rows), screen.seed_text)
        assert made.seed == seed[:9]
        assert parse_settings(json.dumps(Settings(new_game=made).to_json()))["new_game"] == made


def test_the_astronaut_button_gives_the_seat_the_next_astronaut_and_theirs_to_the_seat_that_had_them(tmp_path):
    with new_game_in(tmp_path) as (_, screen):
        press(screen, 0, CHAR)
        assert [row[CHAR] for row in table_shown(screen)[:4]] == ["Aleksander", "Kayla", "Gabriel", "Yuko"]
        press(screen, 2, CHAR)  # the astronaut of the empty seat 4
        assert [row[CHAR] for row in table_shown(screen)[:4]] == ["Aleksander", "Kayla", "Yuko", "Gabriel"]
        press(screen, 2, CHAR)  # from the last astronaut round to the first
        assert [row[CHAR] for row in table_shown(screen)[:4]] == ["Aleksander", "Yuko", "Kayla", "Gabriel"]


def test_the_seed_takes_the_digits_0_to_9_only(tmp_path):
    with new_game_in(tmp_path) as (_, screen):
        type_seed(screen, "4²٣2x")  # a superscript two and an Arabic-Indic three are digits to Python, not seeds
        assert screen.seed_button.label == "42"
