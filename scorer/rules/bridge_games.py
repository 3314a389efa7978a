"""What the contract bridge games share: a deal at the table (declarer's seat, contract,
tricks, honours; or passed out) and the four-seat variant frame (N-S against E-W, the deal
moving clockwise). Pure, standard library only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .base import DealScore, RulesT, Variant
from .contract import Contract, check_tricks, result_msg
from .contract_bridge import Honours
from .contract_deals import ContractDeals
from .parts import ScreenHints
from .seats import SEATS, SIDE_MSGS, seat_index, seat_msg
from .values import InvalidInput, Line, Msg, check_int, kept_numbers

__all__ = ["PASSED_OUT_LINE", "BridgeDeal", "FourSeatBridge", "SIDE_MSGS", "contract_summary",
           "passed_out_score", "vul_line"]

_VUL_KEYS = {(False, False): "cb.vul_none", (True, False): "cb.vul_ns",
             (False, True): "cb.vul_ew", (True, True): "cb.vul_both"}
PASSED_OUT_LINE = Line(Msg.of("line.passed_out"), 0)


@dataclass(frozen=True, slots=True)
class BridgeDeal:
    """A played deal: the declarer's seat (0-3 = N, E, S, W), the contract, the tricks taken
    by declarer's side and the honours held (rubber bridge), or all None when passed out."""

    declarer: int | None = None
    contract: Contract | None = None
    tricks: int | None = None
    honours: Honours | None = None

    def __post_init__(self) -> None:
        if self.contract is None:
            if self.declarer is not None or self.tricks is not None or self.honours is not None:
                raise InvalidInput("contract", None, "(needed unless the deal was passed out)")
            return
        check_int("declarer", self.declarer, 0, 3)
        check_tricks(self.tricks)
        if self.honours is not None:
            self.honours.check(self.contract)

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def side(self) -> int:
        """The declaring side: 0 = N-S, 1 = E-W."""
        assert self.declarer is not None
        return self.declarer % 2

    def to_dict(self) -> dict[str, Any]:
        if self.contract is None:
            return {"passed_out": True}
        assert self.declarer is not None
        data: dict[str, Any] = {"declarer": SEATS[self.declarer], "contract": str(self.contract),
                                "tricks": self.tricks}
        if self.honours is not None:
            data["honors"] = str(self.honours)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BridgeDeal:
        if not isinstance(data, Mapping):
            raise InvalidInput("deal", data, "is not a deal record")
        if data.get("passed_out"):
            return cls()
        if "contract" not in data:
            raise InvalidInput("contract", None, "(needed unless the deal was passed out)")
        honours = data.get("honors")
        return cls(seat_index(data.get("declarer"), "declarer"), Contract.parse(data["contract"]),
                   check_tricks(kept_numbers("tricks", data.get("tricks"))),
                   None if honours is None else Honours.parse(honours))


@lru_cache(maxsize=8)
def vul_line(vulnerable: tuple[bool, bool]) -> Line:
    return Line(Msg.of("cb.vul_line", who=Msg(_VUL_KEYS[vulnerable])), 0)


def contract_summary(deal: BridgeDeal, players: Sequence[str]) -> Msg:
    """'4HX by Ana (North): made +1'."""
    return _contract_summary(deal, tuple(players))


@lru_cache(maxsize=16384)
def _contract_summary(deal: BridgeDeal, players: tuple[str, ...]) -> Msg:
    assert deal.contract is not None and deal.declarer is not None and deal.tricks is not None
    return Msg.of("summary.contract", contract=str(deal.contract),
                  declarer=Msg.of("who.seat", name=players[deal.declarer],
                                  seat=seat_msg(deal.declarer)),
                  result=result_msg(deal.contract, deal.tricks))


def passed_out_score(sheet: Any = None) -> DealScore:
    return DealScore((0, 0), (PASSED_OUT_LINE,), Msg.of("summary.passed_out"), sheet=sheet)


class FourSeatBridge(ContractDeals[BridgeDeal], ScreenHints, Variant[BridgeDeal, RulesT]):
    """Four players at N, E, S, W (in that order), North-South against East-West: what rubber
    bridge and Chicago share (a contract's words on the sheet and in statistics, the bridge
    input module, the contract bridge rules page)."""

    player_count = 4
    partnerships = True  # "Ana & Cleo win"
    seat_names = SEATS
    honours_allowed = True
    entry = "bridge"
    rules_page = "contract-bridge"

    def parties(self, players: Sequence[str]) -> tuple[str, ...]:
        return (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")

    def party_of(self, player: int) -> int:
        return player % 2  # N, E, S, W play for N-S, E-W, N-S, E-W

    def next_dealer(self, dealer: int, deal: BridgeDeal, rules: RulesT) -> int:
        return (dealer + 1) % 4

    def openers(self, dealer: int, players: Sequence[str]) -> Msg:
        return Msg.of("openers.contract_bridge",
                      who=Msg.of("who.seat", name=players[dealer], seat=seat_msg(dealer)))

    def deal_from_dict(self, data: Mapping[str, Any]) -> BridgeDeal:
        return BridgeDeal.from_dict(data)

    def check_deal(self, deal: object, dealer: int, rules: RulesT) -> None:
        if not isinstance(deal, BridgeDeal):
            raise InvalidInput("deal", type(deal).__name__, f"is not a {self.title} deal")
        if deal.honours is not None and not self.honours_in(rules):
            raise InvalidInput("honors", str(deal.honours), f"are not scored in {self.title}")

    def honours_in(self, rules: RulesT) -> bool:
        return self.honours_allowed

    def score(self, deal: BridgeDeal, rules: RulesT, players: Sequence[str]) -> DealScore:
        """A deal on its own, as if it were the first deal of the game."""
        return self.score_in(deal, rules, players, 0, self.start_state(rules))[0]
