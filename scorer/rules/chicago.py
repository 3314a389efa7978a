"""Chicago (four-deal bridge, as the ACBL describes it): cycles of four deals, vulnerability by
the deal's place in the cycle (none; dealer's side; dealer's side; both), part scores carried
toward game within the cycle, a game bonus when a game is made or completed, 100 for a part
score on the fourth deal, a passed-out deal dealt again by the same dealer.

House rules: ``scoring=duplicate`` (every deal scored exactly as in duplicate, the common club
variant), ``dealer_vulnerable=off`` (deals 2 and 3: the non-dealer side is vulnerable),
``honors=on``. The state carried is :class:`ChicagoState`. See
scorer/assets/rules/contract-bridge.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .base import DealScore, EndRule, RuleInfo
from .bridge_games import (
    SIDE_MSGS,
    BridgeDeal,
    FourSeatBridge,
    contract_summary,
    passed_out_score,
    vul_line,
)
from .contract_bridge import (
    GAME,
    GAME_BONUS,
    insult,
    overtricks,
    score_duplicate,
    slam_bonus,
    sum_line,
    trick_score,
    undertrick_penalty,
    vul_msg,
)
from .values import InvalidInput, Line, Msg, parse_switch, settings_from

__all__ = ["CYCLE", "Chicago", "ChicagoRules", "ChicagoState", "FOURTH_DEAL_BONUS",
           "cycle_vulnerable"]

FOURTH_DEAL_BONUS = 100
CYCLE = 4
_DEAL_LINES = {n: Line(Msg.of("ch.deal", number=n), n) for n in range(1, 5)}


@dataclass(frozen=True, slots=True)
class ChicagoRules:
    scoring: str = "carried"  # or "duplicate"
    dealer_vulnerable: bool = True
    honors: bool = False

    def __post_init__(self) -> None:
        if self.scoring not in ("carried", "duplicate"):
            raise InvalidInput("scoring", self.scoring, "is not carried or duplicate")

    def to_dict(self) -> dict[str, Any]:
        return {"scoring": self.scoring, "dealer_vulnerable": self.dealer_vulnerable,
                "honors": self.honors}

    def describe(self) -> tuple[Msg, ...]:
        """Which rules produce the scores, one sentence each."""
        return (Msg(f"rules.chicago_{self.scoring}"),
                Msg("rules.dealer_vul_on" if self.dealer_vulnerable else "rules.dealer_vul_off"),
                Msg("rules.honors_on" if self.honors else "rules.honors_off"))


@dataclass(frozen=True, slots=True)
class ChicagoState:
    """Deals played in the current cycle (0-3), each side's trick points carried toward game,
    and cycles finished."""

    played: int = 0
    parts: tuple[int, int] = (0, 0)
    cycles: int = 0


def cycle_vulnerable(played: int, dealer: int, dealer_vulnerable: bool = True,
                     ) -> tuple[bool, bool]:
    """Vulnerability (N-S, E-W) of the deal after ``played`` deals of the cycle."""
    if played == 0:
        return (False, False)
    if played == CYCLE - 1:
        return (True, True)
    side = dealer % 2 if dealer_vulnerable else 1 - dealer % 2
    return (side == 0, side == 1)


class Chicago(FourSeatBridge[ChicagoRules]):
    name = "chicago"
    title = "Chicago"
    aliases = ("four-deal", "four-deal-bridge")
    end_kinds = ("deals", "open")
    default_end = EndRule("deals", 4)
    end_suggestions = (EndRule("deals", 4), EndRule("deals", 8), EndRule("deals", 12),
                       EndRule("open"))
    house_rules = (
        RuleInfo("scoring", ("carried", "duplicate"), "carried"),
        RuleInfo("dealer_vulnerable", ("on", "off"), "on"),
        RuleInfo("honors", ("off", "on"), "off"),
    )

    def parse_rules(self, mapping: Mapping[str, object] | None = None) -> ChicagoRules:
        known = {"scoring": "carried", "dealer_vulnerable": True, "honors": False}
        given = {**known, **settings_from(mapping, known, self.name)}
        scoring = str(given["scoring"]).strip().lower()
        if scoring not in ("carried", "duplicate"):
            raise InvalidInput("scoring", given["scoring"], "is not carried or duplicate")
        return ChicagoRules(scoring, parse_switch("dealer_vulnerable", given["dealer_vulnerable"]),
                            parse_switch("honors", given["honors"]))

    def honours_in(self, rules: Any) -> bool:
        return bool(rules.honors)

    def next_dealer(self, dealer: int, deal: BridgeDeal, rules: ChicagoRules) -> int:
        return dealer if deal.passed_out else (dealer + 1) % 4

    def start_state(self, rules: Any) -> ChicagoState:
        return ChicagoState()

    def vulnerability(self, state: Any, dealer: int, rules: Any) -> tuple[bool, bool]:
        return cycle_vulnerable(state.played, dealer, rules.dealer_vulnerable)

    def score_in(self, deal: BridgeDeal, rules: ChicagoRules, players: Sequence[str],
                 dealer: int, state: ChicagoState) -> tuple[DealScore, ChicagoState]:
        if deal.contract is None or deal.tricks is None:
            return passed_out_score(), state
        vulnerable = cycle_vulnerable(state.played, dealer, rules.dealer_vulnerable)
        number = state.played + 1
        lines = [_DEAL_LINES[number], vul_line(vulnerable)]
        side = deal.side
        vul = vulnerable[side]
        parts = list(state.parts)
        if rules.scoring == "duplicate":
            scored = score_duplicate(deal.contract, deal.tricks, vul)
            lines.extend(scored.lines)
            mine, theirs = scored.declarer_points, scored.defender_points
        else:
            mine, theirs, carried_lines, after = _carried(deal, vul, number, state.parts)
            lines.extend(carried_lines)
            parts = list(after)
        played = number % CYCLE
        new_state = ChicagoState(played, (parts[0], parts[1]) if played else (0, 0),
                                 state.cycles + (played == 0))
        points = (mine, theirs) if side == 0 else (theirs, mine)
        return DealScore(points, tuple(lines), contract_summary(deal, players),
                         deal.tricks >= deal.contract.tricks_needed), new_state


@lru_cache(maxsize=8192)
def _carried(deal: BridgeDeal, vul: bool, number: int,
             carried: tuple[int, int]) -> tuple[int, int, tuple[Line, ...], tuple[int, int]]:
    """Score the deal with the part scores ``carried`` (N-S, E-W) toward game; returns the
    points of declarer's side and of the defenders, the lines, and the part scores after it."""
    assert deal.contract is not None and deal.tricks is not None
    contract, side = deal.contract, deal.side
    parts = list(carried)
    lines: list[Line] = []
    mine: list[int] = []
    theirs: list[int] = []
    needed = contract.tricks_needed
    if deal.tricks < needed:
        penalty, penalty_lines = undertrick_penalty(contract, needed - deal.tricks, vul)
        lines.extend(penalty_lines)
        theirs.append(penalty)
    else:
        trick, trick_lines = trick_score(contract)
        lines.extend(trick_lines)
        mine.append(trick)
        before, total = parts[side], parts[side] + trick
        sums = f"{before} + {trick} = {total}"
        if total >= GAME:
            bonus = GAME_BONUS[vul]
            parts[0] = parts[1] = 0
            lines.append(Line(Msg.of("ch.game", side=SIDE_MSGS[side], sums=sums,
                                            vul=vul_msg(vul), points=bonus), bonus))
            mine.append(bonus)
        elif number == CYCLE:
            lines.append(Line(Msg.of("ch.fourth", side=SIDE_MSGS[side], sums=sums,
                                     points=FOURTH_DEAL_BONUS), FOURTH_DEAL_BONUS))
            mine.append(FOURTH_DEAL_BONUS)
        else:
            parts[side] = total
            lines.append(Line(Msg.of("ch.carried", side=SIDE_MSGS[side], sums=sums), total))
        for line in (*slam_bonus(contract, vul), *insult(contract),
                     *overtricks(contract, deal.tricks - needed, vul)):
            lines.append(line)
            mine.append(line.points)
    if deal.honours is not None:
        lines.append(deal.honours.line(contract))
        (mine if deal.honours.declarer_side else theirs).append(deal.honours.points)
    if mine:
        lines.append(sum_line("cb.declarer_sum", mine, "line.declarer_scores"))
    if theirs:
        lines.append(sum_line("cb.defenders_sum", theirs, "line.defenders_score"))
    return sum(mine), sum(theirs), tuple(lines), (parts[0], parts[1])
