"""Every screen, drawn at the smallest window the game allows and at a large one, with text
no smaller than 11 px and no text out of its box.

Each case builds a screen as a player reaches it, draws one frame while ui/fonts.py records
every text (its size, and where a drawn one went and the box it was laid out for: a button,
a panel, a tooltip, or else the part of the screen it was drawn into), and reports every
text under the minimum and every one that spills out of its box. The screens that show the
game screen's views or the tiles' art (the replay, the Sandbox) are held to it for their own
text in the main cases, and for everything on them in the game screen's cases.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from humanity_desktop.controller import Bus, GameOver, parse_seats
from humanity_desktop.controller.record import RecordedMatch
from humanity_desktop.controller.replays import ReplayMatch
from humanity_desktop.controller.saves import write_save
from humanity_desktop.controller.tutorial import load_script
from humanity_desktop.storage.save_files import new_save_path
from humanity_desktop.engine import apply_action, legal_actions, new_game, places, ranking
from humanity_desktop.engine.sandbox import free_cells, palette, place_tile
from humanity_desktop.engine.state import PAY
from humanity_desktop.language import _
from humanity_desktop.ui import theme
from humanity_desktop.ui.app import MIN_SIZE, App, AppConfig
from humanity_desktop.ui.drawn import DrawnText, recording
from humanity_desktop.ui.input import Point
from humanity_desktop.ui.scenes import routes
from humanity_desktop.ui.scenes.crash import CrashScene
from humanity_desktop.ui.scenes.dialog import ChoiceScene, HandoffScene
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.load import LoadScene
from humanity_desktop.ui.scenes.new_game import NewGameScene
from humanity_desktop.ui.scenes.options import OptionsScene
from humanity_desktop.ui.scenes.pause import PauseScene
from humanity_desktop.ui.scenes.replay import ReplayScene
from humanity_desktop.ui.scenes.results import ResultsScene
from humanity_desktop.ui.scenes.rules import RulesScene
from humanity_desktop.ui.scenes.sandbox import SandboxScene
from humanity_desktop.ui.scenes.stats import StatsScene
from humanity_desktop.ui.scenes import tutorial
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.surface_cache import SURFACES
from humanity_desktop.table.targets import CELL, Target
from ui_driver import play_out, reach

SIZES = (MIN_SIZE, (1920, 1080))
assert SIZES[0] == (1024, 576)
FOUR = "human,bot:random,bot:random,bot:random"
LONG_NOTICE = ("The game cannot write to its data folder C:\\Users\\Aleksander Nowak\\AppData\\Local\\Humanity "
               "(the disk is full), so nothing is saved in this session: no games, options or stats. To play "
               "with another folder, start the game with --data-dir and a folder you can write to.")


# ---------------------------------------------------------------- measuring

# The game screen's own drawing, its views and the tiles' art, which the Sandbox and the replay show too.
GAME_ART = ("humanity_desktop.ui.scenes.game", "humanity_desktop.ui.views.", "humanity_desktop.ui.tile_art")


def problems(notes: list[DrawnText], own: bool = False) -> list[str]:
    """Each text under the minimum size or out of its box, once; with `own`, only those the
    screen draws itself, not the game screen's views and art it shows."""
    found: dict[str, None] = {}
    for note in notes:
        if not note.text.strip() or (own and note.by.startswith(GAME_ART)):
            continue
        if note.px < theme.MIN_TEXT_PX:
            found[f"{note.text!r} is {note.px} px"] = None
        if note.rect is not None and note.box is not None and not note.box.contains(note.rect):
            found[f"{note.text!r} at {tuple(note.rect)} spills out of {tuple(note.box)}"] = None
    return list(found)


def drawn(app: App) -> list[DrawnText]:
    """The texts of the screen on top as one frame draws it, every text rendered anew; an
    overlay's (a dialog's) own, not those of the screen under it."""
    scenes = list(app.stack)
    for scene in scenes[:-1]:
        scene.draw(app.screen)
    SURFACES.clear()  # text and tooltips drawn before would otherwise come from the cache
    with recording() as notes:
        scenes[-1].draw(app.screen)
    return notes


