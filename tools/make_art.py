"""Write every piece of the game's art as SVG, plus the app icon as PNG, ICO and ICNS.

    python tools/make_art.py [--out art]

One style throughout: a research base on Titan, deep blue-grey hull panels, brass and
amber hazard accents, soft glows made of radial gradients. Colours come from
humanity_desktop/ui/theme.py, board geometry from the board view, so the art follows a
palette or layout change when this script runs again. The output is byte-for-byte the
same on every run. Numbers and words are not art: the game draws them with its font.
"""
from __future__ import annotations

import argparse
import math
import os
import struct
import sys
import zlib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from humanity_desktop.engine.ring import RING  # noqa: E402
from humanity_desktop.ui import theme  # noqa: E402
from humanity_desktop.ui.views.board_view import ASTRO_SIZE, R_ASTRO, R_DISK, BoardView  # noqa: E402

HULL_HI, HULL, HULL_LO = (52, 66, 86), (34, 44, 60), (20, 26, 37)
SEAM, EDGE = (70, 86, 110), (8, 11, 17)
BRASS, BRASS_HI, BRASS_LO = (196, 150, 72), (246, 212, 140), (110, 78, 34)
AMBER, INK, WHITE = theme.ACCENT, (16, 20, 28), (255, 255, 255)
ICON_SIZES_ICO = (16, 24, 32, 48, 64, 128, 256)
ICON_TYPES_ICNS = (("ic11", 32), ("ic12", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512), ("ic10", 1024))


# ---------------------------------------------------------------- SVG writing

def hx(c) -> str:
    return "#%02x%02x%02x" % tuple(c[:3])


def num(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def pts(points) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def regular(cx, cy, r, n, start=-math.pi / 2) -> list:
    return [(cx + r * math.cos(start + 2 * math.pi * k / n), cy + r * math.sin(start + 2 * math.pi * k / n))
            for k in range(n)]


def star(cx, cy, r, points=5, inner=0.45) -> list:
    return [(cx + (r if k % 2 == 0 else r * inner) * math.cos(-math.pi / 2 + math.pi * k / points),
             cy + (r if k % 2 == 0 else r * inner) * math.sin(-math.pi / 2 + math.pi * k / points))
            for k in range(points * 2)]


def circle_path(cx, cy, r) -> str:
    """A circle as a path, so it can cut a hole in a shape with fill-rule evenodd."""
    return (f"M{num(cx - r)},{num(cy)} A{num(r)},{num(r)} 0 1 0 {num(cx + r)},{num(cy)} "
            f"A{num(r)},{num(r)} 0 1 0 {num(cx - r)},{num(cy)} Z")


def linear(gid: str, top, bottom) -> str:
    """Top to bottom over the shape (percentages: nanosvg misreads unitless bounding-box units)."""
    return (f'<linearGradient id="{gid}" x1="0%" y1="0%" x2="0%" y2="100%">'
            f'<stop offset="0" stop-color="{hx(top)}"/><stop offset="1" stop-color="{hx(bottom)}"/></linearGradient>')


def glow(gid: str, colour, opacity: float = 0.6) -> str:
    """A soft halo: the colour at the centre fading to nothing (SVG filters do not rasterise)."""
    return (f'<radialGradient id="{gid}" cx="50%" cy="50%" r="50%">'
            f'<stop offset="0" stop-color="{hx(colour)}" stop-opacity="{opacity}"/>'
            f'<stop offset="1" stop-color="{hx(colour)}" stop-opacity="0"/></radialGradient>')


def doc(view: str, body: str, defs: str = "") -> str:
    head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}">\n'
    return head + (f"<defs>{defs}</defs>\n" if defs else "") + body + "\n</svg>\n"


def shade(c, t: float, to=(0, 0, 0)) -> tuple:
    return theme.mix(c, to, t)


# ---------------------------------------------------------------- glyphs (centre 50,50)

