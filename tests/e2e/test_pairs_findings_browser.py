"""A tester's pairs evening, the second round of mends (issue 32, decisions 470-479), on
`scorer serve` in Chromium at phone size, a director's phone and a late table's: the director
adjusts board 4 at table 3 (the traveller lists the tables still to play it, the panel's
cancel says "Leave table 3 as it is", a chip pressed by keyboard keeps the focus); table 3's
phone is told it is the director's ruling, and its result, accepted by E-W, reaches the
director as a conflict to choose, not as a silent correction (every control named and
reachable: check_screen)."""

from __future__ import annotations

import pytest
from browser import FOCUSED_NAME, PHONE, Phone, check_screen, contract_taps, press, served

from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.scoring import Adjusted
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult
from scorer.store import Store

pytestmark = pytest.mark.browser

AT = "2026-12-05T20:00:00+00:00"


def test_a_late_tables_result_does_not_undo_the_directors_ruling(browser, tmp_path):
    data_dir = tmp_path / "data"
    session = PairsSession(PairsSettings("howell", 3, 3, 2))  # boards 1-6, round 1 played
    for table in (1, 2, 3):
        for board in (1, 2, 3):
            session = session.enter(TableResult(board, table, BridgeDeal(
                0, Contract.parse("4H"), 10)), AT)
    with Store(data_dir) as store:
        session_id = store.pairs.create(session).id
    with served(data_dir) as url:
        director = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        table = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        director.open(f"/pairs/{session_id}")
        director.see("boards 6")
        assert "boards 15" not in director.screen_text()
        table.open(f"/pairs/{session_id}/table/3")
        table.see("Round 2 of 2")
        director.tap("Traveller of board 4")
        director.see("Table 3, round 2: pair 6 (N-S) against pair 2 (E-W)")
        director.see("Not played yet")
        press(director, "Adjust at table 3", "Space")  # by keyboard: the focus stays there
        director.see("Leave table 3 as it is")
        director._until(lambda: director.page.evaluate(FOCUSED_NAME) == "Adjust at table 3",
                        "the focus on the chip pressed (decision 479)", 5000)
        director.tap("N-S A+")
        director.tap("E-W A-")
        director.tap("Save the adjusted score at table 3: N-S A+, E-W A-")
        director.see("adjusted score A+/A-")

        table.see("The director's ruling: only the director can change it; a result played "
                  "here goes to the director to choose")
        names = {c["name"] for c in check_screen(table, "a table's board under a ruling")}
        assert "Send board 4's result to the director" in names
        assert "Correct board 4" not in names
        table.tap("Send board 4's result to the director")
        contract_taps(table, "North", 4, "Hearts", 10)
        table.tap("E-W accept board 4")
        table.see("Two results were saved for this board: the director chooses")
        assert "adjusted score A+/A-" not in table.screen_text()  # waiting, not replaced
        director.open(f"/pairs/{session_id}")
        director.see("1 conflict to resolve")
        check_screen(director, "the director's view with a ruling in conflict")
        director.tap("Keep adjusted score A+/A-")
        table.see("adjusted score A+/A-")
        table.see("Send board 4's result to the director")
    with Store(data_dir) as store:
        kept = store.pairs.load(session_id).session
    assert kept.current()[(4, 3)].result.adjusted == Adjusted("A+", "A-")
    assert not kept.conflicts
    assert [e.result.deal.tricks for e in kept.history
            if e.result.key == (4, 3) and e.result.deal is not None] == [10]
