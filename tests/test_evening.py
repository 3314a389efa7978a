"""What players tripped over at a real table (issue 18), each with the case that showed it."""

from __future__ import annotations

import json

import pytest
from controls import walk
from test_buttons import app  # noqa: F401 - the real app on a page that sends nothing

from scorer.cli import main
from scorer.game import Game
from scorer.i18n import LANGUAGES, Translator
from scorer.rules import Contract, variant
from scorer.rules.call_break import calling_order, calls_in_order
from scorer.ui.entry import (
    draft_for_game,
    draft_of_deal,
    new_draft,
    new_entry,
)

EN = Translator("en")
NAMES = ["Ana", "Ben", "Cleo", "Dan"]


# --- 1. Call Break: who called what, while the tricks are entered ----------------------------


def test_the_calls_are_said_in_calling_order_with_names():
    assert calling_order(0) == (1, 2, 3, 0)  # Ana deals: Ben, at her right, calls first
    assert calling_order(3) == (0, 1, 2, 3)
    assert calls_in_order([2, 3, 3, 4], 0, NAMES) == "Ben 3 · Cleo 3 · Dan 4 · Ana 2"
    assert calls_in_order([2, None, 3, 4], 1, NAMES) == "Cleo 3 · Dan 4 · Ana 2"


def test_the_round_in_play_names_each_call_in_calling_order():
    game = Game.new("call-break", NAMES, first_dealer=0).announce({"calls": [2, 3, 3, 4]})
    assert game.variant.announced_words(game.pending, game.dealer, game.players) \
        == "Ben 3 · Cleo 3 · Dan 4 · Ana 2"
    # issue 30 item 5: the same word as the progress line ('Deal 1 of 5'), not 'Round'
    assert EN("ui.round_playing", number=1, calls="Ben 3") == "Deal 1 in play: Ben 3"
    for lang in LANGUAGES:
        t = Translator(lang)
        word = t("ui.deal_n", n=1).split()[0]
        assert word in t("ui.round_playing", number=1, calls="Ben 3"), lang


def test_each_players_tricks_row_says_their_call():
    game = Game.new("call-break", NAMES, first_dealer=0).announce({"calls": [2, 3, 3, 4]})
    entry = new_entry(draft_for_game(game), lambda: None, EN, on_calls=lambda calls: True)
    rows = [entry.trick_names[i].value for i in calling_order(0)]
    assert rows == ["Ben · called 3", "Cleo · called 3", "Dan · called 4", "Ana · called 2"]
    assert entry.calls_line.value == "Calls kept: Ben 3 · Cleo 3 · Dan 4 · Ana 2"
    entry._call(3, 5)  # a call changed: its row follows
    assert entry.trick_names[3].value == "Dan · called 5"
    fresh = new_entry(draft_for_game(Game.new("call-break", NAMES, first_dealer=0)),
                      lambda: None, EN)
    assert fresh.trick_names[1].value == "Ben"  # no call yet: the name alone


# --- 2. every screen opens at its top ---------------------------------------------------------


def test_another_screen_is_scrolled_to_its_top_and_a_redraw_stays(app):  # noqa: F811
    scheduled: list[str] = []
    app.page.run_task = lambda handler, *args, **kwargs: scheduled.append(handler.__name__)
    game = app.keeper.store.save(Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0,
                                           end="target=100"))
    app.route = "/"
    app.show()  # the first screen: nothing to scroll yet
    app.show()  # the same screen again (a tap, another phone): it stays where it was
    assert "_to_top" not in scheduled
    app.route = f"/game/{game.id}"
    app.show()
    assert scheduled.count("_to_top") == 1
    app.show()
    assert scheduled.count("_to_top") == 1


# --- 5. MiniBridge counts ---------------------------------------------------------------------


def test_the_first_minibridge_deal_opens_on_the_counts_and_then_follows_the_table():
    from scorer.rules.minibridge import MiniBridgeDeal

    game = Game.new("minibridge", NAMES, first_dealer=2)
    assert draft_for_game(game).use_hcp is True
    picked = game.add_deal(MiniBridgeDeal(1, Contract.parse("1S"), 7))
    assert draft_for_game(picked).use_hcp is False  # a table that picks, picks again
    entry = new_entry(draft_for_game(game), lambda: None, EN)
    assert entry.hcp_box.visible and not entry.declarer_box.visible


