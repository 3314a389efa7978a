"""MiniBridge: four players, North-South against East-West, declarer by high-card points.

Made: trick value of every trick from the seventh, plus 50 for a part-score contract or 300 for
a game contract (3NT, 4H/4S, 5C/5D and up); the bonus follows the contract named. Failed: the
defenders score 50 per undertrick. No doubles. 20-20 is a redeal: by default the same dealer
deals again (house rule ``redeal_passes``: the deal passes on).
See scorer/assets/rules/minibridge.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import DealScore, EndRule, RuleInfo, Variant
from .contract import (
    Contract,
    ContractScore,
    Doubling,
    Strain,
    check_tricks,
    side_points,
    trick_points,
)
from .contract_deals import ContractDeals, contract_check, option_contract
from .parts import HandCheck, HandChecks, option_ints
from .seats import SEATS, SIDES, seat_index, seat_msg
from .values import InvalidInput, Line, Msg, check_int, house_rule, kept_numbers, switch_settings

__all__ = [
    "GAME_BONUS",
    "HCP_MAX",
    "HCP_TOTAL",
    "PART_SCORE_BONUS",
    "REDEAL_LINE",
    "SEATS",
    "SIDES",
    "UNDERTRICK",
    "check_hcp",
    "check_undoubled",
    "seat_msg",
    "who_msg",
    "MiniBridgeRules",
    "MiniBridgeDeal",
    "HcpResult",
    "MiniBridge",
    "declarer_from_hcp",
    "is_game",
    "score_contract",
    "seat_index",
]

HCP_TOTAL = 40
HCP_MAX = 37
PART_SCORE_BONUS = 50
GAME_BONUS = 300
UNDERTRICK = 50


@dataclass(frozen=True, slots=True)
class MiniBridgeRules:
    """House rules of MiniBridge. ``redeal_passes``: after a 20-20 redeal the deal passes on."""

    redeal_passes: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"redeal_passes": self.redeal_passes}

    def describe(self) -> tuple[Msg, ...]:
        """Which rules produce the scores, one sentence each."""
        return (Msg.of("rules.redeal_passes_on", how=house_rule("redeal_passes"))
                if self.redeal_passes else Msg.of("rules.redeal_passes_off"),)


@dataclass(frozen=True, slots=True)
class HcpResult:
    """Who declares from the four announced counts (N, E, S, W), or a redeal."""

    hcp: tuple[int, int, int, int]
    redeal: bool
    declarer: int | None
    dummy: int | None
    lines: tuple[Line, ...]

    @property
    def side(self) -> int | None:
        return None if self.declarer is None else self.declarer % 2

    def to_dict(self) -> dict[str, Any]:
        return {
            "redeal": self.redeal,
            "declarer": None if self.declarer is None else SEATS[self.declarer],
            "dummy": None if self.dummy is None else SEATS[self.dummy],
            "side": None if self.side is None else SIDES[self.side],
        }


def who_msg(players: Sequence[str], seat: int) -> Msg:
    """'Ana (North)'; just 'North' where the seat has no player's name (Check a score)."""
    name = players[seat]
    return Msg.of("who.seat", name=name, seat=seat_msg(seat)) if name else seat_msg(seat)


REDEAL_LINE = Line(Msg.of("line.redeal"), 0)


def check_hcp(hcp: Sequence[object]) -> tuple[int, int, int, int]:
    if isinstance(hcp, (str, bytes)) or not isinstance(hcp, Sequence) or len(hcp) != 4:
        raise InvalidInput("hcp", hcp, "is not four counts (N, E, S, W)")
    counts = tuple(check_int(f"hcp {SEATS[i]}", v, 0, HCP_MAX) for i, v in enumerate(hcp))
    if sum(counts) != HCP_TOTAL:
        raise InvalidInput("hcp", counts, f"totals {sum(counts)}, not {HCP_TOTAL}",
                           Msg.of("error.hcp_total", total=sum(counts)))
    return counts  # type: ignore[return-value]


