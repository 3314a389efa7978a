"""What a game whose deal is one contract played by a declarer (Draw Bridge, MiniBridge and
the contract bridge games) writes on a scoresheet and counts in statistics: the contract by
its declarer and the tricks taken; one declared contract, made or not, for the declarer.
A variant takes it by naming :class:`ContractDeals` before ``Variant`` among its bases (it is
both optional parts, :class:`~.parts.SheetWords` and :class:`~.parts.DealStats`); a game
without contracts (Call Break, a toy game) is not given these words. Also here: what
``scorer check`` reads and answers for one contract (:func:`option_contract`,
:func:`contract_check`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from .base import DealScore
from .contract import Contract, ContractScore
from .parts import DealStats, HandCheck, SheetWords, option_ints
from .values import InvalidInput, Line, Msg

__all__ = ["ContractDeals", "PlayedContract", "contract_check", "option_contract"]


class PlayedContract(Protocol):
    """A deal played as one contract: all three None where it was not played (passed out, a
    redeal)."""

    @property
    def declarer(self) -> int | None: ...

    @property
    def contract(self) -> Contract | None: ...

    @property
    def tricks(self) -> int | None: ...


PlayedT = TypeVar("PlayedT", bound=PlayedContract)  # the game's deal type


class ContractDeals(SheetWords[PlayedT], DealStats[PlayedT]):
    """The scoresheet words and statistics of deals played as one contract (``PlayedT``, the
    game's deal)."""

    def deal_words(self, deal: PlayedT, players: Sequence[str],
                   ) -> tuple[Msg, str] | None:
        """The contract by its declarer, and the tricks taken; None when not played."""
        if deal.contract is None or deal.declarer is None or deal.tricks is None:
            return None
        return (Msg.of("sheet.by", contract=str(deal.contract), declarer=players[deal.declarer]),
                str(deal.tricks))

    def deal_stats(self, deal: PlayedT, score: DealScore, player: int,
                   ) -> Mapping[str, int] | None:
        """A declared contract, made or not, for its declarer; nothing for the others."""
        if deal.contract is not None and deal.declarer == player:
            return {"declared": 1, "made": int(bool(score.made))}
        return {}


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


def contract_check(scored: ContractScore, first: HandCheck | None = None,
                   before: Sequence[Line] = ()) -> HandCheck:
    """A contract's score checked on its own: its figures, ``before`` (e.g. the board that set
    the vulnerability) and its lines, closing with its result and both sides' points."""
    return HandCheck(scored.to_dict(), (*before, *scored.lines), scored.result, first,
                     Msg.of("cli.result_contract", result=scored.result,
                            declarer=scored.declarer_points, defenders=scored.defender_points))
