"""Screenshots of every screen of the game, headless.

    python tools/screenshots.py                               # the gallery, docs/screenshots/
    python tools/screenshots.py --size 1024x576 --out DIR     # every shot at one size, to look at

The gallery keeps one picture per screen at 1280x720, and the screens that tell a turn's story
(what the bots did, the confirm step, paying, the reset, the end) at 1024x576 and 1920x1080 too,
with the size in the name. Shots that only repeat another's screen are left out of it, so the
folder stays under 3 MB. Game positions come from seeded random play, so the pictures are the
same every run. With Pillow installed (`pip install pillow`) each is saved with a palette of
256 colours, a third of the size or less; without it, in full colour.
"""
from __future__ import annotations

import argparse
import os
import random
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from humanity_desktop.controller import ActionRequested, ConfirmRequested, parse_seats
from humanity_desktop.engine.flow import plan_reset
from humanity_desktop.controller.saves import write_save
from humanity_desktop.storage.save_files import new_save_path
from humanity_desktop.controller.replays import ReplayMatch
from humanity_desktop.controller.tutorial import load_script
from humanity_desktop.engine import apply_action, auto_pay, legal_actions, new_game
from humanity_desktop.engine.state import PAY
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.input import Click, Point
from humanity_desktop.ui.scenes.base_overlay import BaseOverlayScene
from humanity_desktop.ui.scenes.dialog import HandoffScene
from humanity_desktop.ui.scenes.final_board import FinalBoardScene
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.load import LoadScene
from humanity_desktop.ui.scenes.new_game import NewGameScene
from humanity_desktop.ui.scenes.options import OptionsScene
from humanity_desktop.ui.scenes.tutorial import ChaptersScene, start as start_tutorial
from humanity_desktop.ui.scenes.pause import PauseScene
from humanity_desktop.ui.scenes.replay import ReplayScene
from humanity_desktop.ui.scenes.results import ResultsScene
from humanity_desktop.ui.scenes.rules import RulesScene
from humanity_desktop.ui.scenes.sandbox import SandboxScene
from humanity_desktop.ui.scenes.stats import StatsScene
from humanity_desktop.ui.scenes.title import TitleScene

SEATS = "human,bot:random,bot:random,bot:random"


def advance(match, rng: random.Random, until) -> bool:
    """Play random legal moves on the match's state until `until(state)` holds (False if the
    game ends first)."""
    while not until(match.state):
        if match.state.game_over:
            return False
        apply_action(match.state, rng.choice(legal_actions(match.state)))
    return True


def play_out(match, rng: random.Random, until) -> None:
    """Random legal moves through the match's bus, as the seats would send them, until
    `until()` holds; the match keeps its log, history and actions as in play."""
    while not until():
        seat = match.state.current
        source = "bot" if match.seats[seat].is_bot else "human"
        match.bus.publish(ActionRequested(seat, rng.choice(legal_actions(match.state)), source))
        if match.pending is not None:  # a human's turn ends once confirmed
            match.bus.publish(ConfirmRequested(seat))


def human_in(phase: str, turn_min: int = 0):
    return lambda s: s.current == 0 and s.phase == phase and s.turn >= turn_min and not s.game_over


def frame(app: App, path: Path, settle: float = 0.0) -> None:
    for _ in range(3):
        app.stack.update(settle / 3)
    app.stack.draw(app.screen)
    save(app.screen, path)
    print(path)


def save(surface: pygame.Surface, path: Path) -> None:
    """A PNG with a palette of 256 colours where Pillow is at hand, else in full colour."""
    try:
        from PIL import Image
    except ImportError:
        pygame.image.save(surface, str(path))
        return
    image = Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))
    image.quantize(256, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)


def game_scene(app: App, phase: str, seed: int = 4, turn_min: int = 40) -> GameScene:
    """A game where the human seat is in `phase`, from the first seed from `seed` on that has one."""
    while True:
        match = app.session.new_match(parse_seats(SEATS), seed)
        if advance(match, random.Random(seed), human_in(phase, turn_min)):
            break
        seed += 1
    # Each shot deals anew, so the game before it is kept as unfinished; whether that is
    # told depends on how far its autosave got, so the notice is dropped every time.
    app.take_notices()
    game = GameScene(app, match)
    app.stack.reset(TitleScene(app))
    app.stack.push(game)
    return game


