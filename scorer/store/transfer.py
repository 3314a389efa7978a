"""Export and import: the export document, the checks on an import file, and the staging that
makes an import all-or-nothing even when the process is killed.

An import is written into ``.import-<token>/`` inside the data folder (each file fsynced),
then a ``COMMIT`` marker is written atomically, then the files are renamed into ``games/``.
When a store opens it finishes every staged import that has its marker and removes every one
that does not, so an import is either whole or absent.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from ..fields import moment
from ..game import SCHEMA_VERSION, Game, utc_now
from ..rules import InvalidInput
from ..rules.values import Msg
from .documents import write_game
from .errors import InvalidImport, NewerSchema
from .files import (
    MAX_DEPTH,
    AtomicJSONStorage,
    TooDeep,
    atomic_write,
    fsync_dir,
    loads_strict,
)
from .migrate import migrate

__all__ = ["EXPORT_FORMAT", "MAX_IMPORT_BYTES", "SERVED_IMPORT_MB", "SERVED_MESSAGE_BYTES",
           "SERVED_TOO_LARGE", "ImportReport", "export_document",
           "load_document", "parse_games", "parse_import", "read_import_file", "same_content",
           "stage_import", "recover_imports"]

EXPORT_FORMAT = "scorer-export"
MAX_IMPORT_MB = 16
MAX_IMPORT_BYTES = MAX_IMPORT_MB * 1024 * 1024
# What one message from a phone to `scorer serve` may hold, a picked file's bytes included
# (the websocket's cap, decision 224): an import larger than this goes by the command line.
SERVED_IMPORT_MB = 4
SERVED_MESSAGE_BYTES = SERVED_IMPORT_MB * 1024 * 1024
# The error a picked file's bytes end in when they were larger than that.
SERVED_TOO_LARGE = "scorer: the picked file was larger than the server takes from a phone"
STAGE_PREFIX = ".import-"
COMMIT = "COMMIT"
CLOCK_SLACK = timedelta(days=1)  # a time further in the future than this is refused
# A time before this is refused: no device's clock reads earlier (a clock that was reset
# reads 1970 or later), so a game created in year 1 was not (issue 30, decision 205).
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass
class ImportReport:
    imported: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # the same game is already stored
    conflicts: list[str] = field(default_factory=list)  # a different game has that id
    # Pairs evenings (issue 32): imported; skipped and conflicts go in the lists above.
    evenings: list[str] = field(default_factory=list)
    codes: dict[str, str] = field(default_factory=dict)  # each evening's new director's code


    def __str__(self) -> str:
        parts = [f"imported {len(self.imported)} game(s)"]
        if self.evenings:
            parts.append(f"{len(self.evenings)} pairs evening(s): " + ", ".join(
                f"{i} (director's code {self.codes[i]})" if i in self.codes else i
                for i in self.evenings))
        if self.skipped:
            parts.append(f"{len(self.skipped)} already stored, not imported again: "
                         + ", ".join(self.skipped))
        if self.conflicts:
            parts.append(f"{len(self.conflicts)} not imported because a different game with "
                         "the same id is stored: " + ", ".join(self.conflicts))
        return "; ".join(parts)


def export_document(games: Sequence[Game], evenings: Sequence[dict[str, Any]] = ()) -> str:
    """The games, and pairs evenings (their stored documents), as one JSON document that
    :func:`parse_import` and :func:`scorer.store.pairs.parse_evenings` read back."""
    return json.dumps({"format": EXPORT_FORMAT, "schema_version": SCHEMA_VERSION,
                       "exported_at": utc_now(), "games": [g.to_dict() for g in games],
                       "pairs": list(evenings)}, ensure_ascii=False, indent=1)


def same_content(a: Game, b: Game) -> bool:
    """The same game, whatever the storage revision."""
    return a.to_dict() | {"revision": 0} == b.to_dict() | {"revision": 0}


def _too_large(what: str) -> InvalidImport:
    return InvalidImport("file", what, f"is larger than {MAX_IMPORT_MB} MB, the most Scorer "
                         "imports at once", Msg.of("import.too_large", mb=MAX_IMPORT_MB))


def read_import_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of an import file, at most MAX_IMPORT_BYTES (never more is read)."""
    try:
        # Opened as given: a file named on the command line may be a pipe (`/dev/stdin`);
        # only the data folder's own files must be plain (files.read_plain).
        with open(path, "rb") as handle:
            raw = handle.read(MAX_IMPORT_BYTES + 1)
    except IsADirectoryError:
        raise InvalidImport("file", str(path), "is a folder, not a file") from None
    except OSError as error:
        raise InvalidImport("file", str(path),
                            f"cannot be read ({error.strerror or error})") from None
    if len(raw) > MAX_IMPORT_BYTES:
        raise _too_large(str(path))
    return raw


