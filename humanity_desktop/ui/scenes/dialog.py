"""Modal overlays: a choice among a few options, and the hot-seat hand-off screen."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import icons, theme
from ..fonts import draw_text, fonts
from ..input import Back, Click, Point
from ..scene import Scene
from ..widgets import Button, draw_panel, hovered, layout_column

Option = tuple[str, Callable[[], None]]


class ChoiceScene(Scene):
    """A question with a few answers. Choosing runs the answer's callback and closes."""

    overlay = True

    def __init__(self, app, title: str, message: str, options: list[Option], cancel: str | None = "Cancel") -> None:
        super().__init__(app)
        self.title, self.message = title, message
        self.buttons = [Button(label, self._choose(fn), style="primary" if i == 0 else "normal")
                        for i, (label, fn) in enumerate(options)]
        self.cancellable = cancel is not None
        if cancel:
            self.buttons.append(Button(cancel, self.close, style="quiet"))
        self.pointer = (0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _choose(self, fn: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            fn()
        return run

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        w = int(560 * sc)
        lines = fonts().wrap(self.message, int(16 * sc), w - int(40 * sc))
        bh, gap = int(44 * sc), int(10 * sc)
        h = int(90 * sc) + len(lines) * fonts().height(int(16 * sc)) + len(self.buttons) * (bh + gap)
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = (size[0] // 2, size[1] // 2)
        top = self.panel.bottom - len(self.buttons) * (bh + gap) - int(10 * sc)
        layout_column(self.buttons, pygame.Rect(self.panel.x + int(20 * sc), top, w - int(40 * sc), 0), bh, gap)
        self.lines = lines

    def handle(self, intent) -> bool:
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Click):
            for b in self.buttons:
                if b.click(intent.pos):
                    return True
            if not self.panel.collidepoint(intent.pos) and self.cancellable:
                self.close()
        elif isinstance(intent, Back) and self.cancellable:
            self.close()
        return True  # modal: nothing reaches the scene below

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((6, 6, 10, 150))
        surface.blit(veil, (0, 0))
        inner = draw_panel(surface, self.panel, sc, self.title, fill=theme.PANEL_HI, edge=theme.ACCENT_DARK)
        y = inner.y
        for line in self.lines:
            draw_text(surface, line, int(16 * sc), theme.TEXT, (inner.x + int(10 * sc), y))
            y += fonts().height(int(16 * sc))
        over = hovered(self.buttons, self.pointer)
        for b in self.buttons:
            b.draw(surface, sc, b is over)


class HandoffScene(Scene):
    """Hot-seat: the screen goes dark until the next player says they are at the keyboard,
    so nobody sees another player's hidden science tokens."""

    overlay = True

    def __init__(self, app, name: str, char: int, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name, self.char, self.on_ready = name, char, on_ready
        self.button = Button(f"I am {name}: show my turn", self._ready, style="primary")
        self.pointer = (0, 0)

    def _ready(self) -> None:
        self.app.stack.pop()
        self.on_ready()

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        self.button.rect = pygame.Rect(0, 0, int(380 * sc), int(56 * sc))
        self.button.rect.center = (size[0] // 2, size[1] // 2 + int(90 * sc))

    def handle(self, intent) -> bool:
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Click):
            self.button.click(intent.pos)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        surface.fill(theme.BG)
        cx, cy = surface.get_width() // 2, surface.get_height() // 2
        marker = icons.player_marker(self.char, int(72 * sc))
        surface.blit(marker, marker.get_rect(center=(cx, cy - int(90 * sc))))
        draw_text(surface, f"Pass the mouse to {self.name}", int(34 * sc), theme.TEXT, (cx, cy - int(10 * sc)), "center", bold=True)
        draw_text(surface, "Hidden science tokens stay hidden until they are at the screen.", int(17 * sc),
                  theme.TEXT_DIM, (cx, cy + int(30 * sc)), "center")
        self.button.draw(surface, sc, self.button.hit(self.pointer))