def rest_pointer(app: App, pos) -> None:
    """The pointer resting on `pos` long enough for its tooltip."""
    app.stack.handle(Point(tuple(int(v) for v in pos)))
    for _ in range(3):
        app.stack.update(0.3)


# ---------------------------------------------------------------- games to show

def finished_match(seats: str, seed: int) -> RecordedMatch:
    """A game played to its end by random moves, as a session records it (without saving it)."""
    match = RecordedMatch(parse_seats(seats), Bus(), seed=seed)
    play_out(match, random.Random(seed))
    match.close()
    return match


def results(app: App, seats: str, seed: int) -> ResultsScene:
    match = finished_match(seats, seed)
    over = GameOver(tuple(match.state.scores), tuple(ranking(match.state)), tuple(places(match.state)))
    return ResultsScene(app, match, over)


def game_at(app: App, until, seed: int = 4, seats: str = FOUR) -> GameScene:
    """The game screen, open, at the human's turn where `until(state)` holds."""
    game = reach(app, seats, lambda s: s.current == 0 and until(s), seed)
    app.take_notices()
    return game


def replay(seed: int, at: float) -> ReplayMatch:
    state, rng, actions = new_game(4, seed), random.Random(seed), []
    while not state.game_over:
        actions.append(rng.choice(legal_actions(state)))
        apply_action(state, actions[-1])
    return ReplayMatch(parse_seats(FOUR), seed, actions), int(len(actions) * at)


# ---------------------------------------------------------------- the screens

def push(app: App, *scenes) -> None:
    for scene in scenes:
        app.stack.push(scene)
    app.stack.update(0.0)


def options_tooltip(app: App) -> None:
    scene = OptionsScene(app)
    push(app, scene)
    rest_pointer(app, next(b for b in scene.buttons if _("Bot pace") in b.label).rect.center)


def load_with_saves(app: App) -> None:
    write_save(finished_match("human,bot:random", 3), app.data_dir / "saves" / "finished.json")
    for seed in (5, 6):
        write_save(RecordedMatch(parse_seats(FOUR), Bus(), seed=seed), new_save_path(app.data_dir))
    push(app, LoadScene(app))


def stats_with_games(app: App) -> None:
    for seats, scores, ranks in (("human,bot:hard", [44, 35], [1, 2]), ("human,bot:hard,bot:normal", [30, 45, 20], [2, 1, 3]),
                                 ("human,bot:easy", [38, 20], [1, 2]), ("human,bot:expert", [29, 33], [2, 1]),
                                 ("human,bot:normal,bot:normal,bot:easy", [41, 30, 28, 25], [1, 2, 3, 4]),
                                 ("human,human", [31, 27], [1, 2])):
        app.session.stats.record(parse_seats(seats), scores, ranks)
    push(app, StatsScene(app))


def rules_end(app: App) -> None:
    scene = RulesScene(app)
    push(app, scene)
    scene.scroll = 10_000
    app.stack.draw(app.screen)


def new_game_seed(app: App) -> None:
    scene = NewGameScene(app)
    push(app, scene)
    scene._focus_seed()


def sandbox(app: App) -> None:
    """A few edits in: a year 3 tile placed, another picked, the placed one selected."""
    scene = SandboxScene(app, seed=3)
    push(app, scene)
    cell = min(free_cells(scene.state.players[0]))
    placed, picked = [t.id for t in palette() if t.year == 3][:2]
    place_tile(scene.state, 0, cell, placed)
    scene.picked, scene.selected = picked, Target(CELL, 0, cell)
    scene.refresh()


def sandbox_tooltip(app: App) -> None:
    sandbox(app)
    scene = app.stack.top
    rest_pointer(app, scene._palette_cells()[3][1].center)


def crash(app: App) -> None:
    report = app.places.logs / "crash-2026-11-25_17-33-02.txt"
    app.stack.reset(CrashScene(app, report))


