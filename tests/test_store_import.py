"""Export and import: round trips, every hostile file refused with a clear message, imports
all-or-nothing (also across a crash), and anything import accepts can be shown. The store's
side of it runs over TinyDB's memory storage and over the JSON files (conftest: STORAGES);
what only files have (staging, a full disk) on disk alone."""

from __future__ import annotations

import copy
import csv
import errno
import io
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import text

from scorer.game import Game
from scorer.i18n import LANGUAGES, Translator
from scorer.rules import Contract, InvalidInput
from scorer.rules.call_break import CallBreakDeal
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.rules.minibridge import MiniBridgeDeal
from scorer.sheet import deal_words, to_csv, to_text
from scorer.store import MAX_IMPORT_BYTES, AtomicJSONStorage, InvalidImport, Store, WriteFailed
from scorer.store.documents import game_document
from scorer.ui.present import history_texts

ROUND = CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3))
CLOCK = iter(f"2026-11-30T12:{m:02d}:00.000+00:00" for m in range(60))


def call_break(**kw):
    return Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0, **kw)


def draw_bridge(**kw):
    return Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, **kw)


def with_history() -> Game:
    game = call_break().add_deal(ROUND).add_deal(ROUND)
    game = game.correct(1, CallBreakDeal((4, 3, 3, 3), (4, 3, 3, 3)))
    return game.remove_last()


@pytest.fixture
def store(tmp_path, storage_class):
    with Store(tmp_path / "data", storage=storage_class) as opened:
        yield opened


def export(*docs) -> str:
    return json.dumps({"format": "scorer-export", "games": list(docs)})


# --- round trips ------------------------------------------------------------------------------


def test_export_import_json_round_trip(tmp_path, storage_class):
    with Store(tmp_path / "one", storage=storage_class) as store:
        one = store.save(with_history())
        two = store.save(draw_bridge().add_deal(DrawBridgeDeal(1, Contract.parse("4HX"), 10)))
        exported = store.export_json()
    (tmp_path / "export.json").write_text(exported, encoding="utf-8")
    with Store(tmp_path / "other", storage=storage_class) as other:
        report = other.import_file(tmp_path / "export.json")
        assert sorted(report.imported) == sorted([one.id, two.id])
        for game in (one, two):
            imported = other.load(game.id)
            assert imported.to_dict() | {"revision": 0} == game.to_dict() | {"revision": 0}
        again = other.import_file(tmp_path / "export.json")
        assert again.imported == [] and sorted(again.skipped) == sorted([one.id, two.id])
        assert again.conflicts == [] and len(other.list_games()) == 2


def test_export_csv_is_a_scoresheet(store):
    game = store.save(draw_bridge().add_deal(DrawBridgeDeal(1, Contract.parse("4HX"), 10))
                      .add_deal(DrawBridgeDeal()))
    lines = to_csv(store.load_many([game.id])).splitlines()
    assert lines[1].startswith("deal,dealer,contract or calls,tricks,result,points Ana")
    assert lines[2] == "1,Ana,4HX by Ben,10,4HX by Ben: made,0,240,0,240"
    assert lines[3] == "2,Ben,passed out,,passed out,0,0,0,240"


def test_csv_neutralises_formulas_in_names_but_not_negative_numbers(store):
    game = Game.new("call-break", ["=HYPERLINK(\"x\")", "+1", "@SUM(A1)", "-Dan"],
                    first_dealer=0).add_deal(CallBreakDeal((4, 3, 2, 4), (5, 3, 1, 4)))
    game = game.add_deal(ROUND).add_deal(ROUND).add_deal(ROUND)  # each player deals once
    rows = list(csv.reader(io.StringIO(to_csv([store.save(game)]))))
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r")
                or (c[:1] == "-" and not c[1:].isdigit())]
    dealers = [row[1] for row in rows[2:]]
    assert dealers == ["'=HYPERLINK(\"x\")", "'+1", "'@SUM(A1)", "'-Dan"]
    assert rows[0][1].startswith("'=HYPERLINK")
    assert "-20" in rows[2]  # a negative number stays a number


