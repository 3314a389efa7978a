"""Whole pairs evenings on `scorer serve` (issue 32): a full 3-table Howell and a full 4-table
Mitchell, the director's phone and one phone per table (each its own browser context at phone
size). Every round, every board: North's entry, the score for both sides, E-W's one-tap Accept,
and after each round where everyone goes next, checked against where the next round's phones
seat them. The final ranking is worked out by hand from the boards' scores (pairs_evening.py)
and must be the one the director's view shows."""

from __future__ import annotations

import re

import pytest
from browser import PHONE, Phone, check_screen, layout_faults, served
from pairs_evening import Evening

from scorer.store import Store

pytestmark = pytest.mark.browser


def play_evening(browser, url: str, tables: int, movement: str, per_round: int,
                 rounds: int) -> tuple[Phone, Evening, str]:
    """The director starts the evening on the form; each table's phone opens its table; the
    rounds are played to the end, the director's view following."""
    director = Phone(browser.new_context(viewport=PHONE).new_page(), url).open()
    director.tap("Pairs evening")
    director.tap(f"{tables} tables")
    director.tap(f"Movement {movement}")
    director.tap(f"{per_round} board per round" if per_round == 1
                 else f"{per_round} boards per round")
    director.see(f"{rounds} rounds")
    director.tap("Start the evening")
    director.at(re.compile(r"/pairs/p[0-9a-f]{8}$"))
    session_id = director.page.url.rsplit("/", 1)[1]
    phones = {}
    for number in range(1, tables + 1):
        phone = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        phone.open(f"/pairs/{session_id}")
        phone.tap(f"Table {number}")
        phone.at(re.compile(rf"/pairs/{session_id}/table/{number}$"))
        phones[number] = phone
    evening = Evening()
    for number in range(1, rounds + 1):
        for table, phone in phones.items():
            evening.round_shown(phone, number, table, rounds)
            if number == 1 and table == 1:  # a table's screen at 360 px: named, nothing cut
                check_screen(phone, "a table's round")
                assert layout_faults(phone) == []
            evening.play_round(phone, number, table, rounds)
        done = " · ".join(f"table {t} done" for t in phones)
        director.see(f"Round {number}: {done}")
    evening.check_moves(tables)
    director.see("0 results still missing")
    return director, evening, session_id


def test_a_full_three_table_howell_on_the_wifi(browser, tmp_path):
    data_dir = tmp_path / "data"
    with served(data_dir) as url:
        director, evening, session_id = play_evening(browser, url, 3, "Howell", 3, 5)
        # Every pair met every other once (five opponents each), every board three times.
        met = {}
        for ns, ew in evening.seats.values():
            met.setdefault(ns, set()).add(ew)
            met.setdefault(ew, set()).add(ns)
        assert {pair: len(others) for pair, others in met.items()} == {
            f"pair {n}": 5 for n in range(1, 7)}
        assert len(evening.scores) == 45
        for line in evening.ranking(by_direction=False):
            director.see(line)
        check_screen(director, "the director's view at the end")
    with Store(data_dir) as store:
        kept = store.pairs.load(session_id).session
    assert len(kept.entries) == 45


def test_a_full_four_table_mitchell_on_the_wifi(browser, tmp_path):
    data_dir = tmp_path / "data"
    with served(data_dir) as url:
        director, evening, session_id = play_evening(browser, url, 4, "Mitchell", 1, 3)
        # N-S stay put; each E-W pair meets three N-S pairs, never twice.
        for (number, table), (ns, _ew) in evening.seats.items():
            assert ns == f"N-S {table}", (number, table, ns)
        assert len({pair for pair in evening.seats.values()}) == 12
        director.see("Ranking N-S")
        director.see("Ranking E-W")
        for line in evening.ranking(by_direction=True):
            director.see(line)
    with Store(data_dir) as store:
        kept = store.pairs.load(session_id).session
    assert len(kept.entries) == 12
