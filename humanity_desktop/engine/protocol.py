"""The engine over JSON lines: one request object per line on stdin, one response line on stdout.

    {"cmd": "new", "players": 2, "seed": 7}   ->  {"ok": true, "state": {...}}
    {"cmd": "legal"}                          ->  {"ok": true, "player": 0, "actions": [...]}
    {"cmd": "apply", "action": {...}}         ->  {"ok": true, "state": {...}, "events": [...]}
    {"cmd": "apply", "action": {...}, "with_state": false}  ->  {"ok": true, "events": [...]}

Every failure is a response, {"ok": false, "error": "..."} (plus "rule" when the rules refuse an
action), and the session goes on with the game as it was: a request changes the game only once
its response is encoded. Responses are compact JSON. `ProtocolSession` does the work and knows nothing
of streams; `main` is the loop around it. See docs/protocol.md.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, BinaryIO, Callable

from .actions import SPECS, Action, ActionError
from .errors import RulesError
from .events import to_json
from .observation import observe
from .ranges import PLAYERS, SEED, parse_int
from .rules import apply_action, legal_actions
from .setup import new_game
from .state import State
from .validation import StateError, is_int, load_state, short_repr

PROTOCOL_VERSION = 2  # bumped when a field is removed or renamed; see docs/protocol.md, Versions
NO_GAME = "no game: send new or load first"
KEEP = object()  # a handler's answer leaves the game as it is

COMMANDS: list[dict[str, Any]] = [
    {"cmd": "new", "fields": {"players": "integer 2..4", "seed": f"integer {SEED.lo}..{SEED.hi}"},
     "does": "start a new game; replaces the current one"},
    {"cmd": "legal", "fields": {}, "does": "the legal actions of the player to move"},
    {"cmd": "apply", "fields": {"action": "action object",
                                "with_state": "optional boolean, default true; false: answer with the events only"},
     "does": "play one action; the state is unchanged if it is refused"},
    {"cmd": "state", "fields": {}, "does": "the full game state"},
    {"cmd": "load", "fields": {"state": "state object"},
     "does": "replace the game with a saved state; refused states keep the current game"},
    {"cmd": "view", "fields": {"player": "seat number"},
     "does": "what one seat may see: deck orders and other seats' science hidden"},
    {"cmd": "help", "fields": {}, "does": "this list"},
    {"cmd": "version", "fields": {}, "does": "the protocol version; works with no game"},
]


class RequestError(Exception):
    """A request the protocol refuses (malformed, mistyped, or out of place)."""


def _ok(**fields: Any) -> dict:
    return {"ok": True, **fields}


def _fail(error: str, **fields: Any) -> dict:
    return {"ok": False, "error": error, **fields}


class ProtocolSession:
    """One game behind the protocol. `respond` takes one raw line and returns its encoded
    response (None for a blank line); `handle` takes one decoded request and returns the
    response as a dict. Neither raises, and the game changes only with a response that
    could be encoded."""

    def __init__(self) -> None:
        self.state: State | None = None
        self._handlers: dict[str, Callable[[dict], tuple[dict, Any]]] = {
            "new": self._new,
            "legal": self._legal,
            "apply": self._apply,
            "state": self._state,
            "load": self._load,
            "view": self._view,
            "help": self._help,
            "version": self._version,
        }

    # ------------------------------------------------------------ entry points

    def respond(self, line: str | bytes) -> bytes | None:
        """The encoded response to one raw line, None for a blank one."""
        try:
            if isinstance(line, (bytes, bytearray)):
                line = bytes(line).decode("utf-8", errors="replace")
            if not line.strip(" \t\r\n"):
                return None
            try:
                request = json.loads(line, parse_int=parse_int)
            except (ValueError, RecursionError) as exc:
                return encode(_fail(f"malformed JSON: {exc}"))
            return self._answer(request)[1]
        except Exception as exc:  # noqa: BLE001 - nothing may escape a request
            return encode(_internal(exc))

    def handle_line(self, line: str | bytes) -> dict | None:
        """The response to one raw line as a dict, None for a blank one."""
        answer = self.respond(line)
        return None if answer is None else json.loads(answer)

    def handle(self, request: Any) -> dict:
        return self._answer(request)[0]

    def _answer(self, request: Any) -> tuple[dict, bytes]:
        """The response and its line; the game takes the handler's new state only if the line
        could be made."""
        try:
            response, new_state = self._dispatch(request)
        except Exception as exc:  # noqa: BLE001 - nothing may escape a request
            response, new_state = _internal(exc), KEEP
        try:
            line = _dumps(response)
        except Exception as exc:  # noqa: BLE001 - the game stays as it was
            response = _fail(f"internal error: response not encodable: {str(exc)[:200]}")
            return response, encode(response)
        if new_state is not KEEP:
            self.state = new_state
        return response, line

    def _dispatch(self, request: Any) -> tuple[dict, Any]:
        try:
            if not isinstance(request, dict):
                raise RequestError("a request is a JSON object with a 'cmd'")
            cmd = request.get("cmd")
            if not isinstance(cmd, str):
                raise RequestError("a request needs 'cmd', a string: one of " + ", ".join(self._handlers))
            handler = self._handlers.get(cmd)
            if handler is None:
                raise RequestError(f"unknown cmd {short_repr(cmd)}; known: {', '.join(self._handlers)}")
            if self.state is None and cmd not in ("new", "load", "help", "version"):
                raise RequestError(NO_GAME)
            return handler(request)
        except RequestError as exc:
            return _fail(str(exc)), KEEP

    # ------------------------------------------------------------ commands: (response, new state or KEEP)

    def _new(self, req: dict) -> tuple[dict, Any]:
        players = _field(req, "players")
        seed = _field(req, "seed")
        if not PLAYERS.holds(players):
            raise RequestError(f"'players' must be an integer from 2 to 4, got {short_repr(players)}")
        if not SEED.holds(seed):
            raise RequestError(f"'seed' must be an integer from {SEED.lo} to {SEED.hi}, got {short_repr(seed)}")
        state = new_game(players, seed)
        return _ok(protocol=PROTOCOL_VERSION, state=state.to_json()), state

    def _legal(self, req: dict) -> tuple[dict, Any]:
        s = self.state
        return _ok(player=s.current_player, actions=[a.to_json() for a in legal_actions(s)]), KEEP

    def _apply(self, req: dict) -> tuple[dict, Any]:
        raw = _field(req, "action")
        with_state = req.get("with_state", True)
        if not isinstance(with_state, bool):
            raise RequestError(f"'with_state' must be true or false, got {short_repr(with_state)}")
        try:
            action = Action.from_json(raw)
        except ActionError as exc:
            raise RequestError(f"bad action: {exc}") from None
        trial = self.state.copy()  # the live game changes only if the whole action succeeds
        try:
            events = apply_action(trial, action)
        except RulesError as exc:
            return _fail(exc.sentence, rule=exc.rule), KEEP
        events_json = [to_json(e) for e in events]
        if with_state:
            return _ok(state=trial.to_json(), events=events_json), trial
        return _ok(events=events_json), trial

    def _state(self, req: dict) -> tuple[dict, Any]:
        return _ok(state=self.state.to_json()), KEEP

    def _load(self, req: dict) -> tuple[dict, Any]:
        try:
            loaded = load_state(_field(req, "state"))
        except StateError as exc:
            raise RequestError(f"state refused: {exc}") from None
        return _ok(protocol=PROTOCOL_VERSION, state=loaded.to_json()), loaded

    def _view(self, req: dict) -> tuple[dict, Any]:
        seat = _field(req, "player")
        n = self.state.n
        if not is_int(seat) or not 0 <= seat < n:
            raise RequestError(f"'player' must be a seat from 0 to {n - 1}, got {short_repr(seat)}")
        return _ok(view=observe(self.state, seat)), KEEP

    def _help(self, req: dict) -> tuple[dict, Any]:
        return _ok(commands=[dict(c, fields=dict(c["fields"])) for c in COMMANDS],
                   actions={kind: list(spec.fields) for kind, spec in SPECS.items()}), KEEP

    def _version(self, req: dict) -> tuple[dict, Any]:
        return _ok(protocol=PROTOCOL_VERSION), KEEP


def _internal(exc: Exception) -> dict:
    return _fail(f"internal error: {type(exc).__name__}: {str(exc)[:200]}")


def _field(req: dict, name: str) -> Any:
    if name not in req:
        raise RequestError(f"'{req['cmd']}' needs '{name}'")
    return req[name]


# ---------------------------------------------------------------- the loop

def _dumps(response: dict) -> bytes:
    """One response line: compact JSON, ASCII-only so no input can make it unwritable."""
    return json.dumps(response, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii") + b"\n"


def encode(response: dict) -> bytes:
    """`response` as one line; a response that cannot be encoded becomes an error that can."""
    try:
        return _dumps(response)
    except Exception as exc:  # noqa: BLE001
        return _dumps(_fail(f"internal error: response not encodable: {str(exc)[:200]}"))


MAX_LINE = 1 << 20  # bytes in one request line: no request needs more, and a longer one is never held whole
CHUNK = 1 << 16  # how much of an over-long line is read at a time while it is skipped


def request_lines(stdin: BinaryIO):
    """The lines of `stdin`, each at most MAX_LINE bytes; a longer line is read past in
    chunks and yields None, so it is refused before it is parsed or kept."""
    while True:
        raw = stdin.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) <= MAX_LINE or raw.endswith(b"\n"):
            yield raw
            continue
        while raw and not raw.endswith(b"\n"):
            raw = stdin.readline(CHUNK)
        yield None


def serve(stdin: BinaryIO, stdout: BinaryIO, session: ProtocolSession | None = None) -> None:
    """Answer every non-blank line of `stdin` on `stdout` until EOF."""
    session = session or ProtocolSession()
    for raw in request_lines(stdin):
        answer = (encode(_fail(f"request line longer than {MAX_LINE} bytes: refused unread"))
                  if raw is None else session.respond(raw))
        if answer is None:
            continue
        stdout.write(answer)
        stdout.flush()


def main(argv: list[str] | None = None, *, stdin: BinaryIO | None = None,
         stdout: BinaryIO | None = None) -> int:
    if (stdin or sys.stdin) is None or (stdout or sys.stdout) is None:
        return 1  # started without a terminal (pythonw): no requests to read, nowhere to answer
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
    except (OSError, ValueError):  # the answers cannot be written: a full disk, a closed pipe or file
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
