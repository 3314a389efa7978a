"""A pairs evening's mistakes found a moment late, or made on the way in (issue 32, the
tester's second share): the round just played corrected at the table, the new evening's
summary before Start, a table's Back, the link screens naming their table. The real app over
a real data folder, no browser."""

from __future__ import annotations

from pathlib import Path

import pytest
from flet_page import scorer_app
from test_pairs_app import enter, event, go, tap, texts

from scorer.i18n import Translator
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult
from scorer.ui.screens import addresses
from scorer.ui.screens.pairs_text import makes_msg

AT = "2026-12-05T20:00:00"
EN = Translator("en")


def wrong_board_3(*more: TableResult) -> PairsSession:
    """A 3-table Howell of 2 rounds in which table 2 accepted board 3 as 2H by East, 9
    tricks (East took 8) and board 2 as 1NT by West, 7 tricks; then ``more``."""
    session = PairsSession(PairsSettings("howell", 3, 3, 2))
    for result in (TableResult(2, 2, BridgeDeal(3, Contract.parse("1NT"), 7)),
                   TableResult(3, 2, BridgeDeal(1, Contract.parse("2H"), 9)), *more):
        session = session.enter(result, AT)
    return session


def tricks_kept(session: PairsSession, board: int, table: int) -> tuple[int, list[int]]:
    """The tricks of ``board`` at ``table`` now, and those it replaced, oldest first."""
    now = session.current()[(board, table)].result.deal
    assert now is not None
    return now.tricks, [e.result.deal.tricks for e in session.history
                        if e.result.key == (board, table) and e.result.deal is not None]


def test_the_round_just_played_is_corrected_at_the_table_once_the_next_has_begun(
        tmp_path: Path):
    """Table 2 enters board 3 with 9 tricks instead of 8, then accepts the round's last board:
    the phone shows round 2 and still offers *Correct board 3* (Law 79C); the correction is
    accepted by E-W as any result, the old one kept in the history, and round 2's entry begun
    meanwhile is not lost."""
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(wrong_board_3())
        go(app, addresses.pairs_table(record.id, 2))
        enter(app, 1, "North", "4H", 10)  # the round's last board
        shown = texts(app)
        assert "Round 1 finished" in shown and "Round 2 of 2" in shown
        assert "Round 1: check and correct" in shown  # the round just played, listed (474)
        assert "2♥ by East, 9 tricks · N-S -140 · E-W +140" in shown
        for board in (1, 2, 3):
            assert f"Correct board {board}" in shown
        tap(app, "Declarer South")  # round 2's first board, begun
        tap(app, "Correct board 3")
        assert "Correct board 3" not in texts(app)
        tap(app, "Tricks 8")
        assert "2♥ by East, 8 tricks · N-S -110 · E-W +110" in texts(app)
        tap(app, "E-W accept board 3")
        assert tricks_kept(app.keeper.store.pairs.load(record.id).session, 3, 2) == (8, [9])
        shown = texts(app)
        assert "2♥ by East, 8 tricks · N-S -110 · E-W +110" in shown
        assert "Round 2 of 2" in shown
        for name in ("Level 3", "No-trump", "Tricks 10"):  # the entry begun, taken up again
            tap(app, name)
        assert "3NT by South, 10 tricks" in texts(app)


@pytest.mark.parametrize(("settings", "said"), [
    (PairsSettings("mitchell", 4, 2), "Start will make: Mitchell, 4 tables, 3 rounds, 2 boards "
                                      "per round, 8 boards in all"),  # the skip Mitchell
    (PairsSettings("howell", 4, 2), "Start will make: Howell, 4 tables, 7 rounds, 2 boards per "
                                    "round, 14 boards in all"),
    (PairsSettings("howell", 3, 3, 2), "Start will make: Howell, 3 tables, 2 rounds, 3 boards "
                                       "per round, 6 boards in all"),  # shortened: 6 in play
    (PairsSettings("mitchell", 3, 1, 1), "Start will make: Mitchell, 3 tables, 1 round, 1 board "
                                         "per round, 3 boards in all")])
def test_what_start_will_make_is_said_with_the_boards_in_play(settings, said):
    assert EN.sentence(makes_msg(settings)) == said


def test_the_form_says_what_start_will_make_before_anything_is_made(tmp_path: Path):
    """The tester's lost Mitchell tap made a 7-round Howell with no word: the bottom bar's line
    says what Start will make, after every choice, and a problem in its place."""
    with scorer_app(tmp_path / "data") as app:
        go(app, addresses.pairs_new())
        tap(app, "4 tables")
        assert "Start will make: Howell, 4 tables, 7 rounds, 3 boards per round" in texts(app)
        tap(app, "Movement Mitchell")
        tap(app, "2 boards per round")
        assert ("Start will make: Mitchell, 4 tables, 3 rounds, 2 boards per round, 8 boards "
                "in all") in texts(app)
        tap(app, "1 round")
        assert "Start will make: Mitchell, 4 tables, 1 round, 2 boards per round" in texts(app)
        assert app.keeper.store.pairs.list() == []


