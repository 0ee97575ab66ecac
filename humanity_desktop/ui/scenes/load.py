"""Load: the saved games, newest first. An unfinished game is played on; a finished one
is watched again as a replay."""
from __future__ import annotations

import time

from ...controller.replays import open_replay
from ...controller.saves import SaveError, SaveInfo, list_saves
from ..widgets import Button
from .menu import MenuScene
from . import routes

SHOWN = 8


@routes.screen(routes.LOAD)
class LoadScene(MenuScene):
    title = "Load a game"
    panel_width = 760

    def make_buttons(self) -> list[Button]:
        saves = list_saves(self.app.data_dir)
        if saves.problems:
            self.text = " ".join(saves.problems)
        elif not saves and not self.text:
            self.text = "No saved games yet. Save from the pause menu (Esc) during a game."
        buttons = [self._button(info) for info in saves[:SHOWN]]
        return buttons + [Button("Back", self.back, style="quiet")]

    def _button(self, info: SaveInfo) -> Button:
        stamp = time.strftime('%d %b %H:%M', time.localtime(info.saved_at))
        if info.finished:
            return Button(f"Watch replay ▶   {stamp}   {info.title}", self._opener(info.path, self._replay),
                          tooltip=f"{info.path.name}: a finished game, to watch again move by move")
        return Button(f"{stamp}   {info.title}", self._opener(info.path, self._play), tooltip=info.path.name)

    def _opener(self, path, open_it):
        def opener() -> None:
            try:
                open_it(path)
            except SaveError as exc:
                self.text = str(exc)
                self.refresh()
        return opener

    def _play(self, path) -> None:
        self.app.stack.replace(routes.make(routes.GAME, self.app, self.app.session.load_match(path)))

    def _replay(self, path) -> None:
        self.app.stack.push(routes.make(routes.REPLAY, self.app, open_replay(path)))
