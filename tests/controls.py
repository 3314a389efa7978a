"""Walking a tree of Flet controls built without a page (unit tests of screens and inputs)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import flet as ft


def walk(controls: Iterable[ft.Control], visible_only: bool = False) -> Iterator[ft.Control]:
    """Every control in the trees of ``controls``, in order (``visible_only``: not those
    hidden, nor what they hold)."""
    for control in controls:
        if visible_only and not getattr(control, "visible", True):
            continue
        yield control
        for name in ("controls", "content"):
            child = getattr(control, name, None)
            children = child if isinstance(child, list) else [child] if child else []
            yield from walk([c for c in children if isinstance(c, ft.Control)], visible_only)
