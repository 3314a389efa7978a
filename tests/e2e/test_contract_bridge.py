"""Contract bridge through the real app in headless Chromium on a phone-sized page: a rubber
played to its end (2-1) and a Chicago cycle of four deals, with a correction and a removal."""

from __future__ import annotations

import pytest
from browser import contract_taps

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def deal(phone, *args, see=None, **kw):
    phone.tap("New deal")
    contract_taps(phone, *args, **kw)
    if see:
        phone.see(see)
    phone.tap("Save deal")


def test_a_rubber_won_2_1(phone):
    phone.new_game("Rubber bridge", NAMES, dealer="Ana", end="End: Number of rubbers")
    # Deal 1: nobody vulnerable; N-S bid and make 4S with four trump honours: game.
    phone.taps = 0
    phone.tap("New deal")
    phone.see("Ana (North) deals · vulnerable: none")
    contract_taps(phone, "Ana", 4, "Spades", 10, honours="Honours 100 to declarer's side")
    phone.see("4♠ by Ana (North): made: Ana & Cleo 220 · Ben & Dan 0")
    phone.tap("Save deal")
    phone.see("Ana & Cleo total 220")
    print(f"Rubber deal with honours: {phone.taps} taps")
    assert phone.taps <= 7  # New deal, declarer, level, strain, tricks, honours, Save
    # Deal 2, entered wrongly (8 tricks), then corrected: E-W 3NT made, game all.
    deal(phone, "Ben", 3, "No-trump", 8, see="Ben (East) deals · vulnerable: N-S")
    phone.see("Ana & Cleo total 270")  # down 1, not vulnerable: 50 to N-S
    phone.tap("Deal 2: 3NT by Ben (East): down 1;", exact=False)
    phone.tap("Correct this deal")
    phone.tap("Tricks 9")
    phone.see("3NT by Ben (East): made: Ana & Cleo 0 · Ben & Dan 100")
    phone.tap("Save deal")
    phone.see("Ben & Dan total 100")
    phone.see("Ana & Cleo total 220")
    # Deal 3, both vulnerable: E-W 1C doubled down 2 (500), removed again: not played so.
    deal(phone, "Dan", 1, "Clubs", 5, doubling="Doubled",
         see="Cleo (South) deals · vulnerable: both")
    phone.see("Ana & Cleo total 720")
    phone.tap("Deal 3: 1CX by Dan (West): down 2;", exact=False)
    phone.tap("Remove this deal")
    phone.tap("Remove")
    phone.see("Ana & Cleo total 220")
    # Deal 3 as played: N-S 4H made +1 wins the rubber 2-1: 120 + 30 + 500.
    deal(phone, "Cleo", 4, "Hearts", 11, see="vulnerable: both")
    phone.see("Ana & Cleo total 870")
    phone.see("Ben & Dan total 100")
    phone.see("Ana & Cleo win")
    assert not phone.button("New deal").count()
    phone.open(phone.page.url.replace(phone.url, ""))  # reload: the same, from disk
    phone.see("Ana & Cleo total 870")


def test_a_chicago_cycle(phone):
    phone.new_game("Chicago", NAMES, dealer="Ana")  # four deals, the default
    deal(phone, "Ana", 2, "Spades", 8, see="Ana (North) deals · vulnerable: none")
    phone.see("Ana & Cleo total 60")  # a part score, carried toward game
    deal(phone, "Ben", 3, "No-trump", 8, see="Ben (East) deals · vulnerable: E-W")
    phone.see("Ana & Cleo total 160")  # E-W vulnerable down 1: 100
    deal(phone, "Ana", 2, "Hearts", 8, see="Cleo (South) deals · vulnerable: N-S")
    phone.see("Ana & Cleo total 720")  # 60 + 60 makes a game, N-S vulnerable: 500
    deal(phone, "Dan", 2, "Diamonds", 8, see="Dan (West) deals · vulnerable: both")
    phone.see("Ben & Dan total 140")  # a part score on the fourth deal: 100
    phone.see("Ana & Cleo win: highest total after 4 deals")
    phone.see("Ana & Cleo total 720")


def at_table(phone, table, declarer, level, strain, tricks):
    for name in (f"Declarer {declarer}", f"Level {level}", strain, f"Tricks {tricks}"):
        phone.tap(f"Table {table} {name}")


def test_a_team_match_board_by_board(phone):
    """Issue 18 item 6: a board is entered one table at a time under two tabs (table 2 shown,
    at its top, once table 1 is complete), the match counts boards, and the top card gives
    the IMPs won by each team with the margin."""
    phone.tap("New game")
    phone.tap("Team match")
    phone.see("End: Number of boards")
    phone.tap("Back")
    phone.new_game("Team match", ["Reds", "Blues"], dealer=None)  # board 1: North deals
    phone.see("dealer: North")
    phone.see("Board 1 of 8")
    phone.taps = 0
    phone.tap("New board")
    phone.see("Board 1: North deals · vulnerable: none")
    phone.see("Reds sit North-South, Blues East-West")
    assert not phone.button("Table 2 Declarer North").count()  # one table at a time
    at_table(phone, 1, "North", 4, "Spades", 10)
    phone.see("Cannot save yet: table 2: choose the declarer")
    phone.see("Table 1 entered: 4♠ by North, 10 tricks, N-S 420")  # issue 30 item 7
    phone.see("Blues sit North-South, Reds East-West")
    assert phone.button("Table 1, done").count() and phone.button("Table 2").count()
    assert not phone.button("Table 1 Declarer North").count()
    # Table 2's first choice is in view without a scroll (table 1's tricks were at the bottom).
    declarer = phone.button("Table 2 Declarer North").first
    phone.shown(declarer, "Table 2 Declarer North")
    box = phone.steady_box(declarer)
    assert box is not None and box["y"] >= 56 and box["y"] + box["height"] <= 640 - 76, box
    at_table(phone, 2, "North", 4, "Spades", 9)
    phone.see("N-S at table 1: 420 · N-S at table 2: -50 · IMPs: 10")
    phone.tap("Save board")
    print(f"Team match board: {phone.taps} taps")
    assert phone.taps <= 10  # New board, 4 at each table, Save board: as before the tabs
    phone.see("Reds 10 IMPs")
    phone.see("Blues 0 IMPs")
    phone.see("Reds lead by 10 IMPs")
    phone.tap("New board")
    phone.see("Board 2: East deals · vulnerable: N-S")
    phone.tap("Table 1 Passed out")
    phone.tap("Table 2 Passed out")
    phone.see("board 2: no swing")
    phone.tap("Save board")
    phone.see("Board 3 of 8")
    phone.see("Reds 10 IMPs")
    phone.see("Blues 0 IMPs")


def test_check_a_rubber_score_vulnerable(phone):
    phone.tap("Check a score")
    phone.tap("Check Rubber bridge")
    phone.tap("Vulnerable: N-S")
    contract_taps(phone, "North", 2, "Spades", 7, doubling="Doubled")
    phone.see("2♠X by North: down 1: N-S 0 · E-W 200")
