"""The game's sounds and their table (humanity_desktop.sounds once installed; see assets.py)."""
