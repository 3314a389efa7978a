"""Flet's preparation of new controls and its list of removed ones, without a call per plain
value or a generator per level (issue 33, decisions 573 and 599).

When a screen is sent, Flet's ``DiffBuilder._configure_dataclass`` walks every control the
page has not seen yet: it builds the control, sets its parent and frozen marks, and recurses
into every field of every dataclass, one generator call per field, most of them ``None``, a
number or a string, which it then finds to be neither a dataclass, a dict nor a list. A
50-deal scoreboard opened from home is about 30,000 such calls: 70 % of the screen's Python
in CPython and most of the 60 ms an opening costs in the browser's Pyodide.

:func:`configure` does the same walk in the same order with the same effects, but asks each
value's kind once per type (dataclass, dict, list, or nothing to walk) and each class's
walked fields once, and goes into a value only when there is something in it to configure.

Both Flet's walks, that one and ``DiffBuilder._removed_controls`` (the controls a screen
leaves, which the session takes out of its index), are generators nested one per level of
the tree: every control found is handed up through every level above it, about 14 on a
scoreboard, and a Save's deal entry left behind is 336 controls, 4,600 steps. Here each walk
puts what it finds in one list (:func:`removed` for the second), in Flet's order.

:func:`install` puts them in place of Flet's; :func:`check` names what they rely on (a test
runs it, and another compares what both send to the page and what the session keeps).
"""

from __future__ import annotations

import dataclasses
import logging
import weakref
from collections.abc import Iterator
from typing import Any

from flet.controls import object_patch
from flet.controls.value_types import Prop

__all__ = ["check", "configure", "install", "removed", "unused"]

_FLETS = object_patch.DiffBuilder._configure_dataclass
_FLETS_REMOVED = object_patch.DiffBuilder.get_removed_controls
_SET: Any = object_patch._control_setattr
_LOG = object_patch.logger

_PLAIN, _DATACLASS, _DICT, _LIST = range(4)
_KINDS: dict[type, int] = {type(None): _PLAIN, str: _PLAIN, int: _PLAIN, float: _PLAIN,
                           bool: _PLAIN}


def _kind(value: Any) -> int:
    """What Flet's walk does with ``value``, by its type (as its order of tests: a dataclass
    first, then a dict, then a list). A class itself (a value that is a type) is not asked
    here: ``dataclasses.is_dataclass`` answers for the class, not its type."""
    kind_of = type(value)
    try:
        return _KINDS[kind_of]
    except KeyError:
        if isinstance(value, type):
            return _DATACLASS if dataclasses.is_dataclass(value) else _PLAIN
        kind = (_DATACLASS if hasattr(kind_of, "__dataclass_fields__") else
                _DICT if issubclass(kind_of, dict) else
                _LIST if issubclass(kind_of, list) else _PLAIN)
        _KINDS[kind_of] = kind
        return kind


class _Plan:
    """What Flet's walk reads of one dataclass type: its walked fields (all but those marked
    ``skip``) by their place, and those to read at every item. A field that Flet stores
    sparsely (a ``Prop``: its value is in the item's ``_values`` only when it is not the
    default) is read only where it is set, or where its default is something to walk."""

    __slots__ = ("always", "place", "sparse")

    def __init__(self, kind_of: type) -> None:
        walked = [field.name for field in dataclasses.fields(kind_of)
                  if not field.metadata.get("skip", False)]
        self.place = {name: n for n, name in enumerate(walked)}
        props = {name: _raw(kind_of, name) for name in walked}
        self.sparse = any(isinstance(prop, Prop) for prop in props.values())
        self.always = frozenset(
            name for name, prop in props.items()
            if not isinstance(prop, Prop) or _kind(prop.__get__(None, kind_of)) != _PLAIN)

    def names(self, item: Any) -> Any:
        """The fields of ``item`` to read, in Flet's order."""
        values = getattr(item, "_values", None) if self.sparse else None
        if type(values) is not dict:  # not set up as Flet sets it: every field
            return self.place
        place = self.place
        return sorted(self.always.union([name for name in values if name in place]),
                      key=place.__getitem__)


_PLANS: dict[type, _Plan] = {}


def _raw(kind_of: type, name: str) -> Any:
    """The class attribute ``name`` itself (a ``Prop`` descriptor, not its value)."""
    for klass in kind_of.__mro__:
        if name in vars(klass):
            return vars(klass)[name]
    return None


def _walked(item: Any) -> Any:
    """The names of the fields of ``item`` Flet's walk would find something in, in its
    order: all it walks into but unset sparse fields whose default is a plain value."""
    if isinstance(item, type):  # a class as a value (never seen): all its fields
        return [field.name for field in dataclasses.fields(item)
                if not field.metadata.get("skip", False)]
    kind_of = type(item)
    plan = _PLANS.get(kind_of)
    if plan is None:
        plan = _PLANS[kind_of] = _Plan(kind_of)
    return plan.names(item)


def configure(builder: Any, item: Any, parent: Any, frozen: bool,
              configure_setattr_only: bool = False) -> list[Any]:
    """``DiffBuilder._configure_dataclass``, the same walk (see the module's doc): the
    controls it readies, in its order."""
    out: list[Any] = []
    kind = _kind(item)
    if kind == _DATACLASS:
        _dataclass(builder, item, parent, frozen, configure_setattr_only, out)
    elif kind != _PLAIN:
        _values(builder, item.values() if kind == _DICT else item, parent, frozen, out)
    return out


