"""Every player at the table (issue 29), in every game: a whole deal entered and saved by
keyboard alone (Tab or Shift+Tab to a control, Enter or Space to press it), its total read on
the scoreboard, and the accessibility tree of each screen of the game checked (every control
named once, choices checked or not, nothing enabled out of Tab's reach or dead to a screen
reader's activation): the deal entry, the scoreboard, a deal's page, the game's rules and its
New game form; with Draw Bridge also the app's other screens. The game itself is started by
pointer (Phone.new_game), to keep each test to one page and one server."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from browser import FOCUSED_NAME, Phone, check_screen, controls, press, tab_to

pytestmark = pytest.mark.browser

FOUR = ["Ana", "Ben", "Cleo", "Dan"]


@dataclass(frozen=True)
class Deal:
    """A game and one deal of it as a keyboard enters it: ``keys`` are the controls pressed
    in turn (a name), or a text field and what is typed into it (a pair); ``preview`` is shown
    before Save, ``total`` on the scoreboard after it, ``row`` names the deal's row."""

    game: str
    names: tuple[str, ...]
    keys: tuple[str | tuple[str, str], ...]
    preview: str
    total: str
    row: str
    dealer: str | None = "Ana"
    new: str = "New deal"
    save: str = "Save deal"
    # Left for the scoreboard after this many keys (the calls made), which then says
    # ``in_play`` and offers ``resume``: checked on the way (not counted in the deal's keys).
    pause: int = 0
    in_play: str = ""
    resume: str = ""


CONTRACT = ("Declarer Ana", "Level 4", "Spades", "Tricks 10")
DEALS = {
    "Draw Bridge": Deal("Draw Bridge", ("Ana", "Ben"), CONTRACT, "4♠ by Ana: made",
                        "Ana total 120", "Deal 1: 4S by Ana: made"),
    # The table's counts typed (West's 20 fills itself in: Dan declares 1S, made).
    "MiniBridge": Deal("MiniBridge", tuple(FOUR),
                       (("North points (Ana)", "5"), ("East points (Ben)", "10"),
                        ("South points (Cleo)", "5"), "Level 1", "Spades", "Tricks 7"),
                       "declarer Dan (West), dummy Ben (East)", "Ben & Dan total 80",
                       "Deal 1: 1S by Dan (West): made"),
    # The calls, then the tricks of three players (Dan's 3: the rest of the 13).
    "Call Break": Deal("Call Break", tuple(FOUR),
                       ("Ana calls 4", "Ben calls 2", "Cleo calls 2", "Dan calls 2",
                        "Ana took 5", "Ben took 3", "Cleo took 2"),
                       "Tricks taken (0 of 13 left)", "Ana total 41",
                       "Deal 1: calls 4 2 2 2; tricks 5 3 2 3", pause=4,
                       in_play="Deal 1 in play", resume="Enter the tricks"),
    "Rubber bridge": Deal("Rubber bridge", tuple(FOUR),
                          ("Declarer Ana", "Level 4", "Spades", "Tricks 10"),
                          "4♠ by Ana (North): made", "Ana & Cleo total 120",
                          "Deal 1: 4S by Ana (North): made"),
    "Chicago": Deal("Chicago", tuple(FOUR), ("Declarer Ana", "Level 2", "Spades", "Tricks 8"),
                    "2♠ by Ana (North): made", "Ana & Cleo total 60", "Deal 1 of 4: 2S by Ana"),
    "Team match": Deal("Team match", ("Reds", "Blues"),
                       tuple(f"Table {table} {name}" for table, tricks in ((1, 10), (2, 9))
                             for name in ("Declarer North", "Level 4", "Spades",
                                          f"Tricks {tricks}")),
                       "IMPs: 10", "Reds 10 IMPs", "Board 1: table 1 4S N =",
                       dealer=None, new="New board", save="Save board"),
}


def keyboard_deal(phone: Phone, deal: Deal) -> int:
    """``deal`` entered and saved from the scoreboard by keyboard alone, the buttons pressed
    with Enter and the choices with Space; the keys pressed."""
    keys = press(phone, deal.new)
    phone.see("Cannot save yet")
    for done, key in enumerate(deal.keys):
        if deal.pause and done == deal.pause:
            left_in_play(phone, deal)
        if isinstance(key, str):
            keys += press(phone, key, "Space")
        else:
            field, text = key
            keys += tab_to(phone, field)
            phone.page.keyboard.type(text)
            phone.frames(12)
            keys += len(text)
    phone.see(deal.preview)
    keys += press(phone, deal.save)
    phone.see(deal.total)
    return keys


