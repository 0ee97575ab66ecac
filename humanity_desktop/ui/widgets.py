"""Buttons, panels, tooltips and toasts: the few widgets every screen shares, and the
keyboard's focus among a screen's buttons."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from . import theme
from .audio import player as audio_player
from .drawn import cover
from .fonts import draw_text, fonts
from .input import Click, Key
from .surface_cache import cached


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, scale: float, title: str | None = None,
               fill=theme.PANEL, edge=theme.PANEL_EDGE) -> pygame.Rect:
    """A rounded panel, with an optional title; returns the area below the title."""
    radius = max(4, int(10 * scale))
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    cover(surface, rect)
    pygame.draw.rect(surface, edge, rect, max(1, int(scale)), border_radius=radius)
    inner = panel_inner(rect, scale, title)
    if title:
        pad = int(10 * scale)
        draw_text(surface, title.upper(), panel_title_px(scale), theme.ACCENT, (rect.x + pad, rect.y + pad),
                  bold=True, box=rect)
    return inner


def panel_title_px(scale: float) -> int:
    return theme.text_px(15, scale)


def panel_inner(rect: pygame.Rect, scale: float, title: str | None = None) -> pygame.Rect:
    """The area of a panel below its title (draw_panel), to lay out what goes in it."""
    if not title:
        return rect.inflate(-int(16 * scale), -int(16 * scale))
    pad = int(10 * scale)
    top = rect.y + pad + panel_head(scale)
    return pygame.Rect(rect.x + pad, top, rect.w - 2 * pad, rect.bottom - top - pad)


def panel_head(scale: float) -> int:
    """The height of a panel's title with the space under it."""
    return fonts().height(panel_title_px(scale), bold=True) + int(6 * scale)


@dataclass
class Button:
    label: str
    on_click: Callable[[], None]
    style: str = "normal"  # "normal", "primary" or "quiet"
    tooltip: str | None = None
    enabled: bool = True
    selected: bool = False
    focused: bool = False  # the keyboard's focus is on it (KeyFocus)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def click(self, pos) -> bool:
        """Run the action if `pos` is on an enabled button; True if the click landed on it."""
        if not self.hit(pos):
            return False
        self.press()
        return True

    def press(self) -> None:
        """Run the action, if the button is enabled (a click on it, or Enter on its focus)."""
        if self.enabled:
            audio_player().play("click")
            self.on_click()

    def draw(self, surface: pygame.Surface, scale: float, hover: bool = False) -> None:
        radius = max(3, int(8 * scale))
        if not self.enabled:
            fill, edge, ink = theme.INSET, theme.PANEL_EDGE, theme.TEXT_FAINT
        elif self.style == "primary" or self.selected:
            fill = theme.mix(theme.ACCENT, (255, 255, 255), 0.18 if hover else 0.0)
            edge, ink = theme.ACCENT_DARK, (28, 20, 12)
        elif self.style == "quiet":  # less weight than a normal button, but plainly one that works
            fill = theme.PANEL_HI if hover else theme.PANEL
            edge, ink = theme.mix(theme.PANEL_EDGE, theme.TEXT, 0.35 if hover else 0.2), theme.TEXT
        else:
            fill = theme.mix(theme.PANEL_HI, (255, 255, 255), 0.08 if hover else 0.0)
            edge, ink = theme.mix(theme.PANEL_EDGE, theme.ACCENT, 0.5 if hover else 0.0), theme.TEXT
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, edge, self.rect, max(1, int(scale)), border_radius=radius)
        size = max(theme.min_text_px(), min(int(self.rect.h * 0.42), label_px(scale)))
        room = self.rect.w - int(12 * scale)
        f = fonts()
        lines = f.wrap(self.label, size, room, bold=True)
        if len(lines) > 1 and len(lines) * f.height(size, True) > self.rect.h - 2:
            # No room for two lines: a little smaller on one, and only then cut (and noted so).
            size = f.size_to_fit(self.label, size, room, bold=True)
            lines = [f.fit(self.label, size, room, bold=True)]
        top = self.rect.centery - len(lines) * f.height(size, True) // 2
        for k, line in enumerate(lines):
            draw_text(surface, line, size, ink, (self.rect.centerx, top + k * f.height(size, True)), "midtop",
                      bold=True, box=self.rect, cut=line.endswith("…") and not self.label.endswith("…"))
        if self.focused:
            draw_focus_ring(surface, self.rect, scale)


