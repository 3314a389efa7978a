"""The printable pages `scorer serve` keeps for a director's one tap (decision 432): each at an
address of its own, under this server's address, the last 16 only."""

from __future__ import annotations

import re

from scorer.ui.serve import printed


def test_a_page_is_kept_at_an_address_of_its_own_and_the_oldest_goes_first():
    served = "http://192.168.1.20:8550/"
    addresses = [printed.keep(served, f"<p>{n}</p>".encode()) for n in range(printed.KEPT + 1)]
    assert len(set(addresses)) == len(addresses)
    for address in addresses:
        assert re.fullmatch(r"http://192\.168\.1\.20:8550/print/[A-Za-z0-9_-]{22}", address)
    paths = [address.removeprefix(served.rstrip("/")) for address in addresses]
    assert printed.kept(paths[0]) is None  # the 17th pushed the first out
    assert printed.kept(paths[1]) == b"<p>1</p>"
    assert printed.kept(paths[-1]) == f"<p>{printed.KEPT}</p>".encode()
    assert printed.kept("/print/not-given") is None
    assert printed.kept("/game/" + paths[1].rsplit("/", 1)[1]) is None  # only under /print/
