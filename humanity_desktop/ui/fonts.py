"""Fonts and rendered text, cached: no font is loaded and no string rendered twice per frame.
Rendered text shares the pictures' budget in bytes (ui/surface_cache.py).

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

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        size = max(6, int(size))
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            f = self._fonts[key] = pygame.font.Font(font_path(bold), size)
        return f

    def render(self, text: str, size: int, colour: tuple, bold: bool = False) -> pygame.Surface:
        return self._rendered(text, int(size), tuple(colour), bold)

    @cached
    def _rendered(self, text: str, size: int, colour: tuple, bold: bool) -> pygame.Surface:
        try:
            return self.font(size, bold).render(text, True, colour)
        except pygame.error:  # nothing visible to draw (a zero-width character alone): an empty line
            return pygame.Surface((0, self.height(size, bold)), pygame.SRCALPHA)

    def width(self, text: str, size: int, bold: bool = False) -> int:
        return self.font(size, bold).size(text)[0]

    def height(self, size: int, bold: bool = False) -> int:
        return self.font(size, bold).get_linesize()

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split text into lines no wider than `width` (a single long word may overflow)."""
        key = (text, int(size), int(width), bold)
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
            lines.append(line)
        return lines

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """The text, cut with an ellipsis if it is wider than `width`."""
        if self.width(text, size, bold) <= width:
            return text
        while text and self.width(text + "…", size, bold) > width:
            text = text[:-1]
        return text + "…"


_FONTS: Fonts | None = None


def fonts() -> Fonts:
    """The shared cache (created after pygame.font.init())."""
    global _FONTS
    if _FONTS is None:
        _FONTS = Fonts()
    return _FONTS


def draw_text(surface: pygame.Surface, text: str, size: int, colour: tuple, pos: tuple,
              anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Blit cached text with its rect anchored at `pos` ('topleft', 'center', 'midright', ...)."""
    surf = fonts().render(text, size, colour, bold)
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surface.blit(surf, rect)
    return rect
