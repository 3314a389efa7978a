"""scorer.ui.shell.unchanged: Flet's comparison of a page, leaving out what has not changed
since it was sent (decision 600), sends what Flet's own sends and leaves every control as
Flet's leaves it. Every screen of every game is compared in tests/test_configure.py; here the
odd corners, one change at a time, on two trees made alike."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any

import flet as ft
import flet_charts as fch
import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.controls.id_counter import ControlId
from flet.controls.object_patch import DiffBuilder, ObjectPatch
from flet_page import ENCODE

from scorer.ui.shell import unchanged


def _tree() -> ft.Column:
    """A page's worth of odd corners: nested rows, a chart (value objects holding value
    objects), dicts of controls, a button with a colour (a before_update of its own), a
    container with no content yet, a frozen text, a text field."""
    chart = fch.LineChart(data_series=[fch.LineChartData(points=[
        fch.LineChartDataPoint(0, 0), fch.LineChartDataPoint(1, 5)], color="#388E3C")],
        left_axis=fch.ChartAxis(labels=[fch.ChartAxisLabel(value=5, label="5")]))
    frozen = ft.Text("kept")
    object.__setattr__(frozen, "_frozen", True)
    column = ft.Column([
        ft.Row([ft.Text("a", size=12), ft.Column([ft.Text("deep"), ft.Text("er")])]),
        chart,
        ft.Button("Save", bgcolor=ft.Colors.GREEN),
        ft.Container(padding=ft.Padding.all(4)),
        frozen,
        ft.TextField(label="name", bgcolor=ft.Colors.YELLOW),
        ft.Container(ft.Text("boxed"), border=ft.Border.all(1, ft.Colors.RED))])
    column._internals = {"kept": [ft.Text("in a dict")], "plain": Plain(1)}
    column.controls[0].controls[1]._internals = {"note": ft.Text("noted")}
    return column


@dataclasses.dataclass
class Plain:
    """A value object without Flet's tracked properties (Flet tracks its changes apart)."""

    x: int


def _deep(root: ft.Column) -> ft.Text:
    return root.controls[0].controls[1].controls[0]


CHANGES: dict[str, Callable[[ft.Column], None]] = {
    "nothing": lambda root: None,
    "a deep text's value": lambda root: setattr(_deep(root), "value", "changed"),
    "a text's size back to its default": lambda root: setattr(
        root.controls[0].controls[0], "size", None),
    "a control added deep in a list": lambda root: root.controls[0].controls[1].controls.append(
        ft.Text("new")),
    "a list's items swapped": lambda root: root.controls[0].controls[1].controls.reverse(),
    "a control replaced in a list": lambda root: root.controls[0].controls.__setitem__(
        0, ft.Text("other")),
    "a chart point added": lambda root: root.controls[1].data_series[0].points.append(
        fch.LineChartDataPoint(2, 9)),
    "a chart point moved": lambda root: setattr(root.controls[1].data_series[0].points[1],
                                                "y", 7),
    "a padding changed in place": lambda root: setattr(root.controls[3].padding, "left", 9),
    "a content where there was none": lambda root: setattr(root.controls[3], "content",
                                                           ft.Text("filled")),
    "a content taken away": lambda root: setattr(root.controls[6], "content", None),
    "a border's side changed": lambda root: setattr(root.controls[6], "border",
                                                    ft.Border.all(2, ft.Colors.BLUE)),
    "the button's colour": lambda root: setattr(root.controls[2], "bgcolor", ft.Colors.RED),
    "a control in a dict": lambda root: setattr(root._internals["kept"][0], "value", "b"),
    "the dict's list replaced": lambda root: root._internals.__setitem__(
        "kept", [ft.Text("c")]),
    "a text field's colour": lambda root: setattr(root.controls[5], "bgcolor", None),
    "a row's own property": lambda root: setattr(root.controls[0], "spacing", 3),
    "the column emptied": lambda root: root.controls.clear(),
    "a plain value object's field": lambda root: setattr(root._internals["plain"], "x", 2),
    "a key added to a dict": lambda root: root.controls[0].controls[1]._internals.__setitem__(
        "more", ft.Text("added")),
    "a key taken out of a dict": lambda root: root.controls[0].controls[1]._internals.pop(
        "note"),
}
# Changes sent in two comparisons: the first step, then the second
TWICE: dict[str, tuple[Callable[[ft.Column], None], Callable[[ft.Column], None]]] = {
    "a row's children taken away, then new ones": (
        lambda root: setattr(root.controls[0], "controls", None),
        lambda root: setattr(root.controls[0], "controls", [ft.Text("back")])),
    "the dict emptied, then filled": (
        lambda root: root._internals.clear(),
        lambda root: root._internals.__setitem__("kept", [ft.Text("again")])),
}


def _sent(root: ft.Column) -> None:
    """``root`` sent to the page the first time (Flet's walk of new controls)."""
    first = DiffBuilder(None, root, control_cls=BaseControl)
    first._compare_values(None, [], None, None, root, frozen=False)
    list(first.get_added_controls())
    msgpack.packb(ObjectPatch(list(first.execute())).to_message(), default=ENCODE)