def glyph(name: str, col: str) -> str:
    """A resource's picture, drawn in `col` inside a token of radius about 40."""
    stroke = f'stroke="{col}" stroke-linecap="round" fill="none"'
    if name == "ice":
        arms = []
        for k in range(3):
            a = math.pi * k / 3
            dx, dy = 27 * math.cos(a), 27 * math.sin(a)
            arms.append(f"M{num(50 - dx)},{num(50 - dy)} L{num(50 + dx)},{num(50 + dy)}")
            for sign in (1, -1):
                ex, ey = 50 + sign * dx * 0.7, 50 + sign * dy * 0.7
                back = a + (0 if sign > 0 else math.pi)
                for t in (0.7, -0.7):
                    arms.append(f"M{num(ex)},{num(ey)} L{num(ex - 10 * math.cos(back + t))},"
                                f"{num(ey - 10 * math.sin(back + t))}")
        return f'<path d="{" ".join(arms)}" {stroke} stroke-width="6"/>'
    if name == "methane":
        return (f'<path d="M50,20 C60,34 70,44 70,58 C70,70 61,79 50,79 C39,79 30,70 30,58 C30,44 40,34 50,20 Z" '
                f'fill="{col}"/><circle cx="50" cy="62" r="8" fill="{hx(INK)}" opacity="0.55"/>')
    if name == "insect":
        return (f'<path d="M26,44 L74,44 M24,58 L76,58 M28,72 L72,72 M45,28 L36,18 M55,28 L64,18" {stroke} '
                f'stroke-width="5"/><ellipse cx="50" cy="58" rx="13" ry="20" fill="{col}"/>'
                f'<circle cx="50" cy="33" r="9" fill="{col}"/>')
    if name == "oxygen":
        return (f'<circle cx="44" cy="47" r="18" {stroke} stroke-width="8"/>'
                f'<circle cx="68" cy="70" r="7" {stroke} stroke-width="5"/>')
    if name == "aircarbon":
        return "".join(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{col}"/>'
                       for x, y, r in ((37, 56, 12), (51, 44, 15), (64, 56, 11), (50, 60, 12)))
    if name == "protein":
        return (f'<g transform="rotate(-35 50 50)"><rect x="24" y="38" width="52" height="24" rx="12" fill="{col}"/>'
                f'<path d="M50,38 L36,38 A12,12 0 0 0 36,62 L50,62 Z" fill="{hx(WHITE)}" opacity="0.55"/></g>')
    if name == "electricity":
        return f'<polygon points="{pts([(55, 18), (32, 54), (48, 54), (43, 82), (68, 44), (52, 44)])}" fill="{col}"/>'
    # time: an hourglass
    return (f'<path d="M33,22 L67,22 L50,50 Z" {stroke} stroke-width="5" stroke-linejoin="round"/>'
            f'<path d="M33,78 L67,78 L50,50 Z" fill="{col}" stroke="{col}" stroke-width="5" stroke-linejoin="round"/>')


def token_shape(name: str) -> list:
    """Basics sit on a round token, advanced on a hexagon, electricity on a diamond."""
    if name in ("oxygen", "aircarbon", "protein"):
        return regular(50, 50, 47, 6, 0)
    if name in ("electricity", "time"):
        return regular(50, 50, 48, 4)
    return regular(50, 50, 46, 40)


def resource(name: str) -> str:
    col = theme.RESOURCE_COLOURS[name]
    defs = (f'<radialGradient id="b" cx="50%" cy="35%" r="70%"><stop offset="0" stop-color="{hx(shade(col, 0.55))}"/>'
            f'<stop offset="1" stop-color="{hx(shade(col, 0.85))}"/></radialGradient>')
    outline = pts(token_shape(name))
    body = (f'<polygon points="{outline}" fill="url(#b)" stroke="{hx(col)}" stroke-width="7" stroke-linejoin="round"/>'
            + glyph(name, hx(col)))
    return doc("0 0 100 100", body, defs)


# ---------------------------------------------------------------- colour symbols, in white (tinted at run time)

def symbol_body(name: str, col=WHITE) -> str:
    w = hx(col)
    if name == "gear":
        teeth = []
        for k in range(32):
            a = 2 * math.pi * (k + 0.5) / 32
            r = 46 if k % 4 in (0, 1) else 34
            teeth.append((50 + r * math.cos(a), 50 + r * math.sin(a)))
        d = "M" + " L".join(f"{num(x)},{num(y)}" for x, y in teeth) + " Z " + circle_path(50, 50, 14)
        body = f'<path d="{d}" fill="{w}" fill-rule="evenodd"/>'
    elif name == "robot":
        d = ("M22,36 L78,36 Q88,36 88,46 L88,78 Q88,88 78,88 L22,88 Q12,88 12,78 L12,46 Q12,36 22,36 Z "
             + circle_path(34, 58, 9) + " " + circle_path(66, 58, 9) + " M34,73 L66,73 L66,79 L34,79 Z")
        body = (f'<path d="{d}" fill="{w}" fill-rule="evenodd"/><path d="M50,36 L50,16" stroke="{w}" stroke-width="7"/>'
                f'<circle cx="50" cy="13" r="8" fill="{w}"/>')
    elif name == "plant":
        body = (f'<path d="M50,92 L50,40" stroke="{w}" stroke-width="8" stroke-linecap="round"/>'
                f'<path d="M50,62 C40,40 18,40 8,48 C18,64 38,70 50,62 Z" fill="{w}"/>'
                f'<path d="M50,62 C60,40 82,40 92,48 C82,64 62,70 50,62 Z" fill="{w}"/>'
                f'<ellipse cx="50" cy="24" rx="14" ry="20" fill="{w}"/>')
    else:  # flask
        d = "M38,8 L62,8 L62,36 L92,88 Q94,94 86,94 L14,94 Q6,94 8,88 L38,36 Z M26,66 L74,66 L78,73 L22,73 Z"
        body = f'<path d="{d}" fill="{w}" fill-rule="evenodd" stroke-linejoin="round"/>'
    return body


def placed(body: str, x: float, y: float, size: float) -> str:
    """A 100x100 picture placed inside another at (x, y), `size` wide."""
    return f'<g transform="translate({num(x)} {num(y)}) scale({num(size / 100)})">{body}</g>'


# ---------------------------------------------------------------- tokens and small pictures

def vp_token() -> str:
    defs = linear("s", BRASS_HI, BRASS) + glow("g", AMBER, 0.6)
    body = (f'<circle cx="50" cy="50" r="50" fill="url(#g)"/>'
            f'<polygon points="{pts(star(50, 52, 44))}" fill="url(#s)" stroke="{hx(shade(BRASS_LO, 0.4))}" '
            f'stroke-width="3" stroke-linejoin="round"/>'
            f'<polygon points="{pts(star(50, 52, 24))}" fill="{hx(BRASS_HI)}" opacity="0.45"/>')
    return doc("0 0 100 100", body, defs)


