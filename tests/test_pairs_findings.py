"""What a tester found playing a club's pairs evening on today's main (issue 32, decisions
470-479), each shown failing before its mend: a table's "Correct board N" silently undid the
director's adjusted score (F-d); a 2-round Howell counted and listed boards never in play
(F-c); the adjust panel's cancel said "Keep the saved result" where there was none (F-f); a
traveller left out the tables still to play the board (F-g). The core's rules, then the real
app over a real data folder (as tests/test_pairs_app.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from flet_page import scorer_app
from test_pairs_app import enter, go, played, tap, texts

from scorer.rules.pairs.movement import howell, mitchell
from scorer.rules.pairs.scoring import Adjusted
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult

AT = "2026-12-05T20:00:00+00:00"
RULING = TableResult(4, 3, adjusted=Adjusted("A+", "A-"))


def two_rounds() -> PairsSession:
    """The tester's evening: a 3-table Howell, 2 rounds of 3 boards (boards 1-6); round 1
    played everywhere, table 3 late for round 2."""
    session = PairsSession(PairsSettings("howell", 3, 3, 2))
    for table in (1, 2, 3):
        for board in (1, 2, 3):
            session = session.enter(played(board, table, 0, "4H", 9 + table % 2), AT)
    return session


def begin_4h_10_at_table_3(app, session_id: str) -> None:
    """Table 3's phone: board 4 begun, 4H by North, 10 tricks, not yet accepted."""
    go(app, f"/pairs/{session_id}/table/3")
    for label in ("Enter board 4", "Declarer North", "Level 4", "Hearts", "Tricks 10"):
        tap(app, label)


# --- F-d: a table does not undo the director's ruling -----------------------------------------


def test_a_tables_result_for_a_ruled_board_goes_to_the_director_as_a_conflict():
    ruled = two_rounds().correct(RULING, AT)
    mine = played(4, 3, 0, "4H", 10)
    after = ruled.correct_at_table(mine, "2026-12-05T21:00:00+00:00")
    assert (4, 3) not in after.current()  # not silently replaced: waiting for the director
    [conflict] = after.conflicts
    assert [e.result for e in conflict] == [RULING, mine]
    assert after.history == ruled.history  # nothing replaced yet
    # The director keeps the ruling: the table's result is kept in the history.
    kept = after.resolve(4, 3, RULING, "2026-12-05T21:05:00+00:00")
    assert kept.current()[(4, 3)].result == RULING and not kept.conflicts
    assert mine in {e.result for e in kept.history}
    # Or takes the table's result (it was played after all): the ruling goes to the history.
    taken = after.resolve(4, 3, mine, "2026-12-05T21:05:00+00:00")
    assert taken.current()[(4, 3)].result == mine
    assert RULING in {e.result for e in taken.history}


def test_a_tables_correction_of_a_played_result_and_the_same_ruling_again_are_as_before():
    session = two_rounds()
    fixed = played(1, 3, 0, "4H", 11)
    corrected = session.correct_at_table(fixed, AT)
    assert corrected == session.correct(fixed, AT) and not corrected.conflicts
    ruled = session.correct(RULING, AT)
    assert ruled.correct_at_table(RULING, AT) is ruled
    # The director may still change a ruling, or replace it with a played result, directly.
    assert ruled.correct(played(4, 3, 0, "4H", 10), AT).current()[(4, 3)].result.deal


def test_a_table_merged_by_link_after_sending_its_result_leaves_the_conflict_to_the_director():
    director = two_rounds().correct(RULING, AT)
    phone = director.correct_at_table(played(4, 3, 0, "4H", 10), AT)  # the table's own copy
    merged = director.merge(phone)
    assert (4, 3) not in merged.current()
    assert {e.result for e in merged.conflicts[0]} == {RULING, played(4, 3, 0, "4H", 10)}


