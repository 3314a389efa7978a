"""The director's files, adjusted scores and deletion of a pairs evening (issue 32) in the real
app on `scorer serve`, in Chromium at phone size (360 x 640): every screen's controls named and
reachable by Tab (check_screen, tab_to), the printable pages and the evening's JSON downloaded
by the phone, an adjusted score given by taps, and the evening deleted after the question."""

from __future__ import annotations

import json
import re

import pytest
from browser import PHONE, Phone, check_screen, layout_faults, served, tab_to

from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult
from scorer.store import Store

pytestmark = pytest.mark.browser


def downloaded(phone: Phone, label: str) -> tuple[str, str]:
    """Tap ``label`` and wait for the file it downloads: its name and its text."""
    with phone.page.expect_download() as info:
        phone.tap(label)
    return info.value.suggested_filename, info.value.path().read_text(encoding="utf-8")


def test_the_directors_files_adjusted_score_and_deletion_at_phone_size(browser, tmp_path):
    data_dir = tmp_path / "data"
    session = PairsSession(PairsSettings("howell", 3, 3, 1, names={4: "<b>Ana</b> & Ben"}))
    for board, table in ((1, 1), (1, 2), (2, 1)):
        session = session.enter(TableResult(board, table, BridgeDeal(
            0, Contract.parse("4H"), 10)), "2026-12-05T20:00:00+00:00")
    with Store(data_dir) as store:
        session_id = store.pairs.create(session).id
    with served(data_dir) as url:
        context = browser.new_context(viewport=PHONE, accept_downloads=True)
        phone = Phone(context.new_page(), url).open(f"/pairs/{session_id}")
        phone.see("Printing and files")
        found = check_screen(phone, "the director's view with its files")
        names = {c["name"] for c in found}
        for label in ("Table cards and movement (print)", "Results (print)",
                      "Download the evening (JSON)", "Delete this evening"):
            assert label in names
        tab_to(phone, "Results (print)")
        assert not layout_faults(phone)
        name, cards = downloaded(phone, "Table cards and movement (print)")
        assert name == f"scorer-pairs-{session_id}-cards.html"
        assert all(f'id="table-{n}"' in cards for n in (1, 2, 3)) and 'id="movement"' in cards
        assert "&lt;b&gt;Ana&lt;/b&gt; &amp; Ben" in cards and "<b>Ana" not in cards
        _name, results = downloaded(phone, "Results (print)")
        assert 'id="ranking"' in results and "Traveller of board 3" in results
        document = json.loads(downloaded(phone, "Download the evening (JSON)")[1])
        assert document["pairs"][0]["id"] == session_id

        # An adjusted score: board 2 was not played at table 2.
        phone.tap("Traveller of board 2")
        phone.see("Adjusted score (Law 12C)")
        tab_to(phone, "Adjust at table 1")
        phone.tap("Adjust at table 2")
        phone.tap("N-S A-")
        phone.tap("E-W A+")
        save = "Save the adjusted score at table 2: N-S A-, E-W A+"
        check_screen(phone, "a traveller with the adjusted score's choices")
        assert not layout_faults(phone)
        tab_to(phone, save)
        phone.tap(save)
        phone.see("adjusted score A-/A+")
        phone.see("points: N-S 1.6, E-W 2.4")  # 40% and 60% of the top of 4

        # Deleting: the question first, then Home.
        phone.open(f"/pairs/{session_id}")
        tab_to(phone, "Delete this evening")
        phone.tap("Delete this evening")
        phone.see("Delete this evening?")
        check_screen(phone, "the question before an evening is deleted")
        phone.tap("Delete")
        phone.at(re.compile(r"/$"))
        phone.see("The evening was deleted")
        context.close()
    with Store(data_dir) as store:  # the server has stopped: the folder is free
        assert store.pairs.list() == []
    assert (data_dir / "pairs").is_dir() and not list((data_dir / "pairs").glob("*.json"))