def load_document(raw: bytes | str) -> Any:
    """The JSON of an import, read with every limit (size, nesting, strict numbers)."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise _too_large("data")
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw.removeprefix("\ufeff")
        return loads_strict(text)
    except TooDeep:
        raise InvalidImport("file", "JSON", f"is nested deeper than {MAX_DEPTH} levels",
                            Msg.of("import.too_deep", n=MAX_DEPTH)) from None
    except (UnicodeDecodeError, ValueError) as error:
        raise InvalidImport("file", "JSON", f"is not readable ({error})",
                            Msg.of("import.not_json")) from None


def _check_times(number: int, game: Game) -> None:
    """No time in the future (beyond CLOCK_SLACK), and no change (a correction, the last
    change) dated before the game was created: such a game would rewrite its own past
    (decision 220)."""
    latest = datetime.now(UTC) + CLOCK_SLACK
    created = moment(game.created_at)
    stamps = [("created_at", game.created_at), ("updated_at", game.updated_at)]
    stamps += [(f"history {i} at", c.at) for i, c in enumerate(game.history, start=1)]
    for name, stamp in stamps:
        when = moment(stamp)
        if when is not None and when > latest:
            raise InvalidImport(f"game {number} {name}", stamp, "is in the future",
                                Msg.of("import.future", number=number, field=name))
        if when is not None and when < EARLIEST:
            raise InvalidImport(f"game {number} {name}", stamp, "is before 1970, earlier "
                                "than any device's clock",
                                Msg.of("import.past", number=number, field=name))
        if when is not None and created is not None and when < created:
            raise InvalidImport(f"game {number} {name}", stamp,
                                f"is before the game was created ({game.created_at})",
                                Msg.of("import.before_created", number=number, field=name))


def parse_import(raw: bytes | str) -> list[Game]:
    """Every game of an import file, fully checked; InvalidImport names the first problem.
    The same game twice is imported once; two different games with one id (ignoring case)
    refuse the file."""
    return parse_games(load_document(raw))


def parse_games(data: Any) -> list[Game]:
    """The games of an import already read by :func:`load_document`, fully checked."""
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
    seen: dict[str, tuple[int, Game]] = {}
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
        except (RecursionError, TypeError, AttributeError, KeyError, ValueError) as error:
            raise InvalidImport(f"game {number}", type(error).__name__,
                                "is not a well-formed game") from None
        _check_times(number, game)
        try:
            game.end.playable()  # a game kept here before is read as it is; a new one not
        except InvalidInput as error:
            raise InvalidImport(f"game {number} {error.field}", error.value, error.allowed,
                                error.msg) from None
        key = game.id.casefold()
        if key in seen:
            first, other = seen[key]
            if not same_content(other, game):
                raise InvalidImport(f"game {number} id", game.id,
                                    f"is also the id of game {first}, a different game",
                                    Msg.of("import.duplicate", number=number, first=first,
                                           id=game.id))
            continue
        seen[key] = (number, game)
        games.append(game)
    return games


# --- staging --------------------------------------------------------------------------------


def stage_import(folder: Path, games_dir: Path, games: Sequence[Game]) -> None:
    """Write ``games`` into ``games_dir`` all at once: staged, committed, then moved in.
    On an error nothing is left behind (OSError is raised)."""
    stage = folder / f"{STAGE_PREFIX}{secrets.token_hex(6)}"
    try:
        stage.mkdir()
        fsync_dir(folder)
        for game in games:
            write_game(AtomicJSONStorage(stage / f"{game.id}.json"), game)
        ids = json.dumps([g.id for g in games]).encode("utf-8")
        atomic_write(stage / COMMIT, ids)  # the commit point
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        fsync_dir(folder)
        raise
    _finish(stage, games_dir)


def _finish(stage: Path, games_dir: Path) -> None:
    for entry in sorted(stage.iterdir()):
        if entry.name.startswith(".") or not entry.name.endswith(".json"):
            continue
        target = games_dir / entry.name
        if target.exists():  # only after a crash, if the game was saved meanwhile: keep it
            entry.unlink()
        else:
            os.replace(entry, target)
    fsync_dir(games_dir)
    (stage / COMMIT).unlink()
    shutil.rmtree(stage, ignore_errors=True)
    fsync_dir(stage.parent)


def recover_imports(folder: Path, games_dir: Path) -> None:
    """Finish the committed imports a crash interrupted; remove the uncommitted ones."""
    for stage in folder.glob(f"{STAGE_PREFIX}*"):
        with contextlib.suppress(OSError):  # a read-only folder: done when it can be written
            if (stage / COMMIT).exists():
                _finish(stage, games_dir)
            else:
                shutil.rmtree(stage)
                fsync_dir(folder)
