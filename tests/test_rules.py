"""The pure scoring layer: contracts, each variant's scoring at every boundary, house rules."""

from __future__ import annotations

import pytest
from docs_examples import examples, rule_map
from hypothesis import given
from hypothesis import strategies as st
from strategies import text

from scorer.i18n import Translator
from scorer.rules import Contract, Doubling, InvalidInput, Strain, variant
from scorer.rules.call_break import CallBreakRules, as_decimal, score_call, score_calls
from scorer.rules.draw_bridge import DrawBridgeRules
from scorer.rules.draw_bridge import score_contract as draw
from scorer.rules.minibridge import declarer_from_hcp, is_game, seat_index
from scorer.rules.minibridge import score_contract as mini

EN = Translator("en")

# --- contracts -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubling", "canonical"),
    [
        ("1C", 1, Strain.CLUBS, Doubling.UNDOUBLED, "1C"),
        ("4hx", 4, Strain.HEARTS, Doubling.DOUBLED, "4HX"),
        ("3nt", 3, Strain.NOTRUMP, Doubling.UNDOUBLED, "3NT"),
        ("7NTXX", 7, Strain.NOTRUMP, Doubling.REDOUBLED, "7NTXX"),
        ("2♠", 2, Strain.SPADES, Doubling.UNDOUBLED, "2S"),
        ("5♦X", 5, Strain.DIAMONDS, Doubling.DOUBLED, "5DX"),
        ("6♥xx", 6, Strain.HEARTS, Doubling.REDOUBLED, "6HXX"),
        ("1♣", 1, Strain.CLUBS, Doubling.UNDOUBLED, "1C"),
        (" 3 N ", 3, Strain.NOTRUMP, Doubling.UNDOUBLED, "3NT"),
    ],
)
def test_contract_parse(text, level, strain, doubling, canonical):
    contract = Contract.parse(text)
    assert (contract.level, contract.strain, contract.doubling) == (level, strain, doubling)
    assert str(contract) == canonical
    assert eval(repr(contract), {"Contract": Contract}) == contract


@pytest.mark.parametrize("text", ["", "0H", "8S", "4", "H", "4Z", "4HXXX", "4H X Y", "44H", "-1C"])
def test_contract_parse_rejects(text):
    with pytest.raises(InvalidInput) as info:
        Contract.parse(text)
    assert info.value.field == "contract"
    assert "level 1-7" in str(info.value)


contracts = st.builds(
    Contract, st.integers(1, 7), st.sampled_from(Strain), st.sampled_from(Doubling)
)


@given(contracts)
def test_contract_round_trip(contract):
    assert Contract.parse(str(contract)) == contract
    assert Contract.parse(str(contract).lower()) == contract


@given(text(max_size=8))
def test_contract_parse_never_raises_anything_else(text):
    try:
        contract = Contract.parse(text)
    except InvalidInput:
        return
    assert 1 <= contract.level <= 7


def test_invalid_input_is_a_value_error_naming_the_field():
    error = InvalidInput("tricks", 14, "is not between 0 and 13")
    assert isinstance(error, ValueError)
    assert str(error) == "tricks: 14 is not between 0 and 13"


# --- Draw Bridge -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "row", examples("draw-bridge"), ids=lambda r: f"{r['contract']}-{r['tricks']}"
)
def test_draw_bridge_documented_examples(row):
    rules = variant("draw-bridge").parse_rules(rule_map(row["rules"]))
    result = draw(Contract.parse(row["contract"]), int(row["tricks"]), rules)
    assert (result.declarer_points, result.defender_points) == (int(row["declarer"]),
                                                                int(row["defenders"]))


def _expected_made(level: int, strain: Strain, tricks: int) -> int:
    over = tricks - 6
    if strain is Strain.NOTRUMP:
        return 40 + 30 * (over - 1)
    return over * (20 if strain in (Strain.CLUBS, Strain.DIAMONDS) else 30)


VALUES = {Strain.CLUBS: 20, Strain.DIAMONDS: 20, Strain.HEARTS: 30, Strain.SPADES: 30}


@pytest.mark.parametrize("strain", list(Strain))
@pytest.mark.parametrize("level", range(1, 8))
def test_draw_bridge_every_level_and_strain_made_exactly(level, strain):
    # Independent arithmetic: NT = 10 + 30 per trick over six, suits = value per trick.
    expected = 10 + 30 * level if strain is Strain.NOTRUMP else VALUES[strain] * level
    result = draw(Contract(level, strain), 6 + level, DrawBridgeRules())
    assert result.made and result.declarer_points == expected and result.defender_points == 0
    one_short = draw(Contract(level, strain), 5 + level, DrawBridgeRules())
    assert not one_short.made and (one_short.declarer_points, one_short.defender_points) == (0, 0)


