"""Flet's event dispatch, with each handler's event type worked out once per control class.

At every event (a tap, a route change) Flet's ``BaseControl._trigger_event`` asks
``get_event_field_type(control, field)`` which event class the handler takes: it copies the
calling frame's names, merges the annotations of the control's whole class hierarchy and
evaluates the handler's type from its text. The answer depends only on the control's class
and the field (class annotations, fixed once the class is defined), yet it was 0.66 ms of
CPython at every tap, about a third of a tap's Python in deal entry (decision 460), and more in
the browser's Pyodide. :func:`install` puts a memo of it in ``_trigger_event``'s module: the
first event of each (class, field) is worked out by Flet's own function, later ones are
looked up. :func:`check` fails, naming what is missing, if a Flet upgrade moves what this
relies on (a test runs it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet.controls.base_control as base_control
import flet.controls.control_event as control_event

__all__ = ["check", "install"]

# Flet's own resolver, kept before any install (install is idempotent).
_FLETS: Callable[[Any, str], Any] = control_event.get_event_field_type
_KNOWN: dict[tuple[type, str], Any] = {}


def event_type(control: Any, field_name: str) -> Any:
    """What Flet's ``get_event_field_type`` answers, once per (class, field)."""
    key = (type(control), field_name)
    try:
        return _KNOWN[key]
    except KeyError:
        found = _KNOWN[key] = _FLETS(control, field_name)
        return found


def check() -> list[str]:
    """What this module relies on in Flet and does not find (empty: all there)."""
    missing = []
    if not callable(getattr(control_event, "get_event_field_type", None)):
        missing.append("flet.controls.control_event.get_event_field_type")
    if not hasattr(base_control, "get_event_field_type"):
        missing.append("flet.controls.base_control.get_event_field_type (the name "
                       "_trigger_event calls)")
    trigger = getattr(base_control.BaseControl, "_trigger_event", None)
    if trigger is None or "get_event_field_type" not in trigger.__code__.co_names:
        missing.append("BaseControl._trigger_event calling get_event_field_type")
    return missing


def install() -> None:
    """Flet's events use :func:`event_type` (once per process; a second call does nothing).
    Nothing is installed where Flet no longer has what this relies on (:func:`check`):
    the events then work as Flet made them."""
    if not check():
        base_control.get_event_field_type = event_type  # type: ignore[attr-defined]
