"""scorer.ui.shell.configure: Flet's walks over new controls and removed ones, without a call
per plain value or a generator per level (decisions 573 and 599), do what Flet's own do."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import flet as ft
import flet_charts as fch
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import DiffBuilder, ObjectPatch
from flet_page import ENCODE

from scorer.ui.shell import configure

CHILD = Path(__file__).with_name("configure_child.py")


def test_flet_still_has_what_the_walk_relies_on():
    """A Flet upgrade that changes its walk fails here, by name (and the app then keeps
    Flet's own: install() checks first)."""
    assert configure.check() == []


def _run(mode: str) -> list[str]:
    root = str(CHILD.parent.parent)  # this checkout's scorer, whatever the venv points at
    env = dict(os.environ, PYTHONHASHSEED="0",
               PYTHONPATH=os.pathsep.join([root, *filter(None, [os.environ.get("PYTHONPATH")])]))
    done = subprocess.run([sys.executable, str(CHILD), mode], capture_output=True, text=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.split()


def test_every_screen_sends_the_same_bytes_and_marks_the_same_controls_as_with_flets_walk():
    """Every game's scoreboard, deal entry, detail and correction (the long games of six
    types), a deal entered and saved, home, statistics, Check a score, a new game and the
    rules: the messages sent to the page, and every control's parent, frozen and initialized
    marks, tracked changes and kept copies after each screen, and the controls the session
    keeps, are the same with Flet's walks and comparison as with ours (scorer.ui.shell's
    configure and unchanged)."""
    flets = _run("flet")
    ours = _run("ours")
    assert flets[3:] == ["flet.controls.object_patch"] * 3
    assert ours[3:] == ["scorer.ui.shell.configure"] * 2 + ["scorer.ui.shell.unchanged"]
    assert int(ours[1]) > 40 and int(ours[2]) > 500_000  # the screens were sent
    assert ours[:3] == flets[:3]


def _tree() -> ft.Control:
    """Odd corners: a control in a list in a list, in a dict, a value object holding a
    control (a chart's points), sparse fields set to their default again, a frozen child."""
    text = ft.Text("a", size=12)
    text.size = None  # back to its default: not walked, as Flet
    frozen = ft.Text("kept")
    object.__setattr__(frozen, "_frozen", True)
    chart = fch.LineChart(data_series=[fch.LineChartData(points=[
        fch.LineChartDataPoint(0, 1, tooltip=fch.LineChartDataPointTooltip(text="x"))])],
        left_axis=fch.ChartAxis(labels=[fch.ChartAxisLabel(value=1, label=ft.Text("1"))]))
    column = ft.Column([text, ft.Row([ft.Container(ft.Text("b"), padding=ft.Padding.all(3),
                                                   border=ft.Border.all(1, ft.Colors.RED))]),
                        chart, frozen])
    column._internals = {"kept": [ft.Text("in a dict")]}
    return ft.Semantics(label="s", content=column)


def _marks(walked: list[Any]) -> list[tuple[Any, ...]]:
    out = []
    for item in walked:
        parent = getattr(item, "_parent", None)
        parent = parent() if parent is not None else None
        out.append((type(item).__name__, type(parent).__name__, getattr(item, "_frozen", None),
                    getattr(item, "_initialized", None), len(getattr(item, "_dirty", {}))))
    return out


def test_the_walk_yields_the_same_controls_in_the_same_order_with_the_same_marks():
    root_flet, root_ours = _tree(), _tree()
    by_flet = list(configure._FLETS(DiffBuilder(None, None, control_cls=BaseControl),
                                    root_flet, None, False))
    by_ours = list(configure.configure(DiffBuilder(None, None, control_cls=BaseControl),
                                       root_ours, None, False))
    assert len(by_flet) >= 12  # the chart's label and the dict's text included
    assert _marks(by_ours) == _marks(by_flet)
    assert [type(c).__name__ for c in by_ours] == [type(c).__name__ for c in by_flet]
    assert "Text" in [type(c).__name__ for c in by_ours[-2:]]  # the one in a dict


def test_install_puts_the_walks_in_place_once_and_only_when_flet_has_what_they_need(monkeypatch):
    monkeypatch.setattr(DiffBuilder, "_configure_dataclass", configure._FLETS)
    monkeypatch.setattr(DiffBuilder, "get_removed_controls", configure._FLETS_REMOVED)
    monkeypatch.setattr(configure, "check", lambda: ["moved"])
    configure.install()
    assert DiffBuilder._configure_dataclass is configure._FLETS
    assert DiffBuilder.get_removed_controls is configure._FLETS_REMOVED
    monkeypatch.setattr(configure, "check", lambda: [])
    configure.install()
    configure.install()
    assert DiffBuilder._configure_dataclass is configure.configure
    assert DiffBuilder.get_removed_controls is configure.removed


def _left(root: ft.Column) -> tuple[list[Any], list[Any]]:
    """``root`` sent to the page, then changed: the part the page had and no longer has, as
    Flet lists it and as :func:`configure.removed` does (both only read the comparison)."""
    first = DiffBuilder(None, root, control_cls=BaseControl)
    first._compare_values(None, [], None, None, root, frozen=False)
    list(first.get_added_controls())
    msgpack.packb(ObjectPatch(list(first.execute())).to_message(), default=ENCODE)
    sent, kept, chart, frozen = root.controls
    root.controls = [kept, ft.Text("new")]  # the tree, the chart and the frozen column leave
    kept.controls[0] = ft.Text("replaced")  # a nested control replaced in a kept row
    builder = DiffBuilder(root, root, control_cls=BaseControl)
    builder._compare_values(None, [], None, root, root, frozen=False)
    return list(configure._FLETS_REMOVED(builder)), list(configure.removed(builder))


def test_the_removed_walk_lists_the_same_controls_in_the_same_order_as_flets():
    root = ft.Column([_tree(), ft.Row([ft.Text("old"), ft.Text("stays")]),
                      fch.LineChart(left_axis=fch.ChartAxis(
                          labels=[fch.ChartAxisLabel(value=1, label=ft.Text("1"))])),
                      ft.Column([ft.Text("f1"), ft.Row([ft.Text("f2")])])])
    object.__setattr__(root.controls[3], "_frozen", True)  # sent without snapshots: walked
    by_flet, by_ours = _left(root)
    assert len(by_flet) >= 16  # the tree whole, the chart's label, the replaced text, f1, f2
    assert [id(c) for c in by_ours] == [id(c) for c in by_flet]
    assert "Text" in [type(c).__name__ for c in by_ours]