GALLERY = Path("docs/screenshots")
GALLERY_SIZE = (1280, 720)
# The screens the gallery also keeps at these sizes: the smallest window and a full-HD one.
OTHER_SIZES = ((1024, 576), (1920, 1080))
AT_EVERY_SIZE = ("game_recap", "game_confirm", "game_paying", "reset_preview", "reset_step_5",
                 "game_final_board", "results")
# Shots the gallery leaves out: the middle steps of a reset, a turn caught half-way.
NOT_IN_GALLERY = ("reset_step_2", "reset_step_3", "reset_step_4", "game_tile_mid_turn", "game_paying_mid_turn")


def main() -> None:
    ap = argparse.ArgumentParser(description="Screenshots of every screen (see the module's docstring).")
    ap.add_argument("--size", help="WxH: every shot at this size into --out (the default: the gallery)")
    ap.add_argument("--out", type=Path, default=None, help="the folder for --size's shots")
    args = ap.parse_args()
    if args.size:
        w, _, h = args.size.partition("x")
        out = args.out or Path(tempfile.mkdtemp(prefix="screenshots-"))
        shoot((int(w), int(h)), out, keep=lambda name: True)
        table_shots(out)
        large_text_shots(out)
        tutorial_shots(out, every=True)
        return
    shoot(GALLERY_SIZE, GALLERY, keep=lambda name: name not in NOT_IN_GALLERY)
    tutorial_shots(GALLERY, every=False)
    large_text_shots(GALLERY)
    for w, h in OTHER_SIZES:
        shoot((w, h), GALLERY, keep=lambda name: name in AT_EVERY_SIZE, suffix=f"_{w}x{h}")


