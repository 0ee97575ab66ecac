"""The art: every piece loads, every catalogue id has a face that shows something at the
smallest and the largest sizes, the app icon parses in all three formats, and the
generator writes exactly the files that are committed."""
from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from humanity_desktop import assets  # noqa: E402
from humanity_desktop.engine.catalogue import load  # noqa: E402
from humanity_desktop.ui import tile_art  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ART = assets.art()
SIZES = (40, 270)  # below the smallest tile on a 1280x720 window; a tile on a 3840x2160 one
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield


def generated() -> list[Path]:
    """Every file the generator owns: the art except the fonts."""
    return sorted(p for p in ART.rglob("*") if p.is_file() and "fonts" not in p.relative_to(ART).parts
                  and p.suffix in (".svg", ".png", ".ico", ".icns"))


def as_read(path: Path) -> str | bytes:
    """A file as the game reads it: an SVG's text, whose line endings are the checkout's (CRLF
    where git converts them) and mean nothing to its XML; any other file's bytes."""
    return path.read_text(encoding="utf-8") if path.suffix == ".svg" else path.read_bytes()


def visible(surf: pygame.Surface) -> int:
    """How many distinct colours the picture shows: a blank or one-colour face has one or two."""
    small = pygame.transform.scale(surf, (32, 32))
    return len({tuple(small.get_at((x, y))) for x in range(32) for y in range(32)})


def faces() -> list[tuple[str, str]]:
    cat = load()
    return ([("tile", t) for t in cat.tiles] + [("experiment", e) for e in cat.experiments]
            + [("mission", m) for m in cat.missions])


def face(kind: str, key: str, size: int) -> pygame.Surface:
    if kind == "tile":
        return tile_art.module_tile(key, size)
    if kind == "experiment":
        return tile_art.experiment_tile(key, size)
    return tile_art.mission_card(key, size * 5, size)


def test_the_faces_cover_the_whole_catalogue():
    """45 modules, 6 communication tiles (3 values in orange and blue), 4 starting modules,
    3 obstacles, 27 experiments and 18 missions."""
    cat = load()
    tiles = cat.tiles.values()
    assert sum(1 for t in tiles if t.year) == 45
    assert sum(1 for t in tiles if not t.year and t.kind == "communication") == 6
    assert sum(1 for t in tiles if not t.year and t.kind == "production") == 4
    assert sum(1 for t in tiles if t.kind == "obstacle") == 3
    assert len(faces()) == 45 + 6 + 4 + 3 + 27 + 18


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind,key", faces())
def test_every_catalogue_id_has_a_face_with_content(kind, key, size):
    surf = face(kind, key, size)
    assert surf.get_height() == size
    assert visible(surf) > 12


@pytest.mark.parametrize("size", SIZES)
def test_faces_differ_where_the_data_differs(size):
    """Two ids whose printed data differ never get the same picture."""
    cat = load()

    def printed(spec) -> tuple:
        return tuple(v for k, v in vars(spec).items() if k not in ("id", "name", "face"))

    seen: dict[bytes, tuple] = {}
    for kind, key in faces():
        spec = {"tile": cat.tiles, "experiment": cat.experiments, "mission": cat.missions}[kind][key]
        data = (kind, printed(spec) if kind != "mission" else key)
        pixels = pygame.image.tobytes(face(kind, key, size), "RGBA")
        assert seen.setdefault(pixels, data) == data, f"{key} looks like another id with other data"


def test_a_stock_change_redraws_the_face():
    full = tile_art.module_tile("s-ice", 80, 3)
    empty = tile_art.module_tile("s-ice", 80, 0)
    assert pygame.image.tobytes(full, "RGBA") != pygame.image.tobytes(empty, "RGBA")


@pytest.mark.parametrize("awake", (True, False))
def test_astronauts_in_every_colour_and_work_value(awake):
    pictures = {pygame.image.tobytes(tile_art.astronaut(c, 48, w, awake, True), "RGBA") for c in range(4) for w in (2, 3, 4)}
    assert len(pictures) == 12


@pytest.mark.parametrize("path", [p for p in generated() if p.suffix == ".svg"], ids=lambda p: p.name)
def test_every_svg_loads(path):
    surf = pygame.image.load_sized_svg(str(path), (64, 64))
    assert max(surf.get_size()) == 64
    assert visible(surf) > 2


def test_icon_png():
    data = (ART / "icon/humanity.png").read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    assert struct.unpack(">II", data[16:24]) == (1024, 1024)


def test_icon_ico_holds_several_png_sizes():
    data = (ART / "icon/humanity.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 3
    widths = set()
    for i in range(count):
        w, h, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        assert data[offset:offset + 8] == PNG_SIGNATURE and offset + size <= len(data)
        widths.add(w or 256)
    assert len(widths) == count and 256 in widths


def test_icon_icns_header_and_entries():
    data = (ART / "icon/humanity.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    pos, kinds = 8, []
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        assert data[pos + 8:pos + 16] == PNG_SIGNATURE
        kinds.append(kind)
        pos += length
    assert pos == len(data) and b"ic10" in kinds and len(kinds) >= 3


def test_generator_reproduces_the_committed_files(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "tools/make_art.py"), "--out", str(tmp_path)], check=True,
                   capture_output=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert made == [p.relative_to(ART) for p in generated()]
    for rel in made:
        assert as_read(tmp_path / rel) == as_read(ART / rel), f"{rel} differs: run tools/make_art.py"


@pytest.mark.parametrize("factor", (1.0, 1.5))
@pytest.mark.parametrize("w,h", [(230, 34), (250, 40), (300, 50), (420, 64)])
def test_a_mission_card_keeps_its_words_on_the_card_at_any_size(w, h, factor):
    """A card too small for the whole mission ends its words with an ellipsis (the tooltip
    gives them whole) rather than drawing past its edge or dropping words unmarked."""
    from humanity_desktop.ui import theme
    from humanity_desktop.ui.drawn import recording

    pygame.font.init()
    theme.set_text_size(factor)
    try:
        for mid, spec in load().missions.items():
            with recording() as texts:
                tile_art.mission_card.__wrapped__(mid, w, h)
            drawn = [t for t in texts if t.rect is not None]  # the type's letter, the name, then the words
            assert drawn and all(t.box.contains(t.rect) for t in drawn), (mid, [t.text for t in drawn])
            assert drawn[0].text == spec.type
            words = " ".join(t.text for t in drawn[2:])
            assert words == spec.text or (words or drawn[1].text).endswith("…"), (mid, words)
    finally:
        theme.set_text_size(1.0)
