"""The Sandbox: build a base freely from the whole catalogue, save it as a scenario, and
play from it against bots.

Every edit goes through engine.sandbox, which keeps the position one the rules can play
from, so the only thing this screen decides is what the pointer means. A scenario is an
ordinary save without a history (seats, seed and the position), so it is listed by Load
and opened through the same validation as any save.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import NamedTuple

import pygame

from ...controller import Bus, default_level, level_name, parse_seats, ranked_levels
from ...table.describe import tile_name
from ...controller.match import Resumed
from ...controller.record import RecordedMatch
from ...controller.saves import write_save
from ...storage.save_files import SAVES_DIR
from ...table.model import Drop
from ...engine import State, new_game
from ...engine.sandbox import (
    SandboxError,
    free_cells,
    move_astronaut,
    palette,
    place_tile,
    remove_tile,
    set_research,
    set_score,
    set_stock,
    set_work,
    turn_tile,
    turned_stock,
)
from ...engine.catalogue import load
from ...language import _, ngettext, number
from .. import theme, tile_art
from ..base_editor import BaseEditor, Outcome
from ..fonts import draw_text, fonts
from ..input import Back, Click, Key, Point, Release, Wheel
from ..scene import Scene
from ...table.targets import ASTRO, CATALOGUE, CELL, Target
from ..tooltips import tile_lines
from ..widgets import Button, button_height, draw_panel, draw_tooltip, hovered, layout_row
from ..views.base_view import BaseFrame, BaseView
from . import routes
from .keep_game import play_when_kept

PALETTE_TILE = 58  # design pixels
SEAT = 0  # the base being built is the human's, seat 0


class Edit(NamedTuple):
    """A change to the position: `make(state, seat, *args)` from engine.sandbox, and what the
    screen says once it is made."""

    make: Callable
    args: tuple
    done: str
    puts: tuple | None = None  # the cell it puts a piece on


class Workbench:
    """The Sandbox's table for the drag editor (ui/base_editor.py), as table.model.Table
    is the game's: a catalogue tile is carried onto a free cell, and a tile of the base turns
    either way, as in play (engine.sandbox.turned_stock). Its actions are edits."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat

    def turning(self, cell) -> dict[int, tuple[list[Edit], list[Edit]]]:
        """Each way the tile on `cell` turns: (the edit, or else the edit refused with its reason)."""
        if cell not in self.state.players[self.seat].base:
            return {}
        return {way: self._turn(cell, way) for way in (1, -1)}

    def _turn(self, cell, way: int) -> tuple[list[Edit], list[Edit]]:
        try:
            done = _("Stock set to {stock}.").format(stock=number(turned_stock(self.state, self.seat, cell, way)))
        except SandboxError:
            return [], [Edit(turn_tile, (cell, way), "")]  # made anyway, it says why it cannot be
        return [Edit(turn_tile, (cell, way), done)], []

    def carries(self, target: Target | None) -> bool:
        return target is not None and target.kind == CATALOGUE

    def landing(self, carried: Target) -> frozenset:
        return free_cells(self.state.players[self.seat])

    def drop(self, carried: Target, cell, on_base: bool) -> Drop:
        """A catalogue tile let go over `cell` (None: over no cell of the base): placed there
        if it is free, else the edit refused with its reason."""
        if cell is None:
            return Drop()
        edit = Edit(place_tile, (cell, carried.ref), _("{tile} placed.").format(tile=tile_name(carried.ref)), cell)
        return Drop(edit, cell if cell in self.landing(carried) else None)


