"""The rules in brief, scrollable."""
from __future__ import annotations

import pygame

from ...engine.catalogue import LAST_YEAR, load
from ...engine.flow import LEFTOVERS_PER_VP
from ...engine.grid import MAX_GREENHOUSES
from ...engine.ring import HANGARS
from ...engine.rules import MAX_WORK, OBSTACLE_RESEARCH, START_WORK, UPGRADE_SQUARE_COLOURS
from ...engine.scoring import MISSION_VP
from ...language import N_, _, listed, number
from .. import theme
from ..backdrop import backdrop
from ..fonts import draw_text, fonts
from ..input import Back, Click, Key, Point, Wheel
from ..scene import Scene
from ..widgets import Button, KeyFocus, button_height, draw_panel, panel_inner
from . import routes

_CAT = load()
_BEHIND = _CAT.tokens_per_player_behind
# The rules, a heading and a paragraph each: messages, taken in the language in force when
# shown, with the game's numbers put in by name (values()).
RULES = [
    (N_("Goal"), N_("Score the most victory points (VP) over three years by growing your base on Titan: "
                    "deploy modules, carry out experiments, complete missions and climb the research track.")),
    (N_("Your turn"), N_("Choose one active astronaut in your base, then one action: work on the base, deploy a "
                         "module, or carry out an experiment. Play passes clockwise; a player with no active "
                         "astronaut skips.")),
    (N_("Work on the base"), N_("Spend the astronaut's work points ({start_work} to {max_work}) to activate tiles: "
                                "a module makes one unit (1 work for orange, 2 for blue) and holds at most 3; an "
                                "obstacle loses one resistance per work point and at 0 is gone, for "
                                "{obstacle_research} research. The astronaut then rests until the next round.")),
    (N_("The main board"), N_("Eight spots round the ring. The arm stands on one; the seven others are hangars, the "
                              "first two after the arm under white crosses. The experiment wheel turns with the "
                              "arm: each experiment sits in line with a hangar.")),
    (N_("Deploy a module"), N_("Pick any module on the main board and pay its cost. It is built where your "
                               "astronaut stood; the astronaut goes beside the board, as many spots past the arm "
                               "as the hangar's number. A new producer arrives holding {stock}. "
                               "Research and VP printed on it are earned at once. A finished 2x2 square of modules "
                               "scores 1 VP, and if it has at most {square_colours} colours one astronaut gains "
                               "a work point.")),
    (N_("Communication"), N_("A communication module is neither colour on the board: as you deploy it, choose "
                             "orange or blue, and your base gets a plain tile of that colour with its research.")),
    (N_("Paying"), N_("Spend units from your modules one at a time. Electricity can stand for any basic (ice, "
                      "methane, insects). Three basics of one kind stand for the matching advanced resource "
                      "(oxygen, aircarbon, protein), and electricity may fill in for any of those three. "
                      "Auto-pay spends the least valuable units first.")),
    (N_("Greenhouses"), N_("Connected greenhouses: at most {greenhouses}, all different shapes. A new one scores "
                           "1 VP alone, 2 beside another, 3 when it completes a group of three.")),
    (N_("Experiments"), N_("Pay the cost and send the astronaut beside the board, in line with the experiment, "
                           "then earn the research and any effect. One left, one centre and one right experiment "
                           "make a group: the second scores 1 VP, the third 2 VP.")),
    (N_("Missions"), N_("After your action, the first player to meet a mission takes its science token and "
                        "{mission_vp} VP. Doing strictly better later takes the tile and its {mission_vp} VP from "
                        "the holder.")),
    (N_("The reset"), N_("When nobody has an active astronaut, the round ends: the first-player patch moves on, "
                         "modules under the white crosses leave, the others slide clockwise to the far end, and "
                         "the arm moves {hangars} spots minus the modules left (a full turn when none is left), "
                         "taking the experiments with it. Astronauts it passes come home and are placed next to "
                         "a module. New modules fill the empty hangars.")),
    # Translators: {marks} is the list of the research track's marks, "8, 15, 21 and 30".
    (N_("Years"), N_("When a year's modules run out, the research track pays 1 science token per mark reached "
                     "({marks}; research stops at {cap}), plus {behind_two} tokens for each player behind you "
                     "with 2 players, {behind_more} with more. Then research starts again from 0 and the "
                     "experiments change. After year {last_year} each science token is 1 VP and every "
                     "{leftovers} leftover units 1 VP. Ties: electricity, then advanced, then basic resources "
                     "left.")),
    (N_("Colours"), N_("Orange modules carry a gear, blue a robot, green a plant, purple a flask. Each player has "
                       "a marker shape: Kayla a circle, Aleksander a square, Gabriel a triangle, Yuko a diamond.")),
]


