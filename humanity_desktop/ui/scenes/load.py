"""Load: the saved games, newest first, a page at a time. An unfinished game is played on; a
finished one is watched again as a replay. Any save can be deleted (after a question).
The list is the session's (storage/save_files.py SaveList): files are read again only when
they change. The newest saves are read at once, for the first page; the others are read by a
thread, and the list grows as they come, a few times a second."""
from __future__ import annotations

from ...language import N_, _, moment, number
from ...storage.files import plain_reason
from ...controller.replays import open_replay
from ...storage.save_files import SaveError, SaveInfo, SaveListing
from ..fonts import shorten_words
from ..widgets import Button
from .keep_game import play_when_kept
from .menu import MenuScene
from . import routes

SHOWN = 7  # saves to a page
GROWS_EVERY = 0.25  # seconds between two looks at the saves read since, while they are read


@routes.screen(routes.LOAD)
class LoadScene(MenuScene):
    title = N_("Load a game")
    panel_width = 760

    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0
        self.deleting = False  # choosing a save deletes it (after a question) instead of opening it
        self.problems = ""  # what was wrong with the files set aside, in a few lines
        self.told = ""  # what went wrong opening or deleting a save
        self.saves: SaveListing | None = None  # the listing shown, whole once `reading` is 0
        self.waited = 0.0  # seconds since the last look at the saves read

    def on_enter(self) -> None:
        self._list()
        super().on_enter()

    def on_resume(self) -> None:
        self._list()
        super().on_resume()

    def on_exit(self) -> None:
        self.app.session.saves.stop()

    def _list(self) -> None:
        """Look at the folder again: the first page's saves read now, the others to come."""
        self.saves = self.app.session.saves.open(SHOWN)
        self.waited = 0.0

    def next_change(self) -> float | None:
        return max(0.0, GROWS_EVERY - self.waited) if self.saves is not None and self.saves.reading else None

    def update(self, dt: float) -> None:
        if self.saves is None or not self.saves.reading:
            return
        self.waited += dt
        if self.waited < GROWS_EVERY:
            return
        self.waited = 0.0
        grown = self.app.session.saves.poll()
        if grown is not None:
            self.saves = grown
            self.refresh()

    def make_buttons(self) -> list[Button]:
        if self.saves is None:
            self._list()
        saves = self.saves
        if saves.problems:
            self.problems = shorten_words(saves.summary())  # a long path keeps its file's name
        pages = max(1, -(-(len(saves) + saves.reading) // SHOWN))
        self.page = min(self.page, pages - 1)
        shown = saves[self.page * SHOWN:(self.page + 1) * SHOWN]
        if not saves and not saves.reading:
            status = _("No saved games yet. Save from the pause menu (Esc) during a game.")
        elif self.deleting:
            status = _("Choose the save to delete.")
        else:
            status = _("Page {page} of {pages}.").format(page=number(self.page + 1), pages=number(pages)) \
                if pages > 1 else ""
        if saves.reading:
            status = " ".join([_("Reading the saves: {count} to go.").format(count=number(saves.reading)), status]).strip()
        self.text = " ".join(part for part in (self.problems, self.told, status) if part)
        buttons = [self._button(info) for info in shown]
        if pages > 1:
            buttons += [Button(_("Newer saves"), self._turn(-1), style="quiet", enabled=self.page > 0),
                        Button(_("Older saves"), self._turn(1), style="quiet", enabled=self.page < pages - 1)]
        if saves or saves.reading:
            buttons.append(Button(_("Stop deleting") if self.deleting else _("Delete a save..."), self._toggle_delete,
                                  style="quiet"))
        return buttons + [Button(_("Back"), self.back, style="quiet")]

    def _button(self, info: SaveInfo) -> Button:
        stamp = moment(info.saved_at)
        if self.deleting:
            return Button(_("Delete   {when}   {game}").format(when=stamp, game=info.title), lambda: self._ask_delete(info),
                          tooltip=info.path.name)
        if info.finished:
            return Button(_("Watch replay ▶   {when}   {game}").format(when=stamp, game=info.title),
                          self._opener(info.path, self._replay),
                          tooltip=_("{file}: a finished game, to watch again move by move").format(file=info.path.name))
        return Button(f"{stamp}   {info.title}", self._opener(info.path, self._play), tooltip=info.path.name)

    def _turn(self, step: int):
        def turn() -> None:
            self.page += step
            self.refresh()
        return turn

    def _toggle_delete(self) -> None:
        self.deleting = not self.deleting
        self.refresh()

    def _ask_delete(self, info: SaveInfo) -> None:
        said = _("{game} ({file}) is deleted for good: it cannot be played or watched again.")
        self.app.stack.push(routes.make(routes.CHOICE, self.app, _("Delete this save?"),
                                        said.format(game=info.title, file=info.path.name),
                                        [(_("Delete it"), lambda: self._delete(info))], cancel=_("Keep it"),
                                        enter=_("Keep it")))

    def _delete(self, info: SaveInfo) -> None:
        try:
            self.app.session.delete_save(info.path)
            self.told = ""
        except OSError as exc:
            self.told = _("{file} cannot be deleted: {reason}.").format(file=info.path.name, reason=plain_reason(exc))
        self._list()
        self.refresh()

    def _opener(self, path, open_it):
        def opener() -> None:
            try:
                open_it(path)
            except SaveError as exc:
                self._refused(exc)
        return opener

    def _play(self, path) -> None:
        play_when_kept(self.app, lambda discard: self.app.session.load_match(path, discard_unfinished=discard),
                       self._refused)

    def _refused(self, exc: SaveError) -> None:
        self.told = str(exc)
        self._list()
        self.refresh()

    def _replay(self, path) -> None:
        self.app.stack.push(routes.make(routes.REPLAY, self.app, open_replay(path)))
