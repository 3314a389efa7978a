"""Child process for the crash test: add a deal and save, in a loop, acknowledging each save.

Usage: python crash_child.py DATA_DIR GAME_ID. Prints "saved N" (N = deals stored) after each
save has returned, and nothing else.
"""

import sys

from scorer.rules.call_break import CallBreakDeal
from scorer.store import Store

data_dir, game_id = sys.argv[1], sys.argv[2]
with Store(data_dir, wait=10) as store:
    game = store.load(game_id)
    deal = CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3))
    while True:
        game = store.save(game.add_deal(deal))
        print(f"saved {len(game.deals)}", flush=True)
