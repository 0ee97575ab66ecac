"""What happened, on the game screen: the marks of each seat's last turn on the ring and the
bases, the recap strip when the player's turn comes, points rising where they are scored,
the log's readable text, and the final board that holds until the player asks for Results."""
from __future__ import annotations

import random

import pygame
import pytest

from builders import A, CAT, square_to_complete
from humanity_desktop.controller.match import Pacing, Resumed
from humanity_desktop.controller import ActionApplied, ActionRequested, Bus, Match, parse_seats
from humanity_desktop.table.narration import recap
from humanity_desktop.controller.story import Story
from humanity_desktop.engine.grid import square
from humanity_desktop.ui import theme
from humanity_desktop.ui.beats import Director
from humanity_desktop.ui.fonts import fonts
from humanity_desktop.ui.layout import game_layout
from humanity_desktop.ui.scenes.final_board import FinalBoardScene, headline
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.scenes.last_turn import LastTurnScene
from humanity_desktop.ui.scenes.results import ResultsScene
from humanity_desktop.ui.scenes.title import TitleScene
from humanity_desktop.ui.views.base_view import BaseView
from humanity_desktop.ui.views.board_view import BoardView
from humanity_desktop.ui.views.last_moves import draw_ring_marks, seat_colour, taken_rects
from humanity_desktop.ui.views.log_view import LogView, text_px
from humanity_desktop.ui.views.tracks_view import TracksView

from ui_driver import app, click, play, run_until, settle, start  # noqa: F401 - app is a fixture


def human_turn_comes(app, game: GameScene, rng: random.Random) -> None:
    """The human (seat 0) plays a turn at random; the bots play theirs through the app's loop
    until the human's turn comes again and the table is at rest."""
    m = game.match
    while m.current == 0:
        play(m, rng.choice(m.legal()))
    assert run_until(app, lambda: m.current == 0 and not game.director.busy)
    settle(app, game)
    app.step()


# ---------------------------------------------------------------- marks on the ring

def test_a_taken_hangar_is_marked_in_the_seats_colour_until_the_ring_refills_it():
    bus = Bus()
    match = Match(parse_seats("bot:random,bot:random"), bus, seed=3, pacing=Pacing(pace=0.0))
    story, rng = Story(bus), random.Random(3)
    board = BoardView()
    board.layout(pygame.Rect(0, 0, 600, 600), 1.0)
    while not any(t.slot for t in story.turns):
        bus.publish(ActionRequested(match.current, rng.choice(match.legal()), source="bot"))
    turn = next(t for t in story.turns if t.slot)
    assert story.last(turn.seat) is turn and match.state.arm == turn.before.arm  # the seed's first deploy, mid-round
    [rect] = taken_rects(board, match.state, turn)
    assert rect == board.hangar_rect(match.state, turn.slot)
    surface = pygame.Surface((600, 600))
    draw_ring_marks(surface, board, match.state, story, (0, 1))
    edge = rect.inflate(-2, -2)
    assert surface.get_at((edge.centerx, edge.top))[:3] == seat_colour(turn.seat)
    while match.state.arm == turn.before.arm:  # the reset slides and refills the hangars
        bus.publish(ActionRequested(match.current, rng.choice(match.legal()), source="bot"))
    assert taken_rects(board, match.state, turn) == []


# ---------------------------------------------------------------- the recap

def test_the_recap_shows_the_bots_turns_when_the_players_turn_comes_and_a_line_shows_it_on_the_table(app):
    game = start(app, "human,bot:random,bot:random", seed=4)
    rng = random.Random(4)
    human_turn_comes(app, game, rng)
    story = game.story.story
    turns = story.since(0)
    assert [t.seat for t in turns] == [1, 2]
    rows = game.story.recap.rows
    assert [turn for _, turn in rows] == turns
    assert game.views.log.rect.top > rows[-1][0].bottom  # the log gives the strip the top of its panel
    click(app, rows[0][0].center)
    top = app.stack.top
    assert isinstance(top, LastTurnScene) and top.turn is turns[0]
    click(app, (5, 5))
    assert app.stack.top is game
    play(game.match, game.match.legal()[0])  # the player moves: the strip goes
    app.step()
    assert game.story.recap_turns(game) == [] and not game.story.recap.rows