def science_token() -> str:
    teal, light = (50, 150, 170), (176, 244, 250)
    defs = linear("t", shade(teal, 0.2, WHITE), shade(teal, 0.45))
    body = (f'<polygon points="{pts(regular(50, 50, 47, 6, 0))}" fill="url(#t)" stroke="{hx(light)}" stroke-width="7" '
            f'stroke-linejoin="round"/>'
            f'<polygon points="{pts(regular(50, 50, 18, 6, 0))}" fill="{hx(light)}"/>')
    return doc("0 0 100 100", body, defs)


def patch_token() -> str:
    """The first-player patch: a mission roundel with Titan and its haze."""
    defs = linear("p", (250, 190, 96), (170, 92, 30)) + glow("h", AMBER, 0.8)
    body = (f'<circle cx="50" cy="50" r="47" fill="{hx(HULL_LO)}" stroke="{hx(BRASS)}" stroke-width="6"/>'
            f'<circle cx="50" cy="54" r="34" fill="url(#h)"/>'
            f'<circle cx="50" cy="54" r="22" fill="url(#p)"/>'
            f'<ellipse cx="50" cy="54" rx="38" ry="9" fill="none" stroke="{hx(BRASS_HI)}" stroke-width="3" '
            f'transform="rotate(-18 50 54)"/>'
            f'<polygon points="{pts(star(50, 20, 9))}" fill="{hx(WHITE)}"/>')
    return doc("0 0 100 100", body, defs)


def research_token() -> str:
    col = hx((150, 220, 255))
    orbits = "".join(f'<ellipse cx="50" cy="50" rx="45" ry="17" fill="none" stroke="{col}" stroke-width="7" '
                     f'transform="rotate({a} 50 50)"/>' for a in (0, 60, 120))
    return doc("0 0 100 100", orbits + f'<circle cx="50" cy="50" r="10" fill="{col}"/>')


def work_token() -> str:
    """One work point: a cog, toothed so it never passes for a hexagonal resource token."""
    defs = linear("m", (246, 246, 250), (170, 176, 192))
    teeth, half = 8, math.pi / 8  # each tooth spans half a tooth's share of the turn, each gap the rest
    outline = [(50 + r * math.cos(2 * math.pi * k / teeth + a), 50 + r * math.sin(2 * math.pi * k / teeth + a))
               for k in range(teeth) for r, a in ((37, -half), (47, -half * 0.55), (47, half * 0.55), (37, half))]
    body = (f'<polygon points="{pts(outline)}" fill="url(#m)" stroke="{hx(EDGE)}" stroke-width="4" stroke-linejoin="round"/>'
            f'<circle cx="50" cy="50" r="15" fill="{hx(HULL)}"/>')
    return doc("0 0 100 100", body, defs)


def side_mark_body(side: str) -> str:
    col = hx(theme.SIDE_COLOURS[side])
    shapes = {"left": f'<polygon points="4,50 86,6 86,94" fill="{col}"/>',
              "right": f'<polygon points="96,50 14,6 14,94" fill="{col}"/>',
              "center": f'<circle cx="50" cy="50" r="42" fill="{col}"/>'}
    return shapes[side]


def effect(name: str) -> str:
    col = hx((230, 232, 242))
    if name == "reactivate":
        body = (f'<path d="M78,36 A32,32 0 1 0 82,58" fill="none" stroke="{col}" stroke-width="11" stroke-linecap="round"/>'
                f'<polygon points="66,30 94,22 88,50" fill="{col}"/>')
    else:
        body = "".join(f'<g transform="translate({dx} 10) scale(0.8)">{glyph("time", col)}</g>' for dx in (-14, 34))
    return doc("0 0 100 100", body)


def greenhouse(shape: str) -> str:
    glass, frame = (170, 240, 200), hx((120, 210, 170))
    outline = {
        "round": '<circle cx="50" cy="50" r="42" {a}/>',
        "rectangular": '<rect x="6" y="24" width="88" height="52" rx="5" {a}/>',
        "octagonal": f'<polygon points="{pts(regular(50, 50, 44, 8, math.pi / 8))}" {{a}}/>',
        "wild": f'<polygon points="{pts(star(50, 52, 46, 5, 0.5))}" {{a}}/>',
    }[shape]
    defs = glow("g", glass, 0.35)
    attrs = f'fill="url(#g)" stroke="{hx(glass)}" stroke-width="8" stroke-linejoin="round"'
    ribs = f'<path d="M50,14 L50,86 M14,50 L86,50" stroke="{frame}" stroke-width="3" opacity="0.6"/>'
    return doc("0 0 100 100", outline.format(a=attrs) + ribs, defs)


