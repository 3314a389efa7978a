"""A bridge contract and its trick score: strains, doublings, `Contract.parse`, the points for
odd tricks, and a contract's score with its lines. Pure, standard library only."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from functools import lru_cache

from .values import InvalidInput, Line, Msg, check_int

__all__ = [
    "BOOK",
    "Contract",
    "ContractScore",
    "Doubling",
    "MAX_TRICKS",
    "Strain",
    "check_tricks",
    "result_msg",
    "side_points",
    "trick_points",
]


MAX_TRICKS = 13
BOOK = 6


class Strain(enum.Enum):
    """A contract's strain, lowest to highest; ``value`` is its abbreviation."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def abbr(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def msg(self) -> Msg:
        """The strain's name, to render in the player's language."""
        return _STRAIN_MSGS[self]

    @property
    def first_trick(self) -> int:
        """Value of the first trick over six."""
        return 40 if self is Strain.NOTRUMP else self.later_tricks

    @property
    def later_tricks(self) -> int:
        """Value of each trick over six after the first."""
        return 20 if self in (Strain.CLUBS, Strain.DIAMONDS) else 30

    @classmethod
    def find(cls, text: str) -> Strain:
        key = text.strip().upper()
        strain = _STRAIN_NAMES.get(key)
        if strain is None:
            raise InvalidInput("strain", text, "is not one of C, D, H, S, NT (or ♣ ♦ ♥ ♠)")
        return strain


_SYMBOLS = {
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.SPADES: "♠",
    Strain.NOTRUMP: "NT",
}


_STRAIN_MSGS = {s: Msg(f"strain.{s.value}") for s in Strain}


_STRAIN_NAMES: dict[str, Strain] = {s.abbr: s for s in Strain}


_STRAIN_NAMES.update({s.symbol: s for s in Strain})


_STRAIN_NAMES["N"] = Strain.NOTRUMP


class Doubling(enum.Enum):
    """Undoubled, doubled or redoubled; ``multiplier`` is 1, 2 or 4."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    @property
    def abbr(self) -> str:
        return self.value

    @property
    def multiplier(self) -> int:
        return {"": 1, "X": 2, "XX": 4}[self.value]

    @classmethod
    def find(cls, text: str) -> Doubling:
        key = text.strip().upper()
        for doubling in cls:
            if doubling.abbr == key:
                return doubling
        raise InvalidInput("doubling", text, "is not one of '' (none), X or XX")


_CONTRACT = re.compile(r"^\s*([1-7])\s*(NT|N|[CDHS♣♦♥♠])\s*(XX|X)?\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract: level 1-7 (tricks over six), strain and doubling. ``str`` is ``4HX``."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED
    _text: str = field(default="", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise InvalidInput("level", self.level, "is not a whole number between 1 and 7")
        if not 1 <= self.level <= 7:
            raise InvalidInput("level", self.level, "is not between 1 and 7")
        object.__setattr__(self, "_text",
                           f"{self.level}{self.strain.value}{self.doubling.value}")

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read ``4HX``, ``3nt``, ``7♠XX``; raise :class:`InvalidInput` naming ``contract``."""
        if not isinstance(text, str):
            raise InvalidInput("contract", text, "is not a contract like 4H, 3NT or 2SX")
        return _parse_contract(text)

    @classmethod
    def _parse(cls, text: str) -> Contract:
        match = _CONTRACT.match(text)
        if match is None:
            raise InvalidInput(
                "contract", text, "is not a contract (level 1-7, strain C D H S NT, then X or XX)"
            )
        level, strain, doubling = match.groups()
        return cls(int(level), Strain.find(strain), Doubling.find(doubling or ""))

    @property
    def tricks_needed(self) -> int:
        return BOOK + self.level

    @property
    def symbols(self) -> str:
        """The contract with its suit as a symbol: ``4♥X``, ``3NT``."""
        return f"{self.level}{self.strain.symbol}{self.doubling.value}"

    def __hash__(self) -> int:
        return hash(self._text)  # equal contracts have equal text; scores are cached by contract

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Contract.parse({self._text!r})"


@lru_cache(maxsize=1024)
def _parse_contract(text: str) -> Contract:
    """Contracts are immutable, so each spelling is parsed once (games re-read them often)."""
    return Contract._parse(text)


def result_msg(contract: Contract, tricks: int) -> Msg:
    """'made', 'made +2' or 'down 3', as said at the table."""
    diff = tricks - contract.tricks_needed
    if diff < 0:
        return Msg.of("result.down", n=-diff)
    return Msg.of("result.made") if diff == 0 else Msg.of("result.over", n=diff)


@dataclass(frozen=True, slots=True)
class ContractScore:
    """The score of one played contract: the points of declarer's side and of the defenders,
    and why."""

    contract: Contract
    tricks: int
    made: bool
    declarer_points: int
    defender_points: int
    lines: tuple[Line, ...]

    @property
    def result(self) -> Msg:
        """'made', 'made +2' or 'down 3', as said at the table."""
        return result_msg(self.contract, self.tricks)

    def to_dict(self) -> dict[str, object]:
        """The figures as ``scorer check --json`` names them (the lines are the caller's, in
        the player's language)."""
        return {"made": self.made, "declarer": self.declarer_points,
                "defenders": self.defender_points}


def trick_points(contract: Contract, tricks: int) -> Line:
    """Trick value of every trick over six that declarer took (overtricks included)."""
    over = tricks - BOOK
    strain = contract.strain
    if strain is Strain.NOTRUMP:
        points = strain.first_trick + (over - 1) * strain.later_tricks
        if over == 1:
            return Line(Msg.of("line.nt_one", points=points), points)
        return Line(Msg.of("line.nt", n=over, later=over - 1, points=points), points)
    points = over * strain.later_tricks
    return Line(Msg.of("line.suit", n=over, strain=strain.msg, value=strain.later_tricks,
                       points=points), points)


def check_tricks(value: object) -> int:
    return check_int("tricks", value, 0, MAX_TRICKS)


def side_points(side: int, declarers: int, defenders: int) -> tuple[int, int]:
    """Points of the two sides (0 and 1) when ``side`` declared."""
    return (declarers, defenders) if side == 0 else (defenders, declarers)
