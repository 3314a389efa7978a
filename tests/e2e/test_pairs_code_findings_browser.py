"""The tester's findings on the director's code in Chromium at 360 x 640 (issue 32, decisions
560-564): the phone that made the evening is not asked for the code after a reload or a server
restart; a wrong code typed and sent by keyboard alone is said as the field's own error in the
accessibility tree, the field emptied there and the keyboard's focus kept in it."""

from __future__ import annotations

import re

import pytest
from browser import FOCUSED, PHONE, Phone, check_screen, free_port, served, tab_to

pytestmark = pytest.mark.browser

CODE = "2468"
# Every text Flutter puts in its announcement elements (a screen reader says it), kept as it
# comes: Flutter takes each away again soon after.
LISTEN = """() => { window.__said = [];
  new MutationObserver(() => document.querySelectorAll('flt-announcement-host *')
    .forEach(e => e.textContent && window.__said.push(e.textContent)))
    .observe(document.body, {subtree: true, childList: true, characterData: true}); }"""


def test_the_phone_that_made_the_evening_is_not_asked_after_a_reload_or_a_restart(
        browser, tmp_path):
    port = free_port()
    context = browser.new_context(viewport=PHONE)  # one phone: its storage lasts throughout
    with served(tmp_path / "data", port=port) as url:
        maker = Phone(context.new_page(), url).open()
        maker.tap("Pairs evening")
        maker.at(re.compile(r"/pairs-new$"))
        maker.type("Director's code", CODE)
        maker.tap("Start the evening")
        maker.at(re.compile(r"/pairs/p[0-9a-f]{8}$"))
        maker.see("Delete this evening")
        session = maker.page.url.split("#", 1)[0].rsplit("/", 1)[1]
        maker.frames(30)  # the grant's write to the phone's storage, sent with the screen
        maker.open(f"/pairs/{session}")  # a reload
        maker.see("Delete this evening")
    with served(tmp_path / "data", port=port) as url:  # the server restarted
        again = Phone(context.new_page(), url).open(f"/pairs/{session}")
        again.see("Delete this evening")
        assert "Director's code" not in {c["name"] for c in check_screen(again, "restarted")}


def test_a_wrong_code_by_keyboard_is_the_fields_error_the_field_emptied_and_focused(
        browser, tmp_path):
    from scorer.rules.pairs.session import PairsSession, PairsSettings
    from scorer.store import Store

    with Store(tmp_path / "data") as store:
        record = store.pairs.create(PairsSession(PairsSettings("howell", 3, 3, 1)), code=CODE)
    with served(tmp_path / "data") as url:
        other = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        other.open(f"/pairs/{record.id}")
        other.see("Open the director's view")
        tab_to(other, "Director's code")
        other.frames(12)
        other.page.keyboard.type("1111")
        other.frames(12)
        other.page.evaluate(LISTEN)
        other.page.keyboard.press("Enter")
        other.see("That is not the director's code: type it again (as often as needed)")
        other.frames(30)
        tree = other.page.locator("flt-semantics-host").aria_snapshot()
        said = "That is not the director's code: type it again (as often as needed)"
        # The field emptied in the tree (it said "1111" before), and the focus still in it.
        assert re.search(r'^\s*- textbox "Director\'s code"$', tree, re.M), tree
        assert other.page.evaluate(FOCUSED) == "Director's code"
        # The error tied to the field (read with it) and announced at once.
        described = other.page.get_by_role("textbox", name="Director's code", exact=True)
        assert described.get_attribute("aria-description") == said
        other._until(lambda: said in other.page.evaluate("() => window.__said"),
                     "the error announced", 20000)
        other.page.keyboard.type(CODE)  # straight on, by keyboard: the view opens
        other.frames(12)
        other.page.keyboard.press("Enter")
        other.see("Delete this evening")
