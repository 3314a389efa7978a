"""Pure text helpers for the screens (no flet): what the deal detail screen says about a deal
and its history of corrections. Tested without a browser (tests/test_store_import.py feeds it
every game an import accepts)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

from ..game import DealRecord, Game
from ..i18n import Translator
from ..rules import InvalidInput, hints_of, sheet_of, variant

__all__ = ["GridRow", "deal_text", "deal_word", "game_title", "grid_rows", "history_texts",
           "short_time", "undone_texts"]


def deal_word(name: str) -> str:
    """What a game of variant ``name`` counts ("board" in a team match; ``Variant.deal_word``),
    passed as ``unit`` where a text names it; "deal" for a game this Scorer does not know."""
    try:
        return variant(name).deal_word
    except InvalidInput:  # stored by a newer Scorer
        return "deal"


def game_title(t: Translator, summary: Any) -> str:
    """'Draw Bridge: Ana, Ben': a stored game (its GameSummary) as the home list names it; a
    link's game kept beside the one it changed apart from says so ('(copy from a link)'),
    not the same title twice (issue 30)."""
    return t("ui.game_players_copy" if summary.link_copy else "ui.game_players",
             game=t(f"game.{summary.variant}"), players=", ".join(summary.players))


def short_time(stamp: str, zone: tzinfo | None = None) -> str:
    """A stored time (ISO 8601, UTC) as the table reads it: in the local time of the device
    running the app (the phone itself in the browser build, the computer at the table with
    ``scorer serve``), with its zone: '2026-11-30T21:05:09.123+00:00' -> '2026-11-30 22:05
    CET'. Text that is not a time is shown as it is."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp[:16].replace("T", " ")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    local = moment.astimezone(zone)
    return f"{local:%Y-%m-%d %H:%M} {zone_name(local)}"


def zone_name(moment: datetime) -> str:
    """The zone's own name ('CET'); where the device gives only an offset (the browser
    build's 'UTC-0000', 'GMT+0530'), the offset as people write it: 'UTC', 'UTC+5:30'."""
    name = moment.tzname() or ""
    if name and not any(c.isdigit() for c in name):
        return name
    offset = moment.utcoffset() or timedelta(0)
    minutes = round(offset.total_seconds() / 60)
    if minutes == 0:
        return "UTC"
    sign = "+" if minutes > 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def deal_text(game: Game, deal: Any, t: Translator) -> str:
    """One deal in the table's words: '4HX by Ana, 10 tricks', 'calls 4 3 2 4, tricks ...'."""
    data = deal.to_dict()
    if data.get("passed_out"):
        return t("summary.passed_out")
    if data.get("redeal"):
        return t("summary.redeal")
    line = sheet_of(game.variant).deal_line(deal, game.players)
    return t.render(line) if line is not None else ""


def deals_heading(game: Game, t: Translator) -> str:
    """"Deals (1), newest first": the deals the game counts ("Deal 2 of 8"); a deal dealt
    again by the same dealer (a MiniBridge redeal, a passed-out Chicago deal) keeps its
    number and is not one of them, but is listed: said beside the count (decision 405)."""
    unit = game.variant.deal_word
    heading = t("ui.deals_heading", n=game.deals_counted, unit=unit)
    again = sum(not r.counted for r in game.records)
    return t("ui.deals_heading_redealt", heading=heading, n=again) if again else heading


def undone_texts(game: Game, t: Translator) -> list[str]:
    """Deals removed from the end of the game and not played again, as the history says."""
    v = game.variant
    return [t("ui.history_removed", at=short_time(change.at),
              before=deal_text(game, v.deal_from_dict(change.before), t))
            for change in game.history
            if change.after is None and change.deal > len(game.deals)]


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


@dataclass(frozen=True)
class GridRow:
    """One deal as a row of the scoreboard grid: what happened (for games of two parties,
    whose cells leave room for it), and per party its running total and this deal's part."""

    number: int  # the deal's place in the record (what the detail screen is opened with)
    table_number: int  # the deal's number as the table counts deals
    what: str
    cells: tuple[tuple[str, str], ...]
    label: str  # the row's accessible name


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def grid_rows(game: Game, t: Translator, records: tuple[DealRecord, ...] | None = None,
              label_t: Translator | None = None) -> list[GridRow]:
    """The scoreboard grid's rows, one per deal (``records``: all by default). In Call Break
    each cell says the player's call and tricks; in the bridge games the row says who
    declared what and how it went. ``label_t`` renders the accessible names (plain notation
    for screen readers)."""
    label_t = label_t or t
    rows = []
    calls = hints_of(game.variant).calls_per_player
    for record in game.records if records is None else records:
        deal: Any = record.deal
        if calls:
            parts = [f"{c}/{k} {_signed(p)}" for c, k, p in
                     zip(deal.calls, deal.tricks, record.score.points, strict=True)]
            what = ""
            detail = label_t("ui.calls_tricks", calls=" ".join(map(str, deal.calls)),
                             tricks=" ".join(map(str, deal.tricks)))
        else:
            parts = [_signed(p) if p else "·" for p in record.score.points]
            what = t.summary(record.score)
            detail = label_t.summary(record.score)
        cells = tuple((str(total), part) for total, part in
                      zip(record.totals, parts, strict=True))
        # Read out with the totals after it, as the row shows them (issue 29)
        totals = ", ".join(label_t("ui.total_of", party=party, total=total) for party, total
                           in zip(game.parties, record.totals, strict=True))
        label = label_t("ui.deal_label", n=record.table_number, detail=detail,
                        unit=game.variant.deal_word)
        # A summary that names its board (a team match's 'board 1: 10 IMPs to Reds') is not
        # said after the label's own 'Board 1:' a second time (issue 29).
        head = label_t("ui.deal_label", n=record.table_number, detail="",
                       unit=game.variant.deal_word).strip()
        if detail.casefold().startswith(head.casefold()):
            label = head + detail[len(head):]
        rows.append(GridRow(record.number, record.table_number, what, cells,
                            f"{label}; {totals}"))
    return rows
