"""One Scorer process per data folder: an exclusive lock held while a store is open.

The lock is the operating system's, so it dies with its holder (a crash never leaves a stale
lock behind): ``fcntl.flock`` on POSIX, ``msvcrt.locking`` (a byte-range lock) on Windows.
The locked byte lies past the holder's process id written at the start of ``.lock``, so a
second process can read who holds the folder even on Windows, where a locked range cannot be
read. Within one process a registry of held folders refuses a second store on the same folder
(POSIX locks are per process, so the OS would not). A folder whose lock file cannot be
created at all (a read-only folder) is opened without one: nobody can write there anyway.
A ``.lock`` that is not a plain file of its own (a symbolic or hard link, a folder) is refused
with :class:`NotAFolder`, never written through.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import os
import stat
import threading
import time
from pathlib import Path
from types import ModuleType

from .errors import DataFolderBusy, NotAFolder


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None

__all__ = ["FolderLock", "LOCK_NAME"]

LOCK_NAME = ".lock"
LOCK_OFFSET = 1 << 20  # the byte that is locked: far past the pid written at the start
POLL = 0.05

# The locking modules in use; tests replace them to take the Windows path on Linux.
fcntl: ModuleType | None = _module("fcntl")  # POSIX
msvcrt: ModuleType | None = _module("msvcrt")  # Windows

_held: set[str] = set()
_held_guard = threading.Lock()

_BUSY = {errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK, errno.EDEADLK}
_CANNOT_WRITE = {errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOSPC}


def _try_lock(fd: int) -> None:
    """Take the lock without waiting; OSError (errno in _BUSY) if another process holds it."""
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    elif msvcrt is not None:
        os.lseek(fd, LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)


def _unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    elif msvcrt is not None:
        os.lseek(fd, LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


class FolderLock:
    """An exclusive lock on ``folder``, held until :meth:`release`. Waits up to ``wait``
    seconds for another holder, then raises :class:`DataFolderBusy` naming its process."""

    def __init__(self, folder: Path, wait: float) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self.key = os.path.normcase(os.path.realpath(folder))
        self.fd: int | None = None
        deadline = time.monotonic() + wait
        while not self._claim_in_process():
            if time.monotonic() >= deadline:
                raise self._busy("this process")
            time.sleep(POLL)
        try:
            self._lock_file(deadline)
        except BaseException:
            self._forget()
            raise

    def _claim_in_process(self) -> bool:
        with _held_guard:
            if self.key in _held:
                return False
            _held.add(self.key)
            return True

    def _forget(self) -> None:
        with _held_guard:
            _held.discard(self.key)

    def _open(self) -> int | None:
        # Never through a link: a `.lock` that points elsewhere would have its target
        # truncated and a process id written in it (O_NOFOLLOW; lstat where it is missing).
        flags = getattr(os, "O_BINARY", 0) | getattr(os, "O_NOINHERIT", 0) | \
            getattr(os, "O_NOFOLLOW", 0)
        if os.path.islink(self.path):
            raise self._not_plain("a link to another file")
        try:
            return self._plain(os.open(self.path, os.O_RDWR | os.O_CREAT | flags, 0o644))
        except OSError as error:
            self._refuse_link(error)
            if error.errno not in _CANNOT_WRITE:
                raise
        try:  # an existing lock file in a folder we cannot write: lock it read-only
            return self._plain(os.open(self.path, os.O_RDONLY | flags))
        except OSError as error:
            self._refuse_link(error)
            return None  # no lock file and no way to create one: a read-only folder

    def _refuse_link(self, error: OSError) -> None:
        """O_NOFOLLOW met a link (ELOOP; EMLINK on FreeBSD), or the lock file is a folder."""
        if error.errno in (errno.ELOOP, errno.EMLINK):
            raise self._not_plain("a link to another file") from None
        if error.errno == errno.EISDIR:
            raise self._not_plain("a folder") from None

    def _plain(self, fd: int) -> int:
        """``fd`` if it is a plain file with no other name; else closed and refused (a hard
        link's other name would lose its contents as a link's target would)."""
        info = os.fstat(fd)
        what = None
        if stat.S_ISDIR(info.st_mode):
            what = "a folder"
        elif not stat.S_ISREG(info.st_mode):
            what = "not a plain file"
        elif info.st_nlink > 1:
            what = "another name of a file kept elsewhere (a hard link)"
        if what is None:
            return fd
        os.close(fd)
        raise self._not_plain(what)

    def _not_plain(self, what: str) -> NotAFolder:
        return NotAFolder(f"this data folder's lock file ({self.path}) is {what}; Scorer "
                          f"writes its process id there and will not write through it: "
                          f"remove it and try again")

    def _lock_file(self, deadline: float) -> None:
        fd = self._open()
        if fd is None:
            return
        while True:
            try:
                _try_lock(fd)
                break
            except OSError as error:
                if error.errno not in _BUSY or time.monotonic() >= deadline:
                    holder = self._holder(fd)
                    os.close(fd)
                    if error.errno not in _BUSY:
                        raise
                    raise self._busy(f"process {holder}") from None
                time.sleep(POLL)
        self.fd = fd
        with contextlib.suppress(OSError):  # a full disk or read-only file: the lock holds
            os.lseek(fd, 0, os.SEEK_SET)
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode("ascii"))

    @staticmethod
    def _holder(fd: int) -> str:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            return os.read(fd, 32).decode("ascii", "replace").strip() or "unknown"
        except OSError:
            return "unknown"

    def _busy(self, holder: str) -> DataFolderBusy:
        return DataFolderBusy(f"this data folder ({self.folder}) is in use by another Scorer "
                              f"({holder}); close it or use another --data-dir")

    _claimed = True  # until released

    def __del__(self) -> None:  # a store dropped without close() must not hold the folder
        with contextlib.suppress(Exception):
            self.release()

    def release(self) -> None:
        """Let go of the lock (idempotent)."""
        if not self._claimed:
            return
        if self.fd is not None:
            with contextlib.suppress(OSError):
                _unlock(self.fd)
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = None
        self._claimed = False
        self._forget()
