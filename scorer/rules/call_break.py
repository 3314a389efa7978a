"""Call Break (Call Bridge): four players, spades always trumps, each player calls tricks.

Source scoring, in points where 10 points are one called trick: a call is met when
call <= tricks <= call + 2 and scores 10 × call + (tricks - call); otherwise it scores
-10 × call. House rules: ``overtrick_limit`` (2, or none), ``eight_plus`` (a met call of 8 or
more scores a flat 130) and ``min_call`` (2, or 1). The four players' tricks total 13.

Players are listed in the order of play, which in Call Break is counter-clockwise: the player
after the dealer in that list sits at the dealer's right, calls and leads first, and deals
next. See scorer/assets/rules/call-break.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import DealScore, EndRule, RuleInfo, Variant
from .contract import MAX_TRICKS
from .parts import DealStats, HandCheck, HandChecks, ScreenHints, SheetWords, option_ints
from .values import (
    InvalidInput,
    Line,
    Msg,
    check_int,
    house_rule,
    kept_numbers,
    parse_switch,
    settings_from,
)

__all__ = ["EIGHT_PLUS_CALL", "EIGHT_PLUS_POINTS", "PLAYERS", "CallBreakRules", "CallBreakDeal",
           "CallBreak", "as_decimal", "calling_order", "calls_in_order", "check_calls",
           "check_min_call", "score_call", "score_calls", "score_round"]

PLAYERS = 4
EIGHT_PLUS_CALL = 8
EIGHT_PLUS_POINTS = 130
EIGHT_PLUS_RULE = house_rule("eight_plus")
_NUMBERED = tuple(Msg.of("ui.player_n", n=i + 1) for i in range(PLAYERS))  # neutral names


def as_decimal(points: int) -> str:
    """Points in the players' decimal habit: 42 -> '4.2', -40 -> '-4.0'."""
    sign = "-" if points < 0 else ""
    return f"{sign}{abs(points) // 10}.{abs(points) % 10}"


def calling_order(dealer: int) -> tuple[int, ...]:
    """The players in the order they call: from the dealer's right (the next in the list)."""
    return tuple((dealer + 1 + k) % PLAYERS for k in range(PLAYERS))


def calls_in_order(calls: Sequence[int | None], dealer: int, players: Sequence[str]) -> str:
    """Each player's call with their name, in calling order: 'Ben 3 · Cleo 3 · Dan 4 · Ana 2'
    (a call not made yet is left out)."""
    return " · ".join(f"{players[i]} {calls[i]}" for i in calling_order(dealer)
                      if calls[i] is not None)


@dataclass(frozen=True, slots=True)
class CallBreakRules:
    """House rules of Call Break; the defaults are the source text."""

    overtrick_limit: int | None = 2
    eight_plus: bool = False
    min_call: int = 2

    def __post_init__(self) -> None:
        if self.overtrick_limit not in (2, None):
            raise InvalidInput("overtrick_limit", self.overtrick_limit, "is not 2 or none")
        if self.min_call not in (1, 2):
            raise InvalidInput("min_call", self.min_call, "is not 1 or 2")

    def to_dict(self) -> dict[str, Any]:
        return {"overtrick_limit": self.overtrick_limit, "eight_plus": self.eight_plus,
                "min_call": self.min_call}

    def describe(self) -> tuple[Msg, ...]:
        """Which rules produce the scores, one sentence each."""
        return (Msg.of("rules.overtrick_limit_2") if self.overtrick_limit == 2
                else Msg.of("rules.overtrick_limit_none", how=house_rule("overtrick_limit")),
                Msg.of("rules.eight_plus_on", how=EIGHT_PLUS_RULE) if self.eight_plus
                else Msg.of("rules.eight_plus_off"),
                Msg.of("rules.min_call", n=self.min_call,
                       how=Msg.of("rules.default") if self.min_call == 2
                       else house_rule("min_call")))


def _check_four(field: str, values: Sequence[object], low: int) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise InvalidInput(field, values, "is not a list of four numbers")
    if len(values) != PLAYERS:
        raise InvalidInput(field, values,
                           f"has {len(values)} entries; Call Break has {PLAYERS} players",
                           Msg.of("error.four_players", field=field, n=len(values)))
    if all(type(v) is int and low <= v <= MAX_TRICKS for v in values):
        return tuple(values)  # type: ignore[arg-type]  # the common case, checked cheaply
    return tuple(check_int(f"{field} of player {i + 1}", v, low, MAX_TRICKS)
                 for i, v in enumerate(values))


