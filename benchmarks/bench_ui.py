"""The app's speed as a player feels it, in real Chromium (issue 4).

Run: python benchmarks/bench_ui.py
- median time from tapping Save to the updated scoreboard being visible, in a game of 50 deals
  (target <= 150 ms): a Draw Bridge game (grid and chart) and a rubber bridge game (its own
  board, scorer/ui/boards/views.py; issue 12: the targets hold with the new games);
- time to first render of the home screen with 1,000 stored games (target <= 3 s).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from browser import CHROMIUM_ARGS, PHONE, SHOWN, Phone, chromium_path, served  # noqa: E402

from scorer.game import Game  # noqa: E402
from scorer.rules import Contract  # noqa: E402
from scorer.rules.bridge_games import BridgeDeal  # noqa: E402
from scorer.rules.draw_bridge import DrawBridgeDeal  # noqa: E402
from scorer.store import Store  # noqa: E402

RUBBER_PREVIEW = "1♣ by Ana (North): down 1: Ana & Cleo 0 · Ben & Dan 50"


# The app's accessibility tree is up: the page turns it on itself (a11y.js, decision 193).
TREE_UP = "flt-semantics-host span, flt-semantics-host [aria-label]"


def seed(folder: Path, games: int) -> tuple[str, str]:
    """The 50-deal Draw Bridge game's id, the 50-deal rubber bridge game's, and more games."""
    with Store(folder) as store:
        big = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=100000")
        for _ in range(50):
            big = big.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7))
        big_id = store.save(big).id
        # Rubber bridge: 1C by North (Ana) one down, 50 to E-W each deal; the rubber goes on.
        rubber = Game.new("rubber-bridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
        for _ in range(50):
            rubber = rubber.add_deal(BridgeDeal(0, Contract.parse("1C"), 6))
        rubber_id = store.save(rubber).id
        for n in range(games - 2):
            game = Game.new("call-break", [f"P{n}", "Ben", "Cleo", "Dan"], first_dealer=0)
            store.save(game)
    return big_id, rubber_id


def time_saves(browser, url: str, game_id: str, party: str, total: int, step: int,
               entry: tuple[str, ...], preview: str) -> list[float]:
    """Seconds from tapping Save to ``party``'s new total shown, for 15 deals."""
    context = browser.new_context(viewport=PHONE)
    phone = Phone(context.new_page(), url).open(f"/game/{game_id}")
    phone.see(f"{party} total {total}")
    saves = []
    for _ in range(15):
        phone.tap("New deal")
        for name in entry:
            phone.tap(name)
        phone.see(preview)
        total += step
        button = phone.button("Save deal").first
        start = time.perf_counter()
        button.click()
        phone.page.wait_for_function(SHOWN, arg=f"{party} total {total}", polling="raf",
                                     timeout=20000)
        saves.append(time.perf_counter() - start)
    context.close()
    return saves


def report(game: str, saves: list[float]) -> None:
    save_ms = statistics.median(saves) * 1000
    print(f"save -> scoreboard visible, 50-deal {game} game: median {save_ms:.0f} ms over "
          f"{len(saves)} saves (min {min(saves) * 1000:.0f}, max {max(saves) * 1000:.0f}); "
          f"target <= 150 ms {'OK' if save_ms <= 150 else 'MISSED'}")


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        big_id, rubber_id = seed(folder, 1000)
        with served(folder) as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            # Save -> scoreboard, 50-deal games.
            saves = time_saves(browser, url, big_id, "Ana", 1000, 20,
                               ("Declarer Ana", "Level 1", "Clubs", "Tricks 7"),
                               "1♣ by Ana: made: Ana 20")
            rubber_saves = time_saves(browser, url, rubber_id, "Ben & Dan", 2500, 50,
                                      ("Declarer Ana", "Level 1", "Clubs", "Tricks 6"),
                                      RUBBER_PREVIEW)
            # Then the home screen with 1,000 games (after, so that its sessions do not linger
            # during the saves): navigation start to the list drawn.
            renders = []
            for _ in range(5):
                context = browser.new_context(viewport=PHONE)
                page = context.new_page()
                start = time.perf_counter()
                page.goto(url)
                page.wait_for_selector(TREE_UP, state="attached")
                page.wait_for_function(SHOWN, arg="In progress", polling="raf", timeout=60000)
                renders.append(time.perf_counter() - start)
                context.close()
            browser.close()
    report("Draw Bridge", saves)
    report("rubber bridge", rubber_saves)
    home_s = statistics.median(renders)
    print(f"home first render with 1,000 stored games: median {home_s:.2f} s over "
          f"{len(renders)} page loads (max {max(renders):.2f}); target <= 3 s "
          f"{'OK' if home_s <= 3 else 'MISSED'}")


if __name__ == "__main__":
    main()
