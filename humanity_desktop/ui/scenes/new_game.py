"""New game: who sits where (human or bot, with a level), which astronaut each plays,
and an optional seed; or one click for a solo game against 1, 2 or 3 bots. It opens on the
table last started (kept in the settings), or the default one, and suggests a level from the
player's recent results (controller/suggestion.py), which one click gives every bot."""
from __future__ import annotations

import random
from dataclasses import replace

import pygame

from ...controller import BOT, CHARACTERS, HUMAN, Seat, bots_wait_words, default_level, level_name, ranked_levels
from ...controller.suggestion import suggest
from ...language import N_, _, ngettext
from .. import icons, theme
from ..backdrop import backdrop
from ..fonts import draw_text, fonts
from ..input import Back, Click, Key, Point
from ..scene import Scene
from ..table_setup import EMPTY, FEWEST, MOST, TableSetup, is_seed_text, kinds_at
from ..widgets import Button, ButtonTips, KeyFocus, button_height, draw_panel, label_width, layout_row, panel_head
from . import routes
from .keep_game import play_when_kept

MARGIN = 24  # design pixels between the panel's sides and its rows
CHAR_TIP = N_("Click for the next astronaut; the seat that had them takes this one")
LEVEL_TIP = N_("How well this bot plays, from Beginner to Expert; click for the next level. "
               "How fast bots move is the Bot pace option")
KINDS = {HUMAN: N_("Human"), BOT: N_("Bot"), EMPTY: N_("Empty")}  # a seat's kind, as its button reads


