"""Pure text helpers for the screens (no flet): what the deal detail screen says about a deal
and its history of corrections. Tested without a browser (tests/test_store_import.py feeds it
every game an import accepts)."""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..i18n import Translator

__all__ = ["deal_text", "history_texts", "short_time"]


def short_time(stamp: str) -> str:
    """'2026-11-30T21:05:09.123+00:00' -> '2026-11-30 21:05'."""
    return stamp[:16].replace("T", " ")


def deal_text(game: Game, deal: Any, t: Translator) -> str:
    """One deal in the table's words: '4HX by Ana, 10 tricks', 'calls 4 3 2 4, tricks ...'."""
    data = deal.to_dict()
    if game.variant_name == "call-break":
        return t("ui.deal_text_calls", calls=" ".join(map(str, deal.calls)),
                 tricks=" ".join(map(str, deal.tricks)))
    if data.get("passed_out"):
        return t("summary.passed_out")
    if data.get("redeal"):
        return t("summary.redeal")
    return t("ui.deal_text", contract=str(deal.contract),
             declarer=game.players[deal.declarer], n=deal.tricks)


def history_texts(game: Game, number: int, t: Translator) -> list[str]:
    """Each correction of deal ``number``, oldest first, as the detail screen shows it."""
    v = game.variant
    texts = []
    for change in game.history:
        if change.deal != number:
            continue
        before = deal_text(game, v.deal_from_dict(change.before), t)
        if change.after is None:
            texts.append(t("ui.history_removed", at=short_time(change.at), before=before))
        else:
            after = deal_text(game, v.deal_from_dict(change.after), t)
            texts.append(t("ui.history_changed", at=short_time(change.at), before=before,
                           after=after))
    return texts