def drone_pad() -> str:
    col = hx((214, 218, 230))
    rotors = "".join(f'<circle cx="{x}" cy="{y}" r="13" fill="none" stroke="{col}" stroke-width="5"/>'
                     for x, y in ((22, 22), (78, 22), (22, 78), (78, 78)))
    body = (f'<circle cx="50" cy="50" r="44" fill="{hx(HULL_LO)}" stroke="{hx(AMBER)}" stroke-width="5" '
            f'stroke-dasharray="10 7"/>' + rotors +
            f'<path d="M30,30 L70,70 M70,30 L30,70" stroke="{col}" stroke-width="7"/>'
            f'<rect x="38" y="38" width="24" height="24" rx="5" fill="{col}"/>')
    return doc("0 0 100 100", body)


def any_colour() -> str:
    """The chip for "a module of any colour": the four module colours in quarters."""
    defs = '<clipPath id="c"><rect x="1" y="1" width="98" height="98" rx="14"/></clipPath>'
    quarters = "".join(f'<rect x="{x}" y="{y}" width="50" height="50" fill="{hx(theme.MODULE_COLOURS[c])}"/>'
                       for c, x, y in (("orange", 0, 0), ("blue", 50, 0), ("green", 0, 50), ("purple", 50, 50)))
    body = (f'<g clip-path="url(#c)">{quarters}</g>'
            f'<rect x="1" y="1" width="98" height="98" rx="14" fill="none" stroke="{hx(INK)}" stroke-width="4"/>')
    return doc("0 0 100 100", body, defs)


def cross() -> str:
    return doc("0 0 100 100", '<path d="M18,18 L82,82 M82,18 L18,82" stroke="#0b0e14" stroke-width="26" '
               'stroke-linecap="round"/><path d="M18,18 L82,82 M82,18 L18,82" stroke="#f0f0f4" '
               'stroke-width="14" stroke-linecap="round"/>')


def dome_body() -> str:
    """The starting-module emblem: the first dome of the base."""
    body = (f'<path d="M14,78 A36,36 0 0 1 86,78 Z" fill="{hx(BRASS)}" stroke="{hx(INK)}" stroke-width="5"/>'
            f'<path d="M30,78 A20,20 0 0 1 70,78" fill="none" stroke="{hx(BRASS_HI)}" stroke-width="5"/>'
            f'<rect x="6" y="76" width="88" height="10" rx="3" fill="{hx(INK)}"/>')
    return body


# ---------------------------------------------------------------- players

def shape_outline(shape: str, r: float, fill: str) -> str:
    """A player's marker shape around the centre of a 100x100 picture."""
    if shape == "circle":
        return f'<circle cx="50" cy="50" r="{num(r)}" fill="{fill}"/>'
    if shape == "square":
        side = num(r * 1.72)
        return (f'<rect x="{num(50 - r * 0.86)}" y="{num(50 - r * 0.86)}" width="{side}" height="{side}" '
                f'rx="{num(r * 0.2)}" fill="{fill}"/>')
    if shape == "triangle":
        return f'<polygon points="{pts(regular(50, 57, r * 1.1, 3))}" fill="{fill}"/>'
    return f'<polygon points="{pts(regular(50, 50, r * 1.02, 4))}" fill="{fill}"/>'


def marker(char: int) -> str:
    """A player's marker: their colour in their shape, with a dark rim for any background."""
    col = theme.PLAYER_COLOURS[char]
    shape = theme.PLAYER_SHAPES[char]
    defs = ('<radialGradient id="m" cx="40%" cy="35%" r="70%">'
            f'<stop offset="0" stop-color="{hx(shade(col, 0.35, WHITE))}"/><stop offset="1" stop-color="{hx(col)}"/>'
            '</radialGradient>')
    return doc("0 0 100 100", shape_outline(shape, 47, hx(EDGE)) + shape_outline(shape, 37, "url(#m)"), defs)


def astronaut(char: int, awake: bool) -> str:
    """One template for all four players: suit in the player's colour, their shape on the
    chest, and a white work badge in the corner for the number. Resting ones turn away."""
    col = theme.PLAYER_COLOURS[char] if awake else theme.mix(theme.PLAYER_COLOURS[char], (60, 62, 74), 0.6)
    defs = (linear("s", shade(col, 0.25, WHITE), shade(col, 0.35)) +
            linear("v", (60, 90, 130), (14, 20, 34)) + glow("g", AMBER, 0.3))
    helmet = (f'<rect x="34" y="21" width="32" height="18" rx="8" fill="url(#v)" stroke="{hx(EDGE)}" stroke-width="2"/>'
              f'<path d="M40,26 Q46,23 54,25" stroke="{hx((255, 214, 140))}" stroke-width="3" fill="none" '
              f'stroke-linecap="round" opacity="0.9"/>' if awake else
              f'<rect x="38" y="24" width="24" height="7" rx="3" fill="{hx(shade(col, 0.45))}"/>')
    shape = theme.PLAYER_SHAPES[char]
    emblem = shape_outline(shape, 47, hx(EDGE)) + shape_outline(shape, 36, hx(shade(col, 0.55)))
    body = (f'<circle cx="50" cy="50" r="50" fill="url(#g)"/>'
            f'<rect x="20" y="48" width="60" height="46" rx="15" fill="{hx(EDGE)}"/>'
            f'<rect x="24" y="51" width="52" height="40" rx="12" fill="url(#s)"/>'
            f'<circle cx="50" cy="32" r="25" fill="{hx(EDGE)}"/>'
            f'<circle cx="50" cy="32" r="21" fill="url(#s)"/>' + helmet + placed(emblem, 38, 58, 24) +
            f'<circle cx="79" cy="79" r="19" fill="#f5f0e6" stroke="{hx(EDGE)}" stroke-width="3"/>')
    return doc("0 0 100 100", body, defs)


