"""Scoring one board of a pairs session (scorer.rules.pairs.scoring): matchpoints on both
scales, Neuberg's formula, artificial adjusted scores, cross-IMPs and Butler. Published
examples name their source; the rest are worked by hand or are properties of the methods."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.i18n import LANGUAGES, Translator
from scorer.rules import InvalidInput
from scorer.rules.pairs.scoring import (
    Adjusted,
    butler,
    butler_datum,
    cross_imps,
    decimal,
    imps_unmatched,
    matchpoints,
    percent,
    round_datum,
)

scores = st.lists(st.integers(-200, 200).map(lambda n: n * 10), min_size=2, max_size=15)


def shown(values):
    return [decimal(v) for v in values]


# --- published examples ----------------------------------------------------------------------

def test_neuberg_ebu_example():
    """Max Bavin (EBU Chief Tournament Director), "The Neuberg Formula - the Principle",
    http://www.ebu.co.uk/lawsandethics/articles/neuberg/principle.htm: a board with 10 results
    where 11 were expected, matchpointed out of a top of 20."""
    board = matchpoints([520, 500, 490, 480, 460, 450, 430, 420, 400, -50], expected=11)
    assert board.top == 20
    assert shown(r.ns for r in board.results) == [
        "19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1"]


def test_cross_imps_bridge55_example():
    """bridge55.fi, "Butler Scoring ... CrossImp Scoring (Imp Pairs)",
    https://www.bridge55.fi/?x170737=572519: N-S +420 against the five other tables'
    results (N-S +450, -100, -200, +400, +590): -1, +11, +12, +1, -5 = +18 IMPs, 18 / 5 = +3.6
    per comparison (the opponents -3.6)."""
    board = cross_imps([420, 450, -100, -200, 400, 590])
    first = board.results[0]
    assert [line.points for line in first.lines[:-1]] == [-1, 11, 12, 1, -5]
    assert first.lines[-1].points == 18
    assert (first.ns, first.ew) == (Fraction(18, 5), Fraction(-18, 5))
    assert decimal(first.ns) == "3.6"


def test_butler_nbb_example():
    """ilovebridge.nl, "Butler-regels uitgelegd" (the Dutch federation NBB's rules),
    https://www.ilovebridge.nl/regels/butler-regels-uitgelegd/: six N-S scores, the best
    (+450) and worst (-800) left out, (420 - 50 + 420 + 420) / 4 = 302.5, datum 300."""
    board = butler([450, 420, -800, -50, 420, 420])
    assert board.datum == 300
    assert [int(r.ns) for r in board.results] == [4, 3, -15, -8, 3, 3]
    assert [int(r.ew) for r in board.results] == [-4, -3, 15, 8, -3, -3]


def test_butler_bbo_plain_mean_example():
    """Rik, BBO forums, "Bermuda Bowl 2011 universal thread" (how the Butler ranking is
    computed), https://www3.dal12.sl.bridgebase.com/forums/topic/48693-bermuda-bowl-2011-
    universal-thread/: 3x +980, 11x +480, 7x +450, 1x -50, all 22 averaged: 514.55, datum
    510; +980 gets +10 IMPs, +480 -1, +450 -2, -50 -11."""
    results = [980] * 3 + [480] * 11 + [450] * 7 + [-50]
    datum, line = butler_datum(results, trim=False)
    assert datum == 510 and dict(line.msg.params)["mean"] == "514.55"
    board = butler(results, trim=False)
    assert {r.ns_score: int(r.ns) for r in board.results} == {980: 10, 480: -1, 450: -2,
                                                              -50: -11}


def test_matchpoints_loreburn_example():
    """Loreburn Bridge Club, "Match Points Explained",
    http://www.bridgewebs.com/loreburn/page11.html: 10 tables, board 6, every contract made
    by West: E-W +710 four times (15 matchpoints each), +680 four times (7), +650 (2), +500
    (0); N-S get 18 less: 3, 11, 16, 18."""
    board = matchpoints([-710] * 4 + [-680] * 4 + [-650, -500])
    assert board.top == 18
    assert shown(r.ew for r in board.results) == ["15"] * 4 + ["7"] * 4 + ["2", "0"]
    assert shown(r.ns for r in board.results) == ["3"] * 4 + ["11"] * 4 + ["16", "18"]


def test_matchpoints_acbl_scale_beginnerbridge_example():
    """beginnerbridge.com, "Match Pointing" (figure 7, ACBL style: 1 a result beaten),
    http://beginnerbridge.com/DUP1_1J.html: N-S 120, 110, 140 get 1, 0 and 2 (top 2)."""
    board = matchpoints([120, 110, 140], "acbl")
    assert board.top == 2 and shown(r.ns for r in board.results) == ["1", "0", "2"]


# --- our own, worked by hand ------------------------------------------------------------------

def test_the_issues_example_on_both_scales():
    """420, 420, 400, -50: each 420 beats two and ties one (WBF 2 x 2 + 1 = 5 of 6; ACBL
    2 x 1 + 1/2 = 2.5 of 3), 400 beats one, -50 none; the same percentages."""
    wbf = matchpoints([420, 420, 400, -50])
    acbl = matchpoints([420, 420, 400, -50], "acbl")
    assert (wbf.top, acbl.top) == (6, 3)
    assert shown(r.ns for r in wbf.results) == ["5", "5", "2", "0"]
    assert shown(r.ew for r in wbf.results) == ["1", "1", "4", "6"]
    assert shown(r.ns for r in acbl.results) == ["2.5", "2.5", "1", "0"]
    assert [percent(r.ns, wbf.top) for r in wbf.results] == [
        percent(r.ns, acbl.top) for r in acbl.results]
    assert Translator("en").line(wbf.results[0].lines[0]) == (
        "N-S 420: beaten 2 × 2 + tied 1 × 1 = 5 of 6 matchpoints")


def test_adjusted_scores_take_their_share_of_the_top_and_the_rest_is_factored():
    """Five tables, one not played (A+ to N-S, A- to E-W): 60% and 40% of the top 8; the
    four results played are matchpointed among themselves (top 6) and Neuberg-factored to 5
    results: 620 (6 + 1) x 5 / 4 - 1 = 7.75; each 170 (3 + 1) x 5 / 4 - 1 = 4; -100
    (0 + 1) x 5 / 4 - 1 = 0.25."""
    board = matchpoints([620, Adjusted("A+", "A-"), 170, 170, -100])
    assert board.top == 8
    adjusted = board.results[1]
    assert (adjusted.ns, adjusted.ew, adjusted.ns_score) == (Fraction(24, 5), Fraction(16, 5),
                                                            None)
    assert shown(r.ns for r in board.results) == ["7.75", "4.8", "4", "4", "0.25"]
    assert Adjusted.parse("a") == Adjusted("A", "A")
    with pytest.raises(InvalidInput, match="adjusted N-S: B is not A\\+, A or A-"):
        Adjusted.parse("B/A")


def test_adjusted_scores_at_imps_are_three_imps():
    board = cross_imps([420, Adjusted("A-", "A+"), 400])
    assert (board.results[1].ns, board.results[1].ew) == (-3, 3)
    assert board.results[0].ns == 1  # only the two played results compare


@pytest.mark.parametrize(("mean", "datum"), [
    (Fraction(6050, 20), 300), (425, 430), (-425, -430), (Fraction(51455, 100), 510),
    (515, 520), (-514, -510), (0, 0), (Fraction(-5, 1), -10), (Fraction(49, 10), 0)])
def test_the_datum_is_rounded_to_the_nearest_ten_halves_away_from_zero(mean, datum):
    assert round_datum(Fraction(mean)) == datum


def test_the_datum_keeps_every_score_below_five_results():
    assert butler_datum([600, 100, 100, 100])[0] == 230  # 900 / 4 = 225, a half: up
    assert butler_datum([600, 100, 100, 100, 100])[0] == 100  # 600 and one 100 left out


@pytest.mark.parametrize(("value", "text"), [
    (Fraction(5), "5"), (Fraction(5, 2), "2.5"), (Fraction(11, 3), "3.67"),
    (Fraction(-18, 5), "-3.6"), (Fraction(1, 1000), "0"), (Fraction(-1, 1000), "0"),
    (Fraction(1, 200), "0.01")])
def test_numbers_are_shown_as_a_table_writes_them(value, text):
    assert decimal(value) == text


@pytest.mark.parametrize(("given", "message"), [
    ([425], "score 1: 425 is not a multiple of 10 between -10000 and 10000"),
    ([420, 20000], "score 2: 20000 is not a multiple of 10"),
    ([], "scores: 0 is too few results"),
    (["420"], "score 1: 420 is not a whole number of points"),
])
def test_bad_scores_are_named(given, message):
    with pytest.raises(InvalidInput, match=message):
        matchpoints(given)


def test_bad_scale_and_expected_are_named():
    with pytest.raises(InvalidInput, match="scale: ebu is not wbf or acbl"):
        matchpoints([420, 400], "ebu")
    with pytest.raises(InvalidInput, match="expected: 1 is fewer than the 2 results"):
        matchpoints([420, 400], expected=1)
    with pytest.raises(InvalidInput, match="too few results played"):
        butler([420, Adjusted("A", "A")])


# --- properties ------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(scores)
def test_matchpoints_share_the_top_and_follow_the_scores(given):
    wbf, acbl = matchpoints(given), matchpoints(given, "acbl")
    n = len(given)
    assert wbf.top == 2 * (n - 1) and acbl.top == n - 1
    assert sum(r.ns for r in wbf.results) == n * (n - 1)  # every comparison gives 2
    for w, a in zip(wbf.results, acbl.results, strict=True):
        assert w.ns + w.ew == wbf.top and a.ns * 2 == w.ns
    for x in wbf.results:
        for y in wbf.results:
            if x.ns_score is not None and y.ns_score is not None and x.ns_score > y.ns_score:
                assert x.ns > y.ns


@settings(max_examples=200, deadline=None)
@given(scores, st.integers(0, 10), st.sampled_from(["wbf", "acbl"]))
def test_neuberg_keeps_the_average_and_stays_below_the_top(given, missing, scale):
    expected = len(given) + missing
    board = matchpoints(given, scale, expected)
    assert sum(r.ns for r in board.results) / len(given) == board.top / 2
    assert all(0 - 1 < r.ns < board.top + 1 for r in board.results)
    assert all(r.ns <= board.top for r in board.results)


@settings(max_examples=200, deadline=None)
@given(scores)
def test_cross_imps_and_butler_balance(given):
    crossed = cross_imps(given)
    assert sum(r.lines[-1].points for r in crossed.results) == 0  # each swing counted twice
    assert sum(r.ns for r in crossed.results) == 0
    board = butler(given)
    assert min(given) - 10 <= board.datum <= max(given) + 10
    for result in board.results:
        assert result.ns == -result.ew
        assert (result.ns > 0) <= (result.ns_score > board.datum)


@settings(max_examples=50, deadline=None)
@given(scores, st.sampled_from(["wbf", "acbl"]))
def test_every_line_renders_in_every_language(given, scale):
    lines = [line for board in (matchpoints([*given, Adjusted("A+", "A")], scale, 20),
                                cross_imps([*given, Adjusted("A", "A-")]), butler(given),
                                imps_unmatched([given[0], Adjusted("A-", "A+")], "butler"))
             for result in board.results for line in result.lines]
    lines += list(butler(given).lines)
    for lang in LANGUAGES:
        t = Translator(lang)
        for line in lines:
            text = t.line(line)
            assert text.strip() and "{" not in text and "pairs." not in text, (lang, text)
