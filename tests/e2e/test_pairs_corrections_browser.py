"""A pairs evening's late mistakes mended (issue 32, the tester's second share, decisions
480-489), on `scorer serve` in Chromium at phone size: the round just played corrected on the
table's phone once the next round shows (every control named and reachable: check_screen)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from browser import FOCUSED_NAME, PHONE, Phone, check_screen, press, served
from test_pairs_corrections import tricks_kept, wrong_board_3

from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.session import TableResult
from scorer.store import Store

pytestmark = pytest.mark.browser


def test_the_round_just_played_is_corrected_on_the_tables_phone(browser, tmp_path):
    """Table 2 accepted board 3 as 2H by East, 9 tricks (it took 8) and finished round 1: its
    phone shows round 2 and still offers *Correct board 3*."""
    data_dir = tmp_path / "data"
    with Store(data_dir) as store:
        session_id = store.pairs.create(wrong_board_3(
            TableResult(1, 2, BridgeDeal(0, Contract.parse("4H"), 10)))).id
    with served(data_dir) as url:
        phone = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        phone.open(f"/pairs/{session_id}/table/2")
        phone.see("Round 2 of 2")
        phone.see("Round 1: check and correct")  # the round just played, listed (decision 474)
        phone.see("2♥ by East, 9 tricks · N-S -140 · E-W +140")
        names = {c["name"] for c in check_screen(phone, "a table's phone after round 1")}
        assert {"Correct board 1", "Correct board 2", "Correct board 3",
                "Enter board 4"} <= names
        phone.tap("Correct board 3")
        phone.tap("Tricks 8")
        phone.see("2♥ by East, 8 tricks · N-S -110 · E-W +110")
        phone.tap("E-W accept board 3")
        phone.see("Correct board 3")  # saved: the entry closed, the board listed again
        phone.see("2♥ by East, 8 tricks · N-S -110 · E-W +110")
    with Store(data_dir) as store:
        assert tricks_kept(store.pairs.load(session_id).session, 3, 2) == (8, [9])


def test_the_new_evenings_form_says_what_start_will_make(browser, tmp_path):
    """Beside Start, in the bottom bar's live region, what it will make: the tester's lost
    Mitchell tap would have read '7 rounds ... Howell' before anything was made."""
    with served(tmp_path / "data") as url:
        phone = Phone(browser.new_context(viewport=PHONE).new_page(), url).open()
        phone.tap("Pairs evening")
        phone.see("Start will make: Howell, 3 tables, 5 rounds, 3 boards per round, 15 boards "
                  "in all")
        # By keyboard: Space on a chip keeps the focus on it, tables and movement too (it went
        # back to the title when the form was drawn again: decision 490).
        for chip, said in (("4 tables", "Start will make: Howell, 4 tables, 7 rounds"),
                           ("Movement Mitchell", "Start will make: Mitchell, 4 tables, 3 rounds, "
                            "3 boards per round, 12 boards in all")):
            press(phone, chip, "Space")
            phone.see(said)
            phone._until(lambda chip=chip: phone.page.evaluate(FOCUSED_NAME) == chip,
                         f"the focus on {chip!r}, the chip pressed", 5000)
        check_screen(phone, "the new evening's form with what Start will make")
    with Store(tmp_path / "data") as store:
        assert store.pairs.list() == []


@contextmanager
def table_two(browser, tmp_path) -> Iterator[tuple[str, str, Phone]]:
    """A served evening (``wrong_board_3``) and table 2's phone on its round 1."""
    data_dir = tmp_path / "data"
    with Store(data_dir) as store:
        session_id = store.pairs.create(wrong_board_3()).id
    with served(data_dir) as url:
        phone = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        phone.open(f"/pairs/{session_id}/table/2")
        phone.see("Round 1 of 2")
        yield url, session_id, phone


def test_a_tables_back_leads_to_the_tables_not_the_directors_view(browser, tmp_path):
    """Back from a table (how a wrong pick is mended) shows the evening's tables and, apart,
    the director's view: not the adjust, resolve and delete of the director's view."""
    with table_two(browser, tmp_path) as (_url, session_id, phone):
        phone.tap("Back")
        phone.see("Tables: open yours on this phone")
        names = {c["name"] for c in check_screen(phone, "a phone picking its table")}
        assert {"Table 1", "Table 2", "Table 3", "Director's view"} <= names
        assert not any("Delete" in name or "QR code for table" in name for name in names)
        phone.tap("Table 3")
        phone.see("N-S: pair 6 · E-W: pair 1")
        assert phone.page.url.endswith(f"/pairs/{session_id}/table/3")


def test_a_tables_results_link_says_which_table_it_comes_from(browser, tmp_path):
    """The no-network results link of table 2, opened on the director's phone, names its
    table and round (it said only "Howell, 3 tables: 3 results")."""
    from scorer.pairs_link import encode_pairs, table_part

    session = wrong_board_3(TableResult(1, 2, BridgeDeal(0, Contract.parse("4H"), 10)))
    with served(tmp_path / "data") as url:
        phone = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        phone.open(f"/p/{encode_pairs('p1a2b3c4d', table_part(session, 2), 2)}")
        phone.see("Howell, 3 tables: 3 results")
        phone.see("From table 2's phone: its results up to round 1")
        check_screen(phone, "a table's results link opened")


def test_a_tables_phone_is_told_in_words_when_the_director_deletes_the_evening(browser,
                                                                                tmp_path):
    with table_two(browser, tmp_path) as (url, session_id, table):
        director = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        director.open(f"/pairs/{session_id}")
        director.tap("Delete this evening")
        director.tap("Delete")
        director.see("The evening was deleted")
        table.see("This pairs evening is not on this device any more: the director may have "
                  "deleted it. Ask the director.")


def test_the_qr_screen_copies_its_link_for_a_phone_with_no_camera(browser, tmp_path):
    data_dir = tmp_path / "data"
    with Store(data_dir) as store:
        session_id = store.pairs.create(wrong_board_3()).id
    with served(data_dir) as url:
        context = browser.new_context(viewport=PHONE)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
        phone = Phone(context.new_page(), url).open(f"/pairs/{session_id}/qr/3")
        phone.see("scan this code with table 3's phone")
        names = {c["name"] for c in check_screen(phone, "the director's QR code for table 3")}
        assert "Copy the link" in names
        phone.see("QR code of this pairs evening's link: scan it with the other phone's camera")
        phone.tap("Copy the link")
        phone.see("The link is copied")
        copied = phone.page.evaluate("navigator.clipboard.readText()")
        assert copied.startswith(url.rstrip("/") + "/p/1~"), copied[:80]
