"""Types shared by every variant: strains, doubling, contracts, explained scores, the input error.

Everything here is pure and standard library only. A contract's ``str`` is the table's
notation (``4HX``) and ``Contract.parse`` reads it back; scores are whole numbers, and every
score carries the ordered lines that explain it, each naming the rule and its arithmetic.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

__all__ = [
    "Msg",
    "MAX_TRICKS",
    "BOOK",
    "Strain",
    "Doubling",
    "Contract",
    "Line",
    "ContractScore",
    "InvalidInput",
    "result_msg",
    "check_int",
    "check_tricks",
    "parse_switch",
    "settings_from",
    "side_points",
    "switch_settings",
    "trick_points",
]

MAX_TRICKS = 13
BOOK = 6


class Msg(NamedTuple):
    """A message for a person, in no language yet: a catalog key and its parameters.

    ``scorer.i18n`` renders it in the player's language (scorer/assets/i18n/*.json). A parameter may
    itself be a Msg (rendered first); the parameter ``n`` chooses the plural form. A named tuple
    because explanations make millions of them (see benchmarks/bench_core.py)."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> Msg:
        return _new_tuple(cls, (key, tuple(params.items())))


_new_tuple = tuple.__new__  # Msg.of skips the named tuple's argument handling: it is hot


class InvalidInput(ValueError):
    """Invalid input: names the field, the value given and what is allowed.

    ``str(error)`` is one line a person can read, e.g. ``tricks: 14 is not between 0 and 13``;
    ``msg`` (where given) is the same message to render in another language.
    """

    def __init__(self, field: str, value: object, allowed: str, msg: Msg | None = None) -> None:
        self.field = field
        self.value = value
        self.allowed = allowed
        self.msg = msg
        super().__init__(f"{field}: {_show(value)} {allowed}")


def _show(value: object) -> str:
    if value is None:
        return "missing"
    if isinstance(value, str):
        return repr(value) if value == "" or value != value.strip() else value
    if isinstance(value, (list, tuple)):
        return ",".join(_show(v) for v in value)
    return str(value)


def check_int(field: str, value: object, low: int, high: int) -> int:
    """Return ``value`` as an int in ``low..high`` or raise :class:`InvalidInput`."""
    if isinstance(value, bool) or not isinstance(value, int):
        # ASCII digits only: int() refuses some characters that regex \s and \d accept.
        if isinstance(value, str) and re.fullmatch(r"[ \t]*-?[0-9]+[ \t]*", value):
            value = int(value)
        else:
            raise InvalidInput(field, value, f"is not a whole number between {low} and {high}",
                               Msg.of("error.not_whole", field=field, value=str(value),
                                      low=low, high=high))
    assert isinstance(value, int)
    if not low <= value <= high:
        raise InvalidInput(field, value, f"is not between {low} and {high}",
                           Msg.of("error.range", field=field, value=value, low=low, high=high))
    return value


_ON = {"on", "true", "yes", "1"}
_OFF = {"off", "false", "no", "0"}


def parse_switch(field: str, value: object) -> bool:
    """Read a house-rule switch given as a bool or as on/off, true/false, yes/no, 1/0."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _ON:
        return True
    if text in _OFF:
        return False
    raise InvalidInput(field, value, "is not allowed (use on or off)")


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


class Line(NamedTuple):
    """One line of an explanation: the rule and its arithmetic as a message (rendered in the
    player's language by ``scorer.i18n``), and the number it arrives at."""

    msg: Msg
    points: int


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


def switch_settings(cls: type[Any], mapping: Mapping[str, object] | None, variant: str) -> Any:
    """House rules made only of on/off switches: a frozen dataclass of bool fields."""
    known = {f.name: f.default for f in dataclasses.fields(cls)}
    given = settings_from(mapping, known, variant)
    return cls(**{name: parse_switch(name, value) for name, value in given.items()})


def side_points(side: int, declarers: int, defenders: int) -> tuple[int, int]:
    """Points of the two sides (0 and 1) when ``side`` declared."""
    return (declarers, defenders) if side == 0 else (defenders, declarers)


def settings_from(
    mapping: Mapping[str, object] | None, known: Mapping[str, object], variant: str
) -> dict[str, object]:
    """Reject unknown setting names; return the given ones (values checked by the caller)."""
    given = dict(mapping or {})
    for name in given:
        if name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise InvalidInput("rule", name, f"is not a house rule of {variant} (known: {names})")
    return given
