"""Every loader of the player's files over the whole input space: any bytes, any JSON shape, any
integer size, any text, in place of the file or of one value in a real one. Each file is either
refused with a message or loaded, and a loaded one always reaches a drawn frame and, for a
game, a legal bot move within a time bound. Then from positions at the edge of every range,
bots play a round and every autosave reloads as the game it was taken from."""
from __future__ import annotations

import contextlib
import io
import json
import random
import shutil
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from humanity_desktop.bots import make_bot
from humanity_desktop.controller.match import Resumed
from humanity_desktop.controller import parse_seats
from humanity_desktop.controller.bus import Bus
from humanity_desktop.controller.match import Headless, Match
from humanity_desktop.controller.replays import open_replay
from humanity_desktop.controller.saves import read_match, save_text
from humanity_desktop.storage.save_files import AUTOSAVE, SAVES_DIR, SaveError
from humanity_desktop.controller.stats import STATS_FILE, Stats
from humanity_desktop.controller.tutorial import PROGRESS_FILE, load_script, read_progress, tutorial_match
from humanity_desktop.engine import apply_action, legal_actions, load_catalogue, new_game, observe
from humanity_desktop.engine import horizon
from humanity_desktop.engine.ranges import COORD, POINTS, ROUND_NUMBER, SCIENCE, SEED, TURN_NUMBER
from humanity_desktop.engine.state import ACTIVE, EXHAUSTED, State
from humanity_desktop.engine.validation import load_state
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.load import LoadScene
from humanity_desktop.ui.scenes.replay import ReplayScene
from humanity_desktop.ui.scenes.stats import StatsScene
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.scenes.tutorial import start as start_tutorial
from humanity_desktop.ui.settings import FILE as SETTINGS_FILE
from humanity_desktop.ui.settings import Settings

from test_saves import played_match
from test_session import play_to_the_end

