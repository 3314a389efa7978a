"""Scoresheets of a game: rows a person reads, CSV a spreadsheet opens, plain text to share.

Pure: built from :class:`scorer.game.Game` only.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from .game import DealRecord, Game
from .rules import Contract
from .rules.call_break import as_decimal

__all__ = ["deal_words", "sheet_rows", "to_csv", "to_text", "outcome_words"]


def deal_words(game: Game, record: DealRecord) -> tuple[str, str]:
    """What was bid or called, and the tricks taken, as written on a scoresheet."""
    deal: Any = record.deal
    if game.variant_name == "call-break":
        return (" ".join(map(str, deal.calls)), " ".join(map(str, deal.tricks)))
    contract: Contract | None = deal.contract
    if contract is None:
        return (record.score.summary, "")
    return (f"{contract} by {game.players[deal.declarer]}", str(deal.tricks))


def outcome_words(game: Game) -> str:
    outcome = game.outcome
    if outcome is None:
        return f"in progress ({game.progress()})"
    names = " and ".join(game.parties[i] for i in outcome.winners)
    verb = "share the win" if len(outcome.winners) > 1 else "wins"
    return f"{names} {verb}: {outcome.reason}"


def sheet_rows(game: Game) -> list[list[str]]:
    """Header and one row per deal: deal, dealer, bid, tricks, result, points, totals."""
    parties = game.parties
    header = ["deal", "dealer", "contract or calls", "tricks", "result",
              *(f"points {p}" for p in parties), *(f"total {p}" for p in parties)]
    rows = [header]
    for record in game.records:
        what, tricks = deal_words(game, record)
        rows.append([str(record.number), game.players[record.dealer], what, tricks,
                     record.score.summary, *map(str, record.score.points),
                     *map(str, record.totals)])
    return rows


def to_csv(games: Sequence[Game]) -> str:
    """A scoresheet per game; several games are separated by a blank line."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for i, game in enumerate(games):
        if i:
            writer.writerow([])
        writer.writerow([f"{game.variant.title}", ", ".join(game.players), game.id,
                         outcome_words(game)])
        writer.writerows(sheet_rows(game))
    return out.getvalue()


def to_text(game: Game) -> str:
    """A plain-text scoresheet to paste into a message."""
    decimals = game.variant_name == "call-break"
    lines = [f"{game.variant.title}: {', '.join(game.players)}"]
    for record in game.records:
        what, tricks = deal_words(game, record)
        points = " / ".join(
            as_decimal(p) if decimals else str(p) for p in record.score.points)
        totals = " / ".join(str(t) for t in record.totals)
        if decimals:
            what, tricks = f"calls {what}", f", tricks {tricks}"
        elif tricks:
            tricks = f", {tricks} tricks"
        lines.append(f"{record.number}. {what}{tricks}: {record.score.summary}; "
                     f"{points} (totals {totals})")
    totals = ", ".join(f"{p} {t}" for p, t in zip(game.parties, game.totals, strict=True))
    lines.append(f"Totals: {totals}")
    lines.append(f"Result: {outcome_words(game)}")
    return "\n".join(lines) + "\n"
