"""Deal entry for the contract bridge games, without a client: a draft filled as a player fills
it scores what the core scores, says what is missing or wrong, and is kept and taken back; the
controls of every input module carry the names players and tests find them by."""

from __future__ import annotations

from dataclasses import fields

import flet as ft
import pytest
from controls import walk

from scorer.game import Game
from scorer.i18n import Translator
from scorer.rules import (
    CHECK_FIRST,
    NEW_GAME_FIRST,
    VARIANTS,
    Contract,
    Doubling,
    Strain,
    variant,
)
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract_bridge import Honours, score_rubber
from scorer.rules.team_match import TeamBoard
from scorer.ui.entry import (
    ENTRIES,
    DealDraft,
    draft_for_game,
    draft_of_deal,
    entry_for,
    new_draft,
    new_entry,
)
from scorer.ui.entry.bridge import BridgeDraft
from scorer.ui.entry.common import ContractDraft, ContractFields
from scorer.ui.entry.team_match import TableDraft, TeamMatchDraft
from scorer.ui.new_game_form import NewGameForm
from scorer.ui.screens.check import ScoreCheck
from scorer.ui.screens.frame import checkable_variant_names, variant_names

EN = Translator("en")
PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]  # North, East, South, West


def problem(draft):
    found = draft.evaluate().problem
    return None if found is None else EN.render(found)


def play(draft, declarer, contract, tricks, honours=None):
    """Tap a deal in as a player does: declarer, level, strain, doubling, tricks, honours."""
    parsed = Contract.parse(contract)
    draft.declarer, draft.level, draft.strain = declarer, parsed.level, parsed.strain
    draft.doubling, draft.tricks = parsed.doubling, tricks
    if honours is not None:
        draft.honours = honours
    return draft


def rubber(first_dealer=0, **kw):
    return Game.new("rubber-bridge", PLAYERS, first_dealer=first_dealer, **kw)


def saved(game, draft):
    evaluation = draft.evaluate()
    assert evaluation.can_save, EN.render(evaluation.problem)
    return game.add_deal(evaluation.deal)


def labels(controls):
    """Every accessible name in a tree of controls, in order."""
    return [c.label for c in walk(controls) if isinstance(c, ft.Semantics) and c.label]


# --- the registry ---------------------------------------------------------------------------


def test_every_variant_finds_its_input_module():
    assert sorted(ENTRIES) == ["bridge", "call_break", "draw_bridge", "minibridge", "team_match"]
    assert entry_for("rubber").draft is entry_for("chicago").draft is BridgeDraft
    assert isinstance(new_draft("team-match", ("A", "B"), None), TeamMatchDraft)
    draft = draft_for_game(rubber())
    assert type(draft) is BridgeDraft and isinstance(draft, DealDraft)


def test_the_screens_start_on_the_games_the_registry_names():
    assert (NEW_GAME_FIRST, CHECK_FIRST) == ("minibridge", "draw-bridge")  # as players know them
    assert NewGameForm().variant_name == NEW_GAME_FIRST
    assert ScoreCheck().hand(EN).variant_name == CHECK_FIRST
    assert CHECK_FIRST in checkable_variant_names()
    assert tuple(VARIANTS) == variant_names()
    assert variant_names()[:3] == ("draw-bridge", "minibridge", "call-break")


# --- rubber bridge --------------------------------------------------------------------------


def test_rubber_deal_in_taps_scores_as_the_core():
    game = rubber()
    draft = draft_for_game(game)
    reasons = []
    for name, value in (("declarer", 2), ("level", 4), ("strain", Strain.HEARTS),
                        ("tricks", 11)):
        reasons.append(problem(draft))
        setattr(draft, name, value)
    assert reasons == ["choose the declarer", "choose the contract's level",
                       "choose the contract's strain", "choose the tricks declarer took"]
    draft.doubling = Doubling.DOUBLED
    evaluation = draft.evaluate()
    assert evaluation.deal == BridgeDeal(2, Contract.parse("4HX"), 11)
    core = score_rubber(Contract.parse("4HX"), 11, False)
    assert evaluation.score.points == (core.declarer_below + core.declarer_above, 0) == (390, 0)
    assert EN.summary(evaluation.score) == "4HX by Cleo (South): made +1"
    assert draft.points_text(evaluation) == "Ana & Cleo 390 · Ben & Dan 0"
    assert evaluation.score == saved(game, draft).records[-1].score


