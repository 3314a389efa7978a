"""The pure game model: seating, dealer, totals, outcome, corrections, serialization."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.game import Game, GameOver, Reason
from scorer.i18n import Translator
from scorer.rules import Contract, EndRule, InvalidInput
from scorer.rules.call_break import CallBreakDeal
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.rules.minibridge import MiniBridgeDeal

STAMP = "2026-11-30T12:00:00+00:00"
EN = Translator("en")


def clock():
    return STAMP


def db(declarer, contract, tricks):
    return DrawBridgeDeal(declarer, Contract.parse(contract), tricks)


def mb(declarer, contract, tricks):
    return MiniBridgeDeal(declarer, Contract.parse(contract), tricks)


def draw_game(**kw):
    return Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, now=clock, **kw)


def four(game, **kw):
    return Game.new(game, ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0, now=clock, **kw)


# --- Draw Bridge ------------------------------------------------------------------------------


def test_draw_bridge_game_to_target():
    game = draw_game(end="target=300")
    assert game.dealer == 0 and EN.render(game.openers()) == (
        "Ben leads the first stock trick; Ana bids first")
    game = game.add_deal(db(0, "4S", 10), now=clock)         # Ana 120
    assert game.dealer == 1
    game = game.add_deal(DrawBridgeDeal.passed(), now=clock)  # passed out, deal still passes
    assert game.dealer == 0 and game.totals == (120, 0)
    game = game.add_deal(db(1, "3NTX", 9), now=clock)         # Ben 200
    game = game.add_deal(db(0, "4HX", 8), now=clock)          # failed, default: nothing
    assert game.totals == (120, 200) and not game.is_over
    game = game.add_deal(db(0, "2NT", 9), now=clock)          # Ana 100 -> 220
    game = game.add_deal(db(1, "1C", 12), now=clock)          # Ben 120 -> 320
    assert game.is_over
    assert game.outcome.winners == (1,)
    assert (game.outcome.reason, game.outcome.number) == (Reason.TARGET, 300)
    assert EN.render(game.outcome.msg) == "reached the target of 300"
    stored = json.dumps(game.to_dict())  # the stored form holds numbers, never sentences
    assert "target of" not in stored and "made" not in stored
    assert [r.totals for r in game.records] == [(120, 0), (120, 0), (120, 200), (120, 200),
                                                (220, 200), (220, 320)]
    with pytest.raises(GameOver, match="game is over"):
        game.add_deal(db(0, "1C", 7))


def test_draw_bridge_undertricks_rule_is_stored_with_the_game():
    game = draw_game(rules={"undertricks": "on"}).add_deal(db(0, "4SX", 8), now=clock)
    assert game.totals == (0, 200)
    assert Game.from_dict(json.loads(json.dumps(game.to_dict()))).totals == (0, 200)
    assert "undertricks" in EN.render(game.rules_described()[0])


def test_draw_bridge_only_a_target_end():
    with pytest.raises(InvalidInput, match="end: deals is not allowed in Draw Bridge"):
        draw_game(end="deals=8")
    assert draw_game().end == EndRule("target", 500)


def test_random_first_dealer_is_seedable():
    dealers = {Game.new("call-break", list("ABCD"), rng=random.Random(seed)).first_dealer
               for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    again = [Game.new("draw-bridge", ["A", "B"], rng=random.Random(7)).first_dealer
             for _ in range(3)]
    assert len(set(again)) == 1


# --- MiniBridge -------------------------------------------------------------------------------


def test_minibridge_eight_deals_with_a_redeal():
    game = four("minibridge")
    assert game.parties == ("Ana & Cleo", "Ben & Dan")
    assert EN.render(game.progress()) == "deal 1 of 8"
    game = game.add_deal(mb(0, "3NT", 9), now=clock)                      # N-S 400
    assert game.dealer == 1
    redeal = MiniBridgeDeal.from_hcp([11, 10, 9, 10], dealer=1)
    assert redeal.redeal
    game = game.add_deal(redeal, now=clock)
    assert game.dealer == 1 and EN.render(game.progress()) == "deal 2 of 8"  # same dealer again
    deal = MiniBridgeDeal.from_hcp([5, 10, 5, 20], dealer=1, contract=Contract.parse("4S"),
                                   tricks=8)
    assert deal.declarer == 3
    game = game.add_deal(deal, now=clock)                                  # E-W down 2: N-S 100
    assert game.totals == (500, 0)
    for _ in range(6):
        game = game.add_deal(mb(1, "1D", 8), now=clock)                   # E-W 90 each
    assert game.is_over and len(game.deals) == 9 and game.deals_counted == 8
    assert game.totals == (500, 540) and game.outcome.winners == (1,)
    assert (game.outcome.reason, game.outcome.number) == (Reason.DEALS, 8)
    assert EN.render(game.outcome.msg) == "highest total after 8 deals"


def test_minibridge_redeal_passes_house_rule():
    game = four("minibridge", rules={"redeal_passes": "on"})
    game = game.add_deal(MiniBridgeDeal(redeal=True), now=clock)
    assert game.dealer == 1 and game.deals_counted == 1


def test_minibridge_declarer_must_match_the_points():
    deal = MiniBridgeDeal(0, Contract.parse("2H"), 8, hcp=(5, 10, 5, 20))
    with pytest.raises(InvalidInput, match="deal 1 declarer: N does not match the points"):
        four("minibridge").add_deal(deal)


def test_minibridge_tie_on_points_depends_on_dealer():
    tie = (15, 5, 15, 5)
    one_spade = Contract.parse("1S")
    east_deals = MiniBridgeDeal.from_hcp(tie, dealer=1, contract=one_spade, tricks=7)
    assert east_deals.declarer == 2  # E, S, W, N announce: South first
    assert MiniBridgeDeal.from_hcp(tie, dealer=0, contract=one_spade, tricks=7).declarer == 0
    game = four("minibridge").add_deal(mb(0, "1C", 7), now=clock)  # East deals next
    with pytest.raises(InvalidInput, match="deal 2 declarer: N does not match"):
        game.add_deal(MiniBridgeDeal(0, one_spade, 7, hcp=tie))
    assert game.add_deal(east_deals, now=clock).totals == (70 + 80, 0)


def test_minibridge_open_ended_game_closed_by_players_with_a_shared_win():
    game = four("minibridge", end="open")
    game = game.add_deal(mb(0, "1D", 8), now=clock).add_deal(mb(1, "1D", 8), now=clock)
    assert not game.is_over and EN.render(game.progress()) == "open-ended, 2 deals played"
    closed = game.close(now=clock)
    assert closed.outcome.winners == (0, 1) and closed.outcome.reason is Reason.CLOSED
    assert EN.render(closed.outcome.msg) == "ended by the players after 2 deals"
    reopened = closed.remove_last(now=clock)
    assert not reopened.is_over and reopened.totals == (90, 0)


def test_minibridge_target_end():
    game = four("minibridge", end=EndRule("target", 500))
    game = game.add_deal(mb(0, "3NT", 9), now=clock).add_deal(mb(3, "4S", 10), now=clock)
    assert not game.is_over
    game = game.add_deal(mb(2, "1C", 7), now=clock)  # 470: not yet
    assert not game.is_over
    game = game.add_deal(mb(2, "1C", 7), now=clock)  # 540
    assert game.is_over and game.outcome.winners == (0,) and game.totals == (540, 420)


def test_minibridge_first_dealer_by_seat_letter():
    assert Game.new("minibridge", list("ABCD"), first_dealer="W").first_dealer == 3


# --- Call Break -------------------------------------------------------------------------------


def test_call_break_twelve_rounds_shared_win():
    game = four("call-break")
    assert EN.render(game.openers()) == "Ben calls and leads first"
    for _ in range(12):
        game = game.add_deal(CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3)), now=clock)
    assert game.is_over
    assert game.totals == (12 * 31, 360, 360, 360)
    assert game.outcome.winners == (0,)
    game = game.correct(1, CallBreakDeal((3, 3, 3, 3), (3, 4, 3, 3)), now=clock)
    assert game.totals == (11 * 31 + 30, 361, 360, 360) and game.outcome.winners == (0,)


def test_call_break_shared_win_on_equal_totals():
    game = four("call-break", end="deals=2")
    game = game.add_deal(CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3)), now=clock)
    game = game.add_deal(CallBreakDeal((3, 3, 3, 3), (3, 4, 3, 3)), now=clock)
    assert game.outcome.winners == (0, 1)


def test_call_break_target_highest_wins_and_dealer_passes_on():
    game = four("call-break", end="target=150")
    dealers = []
    for _ in range(3):
        dealers.append(game.dealer)
        game = game.add_deal(CallBreakDeal((4, 2, 2, 5), (4, 2, 2, 5)), now=clock)
    assert dealers == [0, 1, 2]
    assert game.is_over and game.outcome.winners == (3,) and game.totals[3] == 150


def test_call_break_min_call_follows_the_games_rules():
    low = CallBreakDeal((1, 4, 4, 4), (1, 4, 4, 4))
    with pytest.raises(InvalidInput, match="below the minimum call of 2"):
        four("call-break").add_deal(low)
    assert four("call-break", rules={"min_call": 1}).add_deal(low, now=clock).totals[0] == 10


# --- corrections and history -----------------------------------------------------------------


def test_correction_keeps_history_and_recomputes():
    game = draw_game(end="target=500").add_deal(db(0, "4S", 10), now=clock)
    game = game.add_deal(db(1, "2H", 8), now=clock)
    fixed = game.correct(1, db(0, "4S", 11), now=lambda: "2026-12-01T10:00:00+00:00")
    assert fixed.totals == (150, 60)
    assert fixed.history[-1].to_dict() == {
        "deal": 1, "before": {"declarer": 0, "contract": "4S", "tricks": 10},
        "after": {"declarer": 0, "contract": "4S", "tricks": 11},
        "at": "2026-12-01T10:00:00+00:00"}
    removed = fixed.remove_last(now=clock)
    assert removed.totals == (150, 0) and removed.history[-1].after is None
    assert len(removed.history) == 2


def test_correction_that_would_end_the_game_early_is_refused():
    game = draw_game(end="target=100")
    game = game.add_deal(db(0, "1C", 8), now=clock).add_deal(db(1, "1C", 8), now=clock)
    with pytest.raises(InvalidInput, match="deal 2: recorded comes after the game ended at deal 1"):
        game.correct(1, db(0, "7NT", 13))


def test_correcting_a_missing_deal_is_refused():
    with pytest.raises(InvalidInput, match="deal"):
        draw_game().correct(3, db(0, "1C", 7))
    with pytest.raises(InvalidInput, match="no deals"):
        draw_game().remove_last()


# --- players and serialization --------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "match"),
    [("draw-bridge", ["A"], "players: 1 is the wrong number of players; Draw Bridge has 2"),
     ("call-break", ["A", "B", "C"], "Call Break has 4"),
     ("minibridge", ["A", "B", "", "D"], "player 3"),
     ("draw-bridge", ["Ana", "ana"], "same name twice"),
     ("draw-bridge", "AB", "is not a list")],
)
def test_players_checked(game, players, match):
    with pytest.raises(InvalidInput, match=match):
        Game.new(game, players, first_dealer=0)


def test_from_dict_refuses_tampered_points_and_versions():
    game = draw_game().add_deal(db(0, "4S", 10), now=clock)
    data = game.to_dict()
    data["deals"][0]["points"] = [999, 0]
    with pytest.raises(InvalidInput, match=r"deal 1 points: 999,0 do not match the rules"):
        Game.from_dict(data)
    data = game.to_dict()
    data["schema_version"] = 99
    with pytest.raises(InvalidInput, match="schema_version: 99 is not 1"):
        Game.from_dict(data)
    data = game.to_dict()
    data["deals"][0]["tricks"] = 14
    with pytest.raises(InvalidInput, match="deal 1 tricks: 14 is not between 0 and 13"):
        Game.from_dict(data)


# --- properties ------------------------------------------------------------------------------

draw_deals = st.one_of(
    st.just(DrawBridgeDeal()),
    st.builds(lambda d, lvl, s, x, t: DrawBridgeDeal(d, Contract.parse(f"{lvl}{s}{x}"), t),
              st.integers(0, 1), st.integers(1, 7), st.sampled_from("CDHS") | st.just("NT"),
              st.sampled_from(["", "X", "XX"]), st.integers(0, 13)),
)
mini_deals = st.one_of(
    st.just(MiniBridgeDeal(redeal=True)),
    st.builds(lambda d, lvl, s, t: MiniBridgeDeal(d, Contract.parse(f"{lvl}{s}"), t),
              st.integers(0, 3), st.integers(1, 7), st.sampled_from(["C", "D", "H", "S", "NT"]),
              st.integers(0, 13)),
)


@st.composite
def call_break_deals(draw):
    calls = tuple(draw(st.integers(2, 13)) for _ in range(4))
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    tricks = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2])
    return CallBreakDeal(calls, tricks)


@st.composite
def games(draw):
    name = draw(st.sampled_from(["draw-bridge", "minibridge", "call-break"]))
    deal = {"draw-bridge": draw_deals, "minibridge": mini_deals,
            "call-break": call_break_deals()}[name]
    players = ["Ana", "Ben"] if name == "draw-bridge" else ["Ana", "Ben", "Cleo", "Dan"]
    end = "target=100000" if name == "draw-bridge" else "open"
    rules = {"draw-bridge": {"undertricks": draw(st.booleans())},
             "minibridge": {"redeal_passes": draw(st.booleans())},
             "call-break": {"overtrick_limit": draw(st.sampled_from(["2", "none"])),
                            "eight_plus": draw(st.booleans())}}[name]
    game = Game.new(name, players, rules=rules, end=end, first_dealer=draw(st.integers(0, 1)),
                    now=clock)
    for d in draw(st.lists(deal, max_size=25)):
        game = game.add_deal(d, now=clock)
    return game


@settings(max_examples=60, deadline=None)
@given(games())
def test_totals_always_equal_the_sum_of_deals(game):
    n = len(game.parties)
    sums = tuple(sum(r.score.points[i] for r in game.records) for i in range(n))
    assert game.totals == sums


@settings(max_examples=60, deadline=None)
@given(games())
def test_to_dict_from_dict_round_trip(game):
    data = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(data)
    assert again == game
    assert again.totals == game.totals and again.outcome == game.outcome


@settings(max_examples=60, deadline=None)
@given(games(), st.data())
def test_correct_and_restore_gives_back_totals_and_outcome(game, data):
    if not game.deals:
        return
    number = data.draw(st.integers(1, len(game.deals)))
    original = game.deals[number - 1]
    other = game.deals[data.draw(st.integers(0, len(game.deals) - 1))]
    try:
        changed = game.correct(number, other, now=clock)
    except InvalidInput:
        return  # e.g. a minibridge redeal changes later dealers' points
    restored = changed.correct(number, original, now=clock)
    assert restored.totals == game.totals and restored.outcome == game.outcome
    assert restored.deals == game.deals
    assert len(restored.history) == len(game.history) + (2 if other != original else 0)


# --- names (issue 9 item 9) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("names", "message"),
    [(["Ana", "An\u200ba"], r"player 2: An\u200ba contains an invisible or control character "
                            "(U+200B)"),
     (["\u200b", "Ben"], "player 1"),
     (["Ana\u202e", "Ben"], "U+202E"),
     (["Ana", "Ben\x1b[2J"], "U+001B"),
     (["Ana\nLi", "Ben"], "U+000A"),
     (["Ana\x00", "Ben"], "U+0000"),
     (["Ana Li", "Ana  Li"], "same name twice"),
     (["Ana", " ana\u3000"], "same name twice"),
     (["Zoe\u0301", "Zo\u00e9"], "same name twice")],  # NFC: the same letters
)
def test_hostile_names_are_refused_with_a_message_naming_the_player(names, message):
    with pytest.raises(InvalidInput) as error:
        Game.new("draw-bridge", names, first_dealer=0)
    assert message in str(error.value)
    assert error.value.msg is not None and error.value.msg.key.startswith("error.name")


def test_names_are_normalised():
    game = Game.new("draw-bridge", ["  Ana \u00a0  Li ", "Zoe\u0301"], first_dealer=0)
    assert game.players == ("Ana Li", "Zo\u00e9")
    assert Game.new("draw-bridge", ["👩‍🌾", "李"], first_dealer=0).players == ("👩‍🌾", "李")


def test_stored_games_are_read_with_exact_types():
    doc = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0).to_dict()
    for field, value in (("closed", "false"), ("closed", 0), ("revision", "2"),
                         ("first_dealer", "1"), ("updated_at", "9999"), ("created_at", 5)):
        with pytest.raises(InvalidInput, match=field):
            Game.from_dict(doc | {field: value})


def _random_deal(name, rng, dealer=0):
    from scorer.rules.bridge_games import BridgeDeal
    from scorer.rules.team_match import TeamBoard

    contract = Contract.parse(f"{rng.randint(1, 7)}{rng.choice(['C', 'D', 'H', 'S', 'NT'])}"
                              f"{rng.choice(['', 'X', 'XX'])}")
    if name == "draw-bridge":
        return DrawBridgeDeal(rng.randrange(2), contract, rng.randrange(14))
    if name == "minibridge":  # a redeal (the same dealer deals again) one time in three
        if rng.randrange(3) == 0:
            return MiniBridgeDeal.from_hcp([11, 10, 9, 10], dealer=dealer)
        return MiniBridgeDeal(rng.randrange(4), Contract.parse(f"{rng.randint(1, 7)}NT"),
                              rng.randrange(14))
    if name in ("rubber-bridge", "chicago"):
        return BridgeDeal(rng.randrange(4), contract, rng.randrange(14))
    if name == "team-match":
        return TeamBoard(*(BridgeDeal(rng.randrange(4), contract, rng.randrange(14))
                           for _ in range(2)))
    cuts = sorted(rng.randrange(14) for _ in range(3))
    return CallBreakDeal(tuple(rng.randint(2, 8) for _ in range(4)),
                         (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]))


# Six games played deal after deal to their end (with _random_deal): name, players, end.
PLAYED_TO_END = [
    ("draw-bridge", ["Ana", "Ben"], "target=1500"),
    ("rubber-bridge", ["Ana", "Ben", "Cleo", "Dan"], "rubbers=3"),
    ("chicago", ["Ana", "Ben", "Cleo", "Dan"], "open"),
    ("team-match", ["Reds", "Blues"], "open"),
    ("call-break", ["Ana", "Ben", "Cleo", "Dan"], "deals=9"),
    ("minibridge", ["Ana", "Ben", "Cleo", "Dan"], "deals=12"),
]


@pytest.mark.parametrize(("name", "players", "end"), PLAYED_TO_END)
def test_a_deal_added_extends_the_replay_as_a_whole_replay_would(name, players, end):
    """add_deal replays only the new deal (issue 33): every derived figure, and the stored
    form, equal a replay of the whole game, deal after deal up to its end."""
    import dataclasses

    rng = random.Random(name)
    game = Game.new(name, players, end=end, first_dealer=0, now=clock)
    added = 0
    while not game.is_over and added < 60:
        deal = _random_deal(name, rng, game.dealer)
        try:
            game = game.add_deal(deal, now=clock)
        except InvalidInput:
            continue
        added += 1
        if added % 3 == 0:
            game.to_dict()  # the stored deals are kept from here on, and extended
        whole = dataclasses.replace(game)  # nothing carried over: replayed from the start
        assert game.records == whole.records
        assert (game.outcome, game.dealer, game.state, game.closing, game.totals) == \
            (whole.outcome, whole.dealer, whole.state, whole.closing, whole.totals)
        assert game.to_dict() == whole.to_dict()
        assert game.with_revision(5).to_dict() == whole.with_revision(5).to_dict()
    assert added > 3
    if game.is_over:
        with pytest.raises(GameOver):
            game.add_deal(_random_deal(name, rng), now=clock)


def test_a_games_stored_form_is_a_copy_the_game_does_not_share():
    game = draw_game(end="target=1000").add_deal(db(0, "1C", 7), now=clock)
    game.to_dict()["deals"][0]["points"][0] = 999
    game.to_dict()["deals"][0]["tricks"] = 13
    assert game.to_dict()["deals"][0] == {"declarer": 0, "contract": "1C", "tricks": 7,
                                          "points": [20, 0]}
