"""Bugs players reported at the table (issue 11), each with the case that showed it."""

from __future__ import annotations

import pytest

from scorer.i18n import Translator
from scorer.rules import Contract, InvalidInput, variant
from scorer.rules.call_break import score_calls
from scorer.rules.minibridge import MiniBridgeDeal

MINI = variant("minibridge")


def test_counts_that_make_no_redeal_do_not_say_they_make_one():
    redeal_claimed = MiniBridgeDeal(hcp=(12, 10, 9, 9), redeal=True)
    with pytest.raises(InvalidInput) as info:
        MINI.check_deal(redeal_claimed, 0, MINI.parse_rules({}))
    assert "do not make a redeal" in str(info.value)
    assert "no hacen" not in Translator("es").error(info.value)
    assert Translator("es").error(info.value).startswith("los puntos no dan")


def test_counts_that_make_a_redeal_say_so():
    played = MiniBridgeDeal(0, Contract.parse("1C"), 7, hcp=(10, 10, 10, 10))
    with pytest.raises(InvalidInput) as info:
        MINI.check_deal(played, 0, MINI.parse_rules({}))
    assert "make a redeal (20-20)" in str(info.value)


@pytest.mark.parametrize("call", [0, 1, 14])
def test_a_call_out_of_range_names_the_games_own_range(call):
    rules = variant("call-break").parse_rules({})  # minimum call 2
    with pytest.raises(InvalidInput) as info:
        score_calls([call, 3, 3, 3], [4, 3, 3, 3], rules)
    assert "between 2 and 13" in str(info.value)
    assert "1 and 13" not in str(info.value)


def test_with_minimum_call_one_the_range_says_one():
    rules = variant("call-break").parse_rules({"min_call": "1"})
    with pytest.raises(InvalidInput, match="between 1 and 13"):
        score_calls([14, 3, 3, 3], [4, 3, 3, 3], rules)
