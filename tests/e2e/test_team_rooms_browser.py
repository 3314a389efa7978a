"""A team match's other table by link (issue 32, item 2), two phones with no network between
them: each its own `scorer serve` and its own browser context at phone size. The match's
phone gives table 2's phone its link; table 2 scores its boards and gives its results back as
a link; the match's phone merges them (the same result once, a board not reached waiting).
Every step by the accessibility tree: each screen's controls named and reachable by Tab."""

from __future__ import annotations

import re

import pytest
from browser import PHONE, Phone, check_screen, contract_taps, served

from scorer.game import Game
from scorer.rules import Contract
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.team_match import TeamBoard
from scorer.store import Store

pytestmark = pytest.mark.browser

FOUR_S = BridgeDeal(2, Contract.parse("4S"), 10)  # board 1: South 4S made at both tables
LINK = re.compile(r"http://127\.0\.0\.1:\d+/(r/1~[A-Za-z0-9_-]+)")


def link_on(phone: Phone) -> str:
    phone.see(LINK)
    found = LINK.search(phone.screen_text())
    assert found is not None
    return found.group(1)


def test_the_other_tables_boards_reach_the_match_by_link(browser, tmp_path):
    match_dir, other_dir = tmp_path / "match" / "data", tmp_path / "other" / "data"
    match_dir.parent.mkdir()
    other_dir.parent.mkdir()
    with Store(match_dir) as store:
        game = store.save(Game.new("team-match", ["Reds", "Blues"]).add_deal(
            TeamBoard(FOUR_S, FOUR_S)))
    with served(match_dir) as match_url, served(other_dir) as other_url:
        match = Phone(browser.new_context(viewport=PHONE).new_page(), match_url)
        match.open(f"/game/{game.id}")
        match.tap("The other table")
        match.see("No results from the other table are waiting")
        check_screen(match, "the match's page for its other table")
        given = link_on(match)

        other = Phone(browser.new_context(viewport=PHONE).new_page(), other_url)
        other.open(given)
        other.see("Table 2 of Reds v Blues: 0 boards")
        other.tap("Score table 2 on this phone")
        other.see("Blues sit North-South, Reds East-West")  # the teams swap seats (484)
        other.see("Board 1: North deals")
        check_screen(other, "the other table's board entry")
        contract_taps(other, "South", 4, "Spades", 10)
        other.see("N-S +420 · E-W -420")
        other.tap("Save board 1")
        other.see("Board 2: East deals")
        contract_taps(other, "East", 3, "No-trump", 8)
        other.tap("Save board 2")
        other.see("Correct board 2")
        other.tap("Show my results as a QR code")
        check_screen(other, "the other table's results as a QR code")
        back = link_on(other)

        match.open(back)
        match.see("Table 2 of Reds v Blues: 2 boards")
        check_screen(match, "a table's results opened on the match's phone")
        match.tap("Merge into the match")
        match.see("Merged: 1 the same, 1 waiting for their board, 0 in conflict")
        match.see("Waiting for their board: 2")
    with Store(match_dir) as store:
        assert store.load(game.id).deals == game.deals  # nothing overwritten
        assert dict(store.rooms.load(game.id).kept.waiting) == {
            (2, 2): BridgeDeal(1, Contract.parse("3NT"), 8)}
