"""Durable storage of games: the only module that imports TinyDB.

Layout of a data folder::

    games/<id>.json      one TinyDB file per game (table "game", one document)
    games/<id>.json.bak  the previous good version of that file
    index.json           a summary of every game, rebuilt from the game files when stale
    quarantine/          damaged files moved aside (never deleted, never overwritten)
    .lock                held by the one Scorer process using this folder

Every change to a game is one atomic write of its file (temporary file in the same folder,
flush, fsync, rename over the old file, fsync of the folder), on disk before ``save`` returns.
Within a process a lock serialises every read-modify-write; across processes a lock file keeps
a second Scorer out. Every game carries a revision: saving a game changed since it was loaded
is refused with :class:`StaleGame`, never a silent overwrite.

The index is derived data: it lives in memory while the store is open, is written at most
every few seconds and on close, and is checked against the game files (modification time and
size) when the store opens, so a crash can leave it behind but never wrong.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Document

from .game import SCHEMA_VERSION, Game, check_game_id, utc_now
from .i18n import Translator
from .rules import InvalidInput
from .rules.common import Msg
from .sheet import to_csv
from .stats import PlayerStats, combine, game_stats

try:  # POSIX; on Windows the folder lock falls back to an exclusive lock file.
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "AtomicJSONStorage",
    "CorruptFile",
    "DataFolderBusy",
    "GameSummary",
    "ImportReport",
    "InvalidImport",
    "StaleGame",
    "Store",
    "UnknownGame",
    "resolve_data_dir",
]

EXPORT_FORMAT = "scorer-export"
INDEX_WRITE_INTERVAL = 5.0
TMP_SUFFIX = ".tmp"


# --- errors --------------------------------------------------------------------------------


class StoreError(Exception):
    """Base of the storage errors; ``str`` is a message for a person."""


class CorruptFile(StoreError):
    """A file that is not a readable Scorer document."""


class DataFolderBusy(StoreError):
    """Another Scorer process uses this data folder."""


class StaleGame(StoreError):
    """The game was changed by someone else since it was loaded."""


class UnknownGame(StoreError, KeyError):
    """No stored game has that id."""

    def __str__(self) -> str:
        return str(self.args[0])


class InvalidImport(InvalidInput):
    """An import file was refused; nothing from it was stored."""


# --- the durable TinyDB storage ---------------------------------------------------------------


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform can open a folder
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def atomic_write(path: Path, text: str, backup: Path | None = None) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one, never a
    mix; with ``backup``, the old file is kept there first (a hard link, so it costs nothing)."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}{TMP_SUFFIX}")
    try:
        with open(tmp, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if backup is not None and path.exists():
            link = backup.with_name(f".{backup.name}.{secrets.token_hex(4)}{TMP_SUFFIX}")
            try:
                os.link(path, link)
            except (OSError, AttributeError):  # no hard links here (Pyodide has no os.link)
                link.write_bytes(path.read_bytes())
            os.replace(link, backup)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(path.parent)


class AtomicJSONStorage(Storage):
    """TinyDB storage that writes atomically (see :func:`atomic_write`), always UTF-8.

    Unlike TinyDB's JSONStorage it never creates a file on read, and a missing file reads as
    empty while an empty (0-byte) or unparsable one raises :class:`CorruptFile` instead of
    being silently replaced by the next write.
    """

    def __init__(self, path: str | os.PathLike[str], backup: bool = False) -> None:
        self.path = Path(path)
        self.backup = self.path.with_name(self.path.name + ".bak") if backup else None

    def read(self) -> dict[str, dict[str, Any]] | None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        return parse_document(raw, self.path.name)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        atomic_write(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                     self.backup)

    def close(self) -> None:
        pass


def parse_document(raw: bytes, name: str) -> dict[str, dict[str, Any]]:
    if not raw.strip():
        raise CorruptFile(f"{name} is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CorruptFile(f"{name} is not readable JSON ({error})") from None
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise CorruptFile(f"{name} is not a TinyDB document")
    return data


# --- data folder ----------------------------------------------------------------------------


def resolve_data_dir(given: str | os.PathLike[str] | None = None) -> Path:
    """``--data-dir``, else SCORER_DATA_DIR, else FLET_APP_STORAGE_DATA (a packaged Flet app
    on a phone), else the user's data folder."""
    for candidate in (given, os.environ.get("SCORER_DATA_DIR"),
                      os.environ.get("FLET_APP_STORAGE_DATA")):
        if candidate:
            return Path(candidate).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("scorer", appauthor=False))


