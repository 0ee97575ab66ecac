"""Drawing the game screen's table: the panels, the board, the log, the base, the seats and
the tracks, each through its cached layer, plus the header, the prompt, the reset preview
and the popup of a rival's base. The scene decides the order; these draw what it shows."""
from __future__ import annotations

import pygame

from .. import icons, theme
from ..drawn import Fact, fact_of
from ..fonts import draw_text, fonts
from ...language import _
from ...table.reset_info import ResetInfo
from ...table.targets import ARM, ASTRO, CELL, EXPERIMENT, HANGAR, Target
from ..views.base_view import BaseFrame
from ..views.board_view import QUICK, BoardFrame
from ..views.prompt_panel import PromptFrame, owed
from ..views.reset_preview import draw_preview, draw_preview_words, draw_stop_marker, preview_lines
from ..views.seats_view import SeatsFrame, thinking_dots
from ..views.tracks_view import TracksFrame
from ..widgets import draw_panel, hovered
from . import game_input
from .table_screen import DrawScreen, Shown


def paint_static(scene: DrawScreen, surf: pygame.Surface) -> pygame.Rect:
    """Background and panel frames, drawn once per window size. Returns the log's area."""
    L, sc = scene.frame.L, scene.frame.L.scale
    w, h = surf.get_size()
    for y in range(0, h, 4):
        pygame.draw.rect(surf, theme.mix(theme.BG, theme.BG_GLOW, (y / h) ** 2.2), (0, y, w, 4))
    draw_panel(surf, L.top, sc, fill=theme.PANEL)
    scene.views.board.paint_background(surf)
    log_inner = draw_panel(surf, L.log, sc, _("Game log"))
    draw_panel(surf, L.base, sc)
    draw_panel(surf, L.actions, sc)
    title = _("Secondary board") if scene.views.tracks.title_fits(L.tracks, sc) else None
    scene.views.tracks.layout(draw_panel(surf, L.tracks, sc, title), sc)
    return log_inner


def draw_table(scene: DrawScreen, surface: pygame.Surface, shown: Shown, hover: Target | None) -> None:
    """The static frame, then each panel, redrawn only when what it shows has changed."""
    surface.blit(scene.frame.static, (0, 0))
    board_state, base_state, seat = shown.board, shown.base, shown.seat
    beat = scene.director.beat
    marks = game_input.marks(scene)
    moment = (scene.match.version, id(beat), beat.t if beat else None)
    board_hover = hover if hover is not None and hover.kind in (HANGAR, EXPERIMENT) else None
    base_hover = hover if hover is not None and hover.kind in (CELL, ASTRO) else None
    carried = (scene.hand.editor.hidden_slots, scene.hand.editor.hidden_exps)
    layers, L = scene.frame.layers, scene.frame.L
    layers["board"].draw(surface, L.board, (moment, board_hover, marks.get(HANGAR), marks.get(EXPERIMENT), carried),
                         lambda: _draw_board(scene, surface, board_state, beat, marks, board_hover))
    explained = frozenset(scene.match.reasons)
    layers["log"].draw(surface, scene.views.log.rect,
                       (len(scene.match.log), scene.views.log.scroll, len(explained), tuple(scene.views.log.rect)),
                       lambda: scene.views.log.draw(surface, scene.match.log, scene.cast.names, scene.cast.chars, explained))
    pulses = {c: round(beat.pulse(), 2) for c in beat.pulses} if beat else {}
    base_key = (scene.match.version, id(beat), seat, tuple(sorted(pulses.items())), base_hover, tuple(sorted(marks.items())),
                scene.orders.table().returning if marks else None, scene.hand.editor.key())
    layers["base"].draw(surface, L.base, base_key,
                        lambda: _draw_base(scene, surface, base_state, seat, beat, pulses, marks, base_hover))
    dots = thinking_dots(scene.frame.clock) if scene.seat.thinking is not None else 0
    science = scene.seat.science_visible()
    layers["seats"].draw(surface, L.seats, (scene.match.version, id(beat), shown.turn, scene.seat.thinking, dots, science),
                         lambda: scene.views.seats_view.draw(surface, SeatsFrame(
                             base_state, scene.cast.chars, scene.cast.names, scene.cast.labels, science, shown.turn, scene.seat.thinking,
                             scene.frame.clock, scene.app.settings.colour_symbols)))
    layers["tracks"].draw(surface, L.tracks, (scene.match.version, id(beat)),
                          lambda: scene.views.tracks.draw(surface, TracksFrame(base_state, scene.cast.chars)))


