"""A pairs evening's results as CSV (issue 32): the ranking (one table per direction in a
Mitchell), then every board's traveller, a row per table. Worked out by the core's
``standings``; text cells that start like a formula are neutralised as in the games' CSV
(:func:`scorer.sheet.csv_cell`). Pure: no flet, no storage."""

from __future__ import annotations

import csv
import io

from .i18n import Translator
from .rules.pairs.movement import MITCHELL
from .rules.pairs.scoring import decimal
from .rules.pairs.session import PairsSession
from .rules.pairs.standings import place_msg, standings
from .rules.team_match import result_msg
from .sheet import csv_cell

__all__ = ["pairs_csv"]


def pairs_csv(session: PairsSession, t: Translator) -> str:
    """The ranking, then the travellers, in one CSV text (rows of the two parts apart by an
    empty row, each part with its own header)."""
    out = io.StringIO()
    write = csv.writer(out, lineterminator="\r\n").writerow
    plan, settings = session.movement, session.settings
    scored = standings(session)
    if session.name:  # the evening's name on a row of its own, first (decision 514)
        write([t("pairs.csv_evening"), csv_cell(session.name)])
    write([t("pairs.csv_group"), t("pairs.csv_place"), t("pairs.csv_pair"),
           t("pairs.csv_name"), t("pairs.csv_points"), t("pairs.csv_top"),
           t("pairs.csv_percent"), t("pairs.csv_boards")])
    groups = [t("side.NS"), t("side.EW")] if plan.kind == MITCHELL else [""]
    for group, totals in zip(groups, scored.ranking, strict=True):
        for total in totals:
            write([group, t.render(place_msg(total)), t.render(plan.pair_label(total.pair)),
                   csv_cell(settings.names.get(total.pair, "")), decimal(total.points),
                   "" if total.top is None else decimal(total.top),
                   "" if total.percent is None else decimal(total.percent), total.boards])
    write([])
    write([t("pairs.csv_board"), t("pairs.csv_round"), t("pairs.csv_table"),
           t("pairs.csv_ns"), t("pairs.csv_ew"), t("pairs.csv_result"),
           t("pairs.csv_ns_score"), t("pairs.csv_ns_points"), t("pairs.csv_ew_points")])
    for board, (_score, rows) in sorted(scored.travellers.items()):
        for row in rows:
            result = (t.plain.render(result_msg(row.result.deal)) if row.result.deal is not None
                      else str(row.result.adjusted))
            # Pairs as the ranking names them ("E-W 1" in a Mitchell, not 5: decision 475).
            write([board, row.round, row.table, t.render(plan.pair_label(row.ns_pair)),
                   t.render(plan.pair_label(row.ew_pair)), csv_cell(result),
                   "" if row.ns_score is None else row.ns_score, decimal(row.ns),
                   decimal(row.ew)])
    return out.getvalue()
