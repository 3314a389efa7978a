"""Contract bridge scoring of one contract: the Laws' tables, every boundary, and properties."""

from __future__ import annotations

import pytest
from docs_examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.i18n import LANGUAGES, Translator
from scorer.rules import Contract, Doubling, InvalidInput, Strain
from scorer.rules.boards import board_dealer, board_vulnerable, imps, imps_line
from scorer.rules.contract_bridge import Honours, score_duplicate, score_rubber
from scorer.rules.minibridge import seat_index

EN = Translator("en")

YES_NO = {"yes": True, "no": False}


def honours_of(text: str) -> Honours | None:
    return None if text == "-" else Honours.parse(text)


# --- the worked examples of the rules page ----------------------------------------------------


@pytest.mark.parametrize("row", examples("duplicate"),
                         ids=lambda r: f"{r['contract']}-{r['tricks']}-{r['vul']}")
def test_duplicate_documented_examples(row):
    result = score_duplicate(Contract.parse(row["contract"]), int(row["tricks"]),
                             YES_NO[row["vul"]])
    assert (result.declarer_points, result.defender_points) == (int(row["declarer"]),
                                                                int(row["defenders"]))
    assert result.made is (result.declarer_points > 0)
    assert result.lines[-1].points == result.declarer_points + result.defender_points


@pytest.mark.parametrize("row", examples("rubber-deal"),
                         ids=lambda r: f"{r['contract']}-{r['tricks']}-{r['vul']}-{r['honors']}")
def test_rubber_documented_examples(row):
    result = score_rubber(Contract.parse(row["contract"]), int(row["tricks"]),
                          YES_NO[row["vul"]], honours_of(row["honors"]))
    assert (result.declarer_below, result.declarer_above, result.defenders_above) == (
        int(row["below"]), int(row["above"]), int(row["defenders_above"]))


@pytest.mark.parametrize("row", examples("imps"), ids=lambda r: r["diff"])
def test_imps_documented_scale(row):
    assert imps(int(row["diff"])) == int(row["imps"])
    assert imps_line(int(row["diff"])).points == int(row["imps"])


VUL_WORDS = {"none": (False, False), "N-S": (True, False), "E-W": (False, True),
             "both": (True, True)}


@pytest.mark.parametrize("row", examples("boards"), ids=lambda r: r["board"])
def test_board_dealer_and_vulnerability(row):
    board = int(row["board"])
    assert board_dealer(board) == seat_index(row["dealer"])
    assert board_vulnerable(board) == VUL_WORDS[row["vul"]]


# --- boundaries, from independent arithmetic --------------------------------------------------

VALUE = {Strain.CLUBS: 20, Strain.DIAMONDS: 20, Strain.HEARTS: 30, Strain.SPADES: 30}


def expected_made_exactly(contract: Contract, vul: bool) -> int:
    """Law 77 written out once more, differently: per-level value, then the premiums."""
    level, strain, mult = contract.level, contract.strain, contract.doubling.multiplier
    trick = (10 + 30 * level if strain is Strain.NOTRUMP else VALUE[strain] * level) * mult
    total = trick + (50 if trick < 100 else (500 if vul else 300))
    total += {6: (750 if vul else 500), 7: (1500 if vul else 1000)}.get(level, 0)
    total += {1: 0, 2: 50, 4: 100}[mult]
    return total


@pytest.mark.parametrize(
    ("contract", "vul", "points", "game"),
    [("3NT", False, 400, True), ("3NT", True, 600, True), ("2NT", False, 120, False),
     ("4H", False, 420, True), ("4H", True, 620, True), ("3H", False, 140, False),
     ("4S", False, 420, True), ("3S", True, 140, False),
     ("5D", False, 400, True), ("5D", True, 600, True), ("4D", True, 130, False),
     ("5C", False, 400, True), ("4C", False, 130, False),
     ("1NT", False, 90, False), ("1NT", True, 90, False),
     ("2SX", False, 470, True), ("1HX", False, 160, False), ("1NTXX", False, 560, True),
     ("6C", False, 920, True), ("6C", True, 1370, True), ("6H", False, 980, True),
     ("6NT", True, 1440, True), ("7D", False, 1440, True), ("7S", True, 2210, True),
     ("7NT", False, 1520, True), ("7NTXX", True, 2980, True), ("7NTXX", False, 2280, True)],
)
def test_made_exactly_boundaries(contract, vul, points, game):
    parsed = Contract.parse(contract)
    result = score_duplicate(parsed, parsed.tricks_needed, vul)
    assert result.made and result.declarer_points == points == expected_made_exactly(parsed, vul)
    bonus = [line for line in result.lines if line.msg and line.msg.key in ("cb.game", "cb.part")]
    assert [line.msg.key for line in bonus] == ["cb.game" if game else "cb.part"]


@pytest.mark.parametrize("strain", list(Strain))
@pytest.mark.parametrize("level", range(1, 8))
@pytest.mark.parametrize("doubling", list(Doubling))
@pytest.mark.parametrize("vul", [False, True])
def test_every_contract_made_exactly(level, strain, doubling, vul):
    contract = Contract(level, strain, doubling)
    assert score_duplicate(contract, 6 + level, vul).declarer_points == expected_made_exactly(
        contract, vul)


