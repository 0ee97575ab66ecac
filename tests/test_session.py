"""The session plays a window's matches with no window at all: each move autosaved, an
unfinished game kept aside when another is dealt, the autosave continued, a finished game
counted in the stats, and nothing written when the data folder is another window's."""
from __future__ import annotations

import random

from humanity_desktop.controller import ActionRequested, ConfirmRequested, parse_seats
from humanity_desktop.storage.save_files import AUTOSAVE, SAVES_DIR
from humanity_desktop.controller.session import Session
from humanity_desktop.controller.stats import STATS_FILE, Stats


def session_in(folder, told: list, started: list, saving: bool = True) -> Session:
    return Session(folder, saving=saving, notify=told.append, thinking=lambda: 2.0, on_start=started.append)


def play_to_the_end(match, seed: int) -> None:
    rng = random.Random(seed)
    while not match.state.game_over:
        source = "bot" if match.seats[match.current].is_bot else "human"
        match.bus.publish(ActionRequested(match.current, rng.choice(match.legal()), source=source))
        if match.pending is not None:
            match.bus.publish(ConfirmRequested(match.current))


def test_a_session_saves_keeps_continues_and_counts_its_games(tmp_path):
    told, started = [], []
    session = session_in(tmp_path, told, started)
    first = session.new_match(parse_seats("human,bot:random"), 4)
    assert started == [first] and first.pacing.thinking == 2.0 and first.pacing.confirm_turns
    first.bus.publish(ActionRequested(0, first.legal()[0]))
    session.close_match()  # the last move is on disk once closed
    assert session.can_continue() and not told
    second = session.new_match(parse_seats("human,bot:random"), 5)
    assert [path.name for path in (tmp_path / SAVES_DIR).iterdir()] and "unfinished game is kept" in told[0]
    session.close_match()
    resumed = session.resume()  # the second game, from the autosave
    assert resumed.state == second.state and resumed.seats == second.seats and len(told) == 1
    play_to_the_end(resumed, 5)
    session.close_match()
    assert Stats.load(tmp_path / STATS_FILE).rated_games == 1 and not session.can_continue()


def test_a_session_without_the_data_folder_writes_nothing(tmp_path):
    session = session_in(tmp_path, [], [], saving=False)
    match = session.new_match(parse_seats("human,bot:random"), 4)
    play_to_the_end(match, 4)
    session.close_match()
    assert not (tmp_path / AUTOSAVE).exists() and not (tmp_path / STATS_FILE).exists()
