"""The store: its logic (revisions, the index, migrations, ids, threads) over TinyDB's memory
storage and over the JSON files (``any_store``); durability, locking and damage against real
files in tmp_path only."""

from __future__ import annotations

import errno
import json
import math
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import fake_msvcrt
import pytest
from conftest import fill
from faults import deny
from tinydb.storages import MemoryStorage

from scorer.game import Game
from scorer.i18n import Translator
from scorer.rules.call_break import CallBreakDeal
from scorer.store import (
    AtomicJSONStorage,
    CorruptFile,
    DataFolderBusy,
    GameUnreadable,
    NewerSchema,
    NotAFolder,
    StaleGame,
    Store,
    UnknownGame,
    WriteFailed,
    resolve_data_dir,
)
from scorer.store import core as store_core
from scorer.store.documents import read_game, write_game
from scorer.store.index import Why
from scorer.store.shelf import StorageShelf

HERE = Path(__file__).resolve().parent
ENGLISH = Translator("en")


def notices(store: Store) -> list[str]:
    return [ENGLISH.render(n) for n in store.notices]


ROUND = CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3))


def call_break(**kw):
    return Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0, **kw)


def draw_bridge():
    return Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0)


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def store(folder):
    with Store(folder) as opened:
        yield opened


@pytest.fixture
def any_store(folder, storage_class):
    """A store over each storage class (conftest: STORAGES)."""
    with Store(folder, storage=storage_class) as opened:
        yield opened


def game_file(folder: Path, game_id: str) -> Path:
    return folder / "games" / f"{game_id}.json"


def rewrite(store: Store, game_id: str, change) -> dict:
    """Change a stored game's document behind the store's back, as another program would,
    whatever keeps it (a file, or a memory storage); returns the document as now stored."""
    if isinstance(store._files, StorageShelf):
        doc = store._files._games[game_id].read()
        change(doc)
        store._files.put(game_id, doc)
        return store._files._games[game_id].read()
    path = game_file(store.folder, game_id)
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return json.loads(path.read_text(encoding="utf-8"))


# --- the basics -------------------------------------------------------------------------------


def test_save_load_round_trip_and_revisions(any_store):
    game = any_store.save(call_break())
    assert game.revision == 1 and any_store.load(game.id) == game
    game = any_store.save(game.add_deal(ROUND))
    assert game.revision == 2
    loaded = any_store.load(game.id)
    assert loaded == game and loaded.totals == (31, 30, 30, 30)
    with pytest.raises(UnknownGame):
        any_store.load("nobody")


def test_revision_says_what_is_stored_now_even_when_changed_behind_the_stores_back(any_store):
    """What the app checks before drawing a scoreboard from the game it holds (issue 21)."""
    assert any_store.revision("nobody") is None
    game = any_store.save(call_break())
    assert any_store.revision(game.id) == 1 == any_store.revision(game.id.upper())
    game = any_store.save(game.add_deal(ROUND))
    assert any_store.revision(game.id) == 2
    rewrite(any_store, game.id, lambda doc: doc["game"]["1"].update(revision=7))
    assert any_store.revision(game.id) == 7
    any_store.delete(game.id)
    assert any_store.revision(game.id) is None


def test_corrections_and_their_history_are_kept(any_store):
    game = any_store.save(call_break(end="open").add_deal(ROUND).add_deal(ROUND))
    corrected = game.correct(1, CallBreakDeal((4, 3, 3, 3), (4, 3, 3, 3))).remove_last()
    saved = any_store.save(corrected)
    loaded = any_store.load(game.id)
    assert loaded == saved and loaded.history == corrected.history
    assert [c.to_dict()["deal"] for c in loaded.history] == [1, 2] and len(loaded.deals) == 1
    summary = any_store.list_games()[0]
    assert (summary.deals, summary.totals, summary.revision) == (1, loaded.totals, 2)