# ---------------------------------------------------------------- tiles and cards

def hull_plate(x, y, w, h, r, rim) -> str:
    """A hull panel: dark bevelled plate, a lighter top edge, rivets in the lower corners."""
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{r}" fill="url(#hull)" stroke="{hx(rim)}" '
            f'stroke-width="2.5"/>'
            f'<path d="M{x + r},{y + 2.5} L{x + w - r},{y + 2.5}" stroke="{hx(HULL_HI)}" stroke-width="1.5"/>'
            + "".join(f'<circle cx="{cx}" cy="{y + h - 5}" r="1.8" fill="{hx(SEAM)}"/>' for cx in (x + 5, x + w - 5)))


HULL_DEFS = linear("hull", HULL, HULL_LO)
METAL_DEFS = linear("m", (214, 218, 232), (96, 102, 120))  # the arm's brushed steel


def module_frame(colour: str | None, start: bool = False) -> str:
    """A module's face without its data: hull plate, colour band with the colour's symbol.
    `colour` None is an undeployed communication module: half blue, half orange."""
    defs = HULL_DEFS
    if colour is None:
        blue, orange = theme.MODULE_COLOURS["blue"], theme.MODULE_COLOURS["orange"]
        band = (f'<path d="M9,1.5 L58,1.5 L46,27 L1.5,27 L1.5,9 Q1.5,1.5 9,1.5 Z" fill="{hx(blue)}"/>'
                f'<path d="M58,1.5 L91,1.5 Q98.5,1.5 98.5,9 L98.5,27 L46,27 Z" fill="{hx(orange)}"/>'
                + placed(symbol_body("robot", INK), 2, 7, 11) + placed(symbol_body("gear", INK), 13, 7, 11))
    else:
        col = theme.MODULE_COLOURS[colour]
        defs += linear("band", shade(col, 0.22, WHITE), shade(col, 0.12))
        band = (f'<path d="M9,1.5 L91,1.5 Q98.5,1.5 98.5,9 L98.5,27 L1.5,27 L1.5,9 Q1.5,1.5 9,1.5 Z" fill="url(#band)"/>'
                + placed(symbol_body(theme.COLOUR_SYMBOLS[colour], INK), 4, 3.5, 20))
    body = (hull_plate(1.5, 1.5, 97, 97, 8, EDGE) + band +
            f'<path d="M1.5,27 L98.5,27" stroke="{hx(EDGE)}" stroke-width="1.5"/>'
            f'<rect x="4" y="77" width="92" height="19" rx="5" fill="{hx(HULL_LO)}" opacity="0.8"/>')
    if start:
        body += placed(dome_body(), 74, 3, 22)
    return doc("0 0 100 100", body, defs)


def tile_back(colour: str) -> str:
    """The back of a module (and the miniature on a seat card): its colour and symbol."""
    col = theme.MODULE_COLOURS[colour]
    defs = linear("b", shade(col, 0.15, WHITE), shade(col, 0.25)) + glow("g", WHITE, 0.35)
    body = (f'<rect x="1" y="1" width="98" height="98" rx="14" fill="url(#b)"/>'
            f'<circle cx="50" cy="50" r="40" fill="url(#g)"/>'
            + placed(symbol_body(theme.COLOUR_SYMBOLS[colour], INK), 16, 16, 68))
    return doc("0 0 100 100", body, defs)


def obstacle() -> str:
    """Rubble on Titan's crust inside a hazard-striped frame."""
    rock, rock_hi = (86, 78, 72), (120, 110, 100)
    defs = linear("r", rock_hi, shade(rock, 0.4)) + linear("ground", (62, 56, 54), (36, 32, 32))
    stripes = "".join(f'<polygon points="{x},2 {x + 8},2 {x - 4},14 {x - 12},14" fill="{hx(AMBER)}"/>'
                      for x in range(10, 100, 16))
    rocks = "".join(f'<polygon points="{pts(regular(cx, cy, r, n, a))}" fill="url(#r)" stroke="{hx(EDGE)}" '
                    f'stroke-width="1.5"/>'
                    for cx, cy, r, n, a in ((30, 42, 17, 6, 0.3), (64, 36, 14, 5, 0.9), (50, 60, 21, 7, 0.1),
                                            (24, 68, 11, 5, 1.3), (78, 62, 12, 6, 0.6)))
    body = (f'<rect x="1.5" y="1.5" width="97" height="97" rx="8" fill="url(#ground)" stroke="{hx(EDGE)}" '
            f'stroke-width="2.5"/><g opacity="0.85">{stripes}</g>'
            f'<path d="M2,14 L98,14" stroke="{hx(EDGE)}" stroke-width="1.5"/>' + rocks)
    return doc("0 0 100 100", body, defs)


