"""Deals being entered, kept beside their game while they are typed: ``drafts/<id>.json``.

A draft is not a game change: it has no revision and the last writer wins (two phones typing
the same deal keep the later one). It is written atomically, not at each tap but once the
taps pause and at once when the player leaves the entry or the page hides (the session's
policy: ``scorer.ui.shell.keeper``), so Back, a reload, a restarted server or another phone
finds it again; a damaged draft is simply not offered (the game itself is never affected).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from ..game import check_game_id
from .files import atomic_write, loads_strict, make_dirs, read_plain

__all__ = ["Drafts"]

MAX_DRAFT = 64 * 1024  # a draft is a few hundred bytes; anything larger is not one


class Drafts:
    """The drafts of a data folder, one file per game."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder / "drafts"

    def _path(self, game_id: str) -> Path:
        return self.folder / f"{check_game_id(game_id).lower()}.json"

    def write(self, game_id: str, draft: dict[str, Any]) -> None:
        make_dirs(self.folder)
        atomic_write(self._path(game_id), json.dumps(draft, ensure_ascii=False).encode())

    def load(self, game_id: str) -> dict[str, Any] | None:
        try:
            raw = read_plain(self._path(game_id), MAX_DRAFT)
            data = loads_strict(raw[:MAX_DRAFT].decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def discard(self, game_id: str) -> None:
        """Remove the draft; not fsynced (a Save's third durable write, issue 33): a draft
        a crash brings back names the deal it was for, which is recorded since, so it is
        never offered again (``Keeper.kept_draft``), and a deleted game's draft names no
        game."""
        with contextlib.suppress(FileNotFoundError):
            self._path(game_id).unlink()