def test_the_index_says_what_the_home_screen_and_the_statistics_need(any_store):
    finished = call_break(end="deals=1")
    finished = any_store.save(finished.add_deal(ROUND))
    playing = any_store.save(draw_bridge())
    summaries = {s.id: s for s in any_store.list_games()}
    assert summaries[finished.id].status == "finished"
    assert summaries[finished.id].winners == finished.outcome.winners
    assert summaries[playing.id].status == "in progress" and summaries[playing.id].deals == 0
    assert summaries[playing.id].players == ("Ana", "Ben")
    stats = {p.name: p for p in any_store.player_stats()}
    assert set(stats) == {"Ana", "Ben", "Cleo", "Dan"}  # a game counts once it is over
    assert sum(p.games for p in stats.values()) == 4


def test_an_older_schema_is_migrated_on_load(any_store):
    game = any_store.save(call_break().add_deal(ROUND))

    def make_old(doc):
        old = doc["game"]["1"]
        del old["schema_version"]
        old["game"] = old.pop("variant")

    stored = rewrite(any_store, game.id, make_old)
    assert "schema_version" not in stored["game"]["1"]
    loaded = any_store.load(game.id)
    assert loaded.totals == (31, 30, 30, 30) and loaded.variant_name == "call-break"


def test_a_newer_schema_is_refused_and_left_as_it_is(any_store):
    game = any_store.save(call_break())
    stored = rewrite(any_store, game.id,
                     lambda doc: doc["game"]["1"].update({"schema_version": 99}))
    with pytest.raises(NewerSchema):
        any_store.load(game.id)
    with pytest.raises(NewerSchema):
        any_store.save(game)
    assert [(u.id, u.why) for u in any_store.unreadable_games()] == [(game.id, Why.NEWER)]
    assert any("newer Scorer" in n for n in notices(any_store))
    assert rewrite(any_store, game.id, lambda doc: None) == stored


def test_a_store_over_memory_keeps_no_game_in_the_folder(folder):
    with Store(folder, storage=MemoryStorage) as store:
        game = store.save(call_break())
        assert store.load(game.id) == game and len(store.list_games()) == 1
        store.write_draft(game.id, {"typed": 1})  # drafts stay files
    assert sorted(p.name for p in folder.iterdir()) == [".lock", "drafts"]


def test_a_save_is_one_file_and_the_previous_version_its_backup(store, folder):
    game = store.save(call_break())
    assert game.revision == 1
    # The first save is one write of the whole game: no backup of an empty document.
    assert not game_file(folder, game.id).with_suffix(".json.bak").exists()
    game = store.save(game.add_deal(ROUND))
    assert game.revision == 2
    loaded = store.load(game.id)
    assert loaded == game and loaded.totals == (31, 30, 30, 30)
    raw = json.loads(game_file(folder, game.id).read_text(encoding="utf-8"))
    assert raw["game"]["1"]["schema_version"] == 1 and raw["game"]["1"]["revision"] == 2
    backup = AtomicJSONStorage(game_file(folder, game.id).with_suffix(".json.bak")).read()
    assert backup["game"]["1"]["revision"] == 1  # the real previous version


def test_every_save_is_on_disk_when_save_returns(store, folder):
    game = store.save(call_break())
    for n in range(1, 6):
        game = store.save(game.add_deal(ROUND))
        # A fresh reader of the file alone (no store, no cache) sees the deal.
        doc = AtomicJSONStorage(game_file(folder, game.id)).read()
        assert len(doc["game"]["1"]["deals"]) == n


def test_list_newest_first_and_delete(any_store):
    clock = iter(f"2026-11-30T12:{m:02d}:00.000+00:00" for m in range(3)).__next__
    first = any_store.save(Game.new("call-break", list("ABCD"), first_dealer=0, now=clock))
    second = any_store.save(Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, now=clock))
    assert [s.id for s in any_store.list_games()] == [second.id, first.id]
    any_store.save(first.add_deal(ROUND, now=clock))
    summaries = any_store.list_games()
    assert summaries[0].id == first.id and summaries[0].totals == (31, 30, 30, 30)
    assert summaries[0].status == "in progress" and summaries[0].deals == 1
    any_store.delete(second.id)
    assert [s.id for s in any_store.list_games()] == [first.id]
    with pytest.raises(UnknownGame):
        any_store.load(second.id)
    with pytest.raises(UnknownGame):
        any_store.load("../../etc/passwd")


