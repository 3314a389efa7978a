"""Take the README's screenshots from the real app, served and driven in Chromium.

Run from the repository root (after `bash .ci/run` or the README's install):
    .venv/bin/python docs/screenshots/take_screenshots.py
It seeds a fresh data folder with games, serves the app with `scorer serve`, and saves a
360 x 640 PNG of each main screen next to this file.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests"))

from browser import (  # noqa: E402
    CHROMIUM_ARGS,
    FOCUSED,
    PHONE,
    Phone,
    chromium_path,
    served,
)

from scorer.game import Game  # noqa: E402
from scorer.rules import Contract  # noqa: E402
from scorer.rules.call_break import CallBreakDeal  # noqa: E402
from scorer.rules.draw_bridge import DrawBridgeDeal  # noqa: E402
from scorer.rules.minibridge import MiniBridgeDeal  # noqa: E402
from scorer.store import Store  # noqa: E402


def seed(data_dir: Path) -> dict[str, str]:
    with Store(data_dir) as store:
        mini = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
        for deal in (MiniBridgeDeal(0, Contract.parse("3NT"), 9),
                     MiniBridgeDeal(redeal=True),
                     MiniBridgeDeal.from_hcp([5, 10, 5, 20], 1, Contract.parse("4S"), 8),
                     MiniBridgeDeal(3, Contract.parse("2H"), 9)):
            mini = mini.add_deal(deal)
        calls = Game.new("call-break", ["Asha", "Bikram", "Chandra", "Deepa"], first_dealer=0,
                         end="deals=5")
        for c, t in (((4, 3, 2, 3), (5, 3, 2, 3)), ((3, 3, 3, 4), (2, 4, 3, 4)),
                     ((2, 4, 2, 3), (3, 4, 1, 5)), ((4, 2, 2, 3), (4, 3, 2, 4)),
                     ((3, 3, 2, 3), (3, 3, 3, 4))):
            calls = calls.add_deal(CallBreakDeal(c, t))
        draw = Game.new("draw-bridge", ["Lucía", "Pablo"], first_dealer=1, end="target=300")
        draw = draw.add_deal(DrawBridgeDeal(1, Contract.parse("4HX"), 10))
        done = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=100")
        for deal in (DrawBridgeDeal(0, Contract.parse("2S"), 8),
                     DrawBridgeDeal(1, Contract.parse("1NT"), 6),
                     DrawBridgeDeal(0, Contract.parse("3C"), 10)):
            done = done.add_deal(deal)
        playing = Game.new("call-break", ["Asha", "Bikram", "Chandra", "Deepa"],
                           first_dealer=2).add_deal(CallBreakDeal((3, 3, 4, 2), (3, 4, 4, 2)))
        playing = playing.announce({"calls": [2, 4, 3, 3]})  # the calls of round 2, in play
        store.save(done)
        ids = {"calls": store.save(calls).id, "draw": store.save(draw).id,
               "mini": store.save(mini).id, "playing": store.save(playing).id}
    return ids


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        data_dir = Path(tmp) / "data"
        ids = seed(data_dir)
        with served(data_dir) as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)

            def shot(name: str, path: str, *steps: str, see: str = "",
                     scheme: str = "light", locale: str = "en-GB", scroll: int = 0,
                     settle: float = 1.0, text: int = 16, tabs: str = "") -> None:
                """``text``: the browser's default font size (32: text at 200%, in a profile
                of its own, as a player's browser set so); ``tabs``: press Tab until this
                control has the focus (its ring is drawn)."""
                if text != 16:
                    profile = Path(tmp) / f"profile-{name}"
                    (profile / "Default").mkdir(parents=True)
                    (profile / "Default" / "Preferences").write_text(json.dumps(
                        {"webkit": {"webprefs": {"default_font_size": text}}}))
                    context = browser.browser_type.launch_persistent_context(
                        str(profile), executable_path=chromium_path(), args=CHROMIUM_ARGS,
                        viewport=PHONE, color_scheme=scheme, locale=locale)
                    page = context.pages[0] if context.pages else context.new_page()
                else:
                    context = browser.new_context(viewport=PHONE, color_scheme=scheme,
                                                  locale=locale)
                    page = context.new_page()
                phone = Phone(page, url).open(path)
                for step in steps:
                    phone.tap(step)
                for _ in range(60 if tabs else 0):
                    phone.page.keyboard.press("Tab")
                    phone.frames(4)
                    if phone.page.evaluate(FOCUSED) == tabs:
                        break
                if see:
                    phone.see(see)
                if scroll:
                    phone.page.mouse.move(180, 320)
                    phone.page.mouse.wheel(0, scroll)
                time.sleep(settle)
                phone.page.screenshot(path=str(HERE / f"{name}.png"))
                context.close()
                print(f"docs/screenshots/{name}.png")

            shot("home", "/", see="In progress")
            shot("new-game", "/new", see="House rules")
            shot("scoreboard", f"/game/{ids['mini']}", see="Ana & Cleo total")
            shot("deal-entry", f"/game/{ids['draw']}/deal", "Declarer Pablo", "Level 3",
                 "No-trump", "Tricks 10", see="3NT by Pablo: made +1")
            shot("why-this-score", f"/game/{ids['draw']}/deal/1", see="doubled")
            shot("game-over", f"/game/{ids['calls']}", see="Game over")
            shot("check-a-score", "/check", "Level 4", "Spades", "Tricks 8",
                 "Show or hide the house rules", "Rule undertricks score on",
                 see="opponent scores")
            shot("dark-theme", f"/game/{ids['mini']}", see="Ana & Cleo total", scheme="dark")
            shot("rules-es", "/rules/call-break", see="Puntuación", locale="es-ES")
            shot("deal-entry-bg", f"/game/{ids['draw']}/deal", "Разиграващ Pablo", "Ниво 3",
                 "Без коз", "Взятки 10", see="на Pablo: изпълнен", locale="bg-BG")
            shot("stats-af", "/stats", see="Statistiek van Ana", locale="af-ZA")
            shot("round-in-play", f"/game/{ids['playing']}", see="Deal 2 in play")
            shot("tricks-entry", f"/game/{ids['playing']}", "Enter the tricks", "Asha took 3",
                 "Bikram took 4", "Chandra took 2", see="Calls kept", scroll=700)
            shot("scoreboard-grid", f"/game/{ids['calls']}", see="Game over", scroll=900)
            # Devanagari: the fallback fonts arrive after the first frames (boxes until then).
            shot("game-over-hi", f"/game/{ids['calls']}", see="खेल ख़त्म", locale="hi-IN",
                 settle=5.0)
            # The English tricks entry above left its tricks kept with the game: continued.
            shot("tricks-entry-ne", f"/game/{ids['playing']}", "जारी राख्नुहोस्: राउन्ड 2",
                 "Asha: 3 हात",
                 "Bikram: 4 हात", "Chandra: 2 हात", see="राखिएका कल", scroll=700,
                 locale="ne-NP", settle=5.0)
            # Every player at the table (issue 29): text at 200%, in English and in Hindi, and
            # the keyboard's focus ring.
            # (the deal entered above is kept with the game: its draft comes back)
            shot("deal-entry-200", f"/game/{ids['draw']}/deal", "Declarer Pablo", "Level 3",
                 "No-trump", see="3NT by Pablo", text=32)
            shot("scoreboard-200", f"/game/{ids['mini']}", see="Ana & Cleo total", text=32)
            shot("tricks-entry-200", f"/game/{ids['playing']}", "Continue: Deal 2",
                 see="Calls kept", scroll=500, text=32)
            shot("deal-entry-hi-200", f"/game/{ids['draw']}/deal", see="Pablo",
                 locale="hi-IN", settle=5.0, text=32)
            shot("game-over-hi-200", f"/game/{ids['calls']}", see="खेल ख़त्म", locale="hi-IN",
                 settle=5.0, text=32)
            shot("keyboard-focus", f"/game/{ids['draw']}/deal", "Declarer Pablo", "Level 3",
                 see="3NT by Pablo", tabs="Tricks 10")
            browser.close()


if __name__ == "__main__":
    main()