def values() -> dict[str, str]:
    """The numbers the rules name, written as the language in force writes them."""
    return {"start_work": number(START_WORK), "max_work": number(MAX_WORK),
            "obstacle_research": number(OBSTACLE_RESEARCH), "stock": number(_CAT.stock_on_arrival),
            "square_colours": number(UPGRADE_SQUARE_COLOURS), "greenhouses": number(MAX_GREENHOUSES),
            "mission_vp": number(MISSION_VP), "hangars": number(HANGARS),
            "marks": listed([number(pos) for pos, _value in _CAT.research_marks]),
            "cap": number(_CAT.research_cap), "behind_two": number(_BEHIND[2]),
            "behind_more": number(_BEHIND[4]), "last_year": number(LAST_YEAR),
            "leftovers": number(LEFTOVERS_PER_VP)}

SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}  # lines; Page Up and Down move a page


@routes.screen(routes.RULES)
class RulesScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.scroll = 0
        self.pointer = (0, 0)
        self.back = Button(_("Back"), lambda: self.app.stack.pop(), style="primary")
        self.focus = KeyFocus(arrows=False)
        self.area = pygame.Rect(0, 0, 0, 0)

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        sc = self.app.scale
        self.panel = pygame.Rect(0, 0, min(size[0] - int(40 * sc), int(900 * sc)), size[1] - int(60 * sc))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.back.rect = pygame.Rect(0, 0, int(160 * sc), button_height(sc))
        self.back.rect.bottomright = (self.panel.right - int(16 * sc), self.panel.bottom - int(14 * sc))
        inner = panel_inner(self.panel, sc, _("Rules in brief"))
        self.area = pygame.Rect(inner.x + int(10 * sc), inner.y, inner.w - int(20 * sc),
                                self.back.rect.top - inner.y - int(10 * sc))
        self.lines = self._lines(self.area.w)
        self.scroll = 0

    def _body_px(self) -> int:
        return theme.text_px(16, self.app.scale)

    def _line_h(self) -> int:
        return fonts().height(self._body_px()) + int(2 * self.app.scale)

    def _lines(self, width: int) -> list[tuple[str, bool]]:
        out: list[tuple[str, bool]] = []
        said = values()
        for head, body in RULES:
            out.append((_(head).upper(), True))
            out += [(line, False) for line in fonts().wrap(_(body).format(**said), self._body_px(), width)]
            out.append(("", False))
        return out

    def _visible(self) -> int:
        return max(1, self.area.h // self._line_h())

    def _scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self.scroll + lines, len(self.lines) - self._visible()))

    def handle(self, intent) -> bool:
        if self.focus.handle(intent, [self.back]):
            return True
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Wheel):
            self._scroll_by(-intent.dy * 3)
        elif isinstance(intent, Key) and intent.key in SCROLL_KEYS:
            self._scroll_by(SCROLL_KEYS[intent.key])
        elif isinstance(intent, Key) and intent.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._scroll_by(self._visible() * (1 if intent.key == pygame.K_PAGEDOWN else -1))
        elif isinstance(intent, Click):
            self.back.click(intent.pos)
        elif isinstance(intent, Back):
            self.app.stack.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        surface.blit(backdrop(surface.get_size()), (0, 0))
        draw_panel(surface, self.panel, sc, _("Rules in brief"), fill=(26, 25, 34), edge=theme.ACCENT_DARK)
        visible = self._visible()
        self._scroll_by(0)  # in range, also after the window grew
        y = self.area.y
        for text, head in self.lines[self.scroll:self.scroll + visible]:
            draw_text(surface, text, theme.text_px(15, sc) if head else self._body_px(), theme.ACCENT if head else theme.TEXT,
                      (self.area.x, y), bold=head, box=self.area)
            y += self._line_h()
        if len(self.lines) > visible:
            more = _("Scroll (wheel, arrow keys) for more") if self.scroll + visible < len(self.lines) else _("The end")
            draw_text(surface, more, theme.text_px(13, sc), theme.TEXT_FAINT, (self.area.x, self.back.rect.centery),
                      "midleft", box=self.panel)
        self.focus.mark([self.back])
        self.back.draw(surface, sc, self.back.hit(self.pointer))
