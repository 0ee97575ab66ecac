"""The action panel's buttons hold their whole labels: every label the turn can offer, at every
window size and text size, alone, sharing a row, or two to a row as a choice's answers."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
from hypothesis import given
from hypothesis import strategies as st

from humanity_desktop.engine.catalogue import SWITCH_COLOURS, load
from humanity_desktop.ui import theme
from humanity_desktop.ui.drawn import recording
from humanity_desktop.ui.layout import game_layout
from humanity_desktop.ui.views.prompt_panel import PromptPanel
from humanity_desktop.ui.widgets import Button

WORDS = json.loads((Path(__file__).parents[1] / "humanity_desktop" / "language" / "data" / "words.json").read_text())
SIZES = ((1024, 576), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440))
# What the turn's buttons can say: the words' buttons (a work count filled in), a choice's
# answers (a communication module's colours, a greenhouse's shapes), Confirm and Undo.
LABELS = sorted({label.format(work_left=n) for label, _ in WORDS["buttons"].values() for n in range(10)}
                | {c.capitalize() for c in SWITCH_COLOURS}
                | {t.shape.capitalize() for t in load().tiles.values() if getattr(t, "shape", None)}
                | {"Confirm turn", "Undo"})


@given(size=st.sampled_from(SIZES), text_size=st.sampled_from(theme.TEXT_SIZES), players=st.sampled_from((2, 3, 4)),
       labels=st.lists(st.sampled_from(LABELS), min_size=1, max_size=4), choices=st.booleans())
def test_every_label_the_turn_offers_fits_its_button(size, text_size, players, labels, choices):
    pygame.font.init()
    theme.set_text_size(text_size)
    try:
        layout = game_layout(size, players)
        panel = PromptPanel()
        panel.place(layout.actions, layout.scale)
        buttons = [Button(label, lambda: None) for label in labels]
        panel.place_buttons(buttons, choices)
        surface = pygame.Surface(size)
        with recording() as texts:
            for b in buttons:
                b.draw(surface, layout.scale)
        cut = [t.text for t in texts if t.cut]
        assert not cut, (cut, [tuple(b.rect) for b in buttons])
        assert all(panel.rect.right >= b.rect.right and b.rect.left >= panel.rect.x for b in buttons)
    finally:
        theme.set_text_size(1.0)
