"""A pairs evening in the app (issue 32), without a browser: the new evening's form (what it
offers for each table count, its problems named), a table's phone entering its round's boards
with the other side's Accept, corrections keeping history, and the director's view (progress,
conflicts resolved by a tap, the ranking) on the real app over a real data folder."""

from __future__ import annotations

import asyncio
import csv
import io
from datetime import date
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from controls import walk
from flet_page import scorer_app

from scorer.i18n import Translator
from scorer.pairs_sheet import pairs_csv
from scorer.rules import InvalidInput
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult
from scorer.ui.screens import addresses
from scorer.ui.screens.pairs_text import PairsForm, kinds_for

EN = Translator("en")


# --- the form, pure ---------------------------------------------------------------------------


@pytest.mark.parametrize(("tables", "kinds"), [(2, ("howell",)), (3, ("mitchell", "howell")),
                                               (8, ("mitchell", "howell")),
                                               (9, ("mitchell",)), (15, ("mitchell",))])
def test_the_form_offers_the_movements_the_core_makes_for_the_tables(tables, kinds):
    assert kinds_for(tables) == kinds


def test_a_new_table_count_keeps_a_movement_that_fits_and_drops_rounds_beyond_it():
    form = PairsForm(tables=6, movement="howell", boards_per_round=2, rounds=11)
    form.set_tables(10)
    assert form.movement == "mitchell" and form.rounds is None  # 9 rounds at most
    form.set_tables(4)
    assert form.movement == "mitchell" and form.full_rounds == 3  # the skip Mitchell


def test_a_problem_names_the_field_and_what_is_allowed():
    form = PairsForm(tables=3, movement="howell", boards_per_round=2)
    settings, problem = form.settings_or_problem()
    assert settings is None
    assert EN.sentence(problem) == ("Boards per round: 2 is too few for 3 tables sharing each "
                                    "round's boards (at least 3)")
    form.boards_per_round = 3
    form.names = {1: "x" * 41}
    assert EN.sentence(form.settings_or_problem()[1]) == \
        "Name of pair 1: more than 40 characters"
    form.names = {1: "  Ana & Ben ", 2: "  "}
    settings, problem = form.settings_or_problem()
    assert problem is None and settings is not None
    assert dict(settings.names) == {1: "Ana & Ben"}


def test_one_pair_short_gives_a_sit_out():
    form = PairsForm(tables=4, movement="mitchell", boards_per_round=2, short=True)
    settings, _ = form.settings_or_problem()
    assert settings is not None and settings.plan().missing is not None
    assert len(settings.plan().pair_numbers) == 7


# --- through the real app -------------------------------------------------------------------


def on_screen(app: Any) -> list[ft.Control]:
    view = app.page.views[-1]
    parts = [*view.controls, view.appbar, view.bottom_appbar]
    return list(walk([p for p in parts if p is not None], visible_only=True))


def texts(app: Any) -> str:
    found = []
    for c in on_screen(app):
        value = getattr(c, "value", None)
        if isinstance(c, ft.Text) and value is None and c.semantics_label:
            value = c.semantics_label  # a text with suit symbols: its spans
        found.append(str(value or getattr(c, "label", None) or ""))
    # A text of moves is drawn with non-breaking hyphens ("E‑W", decision 354), read as "E-W".
    return " | ".join(found).replace("\u2011", "-")


def event(app: Any, control: ft.BaseControl, name: str, data: Any = None) -> None:
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(app.page.session.dispatch_event(control._i, name, data))
    finally:
        loop.close()


def tap(app: Any, label: str) -> None:
    found = [c for c in on_screen(app) if isinstance(c, ft.Semantics) and c.button
             and c.label == label]
    assert found, f"no button {label!r} in {texts(app)[:900]}"
    holder = [c for c in on_screen(app) if isinstance(c, ft.Container)
              and c.content is found[0] and c.on_click is not None]
    event(app, holder[0] if holder else found[0].content, "click")  # a card: its container
    if app.route != app.drawn:  # app.go's tasks do not run here: draw the new screen
        app.show()


def go(app: Any, route: str) -> None:
    app.route = route
    app.show()


def enter(app: Any, board: int, declarer: str | None, contract: str = "", tricks: int = 0):
    """A board as North enters it, then E-W's Accept."""
    if declarer is None:
        tap(app, "Passed out")
    else:
        deal = Contract.parse(contract)
        tap(app, f"Declarer {declarer}")
        tap(app, f"Level {deal.level}")
        tap(app, EN(f"ui.strain_label.{deal.strain.abbr}"))
        if deal.doubling.abbr:
            tap(app, {"X": "Doubled", "XX": "Redoubled"}[deal.doubling.abbr])
        tap(app, f"Tricks {tricks}")
    tap(app, f"E-W accept board {board}")


