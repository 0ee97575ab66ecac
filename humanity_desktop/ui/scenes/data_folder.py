"""When the data folder cannot be used (it cannot be written to, is refused to the game, or
its path is too long): the player chooses another in a folder browser, the usual folder, or
to play without saving. The folder chosen is used at once and at every start after."""
from __future__ import annotations

import contextlib
from pathlib import Path

import pygame

from ...language import N_, _
from ...storage.files import plain_reason, subfolders
from ...storage.places import Places
from .. import theme
from ..backdrop import backdrop
from ..fonts import draw_text, fonts, shorten_words
from ..input import Back, Click, Key, Point, Wheel
from ..scene import Scene
from ..widgets import Button, KeyFocus, button_height, draw_panel, hovered, layout_row, panel_inner
from . import routes

CHOOSE, USUAL, WITHOUT = N_("Choose another folder…"), N_("Use the usual folder"), N_("Play without saving")
MARGIN = 16  # design pixels kept clear round the browser's panel
PAGE_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}


def usual_folder() -> Path:
    """The user's own data folder, made if it is missing, as the game makes it at start: one
    that cannot be made is refused with the reason when it is opened or used."""
    folder = Places.for_user().data
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    return folder


@routes.screen(routes.FOLDER_PROBLEM)
def folder_problem(app, folder: Path | None = None, reason: str | None = None) -> Scene:
    """The question of what to do when `folder` (the data folder) cannot be used for `reason`."""
    folder, reason = folder or app.data_dir, reason or app.unusable
    options = [(_(CHOOSE), lambda: app.stack.push(routes.make(routes.FOLDERS, app, folder)))]
    if Path(folder) != Places.for_user().data:
        options.append((_(USUAL), lambda: _use_usual(app)))
    options.append((_(WITHOUT), lambda: app.notify(_("Nothing is saved in this session: no games, options or stats."))))
    message = shorten_words(_("The game cannot keep your games, options and stats in {folder}: {reason}. "
                              "Choose a folder it can use, or play without saving anything this time.")
                            .format(folder=folder, reason=reason))
    return routes.make(routes.CHOICE, app, _("Your games cannot be saved"), message, options, cancel=None,
                       escape=_(WITHOUT))


def switch(app, folder: Path) -> str | None:
    """Switch the game to `folder` and open the title screen on it; returns why not, if it cannot be used."""
    reason = app.use_folder(folder)
    if reason is None:
        app.notify(_("Your games, options and stats are kept in {folder} from now on.").format(folder=folder))
        app.stack.reset(routes.make(routes.TITLE, app))
    return reason


def _use_usual(app) -> None:
    folder = usual_folder()
    if reason := switch(app, folder):
        app.stack.push(folder_problem(app, folder, reason))