@dataclass(frozen=True, slots=True)
class CallBreakDeal:
    """One round: each player's call and tricks, in the order of the game's players."""

    calls: tuple[int, ...]
    tricks: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "calls", _check_four("calls", self.calls, 1))
        tricks = _check_four("tricks", self.tricks, 0)
        if sum(tricks) != MAX_TRICKS:
            shown = " + ".join(map(str, tricks))
            raise InvalidInput("tricks", tricks,
                               f"total {shown} = {sum(tricks)}, not {MAX_TRICKS}",
                               Msg.of("error.tricks_total", shown=shown, total=sum(tricks)))
        object.__setattr__(self, "tricks", tricks)

    def to_dict(self) -> dict[str, Any]:
        return {"calls": list(self.calls), "tricks": list(self.tricks)}


def score_call(call: int, tricks: int, rules: CallBreakRules, who: str | Msg = "") -> Line:
    """One player's score for one round, as an explained line naming ``who``."""
    limit = rules.overtrick_limit
    if call <= tricks and (limit is None or tricks <= call + limit):
        if rules.eight_plus and call >= EIGHT_PLUS_CALL:
            return Line(Msg.of("line.cb_eight", who=who, call=call, tricks=tricks,
                               points=EIGHT_PLUS_POINTS, rule=EIGHT_PLUS_RULE),
                        EIGHT_PLUS_POINTS)
        extra = tricks - call
        points = 10 * call + extra
        return Line(Msg.of("line.cb_met", who=who, call=call, tricks=tricks, extra=extra,
                           points=points), points)
    points = -10 * call
    key = "line.cb_fewer" if tricks < call else "line.cb_more"
    return Line(Msg.of(key, who=who, call=call, tricks=tricks, limit=limit, points=points), points)


def check_min_call(calls: Sequence[int], rules: CallBreakRules) -> None:
    for i, call in enumerate(calls):
        if call < rules.min_call:
            raise InvalidInput(f"calls of player {i + 1}", call,
                               f"is below the minimum call of {rules.min_call}"
                               f" (allowed {rules.min_call} to {MAX_TRICKS})",
                               Msg.of("error.min_call", player=i + 1, call=call,
                                      low=rules.min_call))


def check_calls(calls: Sequence[object], rules: CallBreakRules) -> tuple[int, ...]:
    """Four calls, each between the game's minimum call and 13 (the message names that range,
    not the 1 that any game allows)."""
    if isinstance(calls, Sequence) and not isinstance(calls, (str, bytes)) \
            and len(calls) == PLAYERS:
        for i, call in enumerate(calls):
            if not (type(call) is int and 0 <= call < rules.min_call):  # that one: below
                check_int(f"calls of player {i + 1}", call, rules.min_call, MAX_TRICKS)
    checked = _check_four("calls", calls, 0)
    check_min_call(checked, rules)
    return checked


def score_calls(calls: Sequence[object], tricks: Sequence[object], rules: CallBreakRules,
                players: Sequence[str | Msg] | None = None) -> DealScore:
    """Score a round of four calls and four trick counts (which must total 13)."""
    call_list = check_calls(calls, rules)
    return score_round(CallBreakDeal(call_list, tuple(tricks)), rules, players)  # type: ignore[arg-type]


def score_round(deal: CallBreakDeal, rules: CallBreakRules,
                players: Sequence[str | Msg] | None = None) -> DealScore:
    """Score a round already checked against ``rules``."""
    names = players or _NUMBERED
    lines = tuple(score_call(c, t, rules, names[i])
                  for i, (c, t) in enumerate(zip(deal.calls, deal.tricks, strict=True)))
    points = tuple(line.points for line in lines)
    met = sum(1 for line in lines if line.points > 0)
    return DealScore(points, lines, Msg.of("summary.calls_met", met=met))