@pytest.mark.parametrize(
    ("doubling", "vul", "penalties"),
    # the penalty after 1, 2, 3, 4, 5 and 13 undertricks: the 4th step is where not-vulnerable
    # doubled penalties rise from 200 to 300 a trick
    [("", False, [50, 100, 150, 200, 250, 650]),
     ("", True, [100, 200, 300, 400, 500, 1300]),
     ("X", False, [100, 300, 500, 800, 1100, 3500]),
     ("X", True, [200, 500, 800, 1100, 1400, 3800]),
     ("XX", False, [200, 600, 1000, 1600, 2200, 7000]),
     ("XX", True, [400, 1000, 1600, 2200, 2800, 7600])],
)
def test_undertrick_steps(doubling, vul, penalties):
    contract = Contract.parse(f"7NT{doubling}")
    got = [score_duplicate(contract, 13 - down, vul).defender_points
           for down in (1, 2, 3, 4, 5, 13)]
    assert got == penalties


def test_the_fourth_undertrick_step_is_explained():
    result = score_duplicate(Contract.parse("4SX"), 6, False)
    assert [EN.line(line) for line in result.lines] == [
        "4SX needed 10 tricks, declarer took 6: down 4",
        "undertrick 1 (doubled, not vulnerable): 100",
        "undertricks 2-3 (doubled, not vulnerable): 2 × 200 = 400",
        "undertrick 4 (doubled, not vulnerable): 300",
        "defenders score 100 + 400 + 300 = 800",
    ]


@pytest.mark.parametrize(
    ("contract", "tricks", "vul", "overtricks"),
    [("2H", 10, False, 60), ("1NT", 9, True, 60), ("3C", 11, True, 40),
     ("2HX", 10, False, 200), ("2HX", 10, True, 400), ("2HXX", 10, False, 400),
     ("2HXX", 10, True, 800), ("1NTX", 13, False, 600)],
)
def test_overtricks(contract, tricks, vul, overtricks):
    parsed = Contract.parse(contract)
    exact = score_duplicate(parsed, parsed.tricks_needed, vul).declarer_points
    assert score_duplicate(parsed, tricks, vul).declarer_points - exact == overtricks


@pytest.mark.parametrize(("contract", "insult"), [("3C", 0), ("3CX", 50), ("3CXX", 100)])
def test_insult(contract, insult):
    result = score_duplicate(Contract.parse(contract), 9, False)
    lines = [line for line in result.lines if "insult" in EN.line(line)]
    assert sum(line.points for line in lines) == insult


def test_made_contract_explained():
    result = score_duplicate(Contract.parse("7NTXX"), 13, True)
    assert [EN.line(line) for line in result.lines] == [
        "trick score of 7NT: 40 + 6 × 30 = 220",
        "redoubled: 220 × 4 = 880",
        "game bonus (trick score 880 is 100 or more), vulnerable: 500",
        "grand slam bid and made, vulnerable: 1500",
        "redoubled contract made (the insult): 100",
        "declarer's side scores 880 + 500 + 1500 + 100 = 2980",
    ]


# --- honours ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["declarer:100", "DEFENDERS:150", " declarer:150 "])
def test_honours_parse(text):
    honours = Honours.parse(text)
    assert str(honours) == text.strip().lower()


@pytest.mark.parametrize("text", ["", "declarer", "declarer:50", "dummy:100", "100", "we:150"])
def test_honours_rejected(text):
    with pytest.raises(InvalidInput) as info:
        Honours.parse(text)
    assert info.value.field == "honors" and "declarer:100" in str(info.value)


def test_honours_at_no_trump_are_the_four_aces_only():
    with pytest.raises(InvalidInput, match="no-trump"):
        score_rubber(Contract.parse("3NT"), 9, False, Honours.parse("declarer:100"))
    result = score_rubber(Contract.parse("3NT"), 9, False, Honours.parse("defenders:150"))
    assert "all four aces" in EN.line(result.lines[-2]) and result.defenders_above == 150


def test_honours_count_when_the_contract_fails():
    result = score_rubber(Contract.parse("4S"), 8, False, Honours.parse("declarer:150"))
    assert (result.made, result.declarer_above, result.defenders_above) == (False, 150, 100)


# --- properties ------------------------------------------------------------------------------

contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(Strain),
                      st.sampled_from(Doubling))
tricks = st.integers(0, 13)


@settings(deadline=None)  # a busy 2-core CI machine must pass
@given(contracts, tricks, st.booleans())
def test_made_and_failed_never_both_positive(contract, taken, vul):
    result = score_duplicate(contract, taken, vul)
    assert (result.declarer_points > 0) != (result.defender_points > 0)
    assert result.made == (taken >= contract.tricks_needed) == (result.declarer_points > 0)


def _net(contract: Contract, taken: int, vul: bool) -> int:
    result = score_duplicate(contract, taken, vul)
    return result.declarer_points - result.defender_points


