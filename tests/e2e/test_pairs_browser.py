"""A pairs evening on `scorer serve` (issue 32): the director makes a 3-table Howell of one
round on the form, each table's phone (its own browser context, phone size) picks its table
and enters its three boards, each accepted by E-W with one tap; the director's view shows
each result as it is saved, and the ranking at the end is the one worked out by hand below."""

from __future__ import annotations

import re

import pytest
from browser import PHONE, Phone, contract_taps, served

from scorer.store import Store

pytestmark = pytest.mark.browser

# Each table's boards: (board, declarer, level, strain, tricks, doubling) or (board, None):
# passed out. Boards 1-3: dealer N, E, S; vulnerable none, N-S, E-W.
TABLES = {
    1: [(1, "North", 4, "Hearts", 10, None),      # N-S +420
        (2, "South", 3, "No-trump", 9, None),     # N-S +600 (vulnerable)
        (3, "East", 2, "Spades", 8, None)],       # E-W +110 (vulnerable): N-S -110
    2: [(2, "South", 3, "No-trump", 9, None),     # N-S +600
        (3, "East", 2, "Spades", 8, "Doubled"),   # E-W 2SX= vulnerable +670: N-S -670
        (1, "North", 4, "Hearts", 9, None)],      # N-S -50
    3: [(3, None), (1, None),
        (2, "South", 3, "No-trump", 10, None)],  # N-S +630
}
# The three tables share the round's boards (decision 272): each starts on its own board
# (table 2 on board 2, table 3 on board 3) and passes it on (decision 410).
# Worked by hand (2 matchpoints for each result beaten, 1 for each tie; top 4 on a board):
#   board 1: N-S +420 (table 1) 4, 0 (table 3) 2, -50 (table 2) 0
#   board 2: N-S +630 (table 3) 4, +600 (tables 1 and 2) 1 each
#   board 3: N-S 0 (table 3) 4, -110 (table 1) 2, -670 (table 2) 0
# Round 1 of the 3-table Howell: table 1 N-S pair 2 v E-W pair 5, table 2 pair 3 v pair 4,
# table 3 pair 6 v pair 1. Each pair's top is 3 boards x 4 = 12.
#   pair 2 (T1 N-S): 4 + 1 + 2 = 7      pair 5 (T1 E-W): 0 + 3 + 2 = 5
#   pair 3 (T2 N-S): 0 + 1 + 0 = 1      pair 4 (T2 E-W): 4 + 3 + 4 = 11
#   pair 6 (T3 N-S): 2 + 4 + 4 = 10     pair 1 (T3 E-W): 2 + 0 + 0 = 2
RANKING = ["1. pair 4: 91.67% (11 of 12)", "2. pair 6: 83.33% (10 of 12)",
           "3. pair 2: 58.33% (7 of 12)", "4. pair 5: 41.67% (5 of 12)",
           "5. pair 1: 16.67% (2 of 12)", "6. pair 3: 8.33% (1 of 12)"]


def enter(phone: Phone, board: int, declarer: str | None, level: int = 0, strain: str = "",
          tricks: int = 0, doubling: str | None = None) -> None:
    if declarer is None:
        phone.tap("Passed out")
    else:
        contract_taps(phone, declarer, level, strain, tricks, doubling=doubling)
    phone.tap(f"E-W accept board {board}")
    # Saved: the board shows its result (or the round is over) before the next board's taps.
    phone.see(re.compile(rf"Correct board {board}|Round \d+ finished"))


def test_a_three_table_howell_on_the_wifi(browser, tmp_path):
    data_dir = tmp_path / "data"
    with served(data_dir) as url:
        director = Phone(browser.new_context(viewport=PHONE).new_page(), url).open()
        director.tap("Pairs evening")
        director.see("Movement Howell")  # 3 tables, a Howell, 3 boards a round: the defaults
        director.tap("3 boards per round")
        director.tap("1 round")
        director.tap("Start the evening")
        director.at(re.compile(r"/pairs/p[0-9a-f]{8}$"))
        session_id = director.page.url.rsplit("/", 1)[1]
        director.see("Round 1: table 1 0/3 · table 2 0/3 · table 3 0/3")
        tables = {}
        for number in TABLES:
            phone = Phone(browser.new_context(viewport=PHONE).new_page(), url)
            phone.open(f"/pairs/{session_id}")
            phone.tap(f"Table {number}")
            phone.at(re.compile(rf"/pairs/{session_id}/table/{number}$"))
            phone.see("Round 1 of 1")
            tables[number] = phone
        tables[2].see("N-S: pair 3 · E-W: pair 4")
        tables[1].see("Board 1: North deals · vulnerable: none")
        tables[3].see("Start with board 3; the boards are shared with tables 1 and 2: pass "
                      "each board you have played to table 2")
        # Table 1's first board: the score for both sides, then E-W's Accept; the director's
        # view (another browser, drawn by the server's push) shows it.
        contract_taps(tables[1], "North", 4, "Hearts", 10)
        tables[1].see("N-S +420 · E-W -420")
        tables[1].tap("E-W accept board 1")
        tables[1].see("Correct board 1")
        director.see("Round 1: table 1 1/3 · table 2 0/3 · table 3 0/3")
        for number, boards in TABLES.items():
            for row in boards:
                if number == 1 and row[0] == 1:
                    continue
                enter(tables[number], *row)
            tables[number].see("Round 1 finished")
            tables[number].see("This table has played every round")
        director.see("Round 1: table 1 done · table 2 done · table 3 done")
        director.see("0 results still missing")
        for line in RANKING:
            director.see(line)
        director.tap("Traveller of board 3")
        director.see("Table 2, round 1: pair 3 (N-S) against pair 4 (E-W)")
        director.see("points: N-S 0, E-W 4")
    with Store(data_dir) as store:
        kept = store.pairs.load(session_id).session
    assert len(kept.entries) == 9
