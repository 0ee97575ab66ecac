"""Test-wide settings: everything runs headless, with no screen and no sound card, and every
autosave is read back and checked against the game it was taken from."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("HUMANITY_CHECK_SAVES", "1")
