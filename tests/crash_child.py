"""The work the crash tests kill with SIGKILL at a random moment.

``run(mode, data_dir, arg, say)`` calls ``say(line)`` after each acknowledged change, and
nothing else:
- ``deals GAME_ID``: add a deal and save, in a loop; "saved N" (N = deals stored);
- ``new -``: create a one-deal game and save it (its first save), in a loop; "created ID";
- ``import FILE``: "ready" once the store is open, then "imported N" when the import returned.

The tests run it in processes forked from the test process, which has imported Scorer already
(a real process each, killed for real, without paying an interpreter start per kill). As a script
(``python crash_child.py MODE DATA_DIR ARG``) it prints the lines, for a soak by hand.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from scorer.game import Game
from scorer.rules.call_break import CallBreakDeal
from scorer.store import Store

DEAL = CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3))


def run(mode: str, data_dir: str, arg: str, say: Callable[[str], object]) -> None:
    with Store(data_dir, wait=30) as store:
        if mode == "deals":
            game = store.load(arg)
            while True:
                game = store.save(game.add_deal(DEAL))
                say(f"saved {len(game.deals)}")
        elif mode == "new":
            while True:
                game = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], end="open",
                                first_dealer=0).add_deal(DEAL)
                store.save(game)
                say(f"created {game.id}")
        else:
            say("ready")
            report = store.import_file(arg)
            say(f"imported {len(report.imported)}")


def forked(mode: str, data_dir: str, arg: str, out) -> None:  # type: ignore[no-untyped-def]
    """The body of a forked child: each line goes down the pipe ``out`` as one message."""
    run(mode, data_dir, arg, lambda line: out.send_bytes(line.encode()))


if __name__ == "__main__":
    run(*sys.argv[1:4], say=lambda line: print(line, flush=True))