def label_px(scale: float) -> int:
    """A button label's text size."""
    return theme.text_px(17, scale)


def label_width(label: str, scale: float) -> int:
    """The width a button needs for `label` on one line, with its margins."""
    return fonts().width(label, label_px(scale), bold=True) + int(24 * scale)


def button_height(scale: float, design: int = 44) -> int:
    """A button's height: `design` pixels scaled, or more if its label needs more room."""
    return max(int(design * scale), fonts().height(label_px(scale), bold=True) + 2 * max(4, int(6 * scale)))


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """Where the keyboard's focus is: a thick bright ring just outside `rect`, edged in dark
    so it shows on any colour, and unlike the amber of hover and choice."""
    width = max(2, round(3 * scale))
    ring = rect.inflate(2 * (width + 2), 2 * (width + 2))
    radius = max(4, int(10 * scale))
    pygame.draw.rect(surface, theme.BG, ring.inflate(4, 4), width + 4, border_radius=radius + 2)
    pygame.draw.rect(surface, theme.FOCUS, ring, width, border_radius=radius)


class KeyFocus:
    """The keyboard's way round a screen's buttons: Tab and Shift+Tab, or the arrow keys,
    move the focus among the enabled ones; Enter or Space presses the one it is on. No
    button has it until a key moves it; a click takes it away."""

    ARROWS = {pygame.K_DOWN: 1, pygame.K_RIGHT: 1, pygame.K_UP: -1, pygame.K_LEFT: -1}
    PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

    def __init__(self, arrows: bool = True) -> None:
        """`arrows`: whether the arrow keys move the focus too (not where they scroll)."""
        self.index: int | None = None  # in the screen's buttons, which keep their order when made anew
        self.arrows = arrows

    def handle(self, intent, buttons: list[Button]) -> bool:
        """Use a key or a click; True if it was the focus's."""
        if isinstance(intent, Click):
            self.index = None
            return False
        if not isinstance(intent, Key):
            return False
        focused = self.focused(buttons)
        step = (-1 if intent.shift else 1) if intent.key == pygame.K_TAB else \
            self.ARROWS.get(intent.key) if self.arrows else None
        if intent.key in self.PRESS and focused is not None:
            focused.press()
        elif step is not None and any(b.enabled for b in buttons):
            at = self.index if focused is not None else (-1 if step > 0 else 0)
            at = (at + step) % len(buttons)
            while not buttons[at].enabled:
                at = (at + step) % len(buttons)
            self.index = at
        else:
            return False
        return True

    def focused(self, buttons: list[Button]) -> Button | None:
        if self.index is None or self.index >= len(buttons) or not buttons[self.index].enabled:
            return None
        return buttons[self.index]

    def mark(self, buttons: list[Button]) -> None:
        """Set each button's `focused` for drawing."""
        focused = self.focused(buttons)
        for b in buttons:
            b.focused = b is focused


def layout_row(buttons: list[Button], rect: pygame.Rect, gap: int) -> None:
    """Spread buttons evenly across a row."""
    if not buttons:
        return
    w = (rect.w - gap * (len(buttons) - 1)) // len(buttons)
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.h)


def layout_column(buttons: list[Button], rect: pygame.Rect, h: int, gap: int) -> None:
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(rect.x, rect.y + i * (h + gap), rect.w, h)


def hovered(buttons: list[Button], pos) -> Button | None:
    return next((b for b in buttons if b.hit(pos)), None)


class ButtonTips:
    """The button under the pointer, and its tooltip once the pointer has rested on it
    (a tooltip that came at once would flicker past every button the pointer crosses)."""

    DELAY = 0.35  # seconds

    def __init__(self) -> None:
        self.button: Button | None = None
        self.time = 0.0

    def update(self, buttons: list[Button], pointer, dt: float) -> None:
        over = hovered(buttons, pointer)
        self.time = self.time + dt if over is self.button else 0.0
        self.button = over

    def next_change(self) -> float | None:
        """Seconds until the tooltip of the button under the pointer shows; None if none is coming."""
        if self.button is None or not self.button.tooltip or self.time > self.DELAY:
            return None
        return self.DELAY - self.time

    def draw(self, surface: pygame.Surface, pointer, scale: float) -> None:
        if self.button is not None and self.button.tooltip and self.time > self.DELAY:
            draw_tooltip(surface, pointer, self.button.label, [self.button.tooltip], scale)


