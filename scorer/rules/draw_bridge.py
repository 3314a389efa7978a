"""Draw Bridge: two players, 13 stock tricks, one auction, 13 scored tricks, to a target.

Made: every trick over six at trick value, doubled ×2, redoubled ×4. Failed: nobody scores by
default; house rule ``undertricks``: the opponent scores 50 per undertrick (×2, ×4). The dealer
alternates every deal, passed-out deals included. See scorer/assets/rules/draw-bridge.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import DealScore, EndRule, RuleInfo, Variant
from .contract import Contract, ContractScore, Doubling, check_tricks, side_points, trick_points
from .contract_deals import ContractDeals, contract_check, option_contract
from .parts import HandCheck, HandChecks
from .values import InvalidInput, Line, Msg, check_int, house_rule, kept_numbers, switch_settings

__all__ = ["PASSED_OUT_LINE", "UNDERTRICK", "DrawBridgeRules", "DrawBridgeDeal", "DrawBridge",
           "score_contract"]

UNDERTRICK = 50
UNDERTRICKS_RULE = house_rule("undertricks")
PASSED_OUT_LINE = Line(Msg.of("line.passed_out"), 0)


@dataclass(frozen=True, slots=True)
class DrawBridgeRules:
    """House rules of Draw Bridge. ``undertricks``: a failed contract pays the opponent."""

    undertricks: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"undertricks": self.undertricks}

    def describe(self) -> tuple[Msg, ...]:
        """Which rules produce the scores, one sentence each."""
        return (Msg.of("rules.undertricks_on", how=UNDERTRICKS_RULE) if self.undertricks
                else Msg.of("rules.undertricks_off"),)


@dataclass(frozen=True, slots=True)
class DrawBridgeDeal:
    """A deal: ``declarer`` (0 or 1, the player's index), contract and tricks taken by
    declarer in the scored play; all three None for a passed-out deal."""

    declarer: int | None = None
    contract: Contract | None = None
    tricks: int | None = None

    def __post_init__(self) -> None:
        if self.contract is None:
            if self.declarer is not None or self.tricks is not None:
                raise InvalidInput("contract", None, "(needed when a declarer or tricks are given)")
            return
        check_int("declarer", self.declarer, 0, 1)
        check_tricks(self.tricks)

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @classmethod
    def passed(cls) -> DrawBridgeDeal:
        return cls()

    def to_dict(self) -> dict[str, Any]:
        if self.contract is None:
            return {"passed_out": True}
        return {"declarer": self.declarer, "contract": str(self.contract), "tricks": self.tricks}


def score_contract(contract: Contract, tricks: int, rules: DrawBridgeRules) -> ContractScore:
    """Score one Draw Bridge contract from declarer's tricks, with its explanation."""
    tricks = check_tricks(tricks)
    lines: list[Line] = []
    doubling = contract.doubling
    needed = contract.tricks_needed
    if tricks >= needed:
        line = trick_points(contract, tricks)
        lines.append(line)
        points = _doubled(line.points, doubling, lines)
        lines.append(Line(Msg.of("line.declarer_scores", points=points), points))
        return ContractScore(contract, tricks, True, points, 0, tuple(lines))
    down = needed - tricks
    if not rules.undertricks:
        lines.append(Line(
            Msg.of("line.failed_nothing", contract=str(contract), needed=needed, tricks=tricks,
                   down=down), 0))
        return ContractScore(contract, tricks, False, 0, 0, tuple(lines))
    base = down * UNDERTRICK
    lines.append(Line(
        Msg.of("line.undertricks_rule", contract=str(contract), needed=needed, tricks=tricks,
               n=down, points=base, rule=UNDERTRICKS_RULE), base))
    points = _doubled(base, doubling, lines)
    lines.append(Line(Msg.of("line.opponent_scores", points=points), points))
    return ContractScore(contract, tricks, False, 0, points, tuple(lines))


def _doubled(points: int, doubling: Doubling, lines: list[Line]) -> int:
    if doubling is Doubling.UNDOUBLED:
        return points
    result = points * doubling.multiplier
    word = "doubled" if doubling is Doubling.DOUBLED else "redoubled"
    lines.append(Line(Msg.of(f"line.{word}", points=points, result=result), result))
    return result


class DrawBridge(ContractDeals[DrawBridgeDeal], HandChecks[DrawBridgeRules],
                 Variant[DrawBridgeDeal, DrawBridgeRules]):
    name = "draw-bridge"
    title = "Draw Bridge"
    aliases = ("drawbridge", "draw")
    player_count = 2
    end_kinds = ("target",)
    default_end = EndRule("target", 500)
    end_suggestions = tuple(EndRule("target", n) for n in (100, 300, 500, 1000))
    house_rules = (
        RuleInfo("undertricks", ("off", "on"), "off"),
    )

    def parties(self, players: Sequence[str]) -> tuple[str, ...]:
        return tuple(players)

    def next_dealer(self, dealer: int, deal: DrawBridgeDeal, rules: DrawBridgeRules) -> int:
        return 1 - dealer

    def openers(self, dealer: int, players: Sequence[str]) -> Msg:
        return Msg.of("openers.draw_bridge", leader=players[1 - dealer], bidder=players[dealer])

    check_options = ("contract", "tricks")

    def check_hand(self, options: Mapping[str, str | None], rules: DrawBridgeRules,
                   ) -> HandCheck:
        contract, tricks = option_contract(options, "4H or 3NT")
        return contract_check(score_contract(contract, tricks, rules))

    def parse_rules(self, mapping: Mapping[str, object] | None = None) -> DrawBridgeRules:
        rules: DrawBridgeRules = switch_settings(DrawBridgeRules, mapping, self.name)
        return rules

    def deal_from_dict(self, data: Mapping[str, Any]) -> DrawBridgeDeal:
        if not isinstance(data, Mapping):
            raise InvalidInput("deal", data, "is not a deal record")
        if data.get("passed_out"):
            return DrawBridgeDeal()
        if "contract" not in data:
            raise InvalidInput("contract", None, "(needed unless the deal was passed out)")
        return DrawBridgeDeal(
            check_int("declarer", kept_numbers("declarer", data.get("declarer")), 0, 1),
            Contract.parse(data["contract"]),
            check_tricks(kept_numbers("tricks", data.get("tricks"))),
        )

    def check_deal(self, deal: object, dealer: int, rules: DrawBridgeRules) -> None:
        if not isinstance(deal, DrawBridgeDeal):
            raise InvalidInput("deal", type(deal).__name__, "is not a Draw Bridge deal")

    def score(self, deal: DrawBridgeDeal, rules: DrawBridgeRules,
              players: Sequence[str]) -> DealScore:
        if deal.contract is None or deal.declarer is None or deal.tricks is None:
            return DealScore((0, 0), (PASSED_OUT_LINE,), Msg.of("summary.passed_out"))
        result = score_contract(deal.contract, deal.tricks, rules)
        points = side_points(deal.declarer, result.declarer_points, result.defender_points)
        summary = Msg.of("summary.contract", contract=str(deal.contract),
                         declarer=players[deal.declarer], result=result.result)
        return DealScore(points, result.lines, summary, result.made)
