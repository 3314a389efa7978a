"""Scoring throughput and game rebuild time (issue 2). Run: python benchmarks/bench_core.py

Targets on the reference machine (2 cores): >= 100,000 deals scored per second on one core,
with explanations; a 100-deal game rebuilt (totals and outcome from its deals) in < 2 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from scorer.game import Game
from scorer.rules import Contract, variant
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.call_break import CallBreakDeal
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.rules.minibridge import MiniBridgeDeal
from scorer.rules.team_match import TeamBoard

CONTRACTS = [Contract.parse(f"{lvl}{s}{x}") for lvl in range(1, 8)
             for s in ("C", "D", "H", "S", "NT") for x in ("", "X", "XX")]
PLAIN = [c for c in CONTRACTS if not c.doubling.abbr]


def random_deal(name: str, rng: random.Random) -> object:
    if name == "draw-bridge":
        return DrawBridgeDeal(rng.randrange(2), rng.choice(CONTRACTS), rng.randrange(14))
    if name == "minibridge":
        return MiniBridgeDeal(rng.randrange(4), rng.choice(PLAIN), rng.randrange(14))
    if name in ("rubber-bridge", "chicago"):
        return BridgeDeal(rng.randrange(4), rng.choice(CONTRACTS), rng.randrange(14))
    if name == "team-match":
        return TeamBoard(*(BridgeDeal(rng.randrange(4), rng.choice(CONTRACTS), rng.randrange(14))
                           for _ in range(2)))
    cuts = sorted(rng.randrange(14) for _ in range(3))
    tricks = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2])
    return CallBreakDeal(tuple(rng.randint(2, 13) for _ in range(4)), tricks)


def bench_scoring(count: int) -> float:
    rng = random.Random(1)
    names = ["draw-bridge", "minibridge", "call-break", "rubber-bridge", "chicago", "team-match"]
    variants = {n: variant(n) for n in names}
    rules = {n: variants[n].parse_rules() for n in names}
    players = {"draw-bridge": ("A", "B"), "minibridge": ("A", "B", "C", "D"),
               "call-break": ("A", "B", "C", "D"), "rubber-bridge": ("A", "B", "C", "D"),
               "chicago": ("A", "B", "C", "D"), "team-match": ("A", "B")}
    work = [(n, random_deal(n, rng)) for n in (rng.choice(names) for _ in range(count))]
    start = time.perf_counter()
    lines = 0
    for name, deal in work:
        lines += len(variants[name].score(deal, rules[name], players[name]).lines)
    elapsed = time.perf_counter() - start
    assert lines >= count
    return count / elapsed


def bench_rebuild(repeats: int) -> dict[str, float]:
    rng = random.Random(2)
    result = {}
    for name, players in (("draw-bridge", ["A", "B"]), ("minibridge", list("ABCD")),
                          ("call-break", list("ABCD")), ("rubber-bridge", list("ABCD")),
                          ("chicago", list("ABCD")), ("team-match", ["A", "B"])):
        end = "target=100000" if name == "draw-bridge" else "open"
        game = Game.new(name, players, end=end, first_dealer=0)
        for _ in range(100):
            game = game.add_deal(random_deal(name, rng))
        data = json.loads(json.dumps(game.to_dict()))
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            rebuilt = Game.from_dict(data)
            rebuilt.totals, rebuilt.outcome  # noqa: B018
            times.append(time.perf_counter() - start)
        result[name] = statistics.median(times) * 1000
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=200)
    args = parser.parse_args()
    rate = bench_scoring(args.deals)
    print(f"scoring: {rate:,.0f} deals/s over {args.deals:,} random deals "
          f"(target >= 100,000) {'OK' if rate >= 100_000 else 'MISSED'}")
    for name, ms in bench_rebuild(args.repeats).items():
        print(f"rebuild 100-deal {name} game from its dict: {ms:.2f} ms median "
              f"(target < 2 ms) {'OK' if ms < 2 else 'MISSED'}")


if __name__ == "__main__":
    main()
