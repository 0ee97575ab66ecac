"""A screen made of a title, an optional text and a column of buttons: the title screen,
the pause menu, options, load, and the screens still to come.

The panel is laid out from its text: it widens with the text size, and its buttons go in
two columns when one would not fit the window's height."""
from __future__ import annotations

import pygame

from ...language import _
from .. import theme
from ..backdrop import backdrop
from ..fonts import draw_text, fonts
from ..input import Back, Click, Point
from ..scene import Scene
from ..widgets import Button, ButtonTips, KeyFocus, button_height, draw_panel, layout_column, panel_head

MARGIN = 16  # design pixels kept clear round the panel


class MenuScene(Scene):
    # The title and the text above the buttons: messages (N_) taken in the language in force
    # when shown, or words already made for the player, which pass through unchanged.
    title = ""
    text = ""
    panel_width = 440  # design pixels, at the usual text size

    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.pointer = (0, 0)
        self.tips = ButtonTips()
        self.focus = KeyFocus()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []

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

    def text_px(self) -> int:
        return theme.text_px(16, self.app.scale)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        room = pygame.Rect((0, 0), size).inflate(-2 * int(MARGIN * sc), -2 * int(MARGIN * sc))
        pad, gap = int(20 * sc), int(10 * sc)
        bh = button_height(sc, 48)
        column_w = min(int(self.panel_width * sc * max(1.0, theme.text_size())), room.w)
        head = int(10 * sc) + panel_head(sc) + int(4 * sc)

        text = _(self.text)

        def height(columns: int, width: int) -> int:
            self.lines = fonts().wrap(text, self.text_px(), width - 2 * pad) if text else []
            text_h = len(self.lines) * fonts().height(self.text_px()) + (gap if self.lines else 0)
            rows = -(-len(self.buttons) // columns)
            return head + text_h + rows * (bh + gap) + pad

        columns, w = 1, column_w
        if height(1, w) > room.h and len(self.buttons) > 1:
            columns, w = 2, min(2 * column_w, room.w)
        self.panel = pygame.Rect(0, 0, w, min(height(columns, w), room.h))
        self.place_panel(size)
        top = self.panel.bottom - pad - -(-len(self.buttons) // columns) * (bh + gap) + gap
        col_w = (w - 2 * pad - (columns - 1) * gap) // columns
        rows = -(-len(self.buttons) // columns)
        for c in range(columns):
            layout_column(self.buttons[c * rows:(c + 1) * rows],
                          pygame.Rect(self.panel.x + pad + c * (col_w + gap), top, col_w, 0), bh, gap)

    def place_panel(self, size) -> None:
        self.panel.center = (size[0] // 2, size[1] // 2)

    def handle(self, intent) -> bool:
        if self.focus.handle(intent, self.buttons):
            return True
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
            self.text = " ".join([*notices, _(self.text)]).strip()
            self.refresh()
        self.tips.update(self.buttons, self.pointer, dt)

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size()), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        self.draw_background(surface)
        inner = draw_panel(surface, self.panel, sc, _(self.title), fill=(26, 25, 34), edge=theme.ACCENT_DARK)
        y = inner.y + int(4 * sc)
        for line in self.lines:
            draw_text(surface, line, self.text_px(), theme.TEXT_DIM, (inner.x + int(10 * sc), y), box=self.panel)
            y += fonts().height(self.text_px())
        self.focus.mark(self.buttons)
        for b in self.buttons:
            b.draw(surface, sc, b is self.tips.button)
        self.tips.draw(surface, self.pointer, sc)
