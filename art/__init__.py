"""The game's pictures, icons and fonts (humanity_desktop.art once installed; see assets.py)."""
