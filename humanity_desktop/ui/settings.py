"""The player's options, kept as JSON in the data folder."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

# Seconds between two bot moves at each pace.
PACES = {"slow": 0.9, "normal": 0.45, "fast": 0.18, "instant": 0.0}
THINKING = (0.5, 1.0, 2.0, 4.0)  # seconds a bot may think per decision
FILE = "options.json"


@dataclass
class Settings:
    pace: str = "normal"
    bot_seconds: float = 1.0
    fullscreen: bool = False

    @property
    def pace_seconds(self) -> float:
        return PACES[self.pace]

    @classmethod
    def load(cls, data_dir: Path) -> Settings:
        try:
            raw = json.loads((data_dir / FILE).read_text(encoding="utf-8"))
            s = cls(**{k: raw[k] for k in asdict(cls()) if k in raw})
        except (OSError, ValueError, TypeError):
            return cls()
        if s.pace not in PACES or s.bot_seconds not in THINKING:
            return cls()
        return s

    def save(self, data_dir: Path) -> None:
        data_dir.mkdir(parents=True, exist_ok=True)
        (data_dir / FILE).write_text(json.dumps(asdict(self), indent=2), encoding="utf-8")