def experiment_frame(side: str) -> str:
    """An experiment: a round-cornered glass slide with its side's colour and mark."""
    col = theme.SIDE_COLOURS[side]
    defs = linear("e", shade(col, 0.62), shade(col, 0.84)) + glow("g", col, 0.35)
    mark = side_mark_body(side)
    body = (f'<rect x="2" y="2" width="96" height="96" rx="13" fill="url(#e)" stroke="{hx(col)}" stroke-width="3"/>'
            f'<circle cx="50" cy="56" r="34" fill="url(#g)"/>'
            f'<rect x="6" y="6" width="88" height="88" rx="10" fill="none" stroke="{hx(shade(col, 0.3, WHITE))}" '
            f'stroke-width="1" opacity="0.35"/>'
            + placed(mark, 7, 7, 20))
    return doc("0 0 100 100", body, defs)


def mission_frame(mtype: str) -> str:
    """A mission tile, 3:1: hazard stripes and the type badge on the left, a socket for a
    token on the right; the game widens the plain middle to fit the text."""
    defs = HULL_DEFS + linear("badge", BRASS_HI, BRASS_LO)
    hazard = "".join(f'<polygon points="1,{y} 9,{y - 8} 9,{y - 2} 1,{y + 6}" fill="{hx(AMBER)}"/>'
                     for y in range(14, 96, 12))
    body = (f'<rect x="1" y="1" width="298" height="98" rx="12" fill="url(#hull)" stroke="{hx(SEAM)}" stroke-width="2"/>'
            f'<g opacity="{0.45 + 0.2 * "ABC".index(mtype)}">{hazard}</g>'
            f'<circle cx="36" cy="50" r="23" fill="url(#badge)" stroke="{hx(EDGE)}" stroke-width="3"/>'
            f'<circle cx="36" cy="50" r="17" fill="none" stroke="{hx(BRASS_HI)}" stroke-width="1.5" opacity="0.6"/>'
            f'<circle cx="272" cy="50" r="19" fill="{hx(HULL_LO)}" stroke="{hx(SEAM)}" stroke-width="2"/>')
    return doc("0 0 300 100", body, defs)


def track(kind: str) -> str:
    """A track's channel, 10:1; its marks are drawn by the game from the catalogue."""
    lit = AMBER if kind == "score" else (120, 210, 235)
    defs = linear("c", HULL_LO, HULL) + linear("l", shade(lit, 0.3, WHITE), shade(lit, 0.3))
    body = (f'<rect x="1" y="1" width="398" height="38" rx="12" fill="url(#c)" stroke="{hx(SEAM)}" stroke-width="2"/>'
            f'<rect x="10" y="16" width="380" height="8" rx="4" fill="{hx(EDGE)}"/>'
            f'<rect x="12" y="18" width="376" height="4" rx="2" fill="url(#l)" opacity="0.55"/>')
    return doc("0 0 400 40", body, defs)


# ---------------------------------------------------------------- the main board

def board_ring() -> str:
    """The main board from the rim to the disk's edge: brass rim, walkway with one socket per
    spot for the astronauts, hangar ring with seams between the spots, and the red mark of
    spot 0, where the arm starts."""
    defs = (linear("rim", BRASS_HI, BRASS_LO) + linear("walk", (30, 38, 52), (18, 23, 33)) +
            linear("ring", (40, 51, 69), (24, 31, 44)) + glow("haze", AMBER, 0.22))
    walk_in, disk = 100 * (R_ASTRO - ASTRO_SIZE * 0.55), 100 * R_DISK
    seams, sockets = [], []
    for k in range(RING):
        a = BoardView.angle(k + 0.5)
        seams.append(f"M{num(disk * math.cos(a))},{num(disk * math.sin(a))} "
                     f"L{num(walk_in * math.cos(a))},{num(walk_in * math.sin(a))}")
        b = BoardView.angle(k)
        x, y = 100 * R_ASTRO * math.cos(b), 100 * R_ASTRO * math.sin(b)
        sockets.append(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(100 * ASTRO_SIZE * 0.42)}" fill="{hx(HULL_LO)}" '
                       f'stroke="{hx(SEAM)}" stroke-width="0.8"/>')
    start = BoardView.angle(0)
    mark = (f'<path d="M{num(97 * math.cos(start - 0.05))},{num(97 * math.sin(start - 0.05))} '
            f'L{num(97 * math.cos(start + 0.05))},{num(97 * math.sin(start + 0.05))}" '
            f'stroke="{hx((214, 60, 52))}" stroke-width="3"/>')
    body = (f'<circle r="100" fill="url(#haze)"/>'
            f'<circle r="99" fill="url(#rim)"/><circle r="97.5" fill="{hx(EDGE)}"/>'
            f'<circle r="97" fill="url(#walk)"/>'
            f'<circle r="{num(walk_in)}" fill="url(#ring)" stroke="{hx(BRASS_LO)}" stroke-width="1.2"/>'
            f'<path d="{" ".join(seams)}" stroke="{hx(EDGE)}" stroke-width="1"/>'
            f'<circle r="{num(100 * R_ASTRO)}" fill="none" stroke="{hx(AMBER)}" stroke-width="0.6" '
            f'stroke-dasharray="3 4" opacity="0.4"/>' + mark + "".join(sockets))
    return doc("-100 -100 200 200", body, defs)


