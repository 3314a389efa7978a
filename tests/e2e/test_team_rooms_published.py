"""A team match's other table by link on the published site, with no network (issue 32): two
phones, each its own Chromium (its own storage) at phone size, that have opened the site once;
then the site's server is gone. The match's phone keeps the match (from a game's link) and
shows the other table's link; the other table's phone opens it, scores its boards and is
killed and opened again (what it saved is in its browser's storage); its results' link, opened
on the match's phone, is merged: the same result once, a different one a conflict resolved by
a tap, a board not reached waiting; the same link merged again changes nothing. The match's
totals at the end are worked out by hand below."""

from __future__ import annotations

import re
import shutil

import pytest
from browser import Phone, check_screen, contract_taps

from e2e import test_published as published
from e2e.test_pairs_published import link_shown, opened
from e2e.test_published import SERVICE_WORKER_IN_CHARGE, Browser, started
from scorer.game import Game
from scorer.link import link_for
from scorer.rules import Contract
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.team_match import TeamBoard

pytestmark = pytest.mark.browser

site, visited_profile, revisiting = (published.site, published.visited_profile,
                                     published.revisiting)

# Board 1 (dealer North, none vulnerable): South 4S made at both tables, N-S +420 twice.
FOUR_S = BridgeDeal(2, Contract.parse("4S"), 10)
# Board 2 (dealer East, N-S vulnerable): East 3NT made at table 1, N-S -400. The match's
# phone was told table 2's board 2 as the same; table 2's own phone says one down (N-S +50).
THREE_NT = BridgeDeal(1, Contract.parse("3NT"), 9)
# What table 2's phone enters: board, its dealer, the taps, the score shown for both sides.
# Board 3 (dealer South, E-W vulnerable): South 2H made, 60 + 50 = 110; the match has not
# reached it: it waits.
TABLE_2 = [(1, "North", ("South", 4, "Spades", 10), "N-S +420 · E-W -420"),
           (2, "East", ("East", 3, "No-trump", 8), "N-S +50 · E-W -50"),
           (3, "South", ("South", 2, "Hearts", 8), "N-S +110 · E-W -110")]


def room_link(phone: Phone, site_url: str) -> str:
    """The address of a team match's table that the screen's QR code carries."""
    return link_shown(phone, site_url, r"#/r/1~[A-Za-z0-9_-]+")


def test_the_other_table_scores_on_its_own_phone_and_merges_with_no_network(
        site, revisiting, browser, visited_profile, tmp_path):
    match_game = Game.new("team-match", ["Reds", "Blues"]).add_deal(
        TeamBoard(FOUR_S, FOUR_S)).add_deal(TeamBoard(THREE_NT, THREE_NT))
    match_link = link_for(match_game, site.url).address
    match = revisiting.phone(site.url)
    match.page.evaluate(SERVICE_WORKER_IN_CHARGE)
    shutil.copytree(visited_profile, tmp_path / "other", symlinks=True)
    kept = Browser(browser.browser_type, tmp_path / "other", revisiting.failures)
    kept.launch()
    other = kept.phone(site.url)
    other.page.evaluate(SERVICE_WORKER_IN_CHARGE)
    site.stop()  # from here on, no network at all
    try:
        opened(match, match_link, "Keep on this phone")
        match.tap("Keep on this phone")
        match.see("The game from the link is kept on this phone")
        match.see("Reds 0 IMPs")
        match.tap("The other table")
        match.see("No results from the other table are waiting")
        check_screen(match, "the match's page for its other table, published")
        given = room_link(match, site.url)

        opened(other, given, "Score table 2 on this phone")
        other.see("Table 2 of Reds v Blues: 0 boards")
        other.tap("Score table 2 on this phone")
        for board, dealer, taps, shown in TABLE_2:
            other.see(f"Board {board}: {dealer} deals")
            contract_taps(other, *taps)
            other.see(shown)
            other.tap(f"Save board {board}")
        other.see("Correct board 3")
        check_screen(other, "the other table's boards, published")
        # Saved on screen: in the browser's storage already, whatever happens to the tab.
        room = re.search(r"#/room/[0-9a-f]+/2$", other.page.url)
        assert room, other.page.url
        kept.kill()
        kept.launch()
        other = Phone(kept.page(), site.url)
        other.page.goto(f"{site.url}{room.group(0)}")
        started(other, "Correct board 3")
        other.see("Correct board 1")
        other.see("Correct board 2")
        other.tap("Show my results as a QR code")
        other.see("The match's phone opens this code and merges these results")
        check_screen(other, "the other table's results as a QR code, published")
        back = room_link(other, site.url)

        opened(match, back, "Merge into the match")
        match.see("Table 2 of Reds v Blues: 3 boards")
        match.tap("Merge into the match")
        match.see("Merged: 1 the same, 1 waiting for their board, 1 in conflict")
        match.see("Waiting for their board: 3")
        match.see("Board 2, table 2: two different results")
        check_screen(match, "a conflict on the match's phone, published")
        match.tap("Keep 3NT by East, 8 tricks · N-S +50 · E-W -50")
        # Drawn again once the browser's storage has it (decision 430): the conflict gone.
        match._until(lambda: "two different results" not in match.screen_text(),
                     "the conflict settled", 20000)
        match.see("Waiting for their board: 3")
        # The same link again: all three known already (board 3 waiting as it was).
        opened(match, back, "Merge into the match")
        match.tap("Merge into the match")
        match.see("Merged: 3 the same, 0 waiting for their board, 0 in conflict")
        match.see("Waiting for their board: 3")  # still waiting, once
        match.tap("Back")
        # By hand: board 1 420 v 420, 0 IMPs; board 2 -400 at table 1 and +50 at table 2 for
        # N-S: Reds (N-S at table 1, E-W at table 2) -450, 10 IMPs (430-490) to Blues.
        match.see("Board 2: table 1 3NT E =, N-S -400; table 2 3NT E -1, N-S 50; "
                  "10 IMPs to Blues")
        match.see("Reds 0 IMPs")
        match.see("Blues 10 IMPs")
        # The match is in the match phone's browser storage too.
        match.page.reload()
        started(match, "Blues 10 IMPs")
    finally:
        site.start()
        kept.close()
