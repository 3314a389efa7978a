"""A team match's other table on its own phone, through the real app without a browser
(issue 32, item 2): the match's phone gives the other table its link, the other table's phone
scores its boards and shows its results as a link, the match's phone merges them (the same
result once, a difference a conflict settled by a tap), and a board not reached yet waits and
fills the other table's part when the match's phone enters it. Two data folders: two phones."""

from __future__ import annotations

import re
from pathlib import Path

from flet_page import scorer_app
from test_pairs_app import go, tap, texts

from scorer.game import Game
from scorer.rules import Contract
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.team_match import TeamBoard
from scorer.ui.screens import addresses

FOUR_S = BridgeDeal(2, Contract.parse("4S"), 10)  # South, 4S made: +420 on board 1


def link_data(app) -> str:
    found = re.search(r"/r/(1~[A-Za-z0-9_-]+)", texts(app))
    assert found, texts(app)[:600]
    return found.group(1)


def enter(app, declarer: str, level: int, strain: str, tricks: int, board: int) -> None:
    for label in (f"Declarer {declarer}", f"Level {level}", strain, f"Tricks {tricks}",
                  f"Save board {board}"):
        tap(app, label)


def test_the_other_tables_results_reach_the_match_by_link(tmp_path: Path):
    with scorer_app(tmp_path / "match") as app, scorer_app(tmp_path / "other") as other:
        game = app.keeper.store.save(
            Game.new("team-match", ["Reds", "Blues"]).add_deal(TeamBoard(FOUR_S, FOUR_S)))
        go(app, addresses.game(game.id))
        tap(app, "The other table")
        assert app.route == addresses.rooms(game.id)
        assert "No results from the other table are waiting" in texts(app)
        given = link_data(app)
        go(other, addresses.room_link(given))
        assert "Table 2 of Reds v Blues: 0 boards" in texts(other)
        tap(other, "Score table 2 on this phone")
        assert other.route == addresses.room(game.id, 2)
        enter(other, "South", 4, "Spades", 10, 1)  # board 1: the same as the match's
        enter(other, "East", 3, "No-trump", 8, 2)  # board 2: the match has not reached it
        assert "Board 1: 4♠ by South" in texts(other)
        tap(other, "Show my results as a QR code")
        back = link_data(other)
        go(app, addresses.room_link(back))
        assert "Table 2 of Reds v Blues: 2 boards" in texts(app)
        tap(app, "Merge into the match")
        assert app.route == addresses.rooms(game.id)
        assert "Merged: 1 the same, 1 waiting for their board, 0 in conflict" in texts(app)
        assert "Waiting for their board: 2" in texts(app)
        # The match's next board: the other table's result is filled in, waiting for ours.
        go(app, addresses.deal(game.id))
        draft = app.keeper.draft
        assert draft.tables[1].result()[0] == BridgeDeal(1, Contract.parse("3NT"), 8)
        assert draft.tables[0].result()[0] is None
        # The other table corrects board 1 and sends its results again.
        go(other, addresses.room(game.id, 2))
        tap(other, "Correct board 1")
        tap(other, "Tricks 9")
        tap(other, "Save board 1")
        tap(other, "Show my results as a QR code")
        corrected = link_data(other)
        go(app, addresses.room_link(corrected))
        tap(app, "Merge into the match")
        assert "1 in conflict" in texts(app)
        assert "Board 1, table 2: two different results" in texts(app)
        assert app.keeper.store.load(game.id).deals[0].table2 == FOUR_S  # not overwritten
        keep = [label for label in re.findall(r"Keep [^|]*", texts(app)) if "9 tricks" in label]
        assert keep, texts(app)
        tap(app, keep[0].strip())
        stored = app.keeper.store.load(game.id)
        assert stored.deals[0].table2 == BridgeDeal(2, Contract.parse("4S"), 9)
        assert len(stored.history) == 1  # the match's old result is in its history
        assert "two different results" not in texts(app)


def test_a_link_that_is_not_a_tables_results_says_so(tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        go(app, addresses.room_link("1~garbage"))
        assert "This link cannot be opened" in texts(app)
        tap(app, "Back")
        assert app.route == addresses.HOME


def test_a_phone_scoring_no_table_of_that_match_is_sent_home(tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        go(app, addresses.room("g-none", 2))
        assert "There is no stored game g-none." in texts(app)
        assert "Save board 1" not in texts(app)
        go(app, addresses.room_qr("g-none", 2))
        assert "There is no stored game g-none." in texts(app)
