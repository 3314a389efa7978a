"""The store: games in a data folder, safe against crashes, damage and a second process.

Layout of a data folder (see docs/storage.md)::

    games/<id>.json      one TinyDB file per game (table "game", one document)
    games/<id>.json.bak  the previous version of that file (absent before the second save)
    index.json           a summary of every game: derived, rebuilt from the game files
    quarantine/          damaged files moved aside (never deleted, never overwritten)
    drafts/<id>.json     the deal being entered for a game, kept as it is typed
    .import-<token>/     an import being written (finished or removed when a store opens)
    .lock                held by the one Scorer process using this folder

Every change to a game is one atomic write of its file, on disk before ``save`` returns.
Within a process a lock serialises every read-modify-write; across processes the folder lock
keeps a second Scorer out. Every game carries a revision: saving a game changed since it was
loaded is refused with :class:`StaleGame`, never a silent overwrite. A file that cannot be
read (damaged beyond its backup, no permission, a newer Scorer) is listed by
:meth:`Store.unreadable_games` with the reason; everything else keeps working.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from ..game import Game
from ..rules.values import Msg
from ..stats import PlayerStats, combine
from .drafts import Drafts
from .errors import GameUnreadable, NewerSchema, NotAFolder, StaleGame, UnknownGame, WriteFailed
from .files import AtomicJSONStorage, make_dirs
from .gamefiles import GameFiles, why
from .index import COPY_SUFFIX, GameSummary, UnreadableGame, Why, read_index, write_index
from .lock import FolderLock
from .merge import Relation, relation
from .pairs import PairsRecord, PairsShelf, parse_evenings
from .rooms import RoomsShelf
from .shelf import Shelf, StorageShelf
from .transfer import (
    ImportReport,
    export_document,
    load_document,
    parse_games,
    read_import_file,
    same_content,
)

__all__ = ["Kept", "Store", "resolve_data_dir"]

INDEX_WRITE_INTERVAL = 5.0


def resolve_data_dir(given: str | os.PathLike[str] | None = None) -> Path:
    """``--data-dir``, else SCORER_DATA_DIR, else FLET_APP_STORAGE_DATA (a packaged Flet app
    on a phone), else the user's data folder."""
    for candidate in (given, os.environ.get("SCORER_DATA_DIR"),
                      os.environ.get("FLET_APP_STORAGE_DATA")):
        if candidate:
            return Path(candidate).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("scorer", appauthor=False))


@dataclass(frozen=True)
class Kept:
    """What keeping a game from a link did: ``relation`` to the game of that id already kept
    (None: there was none, the game was added), and the id the game is kept under (a copy's
    own id when both had changed)."""

    relation: Relation | None
    game_id: str

    @property
    def written(self) -> bool:
        return self.relation in (None, Relation.LINK_NEWER, Relation.BOTH_CHANGED)


