"""The director corrects a table's result of any round on the board's traveller (issue 32,
Law 79C, decisions 495-497): the table's inputs filled with the saved result, saved with one
tap (no E-W accept), the result it replaces kept in the history and named on the traveller,
the matchpoints worked again. The real app over a real data folder (as
tests/test_pairs_findings.py)."""

from __future__ import annotations

from pathlib import Path

from flet_page import scorer_app
from test_pairs_app import go, on_screen, played, tap, texts

from scorer.rules.pairs.scoring import Adjusted
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult
from scorer.rules.pairs.standings import standings

AT = "2026-12-05T20:00:00+00:00"


def both_rounds() -> PairsSession:
    """A 3-table Howell of 2 rounds of 3 boards, all played: board 1 in round 1 was 4H by
    North making 10 at tables 1 and 3, 9 at table 2 (the table has long moved on)."""
    session = PairsSession(PairsSettings("howell", 3, 3, 2))
    for seating in session.movement.seatings:
        for board in seating.boards:
            tricks = 9 if (board, seating.table) == (1, 2) else 10
            session = session.enter(played(board, seating.table, 0, "4H", tricks), AT)
    return session


def points(session: PairsSession, board: int) -> dict[int, tuple[object, object]]:
    return {row.table: (row.ns, row.ew) for row in standings(session).travellers[board][1]}


def button(app, label: str) -> object:
    """The one control the tap helper would press for ``label``."""
    named = {id(c): c for c in on_screen(app) if getattr(c, "button", False)
             and getattr(c, "label", None) == label}
    assert len(named) == 1, label
    return next(iter(named.values()))


def on_traveller(app, session: PairsSession, board: int, table: int) -> str:
    """The session saved, its board's traveller shown and table's correction opened."""
    record = app.keeper.store.pairs.create(session)
    go(app, f"/pairs/{record.id}/board/{board}")
    tap(app, f"Correct table {table}'s result")
    return record.id


def test_the_director_corrects_an_older_rounds_trick_count_in_one_tap(tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        before = points(both_rounds(), 1)
        assert before[2][0] < before[1][0]  # 9 tricks: table 2's N-S below the others
        session_id = on_traveller(app, both_rounds(), 1, 2)
        shown = texts(app)
        assert "The director's correction (Law 79C)" in shown
        assert "E-W accept" not in shown
        tap(app, "Tricks 10")  # the rest (North, 4, hearts) is the saved result's
        tap(app, "Save the director's correction at table 2")
        kept = app.keeper.store.pairs.load(session_id).session
        assert kept.current()[(1, 2)].result == played(1, 2, 0, "4H", 10)
        assert [e.result for e in kept.history] == [played(1, 2, 0, "4H", 9)]
        after = points(kept, 1)
        assert after[1] == after[2] == after[3] != before[2]  # all alike now: a shared top
        shown = texts(app)
        assert "Table 2, replaced" in shown  # the traveller names the result it replaced
        assert "Save the director's correction" not in shown  # closed once kept
        assert "Correct table 2's result" in shown


def test_cancel_leaves_the_saved_result_as_it_was(tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        session_id = on_traveller(app, both_rounds(), 1, 3)
        tap(app, "Tricks 8")
        tap(app, "Keep the saved result")
        kept = app.keeper.store.pairs.load(session_id).session
        assert kept.current()[(1, 3)].result == played(1, 3, 0, "4H", 10)
        assert not kept.history
        assert "Save the director's correction" not in texts(app)


def test_an_adjusted_score_is_corrected_to_the_result_played(tmp_path: Path):
    ruled = both_rounds().correct(TableResult(2, 1, adjusted=Adjusted("A+", "A-")), AT)
    with scorer_app(tmp_path / "data") as app:
        session_id = on_traveller(app, ruled, 2, 1)
        tap(app, "Passed out")
        tap(app, "Save the director's correction at table 1")
        kept = app.keeper.store.pairs.load(session_id).session
        assert kept.current()[(2, 1)].result.deal is not None
        assert kept.current()[(2, 1)].result.deal.passed_out
        assert kept.history[-1].result.adjusted == Adjusted("A+", "A-")


def test_the_correction_opens_in_place_one_table_at_a_time(tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        session_id = on_traveller(app, both_rounds(), 1, 2)
        opener = button(app, "Correct table 2's result")
        tap(app, "Tricks 10")
        tap(app, "Correct table 3's result")  # another table: the first one closes
        assert button(app, "Correct table 2's result") is opener  # not drawn anew: focus stays
        shown = texts(app)
        assert "Save the director's correction at table 3" in shown
        assert "Save the director's correction at table 2" not in shown
        tap(app, "Tricks 11")
        tap(app, "Save the director's correction at table 3")
        kept = app.keeper.store.pairs.load(session_id).session
        assert kept.current()[(1, 3)].result == played(1, 3, 0, "4H", 11)
        assert kept.current()[(1, 2)].result == played(1, 2, 0, "4H", 9)  # left as it was