def test_index_survives_reopen_and_is_rebuilt_when_stale(folder):
    with Store(folder) as store:
        game = store.save(call_break())
        game = store.save(game.add_deal(ROUND))
    with Store(folder) as store:
        assert store.list_games()[0].totals == (31, 30, 30, 30)
        # Simulate a crash: the game file moves on while the index is not written.
        store.save(game.add_deal(ROUND))
        store._index_dirty = False
        store._folder_lock.release()
    with Store(folder) as store:
        assert store.list_games()[0].deals == 2
    (folder / "index.json").write_text("{ garbage", encoding="utf-8")
    with Store(folder) as store:
        assert store.list_games()[0].deals == 2
    (folder / "index.json").unlink()
    with Store(folder) as store:
        assert store.list_games()[0].deals == 2


def test_stray_temporary_files_are_cleaned_at_start(folder):
    with Store(folder) as store:
        game = store.save(call_break())
    stray = folder / "games" / f".{game.id}.json.dead.tmp"
    stray.write_text("half a wri", encoding="utf-8")
    with Store(folder) as store:
        assert not stray.exists() and store.load(game.id) == game


def test_data_dir_resolution(monkeypatch, tmp_path):
    monkeypatch.delenv("SCORER_DATA_DIR", raising=False)
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert resolve_data_dir() == tmp_path / "flet"
    monkeypatch.setenv("SCORER_DATA_DIR", str(tmp_path / "env"))
    assert resolve_data_dir() == tmp_path / "env"
    assert resolve_data_dir(tmp_path / "arg") == tmp_path / "arg"
    monkeypatch.delenv("SCORER_DATA_DIR")
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    assert "scorer" in str(resolve_data_dir())


# --- one writer at a time ------------------------------------------------------------------


def test_stale_revision_is_refused(any_store):
    game = any_store.save(call_break())
    mine = game.add_deal(ROUND)
    theirs = game.add_deal(CallBreakDeal((2, 2, 2, 2), (4, 3, 3, 3)))
    any_store.save(theirs)
    with pytest.raises(StaleGame, match="changed elsewhere since it was loaded"):
        any_store.save(mine)
    assert any_store.load(game.id).deals == theirs.deals
    any_store.delete(game.id)
    with pytest.raises(StaleGame, match="deleted"):
        any_store.save(theirs)


def test_two_threads_saving_the_same_game(any_store):
    base = any_store.save(call_break(end="open"))
    results: list[str] = []
    barrier = threading.Barrier(8)

    def worker(n: int) -> None:
        deal = CallBreakDeal((2, 2, 2, 2), (4, 3, 3, 3)) if n % 2 else ROUND
        barrier.wait()
        try:
            any_store.save(base.add_deal(deal))
            results.append("saved")
        except StaleGame:
            results.append("stale")

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["saved"] + ["stale"] * 7
    assert len(any_store.load(base.id).deals) == 1