def left_in_play(phone: Phone, deal: Deal) -> None:
    """Back to the scoreboard by keyboard with the deal in play, its screen checked, and on
    with the deal by its own button, pressed by keyboard."""
    press(phone, "Back")
    phone.see(deal.in_play)
    check_screen(phone, f"{deal.game}: the scoreboard with a deal in play")
    press(phone, deal.resume)
    phone.see("Cannot save yet")


def screens_of_the_game(phone: Phone, deal: Deal) -> None:
    """The scoreboard after the deal, the deal's page, the game's rules: each checked."""
    check_screen(phone, f"{deal.game}: the scoreboard after a deal")
    phone.tap(deal.row, exact=False)
    phone.see("Correct this deal" if deal.new == "New deal" else "Correct this board")
    check_screen(phone, f"{deal.game}: a deal's page")
    phone.tap("Back")
    phone.see(deal.total)
    phone.tap(f"Rules of {deal.game}")
    phone.see("— as Scorer scores it")
    check_screen(phone, f"{deal.game}: its rules")
    phone.tap("Back")
    phone.see(deal.total)


def play(phone: Phone, deal: Deal) -> None:
    """The game started (its filled New game form checked), one deal by keyboard (its entry
    checked on the way), then the game's screens checked."""
    phone.see("No games yet")
    phone.new_game(deal.game, list(deal.names), dealer=deal.dealer,
                   filled=lambda: check_screen(phone, f"New game: {deal.game}, filled"))
    check_screen(phone, f"{deal.game}: the scoreboard")
    press(phone, deal.new)
    phone.see("Cannot save yet")
    first = deal.keys[0] if isinstance(deal.keys[0], str) else deal.keys[0][0]
    assert first in {c["name"] for c in check_screen(phone, f"{deal.game}: the deal's entry")}
    press(phone, "Back")
    phone.see(deal.new)
    keys = keyboard_deal(phone, deal)
    # A sighted player taps each control once: New deal, each choice or field, Save.
    print(f"{deal.game}: a deal by keyboard alone, {keys} key presses (Tab, Shift+Tab, "
          f"Enter, Space and the digits typed); by pointer, {len(deal.keys) + 2} taps and "
          f"the digits")
    screens_of_the_game(phone, deal)


# What the tree says of the progress to the target: the whole of it, one node (it was read as
# "Highest total 120 of 500 24" in Firefox and WebKit: the bar's own percentage after the label).
PROGRESS = """() => Array.from(document.querySelectorAll('flt-semantics-host *'))
  .map(e => (e.getAttribute('aria-label') || (e.children.length ? '' : e.textContent))
            + ' ' + (e.getAttribute('aria-valuenow') || '')
            + ' ' + (e.getAttribute('aria-valuetext') || ''))
  .map(t => t.replace(/\\s+/g, ' ').trim()).filter(t => t.includes('Highest total'))"""


def test_draw_bridge_and_the_app_s_other_screens_by_keyboard_and_screen_reader(phone):
    play(phone, DEALS["Draw Bridge"])
    said = phone.page.evaluate(PROGRESS)
    assert len(said) == 1 and re.fullmatch(r"Highest total \d+ of \d+", said[0]), said
    # Ended by keyboard too (the statistics count finished games), its question checked.
    press(phone, "End the game now")
    phone.see("End the game now?")
    check_screen(phone, "the question before the game ends")
    press(phone, "End the game")
    phone.see("Ana wins")
    check_screen(phone, "the scoreboard of a finished game")
    press(phone, "Back")
    phone.see("Open Draw Bridge: Ana, Ben")
    check_screen(phone, "home with a game")
    for opens, shown, where in (("New game", "Start game", "New game"),
                                ("Check a score", "Check Rubber bridge", "Check a score"),
                                ("Players' statistics", "Statistics of Ana",
                                 "Players' statistics"),
                                ("Join from another phone", "QR code for", "Join")):
        phone.tap(opens)
        phone.see(shown)
        check_screen(phone, where)
        if opens == "Check a score":
            check_every_game(phone)
        phone.tap("Back")
        phone.see("Open Draw Bridge: Ana, Ben")