def shoot(size: tuple[int, int], out: Path, keep, suffix: str = "") -> None:
    """Every screen at `size`; the shots `keep(name)` accepts are saved in `out`."""
    out.mkdir(parents=True, exist_ok=True)
    skipped = Path(tempfile.mkdtemp(prefix="screenshots-"))

    def shot(name: str) -> Path:
        return out / f"{name}{suffix}.png" if keep(name) else skipped / f"{name}.png"

    data = Path(tempfile.mkdtemp())
    app = App(AppConfig(data_dir=data, size=size, max_fps=0, pace="instant"))
    title = TitleScene(app)

    app.stack.reset(title)
    frame(app, shot("title"))
    app.stack.push(NewGameScene(app))
    frame(app, shot("new_game"))
    app.stack.reset(title)
    app.stack.push(OptionsScene(app))
    frame(app, shot("options"))
    app.stack.reset(title)
    app.stack.push(RulesScene(app))
    frame(app, shot("rules"))
    app.stack.reset(title)
    app.stack.push(sandbox_scene(app))
    frame(app, shot("sandbox"))

    game = game_scene(app, "action")
    board = game.views.board
    legal = [a.slot for a in legal_actions(game.match.state) if a.kind == "choose_module"]
    slot = legal[0] if legal else next(k for k, t in enumerate(game.match.state.hangars, 1) if t)
    app.stack.handle(Point(tuple(int(v) for v in board.hangar_center(game.match.state, slot))))
    frame(app, shot("game"), settle=1.2)

    game = game_scene(app, "pay", seed=6)
    frame(app, shot("game_paying"))
    write_save(game.match, new_save_path(data))

    game = game_scene(app, "work", seed=8)
    frame(app, shot("game_working"))
    turn_midway(app, game, next(a.cell for a in legal_actions(game.match.state) if a.kind == "activate"), 1)
    frame(app, shot("game_tile_mid_turn"))

    game = game_scene(app, "pay", seed=6)
    turn_midway(app, game, next(a.cell for a in legal_actions(game.match.state) if a.kind == "spend"), -1)
    frame(app, shot("game_paying_mid_turn"))

    game = game_scene(app, "action", seed=11, turn_min=0)
    s = game.match.state
    slot = next(a.slot for a in legal_actions(s) if a.kind == "choose_module")
    carry_midway(app, game, board_point=game.views.board.hangar_center(s, slot))
    frame(app, shot("game_deploy_drag"))

    game = game_scene(app, "turn", seed=5, turn_min=60)
    app.stack.push(PauseScene(app, game))
    frame(app, shot("pause"))

    game = game_scene(app, "place", seed=9)
    frame(app, shot("game_placing"))

    game = game_scene(app, "upgrade", seed=3, turn_min=0)
    frame(app, shot("game_upgrade"), settle=0.1)

    game = game_scene(app, "turn", seed=12, turn_min=30)
    app.stack.push(HandoffScene(app, "Gabriel", 2, lambda: None))
    frame(app, shot("handoff"))

    confirm_and_overlay_shots(app, shot)
    recap_shots(app, shot)
    scored_shot(app, shot)
    why_shot(app, shot)
    reset_step_shots(app, shot)
    reset_preview_shot(app, shot)
    hint_overlay_shot(app, shot)
    # A quick reset, caught mid-animation.
    app.settings.reset_steps = "never"
    game = game_scene(app, "turn", seed=7, turn_min=30)
    play_out(game.match, random.Random(1), lambda: game.director.resetting)
    while game.director.beat is not None and game.director.beat.reset is None:
        game.director.queue.popleft()
    game.director.beat.t = 0.42
    frame(app, shot("game_reset"))

    app.stack.reset(title)
    app.stack.push(LoadScene(app))
    frame(app, shot("load"))

    match = app.session.new_match(parse_seats(SEATS), 21)
    play_out(match, random.Random(21), lambda: match.state.game_over)
    from humanity_desktop.controller import GameOver
    from humanity_desktop.engine import places, ranking
    over = GameOver(tuple(match.state.scores), tuple(ranking(match.state)), tuple(places(match.state)))
    app.stack.reset(title)
    app.stack.push(ResultsScene(app, match, over, back_to_board=lambda: None))
    frame(app, shot("results"))
    final_board_shot(app, shot)
    app.session.close_match()
    app.stack.reset(title)
    app.stack.push(stats_scene(app))
    frame(app, shot("stats"))
    app.stack.reset(title)
    app.stack.push(replay_scene(app, 21))
    frame(app, shot("replay"))
    app.close()


def confirm_and_overlay_shots(app: App, shot) -> None:
    """A turn waiting for Confirm (the header, the lit card and the cost's chips stay on its
    player), then the next player's base shown large as a click on their card shows it."""
    game = game_scene(app, "pay", seed=6)
    app.take_notices()  # an earlier shot's game was kept as unfinished
    m = game.match
    while m.pending is None:
        for action in auto_pay(m.state) if m.state.phase == PAY else [legal_actions(m.state)[0]]:
            m.bus.publish(ActionRequested(m.current, action))
    frame(app, shot("game_confirm"), settle=4.0)  # the spends played out on the table first
    rival = (m.current + 1) % m.state.n
    app.stack.push(BaseOverlayScene(app, m.state, rival, game.cast.chars, game.cast.names))
    frame(app, shot("opponent_base"))


def recap_shots(app: App, shot) -> None:
    """The player's turn just come: the bots' turns marked on the ring and the bases, the recap
    over the log; then one recap line clicked, that bot's last turn shown on the table."""
    match = app.session.new_match(parse_seats("human,bot:random,bot:random"), 8)
    rng = random.Random(8)
    advance(match, rng, human_in("turn", 24))
    game = GameScene(app, match)
    app.stack.reset(TitleScene(app))
    app.stack.push(game)
    app.take_notices()  # an earlier shot's game was kept as unfinished
    story = game.story.story
    play_out(match, rng, lambda: match.current == 0 and story.moving() is None and match.state.phase == "turn"
             and any(turn.deployed for turn in story.since(0)) and story.last(0) is not None)
    while game.director.busy:
        app.stack.update(0.1)
    frame(app, shot("game_recap"), settle=0.3)
    row = game.story.recap.rows[-1][0]
    app.stack.handle(Click(row.center))
    frame(app, shot("game_last_turn"))


