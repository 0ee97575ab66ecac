"""Clicks posted as real pygame events reach the controller as the right engine actions,
and what the controller answers shows on the game screen."""
from __future__ import annotations

import contextlib
import random
import threading
import time

import pygame
import pytest

from humanity_desktop.bots import Cancelled
from humanity_desktop.controller import ActionRefused, level_name, thinking
from humanity_desktop.table import targets as T
from humanity_desktop.table.payment_plan import PaymentPlan
from humanity_desktop.engine import Action, apply_action, auto_pay, legal_actions, new_game
from humanity_desktop.engine.state import ACTION, BOARD, PAY, TURN, WORK
from humanity_desktop.ui import theme, tile_art
from humanity_desktop.ui.app import App, AppConfig
from humanity_desktop.ui.drawn import recording
from humanity_desktop.ui.fonts import draw_text
from humanity_desktop.ui.scenes import game as game_module
from humanity_desktop.ui.scenes import game_draw
from humanity_desktop.engine.catalogue import load
from humanity_desktop.ui.scenes.base_overlay import BaseOverlayScene
from humanity_desktop.ui.scenes.dialog import ChoiceScene, HandoffScene
from humanity_desktop.ui.scenes.game import GameScene
from humanity_desktop.ui.views import base_view, prompt_panel
from humanity_desktop.ui.views.base_view import stored
from humanity_desktop.ui.views.board_view import BoardView
from humanity_desktop.ui.views.prompt_panel import PromptPanel, paid_for
from humanity_desktop.ui.scenes.pause import PauseScene
from humanity_desktop.ui.settings import PACES

from ui_driver import (  # noqa: F401 - app is a fixture
    app, applied, astronaut_pos, beats_seen, button, click, key, move, play, run_until, settle, start, start_at,
)


def test_a_turn_of_work_played_with_the_mouse(app):
    game = start(app, "human,bot:random")
    actions = applied(game)
    click(app, astronaut_pos(game, 0))
    assert actions == [Action("select_astronaut", 0)]
    assert game.match.state.phase == ACTION
    click(app, button(game, "Work").rect.center)
    assert actions[-1] == Action("work") and game.match.state.phase == WORK
    settle(app, game)
    s = game.match.state
    cell = next(a.cell for a in legal_actions(s) if a.kind == "activate")
    click(app, game.views.base.cell_center(s, 0, cell))  # a click turns the tile a quarter
    settle(app, game)
    assert actions[-1] == Action("activate", cell)


def test_an_illegal_click_shows_the_rule_and_changes_nothing(app):
    game = start(app, "human,bot:random")
    refused: list = []
    game.match.bus.subscribe(ActionRefused, refused.append)
    before = game.match.state.copy()
    s = game.match.state
    click(app, game.views.board.hangar_center(s, 3))  # no astronaut chosen yet
    assert game.match.state == before
    assert refused and refused[0].action == Action("choose_module", 3)
    [toast] = game.frame.toasts.items
    assert toast.text == ("You cannot deploy a module now: "
                          "Click one of your astronauts outlined in amber (or press 1 to 3).")


def at_payment(app):
    """Seed 11: the human clicks astronaut 1, then the first module it can take, which opens
    the payment. The scene, the actions applied so far, and the position just before the
    module was chosen."""
    game = start(app, "human,bot:random", seed=11)
    actions = applied(game)
    click(app, astronaut_pos(game, 0))
    s = game.match.state
    before = s.copy()
    slot = next(a.slot for a in legal_actions(s) if a.kind == "choose_module")
    click(app, game.views.board.hangar_center(s, slot))
    assert actions[-1] == Action("choose_module", slot) and s.phase == PAY
    return game, actions, before


def test_deploying_with_auto_pay(app):
    game, actions, _ = at_payment(app)
    s = game.match.state
    click(app, button(game, "Auto-pay").rect.center)
    assert all(a.kind == "spend" for a in actions[2:])
    # The last unit would end the turn: the base shows the module deployed, and the turn
    # waits for the player's word.
    pending = game.match.pending
    assert pending is not None and "\n" not in pending.summary and len(pending.summary) < 80
    settle(app, game)  # once the spends have played out on screen
    assert s.phase == PAY and game.seat.shown()[1] is pending.preview
    click(app, button(game, "Confirm turn").rect.center)
    assert s.phase != PAY and any("deployed the" in line for line in game.match.log)


