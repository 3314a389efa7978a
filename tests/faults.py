"""Faults planted in the store for tests: files that cannot be read."""

from __future__ import annotations

import errno
from pathlib import Path

from scorer.store import AtomicJSONStorage


def deny(monkeypatch, path: Path) -> None:
    """Reading ``path`` fails as it does without read permission (we run as root in CI)."""
    real = AtomicJSONStorage.read

    def read(self):
        if self.path == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(self)

    monkeypatch.setattr(AtomicJSONStorage, "read", read)
