"""The window and the surface the game draws on.

The window is measured in points, the system's logical pixels: its size, the pointer's
position and the screens' sizes are in points, and so are the window sizes and the smallest
text the game is laid out for. The surface it draws on has the screen's own pixels: twice
as many each way on a Retina Mac, one and a half times at a Windows display scale of 150%.
The screens lay out for the surface's size, so the whole table, text and art, is drawn at
the screen's resolution rather than stretched (and blurred) by the system.

- macOS: SDL gives a window the backing resolution of its screen when it is created with
  high DPI allowed (and the bundle says NSHighResolutionCapable). pygame's
  display.set_mode cannot ask for that, so the window is a pygame.Window.
- Windows: SDL is made per-monitor (v2) DPI aware and measures windows in points
  (SDL_WINDOWS_DPI_SCALING), so the window's pixels are those of the monitor it is on, and
  change when it moves to a monitor with another scale. The built program declares the
  same awareness in its manifest (build_exe.spec).
- Elsewhere a point is a pixel, unless the compositor scales (Wayland with a scale of 2
  gives what a Retina Mac gives).
"""
from __future__ import annotations

import os
import sys

import pygame

# Read by SDL as its video starts, on Windows only.
WINDOWS_HINTS = {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2", "SDL_WINDOWS_DPI_SCALING": "1"}
BASE_DPI = 96  # Windows' dots per inch at a display scale of 100%
MONITOR_DEFAULTTOPRIMARY = 1
MDT_EFFECTIVE_DPI = 0


def claim_high_dpi() -> None:
    """Before SDL starts: on Windows, ask for the screen's own pixels and windows in points.
    A hint set already (in the environment) is left as it is."""
    if sys.platform == "win32":
        for name, value in WINDOWS_HINTS.items():
            os.environ.setdefault(name, value)


def desktop_points(desktop: tuple[int, int]) -> tuple[int, int]:
    """The first screen's size in points, from its size as SDL reports it: SDL gives a
    Windows screen's size in pixels, even where it measures windows in points."""
    if sys.platform != "win32":
        return desktop
    scale = windows_primary_scale()
    return (round(desktop[0] / scale), round(desktop[1] / scale))


def windows_primary_scale() -> float:
    """The display scale of the primary monitor (1.5 at 150%), where SDL opens the window
    first; 1.0 where Windows does not say."""
    try:
        import ctypes
        from ctypes import wintypes

        monitor = ctypes.windll.user32.MonitorFromPoint(wintypes.POINT(0, 0), MONITOR_DEFAULTTOPRIMARY)
        dpi_x, dpi_y = wintypes.UINT(), wintypes.UINT()
        if ctypes.windll.shcore.GetDpiForMonitor(monitor, MDT_EFFECTIVE_DPI, ctypes.byref(dpi_x),
                                                 ctypes.byref(dpi_y)) != 0:
            return 1.0
        return max(1.0, dpi_x.value / BASE_DPI)
    except (AttributeError, OSError, ValueError):
        return 1.0


class Display:
    """The game's one window (points) and its surface (pixels)."""

    def __init__(self, title: str, icon: pygame.Surface) -> None:
        self._title, self._icon = title, icon
        self.window: pygame.Window | None = None
        self.surface: pygame.Surface | None = None

    def open(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        """The window, made if there is none, at `size` points or filling its screen; returns
        the surface to draw on."""
        if self.window is None:
            self.window = pygame.Window(self._title, size, allow_high_dpi=True, resizable=True)
            self.window.set_icon(self._icon)
        if fullscreen:
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            self.window.size = size
        return self.refresh()

    def refresh(self) -> pygame.Surface:
        """The surface for the window as it is now (its size or its screen changed)."""
        self.surface = self.window.get_surface()
        return self.surface

    @property
    def points(self) -> tuple[int, int]:
        return tuple(self.window.size)

    @property
    def ratio(self) -> tuple[float, float]:
        """Pixels per point, across and down."""
        (w, h), (pw, ph) = self.surface.get_size(), self.points
        return (w / pw if pw else 1.0, h / ph if ph else 1.0)

    def maximize(self) -> pygame.Surface:
        self.window.maximize()
        return self.refresh()

    def resize(self, size: tuple[int, int]) -> pygame.Surface:
        """The window made `size` points where it is not (the window manager left it
        smaller than the screens are laid out for)."""
        if self.points != tuple(size):
            self.window.size = size
        return self.refresh()

    def flip(self) -> None:
        self.window.flip()

    def close(self) -> None:
        if self.window is not None:
            self.window.destroy()
        self.window = self.surface = None