def test_a_deploy_flies_from_its_hangar_once_as_the_turn_waits_not_again_on_confirm(app):
    game, _, before = at_payment(app)
    slot = game.match.state.target[1]
    hangar = game.views.board.hangar_center(before, slot)
    seen = beats_seen(game)

    def from_hangar(beats) -> list:
        return [f for beat in beats for f in beat.flights if f.start == hangar]
    click(app, button(game, "Auto-pay").rect.center)
    settle(app, game)
    assert game.match.pending is not None and len(from_hangar(seen.given)) == 1  # it flies as the base shows it
    shown = len(seen.given)
    click(app, button(game, "Confirm turn").rect.center)
    assert game.match.pending is None and any("deployed the" in line for line in game.match.log)
    assert from_hangar(seen.given[shown:]) == []  # already on the base: nothing flies again


def test_a_deploy_continued_at_its_confirm_step_does_not_fly_again_on_confirm(app):
    """Quit with the turn waiting for Confirm, Continue: the module is on the base already,
    so Confirm flies nothing from the hangar."""
    game, _, before = at_payment(app)
    slot = game.match.state.target[1]
    click(app, button(game, "Auto-pay").rect.center)
    settle(app, game)
    assert game.match.pending is not None
    app.stack.pop()  # back to the title: the game is saved with its turn waiting
    match = app.session.resume()
    assert match.pending is not None
    game = GameScene(app, match)
    app.stack.push(game)
    settle(app, game)
    seen = beats_seen(game)
    hangar = game.views.board.hangar_center(before, slot)
    click(app, button(game, "Confirm turn").rect.center)
    assert game.match.pending is None and any("deployed the" in line for line in game.match.log)
    assert [f for beat in seen.given for f in beat.flights if f.start == hangar] == []


def test_enter_confirms_the_turn_and_undo_takes_the_end_of_it_back(app):
    game, _, _ = at_payment(app)
    s = game.match.state
    click(app, button(game, "Auto-pay").rect.center)
    waiting = s.copy()
    click(app, button(game, "Undo").rect.center)
    assert game.match.pending is None and game.match.state == waiting
    click(app, button(game, "Auto-pay").rect.center)
    assert game.match.pending is not None
    key(app, pygame.K_RETURN)
    assert game.match.pending is None and s.current != 0


def test_spending_a_unit_by_clicking_its_module(app):
    game, actions, _ = at_payment(app)
    s = game.match.state
    spend = next(a for a in legal_actions(s) if a.kind == "spend")
    click(app, game.views.base.cell_center(s, 0, spend.cell))
    settle(app, game)
    if isinstance(app.stack.top, GameScene):
        assert actions[-1].kind == "spend" and actions[-1].cell == spend.cell
    else:  # the unit could go more than one way: the player picks it in a dialog
        click(app, app.stack.top.buttons[0].rect.center)
        assert actions[-1].kind == "spend" and actions[-1].cell == spend.cell


def test_undo_button_and_ctrl_z_take_back_the_turn(app):
    game = start(app, "human,bot:random")
    start_state = game.match.state.copy()
    click(app, astronaut_pos(game, 0))
    click(app, button(game, "Work").rect.center)
    click(app, button(game, "Undo").rect.center)
    assert game.match.state.phase == ACTION
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert game.match.state == start_state and game.match.state.phase == TURN


def test_escape_pauses_the_game_and_holds_the_bots(app):
    game = start(app, "bot:random,bot:random")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    turn = game.match.state.turn
    for _ in range(20):
        app.step()
    assert game.match.state.turn == turn
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is game


def test_the_bots_keep_to_the_pace_option_and_wait_for_the_table(app):
    game = start(app, "human,bot:random")
    asked: list = []
    real = game.match.update
    game.match.update = lambda screen=None: asked.append(screen) or real(screen)
    app.step()
    assert asked and asked[-1] is game  # what the match asks before its bots think or play
    app.settings.pace = "slow"
    assert game.bot_pace() == PACES["slow"]
    key(app, pygame.K_f)  # fast-forward
    assert game.bot_pace() == 0.0
    game.orders.request(Action("select_astronaut", 0))
    assert game.director.busy and game.holds_bots()  # until the table has shown the move
    settle(app, game)
    assert not game.holds_bots() and game.lets_bots_think()


