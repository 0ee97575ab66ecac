"""Scenes and the stack that runs them.

Lifecycle: a pushed scene gets on_enter; the one it covers gets on_pause. Popping calls
on_exit on the top and on_resume on the scene below. Only the top scene handles input
and updates; drawing starts at the highest scene that is not an overlay, so overlays
(pause menu, dialogs, hand-off) draw over what lies beneath.

Nothing is drawn while nothing changes: the stack is dirty after input, a change of scenes,
a resize or a scene's own `changed()`, and the top scene's `next_change()` says when it
moves by itself (an animation, a timer, a bot to move). The app draws a frame only then.
"""
from __future__ import annotations

import pygame


def soonest(*waits: float | None) -> float | None:
    """The nearest of a scene's coming changes (see Scene.next_change); None when none is coming."""
    due = [max(0.0, w) for w in waits if w is not None]
    return min(due) if due else None


class Scene:
    overlay = False  # True: the scene below stays visible underneath

    def __init__(self, app) -> None:
        self.app = app

    def next_change(self) -> float | None:
        """Seconds until what the scene shows changes with no input: 0 while something
        moves (a frame every tick), a delay while a timer runs (a tooltip about to show),
        None when only input or the scene's own `changed()` changes it."""
        return None

    def changed(self) -> None:
        """What the scene shows changed outside input (news, a notice): draw it."""
        self.app.stack.dirty = True

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
        self.dirty = True  # what is on screen is out of date: the next frame must be drawn

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        self.dirty = True
        if self._scenes:
            self._scenes[-1].on_pause()
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene:
        self.dirty = True
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
        self.dirty = True
        if self._scenes:
            self._scenes.pop().on_exit()
        self._scenes.append(scene)
        scene.on_enter()

    def reset(self, scene: Scene) -> None:
        """Close every scene and start over from `scene`."""
        self.dirty = True
        while self._scenes:
            self._scenes.pop().on_exit()
        self.push(scene)

    def handle(self, intent) -> bool:
        self.dirty = True  # input moves the pointer's highlight if nothing else
        return bool(self._scenes) and self._scenes[-1].handle(intent)

    def update(self, dt: float) -> None:
        if self._scenes:
            self._scenes[-1].update(dt)

    def next_change(self) -> float | None:
        """When the top scene changes by itself (see Scene.next_change); the scenes under it
        wait, as they are not updated."""
        return self._scenes[-1].next_change() if self._scenes else None

    def resize(self, size: tuple[int, int]) -> None:
        self.dirty = True
        for scene in self._scenes:
            scene.on_resize(size)

    def draw(self, surface: pygame.Surface) -> None:
        first = len(self._scenes) - 1
        while first > 0 and self._scenes[first].overlay:
            first -= 1
        for scene in self._scenes[max(first, 0):]:
            scene.draw(surface)
        self.dirty = False