def test_closing_the_recap_keeps_it_closed_until_new_turns_come(app):
    game = start(app, "human,bot:random", seed=6)
    rng = random.Random(6)
    human_turn_comes(app, game, rng)
    assert game.story.recap.rows
    click(app, game.story.recap.close.center)
    app.step()
    assert not game.story.recap.rows and game.views.log.rect == game.story.recap.area
    human_turn_comes(app, game, rng)
    assert [t for _, t in game.story.recap.rows] == game.story.story.since(0)


def test_each_recap_line_is_the_turns_recap_and_reads_at_11_px_or_more(app):
    game = start(app, "human,bot:random,bot:random,bot:random", seed=9)
    rng = random.Random(9)
    human_turn_comes(app, game, rng)
    for rect, turn in game.story.recap.rows:
        assert rect.h >= fonts().height(theme.MIN_TEXT_PX)
        assert recap(turn, game.match.names).startswith(game.match.names[turn.seat])


# ---------------------------------------------------------------- points where they are scored

def views() -> tuple[BoardView, BaseView, TracksView, Director]:
    """The game screen's board, base and secondary board at 1600x900, and a director over them."""
    L = game_layout((1600, 900), 2)
    board, base, tracks = BoardView(), BaseView(), TracksView()
    board.layout(L.board, L.scale)
    base.layout(L.base, L.scale)
    tracks.layout(L.tracks, L.scale)
    return board, base, tracks, Director(board, base, (0, 1), lambda: True, tracks)


def test_a_completed_square_floats_its_point_from_the_squares_middle_after_the_deploy_lands():
    match = Match(parse_seats("human,human"), Bus(), resumed=Resumed(square_to_complete()), pacing=Pacing(pace=0.0))
    _, base, tracks, director = views()
    match.bus.subscribe(ActionApplied, director.action)
    for action in (A("select_astronaut", 0), A("choose_module", 3)):
        match.bus.publish(ActionRequested(0, action))
    while match.state.players[0].base.get((1, 1)) is None:  # paying, unit by unit, then the deploy
        director.clear()
        match.bus.publish(ActionRequested(0, match.legal()[0]))
    landing, scored = director.queue
    assert landing.flights and not landing.floats  # the module flies in first
    after = match.state
    square_middle = base.cell_rect(after, 0, (0, 0)).union(base.cell_rect(after, 0, square((0, 0))[3])).center
    assert ("+1 VP", square_middle) in [(f.text, f.at) for f in scored.floats]
    research = after.players[0].research
    if research:
        assert any(f.text == f"+{research}" and f.at == tracks.research_point(after, 0) for f in scored.floats)


def test_a_mission_taken_shows_its_banner_beside_its_card_clear_of_the_cards_words():
    bus = Bus()
    match = Match(parse_seats("bot:random,bot:random"), bus, seed=2, pacing=Pacing(pace=0.0))
    _, _, tracks, director = views()
    bus.subscribe(ActionApplied, director.action)
    rng = random.Random(2)
    while not match.state.game_over and not any(b.banners for b in director.queue):
        director.clear()
        bus.publish(ActionRequested(match.current, rng.choice(match.legal()), source="bot"))
    [beat] = [b for b in director.queue if b.banners]
    [banner] = beat.banners
    taken = [i for i, h in enumerate(match.state.holders) if h is not None]
    [card] = [i for i in taken if CAT.missions[match.state.missions[i]].name == banner.title]
    rect = tracks.missions[card]
    assert banner.rect.right <= rect.left and banner.rect.centery == rect.centery  # beside it, level with it
    assert not any(banner.rect.colliderect(other) for other in tracks.missions)


