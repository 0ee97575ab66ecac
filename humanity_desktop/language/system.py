"""The language the player's system is set to, as one of the game's languages.

Linux (and any shell) says it in the environment; a Windows program started from its icon
sees no such variables, so Windows is asked for the user's display language; a macOS
application is asked for the first of the user's preferred languages.
"""
from __future__ import annotations

import locale
import os
import subprocess
import sys

_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # in the order gettext reads them


def system_language(known: tuple[str, ...], fallback: str) -> str:
    """The first of the system's languages that is `known` (codes such as "fr"), else `fallback`."""
    for tag in _said():
        code = tag.replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in known:
            return code
    return fallback


def _said() -> list[str]:
    """The language tags the system gives, preferred first ("fr_FR.UTF-8", "de-DE")."""
    tags = [tag for name in _ENVIRONMENT for tag in os.environ.get(name, "").split(":")
            if tag and tag not in ("C", "POSIX") and not tag.startswith("C.")]
    if sys.platform == "win32":
        tags += _windows()
    elif sys.platform == "darwin":
        tags += _macos()
    return tags


def _windows() -> list[str]:
    try:
        import ctypes
        language_id = ctypes.windll.kernel32.GetUserDefaultUILanguage()
    except (AttributeError, OSError):
        return []
    tag = locale.windows_locale.get(language_id)
    return [tag] if tag else []


def _macos() -> list[str]:
    try:
        said = subprocess.run(["defaults", "read", "-g", "AppleLanguages"], capture_output=True,
                              text=True, timeout=2).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [part.strip(' \n\t"(),') for part in said.split(",") if part.strip(' \n\t"(),')]
