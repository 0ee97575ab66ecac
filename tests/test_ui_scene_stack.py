"""The scene stack's lifecycle: push pauses the scene below, pop resumes it, only the top
scene gets input and updates, and overlays draw over the scene beneath them."""
from __future__ import annotations

import pygame

from humanity_desktop.ui.input import Click
from humanity_desktop.ui.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name: str, log: list, overlay: bool = False) -> None:
        super().__init__(app=None)
        self.name, self.log, self.overlay = name, log, overlay

    def on_enter(self):
        self.log.append(f"{self.name} enter")

    def on_exit(self):
        self.log.append(f"{self.name} exit")

    def on_pause(self):
        self.log.append(f"{self.name} pause")

    def on_resume(self):
        self.log.append(f"{self.name} resume")

    def handle(self, intent):
        self.log.append(f"{self.name} handle")
        return True

    def update(self, dt):
        self.log.append(f"{self.name} update")

    def draw(self, surface):
        self.log.append(f"{self.name} draw")


def test_push_pauses_the_scene_below_and_pop_resumes_it():
    log: list = []
    stack = SceneStack()
    a, b = Probe("a", log), Probe("b", log)
    stack.push(a)
    stack.push(b)
    assert stack.top is b
    assert log == ["a enter", "a pause", "b enter"]
    log.clear()
    assert stack.pop() is b
    assert log == ["b exit", "a resume"]
    assert stack.top is a


def test_only_the_top_scene_handles_input_and_updates():
    log: list = []
    stack = SceneStack()
    stack.push(Probe("a", log))
    stack.push(Probe("b", log))
    log.clear()
    assert stack.handle(Click((1, 1)))
    stack.update(0.016)
    assert log == ["b handle", "b update"]


def test_overlays_draw_over_the_scene_below_and_opaque_scenes_hide_it():
    log: list = []
    stack = SceneStack()
    surface = pygame.Surface((10, 10))
    stack.push(Probe("game", log))
    stack.push(Probe("pause", log, overlay=True))
    stack.push(Probe("dialog", log, overlay=True))
    log.clear()
    stack.draw(surface)
    assert log == ["game draw", "pause draw", "dialog draw"]
    stack.push(Probe("rules", log))
    log.clear()
    stack.draw(surface)
    assert log == ["rules draw"]


def test_replace_remove_and_reset():
    log: list = []
    stack = SceneStack()
    title, game, pause = Probe("title", log), Probe("game", log), Probe("pause", log, overlay=True)
    stack.push(title)
    stack.push(game)
    stack.push(pause)
    log.clear()
    stack.remove(game)  # quitting to the title closes the pause menu and the game
    assert log == ["pause exit", "game resume", "game exit", "title resume"]
    log.clear()
    results = Probe("results", log)
    stack.push(game)
    stack.replace(results)
    assert log == ["title pause", "game enter", "game exit", "results enter"]
    log.clear()
    stack.reset(Probe("new", log))
    assert log == ["results exit", "title exit", "new enter"]
    assert len(stack) == 1
