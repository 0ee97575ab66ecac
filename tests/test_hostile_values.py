"""Values out of the game's ranges (engine/ranges.py), one test per class of break: integers too
large for a float in every loader; values a loader used to accept that the game cannot live
with; values the game itself used to make and then refuse."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pygame
import pytest

from humanity_desktop.__main__ import main
from humanity_desktop.bots import plans as plans_module
from humanity_desktop.storage.files import is_set_aside
from humanity_desktop.storage.limits import Refused, check
from humanity_desktop.controller.saves import read_match, save_list
from humanity_desktop.storage.save_files import AUTOSAVE, SAVES_DIR, SaveError
from humanity_desktop.controller.bus import Bus
from humanity_desktop.controller.stats import STATS_FILE, Stats
from humanity_desktop.engine import apply_action, legal_actions, load_catalogue, new_game
from humanity_desktop.engine.horizon import problem
from humanity_desktop.engine.ranges import COORD, POINTS, POINTS_LOST, SEED, TURN_NUMBER
from humanity_desktop.engine.sandbox import SandboxError, place_tile
from humanity_desktop.engine.state import WORK, State
from humanity_desktop.engine.validation import StateError, load_state
from humanity_desktop.ui.settings import FILE as SETTINGS_FILE
from humanity_desktop.ui.settings import Settings
from humanity_desktop.ui.views.tracks_view import TracksFrame, TracksView

from test_hostile_files import FLAGS, edited

HUGE = int("7" * 400)


def with_huge(text: str) -> str:
    return text.replace("__HUGE__", str(HUGE))


# ---------------------------------------------------------------- integers too large for a float

def test_check_answers_an_integer_of_any_size_without_converting_it():
    for value in (HUGE, -HUGE, 10**5000):
        with pytest.raises(Refused, match="out of range"):
            check([value], max_items=10, max_text=10, max_number=2**63)
    check([2**63], max_items=10, max_text=10, max_number=2**63)
    with pytest.raises(Refused, match="out of range"):
        check([1e300], max_items=10, max_text=10, max_number=2**63)


@pytest.mark.parametrize("where", [
    lambda d: d["state"].update(turn="__HUGE__"),
    lambda d: d.update(saved_at="__HUGE__"),
    lambda d: d["state"]["seats"][0]["ledger"].update(square="__HUGE__"),
    lambda d: d["history"].append(["__HUGE__", 0]),
])
def test_a_400_digit_integer_in_the_autosave_is_set_aside_and_the_title_screen_reached(where, tmp_path, capsys):
    (tmp_path / AUTOSAVE).write_text(edited(where).replace('"__HUGE__"', "__HUGE__").replace("__HUGE__", str(HUGE)))
    assert main(["--continue", "--data-dir", str(tmp_path), *FLAGS]) == 0
    err = capsys.readouterr().err
    assert "400 digits" in err and "kept as autosave.damaged-" in err
    assert main(["--continue", "--data-dir", str(tmp_path), *FLAGS]) == 0  # every later launch too


def test_a_400_digit_integer_in_settings_and_stats_is_set_aside(tmp_path, capsys):
    (tmp_path / SETTINGS_FILE).write_text(with_huge('{"version": 4, "resets_seen": __HUGE__}'))
    (tmp_path / STATS_FILE).write_text(with_huge(json.dumps({**Stats().to_json(), "bot_games": "X"}))
                                       .replace('"X"', str(HUGE)))
    # A window left open by an earlier test would be resized to FLAGS' size, and the settings
    # would keep that size: the game starts here as in a fresh process, with no window.
    pygame.display.quit()
    assert main(["--data-dir", str(tmp_path), *FLAGS]) == 0
    err = capsys.readouterr().err
    assert "400 digits" in err
    assert len([p for p in tmp_path.iterdir() if is_set_aside(p)]) == 2
    assert Settings.load(tmp_path / SETTINGS_FILE) == Settings()


def test_a_400_digit_integer_in_a_save_under_saves_does_not_stop_the_load_list(tmp_path):
    (tmp_path / SAVES_DIR).mkdir()
    (tmp_path / SAVES_DIR / "big.json").write_text(
        edited(lambda d: d["state"].update(round="X")).replace('"X"', str(HUGE)))
    listing = save_list(tmp_path).refresh()
    assert not listing and "400 digits" in listing.problems[0]


# ---------------------------------------------------------------- values the game cannot live with

def test_a_save_whose_position_has_another_player_count_than_its_seats_is_refused(tmp_path):
    three = new_game(3, 5).to_json()
    path = tmp_path / "game.json"
    path.write_text(edited(lambda d: d.update(state=three, actions=None)))
    with pytest.raises(SaveError, match="3 players and it names 2"):
        read_match(path, Bus())


@pytest.mark.parametrize("value", [2**63, -(2**63), 1_000_000, POINTS.hi + 1])
def test_a_ledger_beyond_the_points_range_is_refused(value):
    d = new_game(2, 1).to_json()
    d["seats"][0]["ledger"]["square"] = value
    d["seats"][0]["score"] = value
    d["scores"][0] = value
    with pytest.raises(StateError, match="ledger.square"):
        load_state(d)


def test_the_score_track_draws_a_bounded_number_of_labels_whatever_the_scores(monkeypatch):
    pygame.init()
    surface = pygame.Surface((600, 300))
    view = TracksView()
    view.layout(pygame.Rect(0, 0, 600, 300), 1.0)
    drawn = []
    monkeypatch.setattr("humanity_desktop.ui.views.tracks_view.draw_text", lambda s, text, *a, **k: drawn.append(text))
    s = new_game(2, 1)
    for low, high in ((0, 40), (POINTS_LOST.lo, POINTS.hi), (-3, 10_000)):
        drawn.clear()
        s.players[0].ledger["scenario"], s.players[1].ledger["scenario"] = low, high
        view.draw(surface, TracksFrame(s, (0, 1)))
        assert len(drawn) < 30, (low, high, len(drawn))


def work_phase_with_a_time_module() -> State:
    s = new_game(2, 3)
    cat = load_catalogue()
    time_module = next(t.id for t in cat.tiles.values() if t.time and t.id in cat.deck_modules)
    for deck in s.decks:
        if time_module in deck:
            deck.remove(time_module)
    s.players[0].base[(2, 0)] = (time_module, 0)
    apply_action(s, legal_actions(s)[0])  # select
    apply_action(s, next(a for a in legal_actions(s) if a.kind == "work"))
    assert s.phase == WORK
    return s


def test_work_left_beyond_the_astronaut_is_refused_and_the_planner_is_bounded_anyway(monkeypatch):
    s = work_phase_with_a_time_module()
    d = s.to_json()
    d["pending"]["work_left"] = 1_000_000
    with pytest.raises(StateError, match="work_left"):
        load_state(d)
    s.work_left = 1_000_000  # as if it had got in: the bots' search still ends
    opened = []
    choices = plans_module._choices
    monkeypatch.setattr(plans_module, "_choices", lambda *args: opened.append(1) or choices(*args))
    found = plans_module.plans(s)
    assert found and len(opened) <= plans_module.MAX_OPENED


def test_the_bots_thread_does_not_keep_the_process_alive():
    code = textwrap.dedent("""
        import time
        from humanity_desktop.controller.thinking import Worker
        Worker("bot").submit(time.sleep, 3600)
        time.sleep(0.2)
        print("main done", flush=True)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20)
    assert done.returncode == 0 and "main done" in done.stdout