class _FolderLock:
    """An exclusive lock on the data folder, held while the store is open."""

    def __init__(self, folder: Path, wait: float) -> None:
        self.path = folder / ".lock"
        self.handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held open
        deadline = time.monotonic() + wait
        while True:
            try:
                if fcntl is not None:
                    fcntl.flock(self.handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() >= deadline:
                    self.handle.seek(0)
                    holder = self.handle.read().strip() or "unknown"
                    self.handle.close()
                    raise DataFolderBusy(
                        f"this data folder ({folder}) is in use by another Scorer "
                        f"(process {holder}); close it or use another --data-dir") from None
                time.sleep(0.05)
        self.handle.seek(0)
        self.handle.truncate()
        self.handle.write(str(os.getpid()))
        self.handle.flush()

    def release(self) -> None:
        if self.handle.closed:
            return
        if fcntl is not None:
            fcntl.flock(self.handle.fileno(), fcntl.LOCK_UN)
        self.handle.close()


# --- summaries and reports -------------------------------------------------------------------


@dataclass(frozen=True)
class GameSummary:
    """What the home screen shows of a game, kept in the index."""

    id: str
    variant: str
    players: tuple[str, ...]
    parties: tuple[str, ...]
    totals: tuple[int, ...]
    status: str  # "in progress" or "finished"
    winners: tuple[int, ...]
    deals: int
    updated_at: str
    revision: int
    stamp: tuple[int, int] = (0, 0)  # (mtime_ns, size) of the game file
    # Each player's statistics from this game, kept as JSON text: the home screen never needs
    # them, so opening a store of 10,000 games does not pay for parsing them.
    stats_json: str = "[]"

    @property
    def players_stats(self) -> tuple[PlayerStats, ...]:
        return tuple(PlayerStats.from_list(row) for row in json.loads(self.stats_json))

    @classmethod
    def of(cls, game: Game, stamp: tuple[int, int]) -> GameSummary:
        outcome = game.outcome
        return cls(game.id, game.variant_name, game.players, game.parties, game.totals,
                   "finished" if outcome else "in progress",
                   outcome.winners if outcome else (), len(game.deals),
                   game.updated_at, game.revision, stamp,
                   json.dumps([p.to_list() for p in game_stats(game)], ensure_ascii=False))

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "variant": self.variant, "players": list(self.players),
                "parties": list(self.parties), "totals": list(self.totals),
                "status": self.status, "winners": list(self.winners), "deals": self.deals,
                "updated_at": self.updated_at, "revision": self.revision,
                "stamp": list(self.stamp),
                "players_stats": self.stats_json}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSummary:
        return cls(str(data["id"]), str(data["variant"]), tuple(data["players"]),
                   tuple(data["parties"]), tuple(int(t) for t in data["totals"]),
                   str(data["status"]), tuple(int(w) for w in data["winners"]),
                   int(data["deals"]), str(data["updated_at"]), int(data["revision"]),
                   (int(data["stamp"][0]), int(data["stamp"][1])),
                   _text_field(data, "players_stats"))


def _text_field(data: Mapping[str, Any], name: str) -> str:
    value = data[name]
    if not isinstance(value, str):
        raise ValueError(f"index field {name} is not text")  # an old index: rebuilt
    return value


@dataclass
class ImportReport:
    imported: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # ids already stored

    def __str__(self) -> str:
        parts = [f"imported {len(self.imported)} game(s)"]
        if self.skipped:
            parts.append(f"{len(self.skipped)} already stored, not imported again: "
                         + ", ".join(self.skipped))
        return "; ".join(parts)


# --- migrations -----------------------------------------------------------------------------