def test_hot_seat_hands_off_between_humans_and_hides_science(app):
    game = start(app, "human,human")
    assert game.seat.science_visible() == (True, False)
    click(app, astronaut_pos(game, 0))
    while game.match.state.current == 0:
        play(game.match, legal_actions(game.match.state)[0])
    settle(app, game)
    app.step()
    assert isinstance(app.stack.top, HandoffScene)
    click(app, app.stack.top.button.rect.center)
    assert app.stack.top is game and game.seat.viewer == 1
    assert game.seat.science_visible() == (False, True)


def test_choosing_the_other_astronaut_takes_back_the_first(app):
    game = start(app, "human,bot:random")
    actions = applied(game)
    click(app, astronaut_pos(game, 0))
    click(app, astronaut_pos(game, 1))
    assert game.match.state.sel == 1
    assert actions == [Action("select_astronaut", 0), Action("select_astronaut", 1)]


def test_the_game_screen_draws_at_small_and_large_sizes(tmp_path):
    for size in ((1280, 720), (3840, 2160)):
        app = App(AppConfig(data_dir=tmp_path, size=size, max_fps=0, pace="instant"))
        game = start(app, "human,bot:random,bot:random,bot:random")
        game.on_resize(size)
        app.step()
        assert app.screen.get_size() == size
        app.close()


def test_cancel_puts_back_every_unit_spent_and_the_chosen_module(app):
    game, _, chosen_astronaut = at_payment(app)
    s = game.match.state
    spend = next(a for a in legal_actions(s) if a.kind == "spend")
    game.orders.request(spend)
    assert s.phase == PAY
    click(app, button(game, "Cancel").rect.center)
    assert game.match.state == chosen_astronaut and game.match.state.phase == ACTION


def test_the_cost_shows_as_slots_that_fill_as_units_are_paid(app, tmp_path):
    game, _, _ = at_payment(app)
    s = game.match.state
    total = sum(paid_for(s).cost_vec)
    assert total == sum(s.need) > 0
    game.orders.request(next(a for a in legal_actions(s) if a.kind == "spend"))
    assert (sum(s.need) == total - 1 or any(s.progress)) and sum(paid_for(s).cost_vec) == total
    app.step()
    pygame.image.save(app.screen, str(tmp_path / "paying.png"))  # the slots draw


def hint_button(game):
    return next(b for b in game.frame.top_buttons if b.label == "Hint")


def wait_for_hint(app, game) -> None:
    """Draw frames until the hint, found on another thread, is on the table."""
    deadline = time.monotonic() + 20
    while game.frame.hint is None:
        assert time.monotonic() < deadline, "no hint came"
        app.step()


def ask_hint(app, game) -> None:
    click(app, hint_button(game).rect.center)
    wait_for_hint(app, game)


@pytest.fixture
def held_hints(monkeypatch):
    """Hints are found only once the test sets the returned event."""
    release = threading.Event()
    found = thinking.hints
    monkeypatch.setattr(thinking, "hints", lambda *args: release.wait(10) and found(*args))
    return release


def test_the_screen_keeps_drawing_while_a_hint_is_found(app, held_hints):
    game = start(app, "human,bot:random", seed=11)
    ask = hint_button(game)
    click(app, ask.rect.center)
    for _ in range(5):
        app.step()  # frames go on, the search held on its thread
    [thinking_button] = [b for b in game.frame.top_buttons if b.rect == ask.rect]
    assert thinking_button.label == "Thinking…" and not thinking_button.enabled and game.frame.hint is None
    held_hints.set()
    wait_for_hint(app, game)
    assert game.frame.hint.version == game.match.version
    assert next(b for b in game.frame.top_buttons if b.rect == ask.rect).label == "Hint"


