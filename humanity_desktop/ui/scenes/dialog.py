"""Modal overlays: a choice among a few options, and the hot-seat hand-off screen."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from ...language import _

from .. import icons, theme
from ..fonts import draw_text, fonts
from ..input import Back, Click, Key, Point
from ..scene import Scene
from ..widgets import Button, KeyFocus, button_height, draw_panel, hovered, label_width, layout_column, panel_head
from . import routes

Option = tuple[str, Callable[[], None]]


def fitting_width(design: int, buttons: list[Button], sc: float, pad: int, room: int) -> int:
    """A panel's width: its design's, or what its longest choice needs (a longer language's)
    with `pad` each side, as far as `room` allows."""
    return min(max(design, max((label_width(b.label, sc) for b in buttons), default=0) + 2 * pad), room)


@routes.screen(routes.CHOICE)
class ChoiceScene(Scene):
    """A question with a few answers. Choosing runs the answer's callback and closes.

    Enter takes the `enter` answer (by default the first; the safe one where the first cannot
    be undone), unless Tab has put the focus on another. Esc cancels; a dialog that cannot be
    cancelled takes its `escape` answer (by default its only answer, as "Close" on a notice)
    or, when it must be answered, puts the focus on its first answer."""

    overlay = True

    def __init__(self, app, title: str, message: str, options: list[Option], cancel: str | None = "",
                 escape: str | None = None, enter: str | None = None) -> None:
        super().__init__(app)
        self.title, self.message = title, message
        self.buttons = [Button(label, self._choose(fn), style="primary" if i == 0 else "normal")
                        for i, (label, fn) in enumerate(options)]
        self.cancellable = cancel is not None
        if escape is None and len(options) == 1:
            escape = options[0][0]
        self.escape = next((b for b in self.buttons if b.label == escape), None)
        if cancel is not None:  # "" for the usual Cancel
            self.buttons.append(Button(cancel or _("Cancel"), self.close, style="quiet"))
        self.enter = next((b for b in self.buttons if b.label == enter), self.buttons[0] if self.buttons else None)
        self.pointer = (0, 0)
        self.focus = KeyFocus()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []

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
        body = theme.text_px(16, sc)
        pad, gap = int(20 * sc), int(10 * sc)
        w = fitting_width(int(560 * sc * max(1.0, theme.text_size())), self.buttons, sc, pad, size[0] - 2 * pad)
        self.lines = fonts().wrap(self.message, body, w - 2 * pad)
        bh = button_height(sc)
        buttons_h = len(self.buttons) * (bh + gap)
        h = int(14 * sc) + panel_head(sc) + len(self.lines) * fonts().height(body) + gap + buttons_h + pad
        self.panel = pygame.Rect(0, 0, w, min(h, size[1]))
        self.panel.center = (size[0] // 2, size[1] // 2)
        top = self.panel.bottom - buttons_h - pad + gap
        layout_column(self.buttons, pygame.Rect(self.panel.x + pad, top, w - 2 * pad, 0), bh, gap)

    def handle(self, intent) -> bool:
        if self.focus.handle(intent, self.buttons):
            return True
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Click):
            for b in self.buttons:
                if b.click(intent.pos):
                    return True
            if not self.panel.collidepoint(intent.pos) and self.cancellable:
                self.close()
        elif isinstance(intent, Key) and intent.key in KeyFocus.PRESS and self.enter is not None:
            self.enter.press()
        elif isinstance(intent, Back):
            if self.cancellable:
                self.close()
            elif self.escape is not None:
                self.escape.press()
            else:
                self.focus.index = 0  # it must be answered: the keys are shown where to start
        return True  # modal: nothing reaches the scene below

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((6, 6, 10, 150))
        surface.blit(veil, (0, 0))
        inner = draw_panel(surface, self.panel, sc, self.title, fill=theme.PANEL_HI, edge=theme.ACCENT_DARK)
        body = theme.text_px(16, sc)
        y = inner.y + int(4 * sc)
        for line in self.lines:
            draw_text(surface, line, body, theme.TEXT, (inner.x + int(10 * sc), y), box=self.panel)
            y += fonts().height(body)
        over = hovered(self.buttons, self.pointer)
        self.focus.mark(self.buttons)
        for b in self.buttons:
            b.draw(surface, sc, b is over)


@routes.screen(routes.HANDOFF)
class HandoffScene(Scene):
    """Hot-seat: the screen goes dark until the next player says they are at the keyboard,
    so nobody sees another player's hidden science tokens."""

    overlay = True

    def __init__(self, app, name: str, char: int, on_ready: Callable[[], None],
                 on_back: Callable[[], None] | None = None) -> None:
        """Enter, or the button, says the player is at the screen; Esc (`on_back`) pauses."""
        super().__init__(app)
        self.name, self.char, self.on_ready, self.on_back = name, char, on_ready, on_back
        self.button = Button(_("I am {name}: show my turn").format(name=name), self._ready, style="primary")
        self.pointer = (0, 0)
        self.focus = KeyFocus()

    def _ready(self) -> None:
        self.app.stack.pop()
        self.on_ready()

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        cx, cy = size[0] // 2, size[1] // 2
        self.heading_at = (cx, cy - int(30 * sc))
        self.message_at = (cx, self.heading_at[1] + fonts().height(self._heading_px(), bold=True) + int(8 * sc))
        self.button.rect = pygame.Rect(0, 0, int(380 * sc * max(1.0, theme.text_size())), button_height(sc, 56))
        self.button.rect.midtop = (cx, self.message_at[1] + fonts().height(self._message_px()) + int(28 * sc))

    def _heading_px(self) -> int:
        return theme.text_px(34, self.app.scale)

    def _message_px(self) -> int:
        return theme.text_px(17, self.app.scale)

    def handle(self, intent) -> bool:
        if self.focus.handle(intent, [self.button]):
            return True
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Click):
            self.button.click(intent.pos)
        elif isinstance(intent, Key) and intent.key in KeyFocus.PRESS:
            self.button.press()
        elif isinstance(intent, Back) and self.on_back is not None:
            self.on_back()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        surface.fill(theme.BG)
        marker = icons.player_marker(self.char, theme.icon_px(72, sc))
        surface.blit(marker, marker.get_rect(midbottom=(self.heading_at[0], self.heading_at[1] - int(10 * sc))))
        draw_text(surface, _("Pass the mouse to {name}").format(name=self.name), self._heading_px(), theme.TEXT, self.heading_at, "midtop",
                  bold=True)
        draw_text(surface, _("Hidden science tokens stay hidden until they are at the screen."), self._message_px(),
                  theme.TEXT_DIM, self.message_at, "midtop")
        self.focus.mark([self.button])
        self.button.draw(surface, sc, self.button.hit(self.pointer))
