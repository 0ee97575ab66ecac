"""What each kind of action, each phase and each event says is declared beside its words:
adding one without them fails here, not silently in the log or a hint. The names the
catalogue gives are messages too."""
from __future__ import annotations

import io
import json
import string
from importlib import resources

import catalogues
from humanity_desktop.engine import Kind
from humanity_desktop.engine.actions import SPECS
from humanity_desktop.engine.catalogue import load
from humanity_desktop.engine.events import EVENTS
from humanity_desktop.engine.phases import PHASES
from humanity_desktop.language.words import WORDS

CATALOGUE = resources.files("humanity_desktop.engine").joinpath("data", "catalogue.json").read_bytes()


def fields(text: str) -> set[str]:
    return {field for _x, field, _y, _z in string.Formatter().parse(text) if field is not None}


def missing(words: dict) -> dict[str, list[str]]:
    """What each kind, phase and event lacks in `words` (a words.json)."""
    log = {key.split("/")[0] for key in words["log"]}
    return {name: gaps for name, gaps in {
        "doing": sorted(set(Kind) - set(words["doing"])),
        "prompts": sorted(set(PHASES) - set(words["prompts"])),
        "log": sorted(set(EVENTS) - log),
        "hints": sorted(set(Kind) - set(words["hints"])),
    }.items() if gaps}


def test_every_kind_phase_and_event_has_its_words():
    assert missing(WORDS) == {}
    assert set(SPECS) == set(Kind)


def test_a_kind_phase_or_event_without_words_is_found():
    planted = json.loads(json.dumps(WORDS))
    del planted["doing"]["upgrade"], planted["prompts"]["pay"], planted["log"]["research"], planted["hints"]["spend"]
    planted["log"] = {key: text for key, text in planted["log"].items() if not key.startswith("module_deployed")}
    assert missing(planted) == {"doing": ["upgrade"], "prompts": ["pay"], "log": ["module_deployed", "research"],
                                "hints": ["spend"]}


def test_the_log_speaks_only_of_events_and_its_plurals_keep_their_placeholders():
    assert {key.split("/")[0] for key in WORDS["log"]} <= set(EVENTS)
    for part in WORDS.values():
        for entry in part.values() if isinstance(part, dict) else []:
            for text in entry if isinstance(entry, list) else [entry]:
                if isinstance(text, dict):
                    assert set(text) == {"one", "other"} and fields(text["one"]) <= fields(text["other"]), text


def test_every_name_and_mission_text_the_catalogue_gives_is_a_message():
    extracted = {message for _line, _f, message, _c in catalogues.extract_catalogue(io.BytesIO(CATALOGUE), {}, [], {})}
    cat = load()
    named = {t.name for t in cat.tiles.values() if t.kind not in ("communication", "obstacle") or t.face}
    assert named | {m.name for m in cat.missions.values()} | {m.text for m in cat.missions.values()} == extracted
