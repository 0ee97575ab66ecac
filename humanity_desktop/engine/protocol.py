"""The engine over JSON lines: one request object per line on stdin, one response line on stdout.

    {"cmd": "new", "players": 2, "seed": 7}   ->  {"ok": true, "state": {...}}
    {"cmd": "legal"}                          ->  {"ok": true, "player": 0, "actions": [...]}
    {"cmd": "apply", "action": {...}}         ->  {"ok": true, "state": {...}, "events": [...]}

Every failure is a response, {"ok": false, "error": "..."} (plus "rule" when the rules refuse an
action), and the session goes on. `Session` does the work and knows nothing of streams;
`main` is the loop around it. See docs/protocol.md.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, BinaryIO, Callable

from .actions import SPECS, Action, ActionError
from .catalogue import PLAYER_COUNTS
from .errors import RulesError
from .events import to_json
from .observation import observe
from .rules import apply_action, legal_actions
from .setup import new_game
from .state import State
from .validation import StateError, is_int, load_state, short_repr

NO_GAME = "no game: send new or load first"

COMMANDS: list[dict[str, Any]] = [
    {"cmd": "new", "fields": {"players": "integer 2..4", "seed": "integer"},
     "does": "start a new game; replaces the current one"},
    {"cmd": "legal", "fields": {}, "does": "the legal actions of the player to move"},
    {"cmd": "apply", "fields": {"action": "action object"},
     "does": "play one action; the state is unchanged if it is refused"},
    {"cmd": "state", "fields": {}, "does": "the full game state"},
    {"cmd": "load", "fields": {"state": "state object"},
     "does": "replace the game with a saved state; refused states keep the current game"},
    {"cmd": "view", "fields": {"player": "seat number"},
     "does": "what one seat may see: deck orders and other seats' science hidden"},
    {"cmd": "help", "fields": {}, "does": "this list"},
]


class RequestError(Exception):
    """A request the protocol refuses (malformed, mistyped, or out of place)."""


def _ok(**fields: Any) -> dict:
    return {"ok": True, **fields}


def _fail(error: str, **fields: Any) -> dict:
    return {"ok": False, "error": error, **fields}


class Session:
    """One game behind the protocol. `handle` takes one decoded request and returns one response
    dict; it never raises. `handle_line` does the same for one raw line (None for a blank one)."""

    def __init__(self) -> None:
        self.state: State | None = None
        self._handlers: dict[str, Callable[[dict], dict]] = {
            "new": self._new,
            "legal": self._legal,
            "apply": self._apply,
            "state": self._state,
            "load": self._load,
            "view": self._view,
            "help": self._help,
        }

    # ------------------------------------------------------------ entry points

    def handle_line(self, line: str | bytes) -> dict | None:
        try:
            if isinstance(line, (bytes, bytearray)):
                line = bytes(line).decode("utf-8", errors="replace")
            if not line.strip(" \t\r\n"):
                return None
            try:
                request = json.loads(line)
            except (ValueError, RecursionError) as exc:
                return _fail(f"malformed JSON: {exc}")
            return self.handle(request)
        except Exception as exc:  # noqa: BLE001 - nothing may escape a request
            return _fail(f"internal error: {type(exc).__name__}: {exc}")

    def handle(self, request: Any) -> dict:
        try:
            if not isinstance(request, dict):
                raise RequestError("a request is a JSON object with a 'cmd'")
            cmd = request.get("cmd")
            if not isinstance(cmd, str):
                raise RequestError("a request needs 'cmd', a string: one of " + ", ".join(self._handlers))
            handler = self._handlers.get(cmd)
            if handler is None:
                raise RequestError(f"unknown cmd {short_repr(cmd)}; known: {', '.join(self._handlers)}")
            if self.state is None and cmd not in ("new", "load", "help"):
                raise RequestError(NO_GAME)
            return handler(request)
        except RequestError as exc:
            return _fail(str(exc))
        except Exception as exc:  # noqa: BLE001 - nothing may escape a request
            return _fail(f"internal error: {type(exc).__name__}: {exc}")

    # ------------------------------------------------------------ commands

    def _new(self, req: dict) -> dict:
        players = _field(req, "players")
        seed = _field(req, "seed")
        if not is_int(players) or players not in PLAYER_COUNTS:
            raise RequestError(f"'players' must be an integer from 2 to 4, got {short_repr(players)}")
        if not is_int(seed):
            raise RequestError(f"'seed' must be an integer, got {short_repr(seed)}")
        self.state = new_game(players, seed)
        return _ok(state=self.state.to_json())

    def _legal(self, req: dict) -> dict:
        s = self.state
        return _ok(player=s.current_player, actions=[a.to_json() for a in legal_actions(s)])

    def _apply(self, req: dict) -> dict:
        raw = _field(req, "action")
        try:
            action = Action.from_json(raw)
        except ActionError as exc:
            raise RequestError(f"bad action: {exc}") from None
        trial = self.state.copy()  # the live game changes only if the whole action succeeds
        try:
            events = apply_action(trial, action)
        except RulesError as exc:
            return _fail(exc.reason, rule=exc.rule)
        self.state = trial
        return _ok(state=trial.to_json(), events=[to_json(e) for e in events])

    def _state(self, req: dict) -> dict:
        return _ok(state=self.state.to_json())

    def _load(self, req: dict) -> dict:
        try:
            loaded = load_state(_field(req, "state"))
        except StateError as exc:
            raise RequestError(f"state refused: {exc}") from None
        self.state = loaded
        return _ok(state=loaded.to_json())

    def _view(self, req: dict) -> dict:
        seat = _field(req, "player")
        n = self.state.n
        if not is_int(seat) or not 0 <= seat < n:
            raise RequestError(f"'player' must be a seat from 0 to {n - 1}, got {short_repr(seat)}")
        return _ok(view=observe(self.state, seat))

    def _help(self, req: dict) -> dict:
        return _ok(commands=[dict(c, fields=dict(c["fields"])) for c in COMMANDS], actions={kind: list(spec.fields) for kind, spec in SPECS.items()})


def _field(req: dict, name: str) -> Any:
    if name not in req:
        raise RequestError(f"'{req['cmd']}' needs '{name}'")
    return req[name]


# ---------------------------------------------------------------- the loop

def encode(response: dict) -> bytes:
    """One response line, ASCII-only so no input can make it unwritable."""
    try:
        text = json.dumps(response, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    except Exception as exc:  # noqa: BLE001
        text = json.dumps(_fail(f"internal error: response not encodable: {exc}"))
    return text.encode("ascii") + b"\n"


def serve(stdin: BinaryIO, stdout: BinaryIO, session: Session | None = None) -> None:
    """Answer every non-blank line of `stdin` on `stdout` until EOF."""
    session = session or Session()
    for raw in stdin:
        response = session.handle_line(raw)
        if response is None:
            continue
        stdout.write(encode(response))
        stdout.flush()


def main(argv: list[str] | None = None, *, stdin: BinaryIO | None = None,
         stdout: BinaryIO | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="humanity-engine",
        description="The Humanity rules engine over JSON lines: one request object per line on "
                    "stdin, one response per line on stdout. Send {\"cmd\": \"help\"} for the "
                    "commands; see docs/protocol.md.",
    )
    try:
        parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    try:
        serve(stdin or sys.stdin.buffer, stdout or sys.stdout.buffer)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
