"""The printable pages of a pairs evening (issue 32) in Chromium at phone size: a *Print* button
on the page itself, named for a screen reader, reached by Tab, calling the browser's print
(``window.print``), and not printed (hidden in print media)."""

from __future__ import annotations

import pytest
from browser import PHONE

from scorer.i18n import Translator
from scorer.pairs_print import PRINT_AT_ONCE, pairs_html
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult

pytestmark = pytest.mark.browser

# Counts the calls of the browser's print, in place of its dialog (headless has none to show).
# The keys and clicks the page had are kept, to say why when the count is not the one expected.
COUNT_PRINTS = ("window.printed = 0; window.print = () => { window.printed += 1; };"
                "window.had = [];"
                "for (const kind of ['keydown', 'click']) document.addEventListener(kind,"
                " e => window.had.push(kind + ' ' + (e.key || e.detail)), true);")


def played() -> PairsSession:
    session = PairsSession(PairsSettings("howell", 3, 3, 1, names={4: "Ana & <Ben>"}))
    for board, table in ((1, 1), (1, 2), (2, 1)):
        session = session.enter(TableResult(board, table, BridgeDeal(
            0, Contract.parse("4H"), 10)), "2026-12-05T20:00:00+00:00")
    return session


@pytest.mark.parametrize(("lang", "parts", "name"), [
    ("en", ("cards", "movement"), "Print"),
    ("en", ("results",), "Print"),
    ("hi", ("results",), "छापें"),
])
def test_the_printable_page_has_its_own_print_button_not_printed(browser, lang, parts, name):
    page = browser.new_context(viewport=PHONE).new_page()
    page.set_content(pairs_html(played(), Translator(lang), parts))
    page.evaluate(COUNT_PRINTS)
    button = page.get_by_role("button", name=name, exact=True)
    assert button.count() == 1
    assert button.is_visible()
    assert f'button "{name}"' in page.locator("body").aria_snapshot()  # its accessible name
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44  # a finger's size
    assert box["x"] + box["width"] <= PHONE["width"]
    page.keyboard.press("Tab")  # the first stop of the page
    assert page.evaluate("document.activeElement.textContent") == name
    page.keyboard.press("Enter")
    assert page.evaluate("window.printed") == 1, page.evaluate("window.had")
    button.click()
    assert page.evaluate("window.printed") == 2, page.evaluate("window.had")
    page.emulate_media(media="print")
    assert button.is_hidden()  # the paper shows the pages, not the button
    assert page.get_by_role("heading").first.is_visible()  # and the pages are printed
    page.emulate_media(media="screen")
    assert button.is_visible()


def test_the_page_opened_to_print_asks_the_browser_to_print_once(browser, tmp_path):
    """How the app opens it for one tap (``#print``): printed once it is loaded; opened
    without it (a downloaded file), it waits for its button."""
    path = tmp_path / "results.html"
    path.write_text(pairs_html(played(), Translator("en"), ("results",)), encoding="utf-8")
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(COUNT_PRINTS)  # before the page's own script runs
    page = context.new_page()
    page.goto(f"{path.as_uri()}#{PRINT_AT_ONCE}")
    page.wait_for_function("window.printed === 1")
    page.goto("about:blank")
    page.goto(path.as_uri())
    page.get_by_role("button", name="Print", exact=True).wait_for()
    assert page.evaluate("document.readyState") == "complete"
    assert page.evaluate("window.printed") == 0
