"""A tester's pairs evening, mended (issue 32, decisions 410-416), on `scorer serve` in
Chromium at phone size: two phones at one table of a 3-table Howell (each told where to start
on the shared boards; the second phone's different entry kept and offered as a correction,
every control named and reachable: check_screen), and the new evening's pair-name fields at
200 % text (the tester's layout check found each field's box in the accessibility tree
drawn over the "40 characters remaining" counter under it: ``layout_faults``)."""

from __future__ import annotations

import pytest
from browser import PHONE, Phone, check_screen, contract_taps, layout_faults, served

from scorer.rules.pairs.session import PairsSession, PairsSettings
from scorer.store import Store

pytestmark = pytest.mark.browser


def test_the_pair_name_fields_overlap_nothing_at_200_percent_text(browser, tmp_path):
    with served(tmp_path / "data") as url:
        context = browser.new_context(viewport={"width": 360, "height": 640})
        context.add_init_script(  # the app's own text size, as tests/e2e/test_large_text.py
            "localStorage.setItem('flutter.scorer.text_size', JSON.stringify('2.0'))")
        phone = Phone(context.new_page(), url).open()
        phone.tap("Pairs evening")
        faults: list[str] = []
        for pair in range(1, 7):  # 3 tables, a Howell: pairs 1-6
            phone.into_view(f"Pair {pair}")
            faults += layout_faults(phone)
        mine = sorted(set(faults))
        assert not mine, "\n".join(mine)
        context.close()


def test_two_phones_at_one_table_lose_nothing(browser, tmp_path):
    data_dir = tmp_path / "data"
    with Store(data_dir) as store:
        session_id = store.pairs.create(PairsSession(PairsSettings("howell", 3, 3, 1))).id
    with served(data_dir) as url:
        phones = [Phone(browser.new_context(viewport=PHONE).new_page(), url)
                  .open(f"/pairs/{session_id}/table/2") for _ in range(2)]
        b, c = phones
        for phone in phones:
            phone.see("Start with board 2; the boards are shared with tables 1 and 3: pass "
                      "each board you have played to table 1")
        # Board 2 (N-S vulnerable): phone C enters 3NT by North, 10 tricks; phone B 9 tricks,
        # and B's E-W accept first.
        contract_taps(c, "North", 3, "No-trump", 10)
        c.see("N-S +630 · E-W -630")
        contract_taps(b, "North", 3, "No-trump", 9)
        b.tap("E-W accept board 2")
        b.see("Correct board 2")
        c.see("Another phone of this table saved board 2 first: 3NT by North, 9 tricks · N-S "
              "+600 · E-W -600. This phone had 3NT by North, 10 tricks · N-S +630 · E-W -630")
        found = check_screen(c, "a table's phone told of another phone's save")
        names = {control["name"] for control in found}
        assert {"Correct board 2 to this phone's result", "Keep the saved result",
                "Enter board 1"} <= names
        c.tap("Correct board 2 to this phone's result")
        c.tap("E-W accept board 2")
        b.see("3NT by North, 10 tricks · N-S +630 · E-W -630")  # B's screen follows
    with Store(data_dir) as store:
        kept = store.pairs.load(session_id).session
    assert kept.current()[(2, 2)].result.deal.tricks == 10
    assert [e.result.deal.tricks for e in kept.history] == [9]