def _v0_to_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (before schema_version): the variant was stored as "game"."""
    data = dict(data)
    data["variant"] = data.pop("game", data.get("variant"))
    data.setdefault("history", [])
    data.setdefault("revision", 0)
    return data


MIGRATIONS = {0: _v0_to_v1}


class NewerSchema(StoreError):
    """A document written by a newer Scorer: left untouched."""


def migrate(data: Any) -> dict[str, Any]:
    """Bring a stored game document to the current schema version."""
    if not isinstance(data, dict):
        raise InvalidInput("game", type(data).__name__, "is not a game record")
    version = data.get("schema_version", 0)
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise InvalidInput("schema_version", version, "is not a schema version")
    if version > SCHEMA_VERSION:
        raise NewerSchema(f"written by a newer Scorer (schema {version}; this one reads up to "
                          f"{SCHEMA_VERSION}); update Scorer to open it")
    migrated: dict[str, Any] = data
    while version < SCHEMA_VERSION:
        migrated = MIGRATIONS[version](migrated)
        version += 1
        migrated["schema_version"] = version
    return migrated


# --- the store ------------------------------------------------------------------------------


class Store:
    """Games in a data folder. Open one per process; it is safe to share between threads.

    ``notices`` collects messages for the user about damaged or unreadable games found while
    working (the game named, what happened to its file), to render with scorer.i18n."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None,
                 wait: float = 2.0) -> None:
        self.folder = resolve_data_dir(data_dir)
        self.games_dir = self.folder / "games"
        self.quarantine_dir = self.folder / "quarantine"
        self.index_path = self.folder / "index.json"
        self.games_dir.mkdir(parents=True, exist_ok=True)
        self.quarantine_dir.mkdir(exist_ok=True)
        self._lock = threading.RLock()
        self._folder_lock = _FolderLock(self.folder, wait)
        self.notices: list[Msg] = []  # for the player, in their language (scorer.i18n)
        self._unreadable: dict[str, str] = {}  # id -> why (newer schema), left in place
        self._index: dict[str, GameSummary] = {}
        self._index_written = 0.0
        self._index_dirty = False
        try:
            self._clean_temporary_files()
            self._load_index()
        except BaseException:
            self._folder_lock.release()
            raise

    # -- lifecycle
    def close(self) -> None:
        with self._lock:
            if self._folder_lock.handle.closed:
                return
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

    @staticmethod
    def _stamp(path: Path) -> tuple[int, int]:
        stat = path.stat()
        return (stat.st_mtime_ns, stat.st_size)

    # -- index
    def _load_index(self) -> None:
        stored: dict[str, GameSummary] = {}
        try:
            raw = AtomicJSONStorage(self.index_path).read() or {}
            for doc in raw.get("games", {}).values():
                summary = GameSummary.from_dict(doc)
                stored[summary.id] = summary
        except (CorruptFile, KeyError, TypeError, ValueError, IndexError):
            self._quarantine(self.index_path, "index")  # derived data: rebuilt below
            stored = {}
        fresh: dict[str, GameSummary] = {}
        changed = False
        with os.scandir(self.games_dir) as entries:
            for entry in entries:
                if not entry.name.endswith(".json") or entry.name.startswith("."):
                    continue
                game_id = entry.name[: -len(".json")]
                stat = entry.stat()
                old = stored.get(game_id)
                if old is not None and old.stamp == (stat.st_mtime_ns, stat.st_size):
                    fresh[game_id] = old
                    continue
                changed = True
                game = self._read_game(game_id)
                if game is not None:
                    fresh[game_id] = GameSummary.of(game, self._stamp(self._path(game_id)))
        self._index = fresh
        if changed or len(fresh) != len(stored):
            self._write_index()

    def _write_index(self) -> None:
        docs = {str(i): s.to_dict() for i, s in enumerate(self._index.values(), start=1)}
        db = TinyDB(self.index_path, storage=AtomicJSONStorage)
        db.storage.write({"games": docs})
        self._index_written = time.monotonic()
        self._index_dirty = False

    def _touch_index(self, game: Game | None, game_id: str) -> None:
        if game is None:
            self._index.pop(game_id, None)
        else:
            self._index[game_id] = GameSummary.of(game, self._stamp(self._path(game_id)))
        self._index_dirty = True
        if time.monotonic() - self._index_written > INDEX_WRITE_INTERVAL:
            self._write_index()

    def rebuild_index(self) -> None:
        """Forget the index and rebuild it from the game files."""
        with self._lock:
            self.index_path.unlink(missing_ok=True)
            self._load_index()

    # -- damaged files
    def _quarantine(self, path: Path, label: str) -> Path | None:
        if not path.exists():
            return None
        stamp = time.strftime("%Y%m%dT%H%M%S")
        target = self.quarantine_dir / f"{path.name}.{stamp}.{secrets.token_hex(3)}"
        os.replace(path, target)
        _fsync_dir(self.quarantine_dir)
        return target

    def _read_game(self, game_id: str) -> Game | None:
        """Read one game file; a damaged one is quarantined and its backup restored."""
        path = self._path(game_id)
        try:
            return self._parse_game_file(path)
        except FileNotFoundError:
            return None
        except NewerSchema as error:
            self._unreadable[game_id] = str(error)
            self.notices.append(Msg.of("notice.newer", game=game_id, detail=str(error)))
            return None
        except (CorruptFile, InvalidInput) as error:
            moved = self._quarantine(path, game_id)
            backup = path.with_name(path.name + ".bak")
            restored: Game | None = None
            if backup.exists():
                try:
                    restored = self._parse_game_file(backup)
                except (CorruptFile, InvalidInput, NewerSchema):
                    self._quarantine(backup, game_id)
                else:
                    atomic_write(path, backup.read_text(encoding="utf-8"))
            where = str(moved or self.quarantine_dir)
            if restored is not None:
                self.notices.append(Msg.of("notice.restored", game=game_id, moved=where,
                                           n=len(restored.deals), detail=str(error)))
            else:
                self.notices.append(Msg.of("notice.lost", game=game_id, moved=where,
                                           detail=str(error)))
            return restored

    @staticmethod
    def _parse_game_file(path: Path) -> Game:
        raw = AtomicJSONStorage(path).read()
        if raw is None:
            raise FileNotFoundError(path)
        docs = raw.get("game", {})
        if len(docs) != 1:
            raise CorruptFile(f"{path.name} does not hold exactly one game")
        data = migrate(next(iter(docs.values())))
        return Game.from_dict(data)

    # -- the API
    def list_games(self) -> list[GameSummary]:
        """Every readable game, most recently changed first."""
        with self._lock:
            return sorted(self._index.values(), key=lambda s: s.updated_at, reverse=True)

    def player_stats(self) -> list[PlayerStats]:
        """Every player's statistics across the stored games (from the index)."""
        with self._lock:
            return combine(s.players_stats for s in self._index.values())

    def __contains__(self, game_id: object) -> bool:
        return isinstance(game_id, str) and game_id in self._index

    def load(self, game_id: str) -> Game:
        with self._lock:
            if game_id in self._unreadable:
                raise NewerSchema(f"game {game_id} cannot be opened: "
                                  f"{self._unreadable[game_id]}")
            game = self._read_game(game_id)
            if game is None:
                self._index.pop(game_id, None)
                raise UnknownGame(f"there is no stored game {game_id}")
            return game

    def save(self, game: Game) -> Game:
        """Write ``game`` and return it with its new revision. Refused with StaleGame when the
        stored game has moved on since ``game`` was loaded (or was deleted meanwhile)."""
        with self._lock:
            if game.id in self._unreadable:
                raise NewerSchema(f"game {game.id} cannot be saved: "
                                  f"{self._unreadable[game.id]}")
            current = self._index.get(game.id)
            stored_revision = current.revision if current else 0
            if game.revision != stored_revision:
                if current is None:
                    raise StaleGame(f"game {game.id} was deleted since it was loaded")
                raise StaleGame(
                    f"game {game.id} was changed elsewhere since it was loaded (revision "
                    f"{current.revision}, yours {game.revision}); reload it and try again")
            saved = game.with_revision(game.revision + 1)
            self._write_game(saved)
            return saved

    def _write_game(self, game: Game) -> None:
        path = self._path(game.id)
        db = TinyDB(path, storage=AtomicJSONStorage, backup=True)
        db.table("game").upsert(Document(game.to_dict(), doc_id=1))
        self._touch_index(game, game.id)

    def delete(self, game_id: str) -> None:
        with self._lock:
            path = self._path(game_id)
            if not path.exists():
                raise UnknownGame(f"there is no stored game {game_id}")
            path.unlink()
            path.with_name(path.name + ".bak").unlink(missing_ok=True)
            _fsync_dir(self.games_dir)
            self._unreadable.pop(game_id, None)
            self._touch_index(None, game_id)

    # -- export and import
    def _games(self, game_ids: Iterable[str] | None) -> list[Game]:
        ids = [s.id for s in self.list_games()] if game_ids is None else list(game_ids)
        return [self.load(i) for i in ids]

    def export_json(self, game_ids: Iterable[str] | None = None) -> str:
        """The games (all with None) as one JSON document that ``import_data`` reads back."""
        games = self._games(game_ids)
        return json.dumps({"format": EXPORT_FORMAT, "schema_version": SCHEMA_VERSION,
                           "exported_at": utc_now(), "games": [g.to_dict() for g in games]},
                          ensure_ascii=False, indent=1)

    def export_csv(self, game_ids: Iterable[str] | None = None,
                   t: Translator | None = None) -> str:
        """A spreadsheet scoresheet (English headers unless a translator is given)."""
        return to_csv(self._games(game_ids), *(t,) if t is not None else ())

    def import_file(self, path: str | os.PathLike[str]) -> ImportReport:
        try:
            raw = Path(path).read_bytes()
        except OSError as error:
            raise InvalidImport("file", str(path), f"cannot be read ({error.strerror})") from None
        return self.import_data(raw)

    def import_data(self, raw: bytes | str) -> ImportReport:
        """Import an export (or one game's JSON). Everything is checked first (schema, game,
        players, every deal re-scored against its stored points); a bad file is refused with
        the first problem and nothing from it is stored. Games already stored are skipped."""
        games = parse_import(raw)
        report = ImportReport()
        with self._lock:
            written: list[str] = []
            try:
                for game in games:
                    if game.id in self._index or game.id in self._unreadable:
                        report.skipped.append(game.id)
                        continue
                    self._write_game(game.with_revision(1))
                    written.append(game.id)
            except BaseException:
                for game_id in written:  # all or nothing
                    with contextlib.suppress(StoreError, OSError):
                        self.delete(game_id)
                raise
            report.imported = written
        return report


