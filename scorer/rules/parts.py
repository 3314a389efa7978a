"""The optional parts of a variant, each with what a game without it gets.

A variant's core (:class:`~.base.Variant`) is what scoring needs: parties, seats, dealer,
house rules, reading, checking and scoring a deal. Everything else another layer may ask of a
game is an optional part here, which a variant takes by naming it among its bases (before
``Variant``), and which the other layers reach through one function each:

- :class:`SheetWords`, through :func:`sheet_of` (``scorer.sheet``, the scoreboard's texts): how
  a deal reads on a scoresheet; without it a deal is its summary and its points.
- :class:`DealStats`, through :func:`stats_of` (``scorer.stats``): what a deal adds to a
  player's record; without it only the points.
- :class:`HandChecks`, through :func:`checks_of` (``scorer check``): one hand scored from the
  command line's options; without it the game is not offered there.
- :class:`ScreenHints`, through :func:`hints_of` (the screens): the input module, the rules
  page, whether each player calls for themselves; without it the input module and the rules
  page are named after the game and a deal has one declarer (or none).

A game of contracts gets the first two from :class:`~.contract_deals.ContractDeals`. A member
of a part defined on a variant that does not name the part would be silently unused, so the
registry refuses it (:func:`check_parts`). Pure, standard library only.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Generic

from .base import DealScore, DealT, RulesT, Variant
from .values import InvalidInput, Line, Msg, whole_number

__all__ = ["PARTS", "DealStats", "HandCheck", "HandChecks", "Hints", "ScreenHints", "SheetWords",
           "check_parts", "checks_of", "hints_of", "option_ints", "sheet_of", "stats_of"]


class SheetWords(Generic[DealT]):
    """Optional part: how a deal reads on a scoresheet, and how points are said."""

    def deal_words(self, deal: DealT, players: Sequence[str]) -> tuple[Msg, str] | None:
        """What was bid (or called) and the tricks taken, as a scoresheet writes them in two
        columns; None where the deal's summary says it all (passed out, redealt), and by
        default."""
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


class DealStats(Generic[DealT]):
    """Optional part: what one deal adds to a player's statistics."""

    def deal_stats(self, deal: DealT, score: DealScore, player: int,
                   ) -> Mapping[str, int] | None:
        """What one deal adds to player ``player``'s statistics (see scorer.stats.PlayerStats:
        declared, made, exact, over, failed); None when the deal was not played (a redeal).
        By default nothing beyond the deal's points."""
        return {}


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


class HandChecks(ABC, Generic[RulesT]):
    """Optional part: one hand scored from ``scorer check``'s options, without a game."""

    check_options: ClassVar[tuple[str, ...]]  # the options it reads (names without dashes)

    @abstractmethod
    def check_hand(self, options: Mapping[str, str | None], rules: RulesT) -> HandCheck:
        """Score one hand from the options (None where not given): what the referee at the
        table needs."""


def option_ints(name: str, text: str) -> list[int]:
    """Comma-separated whole numbers, each as :func:`~.values.whole_number` reads it (ASCII
    or Devanagari digits)."""
    numbers = [whole_number(p.strip()) for p in text.split(",")]
    if None in numbers:
        raise InvalidInput(name, text, "is not a comma-separated list of whole numbers "
                           "(digits 0-9 or ०-९)", Msg.of("error.not_numbers", field=name,
                                                          value=text))
    return [n for n in numbers if n is not None]


class ScreenHints:
    """Optional part: what the screens ask of a game beyond its scoring."""

    entry: ClassVar[str | None] = None  # its input module, scorer/ui/entry/<entry>.py
    rules_page: ClassVar[str | None] = None  # its rules page, scorer/assets/rules/<page>.md
    # Each player calls and takes tricks for themselves (Call Break): a scoreboard row shows
    # every player's call and tricks, not one declarer's contract.
    calls_per_player: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Hints:
    """A game's :class:`ScreenHints`, the defaults filled in."""

    entry: str
    rules_page: str
    calls_per_player: bool


_PLAIN_SHEET: SheetWords[Any] = SheetWords()
_PLAIN_STATS: DealStats[Any] = DealStats()


def sheet_of(game: Variant[Any, Any]) -> SheetWords[Any]:
    """``game``'s scoresheet words, or the plain ones (summary and points)."""
    return game if isinstance(game, SheetWords) else _PLAIN_SHEET


def stats_of(game: Variant[Any, Any]) -> DealStats[Any]:
    """``game``'s statistics of a deal, or the plain ones (points only)."""
    return game if isinstance(game, DealStats) else _PLAIN_STATS


def checks_of(game: Variant[Any, Any]) -> HandChecks[Any] | None:
    """``game``'s hand for ``scorer check``; None where it has none."""
    return game if isinstance(game, HandChecks) and game.check_options else None


@lru_cache(maxsize=64)
def hints_of(game: Variant[Any, Any]) -> Hints:
    """``game``'s screen hints, the defaults (named after the game) filled in."""
    own = game if isinstance(game, ScreenHints) else ScreenHints
    return Hints(own.entry or game.name.replace("-", "_"), own.rules_page or game.name,
                 own.calls_per_player)


# Each part and the members that belong to it.
PARTS: dict[type, tuple[str, ...]] = {
    SheetWords: ("deal_words", "deal_line", "sheet_end", "points_words"),
    DealStats: ("deal_stats",),
    HandChecks: ("check_options", "check_hand"),
    ScreenHints: ("entry", "rules_page", "calls_per_player"),
}


def check_parts(game: Variant[Any, Any]) -> Variant[Any, Any]:
    """``game``, if every member of a part it defines comes with the part (TypeError
    otherwise: such a member would never be asked for)."""
    for part, members in PARTS.items():
        if isinstance(game, part):
            continue
        stray = [m for m in members if hasattr(game, m)]
        if stray:
            raise TypeError(f"{type(game).__name__} defines {', '.join(stray)} without "
                            f"{part.__name__} among its bases (scorer.rules.parts)")
    return game
