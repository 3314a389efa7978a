"""The director's code (issue 32, decisions 516-519): kept salted and hashed (never the code
itself, never in a link), asked on `scorer serve` (an app with a join address) before the
director's screens and refused, on the server, for every director's change from a page
without it; typed once per page; the published build and `scorer run` ask nothing."""

from __future__ import annotations

import json
from pathlib import Path

import flet as ft
import pytest
from flet_page import scorer_app
from test_pairs_app import event, go, on_screen, played, tap, texts
from test_pairs_name import snacks

from scorer.pairs_link import encode_pairs
from scorer.rules import InvalidInput
from scorer.rules.pairs.session import PairsSession, PairsSettings, check_director_code
from scorer.store import PairsRecord, Store
from scorer.ui.screens import addresses, pairs_director, pairs_gate, pairs_linked
from scorer.ui.screens.pairs_gate import director_change

HOWELL = PairsSettings("howell", 3, 3, 1)
SERVED = {"join_url": "http://127.0.0.1:8550/"}  # scorer serve: other phones join
CODE = "4831"


def field(app, label: str) -> ft.TextField:
    [found] = [c for c in on_screen(app) if isinstance(c, ft.TextField) and c.label == label]
    return found


def typed(app, label: str, value: str) -> None:
    box = field(app, label)
    box.value = value
    event(app, box, "change", value)


def buttons(app) -> set[str]:
    return {c.label for c in on_screen(app) if isinstance(c, ft.Semantics) and c.button}


@pytest.mark.parametrize("typed_code, kept", [("4831", "4831"), (" 4831 ", "4831"),
                                               ("४८३१", "4831"), ("12345678", "12345678")])
def test_a_code_is_four_to_eight_digits(typed_code, kept):
    assert check_director_code(typed_code) == kept


@pytest.mark.parametrize("bad", ["123", "123456789", "12a4", "", 4831, "١٢٣٤"])
def test_another_code_is_refused_by_name_in_one_line(bad):
    with pytest.raises(InvalidInput) as found:
        check_director_code(bad)
    said = str(found.value)
    assert said.startswith("director's code:") and "4 to 8 digits" in said and "\n" not in said


def test_the_code_is_kept_hashed_kept_by_changes_and_by_export(tmp_path: Path):
    with Store(tmp_path / "a") as store:
        record = store.pairs.create(PairsSession(HOWELL), code=CODE)
        salt, digest = record.director.split("$")  # a salted hash, never the code itself
        assert len(salt) == 16 and len(digest) == 64
        assert record.code_fits(CODE) and not record.code_fits("4832")
        changed = store.pairs.change(record.id, lambda s: s.enter(played(1, 1, 0, "4H", 10),
                                                                  "t"))
        assert changed.director == record.director  # a save keeps it
        on_disk = json.loads((tmp_path / "a" / "pairs" / f"{record.id}.json").read_text())
        kept = on_disk["pairs"]["1"]
        assert kept["director"] == record.director and CODE not in json.dumps(kept["session"])
        document = store.export_json()
        unnamed = store.pairs.create(PairsSession(HOWELL))
        assert unnamed.director == "" and unnamed.code_fits("anything")
    # The session a link carries is the session alone: no code, no hash.
    assert "director" not in json.dumps(changed.session.to_dict())
    assert record.director not in document and '"director"' not in document  # decision 560
    with Store(tmp_path / "b") as store:
        report = store.import_data(document)
        code = report.codes[record.id]  # a new code, said once (decision 562)
        imported = store.pairs.load(record.id)
        assert imported.code_fits(code) and len(code) == 4 and code in str(report)
        assert not imported.code_fits(str((int(code) + 1) % 10000).zfill(4))


def coded_evening(tmp_path: Path) -> tuple[Path, PairsRecord]:
    """A data folder with one evening made with the director's code ``CODE``."""
    folder = tmp_path / "data"
    with Store(folder) as store:
        return folder, store.pairs.create(PairsSession(HOWELL, name="Club night"), code=CODE)


