"""What the screen says, as data: every text drawn, where it went, the room it had, its size,
and the fact of the game it states.

Text reaches the screen two ways: drawn straight onto it (fonts.draw_text), or drawn into a
picture (a tile, a figure, a tooltip) that is then blitted. While a test records, both are
followed: a text drawn into a picture is kept with that picture, and when the picture is
blitted onto a recording screen (`ScreenRecord.surface`, a Surface whose blits are watched)
its texts are noted again where they landed. A picture scaled on its way (`scaled`) takes
its texts along at the new size. An opaque panel drawn over texts (`cover`) hides them.

Outside a recording nothing is noted and nothing costs: each hook first checks `_RECORDS`.

A text that states a fact of the game names it (`Fact`): a seat's score, the round, whose
turn it is, a hidden value and whose it is. A test compares each with the engine's state.
"""
from __future__ import annotations

import inspect
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

import pygame


@dataclass(frozen=True)
class Fact:
    """What a text says about the game: `kind` (one of FACTS) of `seat`, and which of the
    seat's things where it has several (an astronaut's place, an experiment side)."""

    kind: str
    seat: int | None = None
    index: int | str | None = None


# The facts the screen states, each checked against the engine by tests/test_screen_truth.py;
# what each means is for the engineer, so it is said in a comment.
FACTS = frozenset({
    "date",  # the year and then the round on show
    "year",  # the year on show
    "round",  # the round on show
    "whose_turn",  # whose turn it is (the seat's name)
    "score",  # a seat's victory points
    "research",  # a seat's place on the research track
    "science",  # a seat's science tokens: hidden from every other seat
    "experiments",  # how many experiments of a side (index) a seat has carried out
    "astronaut_work",  # the work value of a seat's astronaut (index)
    "distance",  # how many spots past the arm a seat's astronaut (index) waits
    "stock",  # how many units of a resource (index) a seat's base holds
    "work_left",  # the work the active astronaut has left this turn
    "upgrades",  # the work upgrades the seat has yet to give out
    "turn_points",  # what confirming the turn adds to the seat's ledger, by source
    "calendar",  # how many rounds, then years, the game lasted
})
HIDDEN = frozenset({"science"})  # facts only their own seat may see


class Stated(str):
    """A text that states `fact`, for a caller that draws it later (a prompt's title)."""

    fact: Fact | None

    def __new__(cls, text: str, fact: Fact | None) -> Stated:
        out = super().__new__(cls, text)
        out.fact = fact
        return out


def fact_of(text: str) -> Fact | None:
    return getattr(text, "fact", None)


@dataclass(frozen=True)
class DrawnText:
    """A text as it was drawn: on the screen, or into a picture (then `rect` is in the picture)."""

    text: str
    px: int  # the font's size in pixels, as it reached the screen
    rect: pygame.Rect | None = None  # where it was drawn (None: rendered, not yet placed)
    box: pygame.Rect | None = None  # the room it had: the caller's box, or the surface's clip
    by: str = ""  # the module that drew it
    fact: Fact | None = None
    cut: bool = False  # shortened with an ellipsis where its whole was wanted (a button's label)


@dataclass
class _Recording:
    every: list[DrawnText] = field(default_factory=list)  # every text, on any surface


