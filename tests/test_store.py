"""The store, always against real files in tmp_path: durability, locking, damage, import."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.game import Game
from scorer.i18n import Translator
from scorer.rules import Contract
from scorer.rules.call_break import CallBreakDeal
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.store import (
    AtomicJSONStorage,
    CorruptFile,
    DataFolderBusy,
    InvalidImport,
    NewerSchema,
    StaleGame,
    Store,
    UnknownGame,
    resolve_data_dir,
)

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


def game_file(folder: Path, game_id: str) -> Path:
    return folder / "games" / f"{game_id}.json"


# --- the basics -------------------------------------------------------------------------------


def test_save_load_round_trip_and_revisions(store, folder):
    game = store.save(call_break())
    assert game.revision == 1
    game = store.save(game.add_deal(ROUND))
    assert game.revision == 2
    loaded = store.load(game.id)
    assert loaded == game and loaded.totals == (31, 30, 30, 30)
    raw = json.loads(game_file(folder, game.id).read_text(encoding="utf-8"))
    assert raw["game"]["1"]["schema_version"] == 1 and raw["game"]["1"]["revision"] == 2
    assert game_file(folder, game.id).with_suffix(".json.bak").exists()


def test_every_save_is_on_disk_when_save_returns(store, folder):
    game = store.save(call_break())
    for n in range(1, 6):
        game = store.save(game.add_deal(ROUND))
        # A fresh reader of the file alone (no store, no cache) sees the deal.
        doc = AtomicJSONStorage(game_file(folder, game.id)).read()
        assert len(doc["game"]["1"]["deals"]) == n


def test_list_newest_first_and_delete(store):
    first = store.save(call_break())
    second = store.save(draw_bridge())
    assert [s.id for s in store.list_games()] == [second.id, first.id]
    store.save(first.add_deal(ROUND))
    summaries = store.list_games()
    assert summaries[0].id == first.id and summaries[0].totals == (31, 30, 30, 30)
    assert summaries[0].status == "in progress" and summaries[0].deals == 1
    store.delete(second.id)
    assert [s.id for s in store.list_games()] == [first.id]
    with pytest.raises(UnknownGame):
        store.load(second.id)
    with pytest.raises(UnknownGame):
        store.load("../../etc/passwd")


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


def test_stale_revision_is_refused(store):
    game = store.save(call_break())
    mine = game.add_deal(ROUND)
    theirs = game.add_deal(CallBreakDeal((2, 2, 2, 2), (4, 3, 3, 3)))
    store.save(theirs)
    with pytest.raises(StaleGame, match="changed elsewhere since it was loaded"):
        store.save(mine)
    assert store.load(game.id).deals == theirs.deals
    store.delete(game.id)
    with pytest.raises(StaleGame, match="deleted"):
        store.save(theirs)


def test_two_threads_saving_the_same_game(store):
    base = store.save(call_break(end="open"))
    results: list[str] = []
    barrier = threading.Barrier(8)

    def worker(n: int) -> None:
        deal = CallBreakDeal((2, 2, 2, 2), (4, 3, 3, 3)) if n % 2 else ROUND
        barrier.wait()
        try:
            store.save(base.add_deal(deal))
            results.append("saved")
        except StaleGame:
            results.append("stale")

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["saved"] + ["stale"] * 7
    assert len(store.load(base.id).deals) == 1


def test_threads_saving_different_games_lose_nothing(store):
    games = [store.save(call_break(end="open")) for _ in range(6)]

    def worker(game: Game) -> None:
        for _ in range(10):
            game = store.save(game.add_deal(ROUND))

    threads = [threading.Thread(target=worker, args=(g,)) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(len(store.load(g.id).deals) == 10 for g in games)
    assert {s.deals for s in store.list_games()} == {10}


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
    assert list((folder / "quarantine").iterdir()) == []


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


# --- crash test -------------------------------------------------------------------------------


def test_sigkill_never_loses_an_acknowledged_save(tmp_path):
    folder = tmp_path / "crash"
    rng = random.Random(20261130)
    kills, game_id, acknowledged = 0, None, 0
    env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
    deadline = time.monotonic() + 50
    while kills < 110 and time.monotonic() < deadline:
        if kills % 15 == 0:  # a fresh game now and then keeps each save small
            with Store(folder, wait=10) as store:
                game_id = store.save(call_break(end="open")).id
            acknowledged = 0
        child = subprocess.Popen([sys.executable, str(HERE / "crash_child.py"), str(folder),
                                  game_id], stdout=subprocess.PIPE, text=True, env=env)
        assert child.stdout is not None
        if kills % 2:
            # Timed into a write: right after a save is acknowledged the next one starts.
            for _ in range(rng.randint(1, 4)):
                line = child.stdout.readline()
                if line.startswith("saved "):
                    acknowledged = max(acknowledged, int(line.split()[1]))
            time.sleep(rng.uniform(0, 0.004))
        else:
            time.sleep(rng.uniform(0.05, 0.4))  # at a random moment (maybe during start-up)
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
        for line in rest.splitlines():
            if line.startswith("saved "):
                acknowledged = max(acknowledged, int(line.split()[1]))
        kills += 1
        with Store(folder, wait=10) as store:
            assert store.notices == []
            stored = store.load(game_id)
            assert len(stored.deals) >= acknowledged, f"kill {kills}: lost a saved deal"
            assert stored.totals[0] == 31 * len(stored.deals)
    assert kills >= 100


# --- export and import ----------------------------------------------------------------------


def test_export_import_json_round_trip(folder, tmp_path):
    with Store(folder) as store:
        one = store.save(call_break().add_deal(ROUND))
        two = store.save(draw_bridge().add_deal(DrawBridgeDeal(1, Contract.parse("4HX"), 10)))
        exported = store.export_json()
    (tmp_path / "export.json").write_text(exported, encoding="utf-8")
    with Store(tmp_path / "other") as other:
        report = other.import_file(tmp_path / "export.json")
        assert sorted(report.imported) == sorted([one.id, two.id])
        for game in (one, two):
            imported = other.load(game.id)
            assert imported.to_dict() | {"revision": 0} == game.to_dict() | {"revision": 0}
        again = other.import_file(tmp_path / "export.json")
        assert again.imported == [] and sorted(again.skipped) == sorted([one.id, two.id])
        assert len(other.list_games()) == 2


def test_export_csv_is_a_scoresheet(store):
    game = store.save(draw_bridge().add_deal(DrawBridgeDeal(1, Contract.parse("4HX"), 10))
                      .add_deal(DrawBridgeDeal()))
    lines = store.export_csv([game.id]).splitlines()
    assert lines[1].startswith("deal,dealer,contract or calls,tricks,result,points Ana")
    assert lines[2] == "1,Ana,4HX by Ben,10,4HX by Ben: made,0,240,0,240"
    assert lines[3] == "2,Ben,passed out,,passed out,0,0,0,240"


def test_import_refuses_a_bad_file_and_imports_nothing(store, tmp_path):
    good = call_break().add_deal(ROUND).to_dict()
    bad = draw_bridge().add_deal(DrawBridgeDeal(0, Contract.parse("4S"), 10)).to_dict()
    bad["deals"][0]["points"] = [9999, 0]
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps({"format": "scorer-export", "games": [good, bad]}),
                    encoding="utf-8")
    with pytest.raises(InvalidImport, match="game 2 deal 1 points: 9999,0 do not match"):
        store.import_file(path)
    assert store.list_games() == []
    single = tmp_path / "one.json"
    single.write_text(json.dumps(good), encoding="utf-8")
    assert store.import_file(single).imported == [good["id"]]


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"not json", "file: JSON is not readable"),
     (b"[]", "is not a Scorer export"),
     (b'{"format": "scorer-export", "games": 3}', "games: int is not a list"),
     (b'{"format": "scorer-export", "games": [{"variant": "poker"}]}',
      "game 1 game: poker is not one of"),
     (b'{"format": "scorer-export", "games": [{"variant": "call-break", "schema_version": 7}]}',
      "game 1 schema_version: 7 is newer")],
)
def test_import_messages_name_the_first_problem(store, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(InvalidImport, match=message):
        store.import_file(path)


VALID = call_break().add_deal(ROUND).to_dict()
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8),
                                                                       children, max_size=4),
    max_leaves=12,
)


@st.composite
def mutated_exports(draw):
    doc = json.loads(json.dumps(VALID))
    for _ in range(draw(st.integers(1, 3))):
        target = doc
        path = draw(st.sampled_from([["players"], ["deals"], ["deals", 0], ["rules"], ["end"],
                                     ["history"], []]))
        for key in path:
            target = target[key] if isinstance(target, dict) and key in target else (
                target[key] if isinstance(target, list) and len(target) > key else target)
        if isinstance(target, dict) and target:
            key = draw(st.sampled_from(sorted(target)))
            target[key] = draw(json_values)
        elif isinstance(target, list) and target:
            target[draw(st.integers(0, len(target) - 1))] = draw(json_values)
    return json.dumps({"format": "scorer-export", "games": [doc]})


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(mutated_exports(), json_values.map(json.dumps), st.binary(max_size=40)))
def test_import_fuzz_never_crashes_or_changes_data_unless_valid(store, payload):
    before = {s.id: s for s in store.list_games()}
    try:
        report = store.import_data(payload)
    except InvalidImport:
        assert {s.id: s for s in store.list_games()} == before
        return
    for game_id in report.imported:
        Game.from_dict(store.load(game_id).to_dict())  # stored and valid
    assert set(before) <= {s.id for s in store.list_games()}