def test_a_table_phone_gets_the_tables_and_the_code_field_not_the_directors_view(
        tmp_path: Path):
    folder, record = coded_evening(tmp_path)
    with scorer_app(folder, **SERVED) as app:
        for address in (addresses.pairs_session(record.id), addresses.pairs_board(record.id, 1),
                        addresses.pairs_card(record.id, 1)):
            go(app, address)
            shown = buttons(app)
            assert {"Table 1", "Table 2", "Table 3", "Open the director's view"} <= shown
            assert "Delete this evening" not in shown and "Rename the evening" not in shown
            assert not any(b.startswith(("Adjust", "Correct")) for b in shown)
            assert field(app, "Director's code").password
        tap(app, "Table 2")  # a table's phone still opens its table here
        assert app.route == addresses.pairs_table(record.id, 2)


def test_the_server_refuses_every_directors_change_from_a_page_without_the_code(
        tmp_path: Path):
    folder = tmp_path / "data"
    with Store(folder) as store:
        record = store.pairs.create(PairsSession(HOWELL), code=CODE)
        store.pairs.change(record.id, lambda s: s.enter(played(1, 1, 0, "4H", 10), "t"))
    with scorer_app(folder, **SERVED) as app:
        go(app, addresses.pairs_tables(record.id))  # a table's phone, by any address
        before = app.keeper.pairs.load(record.id)
        # Each action as its handler makes it, reached without the director's screen.
        assert not director_change(app, record.id, lambda s: s.named("Mine now"),
                                   lambda _r: None)
        pairs_director._resolve(app, record.id, played(1, 1, 0, "4H", 11))
        assert not director_change(app, record.id,
                                   lambda s: s.correct(played(1, 1, 0, "4H", 11), "t"),
                                   lambda _r: None)
        data = encode_pairs(record.id, PairsSession(HOWELL).enter(played(1, 1, 0, "4H", 9),
                                                                  "t"), 1)
        pairs_linked._keep(app, pairs_linked.read_pairs_link(data))  # merging a table's link
        after = app.keeper.pairs.load(record.id)
        assert after.revision == before.revision and after.session == before.session
        assert snacks(app)[-1] == ("Only the director can do this: open the director's view "
                                   "with the director's code first")


def test_the_director_types_the_code_once_a_wrong_one_is_said_and_never_locks_out(
        tmp_path: Path):
    folder, record = coded_evening(tmp_path)
    with scorer_app(folder, **SERVED) as app:
        go(app, addresses.pairs_session(record.id))
        for wrong in ("0000", "12", "4830", "9999", "1111", "2222"):  # no count, no lockout
            typed(app, "Director's code", wrong)
            tap(app, "Open the director's view")
            box = field(app, "Director's code")  # the field's own error (decision 563)
            assert box.error == ("That is not the director's code: type it again (as often "
                                 "as needed)")
            assert box.value == ""
        typed(app, "Director's code", CODE)
        tap(app, "Open the director's view")
        assert {"Delete this evening", "Rename the evening"} <= buttons(app)
        go(app, addresses.pairs_board(record.id, 1))  # and not asked again on this page
        assert "Adjust at table 1" in buttons(app)
        assert director_change(app, record.id, lambda s: s.named("Club night 2"),
                               lambda _r: None)
        assert app.keeper.pairs.load(record.id).session.name == "Club night 2"


def test_the_form_sets_the_code_on_serve_and_its_phone_is_the_directors(tmp_path: Path):
    with scorer_app(tmp_path / "data", **SERVED) as app:
        go(app, addresses.pairs_new())
        offered = field(app, "Director's code").value
        assert offered and check_director_code(offered) == offered and len(offered) == 4
        typed(app, "Director's code", "12")
        assert "The director's code: 4 to 8 digits" in texts(app)
        tap(app, "Start the evening")  # off: nothing made
        assert app.keeper.store.pairs.list() == []
        typed(app, "Director's code", "५५६६७")
        tap(app, "Start the evening")
        [record] = app.keeper.store.pairs.list()
        assert record.code_fits("55667") and not record.code_fits(offered)
        assert app.route == addresses.pairs_session(record.id)
        assert "Delete this evening" in buttons(app)  # the phone that made it: no code asked