BOT_SECONDS = 10.0  # a legal bot move comes within this, on a busy machine
SCRIPT = load_script()
SETTINGS = settings(max_examples=100, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Mostly ordinary values, often hostile ones: integers of any size, texts with NUL, half a
# UTF-16 pair or 70,000 characters.
huge = st.integers(min_value=-10**600, max_value=10**600)
numbers = st.one_of(st.integers(-10, 100), st.integers(), huge, st.floats(allow_nan=True, allow_infinity=True))
texts = st.one_of(st.text(max_size=40), st.text(max_size=40), st.sampled_from(["\x00", "\ud800", "a\udfffb", "\ufeff"]),
                  st.integers(60_000, 80_000).map(lambda n: "x" * n))
json_values = st.recursive(st.none() | st.booleans() | numbers | texts,
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
                           max_leaves=12)


def encode(value) -> str:
    """JSON as a file could hold it: lone surrogates and NaN written as such."""
    return json.dumps(value, ensure_ascii=True, allow_nan=True)


def paths_in(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths_in(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths_in(v, path + (i,))


def replaced(document, path, value):
    """`document` with the value at `path` replaced (the whole document for the empty path)."""
    if not path:
        return value
    copy = json.loads(json.dumps(document))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


def like(value) -> st.SearchStrategy:
    """Values of the same JSON kind as `value`, of any size or content."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return numbers.filter(lambda x: isinstance(x, int))
    if isinstance(value, float):
        return st.floats(allow_nan=True, allow_infinity=True) | st.integers()
    if isinstance(value, str):
        return texts
    return json_values


@st.composite
def file_contents(draw, real: dict) -> bytes:
    """Any bytes; or any JSON; or the real document, whole or with one value anywhere in it
    replaced by anything or by another value of its kind; with or without a byte-order mark."""
    kind = draw(st.sampled_from(["whole", "whole", "same kind", "same kind", "same kind", "anything", "json", "bytes"]))
    if kind == "bytes":
        return draw(st.binary(max_size=300))
    if kind == "json":
        return encode(draw(json_values)).encode()
    document = real
    if kind != "whole":
        path = draw(st.sampled_from(list(paths_in(real))))
        old = real
        for key in path:
            old = old[key]
        document = replaced(real, path, draw(json_values if kind == "anything" else like(old)))
    return (b"\xef\xbb\xbf" if draw(st.booleans()) else b"") + encode(document).encode()


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = App(AppConfig(data_dir=tmp_path_factory.mktemp("loaders"), size=(1024, 576), max_fps=0, pace="instant"))
    app.stack.push(TitleScene(app))
    yield app
    app.close()


def fresh(app) -> Path:
    """The app's data folder emptied of what the last example left."""
    while len(app.stack) > 1:
        app.stack.pop()
    app.session.close_match()
    for path in app.data_dir.iterdir():
        if path.is_dir() and path.name != "logs":
            shutil.rmtree(path)
        elif path.is_file() and path.name != ".lock":
            path.unlink()
    return app.data_dir


def drawn(app, scene) -> None:
    app.stack.push(scene)
    app.step()
    app.stack.pop()


def a_bot_moves(state: State) -> None:
    """A legal bot move comes within BOT_SECONDS."""
    if state.game_over:
        return
    legal = legal_actions(state)
    start = time.monotonic()
    action = make_bot("normal", 1).decide(observe(state, state.current), legal)
    assert action in legal and time.monotonic() - start < BOT_SECONDS


REAL_SAVE = json.loads(save_text(played_match(steps=30)))
REAL_SETTINGS = Settings().to_json()
REAL_STATS = {**Stats().to_json(), "lines": [{"level": "normal", "seats": 2, "played": 3, "won": 1, "best": 40,
                                              "total": 100}], "medals": {"normal": "bronze"}}
REAL_PROGRESS = {"version": 1, "chapter": SCRIPT.chapters[1][0],
                 "state": tutorial_match(SCRIPT, Bus()).state.to_json(), "log": ["a line"]}


@SETTINGS
@given(content=file_contents(REAL_SAVE))
def test_any_autosave_is_refused_with_a_message_or_played(app, content):
    folder = fresh(app)
    (folder / AUTOSAVE).write_bytes(content)
    try:
        match = app.session.load_match(folder / AUTOSAVE)
    except SaveError as exc:
        assert str(exc)
        event("refused")
        return
    event("loaded")
    drawn(app, GameScene(app, match))
    a_bot_moves(match.state)


@SETTINGS
@given(content=file_contents(REAL_SAVE))
def test_any_save_is_listed_or_set_aside_with_a_message_and_any_listed_one_opens_or_says_why(app, content):
    folder = fresh(app)
    (folder / SAVES_DIR).mkdir()
    path = folder / SAVES_DIR / "game.json"
    path.write_bytes(content)
    listing = app.session.saves.refresh()
    assert len(listing) + len(listing.problems) == 1 and all(listing.problems)
    drawn(app, LoadScene(app))
    event("listed" if listing else "set aside")
    if listing:
        try:
            replay = open_replay(path)
        except SaveError as exc:
            assert str(exc)
            event("refused on opening")
            return
        event("replayed")
        drawn(app, ReplayScene(app, replay))


@SETTINGS
@given(content=file_contents(REAL_SETTINGS))
def test_any_settings_file_gives_settings_and_a_frame(app, content):
    folder = fresh(app)
    (folder / SETTINGS_FILE).write_bytes(content)
    with contextlib.redirect_stderr(io.StringIO()) as err:
        loaded = Settings.load(folder / SETTINGS_FILE)
    if not (folder / SETTINGS_FILE).exists():  # refused: the defaults, and a message
        assert loaded == Settings(path=loaded.path) and "cannot be used" in err.getvalue()
    event("refused" if err.getvalue() else "loaded")
    before, app.settings = app.settings, loaded
    try:
        app.step()
    finally:
        app.settings = before


@SETTINGS
@given(content=file_contents(REAL_STATS))
def test_any_stats_file_gives_stats_and_a_frame(app, content):
    folder = fresh(app)
    (folder / STATS_FILE).write_bytes(content)
    loaded = Stats.load(folder / STATS_FILE)
    assert loaded.problem or (folder / STATS_FILE).exists()
    event("refused" if loaded.problem else "loaded")
    before, app.session.stats = app.session.stats, loaded
    try:
        drawn(app, StatsScene(app))
    finally:
        app.session.stats = before


@SETTINGS
@given(content=file_contents(REAL_PROGRESS))
def test_any_tutorial_progress_is_refused_with_a_message_or_resumed(app, content):
    folder = fresh(app)
    (folder / PROGRESS_FILE).write_bytes(content)
    told: list[str] = []
    saved = read_progress(folder / PROGRESS_FILE, SCRIPT, told.append)
    if saved is None:
        assert told and told[0]
        event("refused")
        return
    event("loaded")
    game = start_tutorial(app, SCRIPT, saved[0])
    app.step()
    app.stack.pop()
    game.match.close()
    a_bot_moves(saved[1])


# ---------------------------------------------------------------- positions at the edge of every range

def mid_game(players: int, seed: int, actions: int) -> State:
    s = new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if s.game_over:
            break
        apply_action(s, rng.choice(legal_actions(s)))
    return s


def shift_base(s: State, seat: int, dx: int) -> None:
    """Move a whole base (tiles and astronauts) along x: the rules see no difference."""
    p = s.players[seat]
    p.base = {(x + dx, y): v for (x, y), v in p.base.items()}
    p.wild = {(x + dx, y): v for (x, y), v in p.wild.items()}
    p.astros = [(w, where, (pos[0] + dx, pos[1]) if where in (ACTIVE, EXHAUSTED) else pos)
                for w, where, pos in p.astros]


def to_the_edge(s: State, edge: str) -> None:
    gained, _ = horizon.points_to_come(s)
    if edge == "turn":
        s.turn = TURN_NUMBER.hi - horizon.turns_left(s)
    elif edge == "round":
        s.round = ROUND_NUMBER.hi - horizon.rounds_left(s)
    elif edge == "points high":
        p = s.players[s.current]
        p.ledger["scenario"] += POINTS.hi - gained - max(p.score, max(p.ledger.values()))
    elif edge == "science":
        for p in s.players:
            p.science = SCIENCE.hi - horizon.science_to_come(s)
    elif edge == "reach":
        for seat, p in enumerate(s.players):
            shift_base(s, seat, COORD.hi - 1 - horizon.modules_to_come(s) - horizon.extent(p))
    elif edge == "research":
        for p in s.players:
            p.research = load_catalogue().research_cap
    elif edge == "work":
        for p in s.players:
            p.astros = [(4, where, pos) for _, where, pos in p.astros]


EDGES = ["turn", "round", "points high", "science", "reach", "research", "work", "seed"]


def play_a_round(match: Match) -> None:
    """Bots play on to the end of the round under way, then a whole round more."""
    screen = Headless(0.0)
    deadline = time.monotonic() + 300
    for _ in range(2):
        start = (match.state.year, match.state.round)
        while (match.state.year, match.state.round) == start and not match.state.game_over:
            assert time.monotonic() < deadline, "the bots did not finish a round"
            match.update(screen)
            time.sleep(0.001)


@settings(max_examples=14, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(edge=st.sampled_from(EDGES), players=st.integers(2, 4), seed=st.integers(0, 10**6),
       actions=st.integers(0, 300))
def test_from_the_edge_of_every_range_bots_play_a_round_and_every_autosave_reloads(app, edge, players, seed, actions):
    folder = fresh(app)
    seats = parse_seats(",".join(["bot:normal"] * players))
    if edge == "seed":  # a new deal at either end of the seeds' range, recorded from the deal
        path = folder / AUTOSAVE
        s = new_game(players, SEED.hi if seed % 2 else SEED.lo)
        match = app.session.new_match(seats, s.seed)
    else:
        s = mid_game(players, seed, actions)
        to_the_edge(s, edge)
        load_state(s.to_json())  # the edge itself is inside the ranges
        path = folder / SAVES_DIR / "edge.json"
        path.parent.mkdir()
        path.write_text(save_text(Match(seats, Bus(), resumed=Resumed(s, actions=None))))
        match = app.session.load_match(path)
    play_a_round(match)  # the session reads every autosave back (check_saves) as it goes
    app.session.close_match()
    again = read_match(folder / AUTOSAVE, Bus())
    again.close()
    assert again.state == match.state
    assert horizon.problem(match.state) is None


def test_a_finished_game_reloads_for_its_replay(app):
    folder = fresh(app)
    match = played_match(steps=0, seed=9)
    play_to_the_end(match, 9)
    (folder / SAVES_DIR).mkdir()
    (folder / SAVES_DIR / "done.json").write_text(save_text(match))
    replay = open_replay(folder / SAVES_DIR / "done.json")
    replay.go_to(replay.length)
    assert replay.state == match.state