def pause(app: App) -> None:
    game = game_at(app, lambda s: s.phase == "action")
    push(app, PauseScene(app, game))


def choice(app: App) -> None:
    game_at(app, lambda s: s.phase == "action")
    push(app, ChoiceScene(app, "Saving", LONG_NOTICE, [("OK", lambda: None)], cancel=None))


def handoff(app: App) -> None:
    game_at(app, lambda s: s.phase == "action")
    push(app, HandoffScene(app, "Aleksander", 1, lambda: None))


LONG_FOLDER = "C:\\Users\\Aleksander Nowak\\AppData\\Local\\humanity-desktop"


def folder_problem(app: App) -> None:
    push(app, routes.make(routes.FOLDER_PROBLEM, app, Path(LONG_FOLDER), _("what is written there does not read back")))


def folder_browser(app: App) -> None:
    """Deep in folders with long names, more than the list shows, one refused."""
    deep = app.data_dir.joinpath(*["Aleksander's saved games from the long winter"] * 4)
    for n in range(40):
        (deep / f"Folder {n:02} with a name far too long to be shown whole in the list at all").mkdir(parents=True)
    scene = routes.make(routes.FOLDERS, app, deep)
    push(app, scene)
    scene.told = f"This folder cannot be used: {LONG_NOTICE}"


def replay_at(at: float) -> Callable[[App], None]:
    def build(app: App) -> None:
        match, position = replay(21, at)
        scene = ReplayScene(app, match)
        push(app, scene)
        scene.jump(position)
        app.stack.update(0.0)
    return build


SCREENS: dict[str, Callable[[App], None]] = {
    "title": lambda app: None,
    "title_notice": lambda app: (app.notify(LONG_NOTICE), app.stack.update(0.0)),
    "new_game": lambda app: push(app, NewGameScene(app)),
    "new_game_seed": new_game_seed,
    "options": lambda app: push(app, OptionsScene(app)),
    "options_tooltip": options_tooltip,
    "load_empty": lambda app: push(app, LoadScene(app)),
    "load": load_with_saves,
    "stats_empty": lambda app: push(app, StatsScene(app)),
    "stats": stats_with_games,
    "rules": lambda app: push(app, RulesScene(app)),
    "rules_end": rules_end,
    "results_2": lambda app: push(app, results(app, "human,bot:random", 8)),
    "results_4": lambda app: push(app, results(app, FOUR, 21)),
    "pause": pause,
    "dialog": choice,
    "handoff": handoff,
    "replay_start": replay_at(0.0),
    "replay_middle": replay_at(0.5),
    "sandbox": sandbox,
    "sandbox_tooltip": sandbox_tooltip,
    "crash": crash,
    "folder_problem": folder_problem,
    "folder_browser": folder_browser,
    "guide_chapters": lambda app: routes.make(routes.LEARN, app),
}


def guide_at(chapter: int) -> Callable[[App], None]:
    """Learn to play at the start of `chapter`, its first note shown."""
    def build(app: App) -> None:
        tutorial.start(app, load_script(), chapter)
        app.step()
    return build


def game_in(phase: str) -> Callable[[App], None]:
    def build(app: App) -> None:
        game_at(app, lambda s: s.phase == phase and s.turn >= 30)
    return build


# The game screen in each phase of a turn, and the screens that show its views and tiles.
GAME_SCREENS: dict[str, Callable[[App], None]] = {
    **{f"game_{phase}": game_in(phase) for phase in ("action", "work", PAY, "place")},
    "replay_middle": SCREENS["replay_middle"], "sandbox": SCREENS["sandbox"],
    "guide_first": guide_at(0), "guide_paying": guide_at(1),
}


def shown(tmp_path: Path, size: tuple[int, int], build: Callable[[App], None], text_size: float = 1.0,
          own: bool = False, language: str | None = None) -> list[str]:
    return problems(drawn_on(tmp_path, size, build, text_size, language), own)