class Store:
    """Games in a data folder. Open one per process; it is safe to share between threads.

    ``notices`` collects messages (Msg values: the caller renders them) about damaged or
    unreadable games found while working: the game named, what happened to its file.

    ``storage`` is the TinyDB storage class the games and the index are kept in: the atomic
    JSON files of the data folder (the default), or another class, one instance per game
    (TinyDB's ``MemoryStorage``: the same logic in memory, for tests; the folder then holds
    only the lock and the drafts).

    ``index_interval``: a change writes the index when it was last written this many seconds
    ago (:data:`INDEX_WRITE_INTERVAL` by default; ``math.inf``: never, only on opening and
    closing, for a store whose every write costs, as in the phone's browser)."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None,
                 wait: float = 2.0, storage: type[Storage] = AtomicJSONStorage,
                 index_interval: float | None = None) -> None:
        self.folder = resolve_data_dir(data_dir)
        self._index_interval = index_interval  # None: INDEX_WRITE_INTERVAL
        self.games_dir = self.folder / "games"
        self.quarantine_dir = self.folder / "quarantine"
        in_files = issubclass(storage, AtomicJSONStorage)
        self._prepare_folder(self.games_dir if in_files else self.folder)
        self._lock = threading.RLock()
        self._folder_lock = FolderLock(self.folder, wait)
        self._files: Shelf = GameFiles(self.folder) if in_files else StorageShelf(storage)
        self._drafts = Drafts(self.folder)
        self.pairs = PairsShelf(self.folder, self._lock, storage)  # pairs sessions (issue 32)
        self.rooms = RoomsShelf(self.folder, self._lock, self.load, self.save, storage)
        self.notices: list[Msg] = self._files.notices
        self._unreadable = self._files.unreadable
        self._index: dict[str, GameSummary] = {}  # by id.casefold()
        self._index_written = 0.0
        self._index_dirty = False
        try:
            self._files.recover()
            self._load_index()
        except BaseException:
            self._folder_lock.release()
            raise

    def _prepare_folder(self, needed: Path) -> None:
        if self.folder.exists() and not self.folder.is_dir():
            raise NotAFolder(f"the data folder {self.folder} is a file, not a folder; "
                             "use another --data-dir")
        try:
            make_dirs(needed)
        except OSError as error:
            if not needed.is_dir():
                raise NotAFolder(f"the data folder {self.folder} cannot be used "
                                 f"({why(error)}); use another --data-dir") from None

    # -- lifecycle
    def close(self) -> None:
        with self._lock:
            if self._index_dirty:
                self._write_index()
            self._folder_lock.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- index
    def _load_index(self) -> None:
        stored = read_index(self._files.index)
        fresh: dict[str, GameSummary] = {}
        changed = False
        for game_id, stamp in self._files.stamps().items():
            old = stored.get(game_id)
            if old is not None and stamp is not None and old.stamp == stamp:
                fresh[game_id.casefold()] = old
                continue
            changed = True
            with contextlib.suppress(UnknownGame):  # a file name that is not a game id
                game = self._files.read(game_id)
                if game is not None:
                    fresh[game_id.casefold()] = self._summary(game)
        self._index = fresh
        if changed or len(fresh) != len(stored):
            self._write_index()

    def _summary(self, game: Game) -> GameSummary:
        return GameSummary.of(game, self._files.stamp(game.id) or (0, 0))

    def _write_index(self) -> None:
        """Write the index if the disk lets us; it stays in memory (dirty) if not."""
        try:
            write_index(self._files.index, self._index.values())
        except OSError:
            self._index_dirty = True
            return
        self._index_written = time.monotonic()
        self._index_dirty = False

    def _touch_index(self, game: Game | None, game_id: str) -> None:
        if game is None:
            self._index.pop(game_id.casefold(), None)
        else:
            self._index[game_id.casefold()] = self._summary(game)
        self._index_dirty = True
        interval = INDEX_WRITE_INTERVAL if self._index_interval is None else self._index_interval
        if time.monotonic() - self._index_written > interval:
            self._write_index()

    # -- reading
    def list_games(self) -> list[GameSummary]:
        """Every readable game, most recently changed first."""
        with self._lock:
            return sorted(self._index.values(), key=lambda s: s.updated_at, reverse=True)

    def unreadable_games(self) -> list[UnreadableGame]:
        """Every stored game that cannot be opened, with the reason."""
        with self._lock:
            return sorted(self._unreadable.values(), key=lambda u: u.id)

    def player_stats(self) -> list[PlayerStats]:
        """Every player's statistics across the stored games (from the index)."""
        with self._lock:
            return combine(s.players_stats for s in self._index.values()
                           if s.status == "finished")  # a game counts once it is over

    def __contains__(self, game_id: object) -> bool:
        return isinstance(game_id, str) and game_id.casefold() in self._index

    def _stored_id(self, game_id: str) -> str:
        key = game_id.casefold()
        known = self._index.get(key) or self._unreadable.get(key)
        return known.id if known is not None else game_id

    def load(self, game_id: str) -> Game:
        with self._lock:
            game_id = self._stored_id(game_id)
            self._refuse_unreadable(game_id, "opened")
            game = self._files.read(game_id)
            if game is None:
                self._refuse_unreadable(game_id, "opened")
                self._index.pop(game_id.casefold(), None)
                raise UnknownGame(f"there is no stored game {game_id}")
            return game

    def load_many(self, game_ids: Iterable[str] | None = None) -> list[Game]:
        """The games (every readable one, newest first, with None)."""
        ids = [s.id for s in self.list_games()] if game_ids is None else list(game_ids)
        return [self.load(i) for i in ids]

    def load_readable(self) -> tuple[list[Game], list[UnreadableGame]]:
        """Every game that can be read (newest first) and every one that cannot, with the
        reason (found when the store opened or now): what `export --all` writes and names."""
        games: list[Game] = []
        for summary in self.list_games():
            # One that fails is now among unreadable_games() (or was deleted since listed).
            with contextlib.suppress(GameUnreadable, NewerSchema, UnknownGame):
                games.append(self.load(summary.id))
        return games, self.unreadable_games()

    def _refuse_unreadable(self, game_id: str, what: str) -> None:
        bad = self._unreadable.get(game_id.casefold())
        if bad is not None:
            error = NewerSchema if bad.why is Why.NEWER else GameUnreadable
            raise error(f"game {bad.id} cannot be {what}: {bad.reason}")

    # -- writing
    def _current(self, game_id: str) -> GameSummary | None:
        """The stored summary of a game, re-read if its file changed behind our back."""
        key = game_id.casefold()
        known = self._index.get(key)
        stamp = self._files.stamp(known.id if known else game_id)
        if stamp is None:
            return None
        if known is None or known.stamp != stamp:
            game = self._files.read(known.id if known else game_id)
            if game is None:
                self._index.pop(key, None)
                return None
            self._index[key] = known = self._summary(game)
        return known

    def revision(self, game_id: str) -> int | None:
        """The stored revision of a game (None: no such readable game), from the index, the
        game's file looked at again if it changed behind the store's back."""
        with self._lock:
            if game_id.casefold() in self._unreadable:
                return None
            current = self._current(self._stored_id(game_id))
            return current.revision if current is not None else None

    def save(self, game: Game) -> Game:
        """Write ``game`` and return it with its new revision. Refused with StaleGame when the
        stored game has moved on since ``game`` was loaded (or was deleted meanwhile);
        WriteFailed (nothing written) when the disk refuses."""
        with self._lock:
            self._refuse_unreadable(game.id, "saved")
            current = self._current(game.id)
            self._refuse_unreadable(game.id, "saved")
            if current is not None and current.id != game.id:
                raise StaleGame(f"game {game.id}: another game, {current.id}, has that id")
            stored_revision = current.revision if current else 0
            if game.revision != stored_revision:
                if current is None:
                    raise StaleGame(f"game {game.id} was deleted since it was loaded")
                raise StaleGame(
                    f"game {game.id} was changed elsewhere since it was loaded (revision "
                    f"{current.revision}, yours {game.revision}); reload it and try again")
            saved = game.with_revision(game.revision + 1)
            self._files.write(saved)  # WriteFailed: nothing was written
            self._touch_index(saved, saved.id)  # never fails: the game is saved
            return saved

    def delete(self, game_id: str) -> None:
        with self._lock:
            game_id = self._stored_id(game_id)
            self._files.delete(game_id)
            self._drafts.discard(game_id)
            self._touch_index(None, game_id)

    # -- deals being entered
    def write_draft(self, game_id: str, draft: dict[str, Any]) -> None:
        """Keep the deal being entered for ``game_id`` (plain JSON-able data; the caller
        knows its shape). No revision: the last writer wins."""
        with self._lock:
            self._drafts.write(self._stored_id(game_id), draft)

    def load_draft(self, game_id: str) -> dict[str, Any] | None:
        """The kept draft of ``game_id``, or None (none, or not readable)."""
        with self._lock:
            return self._drafts.load(self._stored_id(game_id))

    def discard_draft(self, game_id: str) -> None:
        with self._lock:
            self._drafts.discard(self._stored_id(game_id))

    # -- export and import
    def export_json(self, game_ids: Iterable[str] | None = None,
                    pairs_ids: Iterable[str] | None = None) -> str:
        """The games and pairs evenings (all when neither is given), as ``import_data`` reads."""
        every = game_ids is None and pairs_ids is None
        evenings = self.pairs.list() if every else [self.pairs.load(i) for i in pairs_ids or ()]
        return self.export_games(self.load_many(game_ids if game_ids is not None or every
                                                else ()), evenings)

    def export_games(self, games: Iterable[Game], evenings: Iterable[PairsRecord] = ()) -> str:
        """Games (and evenings) already loaded as the document of :meth:`export_json`."""
        return export_document(list(games), [r.to_dict(export=True) for r in evenings])

    def import_file(self, path: str | os.PathLike[str]) -> ImportReport:
        return self.import_data(read_import_file(path))

    def import_data(self, raw: bytes | str) -> ImportReport:
        """Import an export (or one game's JSON). Everything is checked first; a bad file is
        refused with the first problem (InvalidImport) and nothing from it is stored. A game
        already stored is skipped; a different game with a stored id is reported as a
        conflict. The new games are written all at once: whole or not at all, even if the
        process is killed."""
        document = load_document(raw)
        games, evenings = parse_games(document), parse_evenings(document)
        report = ImportReport()
        with self._lock:
            new: list[Game] = []
            for game in games:
                key = game.id.casefold()
                if key in self._unreadable:
                    report.conflicts.append(game.id)
                elif key in self._index:
                    stored = self.load(self._index[key].id)
                    (report.skipped if same_content(stored, game)
                     else report.conflicts).append(game.id)
                else:
                    new.append(game.with_revision(1))
            self._write_new(new)
            report.imported = [g.id for g in new]
            pairs = self.pairs.import_records(evenings, report.codes)
            report.evenings, skipped, conflicts = pairs
            report.skipped += skipped
            report.conflicts += conflicts
        return report

    def _write_new(self, games: list[Game]) -> None:
        """Write games not stored yet, all at once (WriteFailed: none of them)."""
        if not games:
            return
        try:
            self._files.write_all(games)
        except OSError as error:
            raise WriteFailed(f"nothing was imported: {why(error)} "
                              f"({self.folder})") from None
        for game in games:
            self._touch_index(game, game.id)

    def keep_linked(self, game: Game, history: bool = True) -> Kept:
        """Keep a game brought by a link (checked as an import: scorer.link.read_link). A game
        new here is added; the same game kept here is replaced only by a longer history of it
        (see :mod:`.merge`); when both changed, the link's is added beside it as a copy, under
        an id of its own. ``history`` False: the link left the game's corrections out (those
        kept here stay)."""
        with self._lock:
            kept, written = self._keeping(game, history)
            if written is not None and written.id.casefold() in self._index:
                self.save(written)
            elif written is not None:
                self._write_new([written])
            return kept

    def keeping(self, game: Game, history: bool = True) -> Kept:
        """What :meth:`keep_linked` would do with ``game``, nothing written (the link's view
        says it before the player keeps it)."""
        with self._lock:
            return self._keeping(game, history)[0]

    def _keeping(self, game: Game, history: bool) -> tuple[Kept, Game | None]:
        """What keeping ``game`` does, and the game it writes (None: nothing)."""
        key = game.id.casefold()
        if key not in self._index and key not in self._unreadable:
            return Kept(None, game.id), game.with_revision(1)
        found = Relation.BOTH_CHANGED
        if key not in self._unreadable:
            stored = self.load(self._index[key].id)
            found = relation(stored, game, history)
            if found is not Relation.BOTH_CHANGED:
                return Kept(found, stored.id), self._newer(stored, game, history, found)
        # The link's game met again where an earlier keep left it as a copy: that copy is
        # the game kept here, so the same link kept twice makes no second copy (issue 30).
        for copy_id in self._copy_ids(game.id):
            if copy_id.casefold() in self._unreadable:
                continue
            copy = self.load(self._index[copy_id.casefold()].id)
            met = relation(replace(copy, id=game.id), game, history)
            if met is not Relation.BOTH_CHANGED:
                return Kept(met, copy.id), self._newer(copy, game, history, met)
        copy = replace(game, id=self._copy_id(game.id), revision=1)
        return Kept(found, copy.id), copy

    @staticmethod
    def _newer(stored: Game, game: Game, history: bool, found: Relation) -> Game | None:
        """``stored`` brought up to ``game`` where the link has the longer history of it."""
        if found is not Relation.LINK_NEWER:
            return None
        return replace(game, id=stored.id, revision=stored.revision,
                       history=game.history if history else stored.history)

    def _copy_ids(self, game_id: str) -> Iterator[str]:
        """The ids copies of ``game_id`` are kept under, while they are taken."""
        for candidate in self._copy_names(game_id):
            if candidate.casefold() not in self._index \
                    and candidate.casefold() not in self._unreadable:
                return
            yield candidate

    @staticmethod
    def _copy_names(game_id: str) -> Iterator[str]:
        """``<id>-copy``, ``<id>-copy2``, ...: the names a copy of ``game_id`` may take."""
        base = f"{game_id[:52]}{COPY_SUFFIX}"
        yield base
        yield from (f"{base}{number}" for number in itertools.count(2))

    def _copy_id(self, game_id: str) -> str:
        """A free id naming a copy of ``game_id``: ``<id>-copy``, ``<id>-copy2``, ..."""
        return next(c for c in self._copy_names(game_id)
                    if c.casefold() not in self._index and c.casefold() not in self._unreadable)
