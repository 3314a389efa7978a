"""Storage speed (issue 3). Run: python benchmarks/bench_store.py [--games 0,1000,10000]

Targets on the reference machine: median time to save one deal <= 5 ms with 10,000 stored games
of 30 deals, and the 10,000/0 ratio <= 1.5; listing 10,000 stored games <= 200 ms (cold: opening
the store and reading its index; warm: an open store); opening one game <= 10 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
import uuid
from pathlib import Path

from scorer.game import Game
from scorer.rules.call_break import CallBreakDeal
from scorer.store import Store

ROUND = CallBreakDeal((3, 4, 2, 3), (4, 4, 2, 3))


def thirty_deal_game() -> Game:
    game = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], end="open", first_dealer=0)
    for _ in range(30):
        game = game.add_deal(ROUND)
    return game


def fill(folder: Path, count: int) -> None:
    """Lay down ``count`` stored games quickly (plain writes; the store indexes them)."""
    template = thirty_deal_game().to_dict()
    games = folder / "games"
    games.mkdir(parents=True, exist_ok=True)
    for _ in range(count):
        doc = dict(template, id=uuid.uuid4().hex[:12], revision=1)
        (games / f"{doc['id']}.json").write_text(json.dumps({"game": {"1": doc}}),
                                                 encoding="utf-8")
    with Store(folder):  # builds and writes the index once
        pass


def measure(count: int, saves: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fill(folder, count)
        start = time.perf_counter()
        store = Store(folder)
        listed = store.list_games()
        cold_list = time.perf_counter() - start
        assert len(listed) == count
        start = time.perf_counter()
        store.list_games()
        warm_list = time.perf_counter() - start
        game = store.save(thirty_deal_game())
        times, opens = [], []
        for _ in range(saves):
            start = time.perf_counter()
            game = store.save(game.add_deal(ROUND))
            times.append(time.perf_counter() - start)
            start = time.perf_counter()
            store.load(game.id)
            opens.append(time.perf_counter() - start)
        store.close()
        return {"save": statistics.median(times) * 1000, "open": statistics.median(opens) * 1000,
                "cold_list": cold_list * 1000, "warm_list": warm_list * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default="0,1000,10000")
    parser.add_argument("--saves", type=int, default=200)
    args = parser.parse_args()
    results = {}
    for count in (int(c) for c in args.games.split(",")):
        r = results[count] = measure(count, args.saves)
        print(f"{count:>6} stored games: save one deal {r['save']:.2f} ms median, "
              f"open one game {r['open']:.2f} ms, list (cold: open store + index) "
              f"{r['cold_list']:.1f} ms, list (open store) {r['warm_list']:.2f} ms")
    if 0 in results and 10000 in results:
        ratio = results[10000]["save"] / results[0]["save"]
        print(f"save 10,000/0 ratio: {ratio:.2f} (target <= 1.5) "
              f"{'OK' if ratio <= 1.5 else 'MISSED'}; save at 10,000 "
              f"{'OK' if results[10000]['save'] <= 5 else 'MISSED'} (target <= 5 ms); "
              f"list 10,000 {'OK' if results[10000]['cold_list'] <= 200 else 'MISSED'} "
              f"(target <= 200 ms)")


if __name__ == "__main__":
    main()