def test_vulnerability_follows_the_rubber_and_a_correction_sees_it_as_it_was():
    game = saved(rubber(), play(draft_for_game(rubber()), 0, "4S", 10))  # N-S game
    draft = draft_for_game(game)
    assert EN.render(draft.dealing()) == "Ben (East) deals · vulnerable: N-S"
    play(draft, 2, "2HX", 7)  # vulnerable, doubled, down 1: 200 to E-W
    assert draft.evaluate().score.points == (0, 200)
    game = saved(game, draft)
    again = draft_of_deal(game, 1)  # the first deal was played with nobody vulnerable
    assert again.vulnerable() == (False, False) and again.to_dict() == {
        "passed_out": False, "declarer": 0, "level": 4, "strain": "S", "doubling": "",
        "tricks": 10, "honours": None}
    assert draft_of_deal(game, 2).vulnerable() == (True, False)
    assert again.evaluate().score == game.records[0].score


def test_honours_only_as_the_contract_allows():
    draft = play(draft_for_game(rubber()), 1, "3NT", 9, honours="declarer:100")
    assert problem(draft) == ("at no-trump only the four aces in one hand score honours: "
                              "choose 150")
    draft.honours = "declarer:150"
    assert draft.evaluate().deal.honours == Honours(True, 150)
    assert draft.evaluate().score.points == (0, 100 + 150)
    draft.strain, draft.honours, draft.tricks = Strain.SPADES, "defenders:100", 8  # 3S down 1
    assert draft.evaluate().score.points == (50 + 100, 0)  # honours count for the defenders too


def test_passed_out_deal_scores_nothing():
    game = rubber()
    draft = play(draft_for_game(game), 0, "1C", 7)
    draft.passed_out = True
    evaluation = draft.evaluate()
    assert evaluation.can_save and evaluation.deal == BridgeDeal()
    assert evaluation.score.points == (0, 0) and not draft.is_blank()
    assert saved(game, draft).dealer == 1


def test_bridge_draft_round_trip_and_refusals():
    game = rubber()
    draft = play(draft_for_game(game), 3, "6DXX", 12, honours="defenders:150")
    kept = draft.to_dict()
    again = draft_for_game(game)
    assert again.is_blank() and again.restore(kept) and again.to_dict() == kept
    assert again.evaluate().score == draft.evaluate().score
    for bad in ({**kept, "honours": "declarer:120"}, {**kept, "level": 8},
                {**kept, "declarer": 4}, {k: v for k, v in kept.items() if k != "tricks"}):
        fresh = draft_for_game(game)
        assert not fresh.restore(bad) and fresh.is_blank()


# --- Chicago --------------------------------------------------------------------------------


def test_chicago_cycle_entered_deal_by_deal():
    game = Game.new("chicago", PLAYERS, first_dealer=0)
    seen = []
    for declarer, contract, tricks in ((0, "2S", 8), (1, "3NT", 8), (0, "2H", 8), (3, "2D", 8)):
        draft = draft_for_game(game)
        seen.append(EN.render(draft.dealing()))
        play(draft, declarer, contract, tricks)
        assert draft.evaluate().score == saved(game, draft).records[-1].score
        game = saved(game, draft)
    assert seen == ["Ana (North) deals · vulnerable: none", "Ben (East) deals · vulnerable: E-W",
                    "Cleo (South) deals · vulnerable: N-S", "Dan (West) deals · vulnerable: both"]
    # 2S (60) carried; 3NT down 1 vulnerable (100); 2H completes the game (60 + 60), N-S
    # vulnerable: 500; 2D on the fourth deal: a part score, 100
    assert [r.score.points for r in game.records] == [(60, 0), (100, 0), (60 + 500, 0),
                                                      (0, 40 + 100)]
    assert game.totals == (720, 140)
    assert game.is_over


