"""What the deal entry screens draw, on the real app's page (no browser): the faults a tester
met at 360x640 that the accessibility tree alone does not show (decisions 400-409)."""

from __future__ import annotations

import flet as ft
import pytest
from flet_page import scorer_app
from test_tap_updates import GAMES, on_screen, show_entry, tap


def headings(app) -> list[tuple[str, str]]:
    """Each heading on screen: (the words drawn, the words read)."""
    found = []
    for node in on_screen(app):
        if isinstance(node, ft.Semantics) and node.header:
            drawn = node.content.value if isinstance(node.content, ft.Text) else None
            read = node.value or node.label or drawn
            found.append((drawn, read))
    return found


def press(app, label: str) -> None:
    [cell] = [c for c in on_screen(app) if isinstance(c, ft.Semantics) and c.label == label]
    tap(app, cell.content)


@pytest.mark.parametrize("variant", [*GAMES, "check"])
def test_every_entry_heading_is_drawn_with_the_words_it_is_read_by(tmp_path, variant):
    """Call Break's "Calls (total 0)" and "Tricks taken (13 of 13 left)" were set as the
    heading node's value: read, never drawn (blank gaps; decision 400)."""
    with scorer_app(tmp_path) as app:
        show_entry(app, variant)
        if variant == "check":
            press(app, "Check Call Break")
        found = headings(app)
        assert found
        for drawn, read in found:
            assert drawn, f"{variant}: a heading drawn blank, read as {read!r}"
            assert drawn == read, f"{variant}: drawn {drawn!r}, read {read!r}"
        if variant in ("call-break", "check"):
            assert any(d.startswith("Calls (total") for d, _ in found), found
            assert any(d.startswith("Tricks taken") for d, _ in found), found