def test_an_evening_made_on_the_form_is_kept_and_listed_on_home(tmp_path: Path):
    folder = tmp_path / "data"
    with scorer_app(folder) as app:
        go(app, "/")
        tap(app, "Pairs evening")
        assert app.route == addresses.pairs_new()
        tap(app, "3 tables")
        tap(app, "Movement Howell")
        tap(app, "1 round")
        tap(app, "Start the evening")
        record = app.keeper.store.pairs.list()[0]
        assert app.route == addresses.pairs_session(record.id)
        settings = record.session.settings
        assert (settings.movement, settings.tables, settings.boards_per_round,
                settings.rounds, settings.scoring) == ("howell", 3, 3, 1, "matchpoints")
        # The name offered and kept, as nothing was typed (decision 510).
        assert record.session.name == f"Pairs evening {date.today().isoformat()}"
        app.keeper.store.close()
    with scorer_app(folder) as app:  # after a restart
        go(app, "/")
        assert record.session.name in texts(app)
        tap(app, f"Open {record.session.name}, Howell, 3 tables · 0 of 9 results · changed "
                 f"{record.updated_at[:16].replace('T', ' ')}")
        assert app.route == addresses.pairs_session(record.id)


def test_a_table_enters_its_round_and_the_director_sees_it(tmp_path: Path):
    folder = tmp_path / "data"
    with scorer_app(folder) as app:
        record = app.keeper.store.pairs.create(
            PairsSession(PairsSettings("howell", 3, 3, 2, names={2: "Ana & Ben"})))
        go(app, addresses.pairs_session(record.id))
        tap(app, "Table 1")
        assert app.route == addresses.pairs_table(record.id, 1)
        shown = texts(app)
        assert "Round 1 of 2" in shown
        assert "N-S: pair 2 (Ana & Ben) · E-W: pair 5" in shown
        assert "Board 1: North deals · vulnerable: none" in shown
        # Where everyone goes after the round, said once (not "after this round: next round").
        assert ("After this round: N-S to table 3 E-W; E-W to table 2 E-W; boards played out "
                "(collect them)") in shown
        # Board 1 at table 1: 4H by North, 10 tricks; the score for both sides before Accept.
        for name in ("Declarer North", "Level 4", "Hearts", "Tricks 10"):
            tap(app, name)
        assert "4♥ by North, 10 tricks · N-S +420 · E-W -420" in texts(app)
        tap(app, "E-W accept board 1")
        stored = app.keeper.store.pairs.load(record.id).session
        assert stored.current()[(1, 1)].result == TableResult(
            1, 1, BridgeDeal(0, Contract.parse("4H"), 10))
        # The next board opens; board 1 can be corrected, the old value kept.
        assert "Board 2: East deals · vulnerable: N-S" in texts(app)
        tap(app, "Correct board 1")
        tap(app, "Tricks 11")
        tap(app, "E-W accept board 1")
        stored = app.keeper.store.pairs.load(record.id).session
        assert stored.current()[(1, 1)].result.deal.tricks == 11
        assert [e.result.deal.tricks for e in stored.history] == [10]
        enter(app, 2, None)
        enter(app, 3, "East", "2S", 8)
        # The round is done: where everyone goes, and round 2.
        shown = texts(app)
        assert "Round 1 finished" in shown and "Round 2 of 2" in shown
        go(app, addresses.pairs_session(record.id))
        shown = texts(app)
        assert "Round 1: table 1 done · table 2 0/3 · table 3 0/3" in shown
        assert "15 results still missing" in shown


def test_a_table_that_has_played_every_round_still_sees_and_corrects_its_boards(
        tmp_path: Path):
    """The last board accepted, the table's phone still shows the last round's results: E-W
    who see a wrong trick count a moment later can correct it (it was a bare sentence)."""
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("howell", 3, 3, 1)))
        go(app, addresses.pairs_table(record.id, 2))
        # Table 2 of three sharing a set starts with board 2 (decision 410)
        enter(app, 2, None)
        enter(app, 3, "East", "2S", 8)
        enter(app, 1, "North", "4H", 10)
        shown = texts(app)
        assert "Round 1 finished" in shown and "This table has played every round" in shown
        assert "After this round" not in shown and "Next round" not in shown  # nobody moves
        for board in (1, 2, 3):
            assert f"Correct board {board}" in shown
        tap(app, "Correct board 3")
        tap(app, "Tricks 9")
        tap(app, "E-W accept board 3")
        stored = app.keeper.store.pairs.load(record.id).session
        assert stored.current()[(3, 2)].result.deal.tricks == 9
        assert [e.result.deal.tricks for e in stored.history] == [8]
        assert "Correct board 3" in texts(app)


