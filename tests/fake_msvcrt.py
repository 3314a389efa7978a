"""A stand-in for Windows' ``msvcrt`` on Linux, so the tests run the store's Windows locking
path (``msvcrt.locking`` on one byte at the file position) against a real OS byte-range lock
(POSIX ``lockf``, which like Windows' lock belongs to the process and dies with it)."""

from __future__ import annotations

import errno
import fcntl
import os

LK_UNLCK, LK_LOCK, LK_NBLCK, LK_RLCK, LK_NBRLCK = 0, 1, 2, 3, 4
calls: list[int] = []  # the modes used, so a test can see this path was taken


def locking(fd: int, mode: int, nbytes: int) -> None:
    calls.append(mode)
    if mode == LK_UNLCK:
        fcntl.lockf(fd, fcntl.LOCK_UN, nbytes, 0, os.SEEK_CUR)
        return
    if mode != LK_NBLCK:
        raise ValueError(f"the store only uses LK_NBLCK and LK_UNLCK, not {mode}")
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, nbytes, 0, os.SEEK_CUR)
    except OSError:
        # What Windows' _locking reports for a range another process holds.
        raise OSError(errno.EACCES, "Permission denied") from None


def take_windows_path() -> None:
    """Make scorer.store.lock use this module and not fcntl (as on Windows)."""
    import sys

    from scorer.store import lock

    lock.fcntl = None
    lock.msvcrt = sys.modules[__name__]
