"""Durable storage of games: the only package that imports TinyDB.

- :mod:`.files`: atomic writes, fsynced folders, strict JSON, the TinyDB storage;
- :mod:`.lock`: one Scorer process per data folder (POSIX and Windows);
- :mod:`.documents`: a game as a TinyDB document (the one write path);
- :mod:`.migrate`: schema versions;
- :mod:`.index`: the summaries of the home screen (derived data);
- :mod:`.transfer`: export, the checks on an import, all-or-nothing import staging;
- :mod:`.merge`: one game kept here and brought by a link: which is the other's past;
- :mod:`.shelf`: where the games are kept: the files (:mod:`.gamefiles`) or TinyDB storages
  of another class (``MemoryStorage`` in tests);
- :mod:`.pairs`: pairs sessions (issue 32), documents of their own beside the games;
- :mod:`.rooms`: a team match's other table (its results, waiting or in conflict);
- :mod:`.core`: :class:`Store`, which puts them together.

It imports neither ``scorer.i18n`` nor ``scorer.sheet``: it speaks in Msg values and English
error lines, and callers render text (a CSV export is ``scorer.sheet.to_csv(store.load_many(
ids), t)``).
"""

from .core import Kept, Store, resolve_data_dir
from .errors import (
    CorruptFile,
    DataFolderBusy,
    GameUnreadable,
    InvalidImport,
    NewerSchema,
    NotAFolder,
    StaleGame,
    StoreError,
    UnknownGame,
    WriteFailed,
)
from .files import AtomicJSONStorage, atomic_write
from .index import GameSummary, UnreadableGame
from .merge import Relation
from .migrate import migrate
from .pairs import PairsRecord, PairsShelf, UnknownSession
from .rooms import RoomsRecord
from .transfer import EXPORT_FORMAT, MAX_IMPORT_BYTES, ImportReport, parse_import

__all__ = [
    "EXPORT_FORMAT",
    "MAX_IMPORT_BYTES",
    "AtomicJSONStorage",
    "CorruptFile",
    "DataFolderBusy",
    "GameSummary",
    "GameUnreadable",
    "ImportReport",
    "InvalidImport",
    "Kept",
    "NewerSchema",
    "NotAFolder",
    "PairsRecord",
    "PairsShelf",
    "UnknownSession",
    "Relation",
    "RoomsRecord",
    "StaleGame",
    "Store",
    "StoreError",
    "UnknownGame",
    "UnreadableGame",
    "WriteFailed",
    "atomic_write",
    "migrate",
    "parse_import",
    "resolve_data_dir",
]