@pytest.mark.parametrize(
    ("contract", "tricks", "points"),
    [
        ("1C", 13, 140),
        ("1H", 8, 60),
        ("2NT", 9, 100),
        ("4HX", 11, 300),
        ("4HXX", 11, 600),
        ("6SXX", 12, 720),
        ("7NTXX", 13, 880),
        ("7NTX", 13, 440),
        ("1NTXX", 7, 160),
    ],
)
def test_draw_bridge_overtricks_and_doubling(contract, tricks, points):
    assert draw(Contract.parse(contract), tricks, DrawBridgeRules()).declarer_points == points


@pytest.mark.parametrize(
    ("contract", "tricks", "opponent"),
    [
        ("4S", 9, 50),
        ("4S", 8, 100),
        ("4SX", 9, 100),
        ("4SX", 8, 200),
        ("4SXX", 9, 200),
        ("4SXX", 8, 400),
        ("7NTXX", 0, 2600),
        ("7NT", 12, 50),
        ("1C", 0, 350),
    ],
)
def test_draw_bridge_undertricks_house_rule(contract, tricks, opponent):
    result = draw(Contract.parse(contract), tricks, DrawBridgeRules(undertricks=True))
    assert (result.made, result.declarer_points, result.defender_points) == (False, 0, opponent)
    default = draw(Contract.parse(contract), tricks, DrawBridgeRules())
    assert (default.declarer_points, default.defender_points) == (0, 0)
    assert "nothing" in EN.line(default.lines[-1])


def test_draw_bridge_explanation_lines():
    result = draw(Contract.parse("1SX"), 9, DrawBridgeRules())
    assert [EN.line(line) for line in result.lines] == [
        "3 tricks over six in spades: 3 × 30 = 90",
        "doubled: 90 × 2 = 180",
        "declarer scores 180",
    ]
    assert EN.render(result.result) == "made +2"
    nt = draw(Contract.parse("7NTXX"), 13, DrawBridgeRules())
    assert EN.line(nt.lines[0]) == "7 tricks over six in no-trump: 40 + 6 × 30 = 220"
    assert EN.line(nt.lines[1]) == "redoubled: 220 × 4 = 880"


@pytest.mark.parametrize("tricks", [-1, 14, 100, "x", None, 3.5, True, "0\x1f", "٣"])
def test_draw_bridge_rejects_impossible_tricks(tricks):
    with pytest.raises(InvalidInput) as info:
        draw(Contract.parse("4H"), tricks, DrawBridgeRules())
    assert info.value.field == "tricks"


# --- MiniBridge ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "row", examples("minibridge"), ids=lambda r: f"{r['contract']}-{r['tricks']}"
)
def test_minibridge_documented_examples(row):
    result = mini(Contract.parse(row["contract"]), int(row["tricks"]))
    assert (result.declarer_points, result.defender_points) == (int(row["declarer"]),
                                                                int(row["defenders"]))


@pytest.mark.parametrize(
    ("contract", "game"),
    [
        ("2NT", False),
        ("3NT", True),
        ("3S", False),
        ("4S", True),
        ("3H", False),
        ("4H", True),
        ("4C", False),
        ("5C", True),
        ("4D", False),
        ("5D", True),
        ("7C", True),
        ("1NT", False),
    ],
)
def test_minibridge_game_boundary(contract, game):
    parsed = Contract.parse(contract)
    assert is_game(parsed) is game
    made = mini(parsed, parsed.tricks_needed)
    bonus = 300 if game else 50
    assert (
        made.declarer_points
        == _expected_made(parsed.level, parsed.strain, parsed.tricks_needed) + bonus
    )


@pytest.mark.parametrize(("tricks", "defenders"), [(9, 50), (8, 100), (0, 500)])
def test_minibridge_undertricks(tricks, defenders):
    result = mini(Contract.parse("4S"), tricks)
    assert (result.made, result.declarer_points, result.defender_points) == (False, 0, defenders)


@pytest.mark.parametrize("contract", ["4HX", "3NTXX", "1CX"])
def test_minibridge_rejects_doubles(contract):
    with pytest.raises(InvalidInput, match="no doubles"):
        mini(Contract.parse(contract), 9)


