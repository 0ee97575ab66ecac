"""When the unfinished game in the autosave cannot be kept aside for another one: nothing
starts until the player chooses to try again, to keep it in a folder of their choice, or to
discard it knowingly."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import platformdirs
import pygame

from ...language import N_, _
from ...storage.files import plain_reason
from ...storage.save_files import SaveError, UnfinishedNotKept
from .. import theme
from ..fonts import draw_text, fonts
from ..input import Key
from . import routes
from .dialog import ChoiceScene

TITLE = N_("Your unfinished game")
MAX_PATH = 400  # characters a typed folder may have

GoOn = Callable[[bool], None]  # starts what waited; True: the player chose to discard the game


def play_when_kept(app, start: Callable[[bool], object], refused: Callable[[SaveError], None],
                   place: Callable | None = None) -> None:
    """Show the game screen on the match `start(discard)` makes, in place of the screen on
    top (or as `place` puts it on the stack). While the unfinished game it would replace
    cannot be kept, nothing starts until the player chooses what to do with it; a match that
    cannot be made at all is `refused` with the reason."""
    def go_on(discard: bool) -> None:
        try:
            match = start(discard)
        except UnfinishedNotKept as exc:
            ask_keep(app, str(exc), go_on)
            return
        except SaveError as exc:
            refused(exc)
            return
        (place or app.stack.replace)(routes.make(routes.GAME, app, match))
    go_on(False)


def ask_keep(app, problem: str, go_on: GoOn) -> None:
    """Ask what to do with the unfinished game that `problem` says cannot be kept."""
    app.stack.push(routes.make(routes.CHOICE, app, _(TITLE), problem, [
        (_("Try again"), lambda: go_on(False)),
        (_("Keep it in another folder..."), lambda: app.stack.push(FolderScene(app, go_on))),
        (_("Discard it..."), lambda: _confirm_discard(app, go_on)),
    ]))


def _confirm_discard(app, go_on: GoOn) -> None:
    app.stack.push(routes.make(routes.CHOICE, app, _("Discard your unfinished game?"),
                               _("The game in progress will be lost for good: it cannot be continued or watched again."),
                               [(_("Discard it and go on"), lambda: go_on(True))], cancel=_("Keep it"), enter=_("Keep it")))


def default_folder() -> Path:
    # Translators: the folder the game suggests, in the player's documents, to keep an unfinished game in.
    return platformdirs.user_documents_path() / _("Humanity saves")


class FolderScene(ChoiceScene):
    """Type the folder to keep the game in; Enter or the button keeps it there."""

    def __init__(self, app, go_on: GoOn) -> None:
        self.go_on = go_on
        self.folder = str(default_folder())
        super().__init__(app, _(TITLE), _("Type the folder to keep your unfinished game in (it is made if it is missing):"),
                         [(_("Keep it here"), self._keep)])
        self.field = pygame.Rect(0, 0, 0, 0)

    def _keep(self) -> None:
        try:
            self.app.session.keep_unfinished_in(Path(self.folder).expanduser())
        except (OSError, ValueError) as exc:
            reason = plain_reason(exc) if isinstance(exc, OSError) else str(exc)
            ask_keep(self.app, _("Your unfinished game cannot be kept in {folder}: {reason}.").format(
                folder=self.folder, reason=reason), self.go_on)
            return
        self.go_on(False)

    def on_resize(self, size) -> None:
        super().on_resize(size)
        sc = self.app.scale
        # Room for the field between the message and the buttons.
        self.panel.inflate_ip(0, int(48 * sc))
        self.panel.centery = size[1] // 2
        for b in self.buttons:
            b.rect.y += int(24 * sc)
        self.field = pygame.Rect(self.panel.x + int(20 * sc), self.buttons[0].rect.y - int(44 * sc),
                                 self.panel.w - int(40 * sc), int(34 * sc))

    def handle(self, intent) -> bool:
        if isinstance(intent, Key):
            if intent.key == pygame.K_BACKSPACE:
                self.folder = self.folder[:-1]
            elif intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._choose(self._keep)()
            elif intent.text and intent.text.isprintable() and len(self.folder) < MAX_PATH:
                self.folder += intent.text
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        sc = self.app.scale
        pygame.draw.rect(surface, theme.PANEL, self.field, border_radius=int(4 * sc))
        pygame.draw.rect(surface, theme.ACCENT, self.field, max(1, int(sc)), border_radius=int(4 * sc))
        size = int(15 * sc)
        text = self.folder + "|"
        while len(text) > 1 and fonts().width(text, size) > self.field.w - int(16 * sc):
            text = text[1:]  # the end of a long path, where the typing is
        draw_text(surface, text, size, theme.TEXT, (self.field.x + int(8 * sc), self.field.centery), "midleft")
