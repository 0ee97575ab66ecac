"""The matches a window plays, one at a time: dealt, loaded, or continued from the autosave;
saved after every applied or undone action on a background thread; counted in the stats once
finished. The application calls it and shows what it tells the player; no pygame here.

A match that takes the autosave's place first keeps the game there: an unfinished one under
saves/ (if that fails, UnfinishedNotKept, and nothing starts until the player chooses to try
again, keep it in another folder, or discard it), a finished one under replays/."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..storage.autosave import Autosaver
from .bus import Bus
from .events import ActionApplied, GameOver, TurnToConfirm, Undone
from ..language import _
from ..storage.files import plain_reason
from ..storage.logs import log
from .match import Hooks, Match, Pacing
from .record import RecordedMatch
from .saves import (
    SaveSnapshot,
    check_save,
    keep_finished,
    keep_unfinished,
    open_match,
    save_list,
    unfinished_autosave,
)
from ..storage.save_files import AUTOSAVE, SaveError, UnfinishedNotKept, delete_save
from .seats import Seat
from .stats import STATS_FILE, Stats
from .tutorial import Script, tutorial_match


class Session:
    def __init__(self, data_dir: Path, *, saving: bool, notify: Callable[[str], None],
                 thinking: Callable[[], float], on_start: Callable[[Match], None], check_saves: bool = False,
                 wake: Callable[[], None] | None = None) -> None:
        """`saving`: whether this window may write to `data_dir`; `notify` tells the player
        something; `thinking` is the bots' thinking time option, read as each match starts;
        `on_start` is called with each match made current (the screens listen to it); `wake`
        is each match's (see Match)."""
        self.data_dir = data_dir
        self.stats = Stats.load(data_dir / STATS_FILE)
        if not saving:
            self.stats.path = None
        self._saving = saving
        self._notify = notify
        self._thinking = thinking
        self._on_start = on_start
        self._check_saves = check_saves
        self._wake = wake
        self.match: Match | None = None
        self._autosaver: Autosaver | None = None
        self.saves = save_list(data_dir)  # what Load lists, read again only where files changed

    def new_match(self, seats: list[Seat], seed: int, discard_unfinished: bool = False) -> RecordedMatch:
        """A new deal in the autosave's place; UnfinishedNotKept (nothing changes) if an
        unfinished game there cannot be kept, unless the player chose to discard it."""
        self._make_room(discard_unfinished)
        self.close_match()
        return self._start(RecordedMatch(seats, Bus(), seed=seed, **self._match_options()))

    def load_match(self, path: Path, discard_unfinished: bool = False) -> RecordedMatch:
        """Raises SaveError if the file cannot be played (and sets such a file aside), and
        UnfinishedNotKept as new_match does."""
        match = open_match(path, Bus(), **self._match_options())
        resumed = path == self.data_dir / AUTOSAVE
        if not resumed:
            try:
                self._make_room(discard_unfinished)
            except UnfinishedNotKept:
                match.close()
                raise
        self.close_match()
        log.info("loaded %s", path)
        return self._start(match, resumed=resumed)

    def guided_match(self, script: Script, chapter: int) -> Match:
        """Learn to play's game at the start of `chapter`: the guide keeps its place itself, so
        it is not autosaved; the screens hear it as any match."""
        self.close_match()
        match = tutorial_match(script, Bus(), chapter, **self._match_options())
        self._on_start(match)
        return match

    def resume(self) -> RecordedMatch:
        """The unfinished game in the autosave; SaveError says why there is none."""
        if not unfinished_autosave(self.data_dir):
            raise SaveError(_("There is no unfinished game to continue."))
        return self.load_match(self.data_dir / AUTOSAVE)

    def can_continue(self) -> bool:
        return unfinished_autosave(self.data_dir)

    def _match_options(self) -> dict:
        # On screen a player confirms the end of each turn, and may take it back until then; a
        # bot plays once the last move is on disk.
        return {"pacing": Pacing(thinking=self._thinking(), confirm_turns=True),
                "hooks": Hooks(saved=self.caught_up, wake=self._wake)}

    def _start(self, match: RecordedMatch, resumed: bool = False) -> RecordedMatch:
        """Make `match` the current one, autosaved after every applied or undone action and
        every end of a turn that waits for confirmation."""
        self.match = match
        if self._saving:
            verify = check_save if self._check_saves else None
            self._autosaver = Autosaver(self.data_dir / AUTOSAVE, verify=verify)
        for change in (ActionApplied, TurnToConfirm, Undone):
            match.bus.subscribe(change, lambda ev: self.autosave(match))
        self._on_start(match)
        match.bus.subscribe(GameOver, lambda ev: self._record(match, ev))
        self.autosave(match)
        return match

    def _make_room(self, discard_unfinished: bool) -> None:
        """Keep the game in the autosave before another takes its place: a finished one for its
        replay (a failure is told, not fatal), an unfinished one under saves/."""
        if not self._saving:
            return
        if self._autosaver is not None:
            self._autosaver.flush()  # the current game's last move is in the file that is kept
        try:
            keep_finished(self.data_dir)
        except OSError as exc:
            log.warning("the finished game's replay could not be kept: %s", exc)
            self._notify(_("The last finished game cannot be kept for its replay: {reason}.").format(reason=plain_reason(exc)))
        if discard_unfinished:
            if unfinished_autosave(self.data_dir):
                log.warning("the player chose to discard the unfinished game in %s", self.data_dir / AUTOSAVE)
            return
        try:
            kept = keep_unfinished(self.data_dir)
        except OSError as exc:
            log.warning("the unfinished game could not be kept: %s", exc)
            raise UnfinishedNotKept(_("Your unfinished game cannot be kept aside for the new one: {reason}. "
                                      "Nothing is lost yet: it stays in the autosave until you choose.")
                                    .format(reason=plain_reason(exc))) from exc
        if kept is not None:
            self._notify(_("Your unfinished game is kept as {file}: choose Load on the main menu to play it on.")
                         .format(file=kept.name))

    def keep_unfinished_in(self, folder: Path) -> Path:
        """Keep the unfinished game of the autosave in `folder` (the player's choice when saves/
        cannot take it); OSError if that fails too."""
        kept = keep_unfinished(self.data_dir, folder)
        if kept is None:
            raise FileNotFoundError(_("there is no unfinished game in {path}").format(path=self.data_dir / AUTOSAVE))
        self._notify(_("Your unfinished game is kept as {file}.").format(file=kept))
        return kept

    def delete_save(self, path: Path) -> None:
        """Delete a save the player chose to delete; OSError if it cannot be."""
        delete_save(path)
        self.saves.forget(path)

    def _record(self, match: Match, over: GameOver) -> None:
        """Count a finished game in the stats; a failed write is told, never fatal."""
        self.stats.record(match.seats, list(over.scores), list(over.places))
        try:
            self.stats.save()
        except OSError as exc:
            log.warning("the stats could not be saved: %s", exc)
            self._notify(_("This game cannot be counted in your stats: {reason}.").format(reason=plain_reason(exc)))

    def autosave(self, match: Match) -> None:
        """Queue a snapshot of the current match (a finished one too: it stays for the record,
        and Continue passes it by)."""
        if match is self.match and self._autosaver is not None:
            self._autosaver.submit(SaveSnapshot(match))

    def caught_up(self) -> bool:
        """Whether every autosave queued has been written (or failed to be)."""
        return self._autosaver is None or self._autosaver.caught_up()

    def threads_at_work(self) -> bool:
        """Whether a thread works for the current match: an autosave being written, or a bot's
        decision or a hint being found."""
        return not self.caught_up() or (self.match is not None and self.match.thread_at_work)

    def take_news(self) -> str | None:
        """What the player should hear about saving (it stopped or works again), once."""
        return self._autosaver.take_news() if self._autosaver is not None else None

    def close_match(self, match: Match | None = None) -> None:
        """Close `match` (by default the current one); its last autosave is on disk afterwards."""
        match = match or self.match
        if match is not None:
            match.close()
        if match is self.match:
            self.match = None
            saver, self._autosaver = self._autosaver, None
            if saver is not None:
                saver.close()
