"""The app's speed as a player feels it, in real Chromium (issue 4).

Run: python benchmarks/bench_ui.py
- median time from tapping Save to the updated scoreboard being visible, in a game of 50 deals
  (target <= 150 ms);
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
from scorer.rules.draw_bridge import DrawBridgeDeal  # noqa: E402
from scorer.store import Store  # noqa: E402


def seed(folder: Path, games: int) -> str:
    with Store(folder) as store:
        big = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=1000000")
        for _ in range(50):
            big = big.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7))
        big_id = store.save(big).id
        for n in range(games - 1):
            game = Game.new("call-break", [f"P{n}", "Ben", "Cleo", "Dan"], first_dealer=0)
            store.save(game)
    return big_id


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        big_id = seed(folder, 1000)
        with served(folder) as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            # Save -> scoreboard, 50-deal game.
            context = browser.new_context(viewport=PHONE)
            phone = Phone(context.new_page(), url).open(f"/game/{big_id}")
            phone.see("Ana total 1000")
            saves = []
            total = 1000
            for _ in range(15):
                phone.tap("New deal")
                for name in ("Declarer Ana", "Level 1", "Clubs", "Tricks 7"):
                    phone.tap(name)
                phone.see("1♣ by Ana: made: Ana 20")
                total += 20
                button = phone.button("Save deal").first
                start = time.perf_counter()
                button.click()
                phone.page.wait_for_function(SHOWN, arg=f"Ana total {total}", polling="raf",
                                             timeout=20000)
                saves.append(time.perf_counter() - start)
            context.close()
            # Then the home screen with 1,000 games (after, so that its sessions do not linger
            # during the saves): navigation start to the list drawn.
            renders = []
            for _ in range(5):
                context = browser.new_context(viewport=PHONE)
                page = context.new_page()
                start = time.perf_counter()
                page.goto(url)
                page.wait_for_selector("flt-semantics-placeholder", state="attached")
                page.locator("flt-semantics-placeholder").dispatch_event("click")
                page.wait_for_function(SHOWN, arg="In progress", polling="raf", timeout=60000)
                renders.append(time.perf_counter() - start)
                context.close()
            browser.close()
    save_ms = statistics.median(saves) * 1000
    home_s = statistics.median(renders)
    print(f"save -> scoreboard visible, 50-deal game: median {save_ms:.0f} ms over "
          f"{len(saves)} saves (min {min(saves) * 1000:.0f}, max {max(saves) * 1000:.0f}); "
          f"target <= 150 ms {'OK' if save_ms <= 150 else 'MISSED'}")
    print(f"home first render with 1,000 stored games: median {home_s:.2f} s over "
          f"{len(renders)} page loads (max {max(renders):.2f}); target <= 3 s "
          f"{'OK' if home_s <= 3 else 'MISSED'}")


if __name__ == "__main__":
    main()