@routes.screen(routes.FOLDERS)
class FolderBrowserScene(Scene):
    """The folders on the computer, one at a time: click a folder in the list to open it
    (or move to it with the arrow keys and press Enter), go up with Parent folder (or
    Backspace), and choose the one shown with Use this folder. Esc goes back to the question."""

    title = N_("Choose a folder for your games")

    def __init__(self, app, start: Path) -> None:
        super().__init__(app)
        self.folder = Path()
        self.names: list[str] = []  # the subfolders of self.folder
        self.told = ""  # why a folder could not be opened or used
        self.first = 0  # the first row of the list in sight
        self.selected: int | None = None  # the row the arrow keys are on
        self.pointer = (0, 0)
        self.focus = KeyFocus(arrows=False)  # the arrow keys move in the list
        self.places = [Button(_("Parent folder"), self._parent),
                       Button(_("Home"), lambda: self.open(Path.home())),
                       Button(_("Usual folder"), lambda: self.open(usual_folder()))]
        self.actions = [Button(_("Use this folder"), self._use, style="primary"),
                        Button(_("Back"), self.back, style="quiet")]
        self.panel = self.path_box = self.list_box = self.told_box = pygame.Rect(0, 0, 0, 0)
        self.row_h = 1
        self.open(Path.home())  # shown, with the reason, if `start` cannot be
        self.open(nearest_folder(start))

    @property
    def buttons(self) -> list[Button]:
        return self.places + self.actions

    def open(self, folder: Path) -> None:
        """Show `folder` and its subfolders; one that cannot be listed is refused with the reason."""
        folder = Path(folder).expanduser().absolute()
        try:
            names = subfolders(folder)
        except PermissionError:
            self.told = _("{folder} cannot be opened: the game is not allowed to look into it.").format(
                folder=folder.name or folder)
            return
        except OSError as exc:
            self.told = _("{folder} cannot be opened: {reason}.").format(folder=folder.name or folder,
                                                                          reason=plain_reason(exc))
            return
        self.folder, self.names, self.told = folder, names, ""
        self.first, self.selected = 0, None
        self.places[0].enabled = folder.parent != folder

    def _parent(self) -> None:
        self.open(self.folder.parent)

    def _use(self) -> None:
        if reason := switch(self.app, self.folder):
            self.told = _("This folder cannot be used: {reason}.").format(reason=reason)

    def back(self) -> None:
        self.app.stack.replace(routes.make(routes.FOLDER_PROBLEM, self.app))

    # ------------------------------------------------------------ layout

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        room = pygame.Rect((0, 0), size).inflate(-2 * int(MARGIN * sc), -2 * int(MARGIN * sc))
        self.panel = pygame.Rect(0, 0, min(int(820 * sc * max(1.0, theme.text_size())), room.w), room.h)
        self.panel.center = room.center
        inner = panel_inner(self.panel, sc, _(self.title))
        gap, bh, line = int(10 * sc), button_height(sc), fonts().height(self.text_px())
        self.path_box = pygame.Rect(inner.x, inner.y, inner.w, line)
        layout_row(self.places, pygame.Rect(inner.x, self.path_box.bottom + gap, inner.w, bh), gap)
        layout_row(self.actions, pygame.Rect(inner.x, inner.bottom - bh, inner.w, bh), gap)
        self.told_box = pygame.Rect(inner.x, self.actions[0].rect.y - gap - 2 * line, inner.w, 2 * line)
        top = self.places[0].rect.bottom + gap
        self.list_box = pygame.Rect(inner.x, top, inner.w, self.told_box.y - gap - top)
        self.row_h = line + int(10 * sc)

    def text_px(self) -> int:
        return theme.text_px(16, self.app.scale)

    def rows_shown(self) -> int:
        return max(1, self.list_box.h // self.row_h)

    def row_rect(self, row: int) -> pygame.Rect:
        """Where row `row` of the list is drawn (in sight only from `first` on), clear of the scroll bar."""
        return pygame.Rect(self.list_box.x, self.list_box.y + (row - self.first) * self.row_h,
                           self.list_box.w - int(12 * self.app.scale), self.row_h)

    def row_at(self, pos) -> int | None:
        if not self.list_box.collidepoint(pos):
            return None
        row = self.first + (pos[1] - self.list_box.y) // self.row_h
        return row if row < min(len(self.names), self.first + self.rows_shown()) else None

    def scroll(self, rows: int) -> None:
        self.first = max(0, min(self.first + rows, len(self.names) - self.rows_shown()))

    # ------------------------------------------------------------ input

    def handle(self, intent) -> bool:
        if self.focus.handle(intent, self.buttons):
            return True
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Click):
            self._click(intent.pos)
        elif isinstance(intent, Wheel):
            self.scroll(-intent.dy * 3)
        elif isinstance(intent, Key):
            self._key(intent.key)
        elif isinstance(intent, Back):
            self.back()
        return True

    def _click(self, pos) -> None:
        if any(b.click(pos) for b in self.buttons):
            return
        row = self.row_at(pos)
        if row is not None:
            self.open(self.folder / self.names[row])

    def _key(self, key: int) -> None:
        if key in PAGE_KEYS and self.names:
            at = self.selected if self.selected is not None else (-1 if PAGE_KEYS[key] > 0 else len(self.names))
            self.selected = max(0, min(len(self.names) - 1, at + PAGE_KEYS[key]))
            # The list follows the row the keys are on.
            self.first = min(self.first, self.selected)
            self.first = max(self.first, self.selected - self.rows_shown() + 1)
        elif key in KeyFocus.PRESS and self.selected is not None:
            self.open(self.folder / self.names[self.selected])
        elif key == pygame.K_BACKSPACE:
            self._parent()

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        surface.blit(backdrop(surface.get_size()), (0, 0))
        draw_panel(surface, self.panel, sc, _(self.title), fill=(26, 25, 34), edge=theme.ACCENT_DARK)
        size, f = self.text_px(), fonts()
        shown = f.fit_end(str(self.folder), size, self.path_box.w)
        draw_text(surface, shown, size, theme.TEXT, self.path_box.topleft, box=self.path_box,
                  cut=shown != str(self.folder))
        self._draw_list(surface, sc, size)
        lines = f.wrap(self.told, size, self.told_box.w) if self.told else []
        if len(lines) > 2:  # room for two lines: the second ends in an ellipsis
            lines = [lines[0], f.fit(" ".join(lines[1:]), size, self.told_box.w)]
        for k, line in enumerate(lines):
            draw_text(surface, line, size, theme.BAD, (self.told_box.x, self.told_box.y + k * f.height(size)),
                      box=self.told_box, cut=line.endswith("…") and not self.told.endswith("…"))
        over = hovered(self.buttons, self.pointer)
        self.focus.mark(self.buttons)
        for b in self.buttons:
            b.draw(surface, sc, b is over)

    def _draw_list(self, surface: pygame.Surface, sc: float, size: int) -> None:
        pygame.draw.rect(surface, theme.INSET, self.list_box, border_radius=max(3, int(6 * sc)))
        if not self.names:
            draw_text(surface, _("No folders in here."), size, theme.TEXT_FAINT,
                      (self.list_box.x + int(12 * sc), self.list_box.y + int(8 * sc)), box=self.list_box)
            return
        over = self.row_at(self.pointer)
        pad = int(12 * sc)
        for row in range(self.first, min(len(self.names), self.first + self.rows_shown())):
            rect = self.row_rect(row)
            if row in (over, self.selected):
                pygame.draw.rect(surface, theme.PANEL_HI, rect, border_radius=max(3, int(6 * sc)))
            if row == self.selected:
                pygame.draw.rect(surface, theme.ACCENT, rect, max(1, int(2 * sc)), border_radius=max(3, int(6 * sc)))
            name = fonts().fit(self.names[row], size, rect.w - 2 * pad)
            draw_text(surface, name, size, theme.TEXT, (rect.x + pad, rect.centery), "midleft", box=rect,
                      cut=name != self.names[row])
        if len(self.names) > self.rows_shown():
            self._draw_scroll_bar(surface, sc)

    def _draw_scroll_bar(self, surface: pygame.Surface, sc: float) -> None:
        """How much of the list is in sight, and where: a bar at the list's right edge."""
        box, total = self.list_box, len(self.names)
        h = max(int(20 * sc), box.h * self.rows_shown() // total)
        y = box.y + (box.h - h) * self.first // max(1, total - self.rows_shown())
        pygame.draw.rect(surface, theme.PANEL_EDGE, (box.right - int(8 * sc), y, int(6 * sc), h),
                         border_radius=int(3 * sc))


def nearest_folder(folder: Path) -> Path:
    """`folder`, or the nearest folder above it that is there (the browser opens on it)."""
    folder = Path(folder).expanduser().absolute()
    for candidate in (folder, *folder.parents):
        try:
            if candidate.is_dir():
                return candidate
        except OSError:  # too long to look up, or refused: try the one above
            continue
    return Path.home()
