"""A pairs evening's screen logic without flet (issue 32): the new evening's form (what it
offers for the table count, the settings it makes or the first problem, named), a table's
result as it is entered (reusing the team match's ``TableDraft``), and the texts the screens
show (seat of a pair, where everyone goes next, a board's dealer and vulnerability).
Unit-tested in tests/test_pairs_app.py."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from ...i18n import Translator
from ...rules import InvalidInput
from ...rules.boards import board_dealer, board_vulnerable
from ...rules.bridge_games import BridgeDeal
from ...rules.minibridge import seat_msg
from ...rules.pairs.labels import at_seat, next_msg, pair_name, score_msg
from ...rules.pairs.movement import HOWELL, MITCHELL, TABLE_RANGE, max_rounds
from ...rules.pairs.scoring import decimal
from ...rules.pairs.session import (
    NAME_LENGTH,
    SCORINGS,
    PairsSettings,
    TableResult,
    check_evening_name,
)
from ...rules.values import Msg
from ..entry.base import problem_of
from ..entry.bridge import dealing_msg
from ..entry.team_match import TableDraft

__all__ = ["BOARDS_OFFERED", "PairsForm", "ResultDraft", "at_seat", "board_msg", "kinds_for",
           "default_name", "makes_msg", "next_msg", "pair_name", "points_text", "say",
           "score_msg",
           "TABLES_OFFERED", "unbroken"]

TABLES_OFFERED = tuple(range(2, 16))
BOARDS_OFFERED = tuple(range(1, 9))


def kinds_for(tables: int) -> tuple[str, ...]:
    """The movements the core makes for ``tables`` tables."""
    return tuple(k for k in (MITCHELL, HOWELL)
                 if TABLE_RANGE[k][0] <= tables <= TABLE_RANGE[k][1])


@dataclass
class PairsForm:
    """The new evening's choices; ``rounds`` None is the full movement; ``short`` one pair
    fewer (a sit-out each round); ``names`` by pair number (blank: the number); ``name`` the
    evening's name as typed (None: not touched, the default shown; decision 510); ``code``
    the director's code (``scorer serve``: offered at random, decision 517)."""

    tables: int = 3
    movement: str = HOWELL
    boards_per_round: int = 3
    rounds: int | None = None
    scoring: str = "matchpoints"
    short: bool = False
    names: dict[int, str] = field(default_factory=dict)
    name: str | None = None
    code: str = field(default_factory=lambda: f"{secrets.randbelow(10_000):04d}")

    def evening_name(self, default: str) -> tuple[str | None, Msg | None]:
        """The evening's name Start gives it (``default`` for a field left empty), or the
        problem with it, named."""
        typed = default if self.name is None or not self.name.strip() else self.name
        try:
            return check_evening_name(typed), None
        except InvalidInput as error:
            return None, problem_of(error)

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
        seen: dict[str, str] = {}
        for pair, name in sorted(names.items()):
            if len(name) > NAME_LENGTH:
                return None, Msg.of("pairs.error_name", n=pair, most=NAME_LENGTH)
            if name.casefold() in seen:  # as New game refuses two players' (decision 412)
                return None, Msg.of("pairs.error_names_twice", name=seen[name.casefold()])
            seen[name.casefold()] = name
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


def default_name(day: date) -> Msg:
    """'Pairs evening 2026-12-05': the name a new evening is offered (decision 510)."""
    return Msg.of("pairs.default_name", date=day.isoformat())


def makes_msg(settings: PairsSettings) -> Msg:
    """What Start will make, said beside it before anything is made: 'Start will make:
    Mitchell, 4 tables, 3 rounds, 2 boards per round, 8 boards in all' (a lost tap on the
    form is seen before the evening exists: decision 481)."""
    plan = settings.plan()
    boards = {board for seating in plan.seatings for board in seating.boards}
    return Msg.of("pairs.app_will_make",
                  title=Msg.of("pairs.app_title", kind=Msg.of(f"pairs.kind_{plan.kind}"),
                               tables=settings.tables),
                  rounds=Msg.of("pairs.app_rounds_n", n=plan.rounds),
                  per_round=Msg.of("pairs.app_boards_per_round_n", n=settings.boards_per_round),
                  boards=Msg.of("pairs.app_boards_in_all", n=len(boards)))


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


def say(t: Translator, key: str, **params: object) -> str:
    """A catalog text standing alone on the screen (a capital first letter)."""
    return t.sentence(Msg.of(key, **params))


def points_text(value: Fraction) -> str:
    """A board's or pair's points as the director reads them: 2 decimals where needed."""
    return decimal(value)


_BEFORE_SCORE = re.compile(r"(?<=\S) (?=[+\-\u2212]?\d)")
_IN_WORD = re.compile(r"(?<=\S)-(?=\S)")


def unbroken(text: str) -> str:
    """``text`` with each score kept on the line of the side it belongs to ('E-W -690'): a
    no-break space before a number and a word joiner after a hyphen inside a word ('E-W',
    which Flutter would break after its hyphen), so large text wraps between the parts of a
    line, never inside a side's name or between it and its score (decision 415)."""
    return _BEFORE_SCORE.sub("\u00a0", _IN_WORD.sub("-\u2060", text))