def declarer_from_hcp(hcp: Sequence[object], dealer: int) -> HcpResult:
    """Declaring side has more points; declarer is its partner with more points, on equal
    points the one who announced first (announcing starts with the dealer, clockwise)."""
    counts = check_hcp(hcp)
    dealer = check_int("dealer", dealer, 0, 3)
    ns, ew = counts[0] + counts[2], counts[1] + counts[3]
    lines = [Line(Msg.of("line.hcp_side", side=Msg.of("side.NS"), a=counts[0], b=counts[2],
                         total=ns), ns),
             Line(Msg.of("line.hcp_side", side=Msg.of("side.EW"), a=counts[1], b=counts[3],
                         total=ew), ew)]
    if ns == ew:
        lines.append(REDEAL_LINE)
        return HcpResult(counts, True, None, None, tuple(lines))
    side = 0 if ns > ew else 1
    a, b = side, side + 2
    if counts[a] != counts[b]:
        declarer = a if counts[a] > counts[b] else b
        dummy = (declarer + 2) % 4
        msg = Msg.of("line.declarer_more", declarer=seat_msg(declarer), dummy=seat_msg(dummy),
                     mine=counts[declarer], theirs=counts[dummy])
    else:
        order = [(dealer + i) % 4 for i in range(4)]
        declarer = a if order.index(a) < order.index(b) else b
        dummy = (declarer + 2) % 4
        msg = Msg.of("line.declarer_first", declarer=seat_msg(declarer), dummy=seat_msg(dummy),
                     points=counts[a])
    best = max(ns, ew)
    lines.append(Line(Msg.of("line.side_declares", side=Msg.of(("side.NS", "side.EW")[side]),
                             points=best), best))
    lines.append(Line(msg, counts[declarer]))
    return HcpResult(counts, False, declarer, dummy, tuple(lines))


def is_game(contract: Contract) -> bool:
    """3NT, 4H/4S, 5C/5D and up are game contracts."""
    needed = {Strain.NOTRUMP: 3, Strain.HEARTS: 4, Strain.SPADES: 4}.get(contract.strain, 5)
    return contract.level >= needed


def check_undoubled(contract: Contract) -> Contract:
    if contract.doubling is not Doubling.UNDOUBLED:
        raise InvalidInput("contract", str(contract), "is doubled; MiniBridge has no doubles")
    return contract


def score_contract(contract: Contract, tricks: int) -> ContractScore:
    """Score one MiniBridge contract from declaring side's tricks, with its explanation."""
    check_undoubled(contract)
    tricks = check_tricks(tricks)
    needed = contract.tricks_needed
    if tricks >= needed:
        line = trick_points(contract, tricks)
        if is_game(contract):
            bonus = Line(Msg.of("line.game_bonus", contract=str(contract), points=GAME_BONUS),
                         GAME_BONUS)
        else:
            bonus = Line(Msg.of("line.part_bonus", contract=str(contract),
                                points=PART_SCORE_BONUS), PART_SCORE_BONUS)
        total = line.points + bonus.points
        lines = (line, bonus,
                 Line(Msg.of("line.declaring_scores", tricks=line.points, bonus=bonus.points,
                             points=total), total))
        return ContractScore(contract, tricks, True, total, 0, lines)
    down = needed - tricks
    points = down * UNDERTRICK
    failed = (
        Line(Msg.of("line.mini_undertricks", contract=str(contract), needed=needed,
                    tricks=tricks, n=down, points=points), points),
        Line(Msg.of("line.defenders_score", points=points), points),
    )
    return ContractScore(contract, tricks, False, 0, points, failed)


@dataclass(frozen=True, slots=True)
class MiniBridgeDeal:
    """A deal: the declarer's seat (0-3 = N, E, S, W), the contract and the tricks taken by
    declarer's side; ``hcp`` the four announced counts where the table entered them. A redeal
    has ``redeal`` set and no contract."""

    declarer: int | None = None
    contract: Contract | None = None
    tricks: int | None = None
    hcp: tuple[int, int, int, int] | None = None
    redeal: bool = False

    def __post_init__(self) -> None:
        if self.hcp is not None:
            object.__setattr__(self, "hcp", check_hcp(self.hcp))
        if self.redeal:
            if self.contract is not None or self.declarer is not None:
                raise InvalidInput("contract", str(self.contract),
                                   "is not allowed on a redealt deal")
            return
        if self.contract is None:
            raise InvalidInput("contract", None, "(needed unless the deal is a redeal)")
        check_undoubled(self.contract)
        check_int("declarer", self.declarer, 0, 3)
        check_tricks(self.tricks)

    @classmethod
    def from_hcp(cls, hcp: Sequence[int], dealer: int, contract: Contract | None = None,
                 tricks: int | None = None) -> MiniBridgeDeal:
        """The deal the four counts make: declarer named by the points, or a redeal."""
        found = declarer_from_hcp(hcp, dealer)
        if found.redeal:
            return cls(hcp=found.hcp, redeal=True)
        return cls(found.declarer, contract, tricks, found.hcp)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.redeal:
            data["redeal"] = True
        else:
            assert self.declarer is not None
            data.update(declarer=SEATS[self.declarer], contract=str(self.contract),
                        tricks=self.tricks)
        if self.hcp is not None:
            data["hcp"] = list(self.hcp)
        return data


