"""The game files of a data folder (the store's shelf on disk, see :mod:`.shelf`): where each
lives, reading one (repairing a damaged one from its backup, quarantining what cannot be read),
writing one, an import's games all at once, deleting one; and the index file.

A damaged file is moved to ``quarantine/`` (never deleted, never overwritten) and its
``.bak`` restored where that is valid. A file that cannot be read at all (no permission, a
disk error, written by a newer Scorer, damaged in a folder we cannot write) is left where it
is and recorded in ``unreadable`` with the reason. Either way a Msg for the player goes to
``notices``; nothing here stops the store from serving the other games.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from collections.abc import Sequence
from pathlib import Path

from ..fields import check_game_id
from ..game import Game
from ..rules import InvalidInput
from ..rules.values import Msg
from .documents import read_game, write_game
from .errors import CorruptFile, NewerSchema, UnknownGame, WriteFailed
from .files import TMP_SUFFIX, AtomicJSONStorage, fsync_dir, make_dirs
from .index import UnreadableGame, Why
from .transfer import recover_imports, stage_import

__all__ = ["GameFiles", "why"]


def why(error: OSError) -> str:
    """The operating system's words for an error ('No space left on device')."""
    return error.strerror or type(error).__name__


class GameFiles:
    """``games/`` and ``quarantine/`` of a data folder (callers hold the store's lock)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.games_dir = folder / "games"
        self.quarantine_dir = folder / "quarantine"
        self.notices: list[Msg] = []
        # Games whose backup this process made by copying (where there are no hard links: the
        # browser build). Their later saves keep that backup (the game as before this visit
        # changed it) instead of writing a second full copy at every Save (issue 33).
        self.backed_up: set[str] = set()  # by id.casefold()
        self.unreadable: dict[str, UnreadableGame] = {}  # by id.casefold()
        # derived data, large, written only by the store: read without the strict checks
        self.index = AtomicJSONStorage(folder / "index.json", strict=False)

    def recover(self) -> None:
        """Finish the committed imports a crash interrupted, remove the others and the stray
        temporary files of interrupted writes."""
        with contextlib.suppress(OSError):
            recover_imports(self.folder, self.games_dir)
        self.clean_temporary_files()

    def path(self, game_id: str) -> Path:
        try:
            return self.games_dir / f"{check_game_id(game_id)}.json"
        except InvalidInput:
            raise UnknownGame(f"there is no stored game {game_id!r}") from None

    def stamp(self, game_id: str) -> tuple[int, int] | None:
        """(mtime_ns, size) of a game's file; None if there is none."""
        try:
            stat = self.path(game_id).stat()
        except (OSError, UnknownGame):
            return None
        return (stat.st_mtime_ns, stat.st_size)

    def stamps(self) -> dict[str, tuple[int, int] | None]:
        """Every game file's id and stamp (None where it cannot be had)."""
        found: dict[str, tuple[int, int] | None] = {}
        with os.scandir(self.games_dir) as entries:
            for entry in entries:
                if entry.name.endswith(".json") and not entry.name.startswith("."):
                    try:
                        stat = entry.stat()
                        found[entry.name[: -len(".json")]] = (stat.st_mtime_ns, stat.st_size)
                    except OSError:
                        found[entry.name[: -len(".json")]] = None
        return found

    def clean_temporary_files(self) -> None:
        for folder in (self.games_dir.parent, self.games_dir):
            for stray in folder.glob(f".*{TMP_SUFFIX}"):
                with contextlib.suppress(OSError):
                    stray.unlink()

    # -- reading
    def read(self, game_id: str) -> Game | None:
        """The stored game, None if there is none or it cannot be read (then it is in
        ``unreadable`` and a notice says why)."""
        path = self.path(game_id)
        try:
            game = read_game(AtomicJSONStorage(path), path.name)
        except NewerSchema as error:
            self._unreadable(game_id, str(error), Why.NEWER,
                             Msg.of("notice.newer", game=game_id, detail=str(error)))
            return None
        except OSError as error:
            self._unreadable(game_id, f"its file cannot be read ({why(error)})", Why.NO_ACCESS,
                             Msg.of("notice.unreadable", game=game_id, detail=why(error)))
            return None
        except (CorruptFile, InvalidInput) as error:
            return self._repair(game_id, path, str(error))
        self.unreadable.pop(game_id.casefold(), None)
        return game

    def _unreadable(self, game_id: str, reason: str, kind: Why, msg: Msg) -> None:
        self.unreadable[game_id.casefold()] = UnreadableGame(game_id, reason, kind)
        self.notices.append(msg)

    def _repair(self, game_id: str, path: Path, detail: str) -> Game | None:
        backup = path.with_name(path.name + ".bak")
        try:
            moved = self.quarantine(path)
        except OSError as error:
            reason = f"damaged ({detail}); it could not be moved aside ({why(error)})"
            self._unreadable(game_id, reason, Why.DAMAGED,
                             Msg.of("notice.unreadable", game=game_id, detail=reason))
            return None
        restored: Game | None = None
        with contextlib.suppress(OSError):
            try:
                restored = read_game(AtomicJSONStorage(backup), backup.name)
            except (CorruptFile, InvalidInput, NewerSchema):
                self.quarantine(backup)
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

    def quarantine(self, path: Path) -> Path | None:
        """Move a damaged file aside under a name never used before."""
        if not path.exists():
            return None
        make_dirs(self.quarantine_dir)
        stamp = time.strftime("%Y%m%dT%H%M%S")
        target = self.quarantine_dir / f"{path.name}.{stamp}.{secrets.token_hex(3)}"
        os.replace(path, target)
        fsync_dir(self.quarantine_dir)
        fsync_dir(path.parent)
        return target

    # -- writing
    def write(self, game: Game) -> None:
        """One atomic write of the whole game, the old file kept as ``.bak`` (where files
        cannot be hard-linked, the game as it was before its first save since the store
        opened: see :attr:`backed_up`)."""
        key = game.id.casefold()
        storage = AtomicJSONStorage(self.path(game.id), backup=True,
                                    copy_backup=key not in self.backed_up)
        try:
            write_game(storage, game)
        except OSError as error:
            raise WriteFailed(f"game {game.id} was not saved: {why(error)} "
                              f"({self.games_dir})") from None
        if storage.copied:
            self.backed_up.add(key)

    def write_all(self, games: Sequence[Game]) -> None:
        """New games all at once: staged, committed, moved in (see :mod:`.transfer`)."""
        stage_import(self.folder, self.games_dir, games)

    def delete(self, game_id: str) -> None:
        path = self.path(game_id)
        if not path.exists():
            raise UnknownGame(f"there is no stored game {game_id}")
        try:
            path.unlink()
        except OSError as error:
            raise WriteFailed(f"game {game_id} was not deleted: {why(error)}") from None
        with contextlib.suppress(OSError):
            path.with_name(path.name + ".bak").unlink(missing_ok=True)
        fsync_dir(self.games_dir)
        self.unreadable.pop(game_id.casefold(), None)
        self.backed_up.discard(game_id.casefold())