def scored_shot(app: App, shot) -> None:
    """Points rising where they were scored, and a mission's banner on its card, caught mid-beat."""
    match = app.session.new_match(parse_seats(SEATS), 3)
    rng = random.Random(3)
    advance(match, rng, human_in("turn", 20))
    game = GameScene(app, match)
    app.stack.reset(TitleScene(app))
    app.stack.push(game)
    app.take_notices()

    def scored() -> bool:
        return any(beat.banners and len(beat.floats) > 1 for beat in game.director.queue)

    play_out(match, rng, lambda: scored() or match.state.game_over)
    while game.director.queue and not game.director.queue[0].banners:
        game.director.queue.popleft()
    game.director.beat.t = 0.35
    frame(app, shot("game_scored"))


def final_board_shot(app: App, shot) -> None:
    """The last move played: the final board under the banner with the winner and the scores."""
    match = app.session.new_match(parse_seats(SEATS), 21)
    rng = random.Random(21)
    advance(match, rng, lambda s: s.year == 3 and s.round >= 3 and s.current == 1)
    game = GameScene(app, match)
    app.stack.reset(TitleScene(app))
    app.stack.push(game)
    app.take_notices()
    play_out(match, rng, lambda: match.state.game_over)
    while not isinstance(app.stack.top, FinalBoardScene):
        app.stack.update(0.1)
    frame(app, shot("game_final_board"))


def shown_lines(game) -> dict[int, int]:
    """The log lines the game's log shows, each with the first row it is drawn on."""
    log = game.views.log.rect
    shown: dict = {}
    for y in range(log.top, log.bottom):
        shown.setdefault(game.views.log.line_at((log.x + 2, y)), y)
    return shown


def why_shot(app: App, shot) -> None:
    """A bot's reasons, opened from its line in the log after it played."""
    match = app.session.new_match(parse_seats("human,bot:normal,bot:hard"), 11)
    game = GameScene(app, match)
    app.stack.push(game)
    app.take_notices()  # an earlier shot's game was kept as unfinished
    while match.current != 0 or not match.reasons:
        if match.current == 0:
            for action in auto_pay(match.state) if match.state.phase == PAY else [legal_actions(match.state)[0]]:
                match.bus.publish(ActionRequested(0, action))
            if match.pending is not None:
                match.bus.publish(ConfirmRequested(0))
        app.stack.update(0.05)
    app.stack.update(0.5)  # the last moves drawn, so the log knows where its lines are
    app.stack.draw(app.screen)
    line = max(match.reasons)
    shown = shown_lines(game)
    if line not in shown:  # a long turn after it: scrolled back, as a player would
        game.views.log.scroll_by(len(match.log) - 1 - line - game.views.log.scroll, len(match.log))
        app.stack.draw(app.screen)
        shown = shown_lines(game)
    app.stack.handle(Click((game.views.log.rect.x + 2, shown[line])))
    frame(app, shot("why"))


def reset_step_shots(app: App, shot) -> None:
    """The reset told step by step: each step caught on its way, its caption on the table."""
    app.settings.reset_steps = "always"
    game = game_scene(app, "turn", seed=7, turn_min=30)
    play_out(game.match, random.Random(1), lambda: game.director.resetting)
    while game.director.beat.step is None:
        game.director.queue.popleft()
    for n in range(1, 6):
        game.director.beat.t = 0.6
        frame(app, shot(f"reset_step_{n}"))
        game.director.next_step()


def reset_preview_shot(app: App, shot) -> None:
    """The coming reset kept drawn on the board with Preview reset, in a position where the arm
    would send an astronaut home."""
    seed = 4
    while True:
        game = game_scene(app, "action", seed=seed, turn_min=20)
        app.take_notices()  # the games tried before this one were kept as unfinished
        if plan_reset(game.match.state).sent_home:
            break
        seed += 1
    app.stack.update(0)
    button = next(b for b in game.frame.top_buttons if b.label == "Preview reset")
    app.stack.handle(Click(button.rect.center))
    app.stack.handle(Point(game.views.base.area.center))
    frame(app, shot("reset_preview"))


