"""What every view of the game screen shares: the area it was given and the screen's scale."""
from __future__ import annotations

import pygame


class View:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def place(self, rect: pygame.Rect, scale: float) -> None:
        """Take a new area and scale (the window changed size); subclasses lay out inside it."""
        self.rect = rect.copy()
        self.scale = scale
