"""The history of a game's corrections: each change to a recorded deal, what it was, what it
became and when. Pure, standard library only; :class:`scorer.game.Game` keeps these."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .fields import check_time
from .rules import InvalidInput, Variant
from .rules.values import check_int

__all__ = ["Correction"]


@dataclass(frozen=True, slots=True)
class Correction:
    """One change to a recorded deal: its number (from 1), what it was, what it became
    (None when it was removed) and when, as an ISO 8601 UTC time."""

    deal: int
    before: Mapping[str, Any]
    after: Mapping[str, Any] | None
    at: str

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "before": dict(self.before),
                "after": None if self.after is None else dict(self.after), "at": self.at}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], v: Variant[Any, Any] | None = None,
                  rules: Any = None, players: Sequence[str] = (), number: int = 1) -> Correction:
        """A correction record; with a variant, ``before`` and ``after`` must be deals of it
        that score (they are kept in their normal form), so that every later reader can show
        them."""
        where = f"history {number}"
        if not isinstance(data, Mapping):
            raise InvalidInput(where, type(data).__name__, "is not a correction record")
        before, after = data.get("before"), data.get("after")
        if not isinstance(before, Mapping) or not (after is None or isinstance(after, Mapping)):
            raise InvalidInput(where, "before/after", "is not a correction record")
        if v is not None:
            before = _checked_deal(v, rules, players, before, f"{where} before")
            if after is not None:
                after = _checked_deal(v, rules, players, after, f"{where} after")
        deal = data.get("deal")
        if isinstance(deal, bool) or not isinstance(deal, int):
            raise InvalidInput(f"{where} deal", deal, "is not a whole number")
        return cls(check_int(f"{where} deal", deal, 1, 10**6), dict(before),
                   None if after is None else dict(after),
                   check_time(f"{where} at", data.get("at"), required=False))


def _checked_deal(v: Variant[Any, Any], rules: Any, players: Sequence[str],
                  data: Mapping[str, Any], where: str) -> dict[str, Any]:
    try:
        deal = v.deal_from_dict(data)
        v.score(deal, rules, players)
    except InvalidInput as error:
        raise InvalidInput(f"{where} {error.field}", error.value, error.allowed,
                           error.msg) from None
    result: dict[str, Any] = deal.to_dict()
    return result