def test_a_hint_found_after_the_player_moved_on_is_not_shown(app, held_hints):
    game = start(app, "human,bot:random", seed=11)
    click(app, hint_button(game).rect.center)
    search = game.match._hinting.plans
    click(app, astronaut_pos(game, 0))  # the player acts before the hint comes
    held_hints.set()
    with contextlib.suppress(Cancelled):  # called off mid-search, or found and set aside
        search.result(timeout=10)
    for _ in range(5):
        app.step()
    assert game.frame.hint is None and not game.frame.toasts.items and not game.match.hinting
    assert any(b.label == "Hint" for b in game.frame.top_buttons)


def test_the_hint_button_suggests_plans_from_the_players_own_view(app):
    game = start(app, "human,bot:random", seed=11)
    before = game.match.state.copy()
    ask_hint(app, game)
    assert app.stack.top is game and game.frame.hint is not None  # shown on the table, not in a dialog
    assert len(game.frame.hint.hints) == 3 and all("astronaut" in h.text.lower() for h in game.frame.hint.hints)
    assert game.match.state == before  # asking changes nothing
    first = game.frame.hint.hint
    click(app, next(b for b in game.frame.hint.buttons if b.label == "Next hint").rect.center)
    assert game.frame.hint.hint is game.frame.hint.hints[1] and game.frame.hint.hint is not first
    click(app, next(b for b in game.frame.hint.buttons if b.label == "Close").rect.center)
    assert game.frame.hint is None
    app.settings.hints = False
    app.step()
    assert all(b.label != "Hint" for b in game.frame.top_buttons)


def hint_outline_at(app, rect) -> bool:
    """Whether a hint's outline is drawn round `rect` (the middle of its top edge)."""
    return tuple(app.screen.get_at((rect.centerx, rect.inflate(6, 6).top + 1)))[:3] == theme.HINT


def test_the_hint_marks_its_plan_on_the_table_and_goes_once_the_player_acts(app):
    game = start(app, "human,bot:random", seed=11)
    ask_hint(app, game)
    s, seat = game.match.state, game.match.current
    plan = game.frame.hint.hint.plan
    marked = {(m.target.kind, m.target.ref, m.step): (m.label, rect)
              for m, rect in game.frame.hint.targets(game.views.board, game.views.base, s, seat)}
    # Where each action of the plan points, found afresh from the views, with its place in the plan.
    where = {"select_astronaut": lambda a: (T.ASTRO, a.astronaut, astronaut_pos(game, a.astronaut)),
             "choose_module": lambda a: (T.HANGAR, a.slot, game.views.board.hangar_center(s, a.slot)),
             "choose_experiment": lambda a: (T.EXPERIMENT, a.index, game.views.board.experiment_center(s, a.index)),
             "activate": lambda a: (T.CELL, a.cell, game.views.base.cell_center(s, seat, a.cell))}
    steps = [a for a in plan if a.kind not in ("work", "end_work", "spend", "choose_colour", "choose_shape")]
    assert steps[0].kind == "select_astronaut"
    for n, action in enumerate(steps, start=1):
        if action.kind in where:
            kind, key, centre = where[action.kind](action)
            label, rect = marked[(kind, key, True)]
            assert str(n) in label.split(", ") and rect.collidepoint(centre)
    for action in plan:
        if action.kind == "spend":
            label, rect = marked[(T.CELL, action.cell, False)]
            assert label == f"−{sum(1 for b in plan if b.kind == 'spend' and b.cell == action.cell)}"
    boxes = [rect for (kind, _, step), (_, rect) in marked.items() if kind in (T.HANGAR, T.EXPERIMENT, T.CELL) and step]
    assert boxes and all(hint_outline_at(app, rect) for rect in boxes)
    click(app, astronaut_pos(game, steps[0].astronaut))  # the player acts: the hint goes
    assert game.frame.hint is None and not any(hint_outline_at(app, rect) for rect in boxes)