@pytest.mark.parametrize(
    "row", examples("minibridge-hcp"), ids=lambda r: f"{r['hcp']}-{r['dealer']}"
)
def test_minibridge_declarer_from_hcp(row):
    found = declarer_from_hcp([int(x) for x in row["hcp"].split(",")], seat_index(row["dealer"]))
    if row["declarer"] == "redeal":
        assert found.redeal and found.declarer is None
    else:
        assert not found.redeal
        assert (found.declarer, found.dummy) == (
            seat_index(row["declarer"]),
            seat_index(row["dummy"]),
        )


@pytest.mark.parametrize(
    ("hcp", "field"),
    [
        ([10, 10, 10, 11], "hcp"),
        ([38, 0, 2, 0], "hcp N"),
        ([10, 10, 10], "hcp"),
        ([10, -1, 21, 10], "hcp E"),
        ("10,10,10,10", "hcp"),
    ],
)
def test_minibridge_hcp_rejected(hcp, field):
    with pytest.raises(InvalidInput) as info:
        declarer_from_hcp(hcp, 0)
    assert info.value.field == field


# --- Call Break ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "row", examples("call-break"), ids=lambda r: f"{r['call']}-{r['tricks']}-{r['rules']}"
)
def test_call_break_documented_examples(row):
    rules = variant("call-break").parse_rules(rule_map(row["rules"]))
    assert score_call(int(row["call"]), int(row["tricks"]), rules).points == int(row["points"])


@pytest.mark.parametrize(
    ("call", "tricks", "limit", "points"),
    [
        (2, 0, 2, -20),
        (2, 2, 2, 20),
        (2, 4, 2, 22),
        (2, 5, 2, -20),
        (5, 7, 2, 52),
        (5, 8, 2, -50),
        (5, 8, None, 53),
        (13, 13, 2, 130),
        (13, 12, 2, -130),
        (6, 13, None, 67),
        (6, 13, 2, -60),
    ],
)
def test_call_break_boundaries(call, tricks, limit, points):
    assert score_call(call, tricks, CallBreakRules(overtrick_limit=limit)).points == points


def test_call_break_round_and_decimals():
    score = score_calls([4, 3, 2, 4], [5, 3, 1, 4], CallBreakRules())
    assert score.points == (41, 30, -20, 40)
    assert [as_decimal(p) for p in score.points] == ["4.1", "3.0", "-2.0", "4.0"]
    assert EN.line(score.lines[2]) == "Player 3 called 2, took 1: fewer than called, -2 × 10 = -20"


@pytest.mark.parametrize(
    ("calls", "tricks", "rules", "field"),
    [
        ([4, 3, 2], [5, 3, 1, 4], {}, "calls"),
        ([4, 3, 1, 4], [5, 3, 1, 4], {}, "calls of player 3"),
        ([4, 3, 2, 14], [5, 3, 1, 4], {}, "calls of player 4"),
        ([4, 3, 2, 4], [5, 3, 1, 3], {}, "tricks"),
        ([4, 3, 2, 4], [5, 3, 1, 5], {}, "tricks"),
        ([4, 3, 2, 4], [14, 0, 0, -1], {}, "tricks of player 1"),
        ([4, 3, 0, 4], [5, 3, 1, 4], {"min_call": "1"}, "calls of player 3"),
    ],
)
def test_call_break_rejects(calls, tricks, rules, field):
    with pytest.raises(InvalidInput) as info:
        score_calls(calls, tricks, variant("call-break").parse_rules(rules))
    assert info.value.field == field


def test_call_break_min_call_one_allows_one():
    rules = variant("call-break").parse_rules({"min_call": "1"})
    assert score_calls([1, 3, 2, 4], [1, 4, 4, 4], rules).points == (10, 31, 22, 40)


def test_tricks_not_totalling_13_names_the_totals():
    with pytest.raises(InvalidInput, match=r"5 \+ 3 \+ 1 \+ 3 = 12, not 13"):
        score_calls([4, 3, 2, 4], [5, 3, 1, 3], CallBreakRules())


# --- house rules and registry -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "rules", "expected"),
    [
        ("draw-bridge", {}, {"undertricks": False}),
        ("draw-bridge", {"undertricks": "on"}, {"undertricks": True}),
        ("minibridge", {"redeal_passes": "yes"}, {"redeal_passes": True}),
        ("call-break", {}, {"overtrick_limit": 2, "eight_plus": False, "min_call": 2}),
        (
            "call-break",
            {"overtrick_limit": "none", "eight_plus": "on", "min_call": "1"},
            {"overtrick_limit": None, "eight_plus": True, "min_call": 1},
        ),
    ],
)
def test_house_rules_parse_and_round_trip(game, rules, expected):
    v = variant(game)
    parsed = v.parse_rules(rules)
    assert parsed.to_dict() == expected
    assert v.parse_rules(parsed.to_dict()) == parsed