def check_every_game(phone: Phone) -> None:
    """Check a score's hand of each game it holds, and its house rules unfolded."""
    phone.tap("Show or hide the house rules")
    phone.see("House rules:")
    check_screen(phone, "Check a score: Draw Bridge, its house rules unfolded")
    checked = [game for game in DEALS
               if game != "Draw Bridge" and phone.button(f"Check {game}").count()]
    for game in checked:
        phone.tap(f"Check {game}")
        phone.frames(10)
        check_screen(phone, f"Check a score: {game}")
    print(f"Check a score: Draw Bridge and {', '.join(checked)} checked")
    assert {"MiniBridge", "Call Break", "Rubber bridge"} <= set(checked), checked


@pytest.mark.parametrize("game", [game for game in DEALS if game != "Draw Bridge"])
def test_a_whole_deal_by_keyboard_and_every_screen_named(phone, game):
    play(phone, DEALS[game])


def focus_after(phone: Phone, key: str) -> str:
    """Press ``key`` and say what has the keyboard's focus once it has moved (or, when it does
    not move, after as many frames as a move takes at most: the wait is a count of frames)."""
    before = phone.page.evaluate(FOCUSED_NAME)
    phone.page.keyboard.press(key)
    for _ in range(10):
        phone.frames(2)
        if phone.page.evaluate(FOCUSED_NAME) != before:
            break
    return str(phone.page.evaluate(FOCUSED_NAME))


def test_arrow_keys_move_within_a_chip_group(phone):
    """Issue 29 item 3 (decision 230): Right and Down go to the next chip of the group, Left
    and Up to the one before, Home and End to its ends, and the ends stop the focus (no wrap
    onto the other end, nor into the next group); Space presses the chip the focus is on, and
    Tab still goes on from there. The arrows go chip by chip across a group's rows (0 to 10
    crosses a 360 px phone's row of seven)."""
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    press(phone, "New deal")
    phone.see("Cannot save yet")
    tab_to(phone, "Tricks 9")
    assert focus_after(phone, "ArrowRight") == "Tricks 10"
    assert focus_after(phone, "ArrowDown") == "Tricks 11"
    assert focus_after(phone, "ArrowLeft") == "Tricks 10"
    assert focus_after(phone, "ArrowUp") == "Tricks 9"
    assert focus_after(phone, "End") == "Tricks 13"
    assert focus_after(phone, "ArrowRight") == "Tricks 13"  # the end: it stays
    assert focus_after(phone, "Home") == "Tricks 0"
    assert focus_after(phone, "ArrowLeft") == "Tricks 0"  # not back into the doubling group
    for _ in range(10):
        focus_after(phone, "ArrowRight")
    assert phone.page.evaluate(FOCUSED_NAME) == "Tricks 10"
    phone.page.keyboard.press("Space")
    phone._until(lambda: {c["name"]: c["checked"] for c in controls(phone)}["Tricks 10"]
                 == "true", "Tricks 10 checked after Space", 20000)
    assert focus_after(phone, "Tab") == "Tricks 11"  # Tab goes on from where the arrows led
    # Another group: the levels, from Level 4 to Level 6, then Space, with the strain by
    # arrows too: a contract by arrows, then Save.
    tab_to(phone, "Level 4")
    assert focus_after(phone, "ArrowRight") == "Level 5"
    assert focus_after(phone, "ArrowRight") == "Level 6"
    assert focus_after(phone, "End") == "Level 7"
    assert focus_after(phone, "ArrowRight") == "Level 7"  # not on into the strains
    assert focus_after(phone, "ArrowLeft") == "Level 6"
    phone.page.keyboard.press("Space")
    tab_to(phone, "Clubs")
    assert focus_after(phone, "End") == "No-trump"
    phone.page.keyboard.press("Space")
    tab_to(phone, "Declarer Ana")
    assert focus_after(phone, "ArrowRight") == "Declarer Ben"
    phone.page.keyboard.press("Space")
    phone.see("6NT by Ben: down 2")
    press(phone, "Save deal")
    phone.see("Deal 1: 6NT by Ben: down 2")  # saved (a failed contract scores nothing)