def _draw_board(scene: DrawScreen, surface, state, beat, marks, hover) -> None:
    editor = scene.hand.editor
    start = scene.match.turn_start if scene.seat.can_act() and beat is None else None
    scene.views.board.draw(surface, BoardFrame(
        state, scene.cast.chars, symbols=scene.app.settings.colour_symbols,
        t=beat.board_t if beat else 1.0, reset=beat.reset if beat else None, moves=beat.moves if beat else (),
        timeline=beat.timeline if beat else QUICK,
        hidden_slots=(frozenset(beat.hidden_slots) if beat else frozenset()) | editor.hidden_slots,
        hidden_exps=(frozenset(beat.hidden_exps) if beat else frozenset()) | editor.hidden_exps,
        hidden_ring=frozenset(beat.hidden_ring) if beat else frozenset(),
        playable_slots=marks.get(HANGAR), playable_exps=marks.get(EXPERIMENT),
        ghost_slots=taken(start.hangars, state.hangars, 1) if start else (),
        ghost_bays=taken(start.wheel, state.wheel, 0) if start else (),
        hover=hover, home_of=scene.views.seats_view.home_point))


def _draw_base(scene: DrawScreen, surface, state, seat, beat, pulses, marks, hover) -> None:
    own = beat is not None and beat.seat == seat
    editor = scene.hand.editor
    scene.views.base.draw(surface, BaseFrame(
        state, seat, scene.cast.chars, scene.cast.names, symbols=scene.app.settings.colour_symbols,
        hidden_cells=(frozenset(beat.hidden_cells) if own else frozenset()) | editor.hidden_cells,
        hidden_astros=(frozenset(beat.hidden_astros) if own else frozenset()) | editor.hidden_returning,
        pulses=pulses, marked_cells=marks.get(CELL, frozenset()),
        marked_astros=marks.get(ASTRO, frozenset()),
        selected_returning=scene.orders.table().returning if marks else None, hover=hover,
        turn=scene.orders.table().turn if marks else 0))


def taken(before: list, now: list, first: int) -> tuple:
    """(place, piece) for each piece in `before` whose place is empty `now`, places numbered from `first`."""
    return tuple((k, piece) for k, (piece, left) in enumerate(zip(before, now), start=first) if piece and not left)