def test_a_turn_too_late_to_finish_in_range_is_refused():
    d = new_game(2, 1).to_json()
    d["turn"] = 2**63
    with pytest.raises(StateError, match="turn"):
        load_state(d)
    d["turn"] = TURN_NUMBER.hi - 10  # in range, but the rest of the game could pass it
    with pytest.raises(StateError, match="turn: .* could pass"):
        load_state(d)


def test_an_empty_experiment_deck_for_a_year_to_come_is_refused():
    d = new_game(2, 1).to_json()
    d["removed"] += d["experiment_decks"][1]
    d["experiment_decks"][1] = []
    with pytest.raises(StateError, match=r"experiment_decks\[1\]: year 2 deals 7 experiments"):
        load_state(d)


# ---------------------------------------------------------------- values the game made and then refused

@pytest.mark.parametrize("seed", [SEED.hi + 1, SEED.lo - 1, 2**64])
def test_a_seed_beyond_the_range_starts_no_game(seed):
    with pytest.raises(ValueError, match="seed"):
        new_game(2, seed)


def test_the_sandbox_cannot_build_a_base_that_play_would_take_out_of_range():
    s = new_game(2, 1)
    cat = load_catalogue()
    face = next(t.id for t in cat.tiles.values() if t.kind == "communication" and t.face is None
                and t.id not in cat.deck_modules)
    x, refused = 2, None
    while refused is None and x <= COORD.hi:
        try:
            place_tile(s, 0, (x, 0), face)
            x += 1
        except SandboxError as exc:
            refused = str(exc)
    assert refused is not None and "could grow" in refused
    assert problem(s) is None
    rng = random.Random(2)  # and the base the sandbox allowed plays to the end inside the ranges
    while not s.game_over:
        apply_action(s, rng.choice(legal_actions(s)))
        assert problem(s) is None
    load_state(s.to_json())


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals: Windows ends a process outright")
def test_sigterm_ends_the_game_cleanly_while_a_bot_thinks(tmp_path):
    """Expert bots think for seconds at a time; SIGTERM still closes the game at once, saved.
    SDL's own handler is switched off, as some systems have it: the game's must do."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_NO_SIGNAL_HANDLERS": "1"}
    game = subprocess.Popen([sys.executable, "-m", "humanity_desktop", "--seats", "bot:expert,bot:expert",
                             "--pace", "instant", "--data-dir", str(tmp_path), "--size", "960x540"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / AUTOSAVE).exists():
            assert time.monotonic() < deadline and game.poll() is None, "the game did not start"
            time.sleep(0.1)
        time.sleep(1.0)  # a bot is thinking now
        game.send_signal(signal.SIGTERM)
        assert game.wait(timeout=20) == 0
    finally:
        if game.poll() is None:
            game.kill()
    read_match(tmp_path / AUTOSAVE, Bus()).close()  # the game on disk is whole
