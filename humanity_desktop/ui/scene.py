"""Scenes and the stack that runs them.

Lifecycle: a pushed scene gets on_enter; the one it covers gets on_pause. Popping calls
on_exit on the top and on_resume on the scene below. Only the top scene handles input
and updates; drawing starts at the highest scene that is not an overlay, so overlays
(pause menu, dialogs, hand-off) draw over what lies beneath.
"""
from __future__ import annotations

import pygame


class Scene:
    overlay = False  # True: the scene below stays visible underneath

    def __init__(self, app) -> None:
        self.app = app

    def on_enter(self) -> None:
        """Pushed onto the stack."""

    def on_exit(self) -> None:
        """Popped off the stack (or replaced)."""

    def on_pause(self) -> None:
        """Another scene was pushed on top."""

    def on_resume(self) -> None:
        """The scene on top was popped."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size; lay out again."""

    def handle(self, intent) -> bool:
        """React to an input intent; True if it was used."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes[-1].on_pause()
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene:
        scene = self._scenes.pop()
        scene.on_exit()
        if self._scenes:
            self._scenes[-1].on_resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Pop `scene` and everything above it."""
        while scene in self._scenes:
            self.pop()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another; the one below is neither resumed nor paused."""
        if self._scenes:
            self._scenes.pop().on_exit()
        self._scenes.append(scene)
        scene.on_enter()

    def reset(self, scene: Scene) -> None:
        """Close every scene and start over from `scene`."""
        while self._scenes:
            self._scenes.pop().on_exit()
        self.push(scene)

    def handle(self, intent) -> bool:
        return bool(self._scenes) and self._scenes[-1].handle(intent)

    def update(self, dt: float) -> None:
        if self._scenes:
            self._scenes[-1].update(dt)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self._scenes:
            scene.on_resize(size)

    def draw(self, surface: pygame.Surface) -> None:
        first = len(self._scenes) - 1
        while first > 0 and self._scenes[first].overlay:
            first -= 1
        for scene in self._scenes[max(first, 0):]:
            scene.draw(surface)
