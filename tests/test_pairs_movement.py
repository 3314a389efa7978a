"""Movements of a pairs session (scorer.rules.pairs.movement), checked here independently of
the module's own check: exhaustively over every table count, pair count (even, or one
fewer with a sit-out) and number of rounds offered, for both movements."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.rules import InvalidInput
from scorer.rules.pairs.movement import (
    HOWELL,
    MITCHELL,
    TABLE_RANGE,
    Movement,
    Seating,
    check_movement,
    howell,
    make_movement,
    max_rounds,
    mitchell,
    table_cards,
)


def every_size():
    for kind in (MITCHELL, HOWELL):
        low, high = TABLE_RANGE[kind]
        for tables in range(low, high + 1):
            fewest = 4 if tables == 2 else 2 * tables - 1
            for pairs in range(fewest, 2 * tables + 1):
                for rounds in range(1, max_rounds(kind, tables) + 1):
                    yield kind, tables, pairs, rounds


SIZES = list(every_size())


def build(kind, tables, pairs, rounds, per_round=3):
    return make_movement(kind, tables, per_round, rounds, pairs)


@pytest.mark.parametrize(("kind", "tables", "pairs", "rounds"), SIZES)
def test_every_movement_keeps_the_rules(kind, tables, pairs, rounds):
    plan = build(kind, tables, pairs, rounds)
    assert plan.rounds == rounds
    present = set(plan.pair_numbers)
    assert len(present) == pairs
    boards_of: dict[int, list[int]] = {p: [] for p in present}
    meetings: Counter[frozenset[int]] = Counter()
    for number in range(1, rounds + 1):
        here = plan.round_of(number)
        seated = [p for s in here for p in (s.ns, s.ew)]
        # each pair at most once a round; with a sit-out exactly one pair is idle
        assert len(seated) == len(set(seated))
        assert set(seated) <= present
        assert len(present - set(seated)) == pairs % 2
        tables_used = [s.table for s in here]
        assert len(tables_used) == len(set(tables_used))
        # boards in play at once never collide: a set at two tables only where it is shared
        by_set = Counter(s.board_set for s in here)
        for seating in here:
            if by_set[seating.board_set] > 1:
                assert kind == HOWELL and tables in (2, 3)
                assert len(seating.shared_with) == by_set[seating.board_set] - 1
            else:
                assert seating.shared_with == ()
        for seating in here:
            meetings[frozenset((seating.ns, seating.ew))] += 1
            for pair in (seating.ns, seating.ew):
                boards_of[pair].extend(seating.boards)
    # no pair plays a board twice
    for boards in boards_of.values():
        assert len(boards) == len(set(boards))
    # no two pairs meet twice
    assert max(meetings.values()) == 1
    full = rounds == max_rounds(kind, tables)
    if kind == HOWELL and full:  # a complete Howell: every pair meets every other once
        assert set(meetings) == {frozenset(c) for c in combinations(sorted(present), 2)}
        if pairs % 2 == 0:  # ... and plays every board
            every = set(range(1, plan.boards + 1))
            assert all(set(b) == every for b in boards_of.values())
    played = Counter(b for s in plan.seatings for b in s.boards)
    if pairs % 2 == 0 and (kind == MITCHELL or full):
        assert len(set(played.values())) == 1  # every board the same number of times
    else:  # a sit-out, or a curtailed Howell: Neuberg's formula evens the boards out
        assert max(played.values()) - min(played.values()) <= (1 if kind == MITCHELL else
                                                                 tables)


@pytest.mark.parametrize("tables", range(3, 16))
def test_a_mitchell_keeps_north_south_still_and_moves_boards_down(tables):
    plan = mitchell(tables, 2)
    for seating in plan.seatings:
        assert seating.ns == seating.table
        assert seating.ew > tables
    for card in table_cards(plan):
        if card.seating.round < plan.rounds:
            assert card.boards_next == (card.seating.table - 2) % tables + 1
            assert card.ns_next == (card.seating.table, 0)


@pytest.mark.parametrize("tables", [4, 6, 8, 10, 12, 14])
def test_an_even_mitchell_skips_after_half_and_stops_before_the_revenge_round(tables):
    plan = mitchell(tables, 2)
    assert plan.rounds == tables - 1
    moves = set()
    for card in table_cards(plan):
        if card.ew_next is not None:
            moves.add((card.seating.round, (card.ew_next[0] - card.seating.table) % tables))
    half = tables // 2
    assert {step for r, step in moves if r != half} == {1}
    assert {step for r, step in moves if r == half} == {2}
    with pytest.raises(InvalidInput, match="rounds: 8 is not between 1 and 7"):
        mitchell(8, 2, 8)


def test_howell_board_sets_rest_on_a_relay_stand_and_come_back():
    plan = howell(4, 2)
    assert (plan.rounds, plan.board_sets, plan.boards) == (7, 7, 14)
    for number in range(1, 8):
        assert len({s.board_set for s in plan.round_of(number)}) == 4  # 3 sets rest
    for card in table_cards(plan):
        later = [s.round for s in plan.seatings
                 if s.board_set == card.seating.board_set and s.round > card.seating.round]
        assert card.boards_done == (not later)
        if card.boards_next is not None:
            assert later[0] == card.seating.round + 1


def test_the_two_table_howell_shares_its_boards_each_round():
    plan = howell(2, 4)
    for number in (1, 2, 3):
        one, two = plan.round_of(number)
        assert one.board_set == two.board_set and one.shared_with == (two.table,)
    # each round's boards are played out in that round: collected, not passed on
    assert all(c.boards_done and c.boards_next is None for c in table_cards(plan))
    with pytest.raises(InvalidInput, match="boards per round: 1 is too few"):
        howell(2, 1)
    with pytest.raises(InvalidInput, match="pairs: 3 is not between 4 and 4"):
        howell(2, 2, None, 3)


def test_a_sit_out_pair_and_where_the_boards_wait():
    plan = mitchell(5, 2, None, 9)
    assert plan.missing == 5  # N-S at the last table
    out = [plan.sits_out(n) for n in range(1, 6)]
    assert sorted(out) == [6, 7, 8, 9, 10]  # each E-W pair sits out once
    cards = {(c.seating.round, c.seating.table): c for c in table_cards(plan)}
    assert cards[(1, 1)].boards_next == 5  # to the idle table, where they wait
    plan = howell(4, 2, None, 7)
    assert plan.missing == 8 and sorted(plan.sits_out(n) for n in range(1, 8)) == list(
        range(1, 8))


@pytest.mark.parametrize(("kind", "tables", "message"), [
    ("mitchell", 2, "tables: 2 is not between 3 and 15"),
    ("mitchell", 16, "tables: 16 is not between 3 and 15"),
    ("howell", 9, "tables: 9 is not between 2 and 8"),
    ("pinochle", 4, "movement: pinochle is not mitchell or howell"),
    ("howell", "x", "tables: x is not a whole number between 2 and 8"),
])
def test_bad_sizes_are_named(kind, tables, message):
    with pytest.raises(InvalidInput, match=message):
        make_movement(kind, tables)


@pytest.mark.parametrize(("seatings", "problem"), [
    ((Seating(1, 1, 1, 4, 1, (1,)), Seating(1, 2, 1, 5, 2, (2,))), "a pair twice"),
    ((Seating(1, 1, 1, 4, 1, (1,)), Seating(2, 1, 1, 4, 2, (2,))), "meet twice"),
    ((Seating(1, 1, 1, 4, 1, (1,)), Seating(2, 1, 1, 5, 1, (1,))), "a board twice"),
    ((Seating(1, 1, 1, 4, 1, (1,)), Seating(1, 2, 2, 5, 1, (1,))), "two tables"),
])
def test_the_check_finds_a_broken_movement(seatings, problem):
    broken = Movement(MITCHELL, 3, 2, 1, 3, None, seatings)
    with pytest.raises(InvalidInput, match=problem):
        check_movement(broken)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SIZES), st.integers(1, 12))
def test_table_cards_send_each_pair_where_it_sits_next(size, per_round):
    kind, tables, pairs, rounds = size
    if kind == HOWELL and per_round < {2: 2, 3: 3}.get(tables, 1):
        return
    plan = build(kind, tables, pairs, rounds, per_round)
    assert plan.boards == plan.board_sets * per_round
    for card in table_cards(plan):
        seating = card.seating
        assert len(seating.boards) == per_round
        for pair, going in ((seating.ns, card.ns_next), (seating.ew, card.ew_next)):
            if seating.round == rounds:
                assert going is None
                continue
            found = plan.seat_of(pair, seating.round + 1)
            assert going == (None if found is None else (found[0].table, found[1]))