def test_clicking_a_bots_line_in_the_log_tells_why_it_played_so(app, monkeypatch):
    game = start(app, "human,bot:normal", seed=11)
    m = game.match
    while m.current == 0:
        play(m, m.legal()[0])
    # Real time, not a count of frames: the bot plays once its thread has thought and the
    # autosave thread has written, and frames drawn without pause starve both of the interpreter.
    deadline = time.monotonic() + 20
    while not (m.reasons and m.current == 0):
        assert time.monotonic() < deadline, "the bot did not play its turn"
        app.step()
        time.sleep(0.001)
    line = min(m.reasons)
    log = game.views.log.rect
    spot = next((log.x + 2, y) for y in range(log.top, log.bottom) if game.views.log.line_at((log.x + 2, y)) == line)
    tips = tooltips_drawn(monkeypatch)
    move(app, spot)
    hold(app, 1.0)
    assert ("Why this move?", None) in tips  # resting on the line says it can be clicked
    click(app, spot)
    dialog = app.stack.top
    assert dialog.title == f"Why {m.names[1]} did that"
    assert m.log[line] in dialog.message and m.reasons[line] in dialog.message
    click(app, dialog.buttons[0].rect.center)
    assert app.stack.top is game
    ask_hint(app, game)
    click(app, spot)  # the hint's panel covers the log now: the line under it is not clicked
    assert app.stack.top is game and game.frame.hint is not None
    click(app, next(b for b in game.frame.hint.buttons if b.label == "Close").rect.center)
    assert game.frame.hint is None
    unexplained = next(i for i in range(len(m.log)) if i not in m.reasons)
    spot = next(((log.centerx, y) for y in range(log.top, log.bottom)
                 if game.views.log.line_at((log.centerx, y)) == unexplained), None)
    if spot is not None:  # the human's own lines have no reasons to show
        click(app, spot)
        assert app.stack.top is game


def test_the_colour_symbols_option_marks_each_figure_with_its_players_shape(app, monkeypatch):
    marked, plain = tile_art.astronaut(0, 64, 2, True, True), tile_art.astronaut(0, 64, 2, True, False)
    corner, rest = pygame.Rect(0, 0, 20, 20), pygame.Rect(24, 24, 40, 40)
    assert pygame.image.tobytes(marked.subsurface(corner), "RGBA") != pygame.image.tobytes(plain.subsurface(corner), "RGBA")
    assert pygame.image.tobytes(marked.subsurface(rest), "RGBA") == pygame.image.tobytes(plain.subsurface(rest), "RGBA")
    game = start(app, "human,bot:random")
    asked: list = []
    monkeypatch.setattr(tile_art, "astronaut", lambda *a: asked.append(a[4]) or plain)
    for option in (True, False):
        app.settings.colour_symbols = option
        asked.clear()
        for layer in game.frame.layers.values():
            layer.invalidate()
        app.stack.dirty = True
        app.step()
        assert asked and set(asked) == {option}  # every figure drawn as the option says
    assert game is app.stack.top


def lit_cards(app, game) -> list[int]:
    """The seats whose card is drawn with the accent edge of the player to act."""
    app.step()
    return [seat for seat, card in enumerate(game.views.seats_view.cards)
            if tuple(app.screen.get_at((card.centerx, card.y + 1)))[:3] == theme.ACCENT]


def test_a_turn_waiting_for_confirmation_is_still_its_players_on_screen(app, monkeypatch):
    game, _, _ = at_payment(app)
    header: list[str] = []
    monkeypatch.setattr(game_draw, "draw_text", lambda surface, text, *a, **k: header.append(text) or
                        draw_text(surface, text, *a, **k))
    click(app, button(game, "Auto-pay").rect.center)
    settle(app, game)
    year_round = f"Year {game.match.state.year}  ·  Round {game.match.state.round}"
    pending = game.match.pending
    assert pending is not None and pending.preview.turn == game.match.state.turn + 1  # as the turn leaves it
    header.clear()
    assert lit_cards(app, game) == [0]
    assert f"{game.cast.names[0]}'s turn" in header and year_round in header
    release, decide = threading.Event(), thinking.decide
    # The bot thinks until the screen is checked: else it may play its whole turn first.
    monkeypatch.setattr(thinking, "decide", lambda *args: release.wait(10) and decide(*args))
    try:
        click(app, button(game, "Confirm turn").rect.center)
        settle(app, game)
        header.clear()
        assert lit_cards(app, game) == [1] and f"{game.cast.names[1]}'s turn (bot)" in header
    finally:
        release.set()