def _state(root: Any) -> list[Any]:
    """What each control and value object under ``root`` holds for its next comparison."""
    out: list[Any] = []
    stack, seen = [root], set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif hasattr(type(item), "__dataclass_fields__"):
            kept = []
            for name in ("__prev_lists", "__prev_dicts", "__prev_classes"):
                for field, value in sorted(getattr(item, name, {}).items()):
                    items = (value if isinstance(value, list) else list(value.values())
                             if isinstance(value, dict) else [value])
                    kept.append((name, field, [type(v).__name__ for v in items]))
                    stack.extend(items)
            out.append((type(item).__name__, sorted(getattr(item, "_dirty", {}) or {}),
                        sorted(getattr(item, "__changes", {}) or {}), kept))
            stack.extend(getattr(item, name) for name in getattr(
                type(item), "_structural_fields", ()))
    return out


FLETS = unchanged._FLETS


def _compared(steps: tuple[Callable[[ft.Column], None], ...], ours: bool,
              monkeypatch: pytest.MonkeyPatch) -> tuple[list[bytes], list[Any], int]:
    """A tree sent, then each step's change made and compared, by Flet's comparison or
    (``ours``) with :func:`unchanged.compare_dataclasses` in front of it: the messages, what
    the tree holds after, and how many times Flet's own comparison of a dataclass ran."""
    monkeypatch.setattr(ControlId, "_counter", itertools.count(10**9))  # the same ids in both
    root = _tree()
    _sent(root)
    handed = [0]

    def flets(builder: Any, *args: Any) -> None:
        handed[0] += 1
        FLETS(builder, *args)

    monkeypatch.setattr(unchanged, "_FLETS", flets)
    monkeypatch.setattr(DiffBuilder, "_compare_dataclasses",
                        unchanged.compare_dataclasses if ours else flets)
    messages = []
    for step in steps:
        step(root)
        builder = DiffBuilder(root, root, control_cls=BaseControl)
        builder._compare_values(None, [], None, root, root, frozen=False)
        list(builder.get_added_controls())
        messages.append(msgpack.packb(ObjectPatch(list(builder.execute())).to_message(),
                                      default=ENCODE))
    monkeypatch.undo()
    return messages, _state(root), handed[0]


@pytest.mark.parametrize("name", [*CHANGES, *TWICE])
def test_each_change_is_sent_as_flet_sends_it_and_leaves_the_tree_as_flets(name, monkeypatch):
    steps = TWICE.get(name) or (CHANGES[name],)
    flet_sent, flet_state, flet_handed = _compared(steps, False, monkeypatch)
    ours_sent, ours_state, ours_handed = _compared(steps, True, monkeypatch)
    assert ours_sent == flet_sent
    assert ours_state == flet_state
    if name == "nothing":
        # only what Flet sends again at every comparison: the coloured button's style,
        # made anew by its before_update
        assert len(ours_sent[0]) < 100 and b"style" in ours_sent[0]
        assert ours_handed < flet_handed / 4  # what has not changed is not compared again
    if name in ("nothing", "a deep text's value", "a chart point added"):
        assert ours_handed < flet_handed


def test_a_change_is_found_under_every_kind_of_kept_child():
    """The questions :func:`unchanged.unchanged` asks, one at a time."""
    root = _tree()
    _sent(root)
    assert unchanged.unchanged(root, {}) is False  # the button's hook and the frozen text
    row = root.controls[0]
    assert unchanged.unchanged(row, {}) is True
    _deep(root).value = "x"
    assert unchanged.unchanged(row, {}) is False
    # A chart's point has a before_update of its own (its tooltip made anew): Flet's to run
    point = root.controls[1].data_series[0].points[0]
    assert unchanged.unchanged(point, {}) is False
    assert unchanged.unchanged(root.controls[1].left_axis.labels[0], {}) is True
    box = root.controls[3]
    assert unchanged.unchanged(box, {}) is True
    box.content = ft.Text("now")
    assert unchanged.unchanged(box, {}) is False
    assert unchanged.unchanged(root.controls[4], {}) is False  # frozen: Flet's to compare
    seen: dict[int, bool] = {}
    assert unchanged.unchanged(root.controls[6], seen) is True
    assert seen[id(root.controls[6].content)] is True  # answered once, kept for the rest


def test_install_puts_the_comparison_in_place_once_and_only_when_flet_has_what_it_needs(
        monkeypatch):
    assert unchanged.check() == []
    monkeypatch.setattr(DiffBuilder, "_compare_dataclasses", FLETS)
    monkeypatch.setattr(unchanged, "check", lambda: ["moved"])
    unchanged.install()
    assert DiffBuilder._compare_dataclasses is FLETS
    monkeypatch.setattr(unchanged, "check", list)
    unchanged.install()
    unchanged.install()
    assert DiffBuilder._compare_dataclasses is unchanged.compare_dataclasses
