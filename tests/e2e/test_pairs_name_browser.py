"""An evening's name (issue 32, decisions 510 and 515) on `scorer serve` in Chromium at 360 x
640: the director types it on the new evening's form, and it heads the director's view and
names the evening on Home; renamed on the director's view, the new name is Home's. Read from
the accessibility tree (every control named and reachable: check_screen), not from where it
is drawn."""

from __future__ import annotations

import re

import pytest
from browser import Phone, check_screen, served

from scorer.store import Store

pytestmark = pytest.mark.browser

NAME = "Tuesday club pairs"
RENAMED = "Club night, heat 2"


def test_a_name_typed_on_the_form_names_the_evening_on_home(browser, tmp_path):
    data_dir = tmp_path / "data"
    with served(data_dir) as url:
        context = browser.new_context(viewport={"width": 360, "height": 640})
        phone = Phone(context.new_page(), url).open()
        phone.tap("Pairs evening")
        phone.at(re.compile(r"/pairs-new$"))
        phone.shown(phone.page.get_by_role("textbox", name="Evening's name", exact=True),
                    "the evening's name field")
        form = {c["name"] for c in check_screen(phone, "the new evening's form")}
        assert "Evening's name" in form
        phone.type("Evening's name", NAME)
        phone.tap("Start the evening")
        phone.at(re.compile(r"/pairs/p[0-9a-f]{8}$"))
        phone.see(NAME)  # the director's view's heading
        # Renamed on the director's view (decision 515): named and reachable there too.
        names = {c["name"] for c in check_screen(phone, "the director's view with its name")}
        assert {"Evening's name", "Rename the evening"} <= names
        phone.type("Evening's name", RENAMED)
        phone.tap("Rename the evening")
        phone.see(RENAMED)
        phone.open("/")
        phone.see("Pairs evenings (1)")
        found = check_screen(phone, "Home with a named evening")
        opens = [c["name"] for c in found if c["name"].startswith("Open ")]
        assert any(name.startswith(f"Open {RENAMED}, Howell, 3 tables · 0 of 45 results")
                   for name in opens), opens
        context.close()
    with Store(data_dir) as store:
        assert [r.session.name for r in store.pairs.list()] == [RENAMED]