_RECORDS: list[_Recording] = []
# Texts drawn into each picture while recording, kept with the picture until it is placed.
_PICTURES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def active() -> bool:
    return bool(_RECORDS)


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Note every text rendered or drawn inside the block, on any surface."""
    record = _Recording()
    _RECORDS.append(record)
    try:
        yield record.every
    finally:
        _RECORDS.remove(record)
        if not _RECORDS:
            _PICTURES.clear()


def _caller() -> str:
    """The first module outside this one and fonts.py on the stack: the one that drew."""
    frame = inspect.currentframe().f_back.f_back  # the caller of the function that asked
    while frame.f_back is not None and frame.f_globals.get("__name__", "").endswith((".drawn", ".fonts")):
        frame = frame.f_back
    return frame.f_globals.get("__name__", "")


def note(surface: pygame.Surface | None, text: DrawnText) -> None:
    """`text` drawn onto `surface` (None: rendered, not placed). Only while recording."""
    text = replace(text, by=text.by or _caller())
    for record in _RECORDS:
        record.every.append(text)
    if surface is None:
        return
    if isinstance(surface, RecordingSurface):
        surface.record.add(text)
    else:
        _PICTURES.setdefault(surface, []).append(text)


def rendered(picture: pygame.Surface, text: DrawnText) -> None:
    """`picture` is `text` alone, rendered: placing the picture places the text."""
    for record in _RECORDS:
        record.every.append(replace(text, by=text.by or _caller()))
    _PICTURES[picture] = [replace(text, rect=picture.get_rect(), by=text.by or _caller())]


def place(surface: pygame.Surface, picture: pygame.Surface, dest, area: pygame.Rect | None = None,
          fact: Fact | None = None) -> pygame.Rect:
    """Blit `picture` onto `surface` at `dest`; while recording, its texts go with it, stating
    `fact` where they state nothing of their own."""
    if isinstance(surface, RecordingSurface):
        return surface.blit(picture, dest, area, fact=fact)
    changed = pygame.Surface.blit(surface, picture, dest, area)
    if _RECORDS:
        _carry(picture, surface, dest, area, fact)
    return changed


def _carry(picture: pygame.Surface, surface: pygame.Surface, dest, area, fact: Fact | None) -> None:
    texts = _PICTURES.get(picture)
    if not texts:
        return
    _placed(picture)
    x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
    shown = pygame.Rect(area) if area is not None else picture.get_rect()
    dx, dy = x - shown.x, y - shown.y
    # The text must stay in its own box, in the part of the picture blitted, inside the clip.
    room = shown.move(dx, dy).clip(surface.get_clip())
    for text in texts:
        box = (text.box or picture.get_rect()).move(dx, dy).clip(room)
        moved = replace(text, rect=text.rect.move(dx, dy), box=box, fact=text.fact or fact)
        if isinstance(surface, RecordingSurface):
            surface.record.add(moved)
        else:
            _PICTURES.setdefault(surface, []).append(moved)


def _placed(picture: pygame.Surface) -> None:
    for record in _RECORDS:
        if isinstance(record, ScreenRecord):
            record.placed.add(id(picture))


def copied(picture: pygame.Surface) -> pygame.Surface:
    """A copy of `picture` (to fade or tint), its texts with it."""
    out = picture.copy()
    texts = _PICTURES.get(picture) if _RECORDS else None
    if texts:
        _placed(picture)
        _PICTURES[out] = list(texts)
    return out


def scaled(picture: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """`picture` smoothly scaled to `size`, its texts with it (at the size they now show)."""
    out = pygame.transform.smoothscale(picture, size)
    texts = _PICTURES.get(picture) if _RECORDS else None
    if texts:
        _placed(picture)
        fx, fy = size[0] / max(1, picture.get_width()), size[1] / max(1, picture.get_height())

        def grown(r: pygame.Rect) -> pygame.Rect:
            return pygame.Rect(round(r.x * fx), round(r.y * fy), round(r.w * fx), round(r.h * fy))

        _PICTURES[out] = [replace(t, px=round(t.px * fy), rect=grown(t.rect), box=grown(t.box) if t.box else None)
                          for t in texts]
    return out


def cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """An opaque panel drawn over `rect`: the texts under it no longer show."""
    if isinstance(surface, RecordingSurface):
        surface.record.cover(pygame.Rect(rect).clip(surface.get_clip()))


class ScreenRecord(_Recording):
    """The texts of one frame as they reached a screen, in drawing order."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__()
        self.surface = RecordingSurface(size, self)
        self.shown: list[DrawnText] = []  # on the screen and not covered since
        self.placed: set[int] = set()  # the pictures whose texts were placed
        self.lost: list[DrawnText] = []  # once the frame is over: what unplaced() found

    def add(self, text: DrawnText) -> None:
        if text.rect is not None and text.rect.w and text.rect.h:
            self.shown.append(text)

    def cover(self, rect: pygame.Rect) -> None:
        self.shown = [t for t in self.shown if not rect.colliderect(t.rect)]

    def unplaced(self) -> list[DrawnText]:
        """Texts drawn into pictures this frame that never reached the screen by a way the
        record follows (a raw blit onto another picture): what the frame says unchecked."""
        return [t for surf, texts in list(_PICTURES.items()) if id(surf) not in self.placed
                and not isinstance(surf, RecordingSurface) for t in texts if t.text.strip()]


class RecordingSurface(pygame.Surface):
    """A screen whose blits are watched: every picture blitted onto it brings its texts."""

    def __init__(self, size: tuple[int, int], record: ScreenRecord) -> None:
        super().__init__(size)
        self.record = record

    def blit(self, source, dest, area=None, special_flags=0, fact: Fact | None = None):  # noqa: D102
        changed = super().blit(source, dest, area, special_flags)
        if _RECORDS:
            _carry(source, self, dest, area, fact)
        return changed

    def fill(self, color, rect=None, special_flags=0):  # noqa: D102
        changed = super().fill(color, rect, special_flags)
        if not special_flags and (len(color) < 4 or color[3] == 255):  # an opaque fill hides what was there
            self.record.cover(changed)
        return changed


@contextmanager
def screen_record(size: tuple[int, int]) -> Iterator[ScreenRecord]:
    """A screen of `size` to draw one frame on; what it says is in the record's `shown`."""
    record = ScreenRecord(size)
    _RECORDS.append(record)
    try:
        yield record
    finally:
        record.lost = record.unplaced()
        _RECORDS.remove(record)
        if not _RECORDS:
            _PICTURES.clear()
