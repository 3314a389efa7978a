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

from .contract import Contract, ContractScore
from .seats import SEATS, seat_index
from .values import InvalidInput, Line, Msg, check_int, whole_number

__all__ = ["DealScore", "DealT", "EndRule", "HandCheck", "RuleInfo", "RulesT", "Variant",
           "option_contract", "option_ints"]

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


@dataclass(frozen=True, slots=True)
class HandCheck:
    """One hand scored on its own (``scorer check``): the figures of the result (as the JSON
    output names them), the lines that explain them, the table's words for a contract's
    result ('made +1') where a contract was played, and a first step where there is one
    (MiniBridge: who declares from the points)."""

    figures: Mapping[str, Any]
    lines: tuple[Line, ...] = ()
    result: Msg | None = None
    first: HandCheck | None = None
    summary: Msg | None = None  # the closing sentence ('Result: made; declarer 420, ...')

    @classmethod
    def of_contract(cls, scored: ContractScore, first: HandCheck | None = None,
                    before: Sequence[Line] = ()) -> HandCheck:
        """A contract's score checked on its own: its figures, ``before`` (e.g. the board
        that set the vulnerability) and its lines, closing with its result and both sides'
        points."""
        return cls(scored.to_dict(), (*before, *scored.lines), scored.result, first,
                   Msg.of("cli.result_contract", result=scored.result,
                          declarer=scored.declarer_points, defenders=scored.defender_points))


def option_ints(name: str, text: str) -> list[int]:
    """Comma-separated whole numbers, each as :func:`~.values.whole_number` reads it (ASCII
    or Devanagari digits)."""
    numbers = [whole_number(p.strip()) for p in text.split(",")]
    if None in numbers:
        raise InvalidInput(name, text, "is not a comma-separated list of whole numbers "
                           "(digits 0-9 or ०-९)", Msg.of("error.not_numbers", field=name,
                                                          value=text))
    return [n for n in numbers if n is not None]


def option_contract(options: Mapping[str, str | None], example: str) -> tuple[Contract, int]:
    """The options ``contract`` and ``tricks``, both required: the contract and its tricks."""
    contract, tricks = options.get("contract"), options.get("tricks")
    if contract is None:
        raise InvalidInput("contract", None, f"(give --contract, e.g. {example})")
    if tricks is None:
        raise InvalidInput("tricks", None, "(give --tricks, 0 to 13)")
    parsed = Contract.parse(contract)
    counts = option_ints("tricks", tricks)
    if len(counts) != 1:
        raise InvalidInput("tricks", tricks, "is not one number between 0 and 13")
    return parsed, counts[0]


class Variant(ABC, Generic[DealT, RulesT]):
    """One game's rules, generic over its deal and house-rules types. Subclasses are
    stateless; the registry holds one instance each. Everything the other layers need to know
    about a game they ask its variant (parties, seats, a deal's words, one hand for
    ``scorer check``), never its name.

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
    entry: ClassVar[str]  # the UI's input module for a deal (scorer/ui/entry/<entry>.py)
    # Each player calls and takes tricks for themselves (Call Break): a scoreboard row shows
    # every player's call and tricks, not one declarer's contract.
    calls_per_player: ClassVar[bool] = False
    # What one deal is called where the game's points are averaged ("points per deal"):
    # "deal", "round" (Call Break), "board" (a team match, whose points are IMPs).
    deal_word: ClassVar[str] = "deal"

    # --- table -----------------------------------------------------------------------
    @abstractmethod
    def parties(self, players: Sequence[str]) -> tuple[str, ...]:
        """Names of the scoring parties (players, or partnerships) in score order."""

    @abstractmethod
    def next_dealer(self, dealer: int, deal: DealT, rules: RulesT) -> int:
        """Who deals after ``deal`` was played with ``dealer`` dealing."""

    @property
    def rules_page(self) -> str:
        """The rules page (scorer/assets/rules/<page>.md) that explains this game."""
        return self.name

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

    # --- one hand on its own (scorer check) ------------------------------------------------
    check_options: ClassVar[tuple[str, ...]] = ()  # what `scorer check` reads; () = not there

    def check_hand(self, options: Mapping[str, str | None], rules: RulesT) -> HandCheck:
        """Score one hand from ``scorer check``'s options (their names without dashes, None
        where not given), without a game: what the referee at the table needs."""
        raise InvalidInput("game", self.name, "is not scored one hand at a time")

    # --- how a deal reads on a scoresheet, and in statistics --------------------------------
    def deal_words(self, deal: DealT, players: Sequence[str]) -> tuple[Msg, str] | None:
        """What was bid (or called) and the tricks taken, as a scoresheet writes them in two
        columns; None where the deal's summary says it all (passed out, redealt), and by
        default (a game of contracts takes :class:`~.contract_deals.ContractDeals`')."""
        return None

    def deal_line(self, deal: DealT, players: Sequence[str],
                  score: DealScore | None = None) -> Msg | None:
        """The same in one phrase ('4S by Ana, 10 tricks'), for a plain-text scoresheet; a
        variant may add what its sheet shows beyond points (``score.sheet``)."""
        words = self.deal_words(deal, players)
        if words is None:
            return None
        return Msg.of("sheet.with_tricks", what=words[0], n=int(words[1]))

    def sheet_end(self, scores: Sequence[DealScore], closing: DealScore | None,
                  ) -> tuple[Msg, ...]:
        """Lines a plain-text scoresheet ends with, before the totals (a rubber: each
        rubber's points below and above the line per side)."""
        return ()

    def points_words(self, points: int) -> str:
        """A number of points as players say it (Call Break adds its decimal habit)."""
        return str(points)

    def deal_stats(self, deal: DealT, score: DealScore, player: int,
                   ) -> Mapping[str, int] | None:
        """What one deal adds to player ``player``'s statistics (see scorer.stats.PlayerStats:
        declared, made, exact, over, failed); None when the deal was not played (a redeal).
        By default nothing beyond the deal's points (a game of contracts takes
        :class:`~.contract_deals.ContractDeals`')."""
        return {}

    def __repr__(self) -> str:
        return f"variant({self.name!r})"
