"""Movements of a pairs session: who sits where, which boards each table plays, round by round,
and where every pair and every set of boards goes next (what a table card says).

Generated, never typed in, and checked when made (:func:`check_movement`):

- **Mitchell** (3-15 tables): N-S pair *t* stays at table *t*; E-W pairs move up one table and
  the board sets down one table each round. With an even number of tables the E-W pairs skip
  one table after half the rounds (the skip Mitchell), so they never meet a set twice; a full
  skip Mitchell is T - 1 rounds (the T-th would be the "revenge round" against the first
  opponents; decision 271). Pairs are numbered per direction: N-S 1..T are 1..T, E-W 1..T are
  T+1..2T (``pair_label``).
- **Howell** (2-8 tables, complete): 2T pairs, 2T - 1 rounds, every pair meets every other
  exactly once and plays every board set once. The rounds are the round-robin "circle": pair
  2T stays at table T, North-South; in round r (from 0) pair r+1 meets it, and pairs
  r+x+1 and r-x+1 (mod 2T-1) meet at table x. The board sets come from a Room square: for
  4, 6, 7 and 8 tables the set at table x in round r is r + A[x] (mod 2T-1) with the "adders"
  A found by search (:func:`_adders`); for 5 tables no such adders exist and the sets are a
  table found once by a backtracking search (``_HOWELL5``). For 2 and 3 tables no Room square
  exists (sides 3 and 5): all tables of a round share one set, passing boards between them
  (decision 272). Every one of these is checked here and by the tests.
- An odd number of pairs: the pair that would have been N-S at the last table (Mitchell) or
  the stationary pair 2T (Howell) is missing, and whoever meets it sits out that round.
- Fewer rounds than the full movement: the first R rounds.

Pure, standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache

from ..values import InvalidInput, Msg, check_int

__all__ = ["HOWELL", "KINDS", "MITCHELL", "Movement", "Seating", "TABLE_RANGE", "TableCard",
           "check_movement", "howell", "make_movement", "max_rounds", "mitchell", "table_cards"]

MITCHELL = "mitchell"
HOWELL = "howell"
KINDS = (MITCHELL, HOWELL)
TABLE_RANGE = {MITCHELL: (3, 15), HOWELL: (2, 8)}
BOARDS_PER_ROUND = (1, 12)


@dataclass(frozen=True, slots=True)
class Seating:
    """One table in one round: its N-S and E-W pairs and the board set they play (numbers
    from 1), with the other tables that play the same set in that round (a shared set)."""

    round: int
    table: int
    ns: int
    ew: int
    board_set: int
    boards: tuple[int, ...]
    shared_with: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Movement:
    """A whole movement: every table of every round (tables where a pair sits out are left
    out), and the pair that sits out each round (None when the pairs are even)."""

    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    board_sets: int
    missing: int | None  # the pair number that is absent (an odd number of pairs)
    seatings: tuple[Seating, ...]
    # The tables where the missing pair would sit: their boards wait there, unplayed, and
    # the pair that would meet it sits out (its number is the seating's other pair).
    resting: tuple[Seating, ...] = ()

    @property
    def pair_numbers(self) -> tuple[int, ...]:
        return tuple(p for p in range(1, 2 * self.tables + 1) if p != self.missing)

    @property
    def boards(self) -> int:
        return self.board_sets * self.boards_per_round

    @property
    def in_play(self) -> tuple[int, ...]:
        """The boards some table plays, in order: every set's, unless the movement is cut
        short (a Howell's first rounds) or a set only waits at a sit-out's table (decision
        471). A board out of play has no traveller and is not counted."""
        return tuple(sorted({b for s in self.seatings for b in s.boards}))

    def round_of(self, number: int) -> tuple[Seating, ...]:
        return tuple(s for s in self.seatings if s.round == number)

    def seat_of(self, pair: int, number: int) -> tuple[Seating, int] | None:
        """Where ``pair`` sits in round ``number``: the table and 0 (N-S) or 1 (E-W), or None
        when it sits out."""
        for seating in self.round_of(number):
            if pair in (seating.ns, seating.ew):
                return seating, int(pair == seating.ew)
        return None

    def sits_out(self, number: int) -> int | None:
        """The pair that sits out round ``number`` (it would have met the missing pair)."""
        if self.missing is None:
            return None
        seated = {p for s in self.round_of(number) for p in (s.ns, s.ew)}
        idle = [p for p in self.pair_numbers if p not in seated]
        return idle[0] if idle else None

    def times_played(self) -> Counter[int]:
        """How many times each board is played in the whole movement."""
        return Counter(b for s in self.seatings for b in s.boards)

    def pair_label(self, pair: int) -> Msg:
        """'N-S 3' / 'E-W 3' in a Mitchell, 'pair 3' in a Howell."""
        if self.kind == MITCHELL:
            if pair > self.tables:
                return Msg.of("pairs.ew_pair", n=pair - self.tables)
            return Msg.of("pairs.ns_pair", n=pair)
        return Msg.of("pairs.pair", n=pair)

    def to_dict(self) -> dict[str, object]:
        return {"movement": self.kind, "tables": self.tables, "rounds": self.rounds,
                "boards_per_round": self.boards_per_round, "pairs": len(self.pair_numbers)}


@dataclass(frozen=True, slots=True)
class TableCard:
    """What a table card says for one table and round: the boards, the pairs, and where the
    N-S pair, the E-W pair and the boards go next (None: they sit out, or the session ends;
    ``boards_next`` None: the set rests a round, or is done when ``boards_done``)."""

    seating: Seating
    ns_next: tuple[int, int] | None  # (table, 0 = N-S | 1 = E-W)
    ew_next: tuple[int, int] | None
    boards_next: int | None
    boards_done: bool = False  # the set is played at no later round: collect it


def max_rounds(kind: str, tables: int) -> int:
    """The full movement's rounds: a Mitchell T (odd) or T - 1 (even, skip); a Howell 2T - 1."""
    if kind == MITCHELL:
        return tables if tables % 2 else tables - 1
    return 2 * tables - 1


def _check_size(kind: str, tables: object, boards_per_round: object, rounds: object,
                pairs: object) -> tuple[int, int, int, int]:
    if kind not in KINDS:
        raise InvalidInput("movement", kind, "is not mitchell or howell")
    low, high = TABLE_RANGE[kind]
    count = check_int("tables", tables, low, high)
    per_round = check_int("boards per round", boards_per_round, *BOARDS_PER_ROUND)
    most = max_rounds(kind, count)
    played = most if rounds is None else check_int("rounds", rounds, 1, most)
    fewest = 4 if count == 2 else 2 * count - 1  # 3 pairs at 2 tables compare nothing
    pair_count = 2 * count if pairs is None else check_int("pairs", pairs, fewest, 2 * count)
    return count, per_round, played, pair_count


def mitchell(tables: object, boards_per_round: object = 2, rounds: object = None,
             pairs: object = None) -> Movement:
    """A Mitchell of ``tables`` tables (a skip Mitchell when even), its first ``rounds`` rounds
    (all by default), for ``pairs`` pairs (2T, or 2T - 1 with a sit-out)."""
    count, per_round, played, pair_count = _check_size(MITCHELL, tables, boards_per_round,
                                                       rounds, pairs)
    missing = count if pair_count % 2 else None  # N-S at the last table
    seatings: list[Seating] = []
    resting: list[Seating] = []
    for r in range(played):
        skip = 1 if count % 2 == 0 and r >= count // 2 else 0
        for t in range(count):
            ew = (t - r - skip) % count  # E-W pair e sits at table e + r (+ 1 after the skip)
            board_set = (t + r) % count  # sets move down one table a round
            seating = Seating(r + 1, t + 1, t + 1, count + ew + 1, board_set + 1,
                              _boards(board_set, per_round))
            (resting if t + 1 == missing else seatings).append(seating)
    movement = Movement(MITCHELL, count, played, per_round, count, missing, tuple(seatings),
                        tuple(resting))
    check_movement(movement)
    return movement


def howell(tables: object, boards_per_round: object = 2, rounds: object = None,
           pairs: object = None) -> Movement:
    """A complete Howell of ``tables`` tables, its first ``rounds`` rounds (all by default)."""
    count, per_round, played, pair_count = _check_size(HOWELL, tables, boards_per_round,
                                                       rounds, pairs)
    sharing = {2: 2, 3: 3}.get(count, 1)
    if per_round < sharing:
        raise InvalidInput("boards per round", per_round,
                           f"is too few for {count} tables sharing each round's boards "
                           f"(at least {sharing})", Msg.of("pairs.error_share", value=per_round,
                                                           tables=count, least=sharing))
    n = 2 * count - 1
    missing = 2 * count if pair_count % 2 else None
    sets = _howell_sets(count)
    seatings: list[Seating] = []
    resting: list[Seating] = []
    for r in range(played):
        round_sets = sets[r]
        for x in range(count):
            if x == 0:
                table, ns, ew = count, 2 * count, r + 1
            else:
                table, ns, ew = x, (r + x) % n + 1, (r - x) % n + 1
            board_set = round_sets[x]
            seating = Seating(r + 1, table, ns, ew, board_set + 1, _boards(board_set, per_round))
            (resting if missing in (ns, ew) else seatings).append(seating)
    seatings = [replace(s, shared_with=tuple(sorted(
        o.table for o in seatings if o.round == s.round and o.board_set == s.board_set
        and o.table != s.table))) for s in seatings]
    seatings.sort(key=lambda s: (s.round, s.table))
    movement = Movement(HOWELL, count, played, per_round, n, missing, tuple(seatings),
                        tuple(resting))
    check_movement(movement)
    return movement


def make_movement(kind: str, tables: object, boards_per_round: object = 2,
                  rounds: object = None, pairs: object = None) -> Movement:
    """The movement named ``kind`` (mitchell or howell)."""
    if kind == MITCHELL:
        return mitchell(tables, boards_per_round, rounds, pairs)
    if kind == HOWELL:
        return howell(tables, boards_per_round, rounds, pairs)
    raise InvalidInput("movement", kind, "is not mitchell or howell")


def _boards(board_set: int, per_round: int) -> tuple[int, ...]:
    return tuple(range(board_set * per_round + 1, (board_set + 1) * per_round + 1))


# The set played at each match of each round (match 0: the stationary pair's; match x: table
# x) of the 5-table Howell, found once by a backtracking search over the circle's rounds (it
# takes minutes, so it is kept here); check_movement and the tests verify it.
_HOWELL5 = ((0, 1, 2, 3, 4), (2, 1, 0, 3, 5), (3, 6, 2, 7, 0), (1, 7, 3, 4, 5), (5, 2, 6, 8, 3),
            (6, 1, 4, 8, 5), (8, 1, 6, 7, 4), (7, 2, 8, 0, 5), (4, 6, 7, 0, 8))


@lru_cache(maxsize=16)
def _howell_sets(tables: int) -> tuple[tuple[int, ...], ...]:
    """The set (from 0) of each match of each round of the complete Howell."""
    n = 2 * tables - 1
    if tables == 5:
        return _HOWELL5
    if tables in (2, 3):  # no Room square of side 3 or 5: the round's tables share a set
        return tuple((r,) * tables for r in range(n))
    adders = _adders(tables)
    return tuple(tuple((r + a) % n for a in adders) for r in range(n))


def _adders(tables: int) -> tuple[int, ...]:
    """A patterned starter's adders: A[0] = 0 and distinct A[x] such that 0 and A[x] ± x
    (x = 1..T-1) are every residue mod 2T - 1 once. Then each pair plays each set once and
    no two tables of a round hold the same set. None exist for 2, 3 or 5 tables."""
    n = 2 * tables - 1

    def extend(adders: tuple[int, ...], covered: frozenset[int]) -> tuple[int, ...] | None:
        x = len(adders)
        if x == tables:
            return adders
        for a in range(1, n):
            plus, minus = (a + x) % n, (a - x) % n
            if a in adders or plus in covered or minus in covered or plus == minus:
                continue
            found = extend((*adders, a), covered | {plus, minus})
            if found is not None:
                return found
        return None

    found = extend((0,), frozenset({0}))
    if found is None:
        raise InvalidInput("tables", tables, "has no patterned Howell")
    return found


def check_movement(movement: Movement) -> None:
    """Raise InvalidInput naming the first broken rule: a pair twice in a round, a pair
    meeting another twice (a Howell: not every other once), a pair playing a board twice,
    boards played unequally (a full movement without a sit-out, or any Mitchell without
    one), or a set at two tables of a round without being shared."""
    for problem in _problems(movement):
        raise InvalidInput("movement", f"{movement.kind} {movement.tables}", problem)


def _problems(movement: Movement) -> Iterator[str]:
    met: Counter[frozenset[int]] = Counter()
    boards_of: dict[int, set[int]] = {}
    for number in range(1, movement.rounds + 1):
        seated = [p for s in movement.round_of(number) for p in (s.ns, s.ew)]
        if len(seated) != len(set(seated)):
            yield f"seats a pair twice in round {number}"
        sets = Counter(s.board_set for s in movement.round_of(number))
        for seating in movement.round_of(number):
            expected = {t.table for t in movement.round_of(number)
                        if t.board_set == seating.board_set and t.table != seating.table}
            if set(seating.shared_with) != expected or (sets[seating.board_set] > 1
                                                        and movement.kind == MITCHELL):
                yield f"puts set {seating.board_set} at two tables in round {number}"
    for seating in movement.seatings:
        met[frozenset((seating.ns, seating.ew))] += 1
        for pair in (seating.ns, seating.ew):
            if movement.missing == pair:
                yield f"seats the missing pair {pair}"
            played = boards_of.setdefault(pair, set())
            if played & set(seating.boards):
                yield f"gives pair {pair} a board twice"
            played.update(seating.boards)
    if any(n > 1 for n in met.values()):
        yield "lets two pairs meet twice"
    full = movement.rounds == max_rounds(movement.kind, movement.tables)
    if movement.kind == HOWELL and full:
        pairs = movement.pair_numbers
        wanted = {frozenset((a, b)) for a in pairs for b in pairs if a < b}
        if set(met) != wanted:
            yield "does not let every pair meet every other"
    evened = movement.missing is None and (full or movement.kind == MITCHELL)
    if evened and len(set(movement.times_played().values())) > 1:
        yield "plays the boards unequally"


def table_cards(movement: Movement) -> tuple[TableCard, ...]:
    """Every table card: each table of each round with where its pairs and boards go next
    (boards may go to the table where a pair sits out: they wait there for a round)."""
    cards = []
    for seating in movement.seatings:
        following = seating.round + 1
        ahead = movement.round_of(following) if following <= movement.rounds else ()
        waiting = tuple(s for s in movement.resting if s.round == following)
        ns_next = ew_next = None
        for other in ahead:
            if seating.ns in (other.ns, other.ew):
                ns_next = (other.table, int(seating.ns == other.ew))
            if seating.ew in (other.ns, other.ew):
                ew_next = (other.table, int(seating.ew == other.ew))
        boards_next = next((o.table for o in (*ahead, *waiting)
                            if o.board_set == seating.board_set), None)
        later = any(o.board_set == seating.board_set for o in movement.seatings
                    if o.round > seating.round)
        cards.append(TableCard(seating, ns_next, ew_next, boards_next, not later))
    return tuple(cards)
