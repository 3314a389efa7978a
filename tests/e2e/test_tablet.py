"""A tablet keeps a readable column (issue 29 item 1, decision 231): at 1280 x 800 and
1024 x 768 a screen's contents keep to a centred column of at most COLUMN_MOST px, read from
the rectangles of the accessibility tree's nodes (a total ~700 px from its name before), and
the column follows the page when it changes its size (a tablet turned, a window resized); a
phone's screen keeps its width."""

from __future__ import annotations

import pytest
from browser import PHONE, Phone, controls

pytestmark = pytest.mark.browser

COLUMN_MOST = 720
TABLETS = ({"width": 1280, "height": 800}, {"width": 1024, "height": 768})
# The totals card: one node read as "Ana total 0, Ben total 0", the names at its left edge and
# the totals at its right (scorer/ui/screens/frame.py, party_totals).
TOTALS = """() => {
  let best = null;
  for (const e of document.querySelectorAll('flt-semantics-host flt-semantics')) {
    if (!(e.getAttribute('aria-label') || e.textContent).startsWith('Ana total')) continue;
    const b = e.getBoundingClientRect();
    if (!best || b.width * b.height < best.width * best.height) best = b;
  }
  return best && {x: best.x, width: best.width};
}"""


def totals_box(phone: Phone, fits) -> dict:
    """The totals card's box, once ``fits(box)`` (the page tells the app its new size a few
    frames after a resize, and the card is drawn anew after that: looked for again every few
    frames, a count of frames, not a clock); the last box seen when it never does."""
    phone.see("Ana total 0")
    box = None
    for _ in range(60):
        box = phone.page.evaluate(TOTALS)
        if box is not None and fits(box):
            break
        phone.frames(5)
    assert box is not None, "no totals card"
    return dict(box)


def spread(phone: Phone, below: float) -> tuple[float, float]:
    """The leftmost left edge and rightmost right edge of the screen's controls drawn below
    ``below`` px (the app bar's back button spans the page, as an app bar does)."""
    found = [c for c in controls(phone) if c["y"] >= below and c["width"] > 0]
    assert found, "no control below the app bar"
    return min(c["x"] for c in found), max(c["x"] + c["width"] for c in found)


def in_column(left: float, right: float, width: int, what: str) -> None:
    assert right - left <= COLUMN_MOST, f"{what} at {width} px: {right - left:.0f} px wide"
    middle = (left + right) / 2
    assert abs(middle - width / 2) <= 24, f"{what} at {width} px: not centred ({middle:.0f})"


def test_a_tablet_keeps_a_readable_column_and_follows_its_size(browser, server):
    context = browser.new_context(viewport=TABLETS[0])
    phone = Phone(context.new_page(), server).open()
    phone.see("No games yet")
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    for size in TABLETS:
        phone.page.set_viewport_size(size)
        box = totals_box(phone, lambda b, size=size: b["width"] <= COLUMN_MOST
                         and abs(b["x"] + b["width"] / 2 - size["width"] / 2) <= 24)
        # The names sit at the card's left and the totals at its right: the distance between
        # a name and its total is under the card's width.
        in_column(box["x"], box["x"] + box["width"], size["width"], "the totals card")
        in_column(*spread(phone, 64), size["width"], "the scoreboard's controls")
    phone.tap("New deal")
    phone.see("Cannot save yet")
    # Deal entry: the chips, and the bottom bar's reason and Save, in the same column.
    in_column(*spread(phone, 64), TABLETS[1]["width"], "deal entry's controls")
    phone.tap("Back")
    phone.page.set_viewport_size(PHONE)  # a phone: the card spans the screen, as before
    box = totals_box(phone, lambda b: b["width"] >= PHONE["width"] - 40)
    assert box["width"] >= PHONE["width"] - 40, box
    context.close()