def _values(builder: Any, values: Any, parent: Any, frozen: bool, out: list[Any]) -> None:
    """The walk of ``values`` (a list's items, a dict's values, a dataclass's fields), each
    with the same parent, as Flet's."""
    for value in values:
        kind = _KINDS.get(type(value))
        if kind is None:
            kind = _kind(value)
        if kind == _DATACLASS:
            _dataclass(builder, value, parent, frozen, False, out)
        elif kind != _PLAIN:
            _values(builder, value.values() if kind == _DICT else value, parent, frozen, out)


def _dataclass(builder: Any, item: Any, parent: Any, frozen: bool,
               configure_setattr_only: bool, out: list[Any]) -> None:
    if _LOG.isEnabledFor(logging.DEBUG):
        _LOG.debug("\n_configure_dataclass: %s %s %s", item, frozen, configure_setattr_only)
    if parent is None:
        parent_ref = getattr(item, "_parent", None)
        parent = parent_ref() if parent_ref else None
    if parent:
        if parent is item:
            raise object_patch.ObjectPatchException(f"Parent is the same as item: {item}")
        item._parent = weakref.ref(parent)
    if hasattr(item, "_frozen"):
        frozen = item._frozen
    elif frozen:
        item._frozen = frozen
    item_cls = item.__class__
    if getattr(item_cls, "__flet_control_cls__", None) is None:
        item_cls.__flet_control_cls__ = builder.control_cls
    control_cls = builder.control_cls
    is_control = bool(control_cls) and isinstance(item, control_cls)
    if is_control:
        if not configure_setattr_only:
            item.build()
            item._before_update_safe()
            object.__setattr__(item, "_initialized", True)
        out.append(item)
    if not configure_setattr_only:
        fields = (getattr(item, name) for name in _walked(item))
        _values(builder, fields, item if is_control else parent, frozen, out)
    if not frozen:
        dirty = getattr(item, "_dirty", None)
        if dirty is not None:
            dirty.clear()
        else:
            kind_of: Any = type(item)
            if kind_of.__setattr__ is not _SET:
                kind_of.__setattr__ = _SET
            object.__setattr__(item, "__changes", {})


def removed(builder: Any) -> Iterator[Any]:
    """``DiffBuilder.get_removed_controls``: the controls in every dataclass the comparison
    found removed, in Flet's order (one added again elsewhere, moved, only through what the
    page was sent of it)."""
    out: list[Any] = []
    added = builder._added_dataclasses
    control_cls = builder.control_cls
    for key, item in builder._removed_dataclasses.items():
        _removed(control_cls, item, key not in added, out)
    return iter(out)


def _removed(control_cls: Any, item: Any, recurse: bool, out: list[Any]) -> None:
    """``DiffBuilder._removed_controls``, the same walk: what ``item`` holds first, then
    ``item`` itself when it is a control."""
    if control_cls and isinstance(item, control_cls):
        if hasattr(item, "__prev_lists"):  # what the page was sent: its snapshot's values
            for kept in ("__prev_lists", "__prev_dicts", "__prev_classes"):
                for value in getattr(item, kept, {}).values():
                    _removed(control_cls, value, recurse, out)
        elif recurse:  # the fields that hold something to walk, as configure() reads them
            for name in _walked(item):
                _removed(control_cls, getattr(item, name), recurse, out)
        out.append(item)
    elif isinstance(item, dict):
        for value in item.values():
            _removed(control_cls, value, recurse, out)
    elif isinstance(item, list):
        for value in item:
            _removed(control_cls, value, recurse, out)


def unused(flets: Any, names: tuple[str, ...], *, constants: bool = False) -> list[str]:
    """Which of ``names`` Flet's function ``flets`` (kept before any install) no longer uses:
    the names in its code, and with ``constants`` its constants too (a name read as a
    string, ``getattr(item, "__prev_lists")``)."""
    code = getattr(flets, "__code__", None)
    used = {*getattr(code, "co_names", ()), *(getattr(code, "co_consts", ()) if constants else ())}
    return [f"DiffBuilder.{flets.__name__} using {name}" for name in names if name not in used]


def check() -> list[str]:
    """What this module relies on in Flet and does not find (empty: all there)."""
    missing = unused(_FLETS, ("is_dataclass", "fields", "_parent", "_frozen",
                               "__flet_control_cls__", "build", "_before_update_safe",
                               "_dirty", "_control_setattr"), constants=True)
    if "_values" not in Prop.__get__.__code__.co_names:
        missing.append("value_types.Prop keeping set values in _values")
    missing += unused(object_patch.DiffBuilder.get_added_controls, ("_configure_dataclass",))
    missing += unused(object_patch.DiffBuilder._removed_controls,
                       ("__prev_lists", "__prev_dicts", "__prev_classes", "fields", "skip"),
                       constants=True)
    missing += unused(_FLETS_REMOVED,
                       ("_removed_dataclasses", "_added_dataclasses", "_removed_controls"))
    return missing


def install() -> None:
    """Flet's walk over new controls is :func:`configure`, and its list of removed ones
    :func:`removed` (once per process; a second call does nothing). Nothing is installed
    where Flet no longer has what this relies on (:func:`check`): the controls are then
    walked as Flet walks them."""
    if object_patch.DiffBuilder._configure_dataclass is _FLETS and not check():
        setattr(object_patch.DiffBuilder, "_configure_dataclass", configure)  # noqa: B010
        setattr(object_patch.DiffBuilder, "get_removed_controls", removed)  # noqa: B010