def hint_overlay_shot(app: App, shot) -> None:
    """The Hint button's best plan drawn on the table, in a position where it deploys a module."""
    seed = 4
    while True:
        game = game_scene(app, "turn", seed=seed, turn_min=20)
        app.take_notices()  # the games tried before this one were kept as unfinished
        app.stack.update(0)
        next(b for b in game.frame.top_buttons if b.label == "Hint").on_click()
        while game.match.hinting:  # found on the bots' thread
            app.stack.update(0)
        if any(a.kind == "choose_module" for a in game.frame.hint.hint.plan):
            break
        seed += 1
    app.stack.handle(Point(game.views.base.area.center))
    frame(app, shot("hint_overlay"))


def stats_scene(app: App) -> StatsScene:
    """The Stats screen after a few games against the bots (kept in memory only)."""
    for seats, scores, ranks in (("human,bot:hard", [44, 35], [1, 2]), ("human,bot:hard,bot:normal", [30, 45, 20], [2, 1, 3]),
                                 ("human,bot:easy", [38, 20], [1, 2]), ("human,bot:easy", [29, 33], [2, 1]),
                                 ("human,bot:beginner", [35, 24], [1, 2]), ("human,bot:expert", [28, 44], [2, 1]),
                                 ("human,human", [31, 27], [1, 2])):
        app.session.stats.record(parse_seats(seats), scores, ranks)
    return StatsScene(app)


