"""What a tap sends to the page: the controls that changed, and a new branch made to reuse the
controls already shown (issue 21). Moved here from ``widgets`` (the screens still find them
there)."""

from __future__ import annotations

from typing import Any, cast

import flet as ft

from .spans import respanned


def changed(*roots: ft.Control) -> list[ft.Control]:
    """The controls under ``roots`` (themselves included) changed since they were last sent,
    the topmost of each branch: what an update must send, found without Flet's comparison of
    every control (most of a tap's time in deal entry, issue 21).

    Changed: a property set to another value (Flet marks it dirty), or a list of children that
    is not, control for control, the list last sent (Flet keeps a copy of each). Children are
    looked for in ``content`` and ``controls``, where the screens put them; a test sends the
    whole page after each tap of every game's entry and finds nothing left to send."""
    found: list[ft.Control] = []
    stack = list(reversed(roots))
    while stack:
        control = stack.pop()
        if control._dirty:
            found.append(control)
            continue
        children = getattr(control, "controls", None)
        if isinstance(children, list):
            sent = getattr(control, "__prev_lists", {}).get("controls")
            if sent is None or len(sent) != len(children) or any(
                    a is not b for a, b in zip(sent, children, strict=True)):
                found.append(control)
                continue
            stack.extend(reversed(children))
        content = getattr(control, "content", None)
        if isinstance(content, ft.BaseControl):
            stack.append(cast(ft.Control, content))
    return found


def morph(old: ft.Control, new: ft.Control) -> ft.Control:
    """``old`` made to show what ``new`` shows, where they are the same kind of control with
    the same key; else ``new``. Flutter then changes a text in place rather than building a
    new branch of widgets (a preview redrawn at every tap, issue 21)."""
    if type(old) is not type(new) or old.key != new.key:
        return new
    for name in set(old._values) | set(new._values):
        value = getattr(new, name)
        if isinstance(value, ft.BaseControl) or name == "controls":
            continue
        if name == "spans" and isinstance(value, list):
            value = respanned(cast(ft.Text, old).spans, value)
        setattr(old, name, value)
    content = getattr(new, "content", None)
    if isinstance(content, ft.BaseControl):
        kept = getattr(old, "content", None)
        cast(Any, old).content = (morph(cast(ft.Control, kept), cast(ft.Control, content))
                                  if isinstance(kept, ft.BaseControl) else content)
    children = getattr(new, "controls", None)
    if isinstance(children, list):
        old.controls = morph_all(old.controls, children)  # type: ignore[attr-defined]
    return old


def morph_all(old: list[ft.Control], new: list[ft.Control]) -> list[ft.Control]:
    """:func:`morph` position by position; ``old`` itself when every control was kept."""
    made = [morph(a, b) for a, b in zip(old, new, strict=False)] + new[len(old):]
    if len(made) == len(old) and all(a is b for a, b in zip(made, old, strict=True)):
        return old
    return made


# A root with more changed controls than this is sent whole (one message, not one per text).
MAX_SENT_APART = 3


def update_changed(page: ft.Page, *roots: ft.Control) -> None:
    """Send what changed under each of ``roots`` (see :func:`changed`): the controls that
    changed (a tap on a chip: the chip chosen and the one it replaces, not the whole row
    Flet would compare), or the root where many did, and nothing when nothing did
    (``page.update()`` with no control would compare the whole page)."""
    found: list[ft.Control] = []
    for root in roots:
        below = changed(root)
        found += below if len(below) <= MAX_SENT_APART else [root]
    if found:
        page.update(*found)
