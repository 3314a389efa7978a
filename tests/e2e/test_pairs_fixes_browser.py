"""The new evening's pair-name fields at 200 % text on a 360 x 640 phone (decision 416): the
tester's layout check found each field's box in the accessibility tree drawn over the "40
characters remaining" counter Flutter puts under a field with a maximum length. Read from
the accessibility tree's rectangles (``layout_faults``), on `scorer serve` in Chromium."""

from __future__ import annotations

import pytest
from browser import Phone, layout_faults, served

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
