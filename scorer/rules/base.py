"""What every variant provides, so that ``scorer.game`` can run any of them the same way.

A variant is one object (one module in ``scorer.rules``) that knows its players and scoring
parties, its house rules, how to read and score one deal, and how the deal moves round the
table. ``scorer.game`` does the rest (totals, outcome, corrections) without knowing which
variant it runs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from .seats import SEATS, seat_index
from .values import InvalidInput, Line, Msg, check_int, whole_number

__all__ = ["DealScore", "DealT", "EndRule", "RuleInfo", "RulesT", "Variant"]

DealT = TypeVar("DealT")  # a variant's deal type (MiniBridgeDeal, BridgeDeal, ...)
RulesT = TypeVar("RulesT")  # a variant's house-rules type


@dataclass(frozen=True, slots=True)
class DealScore:
    """One deal scored: points per scoring party (in party order), the lines that explain
    them, a short summary ('4HX by North: made +1', 'passed out'), and whether a contract
    was made (None where there was no contract)."""

    points: tuple[int, ...]
    lines: tuple[Line, ...]
    summary: Msg
    made: bool | None = None
    sheet: Any = None  # what a variant's scoresheet shows beyond points (e.g. a rubber's line)


@dataclass(frozen=True, slots=True)
class EndRule:
    """When a game ends: at a ``target`` score, after a number of ``deals``, or ``open``."""

    kind: str
    value: int | None = None

    KINDS: ClassVar[tuple[str, ...]] = ("target", "deals", "rubbers", "open")
    # The most a table plays to (issue 30: a target of 10^29 came in by a link, and the
    # page's session died sending it), far beyond any evening: what a new game, an import
    # and a link may ask (:meth:`playable`). A game stored before is read up to what the
    # client carries (CARRIED, the largest integer a browser holds exactly), so that no game
    # once kept becomes unreadable (decision 205).
    MOST: ClassVar[dict[str, int]] = {"target": 100_000, "deals": 1_000, "rubbers": 100}
    CARRIED: ClassVar[int] = 2**53 - 1

    def __post_init__(self) -> None:
        if self.kind not in self.KINDS:
            raise InvalidInput("end", self.kind, "is not one of target, deals, rubbers, open")
        if self.kind == "open":
            if self.value is not None:
                raise InvalidInput("end", self.value, "is not allowed with an open-ended game")
        elif isinstance(self.value, bool) or not isinstance(self.value, int) or self.value < 1:
            raise InvalidInput(self.kind, self.value, "is not a whole number of at least 1")
        elif self.value > self.CARRIED:
            self._too_large()

    def playable(self) -> EndRule:
        """This end, if a table can play to it (:attr:`MOST`); else InvalidInput."""
        if self.value is not None and self.value > self.MOST[self.kind]:
            self._too_large()
        return self

    def _too_large(self) -> None:
        """Said with what a table plays to, also where more is read (a game kept before)."""
        most = self.MOST[self.kind]
        raise InvalidInput(self.kind, self.value, f"is not between 1 and {most}",
                           Msg.of("error.range", field=self.kind, value=self.value, low=1,
                                  high=most))

    @classmethod
    def parse(cls, text: str) -> EndRule:
        """Read ``target=500``, ``deals=8``, ``rubbers=2`` or ``open``."""
        kind, _, value = text.strip().partition("=")
        kind = kind.strip().lower()
        if kind == "open" and not value:
            return cls("open")
        number = whole_number(value)
        if number is None or number < 0:
            raise InvalidInput("end", text, "is not target=N, deals=N, rubbers=N or open")
        return cls(kind, number)

    def __str__(self) -> str:
        return "open" if self.kind == "open" else f"{self.kind}={self.value}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "value": self.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EndRule:
        if not isinstance(data, Mapping):
            raise InvalidInput("end", data, "is not an end condition")
        return cls(data.get("kind", ""), data.get("value"))


@dataclass(frozen=True, slots=True)
class RuleInfo:
    """A house rule as shown to players: its name, allowed values and default (its sentence
    is the catalog's ``houserule.<name>``)."""

    name: str
    choices: tuple[str, ...]
    default: str


class Variant(ABC, Generic[DealT, RulesT]):
    """One game's rules, generic over its deal and house-rules types. Subclasses are
    stateless; the registry holds one instance each. This is the core every game has: what
    ``scorer.game`` needs to play, replay and score it (parties, seats, dealer, house rules,
    deals). What only some layers ask (a scoresheet's words, statistics, ``scorer check``'s
    hand, the screens' hints) are the optional parts of :mod:`.parts`, each with a default for
    a game without it; the other layers ask the variant or its parts, never its name.

    Most variants score each deal on its own (``score``). A variant whose deals depend on the
    deals before them (rubber bridge: games won and part scores below the line; Chicago: the
    deal's place in the cycle) keeps an immutable *state* that ``scorer.game`` threads through
    the replay: ``start_state`` gives it before the first deal, ``score_in`` scores a deal in it
    and returns the next one. The defaults keep a stateless variant exactly as it was.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    player_count: ClassVar[int]
    seat_names: ClassVar[tuple[str, ...] | None] = None
    partnerships: ClassVar[bool] = False  # parties are pairs of players ("Ana & Cleo win")
    teams: ClassVar[bool] = False  # the "players" are named teams, not people (a team match)
    end_kinds: ClassVar[tuple[str, ...]]
    default_end: ClassVar[EndRule]
    end_suggestions: ClassVar[tuple[EndRule, ...]]
    house_rules: ClassVar[tuple[RuleInfo, ...]]
    first_dealer: ClassVar[int | None] = None  # fixed by the rules (duplicate board 1: North)
    # What one deal is called where deals are counted (a game's progress, "points per deal"):
    # "deal", "round" (Call Break), "board" (a team match, whose points are IMPs).
    deal_word: ClassVar[str] = "deal"

    # --- table -----------------------------------------------------------------------
    @abstractmethod
    def parties(self, players: Sequence[str]) -> tuple[str, ...]:
        """Names of the scoring parties (players, or partnerships) in score order."""

    @abstractmethod
    def next_dealer(self, dealer: int, deal: DealT, rules: RulesT) -> int:
        """Who deals after ``deal`` was played with ``dealer`` dealing."""

    def dealer_name(self, dealer: int, players: Sequence[str]) -> str | Msg:
        """Who deals, for a scoresheet: the player's name (a team match names the seat, a
        message to render, instead)."""
        return players[dealer]

    def party_of(self, player: int) -> int:
        """The scoring party (an index into ``parties``) player number ``player`` plays for.
        Each player is a party of their own unless the variant says otherwise."""
        return player

    def parse_seat(self, value: object, field: str = "seat") -> int:
        """A player's number from the number (0, '2') or, where the variant names its seats,
        the seat ('N', 'north'); InvalidInput naming ``field`` otherwise."""
        if self.seat_names == SEATS and isinstance(value, str) and whole_number(value) is None:
            return seat_index(value, field)
        return check_int(field, value, 0, self.player_count - 1)

    @abstractmethod
    def openers(self, dealer: int, players: Sequence[str]) -> Msg:
        """Who calls or leads first when ``dealer`` deals."""


    # --- rules -----------------------------------------------------------------------
    @abstractmethod
    def parse_rules(self, mapping: Mapping[str, object] | None = None) -> RulesT:
        """Typed house-rule settings from names and values; unknown ones are an error."""

    def check_end(self, end: EndRule) -> EndRule:
        if end.kind not in self.end_kinds:
            raise InvalidInput("end", end.kind, f"is not allowed in {self.title} "
                               f"(allowed: {', '.join(self.end_kinds)})")
        return end

    # --- deals -----------------------------------------------------------------------
    @abstractmethod
    def deal_from_dict(self, data: Mapping[str, Any]) -> DealT:
        """A deal from its stored form; raises InvalidInput naming the bad field."""

    def check_announcement(self, data: object, rules: RulesT) -> dict[str, Any]:
        """What the table announces before a deal is played and keeps while it is played
        (Call Break: the four calls), checked, as a plain dict. Variants without one refuse."""
        raise InvalidInput("announcement", data, f"is not used in {self.title}")

    def announced_words(self, data: Mapping[str, Any], dealer: int,
                        players: Sequence[str]) -> str:
        """What :meth:`check_announcement` kept, as the table says it (names and numbers, in
        the order announced: Call Break's 'Ben 3 · Cleo 3 · Dan 4 · Ana 2')."""
        raise InvalidInput("announcement", data, f"is not used in {self.title}")

    @abstractmethod
    def check_deal(self, deal: object, dealer: int, rules: RulesT) -> None:
        """Raise InvalidInput if ``deal`` (anything: a deal of another game is refused too)
        cannot have been played with ``dealer`` dealing."""

    @abstractmethod
    def score(self, deal: DealT, rules: RulesT, players: Sequence[str]) -> DealScore:
        """Score one deal, with its explanation, naming ``players`` in the lines."""

    # --- state carried from deal to deal (optional) -------------------------------------
    def start_state(self, rules: RulesT) -> Any:
        """The state before the first deal; None for a variant that scores deals on their own."""
        return None

    def score_in(self, deal: DealT, rules: RulesT, players: Sequence[str], dealer: int,
                 state: Any) -> tuple[DealScore, Any]:
        """Score ``deal`` (dealt by ``dealer``) in ``state``; returns its score and the state
        after it. By default the deal is scored on its own and the state is unchanged."""
        return self.score(deal, rules, players), state

    def score_alone(self, deal: DealT, rules: RulesT, players: Sequence[str], dealer: int,
                    state: Any) -> DealScore:
        """Score ``deal`` as one hand on its own (Check a score), where ``state`` stands for
        what the table chose (a vulnerability). By default as in a game; a variant whose
        deals score more in a game than alone (a rubber's game and rubber bonus) says so."""
        return self.score_in(deal, rules, players, dealer, state)[0]

    def completed(self, state: Any) -> int:
        """How many units the end rule ``rubbers=N`` counts (rubbers) are finished."""
        return 0

    def closing(self, state: Any, rules: RulesT, players: Sequence[str]) -> DealScore | None:
        """Points added when the players end the game early (an unfinished rubber)."""
        return None

    def vulnerability(self, state: Any, dealer: int, rules: RulesT,
                      ) -> tuple[bool, bool] | None:
        """Whether each side (N-S, E-W) is vulnerable in the next deal; None where the game
        has no vulnerability."""
        return None

    def __repr__(self) -> str:
        return f"variant({self.name!r})"