def test_the_last_cost_chip_lights_while_the_turn_waits_for_confirmation(app, monkeypatch):
    game, _, _ = at_payment(app)
    chips: list = []
    spy = PromptPanel.chip_rects
    monkeypatch.setattr(PromptPanel, "chip_rects", lambda self, *a: chips.append(spy(self, *a)) or chips[-1])
    app.step()
    assert chips[-1] and not any(paid for _, paid, _ in chips[-1])
    click(app, button(game, "Auto-pay").rect.center)
    settle(app, game)
    assert game.match.pending is not None
    app.step()
    drawn = chips[-1]
    assert drawn and all(paid for _, paid, _ in drawn)
    assert all(tuple(app.screen.get_at(rect.midtop))[:3] == theme.ACCENT for _, _, rect in drawn)


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900)])
def test_the_whole_instruction_shows_however_long(tmp_path, monkeypatch, size):
    app = App(AppConfig(data_dir=tmp_path, size=size, max_fps=0, pace="instant"))
    game, _, _ = at_payment(app)
    drawn: list = []  # (text, rect) of every line the panel writes
    monkeypatch.setattr(prompt_panel, "draw_text", lambda surface, text, *a, **k:
                        drawn.append((text, draw_text(surface, text, *a, **k))) or drawn[-1][1])
    long = " ".join(["Deployed a module, gained research and took a mission from a rival."] * 5)
    game.prompt_text = lambda: ("Confirm your turn", long)
    app.step()
    assert " ".join(text for text, _ in drawn[1:]) == long
    panel, screen = game.views.prompt.rect, app.screen.get_rect()
    assert all(screen.contains(r) and r.bottom <= panel.bottom and r.left >= panel.left for _, r in drawn)
    assert not any(r.colliderect(b.rect) for _, r in drawn for b in game.frame.action_buttons)
    grown = game.views.prompt.drawn
    if grown.top < panel.top:  # grown over the foot of the base: a click there is the panel's
        before = game.match.state.copy()
        click(app, (grown.centerx, (grown.top + panel.top) // 2))
        assert game.match.state == before and app.stack.top is game
    app.close()


def tooltips_drawn(monkeypatch) -> list:
    """(title, picture) of every tooltip the game screen draws from now on."""
    seen: list = []
    monkeypatch.setattr(game_module, "draw_tooltip", lambda surface, pos, title, lines, scale, picture=None:
                        seen.append((title, picture)))
    return seen


def hold(app, seconds: float) -> None:
    """Frames covering `seconds` of the game's time, the pointer where it is."""
    app.stack.update(seconds)
    app.stack.draw(app.screen)


def test_a_ring_tiles_tooltip_shows_it_large_at_1280x720(tmp_path, monkeypatch):
    app = App(AppConfig(data_dir=tmp_path, size=(1280, 720), max_fps=0, pace="instant"))
    game = start(app, "human,bot:random")
    tips = tooltips_drawn(monkeypatch)
    slot = next(k for k, tile in enumerate(game.match.state.hangars, 1) if tile)
    move(app, game.views.board.hangar_center(game.match.state, slot))
    hold(app, 0.5)
    hold(app, 0.01)
    title, picture = tips[-1]
    assert picture is not None and picture.get_width() >= 2 * game.views.board.tile
    app.close()


def test_no_tooltip_during_a_drag_nor_over_the_pause_menu(app, monkeypatch):
    game = start(app, "human,bot:random", seed=11)
    click(app, astronaut_pos(game, 0))
    settle(app, game)
    tips = tooltips_drawn(monkeypatch)
    s = game.match.state
    slot = next(a.slot for a in legal_actions(s) if a.kind == "choose_module")
    start_at = game.views.board.hangar_center(s, slot)
    move(app, start_at)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(round, start_at)), button=1))
    app.step()
    move(app, (start_at[0] + 40, start_at[1]), held=True)
    assert game.hand.editor.carrying
    hold(app, 0.5)
    hold(app, 0.01)
    assert tips == []
    key(app, pygame.K_ESCAPE)  # puts the module back
    settle(app, game)
    move(app, game.views.board.hangar_center(s, slot))
    hold(app, 0.5)
    hold(app, 0.01)
    assert tips  # the tooltip shows once the hand is free
    tips.clear()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    hold(app, 0.01)
    assert tips == []