def test_an_obstacle_cleared_by_the_turns_last_work_breaks_up_at_once_and_only_once(app):
    game = start(app, "human,bot:random", seed=3)
    s = game.match.state
    base = s.players[0].base
    first, last = [c for c, (tid, _) in base.items() if CAT.tiles[tid].kind == "obstacle"][:2]
    for cell in (first, last):
        base[cell] = (base[cell][0], 1)  # one point of resistance left: the astronaut's 2 work clear both
    game.match.actions = None  # an edited position: no list of moves leads to it
    game.match.version += 1
    for action in (A("select_astronaut", 0), A("work"), A("activate", first)):
        play_held(game.match, action)
    game.director.clear()
    play_held(game.match, A("activate", last))
    assert game.match.pending is not None  # the turn ends with it: it waits for Confirm
    crumbling = [b for b in game.director.queue if b.crumbles]
    assert len(crumbling) == 1 and crumbling[0].base_state is game.match.pending.preview
    game.director.queue.clear()
    game.orders.confirm()
    assert not any(b.crumbles for b in game.director.queue)  # seen once already


def play_held(match, action) -> None:
    """Request `action` for the human seat, leaving a turn's end waiting for Confirm."""
    match.bus.publish(ActionRequested(match.current, action))


# ---------------------------------------------------------------- the log

@pytest.mark.parametrize("size", [(1024, 576), (1280, 720), (1920, 1080)])
def test_the_log_reads_at_11_px_or_more_and_at_least_its_design_size_from_the_design_window_up(size):
    scale = game_layout(size, 4).scale
    assert text_px(scale) >= theme.MIN_TEXT_PX
    if scale >= 1:
        assert text_px(scale) >= 13 * scale


def test_the_log_shows_only_whole_lines_the_oldest_that_does_not_fit_left_out_entirely():
    pygame.font.init()
    view = LogView()
    row = fonts().height(text_px(1.0))
    view.layout(pygame.Rect(0, 0, 300, 4 * row), 1.0)  # room for 4 rows

    def shown() -> list[int]:
        """The log line a click finds on each of the four rows, top to bottom (none if blank)."""
        return [line for k in range(4) if (line := view.line_at((10, k * row + row // 2))) is not None]

    long_line = "Kayla deployed the Engineering Lab from hangar 1, paying 1 electricity, +5 research"
    log = [long_line, "Kayla ended her turn", "Aleksander picked astronaut 2", "Aleksander ended his turn"]
    names = ("Kayla", "Aleksander")
    view.draw(pygame.Surface((300, 300)), log, names, (0, 1))
    assert shown() == [1, 2, 3]  # the long line would need more than the one row left: left out

    view.draw(pygame.Surface((300, 300)), [long_line * 3], names, (0, 1))
    assert shown() == [0, 0, 0, 0]  # a line taller than the log: its start


# ---------------------------------------------------------------- the end

def test_the_final_board_holds_until_the_player_asks_for_the_results_and_comes_back_from_them(app):
    match = app.session.new_match(parse_seats("bot:random,bot:random"), 5)
    rng = random.Random(5)
    while not (match.state.year == 3 and match.state.round >= 2):
        match.bus.publish(ActionRequested(match.current, rng.choice(match.legal()), source="bot"))
    game = GameScene(app, match)
    app.stack.push(TitleScene(app))
    app.stack.push(game)
    assert run_until(app, lambda: isinstance(app.stack.top, FinalBoardScene))
    final = app.stack.top
    assert isinstance(final, FinalBoardScene) and match.state.game_over
    for _ in range(50):  # it holds
        app.step()
    assert app.stack.top is final
    assert headline(match.names, final.over).startswith(match.names[final.over.ranking[0]])
    click(app, final.button.rect.center)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    click(app, next(b for b in results.buttons if b.label == "Back to the board").rect.center)
    assert app.stack.top is final and [type(s) for s in app.stack] == [TitleScene, GameScene, FinalBoardScene]
    final.see_results()
    click(app, next(b for b in app.stack.top.buttons if b.label == "Main menu").rect.center)  # the board goes too
    assert [type(s) for s in app.stack] == [TitleScene]