def board_disk() -> str:
    """The experiment disk in the middle of the board, with its grooves."""
    defs = ('<radialGradient id="d" cx="50%" cy="40%" r="60%">'
            f'<stop offset="0" stop-color="{hx((50, 62, 82))}"/><stop offset="1" stop-color="{hx((26, 32, 46))}"/>'
            '</radialGradient>')
    grooves = "".join(f'<circle r="{r}" fill="none" stroke="{hx(SEAM)}" stroke-width="0.8" opacity="0.6"/>'
                      for r in (58, 72, 86))
    body = (f'<circle r="99" fill="{hx(EDGE)}"/><circle r="96" fill="url(#d)" stroke="{hx(BRASS)}" stroke-width="2"/>'
            + grooves)
    return doc("-100 -100 200 200", body, defs)


def board_hub() -> str:
    defs = ('<radialGradient id="h" cx="50%" cy="30%" r="70%">'
            f'<stop offset="0" stop-color="{hx((70, 82, 104))}"/><stop offset="1" stop-color="{hx((26, 32, 46))}"/>'
            '</radialGradient>' + glow("g", AMBER, 0.35))
    bolts = "".join(f'<circle cx="{num(x)}" cy="{num(y)}" r="3" fill="{hx(BRASS)}"/>'
                    for x, y in regular(0, 0, 88, 8, math.pi / 8))
    body = (f'<circle r="99" fill="{hx(EDGE)}"/><circle r="95" fill="url(#h)" stroke="{hx(BRASS)}" stroke-width="3"/>'
            f'<circle r="70" fill="url(#g)"/>' + bolts)
    return doc("-100 -100 200 200", body, defs)


def hangar_pad(exit_pad: bool) -> str:
    """A hangar pad; the two pads whose modules leave at the reset wear hazard edges."""
    edge = (232, 232, 240) if exit_pad else SEAM
    defs = linear("p", (22, 28, 40), (14, 18, 27))
    corners = "".join(f'<path d="M{x},{y + 14 * sy} L{x},{y} L{x + 14 * sx},{y}" stroke="{hx(AMBER)}" stroke-width="3" '
                      f'fill="none" opacity="0.7"/>'
                      for x, y, sx, sy in ((6, 6, 1, 1), (94, 6, -1, 1), (6, 94, 1, -1), (94, 94, -1, -1)))
    body = (f'<rect x="1.5" y="1.5" width="97" height="97" rx="9" fill="url(#p)" stroke="{hx(edge)}" '
            f'stroke-width="{3 if exit_pad else 1.5}"' + (' stroke-dasharray="12 6"' if exit_pad else "") + "/>"
            + corners)
    return doc("0 0 100 100", body, defs)


def arm_strut() -> str:
    """One segment of the articulated arm, 10:1, drawn along +x."""
    defs = METAL_DEFS
    holes = "".join(f'<rect x="{x}" y="7.5" width="16" height="5" rx="2.5" fill="{hx(EDGE)}" opacity="0.7"/>'
                    for x in range(40, 160, 30))
    body = (f'<rect x="0" y="0" width="200" height="20" rx="10" fill="{hx(EDGE)}"/>'
            f'<rect x="2" y="2" width="196" height="16" rx="8" fill="url(#m)"/>' + holes +
            f'<rect x="2" y="2" width="22" height="16" rx="8" fill="{hx(AMBER)}" opacity="0.85"/>'
            f'<rect x="176" y="2" width="22" height="16" rx="8" fill="{hx(AMBER)}" opacity="0.85"/>')
    return doc("0 0 200 20", body, defs)


def arm_joint() -> str:
    defs = linear("j", BRASS_HI, BRASS_LO)
    body = (f'<circle cx="50" cy="50" r="48" fill="{hx(EDGE)}"/><circle cx="50" cy="50" r="42" fill="url(#j)"/>'
            f'<circle cx="50" cy="50" r="16" fill="{hx(HULL)}" stroke="{hx(EDGE)}" stroke-width="4"/>')
    return doc("0 0 100 100", body, defs)


def arm_claw() -> str:
    """The gripper at the arm's tip, open toward +x."""
    defs = METAL_DEFS
    finger = 'M30,42 L64,22 L92,30 L88,38 L66,33 L40,50 Z'
    body = (f'<path d="{finger}" fill="url(#m)" stroke="{hx(EDGE)}" stroke-width="3" stroke-linejoin="round"/>'
            f'<path d="{finger}" fill="url(#m)" stroke="{hx(EDGE)}" stroke-width="3" stroke-linejoin="round" '
            f'transform="translate(0 100) scale(1 -1)"/>'
            f'<circle cx="32" cy="50" r="16" fill="{hx(AMBER)}" stroke="{hx(EDGE)}" stroke-width="4"/>')
    return doc("0 0 100 100", body, defs)


# ---------------------------------------------------------------- the app icon

