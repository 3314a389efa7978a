"""Child process for the two-process lock test: open the store, add a deal, save, close, in a
loop; print "saved N" after each save returned. Usage: lock_child.py DATA_DIR GAME_ID COUNT
[windows]. With "windows" the store locks the folder as it does on Windows (msvcrt)."""

import sys

import fake_msvcrt

from scorer.rules.call_break import CallBreakDeal
from scorer.store import Store

data_dir, game_id, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
if sys.argv[4:] == ["windows"]:
    fake_msvcrt.take_windows_path()
deal = CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3))
for _ in range(count):
    with Store(data_dir, wait=120) as store:
        game = store.save(store.load(game_id).add_deal(deal))
    print(f"saved {len(game.deals)}", flush=True)
if sys.argv[4:] == ["windows"]:
    assert fake_msvcrt.calls, "the Windows path was not taken"