def test_the_count_boxes_stay_in_seat_order_whoever_deals():
    for dealer in range(4):
        game = Game.new("minibridge", NAMES, first_dealer=dealer)
        entry = new_entry(draft_for_game(game), lambda: None, EN)
        rows = entry.hcp_box.controls[1:3]
        labels = [field.label for row in rows for field in row.controls]
        assert labels == ["North points (Ana)", "East points (Ben)", "South points (Cleo)",
                          "West points (Dan)"], dealer


def test_any_one_missing_count_is_filled_in_for_every_dealer():
    counts = ["12", "9", "11", "8"]
    for dealer in range(4):
        for missing in range(4):
            draft = draft_for_game(Game.new("minibridge", NAMES, first_dealer=dealer))
            filled = None
            for seat in range(4):
                if seat != missing:
                    filled = draft.type_count(seat, counts[seat])
            assert filled == missing and draft.hcp == counts, (dealer, missing)
            assert draft.evaluate().note is not None  # the counts name the declarer
            assert draft.type_count((missing + 1) % 4, "") == missing  # one cleared: unknown
            assert draft.hcp[missing] == ""


def test_a_deal_whose_declarer_was_picked_is_corrected_as_picked():
    from scorer.rules.minibridge import MiniBridgeDeal

    game = Game.new("minibridge", NAMES, first_dealer=0)
    game = game.add_deal(MiniBridgeDeal(2, Contract.parse("3NT"), 9))
    draft = draft_of_deal(game, 1)
    assert draft.use_hcp is False and draft.evaluate().score.points == (400, 0)


# --- 3. one rubber hand checked: one answer, in the app and from `scorer check` ---------------


@pytest.mark.parametrize(("contract", "tricks", "vul", "honours", "points"), [
    ("4HX", 11, (True, False), "declarer:100", (590, 0)),  # the hand the table checked
    ("2S", 9, (False, False), None, (90, 0)),  # a part score
    ("4S", 8, (True, True), "defenders:100", (0, 300)),  # down 2 vulnerable, defenders' honours
    ("6NT", 12, (False, False), None, (690, 0)),  # a slam bonus is the hand's own
])
def test_a_rubber_hand_checked_in_the_app_is_what_the_cli_says(capsys, contract, tricks, vul,
                                                                honours, points):
    draft = new_draft("rubber-bridge", ("",) * 4, variant("rubber-bridge").parse_rules({}))
    parsed = Contract.parse(contract)
    draft.declarer = 2  # South
    draft.level, draft.strain, draft.doubling = parsed.level, parsed.strain, parsed.doubling
    draft.tricks, draft.honours, draft.check_vul = tricks, honours, vul
    evaluation = draft.evaluate()
    assert evaluation.score.points == points  # no game or rubber bonus: one hand
    args = ["check", "rubber", "--contract", contract, "--tricks", str(tricks),
            "--vulnerable", "yes" if vul[0] else "no", "--json"]
    assert main(args + (["--honors", honours] if honours else [])) == 0
    cli = json.loads(capsys.readouterr().out)
    assert (cli["declarer"], cli["defenders"]) == points
    assert [line["text"] for line in cli["lines"]] == [EN.line(line)
                                                       for line in evaluation.score.lines]
    last = evaluation.score.lines[-1]  # the lines arrive at the headline
    assert last.points == max(points)
    entry = new_entry(draft, lambda: None, EN)
    assert entry.status(evaluation).endswith(f"N-S {points[0]} · E-W {points[1]}")


def test_check_a_score_lists_the_callers_in_seat_order_as_the_cli_takes_them():
    """Issue 30 item 5: Check a score's Call Break began with Player 2 (the first caller
    after an unseen dealer) while `scorer check call-break --calls` is in seat order."""
    from scorer.ui.screens.check import ScoreCheck

    state = ScoreCheck()
    state.reset("call-break", EN)
    entry = new_entry(state.hand(EN), lambda: None, EN)
    labels = [c.label for c in walk(entry.controls)
              if str(getattr(c, "label", "")).endswith(" calls 3")]
    assert labels == [f"Player {n} calls 3" for n in (1, 2, 3, 4)]