def test_chicago_honours_only_when_the_house_rule_is_on():
    game = Game.new("chicago", PLAYERS, first_dealer=0)
    draft = play(draft_for_game(game), 0, "4H", 10, honours="declarer:100")
    assert not draft.honours_scored()
    assert problem(draft) == "honours are not scored under these house rules"
    draft.follow_rules()
    assert draft.honours is None and draft.evaluate().can_save
    on = Game.new("chicago", PLAYERS, first_dealer=0, rules={"honors": "on"})
    draft = play(draft_for_game(on), 0, "4H", 10, honours="declarer:100")
    assert draft.honours_scored() and draft.evaluate().score.points == (420 + 100, 0)


# --- team match -----------------------------------------------------------------------------


def team_game():
    return Game.new("team-match", ["Reds", "Blues"])


def fill_table(table, declarer, contract, tricks):
    parsed = Contract.parse(contract)
    table.declarer, table.level, table.strain = declarer, parsed.level, parsed.strain
    table.doubling, table.tricks = parsed.doubling, tricks


def test_team_board_from_both_tables():
    game = team_game()
    draft = draft_for_game(game)
    assert problem(draft) == "table 1: choose the declarer"
    fill_table(draft.tables[0], 0, "4S", 10)
    assert problem(draft) == "table 2: choose the declarer"
    fill_table(draft.tables[1], 0, "4S", 9)
    draft.tables[1].level = None
    assert problem(draft) == "table 2: choose the contract's level"
    draft.tables[1].level = 4
    evaluation = draft.evaluate()
    assert evaluation.deal == TeamBoard(BridgeDeal(0, Contract.parse("4S"), 10),
                                        BridgeDeal(0, Contract.parse("4S"), 9))
    assert evaluation.score.sheet.ns == (420, -50) and evaluation.score.points == (10, 0)
    assert EN.summary(evaluation.score) == "board 1: 10 IMPs to Reds"
    assert EN.render(draft.dealing()) == "Board 1: North deals · vulnerable: none"
    game = saved(game, draft)
    assert game.totals == (10, 0)
    second = draft_for_game(game)
    assert EN.render(second.dealing()) == "Board 2: East deals · vulnerable: N-S"
    second.tables[0].passed_out = second.tables[1].passed_out = True
    assert second.evaluate().score.points == (0, 0)


def test_team_draft_round_trip_and_correction():
    game = team_game()
    draft = draft_for_game(game)
    fill_table(draft.tables[0], 1, "3NTX", 7)
    draft.tables[1].passed_out = True
    kept = draft.to_dict()
    again = draft_for_game(game)
    assert again.is_blank() and again.restore(kept) and again.to_dict() == kept
    assert not draft_for_game(game).restore({"tables": [kept["tables"][0]]})
    assert not draft_for_game(game).restore({"passed_out": True})
    game = saved(game, again)
    correcting = draft_of_deal(game, 1)
    assert correcting.to_dict() == kept and correcting.board == 1


