"""A whole pairs evening with no network, every round of its movement, on the published site
(issue 32): a full 3-table Mitchell, 3 rounds of 1 board (the smallest full movement of three
tables: a 3-table Howell is 5 rounds and shares its set between the tables, 3 boards a round
at least; decisions 433, 522).
Each phone is its own Chromium with its own storage that has opened the site once; then the
site's server is gone. The director's phone starts the evening and shows each table's link;
each table's phone keeps it, plays round 1 and shows its results' link, which the director's
phone merges; then rounds 2 and 3, where each phone says the pairs moved as it told them, and
its results again after each: what was merged before is the same once, nothing in conflict.
At the end every E-W pair has met every N-S pair once and played every board once, each board
was played at every table; the ranking is worked out by hand from the boards' scores
(pairs_evening.py)."""

from __future__ import annotations

import re
import shutil

import pytest
from browser import Phone
from pairs_evening import Evening

from e2e import test_published as published
from e2e.test_pairs_published import link_shown, merged, opened
from e2e.test_published import SERVICE_WORKER_IN_CHARGE, Browser

pytestmark = pytest.mark.browser

site, visited_profile, revisiting = (published.site, published.visited_profile,
                                     published.revisiting)

TABLES, ROUNDS, PER_ROUND = 3, 3, 1  # the full movement: every E-W meets every N-S


def test_a_full_mitchell_with_no_network_merged_after_each_round(
        site, revisiting, browser, visited_profile, tmp_path):
    director = revisiting.phone(site.url)
    director.page.evaluate(SERVICE_WORKER_IN_CHARGE)
    kept: dict[int, Browser] = {}
    for number in range(1, TABLES + 1):  # each table's phone has opened the site once
        shutil.copytree(visited_profile, tmp_path / f"table{number}", symlinks=True)
        kept[number] = Browser(browser.browser_type, tmp_path / f"table{number}",
                               revisiting.failures)
        kept[number].launch()
        kept[number].phone(site.url).page.evaluate(SERVICE_WORKER_IN_CHARGE)
    site.stop()  # from here on, no network at all
    try:
        director.tap("Pairs evening")
        director.tap("Movement Mitchell")
        director.tap("1 board per round")
        # Nothing to pick: the full movement is what the form starts with.
        director.see(f"The full movement is {ROUNDS} rounds")
        director.see(re.compile(rf"Start will make: .*{ROUNDS} rounds"))
        director.tap("Start the evening")
        director.see("Round 1: table 1 0/1 · table 2 0/1 · table 3 0/1")
        assert re.search(r"#/pairs/p[0-9a-f]{8}$", director.page.url), director.page.url
        tables: dict[int, Phone] = {}
        for number in kept:
            director.tap(f"QR code for table {number}")
            director.see(f"scan this code with table {number}'s phone")
            link = link_shown(director, site.url)
            director.tap("Back")
            table = Phone(kept[number].page(), site.url)
            opened(table, link, "Keep and merge on this phone")
            table.tap("Keep and merge on this phone")
            table.see("The evening is kept on this phone")
            tables[number] = table
        evening = Evening()
        sent: dict[int, str] = {}
        first: dict[int, str] = {}  # each table's code at the end of round 1
        before: dict[int, str] = {}  # each table's code at the end of the round before
        for round_number in range(1, ROUNDS + 1):
            for number, table in tables.items():
                evening.round_shown(table, round_number, number, ROUNDS)
                evening.play_round(table, round_number, number, ROUNDS)
                table.tap("Show my results as a QR code")
                table.see("scan this code with the director's phone")
                sent[number] = link_shown(table, site.url)
                assert round_number == 1 or sent[number] != before[number], number
                table.tap("Back")  # the table's screen: the next round, or its last boards
            for number in tables:
                merged(director, sent[number])
            done = " · ".join(f"table {t} done" for t in tables)
            director.see(f"Round {round_number}: {done}")
            assert "two different results" not in director.screen_text()
            if round_number == 1:
                first = dict(sent)
            before = dict(sent)
        evening.check_moves(TABLES)  # where round 1's phones sent everyone is where they sat
        # N-S stay put, E-W move up: every E-W pair meets every N-S pair once and plays
        # every board once; every board is played at every table; 9 results.
        for (round_number, number), (ns, _ew) in evening.seats.items():
            assert ns == f"N-S {number}", (round_number, number, ns)
        met = sorted(evening.seats.values())
        assert met == sorted((f"N-S {n}", f"E-W {e}") for n in range(1, TABLES + 1)
                             for e in range(1, TABLES + 1)), met
        boards = range(1, TABLES * PER_ROUND + 1)
        for e in range(1, TABLES + 1):
            of_pair = sorted(b for key, (_ns, ew) in evening.seats.items()
                             if ew == f"E-W {e}" for b in evening.boards[key])
            assert of_pair == list(boards), (e, of_pair)
        assert sorted(evening.scores) == [(b, t) for b in boards
                                          for t in range(1, TABLES + 1)]
        director.see("0 results still missing")
        for line in evening.ranking(by_direction=True):
            director.see(line)
        # Table 1's code of round 1 scanned again at the end: nothing changes.
        merged(director, first[1])
        director.see("0 results still missing")
        assert "two different results" not in director.screen_text()
        for line in evening.ranking(by_direction=True):
            director.see(line)
    finally:
        site.start()
        for browser_kept in kept.values():
            browser_kept.close()
