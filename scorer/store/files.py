"""Files that survive a crash: atomic writes, fsynced folders, strict JSON, TinyDB storages.

Every byte Scorer writes into a data folder goes through :func:`atomic_write`: a temporary file
in the same folder, flush, fsync, (the old file kept as a backup), rename over the target,
fsync of the folder. A crash leaves the old file or the new one, never a mix.
:class:`AtomicJSONStorage` is TinyDB's storage contract (``read()``/``write()``) on top of it:
the store's one write path for game files, the index and staged imports.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import secrets
import stat
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from .errors import CorruptFile

__all__ = ["AtomicJSONStorage", "TMP_SUFFIX", "MAX_DEPTH", "atomic_write", "fsync_dir",
           "read_plain",
           "make_dirs", "loads_strict", "check_depth", "scan_depth", "parse_document"]

TMP_SUFFIX = ".tmp"
MAX_DEPTH = 24  # a game document is about 6 levels deep; deeper data is refused, not stored
MAX_DIGITS = 30  # longest whole number in a document (5,000 digits would only slow a reader)


def fsync_dir(folder: Path) -> None:
    """Make a folder's entries (new, renamed, removed files) durable."""
    with contextlib.suppress(OSError):  # not every platform can open a folder (Windows)
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def make_dirs(folder: Path) -> None:
    """Create ``folder`` and its missing parents, fsyncing each parent that got a new entry."""
    missing: list[Path] = []
    probe = folder
    while not probe.exists():
        missing.append(probe)
        if probe.parent == probe:
            break
        probe = probe.parent
    for path in reversed(missing):
        with contextlib.suppress(FileExistsError):
            path.mkdir()
        fsync_dir(path.parent)
    if not folder.is_dir():
        raise NotADirectoryError(20, "Not a directory", str(folder))


def _fsynced_copy(source: Path, target: Path) -> None:
    with open(source, "rb") as src, open(target, "wb") as dst:
        while chunk := src.read(1 << 20):
            dst.write(chunk)
        dst.flush()
        os.fsync(dst.fileno())


def atomic_write(path: Path, data: bytes, backup: Path | None = None,
                 copy_backup: bool = True) -> bool:
    """Write ``data`` to ``path`` so that a crash leaves the old file or the new one, never a
    mix; with ``backup``, the old file (if any) is kept there first (a hard link, so it costs
    nothing; a fsynced copy where links are not available, unless ``copy_backup`` is False
    and a backup is there already: then that older backup stays). True when a copy was
    made."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}{TMP_SUFFIX}")
    link: Path | None = None
    copied = False
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if backup is not None and path.exists():
            link = backup.with_name(f".{backup.name}.{secrets.token_hex(4)}{TMP_SUFFIX}")
            try:
                os.link(path, link)
            except (OSError, AttributeError):  # no hard links here (Pyodide has no os.link)
                if copy_backup or not backup.exists():
                    _fsynced_copy(path, link)
                    copied = True
                else:
                    link = None
            if link is not None:
                os.replace(link, backup)
                link = None
        os.replace(tmp, path)
    except BaseException:
        for stray in (tmp, link):
            if stray is not None:
                with contextlib.suppress(OSError):
                    stray.unlink()
        raise
    fsync_dir(path.parent)
    return copied


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text)} digits is longer than {MAX_DIGITS}")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise ValueError(f"a number of {len(text)} characters is too long")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is not a finite number")
    return value


# A JSON string (an unfinished one runs to the end), or one bracket: what scan_depth looks at.
_STRINGS = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class TooDeep(ValueError):
    """JSON nested deeper than a limit (a hostile or foreign document)."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"it is nested deeper than {limit} levels")
        self.limit = limit


def scan_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """TooDeep if the brackets of JSON ``text`` (outside its strings) nest deeper than
    ``limit``: read without recursion and before any parser, whose recursion would exhaust a
    small stack (Pyodide's: 100,000 brackets end the phone app with a fatal error)."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    depth = 0
    for bracket in brackets:
        if bracket in "[{":
            depth += 1
            if depth > limit:
                raise TooDeep(limit)
        else:
            depth -= 1


def loads_strict(text: str) -> Any:
    """JSON without NaN/Infinity, absurdly long numbers or deep nesting (ValueError). The
    depth is checked before the (recursive) parser runs."""
    scan_depth(text)
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_int=_parse_int,
                          parse_float=_parse_float)
    except RecursionError:
        raise TooDeep(MAX_DEPTH) from None
    check_depth(data)
    return data


def check_depth(data: Any, limit: int = MAX_DEPTH) -> None:
    """TooDeep if ``data`` nests lists/objects deeper than ``limit`` (checked without
    recursion, so a hostile document cannot exhaust the stack)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            raise TooDeep(limit)
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def parse_document(raw: bytes, name: str, strict: bool = True) -> dict[str, dict[str, Any]]:
    """A TinyDB document (``{table: {doc_id: document}}``) from a file's bytes; ``strict``
    (game files) refuses what :func:`loads_strict` refuses; the index, derived data that only
    the store writes and that is large, is read with plain ``json.loads``."""
    if not raw.strip():
        raise CorruptFile(f"{name} is empty")
    try:
        text = raw.decode("utf-8-sig")
        data = loads_strict(text) if strict else json.loads(text)
    except RecursionError:
        raise CorruptFile(f"{name} is nested too deeply") from None
    except (UnicodeDecodeError, ValueError) as error:
        raise CorruptFile(f"{name} is not readable JSON ({error})") from None
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise CorruptFile(f"{name} is not a TinyDB document")
    return data


def dumps(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class AtomicJSONStorage(Storage):
    """TinyDB storage that writes atomically (see :func:`atomic_write`), always UTF-8.

    Unlike TinyDB's JSONStorage it never creates a file on read; a missing file reads as
    None (empty) while an empty (0-byte) or unparsable one raises :class:`CorruptFile`
    instead of being silently replaced by the next write. Read errors (permissions, a disk
    error) are raised as the OSError they are.
    """

    def __init__(self, path: str | os.PathLike[str], backup: bool = False,
                 strict: bool = True, copy_backup: bool = True) -> None:
        self.path = Path(path)
        self.backup = self.path.with_name(self.path.name + ".bak") if backup else None
        self.strict = strict
        self.copy_backup = copy_backup  # see atomic_write
        self.copied = False  # the last write copied the old file to its backup

    def read(self) -> dict[str, dict[str, Any]] | None:
        try:
            raw = read_plain(self.path)
        except FileNotFoundError:
            return None
        return parse_document(raw, self.path.name, self.strict)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self.copied = atomic_write(self.path, dumps(data), self.backup, self.copy_backup)

    def close(self) -> None:
        pass


_KINDS = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def read_plain(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of ``path`` (at most ``limit`` + 1 of them) if it is a plain file, through
    a symbolic link or not. Anything else (a named pipe, which would wait for a writer for
    ever; a device such as /dev/zero, which never ends; a socket, a folder) is refused by
    its type before a byte is read: OSError naming the path and what it is (issue 34 item
    8, decision 226)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "is a folder, not a file", str(path))
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a plain file")
            raise OSError(22, f"is {kind}, not a plain file", str(path))
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            return handle.read() if limit is None else handle.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)
