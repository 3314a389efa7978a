"""An evening's name and the director's code (issue 32, decisions 510-519). Run:
PYTHONPATH=. python benchmarks/bench_pairs_name.py

Counts that do not depend on the machine's load: the characters of the director's link for a
table (the whole session) and of a table's results link, for a 3-table Howell (one round
played) and the largest evening (a 15-table Mitchell, every result), with no name and with a
name of 60 characters (the most a name may be): a link over 2,000 characters is refused, so
the name must not push a link that fitted over it (a full 15-table evening's director's link
is over it already: given before play, decision 322).
And the CPU time (process time, not wall clock) of checking a typed director's code against
its salted hash (PBKDF2-SHA256, 1,000 rounds), the work of each *Open the director's view*.
"""

from __future__ import annotations

import time

from bench_pairs_print import full_evening

from scorer.pairs_link import encode_pairs, table_part
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.session import PairsSession, PairsSettings, TableResult
from scorer.store.pairs import PairsRecord, code_hash

NAME = "Tuesday club pairs, 2026-12-05, second session of the heat 2"[:60]


def one_round() -> PairsSession:
    session = PairsSession(PairsSettings("howell", 3, 3, 1))
    for table in (1, 2, 3):
        for board in (1, 2, 3):
            deal = BridgeDeal(declarer=0, contract=Contract.parse("4H"), tricks=10)
            try:
                session = session.enter(TableResult(board, table, deal), "2026-12-05T19:00")
            except ValueError:
                continue  # not this table's board in the round
    return session


def links(label: str, session: PairsSession) -> None:
    for name in ("", NAME):
        named = session.named(name)
        director = len(encode_pairs("p0123abcd", named, 1, to_table=True))
        table = len(encode_pairs("p0123abcd", table_part(named, 1), 1))
        print(f"{label}, name of {len(name):2} characters: director's link for table 1 "
              f"{director} characters, table 1's results link {table}")


def main() -> None:
    links("3-table Howell, one round", one_round())
    links("15-table Mitchell, 450 results", full_evening())
    record = PairsRecord("p0123abcd", one_round(), 1, "", "", code_hash("4831"))
    start = time.process_time()
    for _ in range(100):
        assert record.code_fits("4831") and not record.code_fits("4832")
    spent = (time.process_time() - start) / 200
    print(f"checking a director's code: {spent * 1000:.2f} ms of CPU each (200 checks)")


if __name__ == "__main__":
    main()
