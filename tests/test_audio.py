"""Sound: the files, the script that makes them, and the player that plays them (headless:
the dummy audio driver plays silently)."""
from __future__ import annotations

import importlib.util
import json
import logging
import math
import os
import struct
import subprocess
import sys
import wave
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from humanity_desktop import assets
from humanity_desktop.controller import (
    ActionApplied,
    ActionRefused,
    ActionRequested,
    Bus,
    GameOver,
    Match,
    RoundReset,
    YearEnded,
    parse_seats,
)
from humanity_desktop.engine.events import (
    EVENTS, VP, AstronautPlaced, ExperimentDone, MissionTaken, ModuleDeployed, ObstacleDestroyed, ObstacleWeakened,
    Produced, Research, Spent, Turn, WorkStarted,
)
from humanity_desktop.ui import audio
from humanity_desktop.ui.settings import Settings
from humanity_desktop.ui.widgets import Button

ROOT = Path(__file__).resolve().parent.parent
TABLE = json.loads(assets.sound("sounds.json").read_text(encoding="utf-8"))
EFFECTS = TABLE["effects"]
AMBIENT = TABLE["ambient"]["file"]
EFFECT_FILES = [entry["file"] for entry in EFFECTS.values()]


def read_wav(file: str) -> tuple[wave._wave_params, list[float]]:
    with wave.open(str(assets.sound(file))) as w:
        params, frames = w.getparams(), w.readframes(w.getnframes())
    return params, [x / 32768 for x in struct.unpack(f"<{len(frames) // 2}h", frames)]


def dbfs(level: float) -> float:
    return 20 * math.log10(level) if level > 0 else -math.inf


