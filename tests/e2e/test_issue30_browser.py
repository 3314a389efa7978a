"""Issue 30 in the browser: what players still tripped over."""

from __future__ import annotations

import pytest
from browser import PHONE, Phone, served
from link_games import clock

from scorer.game import Game
from scorer.link import link_for
from scorer.rules import Contract
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.store import Store

pytestmark = pytest.mark.browser

BAR = 76  # the height of Check a score's bottom bar


def bottom_bar_says(phone: Phone, text: str) -> None:
    """Wait until Check a score's bottom line shows ``text`` (and only then: the card above
    says it too, so the whole screen would not tell a stale bottom line)."""
    phone._until(lambda: text in phone.screen_text(bottom=BAR),
                 f"{text!r} in the bottom bar (it shows {phone.screen_text(bottom=BAR)!r})",
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
    assert "Not complete" not in phone.screen_text(bottom=BAR)

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
    assert "590" not in phone.screen_text(bottom=BAR)


def test_keeping_the_same_link_twice_makes_no_duplicate(browser, data_dir):
    """Issue 30 item 2 in the app: after a conflict kept the link's game as a copy, opening
    the same link again and Keep made '-copy2', a third identical game on the home list."""
    kept = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, game_id="kept0draw",
                    now=clock)
    linked = kept.add_deal(DrawBridgeDeal(1, Contract.parse("3NT"), 9), now=clock)
    kept = kept.add_deal(DrawBridgeDeal(0, Contract.parse("4S"), 10), now=clock)
    data_dir.mkdir()
    with Store(data_dir) as store:
        store.save(kept)
    with served(data_dir) as url:
        phone = Phone(browser.new_context(viewport=PHONE).new_page(), url)
        path = link_for(linked, url, fragment=False).address.removeprefix(url)
        phone.open(path)
        phone.tap("Keep on this phone")
        phone.see("both are kept, the link's as a copy")
        phone.open(path)
        phone.tap("Keep on this phone")
        phone.see("This game is already on this phone, as the link has it; nothing changed.")
        assert sorted(p.name for p in (data_dir / "games").glob("*.json")) == [
            "kept0draw-copy.json", "kept0draw.json"]
        phone.open()
        phone.see("Open Draw Bridge: Ana, Ben")
        assert phone.button("Open Draw Bridge: Ana, Ben", exact=False).count() == 2


def test_check_a_score_gives_a_boards_duplicate_scores_and_imps(phone):
    """Issue 30 item 4: a team match board in Check a score: each table's duplicate score,
    then the IMPs in the bottom line."""
    phone.tap("Check a score")
    phone.tap("Check Team match")
    phone.tap("Board 3")
    phone.see("Board 3: South deals · vulnerable: E-W")
    for name in ("Declarer East", "Level 4", "Hearts", "Tricks 10"):
        phone.tap(f"Table 1 {name}")
    phone.see("Table 1 entered: 4♥ by East, 10 tricks, N-S -620")
    for name in ("Declarer East", "Level 4", "Hearts", "Tricks 9"):
        phone.tap(f"Table 2 {name}")
    bottom_bar_says(phone, "board 3: 12 IMPs to Team 2")
    phone.see("N-S at table 1: -620 · N-S at table 2: 100 · IMPs: -12")
