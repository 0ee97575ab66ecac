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

import pygame

from ...controller import Bus, default_level, parse_seats, ranked_levels
from ...controller.describe import tile_name
from ...controller.record import RecordedMatch
from ...controller.saves import SAVES_DIR, write_save
from ...engine import new_game
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
)
from ...engine.catalogue import load
from .. import theme, tile_art
from ..fonts import draw_text, fonts
from ..input import Back, Click, Key, Point, Wheel
from ..scene import Scene
from ...controller.targets import ASTRO, CELL, Target
from ..tooltips import tile_lines
from ..widgets import Button, button_height, draw_panel, draw_tooltip, hovered, layout_row
from ..views.base_view import BaseFrame, BaseView
from . import routes
from .keep_game import play_when_kept

PALETTE_TILE = 58  # design pixels
SEAT = 0  # the base being built is the human's, seat 0


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
        self.message, self.message_colour = "Pick a tile on the left, then a cell next to the base.", theme.TEXT_DIM
        self.base = BaseView(follows=False)
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

    def _edit(self, change, done: str) -> None:
        try:
            change()
        except SandboxError as exc:
            self._say(f"Not possible: {exc}.", theme.BAD)
            return
        self._say(done, theme.TEXT_DIM)
        self.refresh()  # the view stays: the next click lands where the pointer is

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
                rows.append([Button(f"Stock {stock} − (−)", lambda: self._stock(-1)),
                             Button(f"Stock {stock} + (+)", lambda: self._stock(1))])
            rows.append([Button("Remove tile (Delete)", self._remove)])
        if sel is not None and sel.kind == ASTRO:
            work = player.astros[sel.ref][0]
            rows.append([Button(f"Work {work} − (−)", lambda: self._work(-1)),
                         Button(f"Work {work} + (+)", lambda: self._work(1))])
        return rows + [
            [Button(f"Score {player.score} VP −", lambda: self._score(-1)),
             Button(f"Score {player.score} VP +", lambda: self._score(1))],
            [Button(f"Research {player.research} −", lambda: self._research(-1)),
             Button(f"Research {player.research} +", lambda: self._research(1))],
            [Button(f"Opponents: {self.opponents} ({self.level})", self._next_opponents,
                    tooltip="Changing the seats starts the position again")],
            [Button("Bot level", self._next_level, style="quiet")],
            [Button("Save scenario", self._save, tooltip="Kept with your saves; Load opens it")],
            [Button("Play from here", self._play, style="primary")],
            [Button("Back", self.app.stack.pop, style="quiet")],
        ]

    def _stock(self, step: int) -> None:
        cell = self.selected.ref
        _, stock = self.state.players[SEAT].base[cell]
        self._edit(lambda: set_stock(self.state, SEAT, cell, stock + step), f"Stock set to {stock + step}.")

    def _remove(self) -> None:
        cell = self.selected.ref
        self.selected = None
        self._edit(lambda: remove_tile(self.state, SEAT, cell, self.rng), "Tile removed.")

    def _work(self, step: int) -> None:
        i = self.selected.ref
        work = self.state.players[SEAT].astros[i][0] + step
        self._edit(lambda: set_work(self.state, SEAT, i, work), f"Work value set to {work}.")

    def _research(self, step: int) -> None:
        value = self.state.players[SEAT].research + step
        self._edit(lambda: set_research(self.state, SEAT, value), f"Research set to {value}.")

    def _score(self, step: int) -> None:
        value = self.state.players[SEAT].score + step
        self._edit(lambda: set_score(self.state, SEAT, value), f"Score set to {value} VP.")

    def _next_opponents(self) -> None:
        self.opponents = self.opponents % 3 + 1
        self._deal()
        self._say(f"A new position for you and {self.opponents} bot(s).", theme.TEXT_DIM)
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
        match = RecordedMatch(self.seats, Bus(), state=self.state.copy(), actions=None)
        try:
            write_save(match, path)
        except OSError as exc:
            self._say(f"The scenario could not be saved: {exc}.", theme.BAD)
            return None
        finally:
            match.close()
        self._say(f"Saved as {path.name}; Load lists it.", theme.GOOD)
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
        elif isinstance(intent, Click):
            self.pointer = intent.pos
            self._click(intent.pos, intent.button)
        elif isinstance(intent, Wheel):
            self._wheel(intent.dy)
        elif isinstance(intent, Key):
            return self._key(intent)
        elif isinstance(intent, Back):
            self.app.stack.pop()
        else:
            return False
        return True

    def _click(self, pos, button: int) -> None:
        for b in self.buttons:
            if b.click(pos):
                return
        for tid, rect in self._palette_cells():
            if rect.collidepoint(pos) and self.palette_rect.collidepoint(pos):
                self.picked = None if self.picked == tid else tid
                self.selected = None
                self._say(f"{tile_name(tid)}: now click a cell next to the base.", theme.TEXT_DIM)
                self.refresh()
                return
        target = self.base.hit(pos, self.state, SEAT)
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
            i = self.selected.ref
            self._edit(lambda: move_astronaut(self.state, SEAT, i, target.ref), "Astronaut moved.")
        elif target.kind == CELL and target.ref not in player.base and self.picked is not None:
            tid = self.picked
            self._edit(lambda: place_tile(self.state, SEAT, target.ref, tid), f"{tile_name(tid)} placed.")
        else:
            self.selected = target
            self.picked = None
            what = "astronaut: set its work, or click a free cell to move it" if target.kind == ASTRO \
                else "tile: set its stock or remove it (right click)" if target.ref in player.base else "empty cell"
            self._say(f"Selected the {what}.", theme.TEXT_DIM)
            self.refresh()

    def _wheel(self, dy: int) -> None:
        if self.palette_rect.collidepoint(self.pointer):
            cells = self._palette_cells()
            bottom = max(r.bottom for _, r in cells) + self.scroll - self.palette_rect.bottom + int(20 * self.app.scale)
            self.scroll = max(0, min(max(0, bottom), self.scroll - dy * int(40 * self.app.scale)))
        elif self.base.area.collidepoint(self.pointer):
            self.base.wheel(self.pointer, dy)

    def _key(self, intent: Key) -> bool:
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
        return False

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        surface.fill(theme.BG)
        head = draw_text(surface, "SANDBOX", theme.text_px(22, sc), theme.ACCENT, (int(18 * sc), int(32 * sc)), "midleft",
                         bold=True)
        room = pygame.Rect(head.right + int(18 * sc), 0, surface.get_width() - head.right - int(36 * sc), int(64 * sc))
        size = theme.text_px(15, sc)
        message = fonts().fit(self.message, size, room.w)
        half = fonts().width(message, size) // 2
        centre = min(max(self.base_rect.centerx, room.x + half), room.right - half)  # under the base where it fits
        draw_text(surface, message, size, self.message_colour, (centre, int(32 * sc)), "center", box=room)
        self._draw_palette(surface)
        draw_panel(surface, self.base_rect, sc)
        self.base.draw(surface, BaseFrame(
            self.state, SEAT, tuple(s.character for s in self.seats), tuple(s.name for s in self.seats),
            marked_cells=free_cells(self.state.players[SEAT]) if self.picked or self._moving() else frozenset(),
            marked_astros=frozenset((self.selected.ref,)) if self._moving() else frozenset(),
            hover=self.base.hit(self.pointer, self.state, SEAT), symbols=self.app.settings.colour_symbols))
        if self.selected is not None and self.selected.kind == CELL:
            rect = self.base.cell_rect(self.state, SEAT, self.selected.ref)
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), max(2, int(3 * sc)), border_radius=8)
        self._draw_side(surface)
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
        inner = draw_panel(surface, self.palette_rect, sc, "Catalogue")
        clip = surface.get_clip()
        surface.set_clip(inner)
        for tid, rect in self._palette_cells():
            if rect.bottom < inner.top or rect.top > inner.bottom:
                continue
            spec = load().tiles[tid]
            surface.blit(tile_art.module_tile(tid, rect.w, spec.max_stock if spec.kind == "obstacle" else 0), rect)
            if tid == self.picked:
                pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(6, 6), max(2, int(3 * sc)), border_radius=8)
        surface.set_clip(clip)

    def _draw_side(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        inner = draw_panel(surface, self.side_rect, sc, "Scenario")
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
        lines = [f"You against {self.opponents} {self.level} bot(s). Seed {self.seed}.",
                 f"Base: {len(player.base)} tiles. Score {player.score} VP, research {player.research}."]
        if self.picked:
            lines.append(f"Placing: {tile_name(self.picked)}.")
        sel = self.selected
        if sel is not None and sel.kind == CELL and sel.ref in player.base:
            tid, stock = player.base[sel.ref]
            spec = load().tiles[tid]
            lines.append(f"Selected: {tile_name(spec.id)}" + (f", stock {stock} of {spec.max_stock}." if spec.max_stock else "."))
        lines.append("Left click: pick or place. Right click a tile: remove it. Wheel: scroll the "
                     "catalogue, or zoom the base.")
        return lines


def _origin(tid: str) -> str:
    """Where a catalogue tile comes from in a real game."""
    year = load().tiles[tid].year
    if year:
        return f"From the year {year} deck."
    if tid in tile_art.starting_ids():
        return "On every base at the start."
    return "Taken when a communication module is deployed in this colour."
