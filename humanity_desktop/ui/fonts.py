"""Fonts and rendered text, cached: no font is loaded and no string rendered twice per frame.
Rendered text shares the pictures' budget in bytes (ui/surface_cache.py).

Every size asked for here is scaled by the player's text size (theme.text_size), so the
option reaches all text at once; shrinking never takes a text under the smallest readable
size. While a test records (ui/drawn.py), every text rendered or drawn is noted with its
size, where it went, the box it was laid out for and the fact of the game it states.

The game uses the font it ships in art/fonts (DejaVu Sans), so it looks the same on every
machine. Should that be missing, it looks for a common sans-serif on the system (DejaVu,
Noto, Liberation, Segoe, Arial, Helvetica) by path, which is much faster than a system
font query at start-up, and last falls back to the font that ships with pygame.
"""
from __future__ import annotations

import os
from collections import OrderedDict
from functools import lru_cache

import pygame

from .. import assets
from . import drawn, theme
from .drawn import DrawnText, Fact
from .surface_cache import cached

_BUNDLED = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}  # in art/fonts
_REGULAR = ("DejaVuSans.ttf", "NotoSans-Regular.ttf", "LiberationSans-Regular.ttf", "segoeui.ttf",
            "arial.ttf", "Arial.ttf", "Helvetica.ttc")
_BOLD = ("DejaVuSans-Bold.ttf", "NotoSans-Bold.ttf", "LiberationSans-Bold.ttf", "segoeuib.ttf",
         "arialbd.ttf", "Arial Bold.ttf", "Helvetica.ttc")
_DIRS = (
    "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
    "/usr/share/fonts/truetype/noto", "/usr/share/fonts/noto", "/usr/share/fonts/truetype/liberation",
    "/usr/share/fonts/liberation", "C:/Windows/Fonts", "/System/Library/Fonts",
    "/System/Library/Fonts/Supplemental", "/Library/Fonts",
)
_WRAPPED_CACHE_SIZE = 4000  # lines of text, a few hundred bytes each: a MB or two in all
LONGEST_WORD = 260  # characters of one word a message shows: a path as long as Windows allows by default


def shorten_words(text: str) -> str:
    """`text` with each word longer than LONGEST_WORD cut to its end, where a path names its
    file: a path of thousands of characters would fill the screen."""
    return " ".join(word if len(word) <= LONGEST_WORD else "\u2026" + word[1 - LONGEST_WORD:]
                    for word in text.split(" "))


@lru_cache(maxsize=2)
def font_path(bold: bool) -> str | None:
    bundled = assets.art("fonts", _BUNDLED[bold])
    if bundled.is_file():
        return str(bundled)
    for name in _BOLD if bold else _REGULAR:
        for folder in _DIRS:
            path = os.path.join(folder, name)
            if os.path.exists(path):
                return path
    return None  # pygame's own font


