"""The director's correction of an older round's result (issue 32, Law 79C, decisions
495-497) on `scorer serve` in Chromium at phone size: on board 1's traveller, after both
rounds are played, *Correct table 2's result* opens the table's inputs filled with the saved
4H by North, 9 tricks; one tap on 10 tricks and one on Save keep it, no E-W accept, the old
result named as replaced; opened by keyboard, the focus stays on the button; every control
named and reachable (check_screen)."""

from __future__ import annotations

import pytest
from browser import FOCUSED_NAME, PHONE, Phone, check_screen, press, served

from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult
from scorer.store import Store

pytestmark = pytest.mark.browser

AT = "2026-12-05T20:00:00+00:00"


def test_the_director_corrects_an_older_rounds_trick_count(browser, tmp_path):
    data_dir = tmp_path / "data"
    session = PairsSession(PairsSettings("howell", 3, 3, 2))  # both rounds played
    for seating in session.movement.seatings:
        for board in seating.boards:
            tricks = 9 if (board, seating.table) == (1, 2) else 10
            session = session.enter(TableResult(board, seating.table, BridgeDeal(
                0, Contract.parse("4H"), tricks)), AT)
    with Store(data_dir) as store:
        session_id = store.pairs.create(session).id
    with served(data_dir) as url:
        director = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        director.open(f"/pairs/{session_id}/board/1")
        director.see("points: N-S 0, E-W 4")  # table 2 went down one
        press(director, "Correct table 2's result", "Space")  # by keyboard: the focus stays
        director.see("The director's correction (Law 79C)")
        director._until(lambda: director.page.evaluate(FOCUSED_NAME) == "Correct table 2's "
                        "result", "the focus on the button pressed", 5000)
        names = {c["name"] for c in check_screen(director, "the director's correction")}
        assert "Save the director's correction at table 2" in names
        assert not any(name.startswith("E-W accept") for name in names)
        director.tap("Tricks 10")
        director.tap("Save the director's correction at table 2")
        director.see("Table 2, replaced")
        director.see("points: N-S 2, E-W 2")  # all three tables alike now
        assert "Save the director's correction" not in director.screen_text()
    with Store(data_dir) as store:
        kept = store.pairs.load(session_id).session
    assert kept.current()[(1, 2)].result.deal.tricks == 10
    assert [e.result.deal.tricks for e in kept.history if e.result.deal is not None] == [9]