def back(app) -> None:
    """The app bar's Back button, pressed."""
    event(app, app.page.views[-1].appbar.leading, "click")
    if app.route != app.drawn:
        app.show()


def test_a_tables_back_leads_to_the_choice_of_tables_not_the_directors_powers(tmp_path: Path):
    """Back is how a table mends a wrong table pick; it led to the director's view (adjust,
    resolve, delete). Now to the evening's tables, the director's view a separate button."""
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(wrong_board_3())
        go(app, addresses.pairs_table(record.id, 2))
        back(app)
        assert app.route == addresses.pairs_tables(record.id)
        shown = texts(app)
        assert "Tables: open yours on this phone" in shown and "Director's view" in shown
        for power in ("Adjust at table", "Delete this evening", "Travellers", "Ranking"):
            assert power not in shown
        tap(app, "Table 3")  # the wrong pick mended
        assert app.route == addresses.pairs_table(record.id, 3)
        back(app)
        tap(app, "Director's view")  # a deliberate choice
        assert app.route == addresses.pairs_session(record.id)
        assert "Delete this evening" in texts(app)


def test_a_link_opened_says_which_table_it_is_for_or_from(tmp_path: Path):
    """A table's results link said only "Howell, 3 tables: 3 results"; the director's link
    for a table did not name the table. Each now says its table (and a table's results the
    last round they reach)."""
    from scorer.pairs_link import encode_pairs
    from scorer.pairs_link import table_part as part

    session = wrong_board_3(TableResult(1, 2, BridgeDeal(0, Contract.parse("4H"), 10)),
                            TableResult(4, 1, BridgeDeal(2, Contract.parse("3NT"), 9)))
    with scorer_app(tmp_path / "data") as app:
        go(app, addresses.pairs_link(encode_pairs("p1a2b3c4d", part(session, 2), 2)))
        shown = texts(app)
        assert "Howell, 3 tables: 3 results" in shown
        assert "From table 2's phone: its results up to round 1" in shown
        go(app, addresses.pairs_link(encode_pairs("p1a2b3c4d", part(session, 3), 3)))
        assert "From table 3's phone: no result yet" in texts(app)
        go(app, addresses.pairs_link(encode_pairs("p1a2b3c4d", session, 3, to_table=True)))
        shown = texts(app)
        assert "For table 3's phone: it opens table 3's round" in shown
        assert "From table" not in shown


def test_the_team_matchs_other_table_says_which_team_sits_north_south(tmp_path: Path):
    """At the other table the teams swap seats: the phone said "Table 2: Reds v Blues" and
    "N-S +420" only; it now says "Blues sit North-South, Reds East-West"."""
    from test_team_rooms_app import link_data

    from scorer.game import Game

    with scorer_app(tmp_path / "match") as app, scorer_app(tmp_path / "other") as other:
        game = app.keeper.store.save(Game.new("team-match", ["Reds", "Blues"]))
        go(app, addresses.rooms(game.id))
        go(other, addresses.room_link(link_data(app)))
        tap(other, "Score table 2 on this phone")
        assert "Blues sit North-South, Reds East-West" in texts(other)


def test_a_tables_phone_after_the_evening_is_deleted_says_so_in_words(tmp_path: Path):
    """It read "There is no stored game pc4034664."; now what happened and whom to ask, on
    each of the evening's screens a phone may be on."""
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(wrong_board_3())
        app.keeper.store.pairs.delete(record.id)
        for route in (addresses.pairs_table(record.id, 2), addresses.pairs_tables(record.id),
                      addresses.pairs_session(record.id)):
            go(app, route)
            shown = texts(app)
            assert ("This pairs evening is not on this device any more: the director may have "
                    "deleted it. Ask the director.") in shown, route
            assert "no stored game" not in shown


def test_a_tables_qr_screen_names_the_evening_and_offers_the_link_to_copy(tmp_path: Path):
    """The QR code was named "QR code of this game" and the only button was Back."""
    import flet as ft
    from test_pairs_app import on_screen

    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(wrong_board_3())
        for route in (addresses.pairs_table_qr(record.id, 3),
                      addresses.pairs_results_qr(record.id, 2)):
            go(app, route)
            images = [c.semantics_label for c in on_screen(app) if isinstance(c, ft.Image)]
            assert images == ["QR code of this pairs evening's link: scan it with the other "
                              "phone's camera"]
            assert "Copy the link" in texts(app)
