"""The command line: --version, and every bad flag value refused with a message that names the
flag and says what is wanted (argparse's exit code 2), before any window opens."""
from __future__ import annotations

import math
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from humanity_desktop import __version__
from humanity_desktop.__main__ import LARGEST_WINDOW, main, parse_args
from humanity_desktop.storage.save_limits import MAX_SEED

BAD_VALUES = [
    (["--size", "1280"], "--size: '1280' is not WIDTHxHEIGHT in pixels, e.g. 1280x720"),
    (["--size=-5x-5"], "--size: '-5x-5' is not WIDTHxHEIGHT"),
    (["--size", "-5x-5"], "--size: expected one argument"),
    (["--size", "0x0"], "--size: '0x0': each side must be 1 to 16384 pixels"),
    (["--size", "1280x720x3"], "is not WIDTHxHEIGHT"),
    (["--size", "99999x720"], "each side must be 1 to 16384 pixels"),
    (["--quit-after-seconds", "nan"], "--quit-after-seconds: 'nan' is not a number of seconds"),
    (["--quit-after-seconds", "inf"], "'inf' is not a number of seconds"),
    (["--quit-after-seconds", "-1"], "--quit-after-seconds: '-1': the time cannot be negative"),
    (["--quit-after-seconds", "soon"], "'soon' is not a number of seconds"),
    (["--seed", str(MAX_SEED + 1)], f"--seed: '{MAX_SEED + 1}' is out of range: a seed is at most {MAX_SEED}"),
    (["--seed", str(-MAX_SEED - 1)], "is out of range"),
    (["--seed", "1.5"], "--seed: '1.5' is not a whole number"),
    (["--anim-speed", "nan"], "--anim-speed: 'nan' is not a speed"),
    (["--anim-speed", "0"], "--anim-speed: '0': the speed must be above 0 and at most 1000"),
    (["--anim-speed", "-2"], "the speed must be above 0"),
    (["--anim-speed", "1e9"], "the speed must be above 0"),
    (["--pace", "warp"], "--pace: invalid choice: 'warp'"),
]


@pytest.mark.parametrize("argv, message", BAD_VALUES, ids=[" ".join(a) for a, _ in BAD_VALUES])
def test_a_bad_value_is_refused_with_a_message_that_names_the_flag(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_bad_seats_are_refused_with_the_reason(capsys):
    assert main(["--seats", "human"]) == 2
    assert "humanity-desktop:" in capsys.readouterr().err


def test_version_prints_the_package_version():
    result = subprocess.run([sys.executable, "-m", "humanity_desktop", "--version"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0
    assert result.stdout.strip() == f"humanity-desktop {__version__}"


@pytest.mark.parametrize("argv, field, value", [
    (["--size", "1280x720"], "size", (1280, 720)),
    (["--size", f"{LARGEST_WINDOW}X1"], "size", (LARGEST_WINDOW, 1)),
    (["--quit-after-seconds", "0"], "quit_after_seconds", 0.0),
    (["--seed", str(-MAX_SEED)], "seed", -MAX_SEED),
    (["--anim-speed", "100"], "anim_speed", 100.0),
])
def test_good_values_are_read(argv, field, value):
    assert getattr(parse_args(argv), field) == value


def parsed_or_refused(argv: list[str]):
    """The namespace, or None where argparse refused the value (exit 2); anything else fails."""
    try:
        return parse_args(argv)
    except SystemExit as exc:
        assert exc.code == 2
        return None


@given(st.text(max_size=30))
def test_any_size_text_is_a_valid_size_or_refused(text):
    args = parsed_or_refused([f"--size={text}"])
    if args is not None:
        width, height = args.size
        assert 1 <= width <= LARGEST_WINDOW and 1 <= height <= LARGEST_WINDOW


@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True).map(repr), st.text(max_size=20)))
def test_any_time_or_speed_is_finite_and_in_range_or_refused(text):
    args = parsed_or_refused([f"--quit-after-seconds={text}", f"--anim-speed={text}"])
    if args is not None:
        assert math.isfinite(args.quit_after_seconds) and args.quit_after_seconds >= 0
        assert 0 < args.anim_speed <= 1000


@given(st.integers(min_value=-4 * MAX_SEED, max_value=4 * MAX_SEED))
def test_a_seed_is_taken_exactly_when_a_save_can_hold_it(number):
    args = parsed_or_refused([f"--seed={number}"])
    assert (args is not None) == (abs(number) <= MAX_SEED)
    if args is not None:
        assert args.seed == number
