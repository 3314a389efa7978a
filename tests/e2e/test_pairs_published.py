"""A pairs evening with no network, on the published site (`scorer publish`, issue 32): each
phone is its own Chromium with its own storage, has opened the site once, and then the site's
server is gone. The director's phone starts a 3-table evening and shows each table's link (the
QR code's address); each table's phone opens its link, keeps the evening, scores its boards
and shows its results' link; the director's phone opens each and merges it. The same results
twice are one; a board the director entered from a table's word and the table's phone entered
otherwise is a conflict, resolved by the director's tap. A result acknowledged on a table's
screen is in the browser's storage: the phone killed and opened again still has it (decision
350). The ranking at the end is worked out by hand (pairs_evening.py)."""

from __future__ import annotations

import re
import shutil

import pytest
from browser import Phone
from pairs_evening import PALETTE, Evening, open_board, played

from e2e import test_published as published
from e2e.test_published import SERVICE_WORKER_IN_CHARGE, Browser, started

pytestmark = pytest.mark.browser

# The published site's fixtures (built once per run; a phone's browser that opened it once).
site, visited_profile, revisiting = (published.site, published.visited_profile,
                                     published.revisiting)

TABLE_LINK = r"#/p/[A-Za-z0-9_~.-]+"


def link_shown(phone: Phone, site_url: str, route: str = TABLE_LINK) -> str:
    """The address the screen's QR code carries (shown under it, to copy): ``site_url``
    followed by ``route`` (a pattern)."""
    pattern = re.compile(re.escape(site_url) + route)
    phone.see(pattern)
    found = pattern.search(phone.screen_text())
    assert found, phone.screen_text()
    return found.group(0)


def opened(phone: Phone, address: str, showing: str) -> None:
    """An address opened afresh, as a camera app opens a QR code's."""
    phone.page.goto("about:blank")
    phone.page.goto(address)
    started(phone, showing)


def test_a_three_table_evening_with_no_network_reaches_the_director_by_link(
        site, revisiting, browser, visited_profile, tmp_path):
    director = revisiting.phone(site.url)
    director.page.evaluate(SERVICE_WORKER_IN_CHARGE)
    phones: dict[int, Browser] = {}
    for number in (1, 2, 3):  # each table's phone has opened the site once
        shutil.copytree(visited_profile, tmp_path / f"table{number}", symlinks=True)
        phones[number] = Browser(browser.browser_type, tmp_path / f"table{number}",
                                 revisiting.failures)
        phones[number].launch()
        table = phones[number].phone(site.url)
        table.page.evaluate(SERVICE_WORKER_IN_CHARGE)
    site.stop()  # from here on, no network at all
    try:
        director.tap("Pairs evening")
        director.see("Movement Howell")
        director.tap("1 round")
        director.tap("Start the evening")
        director.see("Round 1: table 1 0/3 · table 2 0/3 · table 3 0/3")
        session_id = re.search(r"#/pairs/(p[0-9a-f]{8})$", director.page.url)
        assert session_id, director.page.url
        links = {}
        for number in phones:
            director.tap(f"QR code for table {number}")
            director.see(f"scan this code with table {number}'s phone")
            links[number] = link_shown(director, site.url)
            director.tap("Back")
        # Table 3 told the director its board 1 before its phone's results came: entered on
        # the director's phone, and the table's phone enters it otherwise.
        director.tap("Table 3")
        director.see("Round 1 of 1")
        open_board(director, 1)  # table 3 of a shared set starts on another board
        director.tap("Passed out")
        director.tap("E-W accept board 1")
        director.see("Correct board 1")
        director.tap("Back")
        evening = Evening()
        results = {}
        for number, kept in phones.items():
            table = Phone(kept.page(), site.url)
            opened(table, links[number], "Keep and merge on this phone")
            table.tap("Keep and merge on this phone")
            table.see("The evening is kept on this phone")
            evening.round_shown(table, 1, number, 1)
            evening.play_round(table, 1, number, 1)
            if number == 1:  # acknowledged on screen: in the browser's storage already
                kept.kill()
                kept.launch()
                table = Phone(kept.page(), site.url)
                table.page.goto(f"{site.url}#/pairs/{session_id.group(1)}/table/1")
                started(table, "Round 1 finished")
                for board in evening.boards[(1, 1)]:
                    table.see(f"Correct board {board}")
            table.tap("Show my results as a QR code")
            table.see("scan this code with the director's phone")
            results[number] = link_shown(table, site.url)
        for number in phones:
            merged(director, results[number])
        merged(director, results[1])  # table 1's results again: the same twice are one
        # Board 1 at table 3: the director's passed out against the phone's; the phone's kept.
        contract, score = PALETTE[played(1, 3)]
        assert contract is not None  # the test's boards make table 3's board 1 a contract
        director.see("Board 1 at table 3: two different results")
        director.tap(keep_label(director, score))
        director.see("Round 1: table 1 done · table 2 done · table 3 done")
        director.see("0 results still missing")
        for line in evening.ranking(by_direction=False):
            director.see(line)
    finally:
        site.start()
        for kept in phones.values():
            kept.close()


def merged(director: Phone, address: str) -> None:
    """A table's results link opened on the director's phone and merged into the evening."""
    opened(director, address, "Keep and merge on this phone")
    director.tap("Keep and merge on this phone")
    director.see("The results are merged")


def keep_label(director: Phone, score: int) -> str:
    """The name of the conflict's button that keeps the result scoring ``score`` for N-S."""
    shown = f"N-S +{score}" if score > 0 else f"N-S {score}"
    for line in director.screen_text().splitlines():
        if line.startswith("Keep ") and shown in line:
            return line
    raise AssertionError(f"no Keep button with {shown!r}:\n{director.screen_text()}")
