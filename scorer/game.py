"""A whole game, from the first deal to the winner: pure, standard library only.

A :class:`Game` is an immutable value: a variant, its players, its house rules and end
condition, its first dealer, and its deals in order. Everything else (each deal's score,
running totals, whose deal it is, the outcome) is derived from those by replaying the deals,
so a correction can never leave a stale total behind. Changing a game (adding, correcting,
removing a deal, ending it) returns a new Game; corrections and removals are kept in
``history`` with when they happened. ``to_dict``/``from_dict`` give a plain JSON-able dict.
"""

from __future__ import annotations

import enum
import json
import random
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

from .fields import (
    check_game_id,
    check_players,
    check_time,
    check_type_name,
    check_whole,
    clean_name,
)
from .history import Correction
from .rules import DealScore, EndRule, InvalidInput, Variant, variant
from .rules.values import Msg, check_int

__all__ = ["Game", "DealRecord", "Correction", "Outcome", "Reason", "GameOver", "SCHEMA_VERSION",
           "check_players", "check_game_id", "check_time", "clean_name", "utc_now"]

SCHEMA_VERSION = 1


def utc_now() -> str:
    """The current time as stored: ISO 8601, UTC, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class GameOver(InvalidInput):
    """A deal was added to a game that has already ended."""


class Reason(enum.Enum):
    """Why a game ended (as python-chess's ``Termination``); ``Outcome.number`` gives its
    number."""

    TARGET = "target"  # a party reached the target score (number: the target)
    DEALS = "deals"  # the number of deals was played (number: the deals counted)
    RUBBERS = "rubbers"  # the number of rubbers was finished (number: the rubbers)
    CLOSED = "closed"  # the players ended the game (number: the deals recorded)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning parties (more than one on a shared win), why, the
    number that goes with the reason, and the deal after which it ended."""

    winners: tuple[int, ...]
    reason: Reason
    number: int
    after_deal: int

    @property
    def msg(self) -> Msg:
        """Why the game ended, in words ('reached the target of 500')."""
        if self.reason is Reason.TARGET:
            return Msg.of("outcome.target", target=self.number)
        return Msg.of(f"outcome.{self.reason.value}", n=self.number)


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A recorded deal with what the replay derived for it. ``number`` is its place in the
    record (1, 2, ...: what corrections and routes name); ``table_number`` is the deal's number
    as the table counts deals, where a deal dealt again by the same dealer keeps its number
    (a MiniBridge redeal and the deal played after it are both deal 1)."""

    number: int
    dealer: int
    deal: Any
    score: DealScore
    totals: tuple[int, ...]
    counted: bool  # counted toward a number of deals (False for a same-dealer redeal)
    table_number: int = 0


# What replaying a game's deals derives: records, outcome, next dealer, state, closing points.
Replay = tuple[tuple[DealRecord, ...], Outcome | None, int, Any, DealScore | None]


@dataclass(frozen=True)
class Game:
    variant_name: str
    players: tuple[str, ...]
    rules: Any
    end: EndRule
    first_dealer: int
    deals: tuple[Any, ...] = ()
    history: tuple[Correction, ...] = ()
    id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    created_at: str = field(default_factory=utc_now)
    updated_at: str = ""
    closed: bool = False
    revision: int = 0
    # What the table announced for the deal being played (Call Break: the calls), kept until
    # the deal is recorded; None when no deal is in play.
    pending: Mapping[str, Any] | None = None

    # --- creating -------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: str,
        players: Sequence[str],
        rules: Mapping[str, object] | None = None,
        end: EndRule | str | None = None,
        first_dealer: int | str | None = None,
        rng: random.Random | None = None,
        game_id: str | None = None,
        now: Callable[[], str] = utc_now,
    ) -> Game:
        """A new game. ``first_dealer`` is a player index (or a seat, where seats have names);
        None draws one at random from ``rng``."""
        v = variant(game)
        names = check_players(v, players)
        if v.first_dealer is not None:
            dealer = v.first_dealer
        elif first_dealer is None:
            dealer = (rng or random.Random()).randrange(v.player_count)
        else:
            dealer = v.parse_seat(first_dealer, "dealer")
        if end is None:
            end_rule = v.default_end
        else:
            end_rule = EndRule.parse(end) if isinstance(end, str) else end
        stamp = now()
        return cls(v.name, names, v.parse_rules(rules), v.check_end(end_rule.playable()), dealer,
                   id=check_game_id(game_id) if game_id else uuid.uuid4().hex[:12],
                   created_at=stamp, updated_at=stamp)

    # --- derived --------------------------------------------------------------------
    @property
    def variant(self) -> Variant[Any, Any]:
        return variant(self.variant_name)

    @property
    def parties(self) -> tuple[str, ...]:
        return self.variant.parties(self.players)

    @cached_property
    def _replay(self) -> Replay:
        v = self.variant
        return self._played(v, (), self.first_dealer, v.start_state(self.rules), self.deals)

    def _played(self, v: Variant[Any, Any], before: tuple[DealRecord, ...], dealer: int,
                state: Any, deals: Sequence[Any]) -> Replay:
        """``deals`` replayed after the records ``before`` (``dealer`` to deal, in ``state``,
        no outcome yet): :meth:`add_deal` replays only its deal (issue 33)."""
        last = before[-1] if before else None
        totals = list(last.totals) if last else [0] * len(self.parties)
        counted = last.table_number - 1 + last.counted if last else 0
        records = list(before)
        outcome: Outcome | None = None
        for number, deal in enumerate(deals, start=len(before) + 1):
            if outcome is not None:
                raise InvalidInput(f"deal {number}", "recorded",
                                   f"comes after the game ended at deal {outcome.after_deal}",
                                   Msg.of("error.after_end", number=number,
                                          end=outcome.after_deal))
            try:
                v.check_deal(deal, dealer, self.rules)
                score, state = v.score_in(deal, self.rules, self.players, dealer, state)
            except InvalidInput as error:
                raise InvalidInput(f"deal {number} {error.field}", error.value,
                                   error.allowed, error.msg) from None
            for i, points in enumerate(score.points):
                totals[i] += points
            next_dealer = v.next_dealer(dealer, deal, self.rules)
            counts = next_dealer != dealer
            records.append(DealRecord(number, dealer, deal, score, tuple(totals), counts,
                                      counted + 1))
            counted += counts
            dealer = next_dealer
            outcome = self._end_reached(number, counted, totals, state)
        closing = None
        if outcome is None and self.closed:
            closing = v.closing(state, self.rules, self.players)
            for i, points in enumerate(closing.points if closing else ()):
                totals[i] += points
            outcome = _leaders(totals, len(self.deals), Reason.CLOSED, len(self.deals))
        return tuple(records), outcome, dealer, state, closing

    def _end_reached(self, number: int, counted: int, totals: list[int],
                     state: Any = None) -> Outcome | None:
        end = self.end
        if end.kind == "rubbers":
            assert end.value is not None
            done = self.variant.completed(state)
            if done >= end.value:
                return _leaders(totals, number, Reason.RUBBERS, done)
            return None
        if end.kind == "target":
            assert end.value is not None
            if max(totals) >= end.value:
                return _leaders(totals, number, Reason.TARGET, end.value)
        elif end.kind == "deals" and counted >= (end.value or 0):
            return _leaders(totals, number, Reason.DEALS, counted)
        return None

    @property
    def records(self) -> tuple[DealRecord, ...]:
        return self._replay[0]

    @property
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""
        return self._replay[1]

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def dealer(self) -> int:
        """Who deals next (the player index)."""
        return self._replay[2]

    @property
    def totals(self) -> tuple[int, ...]:
        records = self.records
        totals = records[-1].totals if records else (0,) * len(self.parties)
        closing = self.closing
        if closing is not None:
            totals = tuple(t + p for t, p in zip(totals, closing.points, strict=True))
        return totals

    @property
    def state(self) -> Any:
        """What the variant carries after the last deal (None for most variants)."""
        return self._replay[3]

    @property
    def closing(self) -> DealScore | None:
        """Points added when the players ended the game early (an unfinished rubber)."""
        return self._replay[4]

    def vulnerability(self) -> tuple[bool, bool] | None:
        """Whether (N-S, E-W) are vulnerable in the next deal, where the game has it."""
        return self.variant.vulnerability(self.state, self.dealer, self.rules)

    @property
    def deals_counted(self) -> int:
        return sum(r.counted for r in self.records)

    def openers(self) -> Msg:
        """Who calls or leads first in the next deal."""
        return self.variant.openers(self.dealer, self.players)

    def progress(self) -> Msg:
        """Where the game stands against its end condition ('deal 3 of 8')."""
        end = self.end
        if end.kind == "target":
            return Msg.of("progress.target", target=end.value)
        if end.kind == "deals":
            assert end.value is not None
            return Msg.of("progress.deals", number=min(self.deals_counted + 1, end.value),
                          total=end.value, unit=self.variant.deal_word)
        if end.kind == "rubbers":
            assert end.value is not None
            return Msg.of("progress.rubbers",
                          number=min(self.variant.completed(self.state) + 1, end.value),
                          total=end.value)
        return Msg.of("progress.open", n=len(self.deals), unit=self.variant.deal_word)

    def rules_described(self) -> tuple[Msg, ...]:
        """Which rules produce this game's scores, one sentence each."""
        msgs: tuple[Msg, ...] = self.rules.describe()
        return msgs


    # --- changing -------------------------------------------------------------------
    def _changed(self, now: Callable[[], str], **changes: Any) -> Game:
        game = replace(self, updated_at=now(), **changes)
        game._replay  # noqa: B018 - validate every deal now, not on first read
        return game

    def _check_open(self) -> None:
        if self.is_over:
            outcome = self.outcome
            assert outcome is not None
            raise GameOver("deal", len(self.deals) + 1,
                           f"cannot be added: the game is over (after deal "
                           f"{outcome.after_deal}); correct or remove a deal first",
                           Msg.of("error.game_over"))

    def add_deal(self, deal: Any, now: Callable[[], str] = utc_now) -> Game:
        """Record the next deal (it replaces what was announced for it)."""
        self._check_open()  # so this game is open, not closed: its replay goes on
        game = replace(self, updated_at=now(), deals=(*self.deals, deal), pending=None)
        records, _outcome, dealer, state, _closing = self._replay
        game.__dict__["_replay"] = game._played(self.variant, records, dealer, state, (deal,))
        if (stored := self.__dict__.get("_stored_deals")) is not None:
            game.__dict__["_stored_deals"] = (*stored, _deal_json(game.records[-1]))
        return game

    def announce(self, data: Mapping[str, Any], now: Callable[[], str] = utc_now) -> Game:
        """Keep what the table announced for the next deal before it is played (Call Break:
        the calls), so that a round in play is stored like a recorded deal; announcing again
        corrects it."""
        self._check_open()
        checked = self.variant.check_announcement(data, self.rules)
        if checked == self.pending:
            return self
        return self._changed(now, pending=checked)

    def correct(self, number: int, deal: Any, now: Callable[[], str] = utc_now) -> Game:
        """Replace deal ``number`` (from 1); the old deal stays in the history."""
        check_int("deal", number, 1, max(len(self.deals), 1))
        if not self.deals:
            raise InvalidInput("deal", number, "does not exist: no deals are recorded")
        before = self.deals[number - 1]
        if before == deal:
            return self
        stamp = now()
        entry = Correction(number, before.to_dict(), deal.to_dict(), stamp)
        deals = (*self.deals[: number - 1], deal, *self.deals[number:])
        return self._changed(lambda: stamp, deals=deals, history=(*self.history, entry))

    def remove_last(self, now: Callable[[], str] = utc_now) -> Game:
        """Remove the last deal (it stays in the history); reopens a game that it ended."""
        if not self.deals:
            raise InvalidInput("deal", "last", "does not exist: no deals are recorded")
        stamp = now()
        entry = Correction(len(self.deals), self.deals[-1].to_dict(), None, stamp)
        return self._changed(lambda: stamp, deals=self.deals[:-1],
                             history=(*self.history, entry), closed=False)

    def close(self, now: Callable[[], str] = utc_now) -> Game:
        """End the game now: the highest total wins (ties share the win)."""
        if self.is_over:
            return self
        return self._changed(now, closed=True, pending=None)  # a round in play: not scored

    def with_revision(self, revision: int) -> Game:
        """The same game at another storage revision (its derived scores carried over)."""
        game = replace(self, revision=revision)
        game.__dict__.update({k: v for k, v in self.__dict__.items()
                              if k in ("_replay", "_stored_deals")})
        return game

    # --- storing --------------------------------------------------------------------
    @cached_property
    def _stored_deals(self) -> tuple[str, ...]:
        """Each deal as stored, with its points, as JSON: made once per deal and carried on
        by :meth:`add_deal` (a contract's text is not cheap); :meth:`to_dict` reads it."""
        return tuple(_deal_json(r) for r in self.records)

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "id": self.id,
            "variant": self.variant_name,
            "players": list(self.players),
            "rules": self.rules.to_dict(),
            "end": self.end.to_dict(),
            "first_dealer": self.first_dealer,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "closed": self.closed,
            "revision": self.revision,
            "deals": json.loads(f"[{','.join(self._stored_deals)}]"),
            "history": [c.to_dict() for c in self.history],
            "pending": None if self.pending is None else dict(self.pending),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game, checking everything; stored points must match a re-score."""
        if not isinstance(data, Mapping):
            raise InvalidInput("game", type(data).__name__, "is not a game record")
        version = data.get("schema_version")
        if version != SCHEMA_VERSION:
            raise InvalidInput("schema_version", version, f"is not {SCHEMA_VERSION}")
        v = variant(check_type_name(data, "variant"))
        rules = data.get("rules", {})
        if not isinstance(rules, Mapping):
            raise InvalidInput("rules", rules, "is not a set of house rules")
        raw_deals = data.get("deals", [])
        raw_history = data.get("history", [])
        for name, value in (("deals", raw_deals), ("history", raw_history)):
            if not isinstance(value, list):
                raise InvalidInput(name, type(value).__name__, "is not a list")
        deals = []
        for number, raw in enumerate(raw_deals, start=1):
            try:
                deals.append(v.deal_from_dict(raw))
            except InvalidInput as error:
                raise InvalidInput(f"deal {number} {error.field}", error.value,
                                   error.allowed) from None
        closed = data.get("closed", False)
        if not isinstance(closed, bool):
            raise InvalidInput("closed", closed,
                               f"is {type(closed).__name__}, not true or false")
        players = check_players(v, data.get("players"))
        parsed_rules = v.parse_rules(rules)
        game = cls(
            v.name,
            players,
            parsed_rules,
            v.check_end(EndRule.from_dict(data.get("end", {}))),
            check_whole("first_dealer", data.get("first_dealer"), 0, v.player_count - 1),
            tuple(deals),
            tuple(Correction.from_dict(c, v, parsed_rules, players, n)
                  for n, c in enumerate(raw_history, start=1)),
            check_game_id(data.get("id")),
            check_time("created_at", data.get("created_at"), required=False),
            check_time("updated_at", data.get("updated_at"), required=False),
            closed,
            check_whole("revision", data.get("revision", 0), 0, 2**53),
        )
        pending = data.get("pending")
        if pending is not None:
            if game.is_over:
                raise InvalidInput("pending", pending, "is not allowed in a finished game")
            game = replace(game, pending=v.check_announcement(pending, game.rules))
        for record, raw in zip(game.records, raw_deals, strict=True):
            stored = raw.get("points")
            if stored is not None and (not isinstance(stored, list)
                                       or stored != list(record.score.points)):
                raise InvalidInput(f"deal {record.number} points", stored,
                                   f"do not match the rules, which give "
                                   f"{list(record.score.points)}")
        return game


def _deal_json(record: DealRecord) -> str:
    return json.dumps({**record.deal.to_dict(), "points": list(record.score.points)})


def _leaders(totals: Sequence[int], after: int, reason: Reason, number: int) -> Outcome:
    best = max(totals)
    winners = tuple(i for i, t in enumerate(totals) if t == best)
    return Outcome(winners, reason, number, after)
