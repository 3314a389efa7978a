"""Flet's comparison of a page with what the page was sent, without walking the parts where
nothing has changed (issue 33, decision 600).

``page.update()`` hands the page's whole tree to Flet's ``DiffBuilder``, which goes into every
control that the page already has, compares each of its child lists, dicts and nested objects
with the copy kept when it was last sent (``__prev_lists``, ``__prev_dicts``,
``__prev_classes``), and emits what differs. After a Save the tree holds the scoreboard (kept
hidden under deal entry and changed in a few places: decision 462) and deal entry, about 800
controls, and nearly all of them are the same objects holding the same children as when last
sent: the comparison walks them all to find nothing, 15-20 ms of the Save's Python in the
browser's Pyodide.

:func:`compare_dataclasses` stands in front of Flet's ``_compare_dataclasses``: for a control
compared with itself (Flet's in-place comparison) it first asks :func:`unchanged`, which reads
the same marks Flet's comparison reads (no tracked change, every kept child the same object in
the same place, and, recursively, each of those unchanged) and answers once per control per
comparison. An unchanged control is left as it is, which is what Flet's comparison would have
done with it, as it emits nothing for it and changes nothing in it: its kept copies already
hold what it holds. Everything else goes to Flet's own: a control with a tracked change, a
child added, removed, moved or replaced, a frozen control, and a control whose class has a
``before_update`` of its own (Flet runs it at each comparison and it may change the control;
so that is Flet's to do, and no answer about what is under it is kept from before it ran).

:func:`install` puts it in place; :func:`check` names what it relies on in Flet. A test
compares what the page is sent and what every control holds after each screen, with and
without it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from flet.controls import object_patch
from flet.controls.base_control import BaseControl

from .configure import unused

__all__ = ["check", "compare_dataclasses", "install", "unchanged"]

_FLETS = object_patch.DiffBuilder._compare_dataclasses
_NO_HOOK = BaseControl.before_update
_EMPTY: dict[str, Any] = {}
# Per class: (its own before_update, its structural fields: those Flet compares by snapshot)
_CLASSES: dict[type, tuple[bool, frozenset[str]]] = {}


def _class(kind: type) -> tuple[bool, frozenset[str]]:
    known = _CLASSES.get(kind)
    if known is None:
        known = _CLASSES[kind] = (getattr(kind, "before_update", _NO_HOOK) is not _NO_HOOK,
                                  getattr(kind, "_structural_fields", frozenset()))
    return known


def _same(old: Any, new: Any, seen: dict[int, bool]) -> bool:
    """Would Flet find nothing between ``old`` (a kept copy's item) and ``new``?"""
    if old is new:
        if hasattr(type(new), "__dataclass_fields__") and not isinstance(new, type):
            return unchanged(new, seen)
        if isinstance(new, list):
            return all(_same(item, item, seen) for item in new)
        if isinstance(new, dict):
            return all(_same(item, item, seen) for item in new.values())
        return True
    if isinstance(old, list) and isinstance(new, list):
        return len(old) == len(new) and all(
            _same(a, b, seen) for a, b in zip(old, new, strict=True))
    if isinstance(old, dict) and isinstance(new, dict):
        return old.keys() == new.keys() and all(_same(v, new[k], seen) for k, v in old.items())
    if dataclasses.is_dataclass(old) or dataclasses.is_dataclass(new):
        return False  # another object in its place: replaced, or compared as a new one
    return type(old) is type(new) and old == new


def unchanged(item: Any, seen: dict[int, bool]) -> bool:
    """Whether Flet's in-place comparison of ``item`` (a dataclass: a control or a value
    object such as a padding) with itself would emit nothing and change nothing: no tracked
    change on it, no ``before_update`` of its own, not frozen, each kept list, dict and nested
    object still the same in the same places, nothing new in a field that had nothing when it
    was last sent, and everything under it unchanged too. ``seen``: the answers of this
    comparison so far, by ``id``."""
    key = id(item)
    known = seen.get(key)
    if known is not None:
        return known
    hooked, structural = _class(type(item))
    answer = not (hooked or hasattr(item, "_frozen") or getattr(item, "_dirty", None)
                  or getattr(item, "__changes", None))
    if answer:
        lists = getattr(item, "__prev_lists", _EMPTY)
        dicts = getattr(item, "__prev_dicts", _EMPTY)
        classes = getattr(item, "__prev_classes", _EMPTY)
        for kept in (lists, dicts):
            for name, old in kept.items():
                if not _same(old, getattr(item, name), seen):
                    answer = False
                    break
            if not answer:
                break
        if answer:
            for name, old in classes.items():
                new = getattr(item, name)
                if new is not old or not unchanged(new, seen):
                    answer = False
                    break
        if answer and (hasattr(item, "__prev_lists") or hasattr(item, "__prev_dicts")
                       or hasattr(item, "__prev_classes")):
            # Flet sends a field that had nothing when last sent and holds something now
            for name in structural:
                if name in lists or name in dicts or name in classes:
                    continue
                new = getattr(item, name, None)
                if (isinstance(new, list | dict) and new) or (
                        dataclasses.is_dataclass(new) and not isinstance(new, type)):
                    answer = False
                    break
    seen[key] = answer
    return answer


def compare_dataclasses(builder: Any, parent: Any, path: list[Any], src: Any, dst: Any,
                        frozen: bool) -> None:
    """Flet's ``DiffBuilder._compare_dataclasses``, which leaves an unchanged control (see
    :func:`unchanged`) compared with itself as it is, and does the rest as Flet does."""
    if not frozen and src is dst:
        seen = builder.__dict__.get("_scorer_seen")
        if seen is None:
            seen = builder.__dict__["_scorer_seen"] = {}
        if unchanged(dst, seen):
            return
    _FLETS(builder, parent, path, src, dst, frozen)


def check() -> list[str]:
    """What this relies on in Flet's comparison and does not find (empty: all there)."""
    missing = unused(_FLETS, ("__prev_lists", "__prev_dicts", "__prev_classes", "_dirty",
                              "__changes", "_structural_fields", "_before_update_safe",
                              "_frozen"), constants=True)
    if not isinstance(getattr(object_patch.DiffBuilder(None, None), "__dict__", None), dict):
        missing.append("DiffBuilder keeping attributes of its own")
    return missing


def install() -> None:
    """Flet's comparison of a control with itself is :func:`compare_dataclasses` (once per
    process). Nothing is installed where Flet no longer has what it relies on."""
    if object_patch.DiffBuilder._compare_dataclasses is _FLETS and not check():
        setattr(object_patch.DiffBuilder, "_compare_dataclasses",  # noqa: B010
                compare_dataclasses)
