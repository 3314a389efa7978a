"""The contract bridge scoreboards in the real app, in headless Chromium on a phone-sized page:
a stored rubber session, a Chicago game and a team match are opened and their totals and
vulnerability read by accessible name (scorer/ui/boards/views.py)."""

from __future__ import annotations

import pytest
from browser import Phone, served
from docs_examples import examples

from scorer.game import Game
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.contract_bridge import Honours
from scorer.rules.minibridge import seat_index
from scorer.rules.team_match import TeamBoard
from scorer.store import Store

pytestmark = pytest.mark.browser

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]
PAGE = {"width": 400, "height": 800}


def deal(text: str) -> BridgeDeal:
    """'N 4S 10' or 'N 6S 12 declarer:150' or 'pass'."""
    if text == "pass":
        return BridgeDeal()
    seat, contract, tricks, *honours = text.split()
    return BridgeDeal(seat_index(seat), Contract.parse(contract), int(tricks),
                      Honours.parse(honours[0]) if honours and honours[0] != "-" else None)


def rows_as_deals(name: str) -> list[BridgeDeal]:
    return [deal("pass" if r["contract"] == "pass" else
                 f"{r['declarer']} {r['contract']} {r['tricks']} {r.get('honors', '-')}")
            for r in examples(name)]


@pytest.fixture
def stored(tmp_path):
    """A rubber session (a 2-0 rubber, then E-W's game in the second), a Chicago cycle and
    more, an 8-board team match; saved through the store before the server starts."""
    rubber = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    for one in [*rows_as_deals("rubber-2-0"), deal("E 4H 10")]:
        rubber = rubber.add_deal(one)
    chicago = Game.new("chicago", PLAYERS, first_dealer=0, end="deals=8")
    for one in rows_as_deals("chicago-cycle"):
        chicago = chicago.add_deal(one)
    match = Game.new("team-match", ["Lions", "Tigers"])
    for row in examples("team-match"):
        match = match.add_deal(TeamBoard(deal(row["table1"]), deal(row["table2"])))
    long_match = Game.new("team-match", ["Lions", "Tigers"], end="open")
    for _ in range(18):
        long_match = long_match.add_deal(TeamBoard(deal("N 4S 10"), deal("N 4S 9")))
    data = tmp_path / "data"
    data.mkdir()
    with Store(data) as store:
        games = {name: store.save(game) for name, game in
                 (("rubber", rubber), ("chicago", chicago), ("match", match),
                  ("long", long_match))}
    with served(data) as url:
        yield url, games


@pytest.fixture
def page(browser, stored):
    context = browser.new_context(viewport=PAGE)
    yield context.new_page(), stored
    context.close()


def test_boards_show_the_cores_totals_on_a_phone(page):
    tab, (url, games) = page
    phone = Phone(tab, url)
    rubber = games["rubber"]
    phone.open(f"/game/{rubber.id}")
    first = rubber.state.finished[0]
    phone.see(f"Ana & Cleo total of rubber 1: {first[0]}")
    phone.see(f"Ben & Dan total of rubber 1: {first[1]}")
    phone.see("Ben & Dan total of rubber 2: 120")
    phone.see(f"Rubber 2: session total Ana & Cleo {rubber.totals[0]}, "
              f"Ben & Dan {rubber.totals[1]}")
    assert rubber.vulnerability() == (False, True)
    phone.see("Ben & Dan (E-W) vulnerable")
    phone.see("Ana & Cleo (N-S) not vulnerable")

    chicago = games["chicago"]
    phone.open(f"/game/{chicago.id}")
    phone.see(f"Ana & Cleo session total {chicago.totals[0]}")
    phone.see("Deal 2 of 4: 2H by Ana (North): made; Ana & Cleo 360, Ben & Dan 0")
    phone.see("Deal 2 of 4: still to be played; dealer: Ben (East); vulnerable: E-W")

    match = games["match"]
    phone.open(f"/game/{match.id}")
    phone.see("Lions 48 IMPs")
    phone.see("Tigers 15 IMPs")
    assert match.totals == (48, 15)  # the IMPs each team won (decision 201)
    phone.see("Lions won by 33 IMPs")
    phone.see("Board 7: table 1 7NT N =, N-S 2220; table 2 7NT N -1, N-S -100; "
              "20 IMPs to Lions")

    long_match = games["long"]
    phone.open(f"/game/{long_match.id}")
    phone.see("Board 18: table 1 4S N =")
    assert "Board 2: table 1" not in phone.screen_text()  # the last 16 boards only
    phone.tap("Show all 18 boards")
    phone.see("Board 1: table 1 4S N =, N-S 420; table 2 4S N -1, N-S -50; 10 IMPs to Lions")
