"""Pairs sessions (issue 32) as documents of their own, beside the games.

A pairs session is not a game of deals (a board's matchpoints change as later results arrive),
so it is kept as its own kind of document: ``pairs/<id>.json``, one TinyDB file per session::

    {"pairs": {"1": {"id": ..., "revision": n, "created_at": ..., "updated_at": ...,
                     "session": PairsSession.to_dict()}}}

with ``pairs/<id>.json.bak`` its previous version. Every change is one atomic write of the
whole document (:func:`scorer.store.files.atomic_write`, through ``AtomicJSONStorage``), on
disk before :meth:`PairsShelf.change` returns.

Many phones save into one session at once (one per table). A change is therefore given as a
function of the session *as stored* (``change(id, lambda s: s.enter(result, at))``) and applied
under the store's lock: two tables saving different boards at the same moment both keep their
result, never "changed elsewhere" (decision 311). What the function refuses (a different
result for a board already entered) is refused by name, and nothing is written.

With another TinyDB storage class (``MemoryStorage`` in tests) each session is one instance
of that class, kept for the life of the store.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from ..rules import InvalidInput
from ..rules.pairs.session import FORMAT, PairsSession
from ..rules.values import Msg
from .errors import CorruptFile, InvalidImport, NewerSchema, UnknownGame, WriteFailed
from .files import AtomicJSONStorage, atomic_write, make_dirs, read_plain

__all__ = ["PAIRS_TABLE", "PairsRecord", "PairsShelf", "UnknownSession", "code_hash",
           "parse_evenings"]

PAIRS_TABLE = "pairs"
SCHEMA_VERSION = 1
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
_HASHED = re.compile(r"^[0-9a-f]{16}\$[0-9a-f]{64}$")


class UnknownSession(UnknownGame):
    """No stored pairs session has that id."""


@dataclass(frozen=True)
class PairsRecord:
    """A stored session with what the store adds: its id, revision and times."""

    id: str
    session: PairsSession
    revision: int
    created_at: str
    updated_at: str
    director: str = ""  # the director's code, salted and hashed ("" none: decision 516)

    def to_dict(self, export: bool = False) -> dict[str, Any]:
        """The stored document; ``export``: without the director's code's hash, which never
        leaves the server (a 4-8 digit code's hash is inverted in seconds: decision 560)."""
        return {"id": self.id, "schema_version": SCHEMA_VERSION, "revision": self.revision,
                "created_at": self.created_at, "updated_at": self.updated_at,
                **({"director": self.director} if self.director and not export else {}),
                "session": self.session.to_dict()}

    def code_fits(self, code: str) -> bool:
        """Is ``code`` this evening's director's code? (True where it has none.)"""
        if not self.director:
            return True
        salt = self.director.split("$", 1)[0]
        return hmac.compare_digest(code_hash(code, salt), self.director)

    @classmethod
    def from_dict(cls, data: Any, name: str) -> PairsRecord:
        if not isinstance(data, dict):
            raise CorruptFile(f"{name} is not a pairs session")
        version = data.get("schema_version")
        if isinstance(version, int) and version > SCHEMA_VERSION:
            raise NewerSchema(f"{name} was written by a newer Scorer (schema {version})")
        revision = data.get("revision")
        ident = data.get("id")
        if not isinstance(revision, int) or not isinstance(ident, str):
            raise CorruptFile(f"{name} is not a pairs session (no id or revision)")
        session = data.get("session")
        if not isinstance(session, dict) or session.get("format") != FORMAT:
            raise CorruptFile(f"{name} does not hold a {FORMAT}")
        director = data.get("director", "")
        if not isinstance(director, str) or (director and not _HASHED.match(director)):
            raise CorruptFile(f"{name}'s director's code is not a salted hash")
        return cls(ident, PairsSession.from_dict(session), revision,
                   str(data.get("created_at", "")), str(data.get("updated_at", "")), director)


def code_hash(code: str, salt: str | None = None) -> str:
    """``salt$hash`` of a director's code: the code itself is kept nowhere (decision 516)."""
    salt = salt if salt is not None else secrets.token_hex(8)
    digest = pbkdf2_sha256(code.encode("utf-8"), salt.encode("ascii"), 1000)
    return f"{salt}${digest.hex()}"


def pbkdf2_sha256(password: bytes, salt: bytes, rounds: int) -> bytes:
    """PBKDF2-HMAC-SHA256's first 32-byte block (RFC 8018), the bytes
    ``hashlib.pbkdf2_hmac("sha256", ...)`` gives: that function exists only where Python has
    OpenSSL, and the browser build's Python (Pyodide, no ``_hashlib``) has not, so an evening
    imported on a phone alone could not be written (decision 570). OpenSSL's where it is."""
    openssl = getattr(hashlib, "pbkdf2_hmac", None)
    if openssl is not None:
        return bytes(openssl("sha256", password, salt, rounds))
    keyed = hmac.new(password, digestmod=hashlib.sha256)

    def prf(data: bytes) -> bytes:
        mac = keyed.copy()
        mac.update(data)
        return mac.digest()

    block = prf(salt + (1).to_bytes(4, "big"))
    result = int.from_bytes(block, "big")
    for _ in range(rounds - 1):
        block = prf(block)
        result ^= int.from_bytes(block, "big")
    return result.to_bytes(32, "big")


Ids = list[str]
CODE_TRIES_FREE = 10  # wrong director's codes an evening takes without a wait (decision 568)
CODE_WAIT_MAX = 60.0  # seconds: the longest wait between two tries


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class PairsShelf:
    """The pairs sessions of a data folder (or of another TinyDB storage class)."""

    def __init__(self, folder: Path, lock: threading.RLock,
                 storage: type[Storage] = AtomicJSONStorage) -> None:
        self.folder = folder / "pairs"
        self._lock = lock
        self._in_files = issubclass(storage, AtomicJSONStorage)
        self._storage = storage
        self._kept: dict[str, Storage] = {}  # another storage class: one instance per session
        # The last record read or written of each session's file, with the file's signature
        # (inode, size, modification time): an atomic write makes a new file, so a signature
        # unchanged is the same document. 15 tables saving at once read the session about 60
        # times (each save, each phone told, each screen drawn): 25 ms of JSON each, now one
        # stat (decision 361).
        self._read_last: dict[str, tuple[tuple[int, int, int], PairsRecord]] = {}
        self._secret: bytes | None = None  # the server's own key (decision 561)
        self._wrong: dict[str, tuple[int, float]] = {}  # wrong codes, next try (decision 568)

    def code_try(self, record: PairsRecord, code: str, now: float) -> tuple[bool, float]:
        """Is ``code`` the evening's director's code, and how many seconds until the next try
        is taken. The first ``CODE_TRIES_FREE`` wrong codes cost nothing; each further one
        makes the next try of the evening's code, from any phone, wait 1, 2, 4 ... up to
        ``CODE_WAIT_MAX`` seconds (the right code included), so a guest admitted by the table's
        code cannot try the 10,000 four-digit codes in an evening (decision 568). The right
        code clears the count; the director's own phone is remembered and never waits."""
        with self._lock:
            wrong, until = self._wrong.get(record.id, (0, 0.0))
            if now < until:
                return False, until - now
            if record.code_fits(code):
                self._wrong.pop(record.id, None)
                return True, 0.0
            wrong += 1
            wait = (0.0 if wrong <= CODE_TRIES_FREE
                    else min(CODE_WAIT_MAX, 2.0 ** (wrong - CODE_TRIES_FREE - 1)))
            self._wrong[record.id] = (wrong, now + wait)
            return False, wait

    def grant(self, record: PairsRecord) -> str:
        """What a phone given the director's code keeps to be the director's again after a
        reload or a restart: an HMAC of the evening keyed by the data folder's own secret
        (``pairs/secret.key``, in no export), so nothing that leaves the server makes it
        (decision 561)."""
        message = f"{record.id}|{record.director}".encode()
        return hmac.new(self._key(), message, hashlib.sha256).hexdigest()

    def _key(self) -> bytes:
        with self._lock:
            if self._secret is None:
                path = self.folder / "secret.key"
                kept = read_plain(path) if self._in_files and path.is_file() else b""
                if len(kept) >= 32:
                    self._secret = kept
                else:
                    self._secret = secrets.token_bytes(32)
                    if self._in_files:
                        make_dirs(self.folder)
                        atomic_write(path, self._secret)
            return self._secret

    # -- where each session is
    def _storage_of(self, session_id: str) -> Storage:
        if not _ID.match(session_id):
            raise UnknownSession(f"no pairs session {session_id!r}")
        if self._in_files:
            return AtomicJSONStorage(self.folder / f"{session_id}.json", backup=True)
        if session_id not in self._kept:
            self._kept[session_id] = self._storage()
        return self._kept[session_id]

    def _ids(self) -> Iterator[str]:
        if not self._in_files:
            yield from (i for i, s in self._kept.items() if s.read() is not None)
            return
        if not self.folder.is_dir():
            return
        for path in self.folder.glob("*.json"):
            if _ID.match(path.stem):
                yield path.stem

    def _signature(self, session_id: str) -> tuple[int, int, int] | None:
        if not self._in_files:
            return None
        try:
            found = (self.folder / f"{session_id}.json").stat()
        except OSError:
            return None
        return found.st_ino, found.st_size, found.st_mtime_ns

    def _read(self, session_id: str) -> PairsRecord:
        signature = self._signature(session_id) if _ID.match(session_id) else None
        last = self._read_last.get(session_id)
        if signature is not None and last is not None and last[0] == signature:
            return last[1]
        record = self._read_file(session_id)
        if signature is not None:
            self._read_last[session_id] = (signature, record)
        return record

    def _read_file(self, session_id: str) -> PairsRecord:
        storage = self._storage_of(session_id)
        document = storage.read()
        if document is None:
            raise UnknownSession(f"no pairs session {session_id!r}")
        docs = document.get(PAIRS_TABLE, {})
        if len(docs) != 1:
            raise CorruptFile(f"pairs session {session_id} does not hold exactly one session")
        try:
            return PairsRecord.from_dict(next(iter(docs.values())), f"pairs session "
                                         f"{session_id}")
        except InvalidInput as error:
            raise CorruptFile(f"pairs session {session_id} is not readable ({error})") from None

    def _write(self, record: PairsRecord) -> None:
        try:
            if self._in_files:
                make_dirs(self.folder)
            self._read_last.pop(record.id, None)
            self._storage_of(record.id).write({PAIRS_TABLE: {"1": record.to_dict()}})
            signature = self._signature(record.id)
            if signature is not None:  # what was written is what a read would give
                self._read_last[record.id] = (signature, record)
        except OSError as error:
            raise WriteFailed(f"pairs session {record.id} was not saved: "
                              f"{error.strerror or error}") from None

    # -- the API
    def create(self, session: PairsSession, at: str | None = None,
               code: str = "") -> PairsRecord:
        """A new session, stored under a new id (revision 1); ``code``, the director's code
        (kept hashed; "" none)."""
        stamp = at or now()
        with self._lock:
            while True:
                session_id = "p" + secrets.token_hex(4)
                if session_id not in set(self._ids()):
                    break
            record = PairsRecord(session_id, session, 1, stamp, stamp,
                                 code_hash(code) if code else "")
            self._write(record)
            return record

    def load(self, session_id: str) -> PairsRecord:
        """The session as stored now (UnknownSession, CorruptFile, NewerSchema)."""
        with self._lock:
            return self._read(session_id.casefold())

    def revision(self, session_id: str) -> int | None:
        try:
            return self.load(session_id).revision
        except (UnknownSession, CorruptFile, NewerSchema, OSError):
            return None

    def change(self, session_id: str, how: Callable[[PairsSession], PairsSession],
               at: str | None = None) -> PairsRecord:
        """Apply ``how`` to the session as stored and store the result (one atomic write);
        the session unchanged is not written. ``how`` may raise InvalidInput: nothing is
        written then."""
        with self._lock:
            record = self._read(session_id.casefold())
            changed = how(record.session)
            if changed == record.session:
                return record
            # Checked whole as it will be read back before it is written.
            PairsSession.from_dict(changed.to_dict())
            new = PairsRecord(record.id, changed, record.revision + 1, record.created_at,
                              at or now(), record.director)
            self._write(new)
            return new

    def keep(self, session_id: str, session: PairsSession, at: str | None = None,
             came: tuple[str, str] = ("", "")) -> tuple[PairsRecord, bool]:
        """A session brought by a link: stored under its own id when there is none here (True),
        else merged into the one kept (the core's ``merge``: the same result is one, a
        correction wins, a difference becomes a conflict, its results saying where they came
        from, ``came``; another session's results are refused by name). Keeping the same
        link twice changes nothing."""
        with self._lock:
            session_id = session_id.casefold()
            self._storage_of(session_id)  # an id that names no file is refused here
            try:
                self._read(session_id)
            except UnknownSession:
                stamp = at or now()
                record = PairsRecord(session_id, session, 1, stamp, stamp)
                self._write(record)
                return record, True
            return self.change(session_id, lambda kept: kept.merge(session, came), at), False

    def list(self) -> list[PairsRecord]:
        """Every readable session, most recently changed first (one that cannot be read is
        left out, never moved or changed)."""
        found = []
        with self._lock:
            for session_id in self._ids():
                try:
                    found.append(self._read(session_id))
                except (UnknownSession, CorruptFile, NewerSchema, InvalidInput, OSError):
                    continue
        return sorted(found, key=lambda r: (r.updated_at, r.id), reverse=True)

    def delete(self, session_id: str) -> None:
        with self._lock:
            self._read(session_id.casefold())
            if self._in_files:
                for path in (self.folder / f"{session_id.casefold()}.json",
                             self.folder / f"{session_id.casefold()}.json.bak"):
                    path.unlink(missing_ok=True)
            else:
                self._kept.pop(session_id.casefold(), None)
            self._read_last.pop(session_id.casefold(), None)

    def import_records(self, records: Sequence[PairsRecord],
                       codes: dict[str, str] | None = None) -> tuple[Ids, Ids, Ids]:
        """Evenings from an import, already checked whole (:func:`parse_evenings`): each
        new one is written (one atomic write each) with a new director's code, put in
        ``codes`` by id (decision 562), one stored with the same content is skipped,
        another evening under a stored id is a conflict and left alone (decision 343).
        Returns (imported, skipped, conflicts) by id."""
        codes = {} if codes is None else codes
        imported: Ids = []
        skipped: Ids = []
        conflicts: Ids = []
        with self._lock:
            for record in records:
                try:
                    stored = self._read(record.id)
                except UnknownSession:
                    code = f"{secrets.randbelow(10**4):04d}"  # a new code (decision 562)
                    self._write(PairsRecord(record.id, record.session, record.revision,
                                            record.created_at, record.updated_at,
                                            code_hash(code)))
                    imported.append(record.id)
                    codes[record.id] = code
                    continue
                except (CorruptFile, NewerSchema, OSError):
                    conflicts.append(record.id)  # an unreadable file is never overwritten
                    continue
                same = stored.session.to_dict() == record.session.to_dict()
                (skipped if same else conflicts).append(record.id)
        return imported, skipped, conflicts


def parse_evenings(data: Any) -> list[PairsRecord]:
    """The pairs evenings of an export document (its ``pairs`` list; none in an older
    export), each checked whole as the store reads it; InvalidImport names the first problem.
    The same evening twice is one; two different ones under one id refuse the file."""
    docs = data.get("pairs", []) if isinstance(data, dict) else []
    if not isinstance(docs, list):
        raise InvalidImport("pairs", type(docs).__name__, "is not a list of pairs evenings",
                            Msg.of("import.not_export"))
    found: dict[str, PairsRecord] = {}
    for number, doc in enumerate(docs, start=1):
        try:
            ident = doc.get("id") if isinstance(doc, dict) else None
            if not isinstance(ident, str) or not _ID.match(ident):
                raise CorruptFile(f"no id of letters, digits and '-': {ident!r}")
            record = PairsRecord.from_dict(doc, f"pairs evening {number}")
            record = PairsRecord(ident, record.session, 1, record.created_at,
                                 record.updated_at, record.director)
        except NewerSchema:
            raise InvalidImport(f"pairs evening {number} schema_version",
                                doc.get("schema_version"), "is newer than this Scorer reads",
                                Msg.of("import.newer_evening", number=number)) from None
        except InvalidInput as error:
            raise InvalidImport(f"pairs evening {number} {error.field}", error.value,
                                error.allowed,
                                Msg.of("import.not_evening", number=number) if error.msg is None
                                else Msg.of("import.bad_evening", number=number,
                                            problem=error.msg)) from None
        except (CorruptFile, RecursionError, TypeError, AttributeError, KeyError,
                ValueError) as error:
            raise InvalidImport(f"pairs evening {number}", type(error).__name__,
                                "is not a well-formed pairs evening",
                                Msg.of("import.not_evening", number=number)) from None
        other = found.get(ident)
        if other is not None and other.session.to_dict() != record.session.to_dict():
            raise InvalidImport(f"pairs evening {number} id", ident,
                                "is also the id of a different evening in the file",
                                Msg.of("import.evening_twice", number=number, id=ident))
        found[ident] = record
    return list(found.values())