def test_a_mitchell_table_says_its_seats_and_that_n_s_stay(tmp_path: Path):
    """A Mitchell's seats by its pairs' names ("N-S 1 · E-W 1", not "N-S: N-S 1"); N-S, who
    never move, are told to stay rather than sent "to table 1 N-S" (decision 352)."""
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("mitchell", 4, 1)))
        go(app, addresses.pairs_table(record.id, 1))
        shown = texts(app)
        assert "N-S 1 · E-W 1" in shown and "N-S: N-S" not in shown
        assert ("After this round: N-S stay at this table; E-W to table 2 E-W; boards to "
                "table 4") in shown
        enter(app, 1, None)
        assert ("Next round: N-S stay at this table; E-W to table 2 E-W; boards to table 4"
                in texts(app))
        assert "N-S 1 · E-W 4" in texts(app)  # round 2: E-W 4 came up from table 4
        # The moves are drawn with non-breaking hyphens ("E-" never ends a line at 360 px),
        # and read by a screen reader as written.
        [moves] = [c for c in on_screen(app) if isinstance(c, ft.Text)
                   and str(c.value).startswith("Next round")]
        assert "E\u2011W to table 2 E\u2011W" in moves.value
        assert moves.semantics_label == moves.value.replace("\u2011", "-")


def test_a_conflict_is_resolved_by_the_directors_tap(tmp_path: Path):
    folder = tmp_path / "data"
    settings = PairsSettings("howell", 3, 3, 1)
    made = TableResult(1, 2, BridgeDeal(0, Contract.parse("3NT"), 9))
    down = TableResult(1, 2, BridgeDeal(0, Contract.parse("3NT"), 8))
    with scorer_app(folder) as app:
        record = app.keeper.store.pairs.create(PairsSession(settings))
        phone = PairsSession(settings).enter(down, "t1")
        app.keeper.store.pairs.change(
            record.id, lambda s: s.enter(made, "t0").merge(phone))
        go(app, addresses.pairs_session(record.id))
        assert "1 conflict to resolve" in texts(app)
        tap(app, "Keep 3NT by North, 8 tricks · N-S -50 · E-W +50")
        kept = app.keeper.store.pairs.load(record.id).session
        assert not kept.conflicts
        assert kept.current()[(1, 2)].result == down
        assert made in {e.result for e in kept.history}


# --- the results as CSV -----------------------------------------------------------------------


def played(board: int, table: int, declarer: int, contract: str, tricks: int) -> TableResult:
    return TableResult(board, table, BridgeDeal(declarer, Contract.parse(contract), tricks))


def test_the_results_csv_holds_the_ranking_and_the_travellers_worked_by_hand():
    # One round of a 3-table Howell (tables 1-3: pairs 2 v 5, 3 v 4, 6 v 1), boards 1-3.
    results = [played(1, 1, 0, "4H", 10), played(1, 2, 0, "4H", 9),
               TableResult(1, 3, BridgeDeal()),
               played(2, 1, 2, "3NT", 9), played(2, 2, 2, "3NT", 9), played(2, 3, 2, "3NT", 10),
               played(3, 1, 1, "2S", 8), played(3, 2, 1, "2SX", 8),
               TableResult(3, 3, BridgeDeal())]
    session = PairsSession(PairsSettings("howell", 3, 3, 1, names={4: "=cmd()"}))
    for result in results:
        session = session.enter(result, "t")
    rows = list(csv.reader(io.StringIO(pairs_csv(session, EN))))
    blank = rows.index([])
    ranking, travellers = rows[1:blank], rows[blank + 2:]
    # Matchpoints by hand (2 per result beaten, 1 per tie, top 4; see the browser test):
    assert [(r[1], r[2], r[4], r[6]) for r in ranking] == [
        ("1", "pair 4", "11", "91.67"), ("2", "pair 6", "10", "83.33"),
        ("3", "pair 2", "7", "58.33"), ("4", "pair 5", "5", "41.67"),
        ("5", "pair 1", "2", "16.67"), ("6", "pair 3", "1", "8.33")]
    assert ranking[0][3] == "'=cmd()"  # a name that starts like a formula is only text
    assert travellers[7][:9] == ["3", "1", "2", "pair 3", "pair 4", "2SX by East, 8 tricks",
                                 "-670",
                                 "0", "4"]
    assert len(travellers) == 9


# --- with no network: the session and a table's results by link -----------------------------


