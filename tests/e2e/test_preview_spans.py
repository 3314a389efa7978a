"""A suited text given new words in place (its spans' texts changed, not new spans: decision
540) is drawn as one built anew with those words: deal entry's status line in the bottom bar,
which reads as the preview's summary and is changed the same way at each tap."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# The box of the most visible node whose name or text starts with the given words: the bottom
# bar's status line (the preview's summary, which reads the same, is mostly scrolled under it).
BOX = """start => {
  const host = document.querySelector('flt-semantics-host');
  const boxes = Array.from(host.querySelectorAll('flt-semantics')).filter(e =>
      (e.getAttribute('aria-label') || e.textContent || '').startsWith(start))
    .map(e => e.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0)
    .sort((a, b) => b.height - a.height);
  return boxes.length ? {x: boxes[0].x, y: boxes[0].y, width: boxes[0].width,
                         height: boxes[0].height} : null;
}"""


def drawn(phone, words: str) -> bytes:
    """The pixels of the status line that starts with ``words``, once they hold still (the
    same in two shots 10 frames apart; a count of frames, not a clock)."""
    phone.see(words)
    shot = None
    for _ in range(30):
        phone.frames(10)
        box = phone.page.evaluate(BOX, words)
        assert box is not None, f"no line {words!r}; the screen shows:\n{phone.screen_text()}"
        before, shot = shot, phone.page.screenshot(clip=box)
        if shot == before:
            return shot
    raise AssertionError(f"the line {words!r} never held still")


def test_a_suited_text_given_new_words_in_place_is_drawn_as_one_built_anew(phone):
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana", end="Target score 300")
    phone.tap("New deal")
    for name in ("Declarer Ana", "Level 1", "Clubs", "Tricks 8"):
        phone.tap(name)
    made_one = "1♣ by Ana: made +1: Ana 40"
    built = drawn(phone, made_one)  # the first score shown: its spans built anew
    phone.tap("Tricks 7")  # the same spans, new words
    made = drawn(phone, "1♣ by Ana: made: Ana 20")
    phone.tap("Tricks 8")  # and back, in place again
    again = drawn(phone, made_one)
    assert made != built  # the words drawn changed (a stale span would draw the old ones)
    assert again == built  # and read as the text built anew with them