def test_threads_saving_different_games_lose_nothing(any_store):
    games = [any_store.save(call_break(end="open")) for _ in range(6)]

    def worker(game: Game) -> None:
        for _ in range(10):
            game = any_store.save(game.add_deal(ROUND))

    threads = [threading.Thread(target=worker, args=(g,)) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(len(any_store.load(g.id).deals) == 10 for g in games)
    assert {s.deals for s in any_store.list_games()} == {10}


def test_second_process_is_told_the_folder_is_in_use(store, folder):
    code = ("import sys; from scorer.store import Store, DataFolderBusy\n"
            f"try:\n    Store({str(folder)!r}, wait=0.3)\n"
            "except DataFolderBusy as e:\n    print(e); sys.exit(3)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 3
    assert "in use by another Scorer" in done.stdout and str(os.getpid()) in done.stdout


def test_second_process_waits_briefly_for_the_first(folder):
    store = Store(folder)
    threading.Timer(0.3, store.close).start()
    code = f"from scorer.store import Store; Store({str(folder)!r}, wait=5).close(); print('ok')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.stdout.strip() == "ok", done.stderr


def test_same_process_second_store_is_refused_too(store, folder):
    with pytest.raises(DataFolderBusy):
        Store(folder, wait=0.1)


# --- damaged data -----------------------------------------------------------------------------


DAMAGE = {
    "truncated": lambda raw: raw[: len(raw) // 2],
    "garbage": lambda raw: b"\x00\xff garbage \xfe" * 10,
    "empty": lambda raw: b"",
    "wrong shape": lambda raw: b'{"game": {"1": {"schema_version": 1, "players": 7}}}',
    "not tinydb": lambda raw: b"[1, 2, 3]",
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_damaged_game_is_quarantined_and_backup_restored(folder, kind):
    with Store(folder) as store:
        game = store.save(call_break())
        game = store.save(game.add_deal(ROUND))        # backup: the 0-deal version
        other = store.save(draw_bridge())
    path = game_file(folder, game.id)
    damaged = DAMAGE[kind](path.read_bytes())
    path.write_bytes(damaged)
    with Store(folder) as store:
        assert any(game.id in n and "restored" in n for n in notices(store)), notices(store)
        restored = store.load(game.id)
        assert restored.revision == 1 and restored.deals == ()
        assert store.load(other.id) == other
        assert {s.id for s in store.list_games()} == {game.id, other.id}
        # The restored game can be played on.
        store.save(restored.add_deal(ROUND))
    quarantined = list((folder / "quarantine").iterdir())
    assert [q.read_bytes() for q in quarantined] == [damaged]


def test_damaged_game_without_backup_is_moved_aside_and_reported(folder):
    with Store(folder) as store:
        game = store.save(call_break())
    game_file(folder, game.id).write_bytes(b"")
    game_file(folder, game.id).with_suffix(".json.bak").unlink(missing_ok=True)
    with Store(folder) as store:
        assert store.list_games() == []
        assert any(game.id in n and "could not be restored" in n for n in notices(store))
    assert len(list((folder / "quarantine").iterdir())) == 1


def test_quarantine_never_overwrites(folder):
    for _ in range(2):
        with Store(folder) as store:
            game = store.save(call_break(game_id="same-id"))
        game_file(folder, game.id).write_bytes(b"{")
        game_file(folder, game.id).with_suffix(".json.bak").unlink(missing_ok=True)
        with Store(folder) as store:
            assert store.list_games() == []
    assert len(list((folder / "quarantine").iterdir())) == 2


def test_newer_schema_is_refused_and_left_untouched(folder):
    with Store(folder) as store:
        game = store.save(call_break())
    path = game_file(folder, game.id)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["game"]["1"]["schema_version"] = 99
    path.write_text(json.dumps(doc), encoding="utf-8")
    before = path.read_bytes()
    with Store(folder) as store:
        assert store.list_games() == []
        assert any("newer Scorer" in n for n in notices(store))
        with pytest.raises(NewerSchema):
            store.load(game.id)
        with pytest.raises(NewerSchema):
            store.save(game)
    assert path.read_bytes() == before
    assert not (folder / "quarantine").exists() or not any((folder / "quarantine").iterdir())


def test_older_schema_is_migrated_on_load(folder):
    with Store(folder) as store:
        game = store.save(call_break().add_deal(ROUND))
    path = game_file(folder, game.id)
    doc = json.loads(path.read_text(encoding="utf-8"))
    old = doc["game"]["1"]
    del old["schema_version"]
    old["game"] = old.pop("variant")
    path.write_text(json.dumps(doc), encoding="utf-8")
    with Store(folder) as store:
        assert store.load(game.id).totals == (31, 30, 30, 30)


def test_storage_reads_empty_file_as_corrupt_not_empty(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b"")
    with pytest.raises(CorruptFile, match="empty"):
        AtomicJSONStorage(path).read()
    assert AtomicJSONStorage(tmp_path / "missing.json").read() is None
    assert not (tmp_path / "missing.json").exists()




# --- one write path, over TinyDB's memory storage and a JSON file ---------------------------


class CountingStorage:
    """A TinyDB storage that records every document written to the storage it wraps."""

    def __init__(self, inner):
        self.inner = inner
        self.writes = []

    def read(self):
        return self.inner.read()

    def write(self, data):
        self.writes.append(json.loads(json.dumps(data)))
        self.inner.write(data)


@pytest.fixture(params=["memory", "json"])
def storage(request, tmp_path):
    if request.param == "memory":
        return CountingStorage(MemoryStorage())
    return CountingStorage(AtomicJSONStorage(tmp_path / "game.json", backup=True))


def test_each_save_is_one_write_of_the_whole_game(storage):
    assert read_game(storage, "game") is None
    game = call_break()
    for revision in range(1, 4):
        game = game.with_revision(revision)
        write_game(storage, game)
        assert read_game(storage, "game") == game
        game = game.add_deal(ROUND)
    # Three saves, three writes, each the whole game: never an empty table first.
    assert [w["game"]["1"]["revision"] for w in storage.writes] == [1, 2, 3]
    assert all(len(w["game"]) == 1 for w in storage.writes)


def test_a_document_that_is_not_one_game_is_refused(storage):
    storage.write({"game": {}})
    with pytest.raises(CorruptFile, match="exactly one game"):
        read_game(storage, "game")
    storage.write({"game": {"1": {"schema_version": 1, "variant": "call-break",
                                  "players": 7}}})
    with pytest.raises(ValueError, match="players"):
        read_game(storage, "game")


def test_backup_is_the_previous_version_or_absent(tmp_path):
    path = tmp_path / "game.json"
    backup = tmp_path / "game.json.bak"
    first = call_break().with_revision(1)
    write_game(AtomicJSONStorage(path, backup=True), first)
    assert not backup.exists()
    write_game(AtomicJSONStorage(path, backup=True), first.add_deal(ROUND).with_revision(2))
    assert read_game(AtomicJSONStorage(backup), "bak") == first


def test_backup_is_copied_and_fsynced_where_hard_links_fail(tmp_path, monkeypatch):
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "link", lambda *a: (_ for _ in ()).throw(OSError(errno.EPERM, "no")))
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    path = tmp_path / "game.json"
    first = call_break().with_revision(1)
    write_game(AtomicJSONStorage(path, backup=True), first)
    before = len(synced)
    write_game(AtomicJSONStorage(path, backup=True), first.add_deal(ROUND).with_revision(2))
    assert read_game(AtomicJSONStorage(tmp_path / "game.json.bak"), "bak") == first
    assert len(synced) - before >= 3  # the new file, the copied backup, the folder



def test_where_hard_links_fail_a_game_is_copied_to_its_backup_once_per_store(folder,
                                                                            monkeypatch):
    """The browser build (no hard links): the first save of a game since the store opened
    copies the old file to ``.bak``; later saves keep that backup instead of writing a second
    full copy each time (issue 33). A backup gone meanwhile is made again, a new store makes
    a new one, and a damaged game file is still restored from it."""
    from scorer.store import files

    copies = []
    real_copy = files._fsynced_copy
    monkeypatch.setattr(os, "link", lambda *a: (_ for _ in ()).throw(OSError(errno.EPERM, "no")))
    monkeypatch.setattr(files, "_fsynced_copy", lambda *a: (copies.append(a), real_copy(*a)))
    bak = lambda game: game_file(folder, game.id).with_suffix(".json.bak")  # noqa: E731
    with Store(folder) as store:
        first = store.save(call_break())
        assert copies == [] and not bak(first).exists()
        second = store.save(first.add_deal(ROUND))
        third = store.save(second.add_deal(ROUND))
        fourth = store.save(third.add_deal(ROUND))
        assert len(copies) == 1
        assert read_game(AtomicJSONStorage(bak(first)), "bak") == first
        bak(first).unlink()
        fifth = store.save(fourth.add_deal(ROUND))
        assert len(copies) == 2
        assert read_game(AtomicJSONStorage(bak(first)), "bak") == fourth
    with Store(folder) as store:  # the next visit
        store.save(fifth.add_deal(ROUND))
        assert len(copies) == 3
        assert read_game(AtomicJSONStorage(bak(first)), "bak") == fifth
    game_file(folder, first.id).write_text("{ damaged", encoding="utf-8")
    with Store(folder) as store:
        assert store.load(first.id) == fifth


# --- the folder lock on the path Windows takes ----------------------------------------------


@pytest.fixture
def windows_lock(monkeypatch):
    from scorer.store import lock

    monkeypatch.setattr(lock, "fcntl", None)
    monkeypatch.setattr(lock, "msvcrt", fake_msvcrt)
    fake_msvcrt.calls.clear()
    return fake_msvcrt


def test_windows_lock_keeps_a_second_process_out(windows_lock, folder):
    with Store(folder):
        assert windows_lock.calls == [windows_lock.LK_NBLCK]
        code = ("import sys, fake_msvcrt; fake_msvcrt.take_windows_path()\n"
                "from scorer.store import Store, DataFolderBusy\n"
                f"try:\n    Store({str(folder)!r}, wait=0.3)\n"
                "except DataFolderBusy as e:\n    print(e); sys.exit(3)\n")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=120, env={**os.environ, "PYTHONPATH": str(HERE)})
        assert done.returncode == 3, done.stderr
        assert f"process {os.getpid()}" in done.stdout
    assert windows_lock.calls[-1] == windows_lock.LK_UNLCK
    with Store(folder):  # released: open again at once
        pass


@pytest.mark.parametrize("path", ["windows", "posix"])
def test_two_processes_saving_in_turn_lose_no_acknowledged_deal(folder, path):
    """Issue 9 item 1: without a lock on Windows, 12-18 of 218 acknowledged deals were lost."""
    with Store(folder) as store:
        game = store.save(call_break(end="open"))
    count = 25
    args = [sys.executable, str(HERE / "lock_child.py"), str(folder), game.id, str(count)]
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    children = [subprocess.Popen(args + ([path] if path == "windows" else []),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 env=env) for _ in range(2)]
    outputs = [child.communicate(timeout=600) for child in children]
    for child, (_, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err
    acknowledged = [line for out, _ in outputs for line in out.splitlines()
                    if line.startswith("saved ")]
    assert len(acknowledged) == 2 * count
    with Store(folder) as store:
        assert len(store.load(game.id).deals) == 2 * count
        assert store.notices == []


@pytest.mark.parametrize("kind", ["symlink", "dangling symlink", "hard link", "folder"])
def test_a_lock_file_that_is_not_a_plain_file_is_refused_and_left_alone(tmp_path, kind):
    """Issue 17 item 7: a `.lock` that links to another file had that file truncated and a
    process id written in it by every `scorer` command. Refused, one line, nothing touched."""
    folder = tmp_path / "data"
    folder.mkdir()
    with Store(folder) as store:
        store.save(call_break())
    (folder / ".lock").unlink()
    precious = tmp_path / "precious.txt"
    if kind == "symlink":
        precious.write_text("keep me\n")
        (folder / ".lock").symlink_to(precious)
    elif kind == "dangling symlink":
        (folder / ".lock").symlink_to(precious)
    elif kind == "hard link":
        precious.write_text("keep me\n")
        os.link(precious, folder / ".lock")
    else:
        (folder / ".lock").mkdir()
    with pytest.raises(NotAFolder) as refused:
        Store(folder)
    assert str(folder / ".lock") in str(refused.value)
    done = subprocess.run([sys.executable, "-m", "scorer.cli", "--data-dir", str(folder),
                           "games"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "lock file" in done.stderr and "remove it" in done.stderr, done.stderr
    if kind == "dangling symlink":
        assert not precious.exists()
    elif kind != "folder":
        assert precious.read_text() == "keep me\n"
    # Once removed, the folder opens again.
    if kind == "folder":
        (folder / ".lock").rmdir()
    else:
        (folder / ".lock").unlink()
    with Store(folder) as store:
        assert len(store.list_games()) == 1


def test_a_write_from_elsewhere_is_never_overwritten(any_store):
    """Even without any lock, a save checks what is stored, not only its own index."""
    game = any_store.save(call_break())
    other = any_store.save(game.add_deal(ROUND))
    # Someone else (a process that ignored the lock) puts a game of 3 deals there.
    theirs = game.add_deal(ROUND).add_deal(ROUND).add_deal(ROUND).with_revision(5)
    rewrite(any_store, game.id, lambda doc: doc["game"].update({"1": theirs.to_dict()}))
    with pytest.raises(StaleGame):
        any_store.save(other.add_deal(ROUND))
    assert len(any_store.load(game.id).deals) == 3
    assert any_store.list_games()[0].deals == 3  # the index followed what is stored


# --- unreadable files, full disks, read-only folders ----------------------------------------


def test_unreadable_game_is_listed_with_its_reason_and_the_rest_works(folder, monkeypatch):
    with Store(folder) as store:
        good = store.save(call_break())
        bad = store.save(draw_bridge())
    (folder / "index.json").unlink()  # a stale index: every file is read at start
    deny(monkeypatch, game_file(folder, bad.id))
    with Store(folder) as store:
        assert [s.id for s in store.list_games()] == [good.id]
        [unreadable] = store.unreadable_games()
        assert unreadable.id == bad.id and "Permission denied" in unreadable.reason
        assert unreadable.why is Why.NO_ACCESS
        assert any(bad.id in n and "Permission denied" in n for n in notices(store))
        with pytest.raises(GameUnreadable, match="Permission denied"):
            store.load(bad.id)
        with pytest.raises(GameUnreadable):
            store.save(bad)
        store.save(good.add_deal(ROUND))
    assert game_file(folder, bad.id).exists()  # left where it is, not quarantined


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="file permissions do not stop root")
def test_unreadable_game_for_real(folder):
    with Store(folder) as store:
        bad = store.save(draw_bridge())
    (folder / "index.json").unlink()
    game_file(folder, bad.id).chmod(0)
    try:
        with Store(folder) as store:
            assert [u.id for u in store.unreadable_games()] == [bad.id]
    finally:
        game_file(folder, bad.id).chmod(0o644)


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                    reason="named pipes and /dev/zero are POSIX")
@pytest.mark.parametrize("what", ["game", "index"])
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_special_file_in_the_data_folder_is_refused_by_its_type(folder, what, kind):
    """Issue 34 item 8: a game file or the index linked to /dev/zero ended in MemoryError, and
    a named pipe (FIFO) there hung `scorer games`. Each is refused by its type before a byte
    is read: a game is named unreadable, an index is rebuilt."""
    with Store(folder) as store:
        kept, bad = store.save(draw_bridge()), store.save(call_break())
    target = game_file(folder, bad.id) if what == "game" else folder / "index.json"
    target.unlink()
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to("/dev/zero")
    result = subprocess.run([sys.executable, "-m", "scorer.cli", "--data-dir", str(folder),
                             "games"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert kept.id in result.stdout
    if what == "game":
        assert f"{bad.id}  unreadable" in result.stdout
        said = "a named pipe (FIFO)" if kind == "fifo" else "a device"
        assert f"is {said}, not a plain file" in result.stdout
    else:
        assert bad.id in result.stdout


def test_disk_full_while_saving_a_game_is_reported_and_nothing_changes(store, folder,
                                                                       monkeypatch):
    game = store.save(call_break())
    real = AtomicJSONStorage.write

    def full(self, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(AtomicJSONStorage, "write", full)
    with pytest.raises(WriteFailed, match="not saved: No space left on device"):
        store.save(game.add_deal(ROUND))
    monkeypatch.setattr(AtomicJSONStorage, "write", real)
    assert store.load(game.id) == game
    assert store.save(game.add_deal(ROUND)).revision == 2  # the retry is not "stale"
    assert not [p for p in (folder / "games").iterdir() if p.name.endswith(".tmp")]


def test_disk_full_for_the_index_only_still_reports_the_save(store, folder, monkeypatch):
    """Issue 9 item 6: the game file was written, the index was not: the save happened."""
    game = store.save(call_break())

    def full(*args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_core, "write_index", full)
    monkeypatch.setattr(store_core, "INDEX_WRITE_INTERVAL", 0.0)
    saved = store.save(game.add_deal(ROUND))
    assert saved.revision == 2
    again = store.save(saved.add_deal(ROUND))  # the player's next save is not refused
    assert again.revision == 3 and store.list_games()[0].deals == 2
    store.close()  # the index cannot be written: closing still works
    monkeypatch.undo()
    with Store(folder) as reopened:
        assert reopened.list_games()[0].deals == 2 and reopened.notices == []


def test_a_store_told_so_writes_its_index_only_when_it_opens_and_closes(folder):
    """The phone build (issue 21): a Save does not rewrite the index of every game; the next
    opening re-reads what changed since and writes it."""
    with Store(folder) as store:
        game = store.save(call_break())
    written = (folder / "index.json").read_bytes()
    store = Store(folder, index_interval=math.inf)
    time.sleep(0.01)
    store.save(store.load(game.id).add_deal(ROUND))
    assert (folder / "index.json").read_bytes() == written
    assert store.list_games()[0].deals == 1  # in memory, it is up to date
    store._folder_lock.release()  # the page is killed: the store is never closed
    with Store(folder, index_interval=math.inf) as reopened:
        assert reopened.list_games()[0].deals == 1
        assert (folder / "index.json").read_bytes() != written


def test_a_real_full_disk(small_disk):
    folder = small_disk / "data"
    with Store(folder) as store:
        game = store.save(call_break(end="open"))
        good = store.save(draw_bridge())
    game_file(folder, good.id).touch()  # the index is now stale
    fill(small_disk)
    with Store(folder) as store:  # opens although the index cannot be rewritten
        assert {s.id for s in store.list_games()} == {game.id, good.id}
        assert store.notices == []
        saved = 0
        with pytest.raises(WriteFailed, match="No space left on device"):
            for _ in range(500):
                game = store.save(game.add_deal(ROUND))
                saved += 1
        assert store.load(game.id) == game  # the last acknowledged save, whole
        assert store.export_json()  # reading and exporting still work
    assert not list(folder.rglob("*.tmp"))
    (small_disk / "filler").unlink()
    with Store(folder) as store:
        assert store.load(game.id) == game and store.notices == []
        store.save(game.add_deal(ROUND))


def test_a_read_only_folder_can_be_read_not_written(small_disk):
    folder = small_disk / "data"
    with Store(folder) as store:
        game = store.save(call_break())
        damaged = store.save(draw_bridge())
    game_file(folder, damaged.id).write_bytes(b"{ half")
    (folder / "index.json").unlink()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    with Store(folder) as store:
        assert [s.id for s in store.list_games()] == [game.id]
        [bad] = store.unreadable_games()
        assert bad.id == damaged.id and "Read-only file system" in bad.reason
        assert bad.why is Why.DAMAGED
        assert store.load(game.id) == game
        with pytest.raises(WriteFailed, match="Read-only file system"):
            store.save(game.add_deal(ROUND))
        with pytest.raises(WriteFailed, match="nothing was imported"):
            store.import_data(json.dumps(call_break().to_dict()))


def test_a_data_folder_that_is_a_file_is_one_clear_error(tmp_path):
    path = tmp_path / "file"
    path.write_text("x")
    with pytest.raises(NotAFolder, match="is a file, not a folder"):
        Store(path)
    with pytest.raises(NotAFolder, match="cannot be used"):
        Store(path / "below")


def test_game_ids_are_compared_without_case(any_store):
    game = any_store.save(call_break(game_id="Game-One"))
    assert "game-one" in any_store
    assert any_store.load("GAME-ONE") == game
    with pytest.raises(StaleGame, match="another game"):
        any_store.save(Game.new("draw-bridge", ["A", "B"], first_dealer=0, game_id="game-one"))


def test_a_store_dropped_without_closing_lets_the_folder_go(folder):
    import gc

    store = Store(folder)
    store.save(call_break())
    del store
    gc.collect()
    with Store(folder, wait=0) as again:
        assert len(again.list_games()) == 1