TOOLTIP_EMS = 26  # a tooltip's width in its text's size: lines of about 50 letters


@cached
def _tooltip_surface(title: str, lines: tuple, scale: float, text_size: float) -> pygame.Surface:
    f = fonts()
    title_size, body_size = theme.text_px(16, scale), theme.text_px(14, scale)
    width = TOOLTIP_EMS * f.px(body_size)
    pad = int(10 * scale)
    rows: list[tuple[str, int, tuple, bool]] = [(title, title_size, theme.ACCENT, True)]
    for line in lines:
        for part in f.wrap(line, body_size, width):
            rows.append((part, body_size, theme.TEXT, False))
    w = max(f.width(t, s, b) for t, s, _, b in rows) + 2 * pad
    h = sum(f.height(s, b) for _, s, _, b in rows) + 2 * pad + int(4 * scale)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (22, 21, 29, 245), surf.get_rect(), border_radius=int(8 * scale))
    pygame.draw.rect(surf, theme.ACCENT_DARK, surf.get_rect(), max(1, int(scale)), border_radius=int(8 * scale))
    y = pad
    for i, (text, size, col, bold) in enumerate(rows):
        draw_text(surf, text, size, col, (pad, y), bold=bold)
        y += f.height(size, bold) + (int(4 * scale) if i == 0 else 0)
    return surf


def draw_tooltip(surface: pygame.Surface, pos, title: str, lines: list[str], scale: float,
                 picture: pygame.Surface | None = None) -> None:
    """A tooltip near the pointer, kept inside the window; a picture, if given, heads it."""
    tip = _tooltip_surface(title, tuple(lines), round(scale, 3), theme.text_size())
    head = picture.get_height() + int(6 * scale) if picture is not None else 0
    off = int(18 * scale)
    width = max(tip.get_width(), picture.get_width() if picture is not None else 0)
    rect = pygame.Rect(pos[0] + off, pos[1] + off, width, head + tip.get_height())
    bounds = surface.get_rect()
    if rect.right > bounds.right:
        rect.right = pos[0] - off // 2
    if rect.bottom > bounds.bottom:
        rect.bottom = pos[1] - off // 2
    rect.clamp_ip(bounds)
    if picture is not None:
        surface.blit(picture, rect.topleft)
    surface.blit(tip, (rect.x, rect.y + head))


@dataclass
class Toast:
    text: str
    colour: tuple
    left: float


class Toasts:
    """Short messages under the top bar: refused moves, missions taken, saves."""

    DURATION = 3.2
    MAX = 4

    def __init__(self) -> None:
        self.items: list[Toast] = []

    def show(self, text: str, colour=theme.TEXT) -> None:
        self.items = [t for t in self.items if t.text != text][-(self.MAX - 1):]
        self.items.append(Toast(text, colour, self.DURATION))

    def next_change(self) -> float | None:
        """Seconds until the next toast leaves; None when there is none."""
        return min((t.left for t in self.items), default=None)

    def update(self, dt: float) -> None:
        for t in self.items:
            t.left -= dt
        self.items = [t for t in self.items if t.left > 0]

    def draw(self, surface: pygame.Surface, centre_x: int, top: int, scale: float) -> None:
        size = int(17 * scale)
        y = top
        for t in self.items:
            label = fonts().render(t.text, size, t.colour, bold=True)
            box = label.get_rect(midtop=(centre_x, y)).inflate(int(28 * scale), int(14 * scale))
            box.top = y
            pygame.draw.rect(surface, (24, 22, 30), box, border_radius=int(10 * scale))
            cover(surface, box)
            pygame.draw.rect(surface, t.colour, box, max(1, int(2 * scale)), border_radius=int(10 * scale))
            surface.blit(label, label.get_rect(center=box.center))
            y = box.bottom + int(6 * scale)
