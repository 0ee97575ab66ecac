"""Humanity Desktop: the board game Humanity for 2 to 4 seats, humans or bots."""

__version__ = "0.1.0"