def draw_header(scene: DrawScreen, surface: pygame.Surface, shown: Shown) -> None:
    """The top bar: the logo, the year and round, whose turn it is, and the top buttons."""
    sc = scene.frame.L.scale
    top = scene.frame.L.top
    x = top.x + int(16 * sc)
    logo = draw_text(surface, "HUMANITY", int(20 * sc), theme.ACCENT, (x, top.centery), "midleft", bold=True)
    date = _("Year {year}  ·  Round {round}").format(year=shown.board.year, round=shown.board.round)
    date_at = (logo.right + int(18 * sc), top.centery)
    seat = shown.turn
    if seat is None:
        draw_text(surface, date, int(15 * sc), theme.TEXT_DIM, date_at, "midleft", fact=Fact("date"))
    else:
        name = scene.cast.names[seat]
        label = (_("{name}'s turn (bot)") if scene.match.seats[seat].is_bot else _("{name}'s turn")).format(name=name)
        marker = icons.player_marker(scene.cast.chars[seat], int(24 * sc))
        # Between the round and the buttons, over the base where there is room; never under a button.
        gap, size = int(16 * sc), int(19 * sc)
        right = min((b.rect.left for b in scene.frame.top_buttons if b.rect.left > logo.right), default=top.right) - gap
        ahead = marker.get_width() + int(8 * sc)  # the seat's marker, before its name
        when = pygame.Rect(logo.right, top.centery, 0, 0)
        if fonts().width(name, size, bold=True) <= right - (date_at[0] + fonts().width(date, int(15 * sc)) + gap + ahead):
            when = draw_text(surface, date, int(15 * sc), theme.TEXT_DIM, date_at, "midleft", fact=Fact("date"))
        # else the hub of the board says the year and round; whose turn it is has nowhere else
        left = when.right + gap + ahead
        if fonts().width(label, size, bold=True) > right - left:
            label = name  # the seat's marker beside its name says whose turn it is where the sentence has no room
        width = min(fonts().width(label, size, bold=True), right - left)
        cx = max(left + width // 2, min(scene.frame.L.base.centerx + int(14 * sc), right - width // 2))
        label = fonts().fit(label, size, right - left, bold=True)
        text = draw_text(surface, label, size, theme.TEXT, (cx, top.centery), "center", bold=True, fact=Fact("whose_turn", seat))
        surface.blit(marker, marker.get_rect(midright=(text.x - int(8 * sc), top.centery)))
    over = hovered(scene.frame.top_buttons, scene.hand.pos)
    for b in scene.frame.top_buttons:
        b.draw(surface, sc, b is over)


def draw_reset_preview(scene: DrawScreen, surface, state) -> None:
    """On the player's own turn, where the arm would stop; all the reset would do while the
    player asks for it, points at the arm or at Preview reset."""
    if not scene.seat.can_act() or scene.director.busy:
        return
    preview = ResetInfo.coming(state)
    button = hovered(scene.frame.top_buttons, scene.hand.pos)
    if scene.modes.previewing or scene.hand.hover == Target(ARM) or (button is not None and button.on_click == scene.modes.toggle_preview):
        draw_preview(surface, scene.views.board, state, preview)
        draw_preview_words(surface, scene.frame.L.log, preview_lines(preview, scene.cast.names), scene.frame.L.scale)
    else:
        draw_stop_marker(surface, scene.views.board, preview)


def draw_prompt(scene: DrawScreen, surface: pygame.Surface, words: tuple[str, str]) -> None:
    """The action panel: `words` (its title and instruction), the cost being paid, the buttons."""
    title, hint = words
    s = scene.match.state
    paying = scene.seat.can_act() and scene.orders.table().paying
    cost = owed(s, scene.match.pending is not None, scene.orders.payment_plan()) if paying else None
    scene.views.prompt.draw(surface, PromptFrame(title, hint, cost, scene.frame.action_buttons, scene.hand.pos,
                                           fact_of(title), fact_of(hint)))


def draw_popup(scene: DrawScreen, surface: pygame.Surface, s, seat: int) -> None:
    """A rival's whole base, beside its card, while the pointer rests on its miniature."""
    sc = scene.frame.L.scale
    card = scene.views.seats_view.cards[seat]
    rect = pygame.Rect(0, 0, int(460 * sc), int(430 * sc))
    rect.topright = (card.x - int(10 * sc), card.y)
    rect.clamp_ip(surface.get_rect())
    draw_panel(surface, rect, sc, fill=theme.PANEL_HI, edge=theme.ACCENT_DARK)
    scene.views.popup.layout(rect.inflate(-int(8 * sc), -int(8 * sc)), sc)
    scene.views.popup.draw(surface, BaseFrame(s, seat, scene.cast.chars, scene.cast.names, symbols=scene.app.settings.colour_symbols))
