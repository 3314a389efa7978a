"""Pairs sessions in the store (issue 32): their own documents in ``pairs/<id>.json``, written
atomically, read back after the store is closed and opened again, every change applied to the
session as stored (two tables saving at once both keep their result), refusals writing
nothing."""

from __future__ import annotations

import json
import threading

import pytest
from tinydb.storages import MemoryStorage

from scorer.rules import InvalidInput
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult
from scorer.store import AtomicJSONStorage, Store, UnknownSession

HOWELL3 = PairsSettings("howell", 3, 3, names={1: "Ana & Ben"})


def result(board: int, table: int, contract: str = "4H", tricks: int = 10,
           declarer: int = 0) -> TableResult:
    return TableResult(board, table, BridgeDeal(declarer, Contract.parse(contract), tricks))


@pytest.fixture(params=["json", "memory"])
def store(request, tmp_path):
    storage = {"json": AtomicJSONStorage, "memory": MemoryStorage}[request.param]
    with Store(tmp_path / "data", storage=storage) as opened:
        yield opened


def test_a_session_is_its_own_file_and_survives_a_restart(tmp_path):
    folder = tmp_path / "data"
    with Store(folder) as store:
        record = store.pairs.create(PairsSession(HOWELL3), at="2026-12-05T19:00:00+00:00")
        store.pairs.change(record.id, lambda s: s.enter(result(1, 1), "2026-12-05T19:10:00"))
    path = folder / "pairs" / f"{record.id}.json"
    stored = json.loads(path.read_text("utf-8"))
    inner = stored["pairs"]["1"]
    assert inner["revision"] == 2
    assert inner["session"]["format"] == "scorer-pairs-session"
    assert inner["session"]["results"][0]["board"] == 1
    assert (folder / "pairs" / f"{record.id}.json.bak").exists()  # the first version
    assert not list(folder.glob("games/*.json"))  # not a game
    with Store(folder) as store:
        again = store.pairs.load(record.id)
        assert again.session.current()[(1, 1)].result == result(1, 1)
        assert again.session.settings.names == {1: "Ana & Ben"}
        assert [r.id for r in store.pairs.list()] == [record.id]


def test_two_tables_saving_at_once_both_keep_their_result(store):
    record = store.pairs.create(PairsSession(HOWELL3))
    # Round 1 of a 3-table Howell: every table plays boards 1-3 (a shared set).
    results = [result(board, table) for table in (1, 2, 3) for board in (1, 2, 3)]
    threads = [threading.Thread(target=store.pairs.change,
                                args=(record.id, lambda s, r=r: s.enter(r, "t")))
               for r in results]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    kept = store.pairs.load(record.id)
    assert {e.result for e in kept.session.entries} == set(results)
    assert kept.revision == 1 + len(results)


def test_a_refused_change_writes_nothing(store):
    record = store.pairs.create(PairsSession(HOWELL3))
    store.pairs.change(record.id, lambda s: s.enter(result(1, 1), "t"))
    with pytest.raises(InvalidInput, match="board 1"):
        store.pairs.change(record.id, lambda s: s.enter(result(1, 1, tricks=9), "t"))
    kept = store.pairs.load(record.id)
    assert kept.revision == 2
    assert kept.session.current()[(1, 1)].result == result(1, 1)


def test_a_correction_keeps_the_old_result_in_the_history(store):
    record = store.pairs.create(PairsSession(HOWELL3))
    store.pairs.change(record.id, lambda s: s.enter(result(1, 1), "t1"))
    store.pairs.change(record.id, lambda s: s.correct(result(1, 1, tricks=9), "t2"))
    kept = store.pairs.load(record.id).session
    assert kept.current()[(1, 1)].result.deal.tricks == 9
    assert [e.result.deal.tricks for e in kept.history] == [10]


def test_an_unknown_or_odd_id_is_unknown(store):
    for name in ("nothing", "../games/x", ""):
        with pytest.raises(UnknownSession):
            store.pairs.load(name)


def test_a_damaged_session_is_left_out_of_the_list_and_not_touched(tmp_path):
    folder = tmp_path / "data"
    with Store(folder) as store:
        good = store.pairs.create(PairsSession(HOWELL3))
        bad = store.pairs.create(PairsSession(HOWELL3))
    broken = folder / "pairs" / f"{bad.id}.json"
    broken.write_text("{not json", "utf-8")
    with Store(folder) as store:
        assert [r.id for r in store.pairs.list()] == [good.id]
    assert broken.read_text("utf-8") == "{not json"


def test_delete(store):
    record = store.pairs.create(PairsSession(HOWELL3))
    store.pairs.delete(record.id)
    assert store.pairs.list() == []
    with pytest.raises(UnknownSession):
        store.pairs.load(record.id)