@pytest.mark.parametrize(
    ("game", "rules", "field"),
    [
        ("draw-bridge", {"undertrick": "on"}, "rule"),
        ("draw-bridge", {"undertricks": "2"}, "undertricks"),
        ("minibridge", {"undertricks": "on"}, "rule"),
        ("call-break", {"min_call": "3"}, "min_call"),
        ("call-break", {"overtrick_limit": "3"}, "overtrick_limit"),
        ("call-break", {"eight_plus": "maybe"}, "eight_plus"),
    ],
)
def test_unknown_rule_or_value_is_an_error(game, rules, field):
    with pytest.raises(InvalidInput) as info:
        variant(game).parse_rules(rules)
    assert info.value.field == field


@pytest.mark.parametrize(
    ("name", "canonical"),
    [
        ("draw-bridge", "draw-bridge"),
        ("MiniBridge", "minibridge"),
        ("callbreak", "call-break"),
        ("call-bridge", "call-break"),
    ],
)
def test_registry_finds_variants_by_name_and_alias(name, canonical):
    assert variant(name).name == canonical


def test_registry_rejects_unknown_game():
    with pytest.raises(InvalidInput, match="game: poker is not one of"):
        variant("poker")


# --- any input: a score or the domain error --------------------------------------------------

anything = st.one_of(st.integers(-3, 16), text(max_size=3), st.none(), st.booleans())


@given(st.sampled_from(["4H", "3NT", "7NTXX", "1CX"]), anything, st.booleans())
def test_draw_bridge_any_input_scores_or_raises_domain_error(contract, tricks, undertricks):
    try:
        result = draw(Contract.parse(contract), tricks, DrawBridgeRules(undertricks))
    except InvalidInput:
        return
    assert result.declarer_points >= 0 and result.defender_points >= 0
    assert result.declarer_points == 0 or result.defender_points == 0


@given(st.lists(anything, max_size=5), st.lists(anything, max_size=5))
def test_call_break_any_input_scores_or_raises_domain_error(calls, tricks):
    try:
        score = score_calls(calls, tricks, CallBreakRules())
    except InvalidInput:
        return
    assert len(score.points) == 4 and sum(score.lines[i].points for i in range(4)) == sum(
        score.points
    )


@given(st.integers(1, 7), st.sampled_from(Strain), st.integers(0, 13))
def test_minibridge_valid_input_always_scores_one_side(level, strain, tricks):
    result = mini(Contract(level, strain), tricks)
    assert (result.declarer_points > 0) == result.made
    assert (result.defender_points > 0) == (not result.made)


# --- what a variant answers about itself ------------------------------------------------------


def test_each_variant_says_which_party_a_player_plays_for():
    assert [variant("draw-bridge").party_of(p) for p in range(2)] == [0, 1]
    assert [variant("call-break").party_of(p) for p in range(4)] == [0, 1, 2, 3]
    for name in ("minibridge", "rubber-bridge", "chicago"):
        assert [variant(name).party_of(p) for p in range(4)] == [0, 1, 0, 1]
    assert [variant("team-match").party_of(p) for p in range(2)] == [0, 1]


def test_seats_are_read_by_the_variant_that_names_them():
    mini = variant("minibridge")
    assert [mini.parse_seat(s, "dealer") for s in ("N", "east", " s ", "West", "2", 1)] == [
        0, 1, 2, 3, 2, 1]
    with pytest.raises(InvalidInput, match="^dealer: X is not one of N, E, S, W$"):
        mini.parse_seat("X", "dealer")
    with pytest.raises(InvalidInput, match="^dealer: N is not a whole number between 0 and 1$"):
        variant("draw-bridge").parse_seat("N", "dealer")  # two players, no seat names
    assert variant("chicago").parse_seat("w") == 3


def test_only_single_hand_variants_take_check_options():
    from scorer.rules import VARIANTS, checks_of

    assert [n for n, v in VARIANTS.items() if checks_of(v) is not None] == [
        "draw-bridge", "minibridge", "call-break"]
    assert checks_of(variant("chicago")) is None  # not scored one hand at a time
    mini = checks_of(variant("minibridge"))
    assert mini is not None
    hand = mini.check_hand({"hcp": "12,10,9,9", "dealer": "N",
                                             "contract": "3NT", "tricks": "10"},
                                            variant("minibridge").parse_rules())
    assert hand.first is not None and hand.first.figures["declarer"] == "N"
    assert dict(hand.figures) == {"made": True, "declarer": 430, "defenders": 0}  # 130 + 300
    assert hand.result is not None and hand.result.key == "result.over"
