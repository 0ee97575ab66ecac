"""tools/glibc_floor.py reads the symbol versions an ELF file requires (.gnu.version_r) in 32
and 64 bits, either byte order, and reports the highest of each family over a folder,
comparing versions as numbers; above a --limit it fails. The ELF files are made here, so
the tests run on every system."""
from __future__ import annotations

import importlib.util
import os
import struct
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("glibc_floor", ROOT / "tools" / "glibc_floor.py")
glibc_floor = importlib.util.module_from_spec(spec)
spec.loader.exec_module(glibc_floor)


def elf(needs: dict[str, list[str]], wide: bool = True, little: bool = True) -> bytes:
    """A minimal ELF image whose only content is a string table and a .gnu.version_r section
    requiring, of each library, the versions given."""
    end = "<" if little else ">"
    strings = bytearray(b"\0")

    def add(text: str) -> int:
        strings.extend(text.encode() + b"\0")
        return len(strings) - len(text) - 1

    verneed = bytearray()
    libraries = list(needs.items())
    for i, (library, versions) in enumerate(libraries):
        following = 16 + 16 * len(versions) if i < len(libraries) - 1 else 0
        verneed += struct.pack(end + "HHIII", 1, len(versions), add(library), 16, following)
        for j, version in enumerate(versions):
            step = 16 if j < len(versions) - 1 else 0
            verneed += struct.pack(end + "IHHII", 0, 0, 0, add(version), step)
    header_size, section_format = (64, "IIQQQQIIQQ") if wide else (52, "IIIIIIIIII")
    strings_at = header_size
    verneed_at = strings_at + len(strings)
    sections_at = verneed_at + len(verneed)
    sections = [(0,) * 10,
                (0, 3, 0, 0, strings_at, len(strings), 0, 0, 1, 0),  # SHT_STRTAB
                (0, 0x6FFFFFFE, 0, 0, verneed_at, len(verneed), 1, len(libraries), 4, 0)]
    ident = b"\x7fELF" + bytes([2 if wide else 1, 1 if little else 2, 1]) + bytes(9)
    entry_size = struct.calcsize(end + section_format)
    if wide:
        header = ident + struct.pack(end + "HHIQQQIHHHHHH", 3, 62, 1, 0, 0, sections_at, 0, 64, 0, 0,
                                     entry_size, len(sections), 0)
    else:
        header = ident + struct.pack(end + "HHIIIIIHHHHHH", 3, 3, 1, 0, 0, sections_at, 0, 52, 0, 0,
                                     entry_size, len(sections), 0)
    table = b"".join(struct.pack(end + section_format, *s) for s in sections)
    return header + bytes(strings) + bytes(verneed) + table


NEEDS = {"libc.so.6": ["GLIBC_2.9", "GLIBC_2.17", "GLIBC_2.2.5"],
         "libstdc++.so.6": ["GLIBCXX_3.4.21", "CXXABI_1.3.9"]}


@pytest.mark.parametrize("wide", [True, False], ids=["64-bit", "32-bit"])
@pytest.mark.parametrize("little", [True, False], ids=["little-endian", "big-endian"])
def test_the_required_versions_are_read_in_every_layout(wide, little):
    expected = [v for versions in NEEDS.values() for v in versions]
    assert glibc_floor.required_versions(elf(NEEDS, wide, little)) == expected


def test_a_file_that_is_not_elf_requires_nothing():
    assert glibc_floor.required_versions(b"#!/bin/sh\necho hello\n") == []


def test_the_floor_is_the_highest_version_of_each_family_by_number(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "old.so").write_bytes(elf({"libc.so.6": ["GLIBC_2.9", "GLIBC_2.17"]}))
    (tmp_path / "new.so").write_bytes(elf(NEEDS | {"libc.so.6": ["GLIBC_2.35"]}, wide=False))
    (tmp_path / "notes.txt").write_text("not a program")
    highest = glibc_floor.floor(glibc_floor.needs(tmp_path))
    assert {family: need.text for family, need in highest.items()} == {
        "GLIBC": "GLIBC_2.35", "GLIBCXX": "GLIBCXX_3.4.21", "CXXABI": "CXXABI_1.3.9"}
    assert highest["GLIBC"].file == tmp_path / "new.so"


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")
def test_a_link_is_counted_once_as_the_file_it_points_to(tmp_path):
    (tmp_path / "real.so").write_bytes(elf({"libc.so.6": ["GLIBC_2.17"]}))
    try:
        (tmp_path / "link.so").symlink_to(tmp_path / "real.so")
    except OSError:
        pytest.skip("this user may not make symbolic links (Windows without developer mode)")
    assert [n.file.name for n in glibc_floor.needs(tmp_path)] == ["real.so"]


def test_the_command_fails_above_its_limit_and_names_the_file(tmp_path, capsys):
    (tmp_path / "game.so").write_bytes(elf(NEEDS))
    assert glibc_floor.main([str(tmp_path), "--limit", "GLIBC=2.17", "--limit", "GLIBCXX=3.4.21"]) == 0
    assert "GLIBC_2.17       required by game.so" in capsys.readouterr().out
    assert glibc_floor.main([str(tmp_path), "--limit", "GLIBC=2.9"]) == 1
    assert "above the limit: GLIBC_2.17 > GLIBC_2.9" in capsys.readouterr().err


def test_a_folder_without_elf_files_is_an_error(tmp_path):
    assert glibc_floor.main([str(tmp_path)]) == 2