def test_the_table_is_told_it_is_the_directors_ruling_and_its_result_goes_to_the_director(
        tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(two_rounds())
        go(app, f"/pairs/{record.id}/board/4")
        tap(app, "Adjust at table 3")
        tap(app, "N-S A+")
        tap(app, "E-W A-")
        tap(app, "Save the adjusted score at table 3: N-S A+, E-W A-")
        go(app, f"/pairs/{record.id}/table/3")
        shown = texts(app)
        assert "adjusted score A+/A-" in shown
        assert ("The director's ruling: only the director can change it; a result played here "
                "goes to the director to choose") in shown
        assert "Correct board 4" not in shown
        tap(app, "Send board 4's result to the director")
        assert "The director's ruling" in texts(app)  # still said while the result is entered
        enter(app, 4, "North", "4H", 10)
        kept = app.keeper.store.pairs.load(record.id).session
        assert (4, 3) not in kept.current()
        assert [e.result for e in kept.conflicts[0]][0] == RULING
        assert "Two results were saved for this board: the director chooses" in texts(app)
        # The director is told: the round is not done and the conflict is listed to choose.
        go(app, f"/pairs/{record.id}")
        shown = texts(app)
        assert "1 conflict to resolve" in shown
        assert "Keep adjusted score A+/A-" in shown
        tap(app, "Keep adjusted score A+/A-")
        kept = app.keeper.store.pairs.load(record.id).session
        assert kept.current()[(4, 3)].result == RULING and not kept.conflicts


def test_a_ruling_saved_while_the_table_enters_the_board_is_named_as_the_directors(
        tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(two_rounds())
        begin_4h_10_at_table_3(app, record.id)
        app.keeper.store.pairs.change(record.id, lambda s: s.correct(RULING, AT))
        app.show()  # the director's save heard
        shown = texts(app)
        assert "The director gave board 4 an adjusted score: adjusted score A+/A-" in shown
        assert "another phone" not in shown.lower()
        tap(app, "Send board 4's result to the director")
        tap(app, "E-W accept board 4")
        kept = app.keeper.store.pairs.load(record.id).session
        assert [e.result for e in kept.conflicts[0]] == [RULING, played(4, 3, 0, "4H", 10)]


# --- F-c: only the boards in play -------------------------------------------------------------


def test_a_short_howell_counts_and_lists_only_the_boards_in_play(tmp_path: Path):
    assert howell(3, 3, 2).in_play == (1, 2, 3, 4, 5, 6)
    assert howell(3, 3).in_play == tuple(range(1, 16))  # the whole movement: every set
    # A Mitchell with a sit-out, one round: the resting table's set is never played.
    short = mitchell(3, 2, 1, 5)
    resting = {b for s in short.resting for b in s.boards}
    assert resting and not resting & set(short.in_play)
    assert sorted(short.in_play + tuple(resting)) == list(range(1, short.boards + 1))
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(two_rounds())
        go(app, f"/pairs/{record.id}")
        shown = texts(app)
        assert "boards 6" in shown and "boards 15" not in shown
        assert "Traveller of board 6" in shown and "Traveller of board 7" not in shown
        go(app, f"/pairs/{record.id}/board/9")
        assert "Board 9 is not played in this movement" in texts(app)


@pytest.mark.parametrize("tables", range(2, 9))
def test_every_board_in_play_is_played_and_no_other(tables):
    for rounds in range(1, howell(tables, 3).rounds + 1):
        plan = howell(tables, 3, rounds)
        assert set(plan.in_play) == set(plan.times_played())


# --- F-f and F-g: the director's traveller ----------------------------------------------------


def test_the_traveller_names_the_tables_still_to_play_and_the_adjust_cancel_says_what_it_does(
        tmp_path: Path):
    session = two_rounds().enter(played(4, 1, 0, "3NT", 9), AT)
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(session)
        go(app, f"/pairs/{record.id}/board/4")
        shown = texts(app)
        assert "Table 1, round 2:" in shown
        assert "Table 2, round 2: pair 4 (N-S) against pair 5 (E-W) | Not played yet" in shown
        assert "Table 3, round 2: pair 6 (N-S) against pair 2 (E-W) | Not played yet" in shown
        tap(app, "Adjust at table 3")
        assert "Keep the saved result" not in texts(app)
        tap(app, "Leave table 3 as it is")
        assert "Save the adjusted score" not in texts(app)
        assert app.keeper.store.pairs.load(record.id).session == session


# --- F-k: the round just finished stays correctable -------------------------------------------


def test_a_table_corrects_a_board_of_the_round_it_has_just_finished(tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(two_rounds())
        go(app, f"/pairs/{record.id}/table/2")
        shown = texts(app)
        assert "Round 1 finished" in shown and "Round 2 of 2" in shown
        assert "Round 1: check and correct" in shown
        assert "4♥ by North, 9 tricks" in shown  # board 3 as saved in round 1
        tap(app, "Correct board 3")
        enter(app, 3, "East", "2H", 8)
        kept = app.keeper.store.pairs.load(record.id).session
        assert kept.current()[(3, 2)].result == played(3, 2, 1, "2H", 8)
        assert played(3, 2, 0, "4H", 9) in {e.result for e in kept.history}
        shown = texts(app)
        assert "2♥ by East, 8 tricks" in shown and "Round 2 of 2" in shown
        assert "Correct board 3" in shown  # still there, to correct again


# --- F-o: the CSV names a Mitchell's pairs as its ranking does --------------------------------


def test_a_mitchells_csv_traveller_names_the_pairs_as_its_ranking_does():
    import csv
    import io

    from scorer.i18n import Translator
    from scorer.pairs_sheet import pairs_csv

    session = PairsSession(PairsSettings("mitchell", 4, 2, 3))
    session = session.enter(played(1, 1, 0, "4H", 10), AT)  # table 1, round 1: N-S 1 v E-W 1
    rows = list(csv.reader(io.StringIO(pairs_csv(session, Translator("en")))))
    travellers = rows[rows.index([]) + 2:]
    assert travellers[0][:5] == ["1", "1", "1", "N-S 1", "E-W 1"]
    ranked = {r[2] for r in rows[1:rows.index([])]}
    assert {"N-S 1", "E-W 1"} <= ranked


# --- F-a: the second phone's notice does not repeat the board's header ------------------------


def test_a_second_phones_notice_names_the_board_once(tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(two_rounds())
        begin_4h_10_at_table_3(app, record.id)
        # The table's other phone saves board 4 first, with 9 tricks.
        app.keeper.store.pairs.change(record.id,
                                      lambda s: s.enter(played(4, 3, 0, "4H", 9), AT))
        app.show()
        shown = texts(app)
        assert "Another phone of this table saved board 4 first" in shown
        header = "Board 4: West deals · vulnerable: both"
        assert sum(part == header for part in shown.split(" | ")) == 1, shown


# --- F-e: a named pair at its seat, in brackets as everywhere ---------------------------------


def test_a_named_pair_at_its_seat_keeps_its_name_in_brackets_as_the_other_screens_do():
    from scorer.i18n import Translator
    from scorer.rules.pairs.labels import at_seat, pair_name

    settings = PairsSettings("howell", 3, 3, 2, names={1: "Ann & Bob"})
    plan, en = settings.plan(), Translator("en")
    assert en.render(pair_name(settings, plan, 1)) == "pair 1 (Ann & Bob)"
    assert en.render(at_seat(settings, plan, 1, 1)) == "pair 1 (Ann & Bob, E-W)"
    assert en.render(at_seat(settings, plan, 2, 0)) == "pair 2 (N-S)"


# --- "11 IMP": a count of IMPs in the plural ---------------------------------------------------


def test_a_count_of_imps_says_imps_but_one_imp_in_the_app_and_the_referee(tmp_path: Path):
    from scorer.i18n import Translator
    from scorer.rules.pairs.scoring import butler, imps_msg

    en = Translator("en")
    assert [en.render(imps_msg(v)) for v in (1, 11, 0, -4)] == [
        "1 IMP", "11 IMPs", "0 IMPs", "-4 IMPs"]
    from fractions import Fraction
    assert en.render(imps_msg(Fraction(21, 2))) == "10.5 IMPs"
    assert Translator("es").render(imps_msg(11)) == "11 IMP"  # the Spanish table's word
    lines = [en.render(line.msg) for r in butler([450, 300, 420, 400]).results for line in r.lines]
    assert "N-S 450 against the datum 390: difference 60 = 2 IMPs" in lines
    assert "N-S 420 against the datum 390: difference 30 = 1 IMP" in lines
    settings = PairsSettings("howell", 3, 3, 1, scoring="cross-imps")
    session = PairsSession(settings)
    for table, tricks in ((1, 10), (2, 9), (3, 11)):
        session = session.enter(played(1, table, 0, "4H", tricks), AT)
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(session)
        go(app, f"/pairs/{record.id}")
        shown = texts(app)
        assert "IMPs" in shown and not any(part.endswith(" IMP") and not part.endswith(": 1 IMP")
                                           for part in shown.split(" | "))


# --- F-p: the adjust panel changes in place, the chip tapped stays ----------------------------


def test_the_adjust_panels_chips_stay_the_controls_tapped(tmp_path: Path):
    import flet as ft
    from test_pairs_app import on_screen

    def button(label: str) -> ft.Semantics:
        [found] = [c for c in on_screen(app) if isinstance(c, ft.Semantics) and c.button
                   and c.label == label]
        return found

    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(two_rounds())
        go(app, f"/pairs/{record.id}/board/4")
        chip = button("Adjust at table 3")
        tap(app, "Adjust at table 3")
        assert button("Adjust at table 3") is chip and chip.selected  # not drawn anew
        award = button("N-S A+")
        tap(app, "N-S A+")
        assert button("N-S A+") is award and award.selected
        tap(app, "E-W A-")
        tap(app, "Adjust at table 2")  # another table: its awards start again at A
        assert button("Adjust at table 2").selected and not chip.selected
        assert not award.selected and button("N-S A").selected
        tap(app, "N-S A+")
        tap(app, "Save the adjusted score at table 2: N-S A+, E-W A")
        kept = app.keeper.store.pairs.load(record.id).session
        assert kept.current()[(4, 2)].result == TableResult(4, 2, adjusted=Adjusted("A+", "A"))
