"""Issue 30 in the browser: what players still tripped over."""

from __future__ import annotations

import pytest
from browser import Phone

pytestmark = pytest.mark.browser

# A page function: the texts and names drawn wholly inside the bottom bar (its last 76 px).
BOTTOM_BAR = """() => {
  const host = document.querySelector('flt-semantics-host');
  if (!host) return '';
  const h = window.innerHeight, parts = [];
  host.querySelectorAll('span, flt-semantics').forEach(e => {
    const r = e.getBoundingClientRect();
    if (r.height === 0 || r.top < h - 76 || r.bottom > h + 1) return;
    const label = e.getAttribute('aria-label');
    if (label) parts.push(label);
    if (e.tagName !== 'FLT-SEMANTICS') parts.push(e.textContent);
    else Array.from(e.childNodes).filter(n => n.nodeType === 3)
           .forEach(n => parts.push(n.textContent));
  });
  return parts.join('\\n');
}"""


def bottom_bar_says(phone: Phone, text: str) -> None:
    """Wait until Check a score's bottom line shows ``text`` (and only then: the card above
    says it too, so the whole screen would not tell a stale bottom line)."""
    phone._until(lambda: text in phone.page.evaluate(BOTTOM_BAR),
                 f"{text!r} in the bottom bar (it shows {phone.page.evaluate(BOTTOM_BAR)!r})",
                 20000)


def test_check_a_score_bottom_line_follows_the_hand_after_a_redraw(phone):
    """Issue 30 item 1: after the screen was drawn again (its game tapped again, a house rule
    changed), the bottom line stayed as it was while the card followed the taps."""
    phone.tap("Check a score")
    phone.see("Not complete: choose the contract's level")
    phone.tap("Check Draw Bridge")  # already selected: drawn again
    for name in ("Level 4", "Spades", "Tricks 9"):
        phone.tap(name)
    bottom_bar_says(phone, "4♠ by Declarer: down 1: Declarer 0 · Opponent 0")
    assert "Not complete" not in phone.page.evaluate(BOTTOM_BAR)

    phone.tap("Show or hide the house rules")
    phone.tap("Rule undertricks score on")
    bottom_bar_says(phone, "4♠ by Declarer: down 1: Declarer 0 · Opponent 50")
    phone.tap("Tricks 8")
    bottom_bar_says(phone, "4♠ by Declarer: down 2: Declarer 0 · Opponent 100")

    phone.tap("Check Chicago")
    for name in ("Declarer North", "Level 4", "Hearts", "Doubled", "Tricks 10"):
        phone.tap(name)
    bottom_bar_says(phone, "4♥X by North: made: N-S 590 · E-W 0")
    phone.tap("Rule scoring duplicate")
    phone.tap("Tricks 9")
    bottom_bar_says(phone, "4♥X by North: down 1: N-S 0 · E-W 100")
    assert "590" not in phone.page.evaluate(BOTTOM_BAR)