def parse_import(raw: bytes | str) -> list[Game]:
    """Every game of an import file, fully checked; InvalidImport names the first problem."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise InvalidImport("file", "JSON", f"is not readable ({error})",
                            Msg.of("import.not_json")) from None
    if isinstance(data, dict) and data.get("format") == EXPORT_FORMAT:
        docs = data.get("games")
        if not isinstance(docs, list):
            raise InvalidImport("games", type(docs).__name__, "is not a list of games",
                                Msg.of("import.not_export"))
    elif isinstance(data, dict) and "variant" in data:
        docs = [data]
    else:
        raise InvalidImport("file", type(data).__name__,
                            "is not a Scorer export (format scorer-export) or game",
                            Msg.of("import.not_export"))
    games: list[Game] = []
    seen: set[str] = set()
    for number, doc in enumerate(docs, start=1):
        try:
            game = Game.from_dict(migrate(doc))
        except InvalidInput as error:
            raise InvalidImport(f"game {number} {error.field}", error.value,
                                error.allowed, error.msg) from None
        except NewerSchema:
            raise InvalidImport(f"game {number} schema_version", doc.get("schema_version"),
                                f"is newer than this Scorer reads ({SCHEMA_VERSION}); "
                                "update Scorer to import it",
                                Msg.of("import.newer", number=number)) from None
        except (RecursionError, TypeError, AttributeError, KeyError) as error:
            raise InvalidImport(f"game {number}", type(error).__name__,
                                "is not a well-formed game") from None
        if game.id in seen:
            continue
        seen.add(game.id)
        games.append(game)
    return games