def loudest_50ms(signal: list[float], rate: int) -> float:
    size = rate // 20
    return max(math.sqrt(sum(x * x for x in signal[i:i + size]) / size)
               for i in range(0, max(1, len(signal) - size + 1), size // 4))


def make_sounds():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def vorbis_header(path: Path) -> tuple[int, int]:
    """(channels, sample rate) from an Ogg Vorbis file's identification header."""
    head = path.read_bytes()[:200]
    at = head.index(b"\x01vorbis") + 7 + 4  # after the packet type, the codec's name and its version
    return head[at], int.from_bytes(head[at + 1:at + 5], "little")


def decoded_ambient() -> tuple[list[float], list[float]]:
    """The ambient track as the mixer plays it (16-bit stereo at the mixer's rate), left and right."""
    assert audio.open_mixer()
    raw = pygame.mixer.Sound(str(assets.sound(AMBIENT))).get_raw()
    frames = [x / 32768 for x in struct.unpack(f"<{len(raw) // 2}h", raw)]
    return frames[0::2], frames[1::2]


# ---------------------------------------------------------------- the files

@pytest.mark.parametrize("file", EFFECT_FILES)
def test_every_effect_is_a_short_16_bit_wav_that_loads_under_the_dummy_driver(file):
    assert audio.open_mixer()
    params, _ = read_wav(file)
    assert (params.sampwidth, params.nchannels, params.framerate) == (2, 1, 22050)
    seconds = params.nframes / params.framerate
    assert 0.03 <= seconds <= 3.0
    assert assets.sound(file).stat().st_size <= 150_000
    assert pygame.mixer.Sound(str(assets.sound(file))).get_length() == pytest.approx(seconds, abs=0.01)


def test_the_ambient_is_minutes_of_compressed_stereo_that_streams_as_music():
    path = assets.sound(AMBIENT)
    assert path.suffix == ".ogg" and vorbis_header(path) == (2, 22050)
    assert path.stat().st_size <= 2_500_000
    assert audio.open_mixer()
    assert 180 <= pygame.mixer.Sound(str(path)).get_length() <= 360
    pygame.mixer.music.load(str(path))


def test_all_the_sounds_together_are_under_6_mb():
    assert sum(path.stat().st_size for path in assets.sound().iterdir()) < 6_000_000


@pytest.mark.parametrize("name", list(EFFECTS))
def test_effects_are_level_matched_and_start_and_end_in_silence(name):
    params, signal = read_wav(EFFECTS[name]["file"])
    assert -7.0 <= dbfs(max(map(abs, signal))) <= -2.95
    assert -20.0 <= dbfs(loudest_50ms(signal, params.framerate)) <= -11.5
    assert abs(signal[0]) < 0.01 and abs(signal[-1]) < 0.01  # no click at either end


def test_the_ambient_is_quiet_apart_left_and_right_and_loops_without_a_seam():
    left, right = decoded_ambient()
    assert dbfs(max(max(map(abs, left)), max(map(abs, right)))) <= -11.0  # -12 dBFS, and the codec's error
    assert left != right and sum(a * b for a, b in zip(left, right)) < 0.98 * math.sqrt(
        sum(a * a for a in left) * sum(b * b for b in right))
    for signal in (left, right):
        # Across the loop point the wave moves no more than it does from one sample to the
        # next almost anywhere in the track, compression's own error included.
        steps = sorted(abs(b - a) for a, b in zip(signal, signal[1:]))
        assert abs(signal[0] - signal[-1]) <= steps[int(len(steps) * 0.999)]


def test_the_script_makes_the_same_effects_as_the_files_in_the_repository(tmp_path, capsys):
    make_sounds().main(["--out", str(tmp_path), "--only", "effects"])
    for file in EFFECT_FILES:
        assert (tmp_path / file).read_bytes() == assets.sound(file).read_bytes(), f"{file} differs"


@pytest.mark.slow
def test_the_ambient_file_is_the_scripts_track_compressed():
    """The script's track (standard library only) against the file as the mixer decodes it:
    the same music, within what the compression loses."""
    script = make_sounds().ambient_pcm()
    for made, played in zip(script, decoded_ambient()):
        assert len(played) == len(made)
        # The track itself loops without a seam: across the loop point the wave moves no
        # more than it does between its neighbours.
        local = max(abs(b - a) for a, b in zip(made[-6:-1] + made[:5], made[-5:] + made[1:6]))
        assert abs(made[0] - made[-1]) <= 1.5 * local
        error = sum((a - b) ** 2 for a, b in zip(made, played))
        assert 10 * math.log10(sum(a * a for a in made) / error) >= 12  # dB of signal over the codec's error


def test_every_sound_the_game_names_is_in_the_table():
    named = {*TABLE["bus_events"].values(), *TABLE["engine_events"].values(), *TABLE["vp_sources"].values(),
             "click", "mission_claimed", "mission_lost"}
    assert named <= set(EFFECTS)


def test_every_effect_in_the_table_has_a_recipe_and_every_recipe_a_place_in_it():
    assert set(make_sounds().EFFECTS) == set(EFFECTS)


def test_the_table_names_only_engine_events_that_exist():
    assert set(TABLE["engine_events"]) <= set(EVENTS)


# ---------------------------------------------------------------- which event plays what

@pytest.fixture
def heard():
    """A player listening to a match's bus, with play() recording names instead of sounding."""
    names: list[str] = []
    player = audio.AudioPlayer()
    player.play = names.append
    bus = Bus()
    player.listen(SimpleNamespace(bus=bus, humans=[0]))  # seat 0 is a human, seat 1 a bot
    return bus, names


def applied(*engine_events) -> ActionApplied:
    return ActionApplied(0, None, engine_events, (), None, None)


PRODUCED = Produced(0, (0, 1), "o-1", 2)


@pytest.mark.parametrize("engine_events, expected", [
    ([PRODUCED], ["tile_turned"]),
    ([PRODUCED, PRODUCED], ["tile_turned"]),
    ([Spent(0, (0, 1), "ice", "ice", 0)], ["payment"]),
    ([AstronautPlaced(0, 2, (1, 0))], ["drop"]),
    ([ModuleDeployed(0, "Y1-01", (2, 0), 3), VP(0, 2, "module_vp")], ["deploy", "vp_gained"]),
    ([ModuleDeployed(0, "Y1-01", (2, 0), 3), VP(0, 1, "square")], ["deploy", "square_completed"]),
    ([ModuleDeployed(0, "Y1-01", (2, 0), 3), VP(0, 1, "square"), VP(0, 2, "module_vp")],
     ["deploy", "square_completed", "vp_gained"]),
    ([ObstacleWeakened(0, (1, 1), 2)], ["obstacle_hit"]),
    ([ObstacleDestroyed(0, (1, 1)), Research(0, 3, "obstacle")], ["obstacle_broken"]),
    ([ExperimentDone(0, "E1-1", 2), VP(0, 3, "experiment_vp")], ["experiment_done", "vp_gained"]),
    ([VP(0, 0, "leftovers")], []),
    ([VP(0, 4, "mission"), VP(1, -4, "mission_lost")], []),
    ([WorkStarted(0, 0, 2), Turn(1)], []),
])
def test_an_applied_action_plays_what_its_engine_events_did(heard, engine_events, expected):
    bus, names = heard
    bus.publish(applied(*engine_events))
    assert names == expected


@pytest.mark.parametrize("event, expected", [
    (ActionRefused(0, None, "Paying", "not enough"), "illegal"),
    (RoundReset(2, 1, 0, 2, 2, (), (), (), ()), "arm_sweep"),
    (YearEnded(1), "year_end"),
    (GameOver((3, 5), (1, 0), (2, 1)), "game_over"),
    (MissionTaken(0, "m1", 3, True), "mission_claimed"),
    (MissionTaken(1, "m1", 3, True), "mission_claimed"),
    (MissionTaken(0, "m1", 4, False, 1), "mission_claimed"),  # the human took it from the bot
    (MissionTaken(1, "m1", 4, False, 0), "mission_lost"),  # the bot took it from the human
])
def test_each_table_event_plays_its_sound(heard, event, expected):
    bus, names = heard
    bus.publish(event)
    assert names == [expected]


def test_in_hot_seat_a_mission_taken_from_a_human_by_a_human_is_claimed():
    assert audio.mission_sound(MissionTaken(1, "m1", 4, False, 0), frozenset({0, 1})) == "mission_claimed"


def test_a_real_match_sounds_its_moves(heard):
    bus, names = heard
    match = Match(parse_seats("human,human"), bus, seed=3)
    for _ in range(40):
        bus.publish(ActionRequested(match.current, match.legal()[-1]))
    assert names and set(names) <= set(EFFECTS)
    match.close()


def test_a_button_press_clicks_and_a_disabled_button_does_not(monkeypatch):
    names: list[str] = []
    monkeypatch.setattr(audio.player(), "play", names.append)
    button = Button("Go", lambda: None, rect=pygame.Rect(0, 0, 50, 20))
    button.click((5, 5))
    Button("No", lambda: None, enabled=False, rect=pygame.Rect(0, 0, 50, 20)).click((5, 5))
    assert names == ["click"]


# ---------------------------------------------------------------- volumes and silence

@pytest.fixture
def player(clock):
    p = audio.AudioPlayer(clock=clock)
    assert p.enabled
    yield p
    p.stop()


def test_effects_play_at_their_gain_times_the_effects_volume(player):
    player.sync(Settings(effects_volume=0.5))
    channel = player.play("snap")
    assert channel is not None and channel.get_sound().get_volume() == pytest.approx(
        EFFECTS["snap"]["gain"] * 0.5, abs=0.01)


def test_the_same_effect_does_not_play_twice_within_the_repeat_gap(player):
    player.sync(Settings())
    assert player.play("drop") is not None
    player._clock.now += TABLE["repeat_gap_ms"] / 2000
    assert player.play("drop") is None
    assert player.play("snap") is not None  # another effect is not held back
    player._clock.now += TABLE["repeat_gap_ms"] / 1000
    assert player.play("drop") is not None


@pytest.mark.parametrize("settings", [Settings(muted=True), Settings(effects_volume=0.0)])
def test_muted_or_at_volume_0_nothing_plays(player, settings):
    player.sync(settings)
    assert player.play("vp_gained") is None


def test_before_the_first_sync_nothing_plays(player):
    assert player.play("click") is None
    assert not pygame.mixer.music.get_busy()


def test_the_ambient_streams_as_music_at_the_music_volume(player):
    music = pygame.mixer.music
    player.sync(Settings(music_volume=0.25))
    assert music.get_busy()
    assert music.get_volume() == pytest.approx(TABLE["ambient"]["gain"] * 0.25, abs=0.01)
    player.sync(Settings(music_volume=0.25, muted=True))
    assert not music.get_busy()
    player.sync(Settings(music_volume=0.5))
    assert music.get_busy()
    player.sync(Settings(music_volume=0.0))
    assert not music.get_busy()


def test_unknown_names_stay_silent(player):
    player.sync(Settings())
    assert player.play("no_such_sound") is None


def test_without_an_audio_device_the_player_is_silent_and_says_so_once(monkeypatch, caplog):
    def no_device(**_):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.WARNING, logger="humanity_desktop"):
        p = audio.AudioPlayer()
    assert not p.enabled
    p.sync(Settings())
    p.listen(SimpleNamespace(bus=(bus := Bus()), humans=[0]))
    bus.publish(applied(PRODUCED))
    assert p.play("snap") is None
    p.stop()
    assert [r.getMessage() for r in caplog.records].count(
        "no sound: the audio device cannot be opened (no audio device)") == 1


def test_a_machine_with_no_usable_audio_driver_runs_silently():
    script = ("from humanity_desktop.ui.audio import AudioPlayer\n"
              "from humanity_desktop.ui.settings import Settings\n"
              "p = AudioPlayer(); p.sync(Settings()); print(p.enabled, p.play('snap'))")
    env = {**os.environ, "SDL_AUDIODRIVER": "no_such_driver"}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False None"


def test_a_missing_sound_file_leaves_the_others_playing(caplog):
    table = audio.SoundTable(effects={"snap": ("snap.wav", 1.0), "gone": ("gone.wav", 1.0)})
    p = audio.AudioPlayer(table)
    p.sync(Settings())
    assert p.play("gone") is None and p.play("snap") is not None
    assert any("gone.wav" in r.getMessage() for r in caplog.records)
    p.stop()


def test_the_app_keeps_the_one_player_and_it_hears_each_match(tmp_path):
    from humanity_desktop.ui.app import App, AppConfig
    app = App(AppConfig(data_dir=tmp_path, size=(960, 540), max_fps=0))
    assert app.audio is audio.player()
    names: list[str] = []
    app.audio.play = names.append
    try:
        match = app.session.new_match(parse_seats("human,bot:random"), 2)
        match.bus.publish(YearEnded(1))
    finally:
        del app.audio.play
        app.session.close_match()
    assert names == ["year_end"]
