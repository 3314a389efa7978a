"""A director with a phone alone (issue 32): on the published site (no server), an evening
brought by *Import a game*, its printable results downloaded by the phone and opened to print
by one tap, then the evening deleted, and gone after a reload (the deletion reached the
browser's storage). The site, its server and the visited browser profile are
test_published's."""

from __future__ import annotations

import json
import re

import pytest

from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult
from scorer.store import Store

from .test_pairs_director_browser import downloaded
from .test_pairs_print_browser import COUNT_PRINTS
from .test_published import reload, revisiting, site, visited_profile  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def test_a_phone_alone_imports_prints_and_deletes_an_evening(site, revisiting, tmp_path):  # noqa: F811
    session = PairsSession(PairsSettings("howell", 3, 3, 1, names={4: "Ana & <Ben>"}))
    for board, table in ((1, 1), (1, 2), (2, 1)):
        session = session.enter(TableResult(board, table, BridgeDeal(
            0, Contract.parse("4H"), 10)), "2026-12-05T20:00:00+00:00")
    with Store(tmp_path / "director") as store:
        record = store.pairs.create(session)
        exported = tmp_path / "evening.json"
        exported.write_text(store.export_json([], [record.id]), encoding="utf-8")
    phone = revisiting.phone(site.url)
    with phone.page.expect_file_chooser() as chooser:
        phone.tap("Import a game")
    chooser.value.set_files(str(exported))
    phone.see("1 pairs evening imported.")
    reload(phone, "Howell, 3 tables")  # kept in the browser's storage, listed on Home
    phone.tap("Open Howell, 3 tables", exact=False)
    phone.see("Printing and files")
    page = downloaded(phone, "Results (print)")[1]
    assert 'id="ranking"' in page and "Ana &amp; &lt;Ben&gt;" in page
    # One tap to print: the page opens in a tab of its own (no server: a blob: address of
    # the site's origin) and asks the browser to print it (decision 432).
    revisiting.context.add_init_script(COUNT_PRINTS)
    with revisiting.context.expect_page() as opened:
        phone.tap("Print the results")
    printed = opened.value
    printed.wait_for_load_state()
    assert re.fullmatch(re.escape(f"blob:{site.url.rstrip('/')}/") + r"[0-9a-f-]{36}#print",
                        printed.url), printed.url
    assert printed.evaluate("window.printed") == 1
    assert printed.locator("#ranking").count() == 1
    assert printed.get_by_role("button", name="Print", exact=True).is_visible()
    printed.close()
    document = json.loads(downloaded(phone, "Download the evening (JSON)")[1])
    assert document["pairs"][0]["id"] == record.id
    phone.tap("Delete this evening")
    phone.see("Delete this evening?")
    phone.tap("Delete")
    phone.see("The evening was deleted")
    reload(phone, "No games yet")  # gone from the browser's storage too
    assert "Howell, 3 tables" not in phone.screen_text()
