"""Every player at the table (issue 29): a screen reader from the first frame, a keyboard, and
large text. Checked in the accessibility tree Flutter builds and by the keyboard, never by
tapping coordinates: what a player who cannot see the pixels meets."""

from __future__ import annotations

import json

import pytest
from browser import (
    CHROMIUM_ARGS,
    FOCUSED_NAME,
    PHONE,
    Phone,
    check_screen,
    chromium_path,
    controls,
    press,
    tab_to,
)

pytestmark = pytest.mark.browser

def test_the_tree_is_there_from_the_first_frame_with_every_control_named(phone):
    """No "Enable accessibility" step: the home screen's controls are in the tree at load,
    without any press (Phone.ready presses nothing), and again after a reload."""
    phone.see("No games yet")
    page = phone.page
    assert not page.query_selector("flt-semantics-placeholder")
    names = [c["name"] for c in check_screen(phone, "home")]
    assert "New game" in names and "Check a score" in names
    page.reload()
    phone.ready().see("No games yet")
    check_screen(phone, "home after a reload")

    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    check_screen(phone, "the scoreboard")
    phone.tap("New deal")
    phone.see("Cannot save yet")  # deal entry drawn (10 frames were not always enough)
    found = check_screen(phone, "deal entry")
    back = [c for c in found if c["name"] == "Back"]
    assert len(back) == 1, f"one Back, named, and it is a button: {back}"
    tricks = {c["name"]: c for c in found if c["name"].startswith("Tricks ")}
    assert tricks["Tricks 10"]["role"] == "checkbox" and tricks["Tricks 10"]["checked"] == "false"
    phone.tap("Tricks 10")
    phone.frames(10)
    tricks = {c["name"]: c for c in controls(phone) if c["name"].startswith("Tricks ")}
    assert tricks["Tricks 10"]["checked"] == "true"
    assert tricks["Tricks 9"]["checked"] == "false"
    # The Back of the tree is the real one: pressed from the tree, it goes back.
    phone.tap("Back")
    phone.see("Ana total 0")


def test_a_whole_deal_by_keyboard_alone(phone):
    """Tab in reading order, Shift-Tab backwards, Enter to press: a Draw Bridge deal from
    the scoreboard to its Save, and Back, with no pointer."""
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    phone.see("Ana total 0")
    press(phone, "New deal")
    phone.see("Cannot save yet")
    # The new screen's title has the focus (a screen reader says where the player is)
    phone._until(lambda: phone.page.evaluate(FOCUSED_NAME) == "Deal 1",
                 "the focus on the title of the new screen", 20000)
    presses = {name: tab_to(phone, name) for name in
               ("Declarer Ana", "Level 4", "Spades", "Tricks 10")}
    # Reading order: each was reached from the one before by Tab alone, going forwards.
    assert all(n >= 1 for n in presses.values())
    assert tab_to(phone, "Tricks 9", key="Shift+Tab") == 1  # one step back
    for name in ("Declarer Ana", "Level 4", "Spades", "Tricks 10"):
        tab_to(phone, name, key="Shift+Tab" if name != "Declarer Ana" else "Tab")
    # Pressing: from the top again, each by Tab and Enter.
    phone.page.keyboard.press("Shift+Tab")
    for name in ("Declarer Ana", "Level 4", "Spades", "Tricks 10"):
        tab_to(phone, name, key="Shift+Tab" if name == "Declarer Ana" else "Tab")
        phone.page.keyboard.press("Enter")
        phone.frames(10)
    phone.see("4♠ by Ana: made")
    press(phone, "Save deal")
    phone.see("Ana total 120")
    press(phone, "Back")
    phone.see("Open Draw Bridge: Ana, Ben")


def test_the_page_speaks_the_chosen_language_and_draws_the_chosen_text_size(phone):
    page = phone.page
    phone.see("No games yet")
    assert page.evaluate("document.documentElement.lang") == "en"
    phone.tap("हिन्दी")
    phone._until(lambda: page.evaluate("document.documentElement.lang") == "hi",
                 "<html lang=hi> after Hindi was chosen", 20000)
    phone.tap("टेक्स्ट का आकार 150%")
    phone._until(lambda: page.evaluate("document.documentElement.style.fontSize") == "150%",
                 "the root font size after 150% was chosen", 20000)
    page.reload()  # both kept on this device, and followed from the page's start
    phone.ready()
    assert page.evaluate("document.documentElement.lang") == "hi"
    assert page.evaluate("document.documentElement.style.fontSize") == "150%"


def test_pinch_zoom_is_not_blocked(phone):
    phone.see("No games yet")
    content = phone.page.evaluate(
        "document.querySelector('meta[name=viewport]').getAttribute('content')")
    assert "user-scalable" not in content and "maximum-scale" not in content, content


@pytest.fixture
def large_text_phone(browser, server, tmp_path):
    """A browser whose text size is 200% (Chromium's default font 32 px), at 360 x 640: a
    profile of its own, as a player's browser with its text set large."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(
        json.dumps({"webkit": {"webprefs": {"default_font_size": 32}}}))
    context = browser.browser_type.launch_persistent_context(
        str(profile), executable_path=chromium_path(), args=CHROMIUM_ARGS, viewport=PHONE,
        headless=True)
    page = context.pages[0] if context.pages else context.new_page()
    yield Phone(page, server).open()
    context.close()


def test_at_200_percent_text_no_number_or_reason_is_cut(large_text_phone):
    phone = large_text_phone
    phone.see("No games yet")
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    phone.tap("New deal")
    phone.see("Cannot save yet")
    found = {c["name"]: c for c in check_screen(phone, "deal entry at 200%")}
    for n in range(14):
        chip = found[f"Tricks {n}"]
        assert chip["width"] >= 48 and chip["height"] >= 48, chip
    # A chip grows with its text instead of cutting it: "10" is wider than "1" (at the usual
    # size both are 48 px; at 200% in equal cells "10" read "1").
    assert found["Tricks 10"]["width"] > found["Tricks 1"]["width"] + 4, (
        found["Tricks 10"], found["Tricks 1"])
    # The reason Save is off is shown whole, on screen, beside Save: the bottom bar grows.
    reason = phone.page.evaluate("""() => {
      const e = Array.from(document.querySelectorAll('flt-semantics-host *')).find(
        n => n.childElementCount === 0 && n.textContent.startsWith('Cannot save yet'));
      const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, height: b.height};
    }""")
    save = found["Save deal"]
    assert reason["bottom"] <= PHONE["height"] + 0.5, reason
    assert reason["height"] > 2 * save["height"] / 2, reason  # on several lines, not one
    assert save["y"] + save["height"] <= PHONE["height"] + 0.5, save
