"""One tap to print a pairs evening's pages from the director's view (issue 32, decision 432),
on `scorer serve` in Chromium at phone size: the page opens in a tab of its own (served once
at ``/print/<token>``), asks the browser to print it, and keeps its own *Print* button. The
published site's own way (a ``blob:`` address) is tested in test_pairs_published_files."""

from __future__ import annotations

import re

import pytest
from browser import PHONE, Phone, check_screen, served, tab_to

from scorer.store import Store

from .test_pairs_print_browser import COUNT_PRINTS, played

pytestmark = pytest.mark.browser


def printed_page(phone: Phone, label: str):
    """Tap ``label`` and wait for the tab it opens to have asked the browser to print."""
    failed: list[str] = []  # what the browser could not open, to say why
    phone.page.context.on("requestfailed", lambda r: failed.append(f"{r.url} {r.failure}"))
    with phone.page.context.expect_page() as opened:
        phone.tap(label)
    page = opened.value
    page.wait_for_load_state()
    assert page.evaluate("window.printed") == 1, (page.url, failed)
    return page


def test_one_tap_opens_the_printable_page_and_prints_it_on_scorer_serve(browser, tmp_path):
    data_dir = tmp_path / "data"
    with Store(data_dir) as store:
        session_id = store.pairs.create(played()).id
    with served(data_dir) as url:
        context = browser.new_context(viewport=PHONE)
        context.add_init_script(COUNT_PRINTS)  # every page of this phone: prints counted
        phone = Phone(context.new_page(), url).open(f"/pairs/{session_id}")
        phone.see("Printing and files")
        names = {c["name"] for c in check_screen(phone, "the director's files, with Print")}
        assert {"Print the table cards and movement", "Print the results"} <= names
        tab_to(phone, "Print the results")
        page = printed_page(phone, "Print the results")
        assert re.fullmatch(re.escape(url.rstrip("/")) + r"/print/[A-Za-z0-9_-]{22}#print",
                            page.url), page.url
        assert page.locator("#ranking").count() == 1
        assert page.get_by_role("button", name="Print", exact=True).is_visible()
        page.close()
        page = printed_page(phone, "Print the table cards and movement")
        assert page.locator("#table-3").count() == 1 and page.locator("#movement").count() == 1
        # An address that was never given is not found.
        missing = page.request.get(re.sub(r"/print/[^#]+#print$", "/print/none", page.url))
        assert missing.status == 404