# --- refused files ---------------------------------------------------------------------------


def test_import_refuses_a_bad_file_and_imports_nothing(store, tmp_path):
    good = call_break().add_deal(ROUND).to_dict()
    bad = draw_bridge().add_deal(DrawBridgeDeal(0, Contract.parse("4S"), 10)).to_dict()
    bad["deals"][0]["points"] = [9999, 0]
    path = tmp_path / "mixed.json"
    path.write_text(export(good, bad), encoding="utf-8")
    with pytest.raises(InvalidImport, match="game 2 deal 1 points: 9999,0 do not match"):
        store.import_file(path)
    assert store.list_games() == []
    single = tmp_path / "one.json"
    single.write_text(json.dumps(good), encoding="utf-8")
    assert store.import_file(single).imported == [good["id"]]


def hostile(change, raw: str = "") -> str:
    """An export of a valid game changed by ``change``; the text "RAW" (a JSON string) is
    then replaced by ``raw``, for what Python's json cannot write (NaN, deep nesting)."""
    doc = with_history().to_dict()
    change(doc)
    return export(doc).replace('"RAW"', raw)


def setter(*path, value):
    def change(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


HOSTILE = {
    "not json": (b"not json", "file: JSON is not readable"),
    "a list": (b"[]", "is not a Scorer export"),
    "games not a list": (b'{"format": "scorer-export", "games": 3}', "games: int is not a list"),
    "unknown game": (b'{"format": "scorer-export", "games": [{"variant": "poker"}]}',
                     "game 1 game: poker is not one of"),
    "newer schema": (b'{"format": "scorer-export", "games": [{"variant": "call-break", '
                     b'"schema_version": 7}]}', "game 1 schema_version: 7 is newer"),
    "garbage before": (hostile(setter("history", 0, "before", value={"calls": "x"})),
                       "game 1 history 1 before calls"),
    "garbage after": (hostile(setter("history", 0, "after", value={"calls": [9, 9, 9],
                                                                   "tricks": [1, 1, 1]})),
                      "game 1 history 1 after"),
    "nested 980 deep": (hostile(setter("history", 0, "before", value="RAW"),
                                '{"a":' * 980 + "{}" + "}" * 980),
                        "nested deeper than 24 levels"),
    "closed is text": (hostile(setter("closed", value="false")),
                       "game 1 closed: false is str, not true or false"),
    "NaN": (hostile(setter("history", 0, "before", "calls", 0, value="RAW"), "NaN"),
            "NaN is not a number"),
    "Infinity": (hostile(setter("revision", value="RAW"), "-Infinity"), "Infinity is not"),
    "not a time": (hostile(setter("updated_at", value="9999999999")),
                   "game 1 updated_at: 9999999999 is not an ISO 8601 time"),
    "time in the future": (hostile(setter("updated_at", value="9999-12-31T00:00:00+00:00")),
                           "game 1 updated_at: 9999-12-31T00:00:00+00:00 is in the future"),
    "history time": (hostile(setter("history", 0, "at", value="yesterday")),
                     "history 1 at: yesterday is not an ISO 8601 time"),
    "5000 digits": (hostile(setter("revision", value="RAW"), "9" * 5000),
                    "a number of 5000 digits is longer than 30"),
    "points as text": (hostile(setter("deals", 0, "points", value="31303030")),
                       "deal 1 points"),
    "revision as text": (hostile(setter("revision", value="3")), "revision: 3 is not a whole"),
    "control in a name": (hostile(setter("players", 0, value="Ana\u202e")),
                          r"player 1: Ana\u202e contains an invisible"),
    "same name twice": (hostile(setter("players", 1, value="ANA")), "same name twice"),
    # issue 30 item 11: names Windows keeps for devices, whatever the case
    **{f"id {name}": (hostile(setter("id", value=name)),
                      f"game 1 id: {name} is a name Windows keeps for a device")
       for name in ("con", "NUL", "Com1", "lpt9", "aux", "prn", "com0")},
    # issue 30 item 5: said once, with what is expected ('variant: missing is missing or not
    # text' before)
    "no game type": (hostile(lambda doc: doc.pop("variant")),
                     "game 1 variant: missing (every game names its type, e.g. draw-bridge)"),
    "game type a number": (hostile(setter("variant", value=5)),
                           "game 1 variant: 5 is not the name of a game type"),
    # issue 30 item 13: numbers nobody can play, numbers as text, impossible versions and times
    "end of 10^29 deals": (hostile(setter("end", value={"kind": "deals", "value": 10**29})),
                           f"game 1 deals: {10**29} is not between 1 and 1000"),
    "end of 1001 deals": (hostile(setter("end", value={"kind": "deals", "value": 1001})),
                          "game 1 deals: 1001 is not between 1 and 1000"),
    "tricks as text": (hostile(setter("deals", 0, "tricks", value=["4", 3, 3, 3])),
                       "game 1 deal 1 tricks: 4 is text, not a number"),
    "calls as text": (hostile(setter("deals", 0, "calls", value="3333")),
                      "game 1 deal 1 calls: 3333 is text, not a number"),
    "schema_version 0": (hostile(setter("schema_version", value=0)),
                         "game 1 schema_version: 0 is not a schema version (1 to 1)"),
    "created in year 1": (hostile(setter("created_at", value="0001-01-01T00:00:00+00:00")),
                          "game 1 created_at: 0001-01-01T00:00:00+00:00 is before 1970"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_imports_are_refused_with_a_clear_message(store, case):
    content, message = HOSTILE[case]
    with pytest.raises(InvalidImport) as error:
        store.import_data(content)
    assert message in str(error.value) and "\n" not in str(error.value)
    assert store.list_games() == []


def bridge_doc(**changes):
    doc = draw_bridge(end="target=500").add_deal(DrawBridgeDeal(0, Contract.parse("4S"), 10))
    return doc.to_dict() | changes


@pytest.mark.parametrize(("change", "message"), [
    ({"deals": [{"declarer": 0, "contract": "4S", "tricks": "10"}]},
     "game 1 deal 1 tricks: 10 is text, not a number"),
    ({"deals": [{"declarer": "0", "contract": "4S", "tricks": 10}]},
     "game 1 deal 1 declarer: 0 is text, not a number"),
    ({"end": {"kind": "target", "value": 10**29}},
     f"game 1 target: {10**29} is not between 1 and 100000"),
    ({"end": {"kind": "target", "value": 2**64}},
     f"game 1 target: {2**64} is not between 1 and"),
])
def test_a_draw_bridge_game_holds_only_numbers_a_table_plays(store, change, message):
    """Issue 30 item 13: "tricks": "10" was read as 10; a target of 10^29 was imported, and
    opening it in scorer serve killed the page's session (the number did not fit a message).
    Refused in one line, in every language."""
    with pytest.raises(InvalidImport) as error:
        store.import_data(json.dumps(bridge_doc(**change)))
    assert message in str(error.value) and "\n" not in str(error.value)
    for lang in LANGUAGES:
        said = Translator(lang).error(error.value)
        assert said and "{" not in said and "\n" not in said
    assert store.list_games() == []
    assert store.import_data(json.dumps(bridge_doc())).imported  # the same game, as written


def test_a_game_kept_before_with_a_larger_end_is_still_read(tmp_path):
    """Decision 205: the bound is asked of what comes in (a new game, a file, a link); a game
    kept before with a target beyond it (but one the client carries) opens as it was."""
    folder = tmp_path / "data"
    with Store(folder) as store:
        game = store.save(draw_bridge(end="target=500"))
    path = folder / "games" / f"{game.id}.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"value":500', '"value":500000'),
                    encoding="utf-8")
    assert '"value":500000' in path.read_text(encoding="utf-8")
    with Store(folder) as store:
        assert store.load(game.id).end.value == 500_000 and not store.notices
    with pytest.raises(InvalidInput, match="target: 500000 is not between 1 and 100000"):
        draw_bridge(end="target=500000")
    # beyond what a page can be sent (the session died): the file is damaged, said so
    path.write_text(path.read_text(encoding="utf-8").replace('"value":500000',
                                                             f'"value":{10**29}'),
                    encoding="utf-8")
    with Store(folder) as store:
        assert store.list_games() == []
        assert [n.key for n in store.notices] == ["notice.lost"]  # moved to quarantine


NESTED_CHILD = """
import sys, threading
from scorer.store import InvalidImport, Store
sys.setrecursionlimit(10**7)  # as deep as the stack goes: a recursive parse would crash
threading.stack_size(256 * 1024)  # a small stack, as Pyodide's
raw = open(sys.argv[2], "rb").read()
said = []
def importing():
    with Store(sys.argv[1]) as store:
        try:
            store.import_data(raw)
        except InvalidImport as error:
            said.append(str(error))
        said.append(len(store.list_games()))
worker = threading.Thread(target=importing)
worker.start()
worker.join()
print(said)
"""


@pytest.mark.parametrize("nesting", ["[" * 100_000 + "]" * 100_000,
                                     '{"a":' * 100_000 + "{}" + "}" * 100_000,
                                     "[" * 100_000])
def test_100000_nested_brackets_are_refused_before_any_recursive_parse(tmp_path, nesting):
    """Issue 17 item 1: the phone app died on this file ("Pyodide has suffered a fatal
    error"): its stack is far smaller than CPython's. On a 256 KB thread stack with no
    recursion limit, a recursive parse crashes the process; the store refuses the file first."""
    import subprocess
    import sys

    (tmp_path / "data").mkdir()
    (tmp_path / "nested.json").write_text(nesting)
    done = subprocess.run([sys.executable, "-c", NESTED_CHILD, str(tmp_path / "data"),
                           str(tmp_path / "nested.json")], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.strip() == str(["file: JSON is nested deeper than 24 levels", 0])


@pytest.mark.parametrize("text", ['["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]',
                                  '{"a\\\\\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[": 1}',
                                  '[' * 24 + ']' * 24])
def test_brackets_in_strings_are_not_nesting(text):
    from scorer.store.files import loads_strict

    assert loads_strict(text) == json.loads(text)


def test_a_utf8_bom_is_accepted(store):
    assert len(store.import_data(b"\xef\xbb\xbf" + export(call_break().to_dict()).encode())
               .imported) == 1


def test_import_reads_at_most_the_limit(store, tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * MAX_IMPORT_BYTES + export(call_break().to_dict()).encode())
    with pytest.raises(InvalidImport, match="larger than 16 MB"):
        store.import_file(big)
    if os.path.exists("/dev/zero"):
        with pytest.raises(InvalidImport, match="larger than 16 MB"):
            store.import_file("/dev/zero")
    with pytest.raises(InvalidImport, match="is a folder"):
        store.import_file(tmp_path)
    with pytest.raises(InvalidImport, match="cannot be read"):
        store.import_file(tmp_path / "missing.json")


def test_duplicate_ids_are_reported_never_dropped_silently(store):
    game = store.save(call_break(game_id="Abc"))
    same = game.to_dict()
    different = call_break(game_id="aBC").add_deal(ROUND).to_dict()
    report = store.import_data(export(same))
    assert report.skipped == ["Abc"] and report.imported == []
    report = store.import_data(export(different))
    assert report.conflicts == ["aBC"] and report.imported == []
    assert "a different game with the same id is stored: aBC" in str(report)
    assert len(store.list_games()) == 1
    other = call_break(game_id="x1").to_dict()
    with pytest.raises(InvalidImport, match="game 2 id: X1 is also the id of game 1"):
        store.import_data(export(other, call_break(game_id="X1").add_deal(ROUND).to_dict()))
    assert store.import_data(export(other, other)).imported == ["x1"]  # the same twice: once


# --- all or nothing --------------------------------------------------------------------------


def test_a_full_disk_during_an_import_leaves_nothing(tmp_path, monkeypatch):
    with Store(tmp_path / "data") as store:  # staging is for files: on disk only
        games = [call_break().to_dict() for _ in range(5)]
        real, writes = AtomicJSONStorage.write, []

        def write(self, data):
            writes.append(self.path)
            if len(writes) == 3:
                raise OSError(errno.ENOSPC, "No space left on device")
            real(self, data)

        monkeypatch.setattr(AtomicJSONStorage, "write", write)
        with pytest.raises(WriteFailed, match="nothing was imported: No space left on device"):
            store.import_data(export(*games))
        monkeypatch.undo()
        assert store.list_games() == []
        assert not list(store.folder.glob(".import-*"))
        assert len(store.import_data(export(*games)).imported) == 5


def stage(folder: Path, games: list[Game], committed: bool) -> Path:
    staged = folder / ".import-test"
    staged.mkdir(parents=True)
    for game in games:
        AtomicJSONStorage(staged / f"{game.id}.json").write(game_document(game.with_revision(1)))
    if committed:
        (staged / "COMMIT").write_text("[]")
    return staged


def test_a_committed_import_is_finished_when_the_store_opens(tmp_path):
    folder = tmp_path / "data"
    games = [call_break(), draw_bridge()]
    with Store(folder):
        pass
    staged = stage(folder, games, committed=True)
    (staged / f"{games[0].id}.json").rename(folder / "games" / f"{games[0].id}.json")
    with Store(folder) as store:  # killed after moving the first file: finish the rest
        assert {s.id for s in store.list_games()} == {g.id for g in games}
        assert store.notices == []
    assert not staged.exists()


def test_an_uncommitted_import_is_removed_when_the_store_opens(tmp_path):
    folder = tmp_path / "data"
    with Store(folder):
        pass
    staged = stage(folder, [call_break(), draw_bridge()], committed=False)
    with Store(folder) as store:
        assert store.list_games() == [] and store.notices == []
    assert not staged.exists()


# --- anything accepted can be opened, listed, exported and shown ----------------------------


def show(game: Game, t: Translator) -> list[str]:
    """Every text the scoreboard, the deal detail screen and the share sheet build."""
    texts = [to_text(game, t)]
    for record in game.records:
        texts += [game.players[record.dealer], t.summary(record.score),
                  *(t.line(line) for line in record.score.lines), *deal_words(game, record, t)]
        texts += history_texts(game, record.number, t)
    return texts


def accepted_everywhere(store: Store, payload) -> None:
    try:
        report = store.import_data(payload)
    except InvalidImport:
        return
    listed = {s.id for s in store.list_games()}
    for game_id in report.imported:
        assert game_id in listed
        game = store.load(game_id)
        json.loads(store.export_json([game_id]))
        for lang in LANGUAGES:
            t = Translator(lang)
            to_csv([game], t)
            assert all(isinstance(text, str) for text in show(game, t))
        store.delete(game_id)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | text(max_size=6),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(text(max_size=8),
                                                                       children, max_size=4),
    max_leaves=12,
)
KNOWN_DEALS = [ROUND.to_dict(), CallBreakDeal((2, 2, 2, 2), (4, 3, 3, 3)).to_dict(),
               DrawBridgeDeal(1, Contract.parse("4HX"), 10).to_dict(), DrawBridgeDeal().to_dict(),
               MiniBridgeDeal(0, Contract.parse("3NT"), 9).to_dict(),
               MiniBridgeDeal(3, Contract.parse("7NT"), 13).to_dict(),
               MiniBridgeDeal(redeal=True).to_dict()]
deal_like = st.one_of(
    st.sampled_from(KNOWN_DEALS).map(copy.deepcopy),  # valid deals, of any variant
    st.fixed_dictionaries({"calls": st.lists(st.integers(0, 14), min_size=4, max_size=4),
                           "tricks": st.lists(st.integers(0, 14), min_size=4, max_size=4)}),
    st.fixed_dictionaries({"declarer": st.integers(-1, 4), "contract": st.sampled_from(
        ["1C", "4HX", "3NT", "7SXX", "8H", ""]), "tricks": st.integers(-1, 14)}),
    st.fixed_dictionaries({"passed_out": st.booleans()}),
    st.fixed_dictionaries({"redeal": st.booleans()}),
)
plausible = st.one_of(
    deal_like, st.booleans(), st.integers(0, 3), st.none(),
    st.sampled_from(["2026-11-30T12:00:00+00:00", "2026-11-30", "2026-11-30T12:00:00Z"]),
    text(min_size=1, max_size=8),
)
VALID = [with_history().to_dict(),
         draw_bridge().add_deal(DrawBridgeDeal(1, Contract.parse("4HX"), 10))
         .correct(1, DrawBridgeDeal(0, Contract.parse("2NT"), 7)).to_dict(),
         Game.new("minibridge", ["N", "E", "S", "W"], first_dealer="N")
         .add_deal(MiniBridgeDeal(0, Contract.parse("3NT"), 9))
         .correct(1, MiniBridgeDeal(1, Contract.parse("1C"), 7)).to_dict()]


@st.composite
def mutated_exports(draw):
    doc = json.loads(json.dumps(draw(st.sampled_from(VALID))))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from([["players"], ["deals"], ["deals", 0], ["rules"], ["end"],
                                     ["history"], ["history", 0], ["history", 1], []]))
        target = doc
        for key in path:
            found = (isinstance(target, dict) and key in target
                     or isinstance(target, list) and isinstance(key, int) and len(target) > key)
            if found:
                target = target[key]
        values = plausible | json_values
        if isinstance(target, dict) and target:
            target[draw(st.sampled_from(sorted(target)))] = draw(values)
        elif isinstance(target, list) and target:
            target[draw(st.integers(0, len(target) - 1))] = draw(values)
    return export(doc)


@st.composite
def swapped_history(draw):
    """A valid game whose history entries say something else was changed (issue 9 item 3)."""
    doc = json.loads(json.dumps(draw(st.sampled_from(VALID))))
    for entry in doc["history"]:
        for key in ("before", "after"):
            if draw(st.booleans()):
                entry[key] = draw(st.one_of(st.sampled_from(KNOWN_DEALS).map(copy.deepcopy),
                                            deal_like, json_values))
        if draw(st.booleans()):
            entry["deal"] = draw(st.integers(-1, 4) | json_values)
    return export(doc)


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(mutated_exports(), swapped_history(), json_values.map(json.dumps),
                 st.binary(max_size=40)))
def test_anything_import_accepts_can_be_opened_listed_exported_and_shown(store, payload):
    accepted_everywhere(store, payload)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(text(min_size=1, max_size=12), min_size=4, max_size=4), st.data())
def test_any_names_import_accepts_can_be_shown(store, names, data):
    doc = with_history().to_dict()
    doc["players"] = names
    accepted_everywhere(store, export(doc))


@pytest.mark.parametrize("text", ["[" * 25 + "]" * 25, '{"a":' * 25 + "1" + "}" * 25])
def test_too_deep_is_its_own_error_not_read_from_its_words(text):
    """Issue 19 item 6: an import's 'too deep' answer comes from the error's kind."""
    from scorer.store.files import TooDeep, loads_strict

    with pytest.raises(TooDeep) as refused:
        loads_strict(text)
    assert refused.value.limit == 24 and isinstance(refused.value, ValueError)