@routes.screen(routes.SANDBOX)
class SandboxScene(Scene):
    def __init__(self, app, seed: int | None = None) -> None:
        super().__init__(app)
        self.seed = seed if seed is not None else random.randrange(1, 10**6)
        self.rng = random.Random(self.seed)
        self.opponents, self.level = 1, default_level()
        self.tiles = palette()
        self.picked: str | None = None  # a palette tile to place
        self.selected: Target | None = None  # a base tile or astronaut being edited
        self.scroll = 0
        self.pointer = (0, 0)
        self.message = _("Pick a tile on the left, then a cell next to the base.")
        self.message_colour = theme.TEXT_DIM
        self.base = BaseView(follows=False)
        self.editor = BaseEditor(None, self.base, (), lambda: app.settings.colour_symbols, self._catalogue_piece)
        self.rows: list[list[Button]] = []
        self.buttons: list[Button] = []
        self._deal()

    # ------------------------------------------------------------ the position

    def _deal(self) -> None:
        """A fresh position for the chosen seats: the edits start again from it."""
        self._seat()
        self.state = new_game(len(self.seats), self.seed)
        self.selected = None

    def _seat(self) -> None:
        self.seats = parse_seats(",".join(["human"] + [f"bot:{self.level}"] * self.opponents))

    def _edit(self, edit: Edit) -> None:
        """Make `edit`, or say why it cannot be made. The view stays, so the next click lands
        where the pointer is; a piece put hanging over the panel's edge opens it about the
        pointer (BaseView.make_room)."""
        try:
            edit.make(self.state, SEAT, *edit.args)
        except SandboxError as exc:
            self._say(_("Not possible: {reason}.").format(reason=exc.why.told), theme.BAD)
            return
        self._say(edit.done, theme.TEXT_DIM)
        if edit.puts is not None:
            self.base.make_room(self.base.grid(self.state, SEAT).rect(edit.puts), self.pointer)
        self.refresh()

    def _say(self, text: str, colour) -> None:
        self.message, self.message_colour = text, colour

    # ------------------------------------------------------------ layout

    def on_enter(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.rows = self._make_rows()
        self.buttons = [b for row in self.rows for b in row]
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        w, h = size
        pad = int(14 * sc)
        top = int(64 * sc)
        self.palette_rect = pygame.Rect(pad, top, int(w * 0.27), h - top - pad)
        side_w = int(w * min(0.3, 0.22 * max(1.0, theme.text_size())))  # wider for larger text
        self.side_rect = pygame.Rect(w - pad - side_w, top, side_w, h - top - pad)
        self.base_rect = pygame.Rect(self.palette_rect.right + pad, top,
                                     self.side_rect.x - self.palette_rect.right - 2 * pad, h - top - pad)
        self.base.layout(self.base_rect, sc)
        inner = self.side_rect.inflate(-2 * pad, 0)
        bh, gap = button_height(sc, 40), int(8 * sc)
        y = self.side_rect.bottom - pad - len(self.rows) * (bh + gap) + gap
        for row in self.rows:
            layout_row(row, pygame.Rect(inner.x, y, inner.w, bh), gap)
            y += bh + gap

    def _palette_cells(self) -> list[tuple[str, pygame.Rect]]:
        sc = self.app.scale
        size, gap = int(PALETTE_TILE * sc), int(8 * sc)
        area = self.palette_rect.inflate(-int(24 * sc), 0)
        cols = max(1, (area.w + gap) // (size + gap))
        y0 = self.palette_rect.y + int(44 * sc) - self.scroll
        return [(t.id, pygame.Rect(area.x + (i % cols) * (size + gap), y0 + (i // cols) * (size + gap), size, size))
                for i, t in enumerate(self.tiles)]

    # ------------------------------------------------------------ buttons

    def _make_rows(self) -> list[list[Button]]:
        """The side's buttons, a row each; a value's − and + share one."""
        player = self.state.players[SEAT]
        rows = []
        sel = self.selected
        if sel is not None and sel.kind == CELL and sel.ref in player.base:
            tid, stock = player.base[sel.ref]
            spec = load().tiles[tid]
            if spec.max_stock and spec.kind in ("production", "obstacle"):
                rows.append([Button(_("Stock {stock} − (−)").format(stock=number(stock)), lambda: self._stock(-1)),
                             Button(_("Stock {stock} + (+)").format(stock=number(stock)), lambda: self._stock(1))])
            rows.append([Button(_("Remove tile (Delete)"), self._remove)])
        if sel is not None and sel.kind == ASTRO:
            work = player.astros[sel.ref][0]
            rows.append([Button(_("Work {work} − (−)").format(work=number(work)), lambda: self._work(-1)),
                         Button(_("Work {work} + (+)").format(work=number(work)), lambda: self._work(1))])
        return rows + [
            [Button(_("Score {score} VP −").format(score=number(player.score)), lambda: self._score(-1)),
             Button(_("Score {score} VP +").format(score=number(player.score)), lambda: self._score(1))],
            [Button(_("Research {research} −").format(research=number(player.research)), lambda: self._research(-1)),
             Button(_("Research {research} +").format(research=number(player.research)), lambda: self._research(1))],
            [Button(_("Opponents: {n} ({level})").format(n=number(self.opponents), level=level_name(self.level)),
                    self._next_opponents, tooltip=_("Changing the seats starts the position again"))],
            [Button(_("Bot level"), self._next_level, style="quiet")],
            [Button(_("Save scenario"), self._save, tooltip=_("Kept with your saves; Load opens it"))],
            [Button(_("Play from here"), self._play, style="primary")],
            [Button(_("Back"), self.app.stack.pop, style="quiet")],
        ]

    def _stock(self, step: int) -> None:
        cell = self.selected.ref
        stock = self.state.players[SEAT].base[cell][1]
        self._edit(Edit(set_stock, (cell, stock + step), _("Stock set to {stock}.").format(stock=number(stock + step))))

    def _remove(self) -> None:
        cell = self.selected.ref
        self.selected = None
        self._edit(Edit(remove_tile, (cell, self.rng), _("Tile removed.")))

    def _work(self, step: int) -> None:
        i = self.selected.ref
        work = self.state.players[SEAT].astros[i][0] + step
        self._edit(Edit(set_work, (i, work), _("Work value set to {work}.").format(work=number(work))))

    def _research(self, step: int) -> None:
        value = self.state.players[SEAT].research + step
        self._edit(Edit(set_research, (value,), _("Research set to {research}.").format(research=number(value))))

    def _score(self, step: int) -> None:
        value = self.state.players[SEAT].score + step
        self._edit(Edit(set_score, (value,), _("Score set to {score} VP.").format(score=number(value))))

    def _next_opponents(self) -> None:
        self.opponents = self.opponents % 3 + 1
        self._deal()
        self._say(ngettext("A new position for you and {n} bot.", "A new position for you and {n} bots.",
                           self.opponents).format(n=number(self.opponents)), theme.TEXT_DIM)
        self.refresh()

    def _next_level(self) -> None:
        levels = [lv for lv in ranked_levels() if lv != "random"]
        self.level = levels[(levels.index(self.level) + 1) % len(levels)] if self.level in levels else levels[0]
        self._seat()
        self.refresh()

    # ------------------------------------------------------------ scenarios

    def _save(self):
        """Write the position as a save without history; the path, or None on failure."""
        path = self.app.data_dir / SAVES_DIR / f"scenario_{time.strftime('%Y-%m-%d_%H-%M-%S')}.json"
        match = RecordedMatch(self.seats, Bus(), resumed=Resumed(self.state.copy()))
        try:
            write_save(match, path)
        except OSError as exc:
            self._say(_("The scenario could not be saved: {reason}.").format(reason=exc), theme.BAD)
            return None
        finally:
            match.close()
        self._say(_("Saved as {name}; Load lists it.").format(name=path.name), theme.GOOD)
        return path

    def _play(self) -> None:
        path = self._save()
        if path is not None:
            self._open(path)

    def _open(self, path) -> None:
        play_when_kept(self.app, lambda discard: self.app.session.load_match(path, discard_unfinished=discard),
                       lambda exc: self._say(str(exc), theme.BAD))  # the same checks as any save

    # ------------------------------------------------------------ input

    def handle(self, intent) -> bool:
        if isinstance(intent, Point):
            self.pointer = intent.pos
            self.editor.move(intent.pos)
        elif isinstance(intent, Click):
            self.pointer = intent.pos
            self._press(intent)
        elif isinstance(intent, Release):
            if self.editor.active:
                self._finish(self.editor.release(intent.pos, self._hit(intent.pos), self._bench()))
        elif isinstance(intent, Wheel):
            self._wheel(intent.dy)
        elif isinstance(intent, Key):
            return self._key(intent)
        elif isinstance(intent, Back):
            if not self.editor.cancel():
                self.app.stack.pop()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self._finish(self.editor.update(dt, self.state))

    def next_change(self) -> float | None:
        return 0.0 if self.editor.active else None  # a piece in the hand, or a tile turning

    def _bench(self) -> Workbench:
        return Workbench(self.state, SEAT)

    def _hit(self, pos) -> Target | None:
        """What is under the pointer: a catalogue tile, or a cell or astronaut of the base."""
        if self.palette_rect.collidepoint(pos):
            return next((Target(CATALOGUE, None, tid) for tid, rect in self._palette_cells() if rect.collidepoint(pos)),
                        None)
        return self.base.hit(pos, self.state, SEAT)

    def _press(self, intent: Click) -> None:
        """A button acts at once; a press on a tile or the base may start a gesture instead."""
        on_button = any(b.rect.collidepoint(intent.pos) for b in self.buttons)
        if intent.button == 1 and not on_button and self.editor.press(intent.pos, self._hit(intent.pos), self._bench()):
            if self.editor.carrying:
                self.app.audio.play("pick_up")
            return
        self._click(intent.pos, intent.button)

    def _finish(self, outcome: Outcome | None) -> None:
        """What a finished gesture asks for: a click, or an edit (placing a carried tile, turning one)."""
        if outcome is None:
            return
        if outcome.sound is not None:
            self.app.audio.play(outcome.sound)
        if outcome.click is not None:
            self._click(outcome.click, 1)
        elif outcome.actions:
            self._edit(outcome.actions[0])

    def _click(self, pos, button: int) -> None:
        for b in self.buttons:
            if b.click(pos):
                return
        target = self._hit(pos)
        if target is not None and target.kind == CATALOGUE:
            self.picked = None if self.picked == target.ref else target.ref
            self.selected = None
            self._say(_("{tile}: now click a cell next to the base, or drag the tile there.").format(tile=tile_name(target.ref)),
                      theme.TEXT_DIM)
            self.refresh()
            return
        if target is None or target.kind not in (CELL, ASTRO):
            return
        if button == 3:
            if target.kind == CELL and target.ref in self.state.players[SEAT].base:
                self.selected = target
                self._remove()
            return
        self._on_base(target)

    def _on_base(self, target: Target) -> None:
        player = self.state.players[SEAT]
        moving = self.selected is not None and self.selected.kind == ASTRO
        if target.kind == CELL and target.ref not in player.base and moving:
            self._edit(Edit(move_astronaut, (self.selected.ref, target.ref), _("Astronaut moved."), target.ref))
        elif target.kind == CELL and target.ref not in player.base and self.picked is not None:
            self._edit(Edit(place_tile, (target.ref, self.picked), _("{tile} placed.").format(tile=tile_name(self.picked)),
                            target.ref))
        else:
            self.selected = target
            self.picked = None
            said = _("Selected the astronaut: set its work, or click a free cell to move it.") \
                if target.kind == ASTRO else _("Selected the tile: set its stock or remove it (right click).") \
                if target.ref in player.base else _("Selected the empty cell.")
            self._say(said, theme.TEXT_DIM)
            self.refresh()

    def _wheel(self, dy: int) -> None:
        if self.palette_rect.collidepoint(self.pointer):
            cells = self._palette_cells()
            bottom = max(r.bottom for _tid, r in cells) + self.scroll - self.palette_rect.bottom + int(20 * self.app.scale)
            self.scroll = max(0, min(max(0, bottom), self.scroll - dy * int(40 * self.app.scale)))
        elif self.base.area.collidepoint(self.pointer):
            self.base.wheel(self.pointer, dy)

    def _key(self, intent: Key) -> bool:
        """+ and − change what is selected, Delete removes a tile, R and Shift+R turn the tile
        under the pointer (clockwise, counterclockwise), Home fits the base again."""
        sel = self.selected
        if intent.text in ("+", "=", "-") and sel is not None:
            step = -1 if intent.text == "-" else 1
            if sel.kind == ASTRO:
                self._work(step)
            elif sel.ref in self.state.players[SEAT].base:
                self._stock(step)
            return True
        if intent.key == pygame.K_DELETE and sel is not None and sel.kind == CELL:
            self._remove()
            return True
        if intent.key == pygame.K_r:
            target = self.base.hit(self.pointer, self.state, SEAT)
            if target is not None and target.kind == CELL:
                self.editor.turn_now(target.ref, self._bench(), -1 if intent.text == "R" else 1)
            return True
        if intent.key == pygame.K_HOME:
            self.base.reset_view()
            return True
        return False

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        surface.fill(theme.BG)
        head = draw_text(surface, _("Sandbox").upper(), theme.text_px(22, sc), theme.ACCENT, (int(18 * sc), int(32 * sc)), "midleft",
                         bold=True)
        room = pygame.Rect(head.right + int(18 * sc), 0, surface.get_width() - head.right - int(36 * sc), int(64 * sc))
        size = theme.text_px(15, sc)
        message = fonts().fit(self.message, size, room.w)
        half = fonts().width(message, size) // 2
        centre = min(max(self.base_rect.centerx, room.x + half), room.right - half)  # under the base where it fits
        draw_text(surface, message, size, self.message_colour, (centre, int(32 * sc)), "center", box=room)
        self._draw_palette(surface)
        draw_panel(surface, self.base_rect, sc)
        placing = self.picked or self._moving() or self.editor.carrying
        self.base.draw(surface, BaseFrame(
            self.state, SEAT, tuple(s.character for s in self.seats), tuple(s.name for s in self.seats),
            hidden_cells=self.editor.hidden_cells,
            marked_cells=free_cells(self.state.players[SEAT]) if placing else frozenset(),
            marked_astros=frozenset((self.selected.ref,)) if self._moving() else frozenset(),
            hover=self.base.hit(self.pointer, self.state, SEAT), symbols=self.app.settings.colour_symbols))
        if self.selected is not None and self.selected.kind == CELL:
            rect = self.base.cell_rect(self.state, SEAT, self.selected.ref)
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), max(2, int(3 * sc)), border_radius=8)
        self._draw_side(surface)
        self.editor.draw(surface)
        if not self.editor.active:  # a hand busy with a tile wants no tooltip
            self._draw_palette_tip(surface)

    def _draw_palette_tip(self, surface: pygame.Surface) -> None:
        if not self.palette_rect.collidepoint(self.pointer):
            return
        tid = next((t for t, rect in self._palette_cells() if rect.collidepoint(self.pointer)), None)
        if tid is not None:
            title, lines = tile_lines(tid)
            draw_tooltip(surface, self.pointer, title, [_origin(tid)] + lines, self.app.scale)

    def _moving(self) -> bool:
        return self.selected is not None and self.selected.kind == ASTRO

    def _draw_palette(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        inner = draw_panel(surface, self.palette_rect, sc, _("Catalogue"))
        clip = surface.get_clip()
        surface.set_clip(inner)
        for tid, rect in self._palette_cells():
            if rect.bottom < inner.top or rect.top > inner.bottom:
                continue
            surface.blit(_catalogue_tile(tid, rect.w), rect)
            if tid == self.picked:
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), max(2, int(3 * sc)), border_radius=8)
        surface.set_clip(clip)

    def _draw_side(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        inner = draw_panel(surface, self.side_rect, sc, _("Scenario"))
        f, size = fonts(), theme.text_px(14, sc)
        top = min((b.rect.top for b in self.buttons), default=inner.bottom)
        box = pygame.Rect(inner.x, inner.y, inner.w, top - inner.y)
        y = inner.y + int(6 * sc)
        for line in self._side_text():
            for wrapped in f.wrap(line, size, inner.w - int(24 * sc)):
                draw_text(surface, wrapped, size, theme.TEXT_DIM, (inner.x + int(12 * sc), y), box=box)
                y += f.height(size)
            y += int(6 * sc)
        over = hovered(self.buttons, self.pointer)
        for b in self.buttons:
            b.draw(surface, sc, b is over)

    def _side_text(self) -> list[str]:
        player = self.state.players[SEAT]
        # A seed is written in plain digits, as the player types it on New game.
        lines = [ngettext("You against {n} bot ({level}). Seed {seed}.", "You against {n} bots ({level}). Seed {seed}.",
                          self.opponents).format(n=number(self.opponents), level=level_name(self.level), seed=self.seed),
                 ngettext("Base: {n} tile. Score {score} VP, research {research}.",
                          "Base: {n} tiles. Score {score} VP, research {research}.", len(player.base)).format(
                     n=number(len(player.base)), score=number(player.score), research=number(player.research))]
        if self.picked:
            lines.append(_("Placing: {tile}.").format(tile=tile_name(self.picked)))
        sel = self.selected
        if sel is not None and sel.kind == CELL and sel.ref in player.base:
            tid, stock = player.base[sel.ref]
            spec = load().tiles[tid]
            lines.append(_("Selected: {tile}, stock {stock} of {most}.").format(
                tile=tile_name(spec.id), stock=number(stock), most=number(spec.max_stock))
                if spec.max_stock else _("Selected: {tile}.").format(tile=tile_name(spec.id)))
        lines.append(_("Left click or drag: pick or place. Drag a tile's edge round to turn it. Right click a "
                       "tile: remove it. Wheel: scroll the catalogue, or zoom the base."))
        return lines

    def _catalogue_piece(self, target: Target) -> tuple[pygame.Surface, tuple]:
        """A catalogue tile picked up: its picture and where it rests."""
        rect = next(rect for tid, rect in self._palette_cells() if tid == target.ref)
        return _catalogue_tile(target.ref, rect.w), rect.center


def _catalogue_tile(tid: str, size: int) -> pygame.Surface:
    """A tile as the catalogue shows it: an obstacle whole, a module empty."""
    spec = load().tiles[tid]
    return tile_art.module_tile(tid, size, spec.max_stock if spec.kind == "obstacle" else 0)


def _origin(tid: str) -> str:
    """Where a catalogue tile comes from in a real game."""
    year = load().tiles[tid].year
    if year:
        return _("From the year {year} deck.").format(year=number(year))
    if tid in tile_art.starting_ids():
        return _("On every base at the start.")
    return _("Taken when a communication module is deployed in this colour.")