def test_the_published_build_and_scorer_run_ask_no_code(tmp_path: Path):
    folder = tmp_path / "data"
    with Store(folder) as store:
        record = store.pairs.create(PairsSession(HOWELL), code=CODE)
    with scorer_app(folder) as app:  # no join address: one device, the director's own
        go(app, addresses.pairs_session(record.id))
        assert "Delete this evening" in buttons(app)
        go(app, addresses.pairs_new())
        assert not [c for c in on_screen(app) if isinstance(c, ft.TextField)
                    and c.label == "Director's code"]


def test_wrong_codes_past_ten_make_every_next_try_wait_longer_up_to_a_minute(tmp_path: Path):
    """Decision 568: a guest admitted by the table's code cannot try every code of an
    evening: past ten wrong codes the next try, the right one too, waits 1, 2, 4 ... 60 s."""
    with Store(tmp_path / "data") as store:
        record = store.pairs.create(PairsSession(HOWELL), code=CODE)
        clock = 1000.0
        for _ in range(10):
            assert store.pairs.code_try(record, "0000", clock) == (False, 0.0)
        waits = []
        for _ in range(8):
            fits, wait = store.pairs.code_try(record, "0000", clock)
            assert not fits
            waits.append(wait)
            assert store.pairs.code_try(record, CODE, clock + wait / 2) == (False, wait / 2)
            clock += wait
        assert waits == [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0]
        assert store.pairs.code_try(record, CODE, clock) == (True, 0.0)
        assert store.pairs.code_try(record, "0000", clock) == (False, 0.0)  # count cleared


def test_the_gate_says_how_long_to_wait_after_too_many_wrong_codes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(pairs_gate, "clock", lambda: 5000.0)  # a busy machine's taps: no wait over
    folder, record = coded_evening(tmp_path)
    with scorer_app(folder, **SERVED) as app:
        go(app, addresses.pairs_session(record.id))
        for _ in range(11):  # ten free, the eleventh makes the next try wait
            typed(app, "Director's code", "0000")
            tap(app, "Open the director's view")
        typed(app, "Director's code", CODE)  # the right code, within the wait
        tap(app, "Open the director's view")
        box = field(app, "Director's code")
        assert box.error == "Too many wrong codes: the next try is taken in 1 s"
        assert "Delete this evening" not in buttons(app)


def test_the_code_to_note_down_is_a_plain_text_read_digit_by_digit(tmp_path: Path):
    """Decision 569: a screen reader reads a text field's value only once it has the focus;
    the code the director must note down is also a plain text beside it, as it will be kept."""
    with scorer_app(tmp_path / "data", **SERVED) as app:
        go(app, addresses.pairs_new())
        offered = field(app, "Director's code").value
        assert f"The code to note down: {' '.join(offered)}" in texts(app)
        typed(app, "Director's code", "५५६६७")
        assert "The code to note down: 5 5 6 6 7" in texts(app)
        typed(app, "Director's code", "12")
        assert "The code to note down" not in texts(app)  # not 4-8 digits: no code to note


def test_the_code_is_hashed_the_same_where_python_has_no_openssl(monkeypatch: pytest.MonkeyPatch):
    """Decision 570: the browser build's Python (Pyodide) has no ``hashlib.pbkdf2_hmac``; the
    code's hash is then worked out by hand, the same bytes (RFC 8018's PBKDF2-HMAC-SHA256)."""
    import hashlib

    from scorer.store import pairs as pairs_store
    cases = [(b"4831", b"a1b2c3d4e5f60718", 1000), (b"", b"salt", 1), (b"1234", b"", 2)]
    kept = [hashlib.pbkdf2_hmac("sha256", *case) for case in cases]
    assert hashlib.pbkdf2_hmac("sha256", b"password", b"salt", 1).hex() == (  # a published vector
        "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b")
    monkeypatch.delattr(hashlib, "pbkdf2_hmac")
    assert [pairs_store.pbkdf2_sha256(*case) for case in cases] == kept
    assert pairs_store.pbkdf2_sha256(b"password", b"salt", 1).hex() == (
        "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b")
    salted = pairs_store.code_hash(CODE, "00ff00ff00ff00ff")
    monkeypatch.undo()
    assert salted == pairs_store.code_hash(CODE, "00ff00ff00ff00ff")