class CallBreak(SheetWords[CallBreakDeal], DealStats[CallBreakDeal], HandChecks[CallBreakRules],
                ScreenHints, Variant[CallBreakDeal, CallBreakRules]):
    name = "call-break"
    calls_per_player = True
    deal_word = "round"
    title = "Call Break"
    aliases = ("callbreak", "call-bridge", "callbridge")
    player_count = PLAYERS
    end_kinds = ("deals", "target", "open")
    default_end = EndRule("deals", 12)
    end_suggestions = (EndRule("deals", 12), EndRule("deals", 5), EndRule("target", 300),
                       EndRule("open"))
    house_rules = (
        RuleInfo("overtrick_limit", ("2", "none"), "2"),
        RuleInfo("eight_plus", ("off", "on"), "off"),
        RuleInfo("min_call", ("2", "1"), "2"),
    )

    def parties(self, players: Sequence[str]) -> tuple[str, ...]:
        return tuple(players)

    def next_dealer(self, dealer: int, deal: CallBreakDeal, rules: CallBreakRules) -> int:
        return (dealer + 1) % PLAYERS

    def openers(self, dealer: int, players: Sequence[str]) -> Msg:
        return Msg.of("openers.call_break", who=players[(dealer + 1) % PLAYERS])

    check_options = ("calls", "tricks")

    def check_hand(self, options: Mapping[str, str | None], rules: CallBreakRules,
                   ) -> HandCheck:
        """Four calls and four trick counts, the players named by their number."""
        calls, tricks = options.get("calls"), options.get("tricks")
        if calls is None or tricks is None:
            raise InvalidInput("calls", None, "(call-break needs --calls and --tricks)")
        score = score_calls(option_ints("calls", calls), option_ints("tricks", tricks), rules)
        points = ", ".join(map(self.points_words, score.points))
        return HandCheck({"points": list(score.points)}, score.lines,
                         summary=Msg.of("cli.result_points", points=points))

    def points_words(self, points: int) -> str:
        return f"{points} ({as_decimal(points)})"

    def deal_words(self, deal: CallBreakDeal, players: Sequence[str]) -> tuple[Msg, str]:
        return (Msg.of("sheet.calls", calls=" ".join(map(str, deal.calls))),
                " ".join(map(str, deal.tricks)))

    def deal_line(self, deal: CallBreakDeal, players: Sequence[str],
                  score: DealScore | None = None) -> Msg:
        return Msg.of("ui.deal_text_calls", calls=" ".join(map(str, deal.calls)),
                      tricks=" ".join(map(str, deal.tricks)))

    def announced_words(self, data: Mapping[str, Any], dealer: int,
                        players: Sequence[str]) -> str:
        """The calls of the round in play, named, in calling order."""
        return calls_in_order(data["calls"], dealer, players)

    def deal_stats(self, deal: CallBreakDeal, score: DealScore, player: int) -> Mapping[str, int]:
        """Each player's call: met exactly, met with extra tricks, or failed."""
        call, took = deal.calls[player], deal.tricks[player]
        if score.points[player] <= 0:
            return {"failed": 1}
        return {"exact": 1} if took == call else {"over": 1}

    def parse_rules(self, mapping: Mapping[str, object] | None = None) -> CallBreakRules:
        known = {"overtrick_limit": 2, "eight_plus": False, "min_call": 2}
        given = settings_from(mapping, known, self.name)
        limit: int | None = 2
        if "overtrick_limit" in given:
            raw = given["overtrick_limit"]
            text = "none" if raw is None else str(raw).strip().lower()
            if text not in ("2", "none"):
                raise InvalidInput("overtrick_limit", raw, "is not 2 or none")
            limit = None if text == "none" else 2
        eight = parse_switch("eight_plus", given.get("eight_plus", False))
        min_call = 2
        if "min_call" in given:
            raw = given["min_call"]
            if str(raw).strip() not in ("1", "2") or isinstance(raw, bool):
                raise InvalidInput("min_call", raw, "is not 1 or 2")
            min_call = int(str(raw).strip())
        return CallBreakRules(limit, eight, min_call)

    def deal_from_dict(self, data: Mapping[str, Any]) -> CallBreakDeal:
        if not isinstance(data, Mapping):
            raise InvalidInput("deal", data, "is not a deal record")
        return CallBreakDeal(kept_numbers("calls", data.get("calls")),
                             kept_numbers("tricks", data.get("tricks")))

    def check_announcement(self, data: object, rules: Any) -> dict[str, Any]:
        """The four calls, made before the round is played and kept until its tricks are."""
        if not isinstance(data, Mapping):
            raise InvalidInput("announcement", data, "is not a set of calls")
        calls = kept_numbers("calls", data.get("calls"))
        return {"calls": list(check_calls(calls, rules))}

    def check_deal(self, deal: object, dealer: int, rules: Any) -> None:
        if not isinstance(deal, CallBreakDeal):
            raise InvalidInput("deal", type(deal).__name__, "is not a Call Break deal")
        check_min_call(deal.calls, rules)

    def score(self, deal: CallBreakDeal, rules: CallBreakRules,
              players: Sequence[str]) -> DealScore:
        return score_round(deal, rules, players)
