"""A pairs session's data and standings (scorer.rules.pairs.session, .standings): results
per board and table scored by Law 77 with the board's vulnerability, corrections with their
history, merging results from the tables' phones, the JSON form, travellers, personal score
cards and the ranking. The three-table evening below is worked out by hand."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.rules import InvalidInput
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.contract import Contract
from scorer.rules.pairs.scoring import Adjusted, decimal
from scorer.rules.pairs.session import (
    FORMAT,
    PairsSession,
    PairsSettings,
    TableResult,
)
from scorer.rules.pairs.standings import PairTotal, place_msg, rank, standings

AT = "2026-12-05T20:00:00Z"
LATER = "2026-12-05T20:30:00Z"

# A 3-table Mitchell, one board a round. Table 1's North always makes 4S exactly, table 2's
# goes one down, table 3's makes an overtrick.
TRICKS = {1: 10, 2: 9, 3: 11}


def four_spades(board: int, table: int) -> TableResult:
    return TableResult(board, table, BridgeDeal(0, Contract.parse("4S"), TRICKS[table]))


def evening() -> PairsSession:
    session = PairsSession(PairsSettings("mitchell", 3, 1, names={1: "Ana & Ben"}))
    for seating in session.movement.seatings:
        for board in seating.boards:
            session = session.enter(four_spades(board, seating.table), AT)
    return session


def test_the_movement_of_the_evening_written_out():
    """N-S stay, E-W (pairs 4, 5, 6) move up, boards move down."""
    plan = evening().movement
    seats = [(s.round, s.table, s.ns, s.ew, s.boards) for s in plan.seatings]
    assert seats == [(1, 1, 1, 4, (1,)), (1, 2, 2, 5, (2,)), (1, 3, 3, 6, (3,)),
                     (2, 1, 1, 6, (2,)), (2, 2, 2, 4, (3,)), (2, 3, 3, 5, (1,)),
                     (3, 1, 1, 5, (3,)), (3, 2, 2, 6, (1,)), (3, 3, 3, 4, (2,))]


def test_travellers_score_each_table_with_the_boards_vulnerability():
    """Board 1 nobody vulnerable: 420, -50, 450; board 2 N-S vulnerable: 620, -100, 650;
    board 3 E-W vulnerable (N-S not): 420, -50, 450. Table 3 beats both (4 of 4), table 1
    one (2), table 2 none."""
    result = standings(evening())
    for board, expected in ((1, [420, -50, 450]), (2, [620, -100, 650]), (3, [420, -50, 450])):
        score, rows = result.travellers[board]
        by_table = {row.table: row for row in rows}
        assert [by_table[t].ns_score for t in (1, 2, 3)] == expected
        assert [by_table[t].ns for t in (1, 2, 3)] == [2, 0, 4]
        assert [by_table[t].ew for t in (1, 2, 3)] == [2, 4, 0]
        assert score.top == 4


def test_the_ranking_is_per_direction_in_a_mitchell_with_shared_places():
    """N-S: pair 3 always at table 3 (100%), pair 1 (50%), pair 2 (0%). Every E-W pair
    played once at each table: 2 + 4 + 0 = 6 of 12, all three share first place."""
    north_south, east_west = standings(evening()).ranking
    assert [(t.pair, t.place, t.shared) for t in north_south] == [(3, 1, False),
                                                                   (1, 2, False),
                                                                   (2, 3, False)]
    assert [decimal(t.percent) for t in north_south] == ["100", "50", "0"]
    assert [(t.pair, t.place, t.shared, t.points, t.top) for t in east_west] == [
        (4, 1, True, 6, 12), (5, 1, True, 6, 12), (6, 1, True, 6, 12)]
    assert place_msg(east_west[0]).key == "pairs.place_shared"


def test_a_personal_score_card_is_from_the_pairs_own_side():
    """E-W 1 (pair 4): board 1 against N-S 1 at table 1 (-420, 2), board 3 against N-S 2
    at table 2 (+50, 4), board 2 against N-S 3 at table 3 (-650, 0)."""
    card = standings(evening()).cards[4]
    assert [(r.board, r.round, r.table, r.direction, r.opponents, r.score, r.points)
            for r in card] == [(1, 1, 1, 1, 1, -420, 2), (2, 3, 3, 1, 3, -650, 0),
                               (3, 2, 2, 1, 2, 50, 4)]


def test_ties_share_a_place_and_the_next_place_skips():
    totals = [PairTotal(p, Fraction(v), None, 3) for p, v in ((1, 5), (2, 7), (3, 5), (4, 1))]
    assert [(t.pair, t.place, t.shared) for t in rank(totals)] == [
        (2, 1, False), (1, 2, True), (3, 2, True), (4, 4, False)]


def test_a_howell_is_ranked_overall():
    session = PairsSession(PairsSettings("howell", 2, 2))
    for seating in session.movement.seatings:
        for board in seating.boards:
            session = session.enter(four_spades(board, seating.table), AT)
    assert len(standings(session).ranking) == 1
    assert len(standings(session).ranking[0]) == 4


def test_same_result_twice_is_one_and_a_different_one_needs_a_correction():
    session = evening()
    assert session.enter(four_spades(1, 1), LATER) is session
    other = TableResult(1, 1, BridgeDeal(0, Contract.parse("4S"), 9))
    with pytest.raises(InvalidInput, match="board 1: table 1 already has a result"):
        session.enter(other, LATER)
    corrected = session.correct(other, LATER)
    assert corrected.current()[(1, 1)].result == other
    assert [e.result for e in corrected.history] == [four_spades(1, 1)]
    assert len(corrected.entries) == len(session.entries)


def test_board_not_played_at_a_table_is_refused():
    session = PairsSession(PairsSettings("mitchell", 3, 1))
    with pytest.raises(InvalidInput, match="board 4: table 1 does not play it"):
        session.enter(four_spades(4, 1), AT)


def test_merging_phones_same_result_is_one_different_is_a_conflict():
    settings = PairsSettings("mitchell", 3, 1)
    director = PairsSession(settings).enter(four_spades(1, 1), AT)
    phone = PairsSession(settings).enter(four_spades(1, 1), LATER).enter(four_spades(2, 2), AT)
    merged = director.merge(phone)
    assert sorted(e.result.key for e in merged.entries) == [(1, 1), (2, 2)]
    assert merged.conflicts == ()
    wrong = PairsSession(settings).enter(TableResult(1, 1, BridgeDeal()), LATER)
    clash = merged.merge(wrong)
    assert [(a.result, b.result) for a, b in clash.conflicts] == [
        (four_spades(1, 1), TableResult(1, 1, BridgeDeal()))]
    assert (1, 1) not in clash.current()  # scored without it until resolved
    assert 1 not in standings(clash).travellers or all(
        row.table != 1 for row in standings(clash).travellers[1][1])
    with pytest.raises(InvalidInput, match="table 1 has two results to choose between"):
        clash.enter(four_spades(1, 1), LATER)
    with pytest.raises(InvalidInput, match="board 2: table 2 has no conflict to resolve"):
        clash.resolve(2, 2, four_spades(2, 2), LATER)
    resolved = clash.resolve(1, 1, four_spades(1, 1), LATER)
    assert resolved.conflicts == () and resolved.current()[(1, 1)].result == four_spades(1, 1)
    # The value not kept is in the history; the one kept is the result, not "replaced" too
    # (decision 492: the traveller listed both).
    assert [e.result for e in resolved.history] == [TableResult(1, 1, BridgeDeal())]


def test_merging_a_correction_takes_the_later_value_without_conflict():
    settings = PairsSettings("mitchell", 3, 1)
    director = PairsSession(settings).enter(four_spades(1, 1), AT)
    fixed = TableResult(1, 1, BridgeDeal(0, Contract.parse("4S"), 11))
    phone = director.correct(fixed, LATER)
    assert director.merge(phone).current()[(1, 1)].result == fixed
    assert director.merge(phone).conflicts == ()
    assert phone.merge(director).current()[(1, 1)].result == fixed  # either way round


def test_merging_another_session_is_refused():
    one = PairsSession(PairsSettings("mitchell", 3, 1))
    two = PairsSession(PairsSettings("mitchell", 4, 1))
    with pytest.raises(InvalidInput, match="is another session"):
        one.merge(two)


def test_an_adjusted_score_and_a_sit_out_in_a_session():
    """Five pairs at three tables (N-S 3 missing): every board is played twice, top 2. Board
    1 at table 1 not played (A+/A-): N-S 1 gets 60% of 2, E-W 1 40%; table 2's result alone
    on it is factored by Neuberg: (0 + 1) x 2 / 1 - 1 = 1."""
    session = PairsSession(PairsSettings("mitchell", 3, 1, pairs=5))
    assert session.movement.missing == 3
    session = session.enter(TableResult(1, 1, adjusted=Adjusted("A+", "A-")), AT)
    session = session.enter(four_spades(1, 2), AT)
    score, rows = standings(session).travellers[1]
    by_table = {row.table: row for row in rows}
    assert score.top == 2
    assert (by_table[1].ns, by_table[1].ew) == (Fraction(6, 5), Fraction(4, 5))
    assert (by_table[2].ns, by_table[2].ew) == (1, 1)


def test_imp_sessions_rank_by_imps():
    session = PairsSession(PairsSettings("mitchell", 3, 1, scoring="butler"))
    for seating in session.movement.seatings:
        session = session.enter(four_spades(seating.boards[0], seating.table), AT)
    north_south, _ = standings(session).ranking
    assert [t.pair for t in north_south] == [3, 1, 2]
    assert north_south[0].top is None and north_south[0].percent is None
    crossed = PairsSession(PairsSettings("mitchell", 3, 1, scoring="cross-imps"))
    crossed = crossed.enter(four_spades(1, 1), AT).enter(four_spades(1, 3), AT)
    rows = standings(crossed).travellers[1][1]
    assert sorted(row.ns for row in rows) == [-1, 1]  # 420 against 450: 30 = 1 IMP


def test_the_session_round_trips_through_json():
    session = evening().correct(TableResult(1, 1, adjusted=Adjusted("A", "A")), LATER)
    clash = session.merge(PairsSession(session.settings).enter(
        TableResult(2, 2, BridgeDeal()), LATER))
    data = json.loads(json.dumps(clash.to_dict()))
    assert data["format"] == FORMAT and data["schema_version"] == 1
    assert PairsSession.from_dict(data) == clash
    assert data["settings"]["names"] == {"1": "Ana & Ben"}


@pytest.mark.parametrize(("change", "message"), [
    ({"format": "scorer-game"}, "format: scorer-game is not scorer-pairs-session"),
    ({"schema_version": 2}, "schema_version: 2 is not 1"),
    ({"results": {}}, "results: dict is not a list"),
    ({"settings": {"movement": "mitchell", "tables": "3", "boards_per_round": 1}},
     "tables: 3 is text, not a number"),
    ({"settings": {"movement": "round robin", "tables": 3, "boards_per_round": 1}},
     "movement: round robin is not mitchell or howell"),
    ({"results": [{"board": 1, "table": 1, "contract": "4S", "declarer": "N", "tricks": 14}]},
     "tricks: 14 is not between 0 and 13"),
])
def test_a_bad_session_file_is_named(change, message):
    data = {**evening().to_dict(), **change}
    with pytest.raises(InvalidInput, match=message):
        PairsSession.from_dict(data)


def test_bad_settings_are_named():
    with pytest.raises(InvalidInput, match="scoring: swiss is not matchpoints"):
        PairsSettings(scoring="swiss")
    with pytest.raises(InvalidInput, match="pair: 7 is not a pair of this movement"):
        PairsSettings(names={7: "X"})
    with pytest.raises(InvalidInput, match="honors"):
        TableResult(1, 1, BridgeDeal(0, Contract.parse("4S"), 10, honours=_honours()))


def _honours():
    from scorer.rules.contract_bridge import Honours

    return Honours.parse("declarer:100")


def test_a_third_value_joins_the_conflict_and_a_phones_conflict_takes_our_value_in():
    settings = PairsSettings("mitchell", 3, 1)
    values = [TableResult(1, 1, BridgeDeal(0, Contract.parse("4S"), t)) for t in (8, 9, 10)]
    one, two, three = (PairsSession(settings).enter(v, AT) for v in values)
    clash = one.merge(two).merge(three)
    assert [[e.result for e in c] for c in clash.conflicts] == [values]
    # a phone holding a conflict, merged into a session holding a third value:
    other = two.merge(three)
    merged = one.merge(other)
    assert [{e.result for e in c} for c in merged.conflicts] == [set(values)]
    assert merged.current() == {}
    back = PairsSession.from_dict(json.loads(json.dumps(merged.to_dict())))
    assert back == merged


results = st.builds(lambda board_table, tricks: TableResult(
    *board_table, BridgeDeal(0, Contract.parse("4S"), tricks)),
    st.sampled_from([(1, 1), (2, 2), (3, 3)]), st.integers(8, 10))
edits = st.lists(st.tuples(st.booleans(), results), max_size=6)


def apply(edits_made) -> PairsSession:
    session = PairsSession(PairsSettings("mitchell", 3, 1))
    for correct, result in edits_made:
        held = session.current().get(result.key)
        if correct or held is None or held.result == result:
            session = session.correct(result, AT)
    return session


def every_value(session: PairsSession) -> set[TableResult]:
    return ({e.result for e in session.entries} | {e.result for e in session.history}
            | {e.result for c in session.conflicts for e in c})


@settings(max_examples=200, deadline=None)
@given(edits, edits)
def test_merging_loses_nothing_and_keeps_a_board_in_one_place(mine, theirs):
    one, two = apply(mine), apply(theirs)
    merged = one.merge(two)
    assert every_value(merged) == every_value(one) | every_value(two)
    in_conflict = {c[0].result.key for c in merged.conflicts}
    assert not in_conflict & set(merged.current())
    assert all(len({e.result for e in c}) >= 2 for c in merged.conflicts)
    assert one.merge(one) == one
    assert set(merged.merge(two).current()) == set(merged.current())


@pytest.mark.parametrize("scoring", ["cross-imps", "butler"])
def test_at_imps_an_adjusted_score_counts_before_a_comparison_exists(scoring):
    session = PairsSession(PairsSettings("mitchell", 3, 1, scoring=scoring))
    session = session.enter(TableResult(1, 1, adjusted=Adjusted("A+", "A-")), AT)
    session = session.enter(four_spades(1, 2), AT)
    rows = {row.table: row for row in standings(session).travellers[1][1]}
    assert (rows[1].ns, rows[1].ew) == (3, -3)
    assert (rows[2].ns, rows[2].ew) == (0, 0)
    assert rows[2].lines[-1].msg.key == "pairs.no_comparison"
    north_south, east_west = standings(session).ranking
    assert north_south[0].pair == 1 and north_south[0].points == 3


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([("mitchell", 3), ("mitchell", 4), ("mitchell", 5), ("howell", 3),
                        ("howell", 4)]),
       st.lists(st.integers(6, 13), min_size=60, max_size=60),
       st.sampled_from(["wbf", "acbl"]))
def test_a_whole_evening_shares_the_matchpoints_out_evenly(size, tricks, scale):
    """Any results of a whole evening: on every row N-S and E-W share the top, every pair's
    card has every board it played, and the pairs' percentages average exactly 50 (per
    direction in a Mitchell, overall in a Howell)."""
    kind, tables = size
    session = PairsSession(PairsSettings(kind, tables, 3, scale=scale))
    made_tricks = iter(tricks * 3)
    for seating in session.movement.seatings:
        for board in seating.boards:
            result = TableResult(board, seating.table,
                                 BridgeDeal(board % 4, Contract.parse("3NT"), next(made_tricks)))
            session = session.enter(result, AT)
    result = standings(session)
    for score, rows in result.travellers.values():
        assert all(row.ns + row.ew == score.top for row in rows)
    plan = session.movement
    for pair, card in result.cards.items():
        assert len(card) == 3 * sum(1 for s in plan.seatings if pair in (s.ns, s.ew))
    for group in result.ranking:
        assert sum(t.percent for t in group) / len(group) == 50
        places = [t.place for t in group]
        assert places == sorted(places) and places[0] == 1