def app_icon() -> str:
    """Titan in its amber haze, a ring arc, and the base's dome in front."""
    defs = (linear("bg", (40, 52, 72), (12, 16, 24)) + linear("t", (252, 196, 100), (160, 84, 26)) +
            glow("h", AMBER, 0.7) + linear("d", (120, 200, 240), (40, 90, 140)))
    body = (f'<rect x="24" y="24" width="976" height="976" rx="200" fill="url(#bg)" stroke="{hx(BRASS)}" stroke-width="24"/>'
            f'<circle cx="512" cy="470" r="360" fill="url(#h)"/>'
            f'<circle cx="512" cy="470" r="250" fill="url(#t)"/>'
            f'<path d="M300,470 A250,250 0 0 0 724,470 Z" fill="{hx((120, 60, 20))}" opacity="0.35"/>'
            f'<ellipse cx="512" cy="470" rx="400" ry="90" fill="none" stroke="{hx(BRASS_HI)}" stroke-width="26" '
            f'transform="rotate(-16 512 470)"/>'
            f'<path d="M252,880 A260,200 0 0 1 772,880 Z" fill="url(#d)" stroke="{hx(EDGE)}" stroke-width="18"/>'
            f'<path d="M340,880 A172,130 0 0 1 684,880" fill="none" stroke="{hx((200, 236, 255))}" stroke-width="14" '
            f'opacity="0.6"/><rect x="180" y="868" width="664" height="44" rx="20" fill="{hx(BRASS)}"/>'
            f'<polygon points="{pts(star(800, 200, 46))}" fill="{hx(WHITE)}"/>')
    return doc("0 0 1024 1024", body, defs)


def png_bytes(svg_path: Path, size: int) -> bytes:
    """The SVG rasterised at `size`, as a PNG written here so the bytes never vary."""
    surf = pygame.image.load_sized_svg(str(svg_path), (size, size))
    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, "RGBA")
    rows = b"".join(b"\x00" + raw[y * w * 4:(y + 1) * w * 4] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows icon holding one PNG per size (256 is written as 0 in the directory)."""
    sizes = sorted(pngs)
    out = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    for s in sizes:
        out += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(pngs[s]), offset)
        offset += len(pngs[s])
    return out + b"".join(pngs[s] for s in sizes)


def icns_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    """A macOS icon: PNG entries, each with its four-letter type and length."""
    body = b"".join(kind.encode() + struct.pack(">I", 8 + len(data)) + data for kind, data in entries)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


# ---------------------------------------------------------------- everything

def pieces() -> dict[str, str]:
    """Every SVG file, by its path under art/."""
    out = {f"resources/{n}.svg": resource(n) for n in theme.RESOURCE_COLOURS}
    out |= {f"symbols/{s}.svg": doc("0 0 100 100", symbol_body(s)) for s in theme.COLOUR_SYMBOLS.values()}
    out |= {"tokens/vp.svg": vp_token(), "tokens/science.svg": science_token(), "tokens/patch.svg": patch_token(),
            "tokens/research.svg": research_token(), "tokens/work.svg": work_token()}
    out |= {f"marks/side-{s}.svg": doc("0 0 100 100", side_mark_body(s)) for s in theme.SIDE_COLOURS}
    out |= {f"marks/effect-{e}.svg": effect(e) for e in ("reactivate", "time2")}
    out |= {f"marks/greenhouse-{s}.svg": greenhouse(s) for s in ("round", "rectangular", "octagonal", "wild")}
    out |= {"marks/drone.svg": drone_pad(), "marks/cross.svg": cross(), "marks/dome.svg": doc("0 0 100 100", dome_body()),
            "marks/any-colour.svg": any_colour()}
    for i in range(len(theme.PLAYER_COLOURS)):
        out[f"players/marker-{i}.svg"] = marker(i)
        out[f"players/astronaut-{i}.svg"] = astronaut(i, True)
        out[f"players/astronaut-{i}-resting.svg"] = astronaut(i, False)
    for colour in theme.MODULE_COLOURS:
        out[f"tiles/module-{colour}.svg"] = module_frame(colour)
        out[f"tiles/start-{colour}.svg"] = module_frame(colour, start=True)
        out[f"tiles/back-{colour}.svg"] = tile_back(colour)
    out |= {"tiles/communication.svg": module_frame(None), "tiles/obstacle.svg": obstacle()}
    out |= {f"cards/experiment-{s}.svg": experiment_frame(s) for s in theme.SIDE_COLOURS}
    out |= {f"cards/mission-{t}.svg": mission_frame(t) for t in "ABC"}
    out |= {f"board/track-{k}.svg": track(k) for k in ("score", "research")}
    out |= {"board/ring.svg": board_ring(), "board/disk.svg": board_disk(), "board/hub.svg": board_hub(),
            "board/pad.svg": hangar_pad(False), "board/pad-exit.svg": hangar_pad(True),
            "board/arm-strut.svg": arm_strut(), "board/arm-joint.svg": arm_joint(), "board/arm-claw.svg": arm_claw()}
    out["icon/humanity.svg"] = app_icon()
    return out


def write(out: Path) -> list[Path]:
    written = []
    for rel, text in sorted(pieces().items()):
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        written.append(path)
    svg = out / "icon/humanity.svg"
    icons = {
        "icon/humanity.png": png_bytes(svg, 1024),
        "icon/humanity.ico": ico_bytes({s: png_bytes(svg, s) for s in ICON_SIZES_ICO}),
        "icon/humanity.icns": icns_bytes([(kind, png_bytes(svg, s)) for kind, s in ICON_TYPES_ICNS]),
    }
    for rel, data in icons.items():
        (out / rel).write_bytes(data)
        written.append(out / rel)
    return written


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "art")
    args = ap.parse_args()
    files = write(args.out)
    print(f"{len(files)} files written under {args.out}")


if __name__ == "__main__":
    main()
