"""The storage errors. ``str(error)`` is one line for a person; the CLI prints it and exits 2."""

from __future__ import annotations

from ..rules import InvalidInput

__all__ = ["StoreError", "CorruptFile", "DataFolderBusy", "StaleGame", "UnknownGame",
           "NewerSchema", "GameUnreadable", "WriteFailed", "NotAFolder", "InvalidImport"]


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


class NewerSchema(StoreError):
    """A document written by a newer Scorer: left untouched."""


class GameUnreadable(StoreError):
    """A stored game whose file cannot be read (permissions, a disk error, a newer Scorer)."""


class WriteFailed(StoreError):
    """Nothing was written: the disk is full, the folder read-only, ... (the message says)."""


class NotAFolder(StoreError):
    """The data folder cannot be used: it is a file, or cannot be created."""


class InvalidImport(InvalidInput):
    """An import file was refused; nothing from it was stored."""
