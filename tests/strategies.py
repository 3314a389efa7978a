"""Shared Hypothesis strategies.

Text is drawn from a fixed alphabet rather than all of Unicode: Hypothesis builds a table of
every character's category the first time plain ``st.text()`` runs on a machine (about 11 s
on a fresh clone, issue 19 item 9). The alphabet keeps what matters to Scorer's parsers: the
digits, letters and signs a contract or name is typed with, suit symbols, accented, Cyrillic,
Devanagari (with its digits), Chinese and Arabic letters, emoji, spaces of several kinds,
and control characters (no unpaired surrogate: plain text leaves them out too)."""

from __future__ import annotations

import string

from hypothesis import strategies as st

ALPHABET = (string.printable + "♠♥♦♣♤♡♢♧éñÑüßЖжБбसकत०१२३४५६७८९中文ب١٢🂡🙂\u00a0\u2009\u200b"
            "\u200e\u202e\x00\x7f\ufeff")
CHARACTERS = st.sampled_from(ALPHABET)


def text(min_size: int = 0, max_size: int | None = None) -> st.SearchStrategy[str]:
    return st.text(CHARACTERS, min_size=min_size, max_size=max_size)
