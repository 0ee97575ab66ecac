"""Casual, Normal, Hard and Expert choose exactly as recorded (tools/record_search_choices.py) on fixed
positions: with an iteration cap a search is a pure function of the position and the seed,
so work that only makes the bots faster must leave every ranked plan, value and visit count
as it was."""
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("record_search_choices", ROOT / "tools" / "record_search_choices.py")
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)

DATA = json.loads((ROOT / "tests" / "data" / "search_choices.json").read_text())


def test_the_record_covers_both_table_sizes_every_stage_and_the_searching_levels():
    assert DATA["levels"] == record.LEVELS and DATA["seed"] == record.SEED
    names = {case["name"] for case in DATA["positions"]}
    assert {"2p-early", "2p-late", "4p-mid", "2p-wide", "4p-wide"} <= names
    assert all(case["choices"]["hard"] and case["choices"]["expert"] and case["choices"]["normal"]
               for case in DATA["positions"])


@pytest.mark.parametrize("level", list(record.LEVELS))
@pytest.mark.parametrize("case", DATA["positions"], ids=lambda c: c["name"])
def test_a_level_chooses_as_recorded(case, level):
    got = record.search(level, case["state"])
    expected = case["choices"][level]
    assert got[0][1] == expected[0][1]  # the plan played
    assert got == expected  # and every other root plan's value and visits