def test_a_table_and_a_contract_game_share_one_contract_draft():
    """A table of a team match holds the contract fields every contract game's draft holds:
    declared once, checked, kept and taken back the same way."""
    contract = ["declarer", "level", "strain", "doubling", "tricks"]
    assert [f.name for f in fields(ContractFields)] == contract
    assert [f.name for f in fields(TableDraft)] == [*contract, "passed_out"]
    for name in ("draw-bridge", "minibridge", "rubber-bridge", "chicago"):
        draft = new_draft(name, ("A", "B", "C", "D")[:variant(name).player_count], None)
        assert isinstance(draft, ContractDraft) and isinstance(draft, ContractFields), name
    table, rubber_draft = TableDraft(), draft_for_game(rubber())
    said = []
    for step in ("declarer", "level", "strain", "tricks"):
        said.append((EN.render(table.contract_problem()),
                     EN.render(rubber_draft.contract_problem())))
        value = {"declarer": 3, "level": 3, "strain": Strain.NOTRUMP, "tricks": 8}[step]
        setattr(table, step, value)
        setattr(rubber_draft, step, value)
    assert said == [(m, m) for m in ("choose the declarer", "choose the contract's level",
                                      "choose the contract's strain",
                                      "choose the tricks declarer took")]
    table.doubling = rubber_draft.doubling = Doubling.REDOUBLED
    assert table.contract_problem() is None and table.contract == Contract.parse("3NTXX")
    kept = table.to_dict()
    assert kept == {"passed_out": False, **{k: v for k, v in rubber_draft.to_dict().items()
                                            if k in contract}}
    again = TableDraft()
    again.take(kept)
    assert again == table and again.result() == (BridgeDeal(3, Contract.parse("3NTXX"), 8), None)
    with pytest.raises(ValueError):
        TableDraft().take({**kept, "declarer": 4})  # four seats: 0 to 3
    filled = TableDraft()
    filled.fill(BridgeDeal(3, Contract.parse("3NTXX"), 8))
    assert filled == table


# --- new game -------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "end", "labels", "end_after"), [
    ("rubber-bridge", ("open", ""), ["North", "East", "South", "West"], ("rubbers", "2")),
    ("chicago", ("deals", "4"), ["North", "East", "South", "West"], ("deals", "8")),
    ("team-match", ("deals", "8"), ["Team 1", "Team 2"], ("open", "")),
])
def test_new_contract_bridge_game(game, end, labels, end_after):
    form = NewGameForm()
    form.choose(game)
    assert (form.end_kind, form.end_value) == end
    assert [EN.render(form.seat_label(i)) for i in range(len(form.names))] == labels
    form.names = ["Ana", "Ben", "Cleo", "Dan"][:len(labels)]
    form.end_kind, form.end_value = end_after
    assert form.problem() is None
    created = form.create()
    assert created.variant_name == game and str(created.end) == (
        "open" if end_after[0] == "open" else f"{end_after[0]}={end_after[1]}")
    form.end_value = "0" if end_after[0] != "open" else ""
    if end_after[0] == "rubbers":
        assert EN.render(form.problem()) == ("the number of rubbers must be a whole number "
                                             "from 1 to 100")


# --- the controls ---------------------------------------------------------------------------


def test_bridge_controls_name_seats_honours_and_hide_what_is_not_allowed():
    game = rubber()
    draft = draft_for_game(game)
    entry = new_entry(draft, lambda: None, EN)
    names = labels(entry.controls)
    for label in ("Passed out", "Declarer Ana", "Declarer Dan", "Level 7", "No-trump",
                  "Redoubled", "Tricks 13", "No honours", "Honours 150 to the defenders"):
        assert label in names
    entry.setter("strain")(Strain.NOTRUMP)
    hidden = [label for cell, label in zip(entry.honours_group.cells, (
        "none", "d100", "d150", "f100", "f150"), strict=True) if not cell.visible]
    assert hidden == ["d100", "f100"]
    chicago = new_entry(draft_for_game(Game.new("chicago", PLAYERS, first_dealer=0)),
                        lambda: None, EN)
    assert not chicago.honours_box.visible


def test_team_controls_name_each_table():
    entry = new_entry(draft_for_game(team_game()), lambda: None, EN)
    names = labels(entry.controls)
    assert "Table 1 Declarer North" in names and "Table 2 Tricks 9" in names
    assert "Table 2 Passed out" in names and len(names) == len(set(names))


