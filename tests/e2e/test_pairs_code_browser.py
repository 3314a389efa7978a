"""The director's code (issue 32, decisions 516-519) on `scorer serve` in Chromium at 360 x 640:
the director sets it on the new evening's form and is not asked for it on that phone; another
phone opening the director's view gets the evening's tables and the code's field (every control
named and reachable: check_screen), is told a wrong code plainly, and after the right one,
typed once, reaches the view and a board's traveller without being asked again, even after
a reload; a third phone is still asked."""

from __future__ import annotations

import re

import pytest
from browser import PHONE, Phone, check_screen, served

pytestmark = pytest.mark.browser

CODE = "2468"


def names(phone: Phone, where: str) -> set[str]:
    return {c["name"] for c in check_screen(phone, where)}


def test_the_director_enters_the_code_once_on_another_phone(browser, tmp_path):
    with served(tmp_path / "data") as url:
        maker = Phone(browser.new_context(viewport=PHONE).new_page(), url).open()
        maker.tap("Pairs evening")
        maker.at(re.compile(r"/pairs-new$"))
        # The offered code, read from the accessibility tree with no field focused
        # (a text field's value is read only once it has the focus: decision 569).
        maker.see(re.compile(r"The code to note down: [0-9] [0-9] [0-9] [0-9]"))
        maker.type("Director's code", CODE)
        # Read from the accessibility tree without the field's focus (decision 569).
        maker.see("The code to note down: 2 4 6 8")
        maker.tap("Start the evening")
        maker.at(re.compile(r"/pairs/p[0-9a-f]{8}$"))
        maker.see("Delete this evening")  # the phone that made it is the director's
        address = maker.page.url.split("#", 1)[0]
        session = address.rsplit("/", 1)[1]

        other = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        other.open(f"/pairs/{session}")
        other.see("Open the director's view")
        asked = names(other, "the director's code asked on another phone")
        assert {"Table 1", "Director's code", "Open the director's view"} <= asked
        assert "Delete this evening" not in asked
        other.type("Director's code", "1111")
        other.tap("Open the director's view")
        other.see("That is not the director's code: type it again (as often as needed)")
        other.type("Director's code", CODE)
        other.tap("Open the director's view")
        other.see("Delete this evening")
        assert "Delete this evening" in names(other, "the director's view after the code")
        other.tap("Traveller of board 1")
        other.at(re.compile(rf"/pairs/{session}/board/1$"))
        other.see("Adjust at table 1")  # not asked again on this phone
        assert "Director's code" not in names(other, "a traveller after the code")
        # Reloaded, the phone still has it (kept in its own storage, not the code itself).
        other.open(f"/pairs/{session}")
        other.see("Delete this evening")
        # A third phone, a table's, is still asked.
        table = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        table.open(f"/pairs/{session}")
        table.see("Open the director's view")
        assert "Delete this evening" not in names(table, "a table's phone at the director's view")