class MiniBridge(ContractDeals[MiniBridgeDeal], HandChecks[MiniBridgeRules],
                 Variant[MiniBridgeDeal, MiniBridgeRules]):
    name = "minibridge"
    title = "MiniBridge"
    aliases = ("mini-bridge", "mini")
    player_count = 4
    seat_names = SEATS
    partnerships = True
    end_kinds = ("deals", "target", "open")
    default_end = EndRule("deals", 8)
    end_suggestions = (EndRule("deals", 8), EndRule("deals", 4), EndRule("target", 1000),
                       EndRule("open"))
    house_rules = (
        RuleInfo("redeal_passes", ("off", "on"), "off"),
    )

    def parties(self, players: Sequence[str]) -> tuple[str, ...]:
        if not any(players):  # seats without names (Check a score)
            return SIDES
        return (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")

    def next_dealer(self, dealer: int, deal: MiniBridgeDeal, rules: MiniBridgeRules) -> int:
        if deal.redeal and not rules.redeal_passes:
            return dealer
        return (dealer + 1) % 4

    def party_of(self, player: int) -> int:
        return player % 2  # N, E, S, W play for N-S, E-W, N-S, E-W

    def openers(self, dealer: int, players: Sequence[str]) -> Msg:
        return Msg.of("openers.minibridge", who=who_msg(players, dealer))

    check_options = ("contract", "tricks", "hcp", "dealer")

    def check_hand(self, options: Mapping[str, str | None], rules: MiniBridgeRules,
                   ) -> HandCheck:
        """A contract and its tricks, or the four counts and the dealer (who declares), or
        both."""
        first = None
        hcp, dealer = options.get("hcp"), options.get("dealer")
        if hcp is not None:
            if dealer is None:
                raise InvalidInput("dealer", None, "(--hcp needs --dealer N, E, S or W)")
            found = declarer_from_hcp(option_ints("hcp", hcp), seat_index(dealer, "dealer"))
            first = HandCheck(found.to_dict(), found.lines)
        elif dealer is not None:
            raise InvalidInput("--dealer", dealer, "is only used with --hcp")
        if first is not None and options.get("contract") is None \
                and options.get("tricks") is None:
            return HandCheck({}, first=first)
        contract, tricks = option_contract(options, "4H or 3NT")
        return contract_check(score_contract(contract, tricks), first)

    def deal_stats(self, deal: MiniBridgeDeal, score: DealScore, player: int,
                   ) -> Mapping[str, int] | None:
        return None if deal.redeal else super().deal_stats(deal, score, player)

    def parse_rules(self, mapping: Mapping[str, object] | None = None) -> MiniBridgeRules:
        rules: MiniBridgeRules = switch_settings(MiniBridgeRules, mapping, self.name)
        return rules

    def deal_from_dict(self, data: Mapping[str, Any]) -> MiniBridgeDeal:
        if not isinstance(data, Mapping):
            raise InvalidInput("deal", data, "is not a deal record")
        hcp = data.get("hcp")
        hcp_counts = None if hcp is None else check_hcp(kept_numbers("hcp", hcp))
        if data.get("redeal"):
            return MiniBridgeDeal(hcp=hcp_counts, redeal=True)
        if "contract" not in data:
            raise InvalidInput("contract", None, "(needed unless the deal is a redeal)")
        return MiniBridgeDeal(
            seat_index(data.get("declarer"), "declarer"),
            Contract.parse(data["contract"]),
            check_tricks(kept_numbers("tricks", data.get("tricks"))),
            hcp_counts,
        )

    def check_deal(self, deal: object, dealer: int, rules: MiniBridgeRules) -> None:
        if not isinstance(deal, MiniBridgeDeal):
            raise InvalidInput("deal", type(deal).__name__, "is not a MiniBridge deal")
        if deal.hcp is None:
            return
        found = declarer_from_hcp(deal.hcp, dealer)
        if found.redeal and not deal.redeal:
            raise InvalidInput("hcp", deal.hcp, "make a redeal (20-20); record it as a redeal",
                               Msg.of("error.hcp_redeal"))
        if deal.redeal and not found.redeal:
            raise InvalidInput("hcp", deal.hcp, "do not make a redeal (it needs 20-20); "
                               "record the contract the points name",
                               Msg.of("error.hcp_not_redeal"))
        if found.declarer != deal.declarer:
            named = SEATS[found.declarer] if found.declarer is not None else "nobody"
            raise InvalidInput("declarer", SEATS[deal.declarer or 0],
                               f"does not match the points, which name {named}")

    def score(self, deal: MiniBridgeDeal, rules: MiniBridgeRules,
              players: Sequence[str]) -> DealScore:
        if deal.redeal or deal.contract is None or deal.declarer is None or deal.tricks is None:
            return DealScore((0, 0), (REDEAL_LINE,), Msg.of("summary.redeal"))
        result = score_contract(deal.contract, deal.tricks)
        points = side_points(deal.declarer % 2, result.declarer_points, result.defender_points)
        summary = Msg.of("summary.contract", contract=str(deal.contract),
                         declarer=who_msg(players, deal.declarer), result=result.result)
        return DealScore(points, result.lines, summary, result.made)
