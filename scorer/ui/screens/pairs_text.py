"""A pairs evening's screen logic without flet (issue 32): the new evening's form (what it
offers for the table count, the settings it makes or the first problem, named), a table's
result as it is entered (reusing the team match's ``TableDraft``), and the texts the screens
show (seat of a pair, where everyone goes next, a board's dealer and vulnerability).
Unit-tested in tests/test_pairs_app.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ...i18n import Translator
from ...rules import InvalidInput
from ...rules.boards import board_dealer, board_vulnerable
from ...rules.bridge_games import BridgeDeal
from ...rules.minibridge import seat_msg
from ...rules.pairs.movement import HOWELL, MITCHELL, TABLE_RANGE, Movement, TableCard, max_rounds
from ...rules.pairs.scoring import decimal
from ...rules.pairs.session import NAME_LENGTH, SCORINGS, PairsSettings, TableResult
from ...rules.team_match import ns_score
from ...rules.values import Msg
from ..entry.base import problem_of
from ..entry.bridge import dealing_msg
from ..entry.team_match import TableDraft

__all__ = ["BOARDS_OFFERED", "PairsForm", "ResultDraft", "at_seat", "board_msg", "kinds_for",
           "next_msg", "pair_name", "points_text", "say", "TABLES_OFFERED"]

TABLES_OFFERED = tuple(range(2, 16))
BOARDS_OFFERED = tuple(range(1, 9))


def kinds_for(tables: int) -> tuple[str, ...]:
    """The movements the core makes for ``tables`` tables."""
    return tuple(k for k in (MITCHELL, HOWELL)
                 if TABLE_RANGE[k][0] <= tables <= TABLE_RANGE[k][1])


@dataclass
class PairsForm:
    """The new evening's choices; ``rounds`` None is the full movement; ``short`` one pair
    fewer (a sit-out each round); ``names`` by pair number (blank: the number)."""

    tables: int = 3
    movement: str = HOWELL
    boards_per_round: int = 3
    rounds: int | None = None
    scoring: str = "matchpoints"
    short: bool = False
    names: dict[int, str] = field(default_factory=dict)

    def set_tables(self, tables: int) -> None:
        """A new table count keeps a movement that still fits, else takes the first that
        does; a number of rounds beyond the new full movement is dropped."""
        self.tables = tables
        offered = kinds_for(tables)
        if self.movement not in offered:
            self.movement = offered[0]
        self._fit_rounds()

    def set_movement(self, movement: str) -> None:
        self.movement = movement
        self._fit_rounds()

    def _fit_rounds(self) -> None:
        if self.rounds is not None and self.rounds > self.full_rounds:
            self.rounds = None

    @property
    def full_rounds(self) -> int:
        return max_rounds(self.movement, self.tables)

    def pair_numbers(self) -> tuple[int, ...]:
        try:
            return self.settings_or_problem()[0].plan().pair_numbers  # type: ignore[union-attr]
        except (AttributeError, InvalidInput):
            return tuple(range(1, 2 * self.tables + 1))

    def settings_or_problem(self) -> tuple[PairsSettings | None, Msg | None]:
        """The settings these choices make, or the first problem (one line naming the
        field and what is allowed)."""
        if self.scoring not in SCORINGS:
            return None, Msg.of("error.plain", text=f"scoring: {self.scoring}")
        names = {p: n.strip() for p, n in self.names.items() if n.strip()}
        for pair, name in names.items():
            if len(name) > NAME_LENGTH:
                return None, Msg.of("pairs.error_name", n=pair, most=NAME_LENGTH)
        try:
            settings = PairsSettings(self.movement, self.tables, self.boards_per_round,
                                     self.rounds, 2 * self.tables - 1 if self.short else None,
                                     self.scoring, "wbf", {})
            numbers = settings.plan().pair_numbers
            return PairsSettings(settings.movement, settings.tables, settings.boards_per_round,
                                 settings.rounds, settings.pairs, settings.scoring, "wbf",
                                 {p: n for p, n in names.items() if p in numbers}), None
        except InvalidInput as error:
            return None, problem_of(error)


@dataclass
class ResultDraft:
    """One board's result as a table enters it (the team match's table fields: passed out,
    declarer, contract, doubling, tricks), for ``board`` at ``table``."""

    board: int
    table: int
    fields: TableDraft = field(default_factory=TableDraft)

    def result(self) -> tuple[TableResult | None, Msg | None]:
        deal, problem = self.fields.result()
        if deal is None:
            return None, problem
        try:
            return TableResult(self.board, self.table, deal), None
        except InvalidInput as error:
            return None, problem_of(error)

    def fill(self, deal: BridgeDeal) -> None:
        self.fields.fill(deal)


def board_msg(board: int) -> Msg:
    """'Board 3: South deals · vulnerable: E-W'."""
    return Msg.of("ui.board_dealing", board=board,
                  dealing=dealing_msg(seat_msg(board_dealer(board)), board_vulnerable(board)))


def score_msg(result: TableResult) -> Msg:
    """'N-S +420 · E-W −420' (the score for both sides)."""
    if result.deal is None:
        return Msg.of("pairs.app_adjusted", value=str(result.adjusted))
    ns = ns_score(result.deal, result.board)[0]
    return Msg.of("pairs.app_scores", ns=_signed(ns), ew=_signed(-ns))


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points) if points < 0 else "0"


def pair_name(settings: PairsSettings, plan: Movement, pair: int) -> Msg:
    """'N-S 2' (Mitchell) or 'pair 2', with the pair's name where it has one."""
    label = plan.pair_label(pair)
    name = settings.names.get(pair)
    return Msg.of("pairs.app_named", pair=label, name=name) if name else label


def at_seat(settings: PairsSettings, plan: Movement, pair: int, side: int) -> Msg:
    """A pair at its seat: 'N-S 3' in a Mitchell, 'pair 3 (E-W)' in a Howell; named."""
    if plan.kind == MITCHELL:
        return pair_name(settings, plan, pair)
    seat = Msg.of("pairs.pair_seat", n=pair, side=Msg(("side.NS", "side.EW")[side]))
    name = settings.names.get(pair)
    return Msg.of("pairs.app_named", pair=seat, name=name) if name else seat


def _seat(where: tuple[int, int] | None, here: tuple[int, int]) -> Msg:
    """Where a pair goes: 'sit out', 'stay at this table' (same table and seat, as a
    Mitchell's N-S do), or 'to table 3 E-W'."""
    if where is None:
        return Msg("pairs.next_none")
    if where == here:
        return Msg("pairs.next_stay")
    return Msg.of("pairs.next_table", table=where[0], side=Msg(("side.NS", "side.EW")[where[1]]))


def next_msg(card: TableCard, key: str = "pairs.next") -> Msg:
    """Where the pairs and boards of a table go after its round (the table card): 'next
    round: N-S ...' (``pairs.moves``: the moves alone, after a sentence that says when)."""
    boards = (Msg("pairs.next_done") if card.boards_done
              else Msg("pairs.next_rest") if card.boards_next is None
              else Msg.of("pairs.next_boards", table=card.boards_next))
    table = card.seating.table
    return Msg.of(key, ns=_seat(card.ns_next, (table, 0)), ew=_seat(card.ew_next, (table, 1)),
                  boards=boards)


def say(t: Translator, key: str, **params: object) -> str:
    """A catalog text standing alone on the screen (a capital first letter)."""
    return t.sentence(Msg.of(key, **params))


def points_text(value: Fraction) -> str:
    """A board's or pair's points as the director reads them: 2 decimals where needed."""
    return decimal(value)
