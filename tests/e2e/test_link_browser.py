"""A game by link in real Chromium with `scorer serve` (issue 20): a link opened shows the game
read-only and writes nothing; Keep on this phone adds it, and the game goes on there; a broken
link says why; Show to the table draws the game's QR code."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser import PHONE, Phone, bridge_deal, served
from link_games import FOUR, clock

from scorer.game import Game
from scorer.link import link_for
from scorer.rules import Contract
from scorer.rules.call_break import CallBreakDeal
from scorer.rules.draw_bridge import DrawBridgeDeal

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("SCORER_SHOTS")  # a folder to keep the screenshots in, if given


def shot(phone: Phone, tmp_path: Path, name: str) -> None:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    phone.frames(30)  # what the semantics tree says is drawn by then
    phone.page.screenshot(path=str(folder / name))


def stored(data_dir: Path) -> list[str]:
    return sorted(p.name for p in (data_dir / "games").glob("*.json"))


def test_a_link_shows_the_game_read_only_and_keep_adds_it(browser, data_dir, tmp_path):
    draw = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, game_id="linked0draw",
                    now=clock)
    for declarer, contract, tricks in ((0, "4S", 10), (1, "3NT", 9), (0, "2H", 8)):
        draw = draw.add_deal(DrawBridgeDeal(declarer, Contract.parse(contract), tricks),
                             now=clock)
    calls = Game.new("call-break", FOUR, first_dealer=0, game_id="linked0calls", now=clock)
    for _ in range(7):
        calls = calls.add_deal(CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3)), now=clock)
    data_dir.mkdir()
    with served(data_dir) as url:
        context = browser.new_context(viewport=PHONE)
        phone = Phone(context.new_page(), url)
        phone.open(link_for(calls, url, fragment=False).address.removeprefix(url))
        phone.see("From a link: Call Break, Ana, Ben, Cleo, Dan, 7 of 12 deals")
        phone.see("Read-only")
        shot(phone, tmp_path, "link-read-only.png")
        assert stored(data_dir) == []  # a link writes nothing before the player says so
        phone.open(link_for(draw, url, fragment=False).address.removeprefix(url))
        phone.see("From a link: Draw Bridge, Ana, Ben, 3 deals")
        phone.see("Ana total 180")
        assert stored(data_dir) == []
        phone.tap("Keep on this phone")
        phone.see("The game from the link is kept on this phone")
        phone.see("dealer: Ben")
        shot(phone, tmp_path, "link-kept.png")
        assert stored(data_dir) == ["linked0draw.json"]
        bridge_deal(phone, "Ben", 4, "Spades", 10)
        phone.see("Ben total 220")
        phone.open("g/1~AAAA")  # a broken link: one sentence, and the app goes on
        phone.see("This link cannot be opened: the link is damaged")
        phone.frames(120)
        shot(phone, tmp_path, "link-broken.png")
        phone.tap("Back")
        phone.see("New game")
        context.close()


def test_show_to_the_table_draws_the_games_qr_code(browser, data_dir, tmp_path):
    data_dir.mkdir()
    with served(data_dir) as url:
        context = browser.new_context(viewport=PHONE)
        phone = Phone(context.new_page(), url).open()
        phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
        bridge_deal(phone, "Ana", 4, "Spades", 10)
        phone.see("Ana total 120")
        phone.scroll_to(phone.button("Show to the table").first, tries=20)
        shot(phone, tmp_path, "link-buttons.png")
        phone.tap("Show to the table")
        phone.see("QR code of this game")
        phone.see(f"{url}g/1~")
        shot(phone, tmp_path, "link-qr.png")
        image = phone.page.get_by_role("img", name="QR code of this game", exact=False)
        box = phone.steady_box(image.first)
        assert box is not None and box["width"] >= PHONE["width"] - 48  # as wide as the screen
        context.close()