def replay_scene(app: App, seed: int) -> ReplayScene:
    """A replay of a seeded random game, halfway through."""
    state, rng, actions = new_game(4, seed), random.Random(seed), []
    while not state.game_over:
        actions.append(rng.choice(legal_actions(state)))
        apply_action(state, actions[-1])
    scene = ReplayScene(app, ReplayMatch(parse_seats(SEATS), seed, actions))
    scene.jump(len(actions) // 2)
    return scene


def hand(app: App, points, dt: float = 1 / 60) -> None:
    """The pointer pressed at the first point and moved through the others, a frame apart."""
    app.stack.handle(Point(points[0]))
    app.stack.handle(Click(points[0]))
    for p in points[1:]:
        app.stack.handle(Point(p))
        app.stack.update(dt)


def turn_midway(app: App, game: GameScene, cell, direction: int) -> None:
    """A tile held a third of the way through its quarter turn."""
    import math
    s = game.match.state
    rect = game.views.base.cell_rect(s, s.current, cell)
    r = rect.w * 0.4
    hand(app, [(rect.centerx + r * math.cos(direction * math.radians(a)),
                rect.centery + r * math.sin(direction * math.radians(a))) for a in range(0, 34, 3)])


def carry_midway(app: App, game: GameScene, board_point) -> None:
    """A module carried from its hangar, two thirds of the way to the astronaut's cell."""
    s = game.match.state
    target = game.views.base.cell_center(s, s.current, s.players[s.current].astros[s.sel][2])
    hand(app, [(board_point[0] + (target[0] - board_point[0]) * k / 18,
                board_point[1] + (target[1] - board_point[1]) * k / 18) for k in range(13)])


def sandbox_scene(app: App) -> SandboxScene:
    """A sandbox a few edits in: a tile placed from the catalogue and one selected."""
    scene = SandboxScene(app, seed=3)
    app.stack.push(scene)
    player = scene.state.players[0]
    cell = next((x + 1, y) for x, y in sorted(player.base) if (x + 1, y) not in player.base
                and all(pos != (x + 1, y) for _, _, pos in player.astros))
    from humanity_desktop.engine.sandbox import palette, place_tile
    year_two = [t.id for t in palette() if t.year == 2]
    place_tile(scene.state, 0, cell, year_two[0])
    scene.picked = year_two[1]
    scene.scroll = 0
    scene.refresh()
    app.stack.pop()
    return scene


TABLE_SIZES = ((1600, 900), (3840, 2160))
# The game screen at the largest text size, on a common laptop window and the smallest one.
LARGE_TEXT_SIZES = ((1366, 768), (1024, 576))


def large_text_shots(out: Path) -> None:
    """The game screen at 150% text, mid-game with four seats (the fullest table), as
    game_text150_<size>.png; and the hot-seat board while the bot plays between two humans,
    nobody's science showing, as hot_seat_bot_turn.png."""
    for w, h in LARGE_TEXT_SIZES:
        app = App(AppConfig(data_dir=Path(tempfile.mkdtemp()), size=(w, h), max_fps=0, pace="instant"))
        app.set_text_size(1.5)
        game_scene(app, "action", seed=11, turn_min=60)
        frame(app, out / f"game_text150_{w}x{h}.png")
        app.session.close_match()
        app.close()
    app = App(AppConfig(data_dir=Path(tempfile.mkdtemp()), size=GALLERY_SIZE, max_fps=0, pace="slow"))
    match = app.session.new_match(parse_seats("human,human,bot:normal"), 6)
    advance(match, random.Random(6), lambda s: s.turn > 30 and s.current == 1)
    game = GameScene(app, match)
    app.stack.reset(TitleScene(app))
    app.stack.push(game)
    app.take_notices()
    rng = random.Random(6)
    while not match.seats[match.current].is_bot:  # the second human plays their turn out
        if isinstance(app.stack.top, HandoffScene):
            app.stack.top.button.press()
        elif match.pending is not None:
            game.orders.confirm()
        else:
            game.orders.request(rng.choice(match.legal()))
        while game.director.busy:
            app.stack.update(0.1)
    while game.seat.thinking is None:
        app.step()
    frame(app, out / "hot_seat_bot_turn.png")
    app.session.close_match()
    app.close()


def table_shots(out: Path) -> None:
    """The full table in year 3 at a common and at a 4K window, to check every piece is
    readable at the one and crisp at the other."""
    for w, h in TABLE_SIZES:
        app = App(AppConfig(data_dir=Path(tempfile.mkdtemp()), size=(w, h), max_fps=0, pace="instant"))
        game_scene(app, "action", seed=11, turn_min=75)
        frame(app, out / f"table_{w}x{h}.png")
        app.session.close_match()


def tutorial_shots(out: Path, every: bool) -> None:
    """Learn to play at 1280x720: the chapter list from the title (a chapter reached); with
    `every`, also each chapter at its first step that lights something on the table as
    tutorial_<chapter>.png, and a bot's turn with the note folded so the game log shows, as
    tutorial_folded.png. The moves before each are the script's own."""
    script = load_script()
    app = App(AppConfig(data_dir=Path(tempfile.mkdtemp()), size=GALLERY_SIZE, max_fps=0, pace="instant",
                        anim_speed=50.0))
    app.stack.reset(TitleScene(app))
    app.stack.push(ChaptersScene(app, script, lambda chapter: None, reached=3))
    frame(app, out / "tutorial_chapters.png")
    app.stack.reset(TitleScene(app))
    if every:
        game = start_tutorial(app, script)
        for chapter, (name, _) in enumerate(script.chapters):
            steps = [i for i, step in enumerate(script.steps) if step.chapter == chapter]
            shown = next((i for i in steps if script.steps[i].spot is not None), steps[0])
            _tutorial_at(app, game, shown)
            frame(app, out / f"tutorial_{name}.png")
        app.stack.reset(TitleScene(app))
        game = start_tutorial(app, script, chapter=1)
        while len(game.match.log) < 6:  # the bot's turn, under way
            app.step()
        app.stack.handle(Click(next(b for b in game.guide.buttons if b.label == "Hide note").rect.center, 1))
        frame(app, out / "tutorial_folded.png")
        app.stack.reset(TitleScene(app))
    app.close()


def _tutorial_at(app: App, game: GameScene, index: int) -> None:
    """The script's moves up to step `index`, until its note shows on a table at rest, the
    pointer out of the way."""
    runner = game.guide.runner
    runner.skip_to(index)
    while runner.index < index or game.director.busy or not game.guide.showing:
        app.step()
    app.stack.handle(Point((app.size[0] // 2, 1)))


if __name__ == "__main__":
    main()
