"""The oldest Linux a built folder can start on: the highest GLIBC and GLIBCXX symbol versions
that any ELF file in it requires (its .gnu.version_r section), read in plain Python.

    python tools/glibc_floor.py "dist/Humanity Desktop"
    python tools/glibc_floor.py "dist/Humanity Desktop" --limit GLIBC=2.35 --limit GLIBCXX=3.4.30

Prints, for each family of versions (GLIBC, GLIBCXX, CXXABI, GCC), the highest one required and
the file that requires it. Exits 1 if one is above its --limit, 2 if the folder holds no ELF file.
"""
from __future__ import annotations

import argparse
import struct
import sys
from pathlib import Path
from typing import NamedTuple

ELF_MAGIC = b"\x7fELF"
SHT_GNU_VERNEED = 0x6FFFFFFE
FAMILIES = ("GLIBC", "GLIBCXX", "CXXABI", "GCC")


class Need(NamedTuple):
    family: str
    version: tuple[int, ...]
    file: Path

    @property
    def text(self) -> str:
        return f"{self.family}_{'.'.join(map(str, self.version))}"


def parse_version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def required_versions(data: bytes) -> list[str]:
    """The symbol versions an ELF image requires of other libraries, e.g. 'GLIBC_2.17'."""
    if data[:4] != ELF_MAGIC:
        return []
    wide = data[4] == 2  # ELFCLASS64
    end = "<" if data[5] == 1 else ">"  # ELFDATA2LSB
    if wide:
        shoff, = struct.unpack_from(end + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(end + "HH", data, 0x3A)
    else:
        shoff, = struct.unpack_from(end + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(end + "HH", data, 0x2E)
    header = end + ("IIQQQQIIQQ" if wide else "IIIIIIIIII")
    sections = [struct.unpack_from(header, data, shoff + i * shentsize) for i in range(shnum)]
    names: list[str] = []
    for _, kind, _, _, offset, _, link, count, _, _ in sections:
        if kind != SHT_GNU_VERNEED:
            continue
        strings = sections[link][4]  # the linked string table's offset
        at = offset
        for _ in range(count):  # Verneed entries: version, aux count, file, aux offset, next
            _, aux_count, _, aux, following = struct.unpack_from(end + "HHIII", data, at)
            entry = at + aux
            for _ in range(aux_count):  # Vernaux: hash, flags, other, name, next
                _, _, _, name, step = struct.unpack_from(end + "IHHII", data, entry)
                start = strings + name
                names.append(data[start:data.index(b"\0", start)].decode("ascii", "replace"))
                entry += step
            at += following
    return names


def needs(folder: Path) -> list[Need]:
    """Every family's versions required by every ELF file under `folder`."""
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        with open(path, "rb") as f:
            if f.read(4) != ELF_MAGIC:
                continue
        for name in required_versions(path.read_bytes()):
            family, _, version = name.partition("_")
            if family in FAMILIES and version[:1].isdigit():
                found.append(Need(family, parse_version(version), path))
    return found


def floor(found: list[Need]) -> dict[str, Need]:
    """The highest version required in each family."""
    highest: dict[str, Need] = {}
    for need in found:
        if need.family not in highest or need.version > highest[need.family].version:
            highest[need.family] = need
    return highest


def limit(text: str) -> tuple[str, tuple[int, ...]]:
    family, sep, version = text.partition("=")
    try:
        if family not in FAMILIES or not sep:
            raise ValueError
        return family, parse_version(version)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not FAMILY=VERSION with FAMILY one of {', '.join(FAMILIES)}, e.g. GLIBC=2.35") from None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path, help="a built application folder")
    ap.add_argument("--limit", type=limit, action="append", default=[], metavar="FAMILY=VERSION",
                    help="fail if a file requires a newer version of FAMILY (repeatable)")
    args = ap.parse_args(argv)
    found = needs(args.folder)
    if not found:
        print(f"glibc_floor: no ELF file under {args.folder} requires a versioned symbol", file=sys.stderr)
        return 2
    highest = floor(found)
    for family in FAMILIES:
        if family in highest:
            need = highest[family]
            print(f"{need.text:16} required by {need.file.relative_to(args.folder).as_posix()}")
    over = [f"{highest[family].text} > {family}_{'.'.join(map(str, most))}"
            for family, most in args.limit if family in highest and highest[family].version > most]
    for line in over:
        print(f"glibc_floor: above the limit: {line}", file=sys.stderr)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
