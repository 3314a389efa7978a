"""A pairs session's data: its settings (tables, boards per round, movement, pair names,
scoring) and each table's result per board, with corrections keeping their history and the
merging of results brought from the tables' phones. Immutable values; every change returns a
new session. Its JSON form is versioned (``FORMAT``, ``SCHEMA_VERSION``).

Merging (decision 277): the same result of one board at one table, from two phones, is one
result; a result that the other side holds as an earlier, corrected value gives way to the
correction; two different results are a conflict, kept both, and the board is scored without
that table until the director resolves it. Nothing is overwritten silently.

Pure, standard library only: the time of an entry is given by the caller.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from ..bridge_games import BridgeDeal
from ..team_match import ns_score
from ..values import (
    InvalidInput,
    Line,
    Msg,
    ascii_digits,
    check_int,
    clean_name,
    hidden_character,
    kept_numbers,
)
from .movement import KINDS, MITCHELL, Movement, Seating, make_movement
from .scoring import SCALES, Adjusted

__all__ = ["CAME", "EVENING_NAME_LENGTH", "FORMAT", "SCHEMA_VERSION", "SCORINGS", "Entry",
           "PairsSession", "PairsSettings", "TableResult", "check_director_code",
           "check_evening_name"]

FORMAT = "scorer-pairs-session"
SCHEMA_VERSION = 1
SCORINGS = ("matchpoints", "cross-imps", "butler")
NAME_LENGTH = 40
EVENING_NAME_LENGTH = 60  # "Tuesday club pairs, 2026-12-05, second session" fits (decision 511)


def check_evening_name(value: object) -> str:
    """The evening's name as kept: cleaned as a player's name (NFC, one space between words,
    none at the ends); "" is an evening with no name (an older file). Refused by name: not
    text, an invisible or control character, longer than EVENING_NAME_LENGTH (decision 511)."""
    if not isinstance(value, str):
        raise InvalidInput("name", value, "is not text", Msg("pairs.error_evening_text"))
    name = clean_name(value)
    hidden = hidden_character(name)
    if hidden is not None:
        code = f"U+{ord(hidden):04X}"
        raise InvalidInput("name", name.encode("unicode_escape").decode("ascii"),
                           f"contains an invisible or control character ({code}); the "
                           "evening's name may hold only visible characters and spaces",
                           Msg.of("pairs.error_evening_hidden", code=code))
    if len(name) > EVENING_NAME_LENGTH:
        raise InvalidInput("name", name, f"is longer than {EVENING_NAME_LENGTH} characters",
                           Msg.of("pairs.error_evening_long", most=EVENING_NAME_LENGTH))
    return name


CODE_DIGITS = (4, 8)


def check_director_code(value: object) -> str:
    """The director's code as typed: 4 to 8 digits (Devanagari ones read as 0-9), spaces
    around ignored; refused by name otherwise (decision 516)."""
    code = ascii_digits(value.strip()) if isinstance(value, str) else ""
    low, high = CODE_DIGITS
    if not (low <= len(code) <= high and code.isascii() and code.isdigit()):
        raise InvalidInput("director's code", value, f"is not {low} to {high} digits",
                           Msg.of("pairs.error_code", low=low, high=high))
    return code


@dataclass(frozen=True, slots=True)
class PairsSettings:
    """What the director chooses: movement, tables, boards per round, rounds (None: the full
    movement), number of pairs, scoring (and the matchpoint scale), the pairs' names
    (by pair number; an empty name shows the number)."""

    movement: str = MITCHELL
    tables: int = 3
    boards_per_round: int = 2
    rounds: int | None = None
    pairs: int | None = None
    scoring: str = "matchpoints"
    scale: str = "wbf"
    names: Mapping[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.scoring not in SCORINGS:
            raise InvalidInput("scoring", self.scoring, "is not matchpoints, cross-imps or "
                               "butler")
        if self.scale not in SCALES:
            raise InvalidInput("scale", self.scale, "is not wbf or acbl")
        plan = self.plan()
        for pair, name in self.names.items():
            if pair not in plan.pair_numbers:
                raise InvalidInput("pair", pair, "is not a pair of this movement")
            if not isinstance(name, str) or len(name) > NAME_LENGTH:
                raise InvalidInput(f"name of pair {pair}", name,
                                   f"is not a name of at most {NAME_LENGTH} characters")

    def plan(self) -> Movement:
        """The movement these settings make (generated and checked; made once for the same
        settings: a session asks for it at every result, decision 347)."""
        given = (self.movement, self.tables, self.boards_per_round, self.rounds, self.pairs)
        try:
            return _plan(*given)
        except TypeError:  # a value that cannot be a key (read from a file): named below
            return make_movement(*given)

    def to_dict(self) -> dict[str, Any]:
        return {"movement": self.movement, "tables": self.tables,
                "boards_per_round": self.boards_per_round, "rounds": self.rounds,
                "pairs": self.pairs, "scoring": self.scoring, "scale": self.scale,
                "names": {str(p): n for p, n in sorted(self.names.items())}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PairsSettings:
        if not isinstance(data, Mapping):
            raise InvalidInput("settings", data, "is not a session's settings")
        names = data.get("names") or {}
        if not isinstance(names, Mapping):
            raise InvalidInput("names", names, "is not a list of names by pair number")
        kind = data.get("movement", MITCHELL)
        if kind not in KINDS:
            raise InvalidInput("movement", kind, "is not mitchell or howell")
        numbers = {check_int("pair", str(p), 1, 30): n for p, n in names.items()}
        return cls(kind, kept_numbers("tables", data.get("tables")),
                   kept_numbers("boards_per_round", data.get("boards_per_round")),
                   kept_numbers("rounds", data.get("rounds")),
                   kept_numbers("pairs", data.get("pairs")),
                   data.get("scoring", "matchpoints"), data.get("scale", "wbf"), numbers)


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's result of one board: a played (or passed-out) deal, or an artificial
    adjusted score when the board was not played there."""

    board: int
    table: int
    deal: BridgeDeal | None = None
    adjusted: Adjusted | None = None

    def __post_init__(self) -> None:
        check_int("board", self.board, 1, 999)
        check_int("table", self.table, 1, 15)
        if (self.deal is None) == (self.adjusted is None):
            raise InvalidInput("result", None, "(give a deal or an adjusted score, one of them)")
        if self.deal is not None and self.deal.honours is not None:
            raise InvalidInput("honors", str(self.deal.honours), "are not scored in duplicate")

    @property
    def key(self) -> tuple[int, int]:
        return self.board, self.table

    def ns_score(self) -> tuple[int | Adjusted, list[Line]]:
        """N-S's score by Law 77, vulnerability from the board number, with its lines; or
        the adjusted score."""
        if self.adjusted is not None:
            return self.adjusted, []
        assert self.deal is not None
        return ns_score(self.deal, self.board)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"board": self.board, "table": self.table}
        if self.adjusted is not None:
            data["adjusted"] = str(self.adjusted)
        else:
            assert self.deal is not None
            data.update(self.deal.to_dict())
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableResult:
        if not isinstance(data, Mapping):
            raise InvalidInput("result", data, "is not a table's result")
        board = check_int("board", kept_numbers("board", data.get("board")), 1, 999)
        table = check_int("table", kept_numbers("table", data.get("table")), 1, 15)
        if "adjusted" in data:
            return cls(board, table, adjusted=Adjusted.parse(str(data["adjusted"])))
        return cls(board, table, deal=BridgeDeal.from_dict(data))


