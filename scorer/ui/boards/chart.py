"""The game as a chart: running totals per player or partnership, deal by deal, with the
target as a dashed line where the game has one (flet-charts)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import flet as ft

from ...game import DealRecord, Game
from ...i18n import Translator
from ..reuse import Reuse

__all__ = ["CHART_POINTS", "axis_range", "charted", "totals_chart"]

# Each party's line, and the target's: at least 3:1 against the page in both themes (WCAG's
# non-text contrast; Material's orange 700 was 2.5:1 on the light page): tests/test_reported.py.
COLORS = ("#388E3C", "#E65100", "#1976D2", "#AB47BC")  # Material green 700, orange 900, ...
TARGET_COLOR = "#E53935"  # Material red 600
# Points per line at most. A phone's chart is about 300 pixels wide: past 60 deals a point
# per deal is under 5 pixels from the next, and every point drawn is compared and sent at
# every Save, so a long game's Save cost more with every deal (issue 33). A longer game is
# drawn through every k-th deal and the last one (k the smallest that keeps to the bound).
CHART_POINTS = 60


def totals_chart(game: Game, t: Translator, reuse: Reuse | None = None,
                 scale: float = 1.0) -> ft.Control:
    """A line per party from 0 through each deal's running total; a legend under it. With
    ``reuse`` (one game's, see scorer/ui/reuse.py) a point already drawn is the same control
    again, so a new deal costs one point per line. ``scale``: the text's size against the
    usual (the phone's and the app's: decision 198): the axes keep room for their labels and
    label fewer steps, so that large labels do not run into each other."""
    # Imported here, not at the top: flet-charts is most of the app's import time, and the
    # home screen (what a player waits for when the app opens) draws no chart.
    import flet_charts as fch

    series_points = [[(0, 0)] for _ in game.parties]
    # Along the deals the game counts (decision 405): a deal dealt again by the same dealer
    # keeps its number and scores nothing, so it is not a step of the line.
    for record in charted([r for r in game.records if r.counted]):
        for party, total in enumerate(record.totals):
            series_points[party].append((record.table_number, total))
    values = [y for points in series_points for _, y in points]
    target = game.end.value if game.end.kind == "target" else None
    scale = max(1.0, scale)
    low, high, y_step = axis_range(min(0, *values), max(10, *values, *(target or 0,)),
                                   ticks=max(2, round(4 / scale)))
    deals = max(1, game.deals_counted)
    reuse = reuse or Reuse()
    series = [fch.LineChartData(points=[reuse.get(("chart point", i, x, y),
                                                  partial(fch.LineChartDataPoint, x, y,
                                                          key=f"{i}/{x}"))
                                        for x, y in points],
                                color=COLORS[i % len(COLORS)], stroke_width=3)
              for i, points in enumerate(series_points)]
    if target is not None:
        series.append(fch.LineChartData(
            points=[fch.LineChartDataPoint(0, target), fch.LineChartDataPoint(deals, target)],
            color=TARGET_COLOR, stroke_width=1, dash_pattern=[6, 4]))
    step = max(1, deals // max(2, round(6 / scale)))
    chart = fch.LineChart(
        data_series=series, height=round(180 * min(scale, 1.6)), min_x=0, max_x=deals,
        min_y=low, max_y=high,
        interactive=False,
        animation=ft.Animation(duration=ft.Duration(milliseconds=0)),  # the new total at once
        # A label at every round step of the axis, both ends and 0 included (automatic labels
        # were sparse, and left out 0); none at the highest total, where "414" would be drawn
        # over the round "400".
        left_axis=fch.ChartAxis(labels=[
            reuse.get(("chart y label", v),
                      partial(fch.ChartAxisLabel, value=v, label=str(v), key=f"y/{v}"))
            for v in range(low, high + 1, y_step)], label_spacing=y_step,
            label_size=round(40 * scale)),
        bottom_axis=fch.ChartAxis(labels=[
            reuse.get(("chart label", n),
                      partial(fch.ChartAxisLabel, value=n, label=str(n), key=f"x/{n}"))
            for n in range(0, deals + 1, step)], label_size=round(24 * scale)),
        horizontal_grid_lines=fch.ChartGridLines(interval=y_step, color=ft.Colors.OUTLINE_VARIANT,
                                                 width=0.5))
    legend: list[ft.Control]
    legend = [ft.Row([ft.Container(width=14, height=4, bgcolor=COLORS[i % len(COLORS)]),
                      ft.Text(party, size=12)], spacing=4, tight=True)
              for i, party in enumerate(game.parties)]
    if target is not None:
        legend.append(ft.Row([ft.Container(width=14, height=2, bgcolor=TARGET_COLOR),
                              ft.Text(t("ui.chart_target", target=target), size=12)],
                             spacing=4, tight=True))
    summary = t("ui.chart_label", totals=", ".join(
        f"{p} {n}" for p, n in zip(game.parties, game.totals, strict=True)))
    if target is not None:
        summary = f"{summary}; {t('ui.chart_target', target=target)}"
    # Read as its summary alone, an image: the axis labels and the legend said nothing more
    # than noise to a screen reader (issue 29)
    return ft.Semantics(label=summary, container=True, image=True, exclude_semantics=True,
                        content=ft.Column([ft.Container(chart, padding=ft.Padding.only(right=14)),
                                           ft.Row(legend, wrap=True, spacing=12)], spacing=4))


def charted(records: Sequence[DealRecord]) -> list[DealRecord]:
    """The deals a line goes through: every one up to :data:`CHART_POINTS`, else every k-th
    and the last (the current totals are always drawn)."""
    step = -(-len(records) // CHART_POINTS)  # at least 1
    if step <= 1:
        return list(records)
    return [*records[step - 1::step], *([records[-1]] if len(records) % step else [])]


def axis_range(low: int, high: int, ticks: int = 4) -> tuple[int, int, int]:
    """A vertical axis from ``low`` to ``high`` at a round step (1, 2 or 5 × 10^k) giving about
    ``ticks`` intervals; both ends are multiples of the step."""
    span = max(1, high - low)
    magnitude = 10 ** (len(str(span // ticks)) - 1) if span >= ticks else 1
    step = next(m * magnitude for m in (1, 2, 5, 10) if span / (m * magnitude) <= ticks + 1)
    return (low // step) * step, -(-high // step) * step, step

