"""A tap that reaches a control the screen has just replaced is not lost without a word
(issue 32, decision 422).

A phone taps what it shows; the server may have drawn that part again meanwhile (its own
previous tap, another phone's change). Flet then either drops the event without a word (the
control's id is no longer known: "Control with ID ... not found", logged for debugging only)
or, when the old control is still known but no longer on the page, fails in the handler's
lookup of its page ("Control must be added to the page first") and sends the phone its
session-crashed message with a traceback. Here both are answered the same way: nothing is
done (the tap was aimed at a screen that is gone: doing it could save the wrong board), and
a tap or a long press is told so in the player's language, to tap again if they still mean
it. Every other event on such a control (a focus leaving a field gone) is dropped quietly,
as Flet does.

Each event turned away is logged (a warning, in ``scorer serve``'s output: a test that
failed on a lost tap names it), each event dispatched at debug level, with the control's
id and its accessible name: what the phone tapped and what the server had."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import flet as ft

__all__ = ["TAPS", "catch_late_taps"]

TAPS = frozenset({"click", "long_press"})
LOG = logging.getLogger(__name__)


def _name(control: Any) -> str:
    """A control's accessible name (our buttons are named by a Semantics around them)."""
    try:
        parts = (control, control.parent)
    except RuntimeError:  # Flet: its parent is gone
        parts = (control, None)
    for part in parts:
        label = getattr(part, "label", None) or getattr(part, "semantics_label", None)
        if label:
            return str(label)
    return type(control).__name__


def _on_page(control: Any, page: ft.Page) -> bool:
    try:
        return control.page is page
    except RuntimeError:  # Flet: not on a page (any more)
        return False


def catch_late_taps(page: ft.Page, tell: Callable[[], None]) -> None:
    """Put a check before Flet's dispatch of each event of ``page``'s session: an event on a
    control that is not on the page is not dispatched; ``tell()`` when it was a tap."""
    session = page.session
    dispatch = session.dispatch_event
    # Flet's own lookup (the index, then the page's tree for a control reconciled under a
    # new object), so a control Flet would find is never turned away here.
    resolve = getattr(session, "_Session__resolve_event_control", None)

    async def checked(control_id: int, event_name: str, event_data: Any) -> None:
        control = resolve(control_id) if resolve is not None else session.index.get(control_id)
        if control is None or not _on_page(control, page):
            LOG.warning("%s on control %s (%s) turned away: not on the page", event_name,
                        control_id, "forgotten" if control is None else _name(control))
            if event_name in TAPS:
                tell()
            return
        LOG.debug("%s on control %s (%s)", event_name, control_id, _name(control))
        await dispatch(control_id, event_name, event_data)

    session.dispatch_event = checked  # type: ignore[method-assign]