@dataclass(frozen=True, slots=True)
class Entry:
    """A result as entered, and when (ISO 8601, UTC, given by the caller); ``came``, for a
    result in a conflict made by a merge, where it came from (:data:`CAME`; "" not said).
    Where it came from is not part of the result: two entries differing only there are one."""

    result: TableResult
    at: str
    came: str = field(default="", compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {**self.result.to_dict(), "at": self.at, **({"came": self.came} if self.came
                                                          else {})}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Entry:
        at = data.get("at", "") if isinstance(data, Mapping) else ""
        came = data.get("came", "") if isinstance(data, Mapping) else ""
        if came not in ("", *CAME):
            raise InvalidInput("came", came, f"is one of {', '.join(CAME)}")
        return cls(TableResult.from_dict(data), str(at), came)

    def marked(self, came: str) -> Entry:
        """This entry said to come from ``came``, unless it says where already."""
        return self if self.came or not came else replace(self, came=came)


# Where a result in a conflict came from (decision 491): a table's phone (its results link,
# merged on the director's phone) or the director's phone (already there at the merge).
CAME = ("table", "director")


@lru_cache(maxsize=64, typed=True)
def _plan(kind: str, tables: object, boards_per_round: object, rounds: object,
          pairs: object) -> Movement:
    """A movement is immutable: the same settings share one (a refused one is not kept)."""
    return make_movement(kind, tables, boards_per_round, rounds, pairs)


@dataclass(frozen=True, slots=True)
class PairsSession:
    """The session: its settings, the current result of each board at each table, the values
    corrections replaced (history), and conflicts (two different results for one board at one
    table, from two phones) waiting for the director."""

    settings: PairsSettings
    entries: tuple[Entry, ...] = ()
    history: tuple[Entry, ...] = ()
    conflicts: tuple[tuple[Entry, ...], ...] = ()  # each: two or more different results
    name: str = ""  # the evening's name ("" none: an older file); not a setting (decision 512)

    def __post_init__(self) -> None:
        if self.name != check_evening_name(self.name):
            raise InvalidInput("name", self.name, "is not cleaned (use check_evening_name)")

    def named(self, name: str) -> PairsSession:
        """This evening under another name (checked and cleaned; "" takes the name away)."""
        return replace(self, name=check_evening_name(name))

    @property
    def movement(self) -> Movement:
        return self.settings.plan()

    def current(self) -> dict[tuple[int, int], Entry]:
        return {e.result.key: e for e in self.entries}

    def seating(self, board: int, table: int) -> Seating:
        """The table and round where ``board`` is played at ``table``; InvalidInput if it is
        not played there."""
        for seating in self.movement.seatings:
            if seating.table == table and board in seating.boards:
                return seating
        raise InvalidInput(f"board {board}", f"table {table}", "does not play it in this "
                           "movement", Msg.of("pairs.error_not_here", board=board, table=table))

    def enter(self, result: TableResult, at: str) -> PairsSession:
        """A table's result: new, or the same again (unchanged). A different result for a
        board already entered needs :meth:`correct`."""
        self.seating(result.board, result.table)
        held = self.current().get(result.key)
        if held is not None:
            if held.result == result:
                return self
            raise InvalidInput(f"board {result.board}", f"table {result.table}",
                               "already has a result (correct it instead)",
                               Msg.of("pairs.error_entered", board=result.board,
                                      table=result.table))
        if any(c[0].result.key == result.key for c in self.conflicts):
            raise InvalidInput(f"board {result.board}", f"table {result.table}",
                               "has two results to choose between first",
                               Msg.of("pairs.error_conflict", board=result.board,
                                      table=result.table))
        return replace(self, entries=(*self.entries, Entry(result, at)))

    def correct(self, result: TableResult, at: str) -> PairsSession:
        """Replace the result of a board at a table; the old one goes into the history."""
        self.seating(result.board, result.table)
        held = self.current().get(result.key)
        if held is None:
            return self.enter(result, at)
        if held.result == result:
            return self
        kept = tuple(e for e in self.entries if e is not held)
        return replace(self, entries=(*kept, Entry(result, at)), history=(*self.history, held))

    def correct_at_table(self, result: TableResult, at: str) -> PairsSession:
        """A table's correction. An adjusted score is the director's ruling, not the table's
        to undo: a different result for it goes to the director as a conflict (the ruling
        first), and the board waits there until the director keeps one (decision 470)."""
        held = self.current().get(result.key)
        if held is None or held.result.adjusted is None or held.result == result:
            return self.correct(result, at)
        self.seating(result.board, result.table)
        kept = tuple(e for e in self.entries if e is not held)
        return replace(self, entries=kept,
                       conflicts=(*self.conflicts, (held, Entry(result, at))))

    def resolve(self, board: int, table: int, chosen: TableResult, at: str) -> PairsSession:
        """The director's choice for a conflict: ``chosen`` is the result, the other values
        that were in conflict go into the history (the one kept is not listed as replaced:
        decision 492)."""
        found = [c for c in self.conflicts if c[0].result.key == (board, table)]
        if not found:
            raise InvalidInput(f"board {board}", f"table {table}", "has no conflict to resolve")
        conflicts = tuple(c for c in self.conflicts if c is not found[0])
        others = tuple(e for e in found[0] if e.result != chosen)
        cleared = replace(self, conflicts=conflicts, history=(*self.history, *others))
        return cleared.correct(chosen, at)

    def merge(self, other: PairsSession, came: tuple[str, str] = ("", "")) -> PairsSession:
        """This session with ``other``'s results (from a table's phone): same settings only.
        No value is lost: each ends as the result, in the history, or in a conflict. A
        conflict's results say where they came from (``came``: this session's, ``other``'s;
        :data:`CAME`), so the director knows which is the table's (decision 491)."""
        here, there = came
        if other.settings != self.settings:
            raise InvalidInput("session", "other", "is another session (its settings differ)",
                               Msg("pairs.error_other_session"))
        replaced_mine = {e.result for e in self.history}
        replaced_theirs = {e.result for e in other.history}
        history = [*self.history, *(e for e in other.history if e not in self.history)]
        disputes: dict[tuple[int, int], list[Entry]] = {}
        for conflict in (*self.conflicts, *other.conflicts):
            for entry in conflict:
                _add(disputes.setdefault(entry.result.key, []), entry)
        entries = self.current()
        for key, entry in other.current().items():
            held = entries.get(key)
            if key in disputes:
                _add(disputes[key], entry.marked(there))
            elif held is None:
                entries[key] = entry
            elif held.result == entry.result or entry.result in replaced_mine:
                continue  # the same result, or one we have since corrected
            elif held.result in replaced_theirs:
                history.append(held)  # they corrected what we hold
                entries[key] = entry
            else:
                disputes[key] = [held.marked(here), entry.marked(there)]
        for key, candidates in disputes.items():
            if key in entries:
                _add(candidates, entries.pop(key).marked(here))
        return replace(self, entries=tuple(entries.values()), history=tuple(history),
                       conflicts=tuple(tuple(c) for c in disputes.values()))

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "schema_version": SCHEMA_VERSION,
                **({"name": self.name} if self.name else {}),  # an older file has none
                "settings": self.settings.to_dict(),
                "results": [e.to_dict() for e in self.entries],
                "history": [e.to_dict() for e in self.history],
                "conflicts": [[e.to_dict() for e in c] for c in self.conflicts]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PairsSession:
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise InvalidInput("format", None if not isinstance(data, Mapping)
                               else data.get("format"), f"is not {FORMAT}")
        version = data.get("schema_version")
        if version != SCHEMA_VERSION:
            raise InvalidInput("schema_version", version, f"is not {SCHEMA_VERSION} (this "
                               "Scorer reads version 1)")
        session = cls(PairsSettings.from_dict(data.get("settings", {})),
                      name=check_evening_name(data.get("name", "")))
        for item in _items(data, "results"):
            entry = Entry.from_dict(item)
            session = session.enter(entry.result, entry.at)
        history = tuple(Entry.from_dict(item) for item in _items(data, "history"))
        conflicts = []
        for values in _items(data, "conflicts"):
            if not isinstance(values, list) or len(values) < 2:
                raise InvalidInput("conflicts", values, "is not a list of two or more results")
            conflicts.append(tuple(Entry.from_dict(value) for value in values))
        return replace(session, history=history, conflicts=tuple(conflicts))


def _add(candidates: list[Entry], entry: Entry) -> None:
    """``entry`` among a conflict's values, unless its result is there already."""
    if all(c.result != entry.result for c in candidates):
        candidates.append(entry)


def _items(data: Mapping[str, Any], key: str) -> list[Any]:
    items = data.get(key, [])
    if not isinstance(items, list):
        raise InvalidInput(key, type(items).__name__, "is not a list")
    return items