@routes.screen(routes.NEW_GAME)
class NewGameScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.levels = ranked_levels()
        table = app.settings.new_game or TableSetup.default()
        self.rows = list(table.places)
        self.seed_text = table.seed
        self.seed_focus = False
        self.quick_level = default_level()  # the quick start's bots
        self.suggestion = suggest(app.session.stats)
        self.pointer = (0, 0)
        self.tips = ButtonTips()
        self.focus = KeyFocus()

    # ------------------------------------------------------------ layout

    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        self._build()

    def _build(self) -> None:
        """Lay the panel out from the top down, each line as tall as its text needs."""
        sc, ts = self.app.scale, max(1.0, theme.text_size())
        size = self.app.size
        w = min(int(780 * sc * ts), size[0] - int(2 * MARGIN * sc))
        bh, gap, f = button_height(sc), int(10 * sc), fonts()
        self.panel = pygame.Rect(0, 0, w, 0)
        x, inner_w = int(MARGIN * sc), w - int(2 * MARGIN * sc)  # from the panel's left, until it is placed
        y = int(10 * sc) + panel_head(sc) + int(4 * sc)
        self.quick_text_y = y
        y += f.height(self._note_px()) + int(6 * sc)
        self.quick = [Button(ngettext("Solo against {n} bot", "Solo against {n} bots", n).format(n=n), self._solo(n),
                             style="primary")
                      for n in range(FEWEST - 1, MOST)]
        layout_row(self.quick, pygame.Rect(x, y, inner_w, bh), gap)
        y = self._build_suggestion(x, y + bh + int(20 * sc), inner_w, bh)
        self.table_text_y = y
        y += f.height(self._note_px()) + int(6 * sc)
        label_w = f.width(self._seat(MOST - 1), self._label_px(), bold=True) + theme.icon_px(26, sc) + int(24 * sc)
        char_w, kind_w = int(190 * sc * ts), int(150 * sc * ts)
        self.row_buttons: list[list[Button]] = []
        for i, row in enumerate(self.rows):
            char = Button(CHARACTERS[row.character], self._next_char(i), tooltip=_(CHAR_TIP))
            kind = Button(_(KINDS[row.kind]), self._next_kind(i), enabled=i >= FEWEST or row.kind != EMPTY)
            level = Button(_("Level: {level}").format(level=level_name(row.level)), self._next_level(i),
                           enabled=row.kind == BOT, tooltip=_(LEVEL_TIP))
            char.rect = pygame.Rect(x + label_w, y, char_w, bh)
            kind.rect = pygame.Rect(char.rect.right + gap, y, kind_w, bh)
            level.rect = pygame.Rect(kind.rect.right + gap, y, x + inner_w - kind.rect.right - gap, bh)
            if row.kind == EMPTY:
                char.enabled = level.enabled = False
            self.row_buttons.append([char, kind, level])
            y += bh + gap
        y += int(6 * sc)
        self.seed_button = Button(self.seed_text or _("random"), self._focus_seed, style="quiet",
                                  selected=self.seed_focus, tooltip=_("Type a number to replay a deal; empty: random"))
        self.seed_button.rect = pygame.Rect(x + label_w, y, char_w, bh)
        y += bh + int(12 * sc)
        self.pace_room = pygame.Rect(x, y, inner_w, f.height(self._note_px()))  # the bots' pace, one line
        y += self.pace_room.h + int(12 * sc)
        self.start = Button(_("Start game"), self._start, style="primary")
        self.back = Button(_("Back"), lambda: self.app.stack.pop(), style="quiet")
        self.start.rect = pygame.Rect(x + inner_w - int(220 * sc * ts), y, int(220 * sc * ts), bh)
        self.back.rect = pygame.Rect(x, y, int(160 * sc * ts), bh)
        self.panel.h = y + bh + int(20 * sc)
        self.panel.center = (size[0] // 2, size[1] // 2)
        for b in self._buttons():
            b.rect.move_ip(self.panel.topleft)
        self.quick_text_y += self.panel.y
        self.table_text_y += self.panel.y
        self.card.move_ip(self.panel.topleft)
        self.pace_room.move_ip(self.panel.topleft)
        if self.in_use:  # no button there to move with the rest
            self.use_rect.move_ip(self.panel.topleft)

    def _build_suggestion(self, x: int, y: int, w: int, bh: int) -> int:
        """The suggested level's card at `y`: why, wrapped beside the button that takes it, or
        a note that the table has it already; where the next line starts. No card when the stats
        cannot tell."""
        sc, f, pad = self.app.scale, fonts(), int(12 * self.app.scale)
        self.card, self.card_lines, self.use, self.in_use = pygame.Rect(x, y, w, 0), [], [], False
        if self.suggestion is None:
            return y
        level = self.suggestion.level
        self.in_use = level == self.quick_level and all(r.level == level for r in self.rows if r.kind == BOT)
        use = Button(_("Use {level}").format(level=level_name(level)), self._use_suggestion, style="primary",
                     tooltip=_("Give every bot seat, and the quick start, this level"))
        use_w = min(max(label_width(use.label, sc), f.width(_("In use"), self._note_px(), bold=True) + bh,
                        int(150 * sc)), w // 3)
        text_w = w - use_w - 3 * pad - int(4 * sc)  # the accent bar takes 4
        self.card_lines = f.wrap(self.suggestion.said(), self._note_px(), text_w)
        self.card.h = max(bh, len(self.card_lines) * f.height(self._note_px())) + 2 * pad
        use.rect = pygame.Rect(x + w - pad - use_w, 0, use_w, bh)
        use.rect.centery = self.card.centery
        self.use = [] if self.in_use else [use]
        self.use_rect = use.rect
        return self.card.bottom + int(20 * sc)

    @staticmethod
    def _seat(i: int) -> str:
        return _("Seat {number}").format(number=i + 1)

    def _note_px(self) -> int:
        return theme.text_px(15, self.app.scale)

    def _label_px(self) -> int:
        return theme.text_px(16, self.app.scale)

    def _buttons(self) -> list[Button]:
        rows = [b for row in self.row_buttons for b in row]
        return self.quick + self.use + rows + [self.seed_button, self.start, self.back]

    # ------------------------------------------------------------ choices

    def _next_char(self, i: int):
        def cycle() -> None:
            # Every astronaut has a place (an empty one keeps its own): the two places swap.
            mine = self.rows[i].character
            wanted = (mine + 1) % len(CHARACTERS)
            other = next(k for k, r in enumerate(self.rows) if r.character == wanted)
            self.rows[other] = replace(self.rows[other], character=mine)
            self.rows[i] = replace(self.rows[i], character=wanted)
            self._build()
        return cycle

    def _next_kind(self, i: int):
        def cycle() -> None:
            order = kinds_at(i)
            self.rows[i] = replace(self.rows[i], kind=order[(order.index(self.rows[i].kind) + 1) % len(order)])
            self._build()
        return cycle

    def _next_level(self, i: int):
        def cycle() -> None:
            level = self.rows[i].level
            self.rows[i] = replace(self.rows[i], level=self.levels[(self.levels.index(level) + 1) % len(self.levels)])
            self._build()
        return cycle

    def _focus_seed(self) -> None:
        self.seed_focus = not self.seed_focus
        self._build()

    def _seed(self) -> int:
        return int(self.seed_text) if self.seed_text else random.SystemRandom().randrange(1 << 31)

    def _table(self) -> TableSetup:
        return TableSetup(tuple(self.rows), self.seed_text)

    def _use_suggestion(self) -> None:
        self.quick_level = self.suggestion.level
        self.rows = [replace(r, level=self.quick_level) if r.kind == BOT else r for r in self.rows]
        self._build()

    def _solo(self, bots: int):
        def start() -> None:
            level = self.quick_level
            seats = [Seat(HUMAN, 0)] + [Seat(BOT, k, level) for k in range(1, bots + 1)]
            self._launch(seats)
        return start

    def _start(self) -> None:
        self._launch(self._table().seats())

    def _launch(self, seats: list[Seat]) -> None:
        seed = self._seed()

        def start(discard: bool):
            match = self.app.session.new_match(seats, seed, discard_unfinished=discard)
            self.app.settings.new_game = self._table()  # the screen opens on it next time, after a restart too
            self.app.save_settings()
            return match
        play_when_kept(self.app, start, lambda exc: self.app.notify(str(exc)))

    # ------------------------------------------------------------ input and drawing

    def handle(self, intent) -> bool:
        if not self.seed_focus and self.focus.handle(intent, self._buttons()):
            return True
        if isinstance(intent, Point):
            self.pointer = intent.pos
        elif isinstance(intent, Click):
            for b in self._buttons():
                if b.click(intent.pos):
                    return True
            self.seed_focus = False
            self._build()
        elif isinstance(intent, Back):
            self.app.stack.pop()
        elif isinstance(intent, Key) and self.seed_focus:
            if intent.key == pygame.K_BACKSPACE:
                self.seed_text = self.seed_text[:-1]
            elif intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.seed_focus = False
            elif intent.text and is_seed_text(self.seed_text + intent.text):
                self.seed_text += intent.text
            self._build()
        return True

    def next_change(self) -> float | None:
        return self.tips.next_change()

    def update(self, dt: float) -> None:
        self.tips.update(self._buttons(), self.pointer, dt)

    def _draw_suggestion(self, surface: pygame.Surface) -> None:
        sc, card, f = self.app.scale, self.card, fonts()
        radius = max(3, int(8 * sc))
        pygame.draw.rect(surface, theme.mix(theme.INSET, theme.ACCENT, 0.06), card, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT_DARK, card, max(1, int(sc)), border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT, (card.x, card.y, max(2, int(4 * sc)), card.h),
                         border_top_left_radius=radius, border_bottom_left_radius=radius)
        lh = f.height(self._note_px())
        top = card.centery - len(self.card_lines) * lh // 2
        for k, line in enumerate(self.card_lines):
            draw_text(surface, line, self._note_px(), theme.TEXT, (card.x + int(16 * sc), top + k * lh), box=card)
        if self.in_use:  # a tick and the words, where the button was
            px, right = self._note_px(), self.use_rect.right
            words = draw_text(surface, _("In use"), px, theme.GOOD, (right, self.use_rect.centery), "midright",
                              bold=True, box=card)
            t = f.height(px) // 2
            cx, cy = words.x - t, words.centery
            tick = [(cx - t, cy), (cx - t // 2 - 1, cy + t // 2), (cx, cy - t // 2)]
            pygame.draw.lines(surface, theme.GOOD, False, tick, max(2, int(2.5 * sc)))

    def _draw_pace(self, surface: pygame.Surface) -> None:
        """How long the table's bots keep a player waiting, under the seed."""
        words = bots_wait_words([r.level for r in self.rows if r.kind == BOT], self.app.settings.bot_time)
        if not words or all(r.kind != HUMAN for r in self.rows):  # bots alone: nobody waits
            return
        shown, px = fonts().fitted(words, self._note_px(), self.pace_room.w)
        draw_text(surface, shown, px, theme.TEXT_DIM, self.pace_room.topleft, box=self.pace_room, cut=shown != words)

    def draw(self, surface: pygame.Surface) -> None:
        sc = self.app.scale
        surface.blit(backdrop(surface.get_size()), (0, 0))
        draw_panel(surface, self.panel, sc, _("New game"), fill=(26, 25, 34), edge=theme.ACCENT_DARK)
        x = self.panel.x + int(MARGIN * sc)
        draw_text(surface, _("Quick start: you against bots at {level} level").format(level=level_name(self.quick_level)),
                  self._note_px(), theme.TEXT_DIM, (x, self.quick_text_y), box=self.panel)
        if self.card_lines:
            self._draw_suggestion(surface)
        draw_text(surface, _("Or set the table (seat 1 plays first)"), self._note_px(), theme.TEXT_DIM,
                  (x, self.table_text_y), box=self.panel)
        for i, (row, buttons) in enumerate(zip(self.rows, self.row_buttons)):
            y = buttons[0].rect.centery
            draw_text(surface, self._seat(i), self._label_px(), theme.TEXT if row.kind != EMPTY else theme.TEXT_FAINT,
                      (x, y), "midleft", bold=True, box=self.panel)
            if row.kind != EMPTY:
                marker = icons.player_marker(row.character, theme.icon_px(26, sc))
                surface.blit(marker, marker.get_rect(midright=(buttons[0].rect.x - int(8 * sc), y)))
        draw_text(surface, _("Seed"), self._label_px(), theme.TEXT, (x, self.seed_button.rect.centery), "midleft", bold=True,
                  box=self.panel)
        if self.seed_focus:
            draw_text(surface, _("type digits, Enter to finish"), theme.text_px(13, sc), theme.TEXT_DIM,
                      (self.seed_button.rect.right + int(12 * sc), self.seed_button.rect.centery), "midleft", box=self.panel)
        self._draw_pace(surface)
        buttons = self._buttons()
        self.focus.mark(buttons)
        for b in buttons:
            b.draw(surface, sc, b is self.tips.button)
        self.tips.draw(surface, self.pointer, sc)