@settings(deadline=None)  # a busy 2-core CI machine must pass
@given(st.integers(1, 7), st.sampled_from(Strain), tricks, st.booleans())
def test_doubling_is_monotone(level, strain, taken, vul):
    """Doubling raises what a made contract scores and what a failed one pays."""
    plain, doubled, redoubled = (score_duplicate(Contract(level, strain, d), taken, vul)
                                 for d in Doubling)
    assert plain.declarer_points <= doubled.declarer_points <= redoubled.declarer_points
    assert plain.defender_points <= doubled.defender_points <= redoubled.defender_points


@settings(deadline=None)  # a busy 2-core CI machine must pass
@given(contracts, tricks)
def test_vulnerability_never_lowers_a_made_contract(contract, taken):
    if taken >= contract.tricks_needed:
        assert score_duplicate(contract, taken, True).declarer_points >= score_duplicate(
            contract, taken, False).declarer_points
    else:
        assert score_duplicate(contract, taken, True).defender_points >= score_duplicate(
            contract, taken, False).defender_points


@settings(deadline=None)  # a busy 2-core CI machine must pass
@given(contracts, st.integers(0, 12), st.booleans())
def test_one_more_trick_is_never_worse_for_declarer(contract, taken, vul):
    assert _net(contract, taken + 1, vul) > _net(contract, taken, vul)


@settings(deadline=None)  # a busy 2-core CI machine must pass
@given(contracts, tricks, st.booleans())
def test_rubber_and_duplicate_agree_but_for_game_and_part_score_bonuses(contract, taken, vul):
    duplicate = score_duplicate(contract, taken, vul)
    rubber = score_rubber(contract, taken, vul)
    bonus = sum(line.points for line in duplicate.lines
                if line.msg is not None and line.msg.key in ("cb.game", "cb.part"))
    assert rubber.declarer_below + rubber.declarer_above + bonus == duplicate.declarer_points
    assert rubber.defenders_above == duplicate.defender_points


@settings(deadline=None)  # a busy 2-core CI machine must pass
@given(st.integers(-10_000, 10_000))
def test_imps_are_odd_symmetric(diff):
    assert imps(-diff) == -imps(diff)
    assert 0 <= abs(imps(diff)) <= 24


@settings(deadline=None)  # a busy 2-core CI machine must pass
@given(st.integers(-10_000, 10_000), st.integers(0, 3_000))
def test_imps_are_monotone(diff, more):
    assert imps(diff) <= imps(diff + more)


@pytest.mark.parametrize("diff", [True, 1.5, "10", None])
def test_imps_reject_what_is_not_a_whole_number(diff):
    with pytest.raises(InvalidInput) as info:
        imps(diff)
    assert info.value.field == "diff"


@pytest.mark.parametrize("board", [0, -1, 1000, "x", None])
def test_board_numbers_are_checked(board):
    with pytest.raises(InvalidInput) as info:
        board_vulnerable(board)
    assert info.value.field == "board"


@settings(deadline=None)  # a busy 2-core CI machine must pass
@given(contracts, tricks, st.booleans(),
       st.sampled_from([None, "declarer:150", "defenders:150"]))
def test_every_line_renders_in_every_language(contract, taken, vul, held):
    honours = None if held is None else Honours.parse(held)
    lines = (*score_duplicate(contract, taken, vul).lines,
             *score_rubber(contract, taken, vul, honours).lines, imps_line(taken * 100 - 600))
    for line in lines:
        for lang in LANGUAGES:
            text = Translator(lang).line(line)
            assert text.strip() and "{" not in text and "Msg(" not in text


# --- the rules page in each language ---------------------------------------------------------

YES = {"es": "sí", "bg": "да", "af": "ja", "ne": "हो", "hi": "हाँ"}


@pytest.mark.parametrize("lang", sorted(YES))
def test_translated_pages_examples_match_the_scoring(lang):
    from scorer.rulebook import RULES_DIR

    text = (RULES_DIR / lang / "contract-bridge.md").read_text(encoding="utf-8")
    rows = [line.strip("|").split("|") for line in text.splitlines()
            if line.startswith("| ") and line[2].isdigit()]
    assert len(rows) == 7
    for contract, tricks, vul, declarer, defenders in ([c.strip() for c in r] for r in rows):
        result = score_duplicate(Contract.parse(contract), int(tricks), vul == YES[lang])
        assert (result.declarer_points, result.defender_points) == (int(declarer), int(defenders))


@pytest.mark.parametrize(("game", "lang", "title"),
                         [("rubber-bridge", "en", "# Contract bridge"),
                          ("chicago", "es", "# Bridge de contrato"),
                          ("team-match", "bg", "# Бридж на договори"),
                          ("chicago", "af", "# Kontrakbrug"),
                          ("team-match", "ne", "# कन्ट्र्याक्ट ब्रिज"),
                          ("rubber-bridge", "hi", "# कॉन्ट्रैक्ट ब्रिज"),
                          ("minibridge", "en", "# MiniBridge")])
def test_each_contract_bridge_game_shows_the_shared_rules_page(game, lang, title):
    from scorer.rulebook import rules_page

    assert rules_page(game, lang).startswith(title)
