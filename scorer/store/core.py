"""The store: games in a data folder, safe against crashes, damage and a second process.

Layout of a data folder (see docs/storage.md)::

    games/<id>.json      one TinyDB file per game (table "game", one document)
    games/<id>.json.bak  the previous version of that file (absent before the second save)
    index.json           a summary of every game: derived, rebuilt from the game files
    quarantine/          damaged files moved aside (never deleted, never overwritten)
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
import os
import secrets
import threading
import time
from collections.abc import Iterable
from pathlib import Path

from ..game import Game, check_game_id
from ..rules import InvalidInput
from ..rules.common import Msg
from ..stats import PlayerStats, combine
from .documents import read_game, write_game
from .errors import (
    CorruptFile,
    GameUnreadable,
    NewerSchema,
    NotAFolder,
    StaleGame,
    UnknownGame,
    WriteFailed,
)
from .files import TMP_SUFFIX, AtomicJSONStorage, fsync_dir, make_dirs
from .index import GameSummary, UnreadableGame, read_index, write_index
from .lock import FolderLock
from .transfer import (
    ImportReport,
    export_document,
    parse_import,
    read_import_file,
    recover_imports,
    same_content,
    stage_import,
)

__all__ = ["Store", "resolve_data_dir"]

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


def _why(error: OSError) -> str:
    return error.strerror or type(error).__name__


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return (stat.st_mtime_ns, stat.st_size)


class Store:
    """Games in a data folder. Open one per process; it is safe to share between threads.

    ``notices`` collects messages (Msg values: the caller renders them) about damaged or
    unreadable games found while working: the game named, what happened to its file."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None,
                 wait: float = 2.0) -> None:
        self.folder = resolve_data_dir(data_dir)
        self.games_dir = self.folder / "games"
        self.quarantine_dir = self.folder / "quarantine"
        self.index_path = self.folder / "index.json"
        self._prepare_folder()
        self._lock = threading.RLock()
        self._folder_lock = FolderLock(self.folder, wait)
        self.notices: list[Msg] = []
        self._unreadable: dict[str, UnreadableGame] = {}  # by id.casefold()
        self._index: dict[str, GameSummary] = {}  # by id.casefold()
        self._index_written = 0.0
        self._index_dirty = False
        try:
            with contextlib.suppress(OSError):
                recover_imports(self.folder, self.games_dir)
            self._clean_temporary_files()
            self._load_index()
        except BaseException:
            self._folder_lock.release()
            raise

    def _prepare_folder(self) -> None:
        if self.folder.exists() and not self.folder.is_dir():
            raise NotAFolder(f"the data folder {self.folder} is a file, not a folder; "
                             "use another --data-dir")
        try:
            make_dirs(self.games_dir)
        except OSError as error:
            if not self.games_dir.is_dir():
                raise NotAFolder(f"the data folder {self.folder} cannot be used "
                                 f"({_why(error)}); use another --data-dir") from None

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

    def _clean_temporary_files(self) -> None:
        for folder in (self.folder, self.games_dir):
            for stray in folder.glob(f".*{TMP_SUFFIX}"):
                with contextlib.suppress(OSError):
                    stray.unlink()

    # -- paths
    def _path(self, game_id: str) -> Path:
        try:
            return self.games_dir / f"{check_game_id(game_id)}.json"
        except InvalidInput:
            raise UnknownGame(f"there is no stored game {game_id!r}") from None

    # -- index
    def _load_index(self) -> None:
        stored = read_index(self.index_path)
        fresh: dict[str, GameSummary] = {}
        changed = False
        with os.scandir(self.games_dir) as entries:
            for entry in entries:
                if not entry.name.endswith(".json") or entry.name.startswith("."):
                    continue
                game_id = entry.name[: -len(".json")]
                old = stored.get(game_id)
                with contextlib.suppress(OSError):
                    stat = entry.stat()
                    if old is not None and old.stamp == (stat.st_mtime_ns, stat.st_size):
                        fresh[game_id.casefold()] = old
                        continue
                changed = True
                with contextlib.suppress(UnknownGame):
                    game = self._read_game(game_id)
                    if game is not None:
                        fresh[game_id.casefold()] = self._summary(game)
        self._index = fresh
        if changed or len(fresh) != len(stored):
            self._write_index()

    def _summary(self, game: Game) -> GameSummary:
        return GameSummary.of(game, _stamp(self._path(game.id)) or (0, 0))

    def _write_index(self) -> None:
        """Write the index if the disk lets us; it stays in memory (dirty) if not."""
        try:
            write_index(self.index_path, self._index.values())
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
        if time.monotonic() - self._index_written > INDEX_WRITE_INTERVAL:
            self._write_index()

    # -- damaged and unreadable files
    def _quarantine(self, path: Path) -> Path | None:
        if not path.exists():
            return None
        make_dirs(self.quarantine_dir)
        stamp = time.strftime("%Y%m%dT%H%M%S")
        target = self.quarantine_dir / f"{path.name}.{stamp}.{secrets.token_hex(3)}"
        os.replace(path, target)
        fsync_dir(self.quarantine_dir)
        fsync_dir(path.parent)
        return target

    def _unreadable_game(self, game_id: str, reason: str, msg: Msg) -> None:
        self._unreadable[game_id.casefold()] = UnreadableGame(game_id, reason)
        self._index.pop(game_id.casefold(), None)
        self.notices.append(msg)

    def _read_game(self, game_id: str) -> Game | None:
        """Read one game file; a damaged one is quarantined and its backup restored."""
        path = self._path(game_id)
        try:
            game = read_game(AtomicJSONStorage(path), path.name)
        except NewerSchema as error:
            self._unreadable_game(game_id, str(error),
                                  Msg.of("notice.newer", game=game_id, detail=str(error)))
            return None
        except OSError as error:
            reason = f"its file cannot be read ({_why(error)})"
            self._unreadable_game(game_id, reason,
                                  Msg.of("notice.unreadable", game=game_id, detail=_why(error)))
            return None
        except (CorruptFile, InvalidInput) as error:
            return self._repair(game_id, path, str(error))
        self._unreadable.pop(game_id.casefold(), None)
        return game

    def _repair(self, game_id: str, path: Path, detail: str) -> Game | None:
        backup = path.with_name(path.name + ".bak")
        try:
            moved = self._quarantine(path)
        except OSError as error:
            reason = f"damaged ({detail}); it could not be moved aside ({_why(error)})"
            self._unreadable_game(game_id, reason,
                                  Msg.of("notice.unreadable", game=game_id, detail=reason))
            return None
        restored: Game | None = None
        with contextlib.suppress(OSError):
            try:
                restored = read_game(AtomicJSONStorage(backup), backup.name)
            except (CorruptFile, InvalidInput, NewerSchema):
                self._quarantine(backup)
            else:
                if restored is not None:
                    write_game(AtomicJSONStorage(path), restored)
        where = str(moved or self.quarantine_dir)
        if restored is not None:
            self.notices.append(Msg.of("notice.restored", game=game_id, moved=where,
                                       n=len(restored.deals), detail=detail))
        else:
            self.notices.append(Msg.of("notice.lost", game=game_id, moved=where,
                                       detail=detail))
        return restored

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
            return combine(s.players_stats for s in self._index.values())

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
            game = self._read_game(game_id)
            if game is None:
                self._refuse_unreadable(game_id, "opened")
                self._index.pop(game_id.casefold(), None)
                raise UnknownGame(f"there is no stored game {game_id}")
            return game

    def load_many(self, game_ids: Iterable[str] | None = None) -> list[Game]:
        """The games (every readable one, newest first, with None)."""
        ids = [s.id for s in self.list_games()] if game_ids is None else list(game_ids)
        return [self.load(i) for i in ids]

    def _refuse_unreadable(self, game_id: str, what: str) -> None:
        bad = self._unreadable.get(game_id.casefold())
        if bad is not None:
            error = NewerSchema if "newer Scorer" in bad.reason else GameUnreadable
            raise error(f"game {bad.id} cannot be {what}: {bad.reason}")

    # -- writing
    def _current(self, game_id: str) -> GameSummary | None:
        """The stored summary of a game, re-read if its file changed behind our back."""
        key = game_id.casefold()
        known = self._index.get(key)
        stamp = _stamp(self._path(known.id if known else game_id))
        if stamp is None:
            return None
        if known is None or known.stamp != stamp:
            game = self._read_game(known.id if known else game_id)
            if game is None:
                return None
            self._index[key] = known = self._summary(game)
        return known

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
            path = self._path(saved.id)
            try:
                write_game(AtomicJSONStorage(path, backup=True), saved)
            except OSError as error:
                raise WriteFailed(f"game {saved.id} was not saved: {_why(error)} "
                                  f"({self.games_dir})") from None
            self._touch_index(saved, saved.id)  # never fails: the game is saved
            return saved

    def delete(self, game_id: str) -> None:
        with self._lock:
            game_id = self._stored_id(game_id)
            path = self._path(game_id)
            if not path.exists():
                raise UnknownGame(f"there is no stored game {game_id}")
            try:
                path.unlink()
            except OSError as error:
                raise WriteFailed(f"game {game_id} was not deleted: {_why(error)}") from None
            with contextlib.suppress(OSError):
                path.with_name(path.name + ".bak").unlink(missing_ok=True)
            fsync_dir(self.games_dir)
            self._unreadable.pop(game_id.casefold(), None)
            self._touch_index(None, game_id)

    # -- export and import
    def export_json(self, game_ids: Iterable[str] | None = None) -> str:
        """The games (all with None) as one JSON document that ``import_data`` reads back."""
        return export_document(self.load_many(game_ids))

    def import_file(self, path: str | os.PathLike[str]) -> ImportReport:
        return self.import_data(read_import_file(path))

    def import_data(self, raw: bytes | str) -> ImportReport:
        """Import an export (or one game's JSON). Everything is checked first; a bad file is
        refused with the first problem (InvalidImport) and nothing from it is stored. A game
        already stored is skipped; a different game with a stored id is reported as a
        conflict. The new games are written all at once: whole or not at all, even if the
        process is killed."""
        games = parse_import(raw)
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
            if new:
                try:
                    stage_import(self.folder, self.games_dir, new)
                except OSError as error:
                    raise WriteFailed(f"nothing was imported: {_why(error)} "
                                      f"({self.folder})") from None
                for game in new:
                    self._touch_index(game, game.id)
            report.imported = [g.id for g in new]
        return report
