"""Child process for the crash tests; it is killed with SIGKILL at a random moment.

Usage: python crash_child.py MODE DATA_DIR ARG. It prints a line after each acknowledged
change, and nothing else:
- ``deals GAME_ID``: add a deal and save, in a loop; "saved N" (N = deals stored);
- ``new -``: create a one-deal game and save it (its first save), in a loop; "created ID";
- ``import FILE``: "ready" once the store is open, then "imported N" when the import returned.
"""

import sys

from scorer.game import Game
from scorer.rules.call_break import CallBreakDeal
from scorer.store import Store

mode, data_dir, arg = sys.argv[1:4]
deal = CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3))
with Store(data_dir, wait=30) as store:
    if mode == "deals":
        game = store.load(arg)
        while True:
            game = store.save(game.add_deal(deal))
            print(f"saved {len(game.deals)}", flush=True)
    elif mode == "new":
        while True:
            game = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], end="open",
                            first_dealer=0).add_deal(deal)
            store.save(game)
            print(f"created {game.id}", flush=True)
    else:
        print("ready", flush=True)
        report = store.import_file(arg)
        print(f"imported {len(report.imported)}", flush=True)
