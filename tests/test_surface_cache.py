"""The pictures' cache: bounded by the bytes it holds, least recently used out first, and a
hit is the very surface kept. The whole UI's pictures stay within the budget however many
sizes and faces are drawn."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from humanity_desktop.engine.catalogue import load  # noqa: E402
from humanity_desktop.language import set_language  # noqa: E402
from humanity_desktop.ui import tile_art  # noqa: E402
from humanity_desktop.ui.fonts import fonts  # noqa: E402
from humanity_desktop.ui.surface_cache import BUDGET_BYTES, SURFACES, SurfaceCache, surface_bytes  # noqa: E402
from ui_driver import app, start  # noqa: E402,F401 - app is a fixture

SQUARE = 10 * 10 * 4  # a 10x10 surface with alpha: 4 bytes a pixel


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield


class Maker:
    """Makes 10x10 surfaces and counts how often it is asked."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, w: int = 10, h: int = 10) -> pygame.Surface:
        self.calls += 1
        return pygame.Surface((w, h), pygame.SRCALPHA)


def test_a_hit_returns_the_surface_kept_without_drawing_again():
    cache, make = SurfaceCache(10 * SQUARE), Maker()
    first = cache.get("a", make)
    assert cache.get("a", make) is first
    assert make.calls == 1


def test_it_counts_the_bytes_of_what_it_holds():
    cache = SurfaceCache(10 * SQUARE)
    cache.get("small", lambda: pygame.Surface((10, 10), pygame.SRCALPHA))
    cache.get("wide", lambda: pygame.Surface((30, 5), pygame.SRCALPHA))
    cache.get("flat", lambda: pygame.Surface((8, 8), 0, 8))
    assert cache.bytes == SQUARE + 30 * 5 * 4 + 8 * 8
    assert len(cache) == 3


def test_once_over_budget_the_least_recently_used_go_first():
    cache, make = SurfaceCache(3 * SQUARE), Maker()
    for key in "abc":
        cache.get(key, make)
    cache.get("a", make)  # now b is the least recently used
    cache.get("d", make)
    assert cache.bytes == 3 * SQUARE
    calls = make.calls
    cache.get("a", make)
    cache.get("c", make)
    cache.get("d", make)
    assert make.calls == calls  # kept
    cache.get("b", make)
    assert make.calls == calls + 1  # evicted, so drawn again


def test_a_surface_larger_than_the_budget_is_drawn_but_not_kept():
    cache, make = SurfaceCache(3 * SQUARE), Maker()
    cache.get("small", make)
    big = cache.get("big", lambda: make(40, 40))
    assert big.get_size() == (40, 40)
    assert cache.bytes == SQUARE
    assert len(cache) == 1


def test_memo_keeps_one_surface_per_arguments():
    cache, make = SurfaceCache(10 * SQUARE), Maker()
    drawn = cache.memo(make)
    assert drawn(10, 10) is drawn(10, 10)
    assert drawn(10, 20) is not drawn(10, 10)
    assert drawn(w=10, h=20) is drawn(w=10, h=20)
    assert make.calls == 3


def test_a_picture_is_drawn_again_in_a_language_chosen_since():
    """A tile's or a card's words are the language's: Options' Language applies to them at once."""
    cache, make = SurfaceCache(10 * SQUARE), Maker()
    drawn = cache.memo(make)
    english = drawn(10, 10)
    set_language("fr")
    assert drawn(10, 10) is not english and make.calls == 2


def test_the_ui_pictures_stay_within_the_budget_whatever_is_drawn():
    cat = load()
    drawn = 0
    for size in range(40, 280, 8):  # from a small window to a 4K one
        for tid in cat.tiles:
            drawn += surface_bytes(tile_art.module_tile(tid, size))
        for eid in cat.experiments:
            drawn += surface_bytes(tile_art.experiment_tile(eid, size))
        drawn += surface_bytes(fonts().render(f"Round {size}", size // 4, (255, 255, 255)))
    assert drawn > 2 * BUDGET_BYTES  # far more than the budget passed through the cache
    assert 0 < SURFACES.bytes <= BUDGET_BYTES


def test_a_game_resized_again_and_again_keeps_within_a_tight_budget(app, monkeypatch):
    tight = 6 * 1024 * 1024  # a fifth of what the six window sizes below draw in all
    monkeypatch.setattr(SURFACES, "budget", tight)
    SURFACES.clear()
    start(app, "bot,bot,bot,bot")
    for size in ((1024, 576), (1280, 720), (1600, 900), (1920, 1080), (1366, 768), (2560, 1440)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        for _ in range(10):
            app.step()
        assert app.screen.get_size() == size
        assert 0 < SURFACES.bytes <= tight
