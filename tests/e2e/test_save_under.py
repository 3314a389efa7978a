"""The game's scoreboard under deal entry (``scoreboard.keep_under``: kept in the page,
hidden, so a Save sends only what changed; decisions 530-532: ways tried to keep it built in
Flutter's tree). Whatever keeps it there, a player who cannot see the screen must never meet
it under deal entry: no scoreboard control in the accessibility tree, none reached by Tab;
back on the scoreboard, every one is there again and the Save's new total is shown. Back and
a reload on deal entry lead where they did."""

from __future__ import annotations

import itertools

import pytest
from browser import FOCUSED_NAME, check_screen, controls, press

pytestmark = pytest.mark.browser

# What the scoreboard shows and deal entry does not (deal entry has its own Back and Save).
SCOREBOARD = ("New deal", "Undo the last deal", "Delete this game", "End the game now",
              "Rules of Draw Bridge", "Share link")


def scoreboard_names(names: list[str]) -> list[str]:
    return [n for n in names if n in SCOREBOARD or "total" in n or n.startswith("Deal 1,")]


def test_the_scoreboard_under_deal_entry_is_out_of_the_tree_and_of_tabs_reach(phone):
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    phone.see("Ana total 0")
    for _ in range(2):  # a second deal: the scoreboard under it has a row and Undo
        phone.tap("New deal")
        phone.see("Cannot save yet")
        for name in ("Declarer Ana", "Level 4", "Spades", "Tricks 10"):
            phone.tap(name)
        phone.see("4♠ by Ana: made")
        phone.tap("Save deal")
        phone.see("Undo the last deal")
    phone.see("Ana total 240")
    names = [c["name"] for c in check_screen(phone, "the scoreboard, two deals")]
    assert "Delete this game" in names and "Undo the last deal" in names  # the test can see

    phone.tap("New deal")
    phone.see("Cannot save yet")
    found = check_screen(phone, "deal entry over the scoreboard")
    assert not scoreboard_names([c["name"] for c in found]), found
    assert "Tricks 10" in [c["name"] for c in found]
    # Tab all the way round deal entry: never on a control of the scoreboard under it.
    focused = []
    for _ in range(60):
        phone.page.keyboard.press("Tab")
        phone.frames(2)
        focused.append(phone.page.evaluate(FOCUSED_NAME))
    said = " | ".join(map(str, focused))
    assert "Back" in focused and "Tricks 10" in focused, said  # round deal entry, and on
    assert not scoreboard_names([n for n in focused if n]), said
    # A control without a node in the tree (a scoreboard button under deal entry) that took
    # Flutter's focus leaves the page's focus where it was: Tab pressed for nothing, and Enter
    # would press a button nobody sees. 11 such presses in a row were seen (decision 532);
    # a frame late, a name may show twice.
    stuck = max(len(list(run)) for _, run in itertools.groupby(focused))
    assert stuck <= 3, f"the focus stayed on one control for {stuck} presses of Tab: {said}"

    # The Save: the scoreboard shown again with the new total and row, whole and reachable.
    for name in ("Declarer Ben", "Level 3", "No-trump", "Tricks 9"):
        phone.tap(name)
    phone.see("3NT by Ben: made")
    press(phone, "Save deal")
    phone.see("Ben total 100")
    names = [c["name"] for c in check_screen(phone, "the scoreboard after the Save")]
    assert "Ana total 240, Ben total 100" in names or any(
        "Ben total 100" in n for n in names), names
    assert "Delete this game" in names and "New deal" in names
    press(phone, "Undo the last deal")  # the scoreboard is back in Tab's reach
    phone.see("Keep it")


def test_back_from_deal_entry_shows_the_scoreboard_unchanged_and_a_reload_keeps_it(phone):
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    phone.tap("New deal")
    phone.see("Cannot save yet")
    phone.tap("Back")
    phone.see("Ana total 0")
    assert not [c for c in controls(phone) if c["name"] == "Save deal"]
    phone.tap("New deal")
    phone.see("Cannot save yet")
    phone.page.reload()  # reopened on deal entry alone (no scoreboard was shown under it)
    phone.ready().see("Cannot save yet")
    for name in ("Declarer Ana", "Level 4", "Spades", "Tricks 10"):
        phone.tap(name)
    phone.tap("Save deal")
    phone.see("Ana total 120")
    assert "New deal" in [c["name"] for c in check_screen(phone, "the scoreboard after reload")]