def drawn_on(tmp_path: Path, size: tuple[int, int], build: Callable[[App], None], text_size: float = 1.0,
             language: str | None = None) -> list[DrawnText]:
    """The texts of the screen `build` reaches from the title screen, in a window of `size`."""
    app = App(AppConfig(data_dir=tmp_path, size=size, max_fps=0, pace="instant", language=language))
    try:
        app.set_text_size(text_size)
        app.stack.push(TitleScene(app))
        build(app)
        return drawn(app)
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_screens_text_is_readable_and_fits(tmp_path, screen, size):
    assert shown(tmp_path, size, SCREENS[screen], own=True) == []


@pytest.mark.parametrize("screen", ["title", "options", "new_game", "results_4", "stats", "dialog", "load", "sandbox",
                                    "folder_problem", "folder_browser"])
def test_the_largest_text_size_fits_the_smallest_window(tmp_path, screen):
    assert shown(tmp_path, SIZES[0], SCREENS[screen], text_size=theme.TEXT_SIZES[-1], own=True) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", list(GAME_SCREENS))
def test_the_game_screens_text_is_readable_and_fits(tmp_path, screen, size):
    assert shown(tmp_path, size, GAME_SCREENS[screen]) == []


def test_the_measure_finds_small_and_spilling_text():
    box = pygame.Rect(0, 0, 100, 20)
    notes = [DrawnText("fine", 11, pygame.Rect(0, 0, 40, 14), box), DrawnText("tiny", 10),
             DrawnText("spills", 12, pygame.Rect(90, 0, 30, 14), box), DrawnText("", 4)]
    assert problems(notes) == ["'tiny' is 10 px", "'spills' at (90, 0, 30, 14) spills out of (0, 0, 100, 20)"]


def test_a_seat_card_names_a_bots_level_whole_where_bot_and_level_do_not_both_fit(tmp_path):
    """At the smallest window "Aleksander" leaves no room for "bot · careful": the level alone
    shows, so Careful and Casual never both read "ca…"."""
    app = App(AppConfig(data_dir=tmp_path, size=SIZES[0], max_fps=0, pace="instant"))
    try:
        app.stack.push(TitleScene(app))
        game = game_at(app, lambda s: True, seats="human,bot:careful,bot:casual")
        game.frame.layers["seats"].invalidate()  # painted before the recording began
        texts = [n.text for n in drawn(app) if n.by.endswith("seats_view")]
    finally:
        app.close()
    assert {"Careful", "Casual"} <= {t.removeprefix("bot · ") for t in texts}
    assert not [t for t in texts if t.endswith("…") and t.startswith(("bot", "Ca"))]


def test_a_thinking_first_players_status_keeps_clear_of_its_tokens(tmp_path):
    """At the smallest window FIRST PLAYER · THINKING... would run under the seat's science and
    research: THINKING shows alone (the patch on the marker still says who is first)."""
    app = App(AppConfig(data_dir=tmp_path, size=SIZES[0], max_fps=0, pace="instant"))
    try:
        app.stack.push(TitleScene(app))
        game = game_at(app, lambda s: s.patch == 1, seats="human,bot:careful")  # the bot opened the round
        while game.director.busy:  # the table shows the position reached
            app.step()
        game.seat.thinking = 1
        game.frame.layers["seats"].invalidate()
        card, icon = game.views.seats_view.cards[1], int(18 * game.views.seats_view.scale)
        notes = [n for n in drawn(app) if n.by.endswith("seats_view") and n.rect and card.contains(n.rect)]
    finally:
        app.close()
    [status] = [n for n in notes if n.text.startswith(("FIRST PLAYER", "THINKING"))]
    assert status.text.startswith("THINKING")
    beside = [n for n in notes if n is not status and n.rect.x > status.rect.x
              and n.rect.y < status.rect.bottom and n.rect.bottom > status.rect.y]
    assert beside and all(n.rect.x - icon >= status.rect.right for n in beside)
