"""Run alone (a fresh interpreter): the home screen, then what the site's snapshot imports
(``scorer.ui.site.browser.LATER``), then every game's screens; prints the modules those
screens still imported, one per line (tests/test_publish.py)."""

import importlib
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from flet_page import scorer_app  # noqa: E402

from scorer.game import Game  # noqa: E402
from scorer.rules import Contract  # noqa: E402
from scorer.rules.bridge_games import BridgeDeal  # noqa: E402
from scorer.rules.call_break import CallBreakDeal  # noqa: E402
from scorer.rules.draw_bridge import DrawBridgeDeal  # noqa: E402
from scorer.ui.site.browser import LATER  # noqa: E402

FOUR = ["Ana", "Ben", "Cleo", "Dan"]
GAMES = [
    Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=500")
    .add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7)),
    Game.new("rubber-bridge", FOUR, first_dealer=0, end="open")
    .add_deal(BridgeDeal(0, Contract.parse("4S"), 10)),
    Game.new("call-break", FOUR, first_dealer=0, end="deals=12")
    .add_deal(CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3))),
    Game.new("minibridge", FOUR, first_dealer=0, end="open"),
    Game.new("chicago", FOUR, first_dealer=0, end="open"),
    Game.new("team-match", ["Reds", "Blues"], first_dealer=0, end="open"),
]

with tempfile.TemporaryDirectory() as folder, scorer_app(Path(folder)) as app:
    app.route = "/"
    app.show()
    for name in LATER:
        importlib.import_module(name)
    before = set(sys.modules)
    for game in GAMES:
        game = app.keeper.store.save(game)
        for screen in ("", "/deal", "/deal/1" if game.deals else "/rules"):
            app.route = f"/game/{game.id}{screen}"
            app.show()
    print("\n".join(sorted(set(sys.modules) - before)))
