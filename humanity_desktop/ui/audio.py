"""Sound: an effect for what happens on the table, and a quiet ambient track, several
minutes long, streamed from its compressed file as music and looped.

What plays when is data (sounds/sounds.json). Sound never stops the game: with no audio
device, or a sound file that cannot be read, the player is silent and says so once in the log.
"""
from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from .. import assets
from ..controller import events as bus_events
from ..storage.logs import log
from ..engine.events import VP, MissionTaken, Research

TABLE = "sounds.json"
MIXER = {"frequency": 22050, "size": -16, "channels": 2, "buffer": 512}  # small buffer: little delay
CHANNELS = 16
SILENT = (0.0, 0.0)  # (effects, music) levels


@dataclass(frozen=True)
class SoundTable:
    """sounds/sounds.json: the effects (file, gain), the ambient track, and which events play
    what; points play by their source where it has its own sound (a square completed)."""

    effects: dict[str, tuple[str, float]] = field(default_factory=dict)
    ambient: tuple[str, float] | None = None
    repeat_gap: float = 0.08  # seconds within which the same effect does not play twice
    bus_events: dict[type, str] = field(default_factory=dict)
    engine_events: dict[str, str] = field(default_factory=dict)
    vp_sources: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_json(cls, raw: dict) -> SoundTable:
        return cls(
            effects={name: (entry["file"], entry["gain"]) for name, entry in raw["effects"].items()},
            ambient=(raw["ambient"]["file"], raw["ambient"]["gain"]),
            repeat_gap=raw["repeat_gap_ms"] / 1000,
            bus_events={getattr(bus_events, name): sound for name, sound in raw["bus_events"].items()},
            engine_events=dict(raw["engine_events"]),
            vp_sources=dict(raw.get("vp_sources", {})),
        )


def load_table() -> SoundTable:
    """The game's sound table; an empty one (no sound) if it cannot be read."""
    try:
        return SoundTable.from_json(json.loads(assets.sound(TABLE).read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, AttributeError) as exc:
        log.warning("no sound: %s cannot be used (%s)", TABLE, exc)
        return SoundTable()


def action_sounds(engine_events, sounds: dict[str, str], vp_sources: dict[str, str] | None = None) -> list[str]:
    """The effects for what one action did, each once, in the order it happened."""
    names: list[str] = []
    for event in engine_events:
        name = sounds.get(event.kind)
        if isinstance(event, VP):
            name = (vp_sources or {}).get(event.source, name)
        if name and not _quiet(event) and name not in names:
            names.append(name)
    return names


def _quiet(event) -> bool:
    """A loss is no gain, and a mission's points come with the mission's own sound."""
    match event:
        case VP(amount=amount, source=source) | Research(amount=amount, source=source):
            return amount <= 0 or source.startswith("mission")
    return False


def mission_sound(event: MissionTaken, humans: frozenset) -> str:
    """A mission taken sounds like a loss only when a bot took it from a human at the table."""
    lost = event.from_ in humans and event.player not in humans
    return "mission_lost" if lost else "mission_claimed"


def open_mixer() -> bool:
    """Open the audio device if it is not open yet; False when there is none."""
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(**MIXER)
            pygame.mixer.set_num_channels(CHANNELS)
    except (pygame.error, NotImplementedError) as exc:  # no device, or pygame built without a mixer
        log.warning("no sound: the audio device cannot be opened (%s)", exc)
        return False
    return True


def load_sound(file: str) -> pygame.mixer.Sound | None:
    try:
        return pygame.mixer.Sound(str(assets.sound(file)))
    except (pygame.error, OSError) as exc:
        log.warning("sound %s cannot be played (%s)", file, exc)
        return None


def load_music(file: str) -> bool:
    """Make `file` the music stream; False (and a line in the log) if it cannot be played."""
    try:
        pygame.mixer.music.load(str(assets.sound(file)))
    except (pygame.error, OSError) as exc:
        log.warning("sound %s cannot be played (%s)", file, exc)
        return False
    return True


class AudioPlayer:
    """Plays effects at the effects volume and loops the ambient at the music volume.
    Silent until the first sync(settings), and for good when there is no audio device."""

    def __init__(self, table: SoundTable | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.table = table or load_table()
        self._clock = clock
        self._last: dict[str, float] = {}
        self._levels = SILENT
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._ambient = False  # whether the ambient track is loaded as the music stream
        self.enabled = open_mixer()
        if self.enabled:
            loaded = {name: load_sound(file) for name, (file, _) in self.table.effects.items()}
            self._sounds = {name: sound for name, sound in loaded.items() if sound is not None}
            self._ambient = self.table.ambient is not None and load_music(self.table.ambient[0])

    def sync(self, settings) -> None:
        """Apply the settings' volumes and mute; does nothing when they have not changed, so
        it may run every frame."""
        levels = SILENT if settings.muted else (settings.effects_volume, settings.music_volume)
        if levels == self._levels:
            return
        self._levels = levels
        for name, sound in self._sounds.items():
            sound.set_volume(self.table.effects[name][1] * levels[0])
        if self._ambient:
            self._loop_ambient(levels[1])

    def _loop_ambient(self, level: float) -> None:
        music = pygame.mixer.music
        music.set_volume(self.table.ambient[1] * level)
        if level == 0:
            music.stop()
        elif not music.get_busy():
            music.play(loops=-1)

    def play(self, name: str) -> pygame.mixer.Channel | None:
        """Play effect `name`; the channel it plays on, or None when it stays silent (muted,
        unknown, no device, or the same effect played less than the repeat gap ago: a bot's
        quick moves, or a gesture's sound echoed by the move it made)."""
        sound = self._sounds.get(name)
        now = self._clock()
        if sound is None or self._levels[0] == 0 or now - self._last.get(name, -math.inf) < self.table.repeat_gap:
            return None
        self._last[name] = now
        return sound.play()

    def listen(self, match) -> None:
        """Play the sounds of `match`: every move, a human's or a bot's, passes its bus."""
        bus, humans = match.bus, frozenset(match.humans)
        for event_type, name in self.table.bus_events.items():
            bus.subscribe(event_type, lambda ev, name=name: self.play(name))
        bus.subscribe(bus_events.ActionApplied, self._on_action)
        bus.subscribe(MissionTaken, lambda ev: self.play(mission_sound(ev, humans)))

    def _on_action(self, event: bus_events.ActionApplied) -> None:
        for name in action_sounds(event.engine_events, self.table.engine_events, self.table.vp_sources):
            self.play(name)

    def stop(self) -> None:
        """Silence everything until the next sync (the window is closing)."""
        if self.enabled:
            pygame.mixer.stop()
            pygame.mixer.music.stop()
        self._levels = SILENT


_PLAYER: AudioPlayer | None = None


def player() -> AudioPlayer:
    """The game's one player, opened on first use: the app keeps it as `app.audio`, and the
    widgets play their clicks on it."""
    global _PLAYER
    if _PLAYER is None:
        _PLAYER = AudioPlayer()
    return _PLAYER
