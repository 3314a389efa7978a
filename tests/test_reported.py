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


@pytest.mark.parametrize("call", [0, 1, 14, -1, "x"])
def test_a_call_out_of_range_names_the_games_own_range(call):
    rules = variant("call-break").parse_rules({})  # minimum call 2
    with pytest.raises(InvalidInput) as info:
        score_calls([call, 3, 3, 3], [4, 3, 3, 3], rules)
    assert "2 and 13" in str(info.value) or "2 to 13" in str(info.value)
    assert "1 and 13" not in str(info.value)


def test_with_minimum_call_one_the_range_says_one():
    rules = variant("call-break").parse_rules({"min_call": "1"})
    with pytest.raises(InvalidInput, match="between 1 and 13"):
        score_calls([14, 3, 3, 3], [4, 3, 3, 3], rules)


def call_break_game():
    from scorer.game import Game
    from scorer.rules.call_break import CallBreakDeal

    game = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
    game = game.add_deal(CallBreakDeal((4, 2, 3, 2), (6, 2, 3, 2)))
    return game.add_deal(CallBreakDeal((3, 3, 3, 3), (3, 3, 4, 3)))


def test_call_break_scoresheet_keeps_one_unit_per_line():
    from scorer.sheet import to_text

    text = to_text(call_break_game())
    assert "42 / 20 / 30 / 20 (totals 42 / 20 / 30 / 20)" in text
    assert "30 / 30 / 31 / 30 (totals 72 / 50 / 61 / 50)" in text
    assert "4.2 / 2.0" not in text
    assert "Totals: Ana 72 (7.2), Ben 50 (5.0), Cleo 61 (6.1), Dan 50 (5.0)" in text


def test_a_partnership_wins_in_the_plural():
    from scorer.game import Game
    from scorer.sheet import outcome_words

    game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0,
                    end="deals=1")
    game = game.add_deal(MiniBridgeDeal(0, Contract.parse("3NT"), 9))
    assert outcome_words(game).startswith("Ana & Cleo win:")
    assert outcome_words(game, Translator("es")).startswith("Ana & Cleo ganan:")
    solo = call_break_game().close()
    assert outcome_words(solo).startswith("Ana wins:")


@pytest.mark.parametrize("bad", ["0_4,3,2,4", "٥,3,1,4", "４,3,2,4", " 4,3,2,4x"])
def test_check_takes_ascii_digits_only(bad, capsys):
    from scorer.cli import main

    assert main(["check", "call-break", "--calls", bad, "--tricks", "5,3,1,4"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("calls: ") and "digits 0-9" in err[0]


def test_english_names_house_rules_in_words():
    from scorer.i18n import catalog

    for rule in ("undertricks", "redeal_passes", "overtrick_limit", "eight_plus", "min_call"):
        title = catalog("en")[f"houserule_title.{rule}"]
        assert "_" not in title and title != rule


def test_a_message_standing_alone_starts_with_a_capital():
    from scorer.game import check_players

    with pytest.raises(InvalidInput) as info:
        check_players(variant("draw-bridge"), ["", "Ben"])
    assert Translator("en").sentence(info.value.msg).startswith("Player 1 has no name")
    assert Translator("es").sentence(info.value.msg)[0].isupper()