def test_an_opponents_card_opens_their_base_large_until_a_click(app):
    game = start(app, "human,bot:random")
    before = game.match.state.copy()
    card = game.views.seats_view.cards[1]
    click(app, (card.x + 20, card.centery))
    overlay = app.stack.top
    assert isinstance(overlay, BaseOverlayScene) and overlay.frame.seat == 1
    assert overlay.view.cell_size(overlay.frame.state, 1) > game.views.base.cell_size(before, 0) * 0.9
    click(app, (5, 5))
    assert app.stack.top is game and game.match.state == before
    click(app, game.views.seats_view.mini_rect(1).center)
    assert isinstance(app.stack.top, BaseOverlayScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is game


def test_a_bases_header_counts_the_units_it_holds(app, monkeypatch):
    game = start(app, "human,bot:random")
    base = game.match.state.players[0].base
    texts: list = []
    monkeypatch.setattr(base_view, "draw_text", lambda surface, text, *a, **k: texts.append(text) or
                        draw_text(surface, text, *a, **k))
    game.frame.layers["base"].invalidate()
    app.step()
    held = [str(count) for _, count in stored(base)]
    assert held and sum(map(int, held)) == sum(stock for tid, stock in base.values() if load().tiles[tid].stores)
    assert texts[:len(held)] == held[::-1]  # drawn from the right, before the title that gives them room


def deploy_ends(s, slot: int) -> str:
    """What deploying the module in `slot` (paid the auto-pay way, its first side or shape
    chosen) leads to: "upgrade" when it earns a work upgrade, "turn" when it ends the turn."""
    s = s.copy()
    for action in [Action("choose_module", slot)]:
        apply_action(s, action)
    while s.phase in (PAY, "colour", "shape"):
        apply_action(s, auto_pay(s)[0] if s.phase == PAY else legal_actions(s)[0])
    return "upgrade" if s.phase == "upgrade" else "turn" if s.current != 0 or s.phase == TURN else "other"


@pytest.mark.parametrize("outcome", ["turn", "upgrade"])
def test_a_deployed_module_is_never_drawn_in_its_hangar_after_payment(app, monkeypatch, outcome):
    """Both ways a deploy can end: the turn waits for Confirm, or a work upgrade is to give."""
    s, rng = new_game(2, 1), random.Random(1)
    while not (s.current == 0 and s.phase == ACTION and any(
            a.kind == "choose_module" and deploy_ends(s, a.slot) == outcome for a in legal_actions(s))):
        apply_action(s, rng.choice(legal_actions(s)))
    game = start_at(app, "human,bot:random", s)
    s = game.match.state
    slot = next(a.slot for a in legal_actions(s) if a.kind == "choose_module" and deploy_ends(s, a.slot) == outcome)
    tile, sel = s.hangars[slot - 1], s.sel
    frames: list = []
    spy = BoardView.draw
    monkeypatch.setattr(BoardView, "draw", lambda self, surface, f: frames.append(f) or spy(self, surface, f))
    click(app, game.views.board.hangar_center(s, slot))
    click(app, button(game, "Auto-pay").rect.center)
    while game.match.state.phase in ("colour", "shape"):
        click(app, game.frame.action_buttons[0].rect.center)
    settle(app, game)
    assert (game.match.pending is not None) == (outcome == "turn")
    paid = [f for f in frames if f.state.players[0].astros[sel][1] == BOARD]
    assert paid, "the astronaut never stood at the rim after payment"
    assert all(f.state.hangars[slot - 1] != tile for f in paid)  # never in its hangar again
    assert (slot, tile) in frames[-1].ghost_slots  # faded where it was, while it can be taken back
    click(app, button(game, "Undo").rect.center)
    settle(app, game)
    assert game.match.state.hangars[slot - 1] == tile or game.match.pending is None


def test_the_base_keeps_its_scale_across_other_turns_and_a_reset(app):
    """Seed 5: the human's base and the free cells round it never outgrow the panel in its first
    rounds, so its cells stay the same size while the bot's base is shown and the round resets."""
    game = start(app, "human,bot:random", seed=5)
    m, rng = game.match, random.Random(5)
    sizes, rounds = [], set()
    while m.state.round < 3:
        if m.current == 0:
            settle(app, game)
            sizes.append(game.views.base.cell_size(m.state, 0))
            rounds.add(m.state.round)
            play(m, rng.choice(m.legal()))
        app.step()
    assert len(rounds) >= 2 and len(set(sizes)) == 1, sizes


def test_paying_takes_no_dialog_and_a_click_on_the_cost_pays_a_unit_another_way(app):
    """Every ambiguous unit used to ask in a dialog; now the cost shows how each unit will be
    paid, a click on a unit changes it, and Auto-pay pays as shown."""
    for seed in range(1, 60):
        s, rng = new_game(2, seed), random.Random(seed)
        while not s.game_over and not (s.current == 0 and s.phase == PAY and any(
                PaymentPlan(s).cycled(k) is not PaymentPlan(s) for k in range(sum(s.need)))):
            apply_action(s, rng.choice(legal_actions(s)))
        if not s.game_over:
            break
    game = start_at(app, "human,bot:random", s)
    chip = next(k for k in range(sum(s.need)) if game.orders.payment_plan().cycled(k) is not game.orders.payment_plan())
    app.step()
    before = game.orders.payment_plan().paid_by[chip].spends[0]
    click(app, game.views.prompt.owed_chips[chip].center)
    plan = game.orders.payment_plan()
    assert (plan.paid_by[chip].spends[0].cell, plan.paid_by[chip].spends[0].unit) != (before.cell, before.unit)
    taken = applied(game)
    click(app, button(game, "Auto-pay").rect.center)
    assert not isinstance(app.stack.top, ChoiceScene)
    assert taken == list(plan.spends)[:len(taken)] and taken


def test_while_the_table_plays_out_a_bots_turn_the_prompt_names_that_bot_as_the_header_does(app):
    game = start(app, "bot:random,bot:random,bot:random", seed=3)

    def live_turn_ahead() -> bool:
        beat = game.director.beat
        return beat is not None and beat.seat != game.match.state.current and game.seat.shown().turn == beat.seat
    assert run_until(app, live_turn_ahead), "the live turn never ran ahead of the table"
    beat = game.director.beat
    title, hint = game.prompt_text()
    assert title == f"{game.cast.names[beat.seat]} is playing"
    assert level_name(game.match.seats[beat.seat].level) in hint


def test_while_a_bots_turn_plays_out_before_the_players_the_screen_offers_nothing_to_do_yet(app):
    """The header, the prompt and the buttons speak of one turn: while the table still shows a
    bot's turn the player's own has begun, there is no Hint, no choice and no Undo yet."""
    app.settings.pace = "instant"
    game = start(app, "bot:random,human", seed=3)
    app.config.anim_speed = 0.5  # slow enough to catch the bot's turn still on the table

    def bot_shown_human_to_play() -> bool:
        beat = game.director.beat
        return beat is not None and game.match.seats[beat.seat].is_bot and game.match.human_turn
    assert run_until(app, bot_shown_human_to_play), "the player's turn never began under a bot's beat"
    seat = game.director.beat.seat
    assert game.seat.shown().turn == seat and not game.seat.can_act()
    assert game.prompt_text()[0] == f"{game.cast.names[seat]} is playing"
    assert not any(b.label in ("Hint", "Undo") for b in game.frame.top_buttons + game.frame.action_buttons)
    assert game.frame.action_buttons == []
    settle(app, game)
    assert game.seat.can_act() and game.seat.shown().turn == game.match.current


def test_in_hot_seat_nobodys_science_shows_while_a_bot_plays_between_two_humans(app):
    """Two humans and a bot: once the second human's turn is over and the bot plays, the
    screen is nobody's, so no seat's science count is drawn; each human sees their own again
    only once handed the screen."""
    game = start(app, "human,human,bot:random", seed=4)
    m, rng, seen_bot = game.match, random.Random(4), False
    while not seen_bot:
        if isinstance(app.stack.top, HandoffScene):
            app.stack.top._ready()
        elif m.human_turn:
            play(m, rng.choice(m.legal()))
        settle(app, game)
        seen_bot = m.seats[m.current].is_bot
    assert game.seat.science_visible() == (False, False, False)
    game.on_resume()  # every part drawn anew
    with recording() as texts:
        game_draw.draw_table(game, app.screen, game.seat.shown(), None)
    science = [t.text for t in texts if t.fact is not None and t.fact.kind == "science"]
    assert science == ["?", "?", "?"]
