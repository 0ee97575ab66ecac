"""Load: the saved games, newest first."""
from __future__ import annotations

import time

from ...controller.saves import SaveError, list_saves
from ..widgets import Button
from .menu import MenuScene

SHOWN = 8


class LoadScene(MenuScene):
    title = "Load a game"
    panel_width = 620

    def make_buttons(self) -> list[Button]:
        saves = list_saves(self.app.data_dir)
        if saves.problems:
            self.text = " ".join(saves.problems)
        elif not saves and not self.text:
            self.text = "No saved games yet. Save from the pause menu (Esc) during a game."
        buttons = [
            Button(f"{time.strftime('%d %b %H:%M', time.localtime(info.saved_at))}   {info.title}",
                   self._loader(info.path), tooltip=info.path.name)
            for info in saves[:SHOWN]
        ]
        return buttons + [Button("Back", self.back, style="quiet")]

    def _loader(self, path):
        def load() -> None:
            from .game import GameScene
            try:
                match = self.app.load_match(path)
            except SaveError as exc:
                self.text = str(exc)
                self.refresh()
                return
            self.app.stack.replace(GameScene(self.app, match))
        return load