def test_a_table_gets_the_session_by_link_and_the_director_merges_its_results(tmp_path: Path):
    from scorer.link import InvalidLink
    from scorer.pairs_link import pairs_link, read_pairs_link, table_part
    from scorer.store import Store

    settings = PairsSettings("howell", 3, 3, 1)
    with Store(tmp_path / "director") as director, Store(tmp_path / "table2") as table:
        record = director.pairs.create(PairsSession(settings))
        director.pairs.change(record.id, lambda s: s.enter(played(1, 1, 0, "4H", 10), "t"))
        # The director's QR code for table 2: the whole session, opening table 2.
        address = pairs_link(record.id, director.pairs.load(record.id).session, 2,
                             "https://cards.example/scorer/", to_table=True)
        assert address.startswith("https://cards.example/scorer/#/p/1~")
        carried = read_pairs_link(address.split("#/p/", 1)[1])
        assert (carried.session_id, carried.table, carried.to_table) == (record.id, 2, True)
        kept, added = table.pairs.keep(carried.session_id, carried.session)
        assert added and kept.id == record.id
        # Table 2 scores its boards; one of them is entered on the director's phone too,
        # differently (a dispute), one the same.
        for result in (played(1, 2, 0, "4H", 9), played(2, 2, 2, "3NT", 9),
                       played(3, 2, 1, "2SX", 8)):
            table.pairs.change(record.id, lambda s, r=result: s.enter(r, "t2"))
        director.pairs.change(record.id, lambda s: s.enter(played(2, 2, 2, "3NT", 9), "t"))
        director.pairs.change(record.id, lambda s: s.enter(played(3, 2, 1, "2S", 8), "t"))
        back = pairs_link(record.id, table_part(table.pairs.load(record.id).session, 2), 2,
                          "https://cards.example/scorer/")
        results = read_pairs_link(back.split("#/p/", 1)[1])
        assert {e.result.table for e in results.session.entries} == {2}
        for _ in range(2):  # the same link twice is merged once
            merged, added = director.pairs.keep(results.session_id, results.session)
            assert not added
        session = merged.session
        assert session.current()[(1, 2)].result.deal.tricks == 9
        assert session.current()[(1, 1)].result.deal.tricks == 10  # the director's own kept
        assert [c[0].result.key for c in session.conflicts] == [(3, 2)]
        assert len(session.entries) == 3
        # Another evening's results are refused by name, nothing written.
        other = PairsSession(PairsSettings("howell", 3, 4, 1))
        with pytest.raises(InvalidInput, match="another session"):
            director.pairs.keep(record.id, other)
        assert director.pairs.load(record.id).revision == merged.revision
        with pytest.raises(InvalidLink):
            read_pairs_link("1~" + "A" * 40)


def test_the_tables_qr_and_a_link_opened_on_a_phone(tmp_path: Path):
    from scorer.pairs_link import encode_pairs

    settings = PairsSettings("howell", 3, 3, 1)
    with scorer_app(tmp_path / "director") as app:
        record = app.keeper.store.pairs.create(PairsSession(settings))
        go(app, addresses.pairs_session(record.id))
        tap(app, "QR code for table 3")
        assert app.route == addresses.pairs_table_qr(record.id, 3)
        assert "/p/1~" in texts(app)
        # Who scans which code, said on each (not "the other phone").
        assert "scan this code with table 3's phone; it keeps the evening" in texts(app)
        go(app, addresses.pairs_results_qr(record.id, 3))
        assert "scan this code with the director's phone; it merges this table's" in texts(app)
    with scorer_app(tmp_path / "table") as app:
        data = encode_pairs(record.id, PairsSession(settings), 3, to_table=True)
        go(app, addresses.pairs_link(data))
        assert "Howell, 3 tables: 0 results" in texts(app)
        tap(app, "Keep and merge on this phone")
        assert app.route == addresses.pairs_table(record.id, 3)
        assert "The evening is kept on this phone" in texts(app)
        go(app, addresses.pairs_link("1~garbage"))
        assert "This link cannot be opened" in texts(app)
        tap(app, "Back")  # the one screen of an unreadable link (a game's too): Back to Home
        assert app.route == addresses.HOME


def test_another_tables_save_leaves_a_table_entering_its_board_alone(tmp_path: Path):
    from scorer.ui.screens import pairs_table
    from scorer.ui.shell.routes import parse

    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("howell", 3, 3, 1)))
        go(app, addresses.pairs_table(record.id, 2))
        tap(app, "Declarer North")
        before = list(app.page.views[0].controls)
        route = parse(app.route)
        app.keeper.store.pairs.change(record.id, lambda s: s.enter(played(1, 1, 0, "4H", 10),
                                                                    "t"))
        pairs_table.changed_elsewhere(app, route, record.id)  # table 1 saved: not drawn again
        assert list(app.page.views[0].controls) == before
        assert all(a is b for a, b in zip(app.page.views[0].controls, before, strict=True))
        app.keeper.store.pairs.change(record.id, lambda s: s.enter(played(1, 2, 0, "4H", 9),
                                                                    "t"))
        pairs_table.changed_elsewhere(app, route, record.id)  # this table: drawn again
        assert list(app.page.views[0].controls) != before
        assert "Correct board 1" in texts(app)
