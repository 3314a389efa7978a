"""Importing a picked file in the browser build (decision 245): the picker tells the file's
name and size, a file larger than Scorer imports is refused by its size with the page never
asked to read it, and a file it takes is read by the page with its progress shown.

The page's reader is a fake here (its real one, picked.js and python-start.js, is driven in
Chromium by tests/e2e/test_published.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

from scorer.game import Game
from scorer.i18n import Translator
from scorer.store import Store
from scorer.store.transfer import MAX_IMPORT_BYTES
from scorer.ui.screens.sharing import import_games, megabytes
from scorer.ui.shell.keeper import Keeper


class Reader:
    """The page's reader of a picked file: gives ``data`` a slice at a time, noting what it
    was asked."""

    def __init__(self, data: bytes, slice_bytes: int) -> None:
        self.data = data
        self.slice = slice_bytes
        self.asked: list[tuple[str, int]] = []

    async def __call__(self, name: str, size: int) -> AsyncIterator[int | bytes]:
        self.asked.append((name, size))
        for at in range(self.slice, len(self.data) + self.slice, self.slice):
            yield min(at, len(self.data))
        yield self.data


def picking(name: str, size: int, asked: list[dict]):
    async def pick_files(**options: object) -> list[SimpleNamespace]:
        asked.append(options)
        return [SimpleNamespace(name=name, size=size, bytes=None, path=None, id=0)]
    return pick_files


def app_with(store: Store, pick, reader: Reader | None) -> tuple[SimpleNamespace, list[str]]:
    shown: list[str] = []
    told = SimpleNamespace(subscribe_topic=lambda *args: None,
                           send_others_on_topic=lambda *args: None)
    app = SimpleNamespace(t=Translator("en"), message="",
                          message_is_news=False, files=SimpleNamespace(pick_files=pick),
                          read_picked=reader, join_url=None)  # the published build
    app.show = lambda: shown.append(app.message)
    app.keeper = Keeper(store, app, told)  # the import's real path: written, then told
    return app, shown


def test_a_file_over_the_limit_is_refused_by_its_size_and_never_read(tmp_path: Path) -> None:
    asked: list[dict] = []
    reader = Reader(b"", 1)
    size = 3 * 1024 ** 3
    with Store(tmp_path / "data") as store:
        app, shown = app_with(store, picking("big.json", size, asked), reader)
        asyncio.run(import_games(app))  # type: ignore[arg-type]
    assert asked[0]["with_data"] is False  # the picker sends no bytes
    assert reader.asked == []
    assert shown == ["Not imported: big.json is 3072.0 MB, larger than the 16 MB Scorer imports "
                     "at once."]


def test_a_file_at_the_limit_is_read_and_one_byte_more_is_not() -> None:
    assert megabytes(MAX_IMPORT_BYTES) == "16.0"
    assert megabytes(MAX_IMPORT_BYTES + 1) == "16.1"  # never said to be at the limit


def test_a_file_within_the_limit_is_read_with_its_progress_then_imported(tmp_path: Path) -> None:
    with Store(tmp_path / "there") as there:
        game = there.save(Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0))
        data = (there.export_json([game.id]) + " " * 3_000_000).encode()
    reader = Reader(data, 300_000)
    asked: list[dict] = []
    with Store(tmp_path / "data") as store:
        app, shown = app_with(store, picking("games.json", len(data), asked), reader)
        asyncio.run(import_games(app))  # type: ignore[arg-type]
        assert [s.id for s in store.list_games()] == [game.id]
    assert reader.asked == [("games.json", len(data))]
    progress = shown[:-1]
    assert progress[0] == "Reading games.json: 9 % of 2.9 MB"
    assert progress[-1] == "Reading games.json: 100 % of 2.9 MB"
    assert 5 <= len(progress) <= 11  # steps of at least 10 %, not a redraw per slice
    assert shown[-1] == "1 game imported."


def test_a_file_the_page_cannot_read_is_said_in_one_line(tmp_path: Path) -> None:
    async def gone(name: str, size: int) -> AsyncIterator[int | bytes]:
        raise OSError("the picked file is no longer there")
        yield b""  # an async generator

    with Store(tmp_path / "data") as store:
        app, shown = app_with(store, picking("games.json", 10, []), gone)  # type: ignore[arg-type]
        asyncio.run(import_games(app))  # type: ignore[arg-type]
    assert shown == ["Not imported: the file could not be read; pick it again"]
