"""What a game whose deal is one contract played by a declarer (Draw Bridge, MiniBridge and
the contract bridge games) writes on a scoresheet and counts in statistics: the contract by
its declarer and the tricks taken; one declared contract, made or not, for the declarer.
A variant takes it by naming :class:`ContractDeals` before ``Variant`` among its bases; a
game without contracts (Call Break, a toy game) is not given these words by default."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from .base import DealScore
from .contract import Contract
from .values import Msg

__all__ = ["ContractDeals", "PlayedContract"]


class PlayedContract(Protocol):
    """A deal played as one contract: all three None where it was not played (passed out, a
    redeal)."""

    @property
    def declarer(self) -> int | None: ...

    @property
    def contract(self) -> Contract | None: ...

    @property
    def tricks(self) -> int | None: ...


class ContractDeals:
    """``Variant.deal_words`` and ``Variant.deal_stats`` for deals played as one contract."""

    def deal_words(self, deal: PlayedContract, players: Sequence[str],
                   ) -> tuple[Msg, str] | None:
        """The contract by its declarer, and the tricks taken; None when not played."""
        if deal.contract is None or deal.declarer is None or deal.tricks is None:
            return None
        return (Msg.of("sheet.by", contract=str(deal.contract), declarer=players[deal.declarer]),
                str(deal.tricks))

    def deal_stats(self, deal: PlayedContract, score: DealScore, player: int,
                   ) -> Mapping[str, int] | None:
        """A declared contract, made or not, for its declarer; nothing for the others."""
        if deal.contract is not None and deal.declarer == player:
            return {"declared": 1, "made": int(bool(score.made))}
        return {}
