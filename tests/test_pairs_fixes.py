"""Faults a tester met in a pairs evening (issue 32, decisions 410-415), each shown failing
before its mend: a shared set's boards entered in any order with the table told where to start
and where to pass them, a second phone's different entry kept and offered, pair names twice
refused, and the traveller's words (Neuberg's plural, the named pair's seat, a side kept with
its score). Through the real app over a real data folder, as tests/test_pairs_app.py."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from flet_page import scorer_app
from test_pairs_app import enter, go, on_screen, played, tap, texts

from scorer.i18n import LANGUAGES, Translator
from scorer.rules.pairs.movement import howell, mitchell
from scorer.rules.pairs.scoring import matchpoints
from scorer.rules.pairs.session import PairsSession, PairsSettings
from scorer.ui.screens import addresses
from scorer.ui.screens.pairs_text import PairsForm

EN = Translator("en")


# --- 1. a shared set: where to start, where to pass, any order --------------------------------


def test_the_tables_sharing_a_set_start_on_different_boards_and_pass_them_on():
    from scorer.rules.pairs.progress import board_order, pass_to

    plan = howell(3, 3)
    first = {s.table: s for s in plan.round_of(1)}
    assert [board_order(first[t]) for t in (1, 2, 3)] == [(1, 2, 3), (2, 3, 1), (3, 1, 2)]
    assert [pass_to(first[t]) for t in (1, 2, 3)] == [3, 1, 2]
    # Playing them in that order and passing each board played on, no two tables want one
    # board at once and every board a table wants is there (or not yet played by anyone).
    for tables, per_round in ((3, 3), (3, 4), (3, 5), (2, 2), (2, 3)):
        seatings = howell(tables, per_round).round_of(2)
        at: dict[int, int] = {}
        for step in range(per_round):
            wanted = {s.table: board_order(s)[step] for s in seatings}
            assert len(set(wanted.values())) == len(wanted)
            for table, board in wanted.items():
                assert at.get(board, table) == table, (tables, per_round, step, board)
            for s in seatings:
                at[wanted[s.table]] = pass_to(s)
    two = howell(2, 3).round_of(1)
    assert [board_order(s) for s in two] == [(1, 2, 3), (2, 3, 1)]


@pytest.mark.parametrize("tables", range(3, 16))
def test_a_mitchell_shares_no_set_so_a_table_starts_its_own_first_board(tables):
    from scorer.rules.pairs.progress import board_order, pass_to

    for seating in mitchell(tables).seatings:
        assert seating.shared_with == () and pass_to(seating) is None
        assert board_order(seating) == seating.boards


def test_a_howell_table_is_told_where_to_start_and_enters_its_boards_in_any_order(tmp_path):
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("howell", 3, 3, 2)))
        go(app, addresses.pairs_table(record.id, 2))
        shown = texts(app)
        assert ("Start with board 2; the boards are shared with tables 1 and 3: pass each "
                "board you have played to table 1") in shown
        enter(app, 2, "North", "4H", 10)  # board 2 first: table 1 holds board 1
        stored = app.keeper.store.pairs.load(record.id).session
        assert (2, 2) in stored.current()
        tap(app, "Enter board 1")  # board 1 comes back before board 3: entered first
        enter(app, 1, None)
        enter(app, 3, "East", "2S", 8)
        stored = app.keeper.store.pairs.load(record.id).session
        assert {b for b, t in stored.current() if t == 2} == {1, 2, 3}
        assert "Round 2 of 2" in texts(app)
        go(app, addresses.pairs_table(record.id, 1))
        assert "Start with board 1; the boards are shared with tables 2 and 3" in texts(app)


def test_a_mitchell_table_is_not_told_of_a_shared_set(tmp_path):
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("mitchell", 4, 2)))
        go(app, addresses.pairs_table(record.id, 3))
        shown = texts(app)
        assert "shared" not in shown and "Start with" not in shown
        tap(app, "Enter board 6")  # the second board of the set first: any order
        enter(app, 6, None)
        assert (6, 3) in app.keeper.store.pairs.load(record.id).session.current()


# --- 2. two phones at one table -----------------------------------------------------------------


def test_a_second_phones_different_entry_is_kept_and_offered_as_a_correction(tmp_path: Path):
    from scorer.ui.screens import pairs_table
    from scorer.ui.shell.routes import parse

    with scorer_app(tmp_path / "data") as app:  # phone C of table 1
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("howell", 3, 3, 1)))
        go(app, addresses.pairs_table(record.id, 1))
        for name in ("Declarer North", "Level 3", "No-trump", "Tricks 10"):
            tap(app, name)
        # Phone B of the same table saves 3NT by North, 9 tricks, accepted by its E-W.
        app.keeper.store.pairs.change(
            record.id, lambda s: s.enter(played(1, 1, 0, "3NT", 9), "t"))
        pairs_table.changed_elsewhere(app, parse(app.route), record.id)
        shown = texts(app)
        assert ("Another phone of this table saved board 1 first: 3NT by North, 9 tricks · "
                "N-S +400 · E-W -400. This phone had 3NT by North, 10 tricks · N-S +430 · "
                "E-W -430") in shown
        tap(app, "Correct board 1 to this phone's result")
        assert "E-W accept board 1" in texts(app)
        tap(app, "E-W accept board 1")
        stored = app.keeper.store.pairs.load(record.id).session
        assert stored.current()[(1, 1)].result.deal.tricks == 10
        assert [e.result.deal.tricks for e in stored.history] == [9]
        assert "Another phone" not in texts(app)


def test_a_second_phones_different_entry_may_be_let_go_and_the_same_one_says_nothing(tmp_path):
    from scorer.ui.screens import pairs_table
    from scorer.ui.shell.routes import parse

    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("howell", 3, 3, 1)))
        go(app, addresses.pairs_table(record.id, 1))
        tap(app, "Declarer North")  # not finished when the other phone saved
        app.keeper.store.pairs.change(
            record.id, lambda s: s.enter(played(1, 1, 0, "3NT", 9), "t"))
        pairs_table.changed_elsewhere(app, parse(app.route), record.id)
        assert ("Another phone of this table saved board 1 first: 3NT by North, 9 tricks · "
                "N-S +400 · E-W -400. This phone had an unfinished entry") in texts(app)
        tap(app, "Keep the saved result")
        assert "Another phone" not in texts(app)
        assert app.keeper.store.pairs.load(record.id).session.current()[(1, 1)].result == \
            played(1, 1, 0, "3NT", 9)
        for name in ("Declarer North", "Level 3", "No-trump", "Tricks 9"):  # board 2 open
            tap(app, name)
        app.keeper.store.pairs.change(
            record.id, lambda s: s.enter(played(2, 1, 0, "3NT", 9), "t"))
        pairs_table.changed_elsewhere(app, parse(app.route), record.id)
        assert "Another phone" not in texts(app)  # the same result: nothing to say


def test_a_second_phones_save_that_ends_the_round_still_shows_what_this_phone_had(tmp_path):
    from scorer.ui.screens import pairs_table
    from scorer.ui.shell.routes import parse

    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("howell", 3, 3, 1)))
        go(app, addresses.pairs_table(record.id, 1))
        enter(app, 1, None)
        enter(app, 2, None)
        for name in ("Declarer North", "Level 3", "No-trump", "Tricks 10"):  # board 3
            tap(app, name)
        app.keeper.store.pairs.change(
            record.id, lambda s: s.enter(played(3, 1, 0, "3NT", 9), "t"))
        pairs_table.changed_elsewhere(app, parse(app.route), record.id)
        shown = texts(app)
        assert "This table has played every round" in shown  # the other save ended it
        assert "This phone had 3NT by North, 10 tricks" in shown
        tap(app, "Correct board 3 to this phone's result")
        tap(app, "E-W accept board 3")
        stored = app.keeper.store.pairs.load(record.id).session
        assert stored.current()[(3, 1)].result == played(3, 1, 0, "3NT", 10)
        assert [e.result for e in stored.history] == [played(3, 1, 0, "3NT", 9)]


# --- 3. a pair's name twice ---------------------------------------------------------------------


def test_two_pairs_with_the_same_name_are_refused_naming_the_field():
    form = PairsForm(tables=3, movement="howell", boards_per_round=3,
                     names={2: "Ana & Ben", 5: " ana & ben "})
    settings, problem = form.settings_or_problem()
    assert settings is None and problem is not None
    assert EN.sentence(problem) == ("Pair names: two pairs have the same name (Ana & Ben); "
                                    "names must differ")
    for lang in LANGUAGES:
        text = Translator(lang).sentence(problem)
        assert "Ana & Ben" in text and "{" not in text
    form.names[5] = "Cy & Di"
    assert form.settings_or_problem()[1] is None


# --- 4. the traveller's words -------------------------------------------------------------------


def test_neubergs_line_agrees_with_its_count_in_every_language():
    one = matchpoints([420], expected=3)
    line = next(x.msg for x in one.results[0].lines if x.msg.key == "pairs.neuberg")
    assert EN.render(line).startswith("Neuberg, 1 result of 3:")
    two = matchpoints([420, 400], expected=3)
    line2 = next(x.msg for x in two.results[0].lines if x.msg.key == "pairs.neuberg")
    assert EN.render(line2).startswith("Neuberg, 2 results of 3:")
    from scorer.i18n import catalog

    for lang in LANGUAGES:  # each language chooses its word by the count
        assert set(catalog(lang)["pairs.neuberg"]) == {"one", "other"}
        assert "{" not in Translator(lang).render(line)


def _drawn(control: ft.Text) -> str:
    """What a text draws: its value, or its spans (suit symbols in their own font)."""
    return str(control.value or "".join(str(s.text) for s in control.spans or ()))


def _traveller_texts(app) -> list[ft.Text]:
    return [c for c in on_screen(app) if isinstance(c, ft.Text)]


def test_the_traveller_names_a_pair_before_its_seat_and_keeps_a_side_with_its_score(tmp_path):
    settings = PairsSettings("howell", 3, 3, 1, names={2: "Ana & Ben"})
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(settings))
        app.keeper.store.pairs.change(
            record.id, lambda s: s.enter(played(1, 1, 1, "4H", 11), "t"))
        go(app, addresses.pairs_board(record.id, 1))
        shown = texts(app)
        assert "Table 1, round 1: pair 2 (Ana & Ben, N-S) against pair 5 (E-W)" in shown
        drawn = [d for d in map(_drawn, _traveller_texts(app)) if "450" in d and "tricks" in d]
        assert drawn, shown
        assert all("E-\u2060W\u00a0+450" in d and "N-\u2060S\u00a0-450" in d for d in drawn)
        spoken = [c.semantics_label for c in _traveller_texts(app)
                  if c.semantics_label and "450" in c.semantics_label]
        assert spoken and all("N-S -450 · E-W +450" in s for s in spoken)


def test_the_pair_name_fields_draw_no_counter_under_them(tmp_path):
    with scorer_app(tmp_path / "data") as app:
        go(app, addresses.pairs_new())
        fields = [c for c in on_screen(app) if isinstance(c, ft.TextField)]
        assert fields
        assert all(f.max_length is None for f in fields)  # the form says 40 at most