class Fonts:
    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._wrapped: OrderedDict = OrderedDict()

    @staticmethod
    def px(size: float) -> int:
        """The pixel size a text asked for at `size` is drawn at: scaled by the player's text
        size, and never under the smallest readable size at that text size, whatever the window."""
        return max(theme.least_text_px(), round(int(size) * theme.text_size()))

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self._font(self.px(size), bold)

    def _font(self, px: int, bold: bool) -> pygame.font.Font:
        f = self._fonts.get((px, bold))
        if f is None:
            f = self._fonts[(px, bold)] = pygame.font.Font(font_path(bold), px)
        return f

    def render(self, text: str, size: int, colour: tuple, bold: bool = False) -> pygame.Surface:
        """The text as a picture, for a caller that places it; placed with a blit, the record
        follows it (ui/drawn.py)."""
        surf = self.surface(text, size, colour, bold)
        if drawn.active():
            drawn.rendered(surf, DrawnText(text, self.px(size)))
        return surf

    def surface(self, text: str, size: int, colour: tuple, bold: bool = False) -> pygame.Surface:
        """The rendered text, not recorded (draw_text records it with its place)."""
        return self._rendered(text, self.px(size), tuple(colour), bold)

    @cached
    def _rendered(self, text: str, px: int, colour: tuple, bold: bool) -> pygame.Surface:
        font = self._font(px, bold)
        try:
            return font.render(text, True, colour)
        except pygame.error:  # nothing visible to draw (a zero-width character alone): an empty line
            return pygame.Surface((0, font.get_linesize()), pygame.SRCALPHA)

    def width(self, text: str, size: int, bold: bool = False) -> int:
        return self.font(size, bold).size(text)[0]

    def height(self, size: int, bold: bool = False) -> int:
        return self.font(size, bold).get_linesize()

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split text into lines no wider than `width`, between words; a word wider than a
        line (a file's path) is split where it must."""
        key = (text, self.px(size), int(width), bold)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = self._wrapped[key] = self._wrap(text, size, width, bold)
            if len(self._wrapped) > _WRAPPED_CACHE_SIZE:
                self._wrapped.popitem(last=False)
        return lines

    def _wrap(self, text: str, size: int, width: int, bold: bool) -> list[str]:
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for word in para.split(" "):
                trial = f"{line} {word}" if line else word
                if line and self.width(trial, size, bold) > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
                while len(line) > 1 and self.width(line, size, bold) > width:
                    cut = self._longest_start(line, size, width, bold)
                    lines.append(line[:cut])
                    line = line[cut:]
            lines.append(line)
        return lines

    def _longest_start(self, text: str, size: int, width: int, bold: bool) -> int:
        """How many of the first characters of `text` fit in `width` (at least one)."""
        cut = 1
        while cut < len(text) and self.width(text[:cut + 1], size, bold) <= width:
            cut += 1
        return cut

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """The text, cut with an ellipsis if it is wider than `width`."""
        if self.width(text, size, bold) <= width:
            return text
        while text and self.width(text + "…", size, bold) > width:
            text = text[:-1]
        return text + "…"

    def size_to_fit(self, text: str, size: int, width: int, bold: bool = False) -> int:
        """The largest size up to `size` at which the text is no wider than `width`, down to the
        smallest readable one (a longer language's label shrinks a little, then is cut)."""
        while self.width(text, size, bold) > width and self.px(size - 1) < self.px(size):
            size -= 1
        return size

    def fitted(self, text: str, size: int, width: int, bold: bool = False) -> tuple[str, int]:
        """The text and the size to draw it at within `width`: a little smaller, then cut."""
        size = self.size_to_fit(text, size, width, bold)
        return self.fit(text, size, width, bold), size

    def fit_end(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """The text, its start cut with an ellipsis if it is wider than `width`: the end of a
        path, which names the folder, stays in sight."""
        if self.width(text, size, bold) <= width:
            return text
        while text and self.width("…" + text, size, bold) > width:
            text = text[1:]
        return "…" + text


_FONTS: Fonts | None = None


def fonts() -> Fonts:
    """The shared cache (created after pygame.font.init())."""
    global _FONTS
    if _FONTS is None:
        _FONTS = Fonts()
    return _FONTS


def draw_text(surface: pygame.Surface, text: str, size: int, colour: tuple, pos: tuple,
              anchor: str = "topleft", bold: bool = False, box: pygame.Rect | None = None,
              fact: Fact | None = None, cut: bool = False) -> pygame.Rect:
    """Blit cached text with its rect anchored at `pos` ('topleft', 'center', 'midright', ...).
    `box`, the room the text was laid out for, and `fact`, what it says of the game, are only
    noted while recording (the box by default the surface's clip): the text should lie inside it.
    `cut` notes a text shortened where its whole should have shown."""
    surf = fonts().surface(text, size, colour, bold)
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    pygame.Surface.blit(surface, surf, rect)  # the text is noted here, not as a picture
    if drawn.active():
        room = pygame.Rect(box).clip(surface.get_clip()) if box is not None else surface.get_clip()
        drawn.note(surface, DrawnText(text, fonts().px(size), rect, room, fact=fact, cut=cut))
    return rect
