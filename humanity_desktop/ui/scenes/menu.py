"""A screen made of a title, an optional text and a column of buttons: the title screen,
the pause menu, options, load, and the screens still to come."""
from __future__ import annotations

import pygame

from .. import theme
from ..backdrop import backdrop
from ..fonts import draw_text, fonts
from ..input import Back, Click, Point
from ..scene import Scene
from ..widgets import Button, ButtonTips, draw_panel, layout_column


class MenuScene(Scene):
    title = ""
    text = ""  # shown above the buttons
    panel_width = 440  # design pixels

    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.pointer = (0, 0)
        self.tips = ButtonTips()
        self.panel = pygame.Rect(0, 0, 0, 0)

    def make_buttons(self) -> list[Button]:
        return []

    def back(self) -> None:
        self.app.stack.pop()

    def on_enter(self) -> None:
        self.refresh()

    def on_resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.buttons = self.make_buttons()
        self.on_resize(self.app.size)
        self.changed()

    def on_resize(self, size) -> None:
        sc = self.app.scale
        w = int(self.panel_width * sc)
        bh, gap = int(48 * sc), int(10 * sc)
        self.lines = fonts().wrap(self.text, int(16 * sc), w - int(40 * sc)) if self.text else []
        text_h = len(self.lines) * fonts().height(int(16 * sc)) + (int(14 * sc) if self.lines else 0)
        h = int(72 * sc) + text_h + len(self.buttons) * (bh + gap) + int(10 * sc)
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = self.panel_centre(size)
        top = self.panel.y + int(60 * sc) + text_h
        layout_column(self.buttons, pygame.Rect(self.panel.x + int(20 * sc), top, w - int(40 * sc), 0), bh, gap)

    def panel_centre(self, size) -> tuple[int, int]:
        return (size[0] // 2, size[1] // 2)

    def handle(self, intent) -> bool:
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Click):
            for b in self.buttons:
                if b.click(intent.pos):
                    break
        elif isinstance(intent, Back):
            self.back()
        else:
            return False
        return True

    def next_change(self) -> float | None:
        return self.tips.next_change()

    def update(self, dt: float) -> None:
        notices = self.app.take_notices()
        if notices:
            self.text = " ".join([*notices, self.text]).strip()
            self.refresh()
        self.tips.update(self.buttons, self.pointer, dt)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size()), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        self.draw_background(surface)
        inner = draw_panel(surface, self.panel, sc, self.title, fill=(26, 25, 34), edge=theme.ACCENT_DARK)
        y = inner.y + int(4 * sc)
        for line in self.lines:
            draw_text(surface, line, int(16 * sc), theme.TEXT_DIM, (inner.x + int(10 * sc), y))
            y += fonts().height(int(16 * sc))
        for b in self.buttons:
            b.draw(surface, sc, b is self.tips.button)
        self.tips.draw(surface, self.pointer, sc)
