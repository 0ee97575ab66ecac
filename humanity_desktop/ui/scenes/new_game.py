"""New game: who sits where (human or bot, with a level), which astronaut each plays,
and an optional seed; or one click for a solo game against 1, 2 or 3 bots."""
from __future__ import annotations

import random

import pygame

from ...controller import BOT, CHARACTERS, HUMAN, Seat, default_level, ranked_levels
from ...engine.catalogue import PLAYER_COUNTS
from .. import icons, theme
from ..backdrop import backdrop
from ..fonts import draw_text
from ..input import Back, Click, Key, Point
from ..scene import Scene
from ..widgets import Button, ButtonTips, draw_panel, layout_row

EMPTY = "empty"
MARGIN = 24  # design pixels between the panel's sides and its rows
FEWEST, MOST = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]  # seats past the fewest may stay empty
MAX_SEED_DIGITS = 9
LEVEL_TIP = ("How well this bot plays, from Easy to Expert; click for the next level. "
             "How fast bots move is the Bot pace option")


class NewGameScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.levels = ranked_levels()
        level = default_level()
        self.rows = [{"kind": HUMAN, "char": 0, "level": level},
                     {"kind": BOT, "char": 1, "level": level},
                     {"kind": BOT, "char": 2, "level": level},
                     {"kind": EMPTY, "char": 3, "level": level}]
        self.seed_text = ""
        self.seed_focus = False
        self.pointer = (0, 0)
        self.tips = ButtonTips()

    # ------------------------------------------------------------ layout

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        self.panel = pygame.Rect(0, 0, int(780 * sc), int(590 * sc))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self._build()

    def _build(self) -> None:
        sc = self.app.scale
        p = self.panel
        x, w = p.x + int(MARGIN * sc), p.w - int(2 * MARGIN * sc)
        bh, gap = int(44 * sc), int(10 * sc)
        self.quick = [Button(f"Solo against {n} bot{'s' if n > 1 else ''}", self._solo(n), style="primary")
                      for n in range(FEWEST - 1, MOST)]
        layout_row(self.quick, pygame.Rect(x, p.y + int(82 * sc), w, bh), gap)
        self.row_buttons: list[list[Button]] = []
        top = p.y + int(196 * sc)
        for i, row in enumerate(self.rows):
            y = top + i * (bh + gap)
            char = Button(CHARACTERS[row["char"]], self._next_char(i), tooltip="Click for another astronaut")
            kind = Button(row["kind"].capitalize(), self._next_kind(i), enabled=i >= FEWEST or row["kind"] != EMPTY)
            level = Button(f"Level: {row['level']}", self._next_level(i), enabled=row["kind"] == BOT,
                           tooltip=LEVEL_TIP)
            char.rect = pygame.Rect(x + int(150 * sc), y, int(190 * sc), bh)
            kind.rect = pygame.Rect(char.rect.right + gap, y, int(150 * sc), bh)
            level.rect = pygame.Rect(kind.rect.right + gap, y, p.right - int(MARGIN * sc) - kind.rect.right - gap, bh)
            if row["kind"] == EMPTY:
                char.enabled = level.enabled = False
            self.row_buttons.append([char, kind, level])
        y = top + len(self.rows) * (bh + gap) + int(12 * sc)
        self.seed_button = Button(self.seed_text or "random", self._focus_seed, style="quiet",
                                  selected=self.seed_focus, tooltip="Type a number to replay a deal; empty: random")
        self.seed_button.rect = pygame.Rect(x + int(150 * sc), y, int(190 * sc), bh)
        self.start = Button("Start game", self._start, style="primary")
        self.back = Button("Back", lambda: self.app.stack.pop(), style="quiet")
        self.start.rect = pygame.Rect(p.right - int(MARGIN * sc) - int(220 * sc), p.bottom - bh - int(20 * sc), int(220 * sc), bh)
        self.back.rect = pygame.Rect(x, self.start.rect.y, int(160 * sc), bh)

    def _buttons(self) -> list[Button]:
        return self.quick + [b for row in self.row_buttons for b in row] + [self.seed_button, self.start, self.back]

    # ------------------------------------------------------------ choices

    def _next_char(self, i: int):
        def cycle() -> None:
            taken = {r["char"] for k, r in enumerate(self.rows) if k != i}
            c = self.rows[i]["char"]
            for step in range(1, len(CHARACTERS) + 1):
                if (c + step) % len(CHARACTERS) not in taken:
                    self.rows[i]["char"] = (c + step) % len(CHARACTERS)
                    break
            self._build()
        return cycle

    def _next_kind(self, i: int):
        def cycle() -> None:
            order = [HUMAN, BOT] + ([EMPTY] if i >= FEWEST else [])
            row = self.rows[i]
            row["kind"] = order[(order.index(row["kind"]) + 1) % len(order)]
            self._build()
        return cycle

    def _next_level(self, i: int):
        def cycle() -> None:
            row = self.rows[i]
            row["level"] = self.levels[(self.levels.index(row["level"]) + 1) % len(self.levels)]
            self._build()
        return cycle

    def _focus_seed(self) -> None:
        self.seed_focus = not self.seed_focus
        self._build()

    def _seed(self) -> int:
        return int(self.seed_text) if self.seed_text else random.SystemRandom().randrange(1 << 31)

    def _solo(self, bots: int):
        def start() -> None:
            level = default_level()
            seats = [Seat(HUMAN, 0)] + [Seat(BOT, k, level) for k in range(1, bots + 1)]
            self._launch(seats)
        return start

    def _start(self) -> None:
        seats = [Seat(r["kind"], r["char"], r["level"] if r["kind"] == BOT else None)
                 for r in self.rows if r["kind"] != EMPTY]
        self._launch(seats)

    def _launch(self, seats: list[Seat]) -> None:
        from .game import GameScene
        match = self.app.session.new_match(seats, self._seed())
        self.app.stack.replace(GameScene(self.app, match))

    # ------------------------------------------------------------ input and drawing

    def handle(self, intent) -> bool:
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Click):
            for b in self._buttons():
                if b.click(intent.pos):
                    return True
            self.seed_focus = False
            self._build()
        elif isinstance(intent, Back):
            self.app.stack.pop()
        elif isinstance(intent, Key) and self.seed_focus:
            if intent.key == pygame.K_BACKSPACE:
                self.seed_text = self.seed_text[:-1]
            elif intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.seed_focus = False
            elif intent.text.isdigit() and len(self.seed_text) < MAX_SEED_DIGITS:
                self.seed_text += intent.text
            self._build()
        return True

    def next_change(self) -> float | None:
        return self.tips.next_change()

    def update(self, dt: float) -> None:
        self.tips.update(self._buttons(), self.pointer, dt)

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        surface.blit(backdrop(surface.get_size()), (0, 0))
        inner = draw_panel(surface, self.panel, sc, "New game", fill=(26, 25, 34), edge=theme.ACCENT_DARK)
        x = self.panel.x + int(MARGIN * sc)
        draw_text(surface, f"Quick start: you against bots at {default_level().capitalize()} level", int(15 * sc), theme.TEXT_DIM, (x, inner.y + int(4 * sc)))
        draw_text(surface, "Or set the table (seat 1 plays first)", int(15 * sc), theme.TEXT_DIM,
                  (x, self.row_buttons[0][0].rect.y - int(36 * sc)))
        for i, (row, buttons) in enumerate(zip(self.rows, self.row_buttons)):
            y = buttons[0].rect.centery
            draw_text(surface, f"Seat {i + 1}", int(16 * sc), theme.TEXT if row["kind"] != EMPTY else theme.TEXT_FAINT,
                      (x, y), "midleft", bold=True)
            if row["kind"] != EMPTY:
                marker = icons.player_marker(row["char"], int(26 * sc))
                surface.blit(marker, marker.get_rect(midright=(buttons[0].rect.x - int(10 * sc), y)))
        draw_text(surface, "Seed", int(16 * sc), theme.TEXT, (x, self.seed_button.rect.centery), "midleft", bold=True)
        if self.seed_focus:
            draw_text(surface, "type digits, Enter to finish", int(13 * sc), theme.TEXT_DIM,
                      (self.seed_button.rect.right + int(12 * sc), self.seed_button.rect.centery), "midleft")
        for b in self._buttons():
            b.draw(surface, sc, b is self.tips.button)
        self.tips.draw(surface, self.pointer, sc)