@pytest.mark.parametrize(("game", "players", "expected"), [
    ("draw-bridge", ["Ana", "Ben"], ["Passed out", "Declarer Ana", "Level 1", "Clubs",
                                     "Undoubled", "Tricks 0"]),
    ("minibridge", PLAYERS, ["Pick the declarer", "Enter the points", "Redeal", "Declarer Ana",
                             "Level 1", "Clubs", "Tricks 0"]),
    ("call-break", PLAYERS, ["Change the calls", "Ben calls 13", "Ana took 0"]),
])
def test_source_games_keep_their_control_names(game, players, expected):
    entry = new_entry(draft_for_game(Game.new(game, players, first_dealer=0)),
                      lambda: None, EN)
    names = labels(entry.controls)
    assert [n for n in names if n in expected] == expected


def test_check_a_score_keeps_the_contract_across_games():
    old = new_draft("minibridge", ("",) * 4, None)
    old.level, old.strain, old.tricks = 3, Strain.NOTRUMP, 9
    new = new_draft("rubber-bridge", ("",) * 4, None)
    new.carry(old)
    assert (new.level, new.strain, new.tricks) == (3, Strain.NOTRUMP, 9)
    calls = new_draft("call-break", ("A", "B", "C", "D"), None)
    calls.carry(old)  # nothing in common
    assert calls.to_dict() == {"calls": [None] * 4, "taken": [None] * 4, "picked_tricks": []}


def test_new_game_form_offers_what_the_game_allows():
    assert NewGameForm("team-match").picks_dealer is False
    assert NewGameForm("chicago").picks_dealer is True
    assert NewGameForm("rubber-bridge").end_kinds == ["rubbers", "open"]
    assert NewGameForm("minibridge").end_kinds == ["target", "deals", "open"]


def test_check_a_score_picks_the_vulnerability_the_game_can_have():
    rules = Game.new("chicago", PLAYERS).rules
    draft = new_draft("chicago", ("",) * 4, rules, dealer=1)  # East deals
    entry = new_entry(draft, lambda: None, EN)
    names = labels(entry.controls)
    assert [n for n in names if n.startswith("Vulnerable")] == [
        "Vulnerable: none", "Vulnerable: E-W", "Vulnerable: both"]  # dealer's side, then all
    play(draft, 1, "4H", 10)
    assert draft.evaluate().score.points == (0, 420)
    draft.check_vul = (False, True)
    assert draft.evaluate().score.points == (0, 620)
    assert entry.status(draft.evaluate()) == "4H by East: made: N-S 0 · E-W 620"
    rubber_draft = play(new_draft("rubber-bridge", ("",) * 4, rubber().rules), 0, "2SX", 7)
    rubber_draft.check_vul = (True, True)
    assert rubber_draft.evaluate().score.points == (0, 200)  # doubled, vulnerable, down 1
    assert draft_for_game(rubber()).checking is False


def test_drafts_kept_by_the_previous_version_are_taken_back():
    """Before the split every draft kept every field; each module reads the ones it has."""
    old = {"passed_out": False, "redeal": False, "use_hcp": True, "hcp": ["12", "10", "9", ""],
           "declarer": None, "level": 3, "strain": "NT", "doubling": "", "tricks": 9,
           "calls": [None] * 4, "taken": [None] * 4, "picked_tricks": [],
           "typed_counts": [0, 1, 2]}
    mini = draft_for_game(Game.new("minibridge", PLAYERS, first_dealer=0))
    assert mini.restore(old) and mini.hcp == ["12", "10", "9", ""] and mini.level == 3
    draw = draft_for_game(Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0))
    assert draw.restore(old) and draw.strain is Strain.NOTRUMP and draw.tricks == 9
    calls = draft_for_game(Game.new("call-break", PLAYERS, first_dealer=0))
    assert calls.restore({**old, "calls": [3, 2, 4, 3]}) and calls.calls == [3, 2, 4, 3]
