"""A Save's Python, in-process: the tap on Save deal until the scoreboard is drawn (issue 33).

Run: python benchmarks/bench_save.py [--saves 15] [--deals 10,200] [--stored 1,500]
         [--variant draw-bridge] [--profile FILE]

The real app (``ScorerApp`` over a ``Store`` in a temporary folder) on a Flet page without a
browser (tests/flet_page.py: every message encoded as flet_web sends it, then dropped): a game
of ``--deals`` deals among ``--stored`` stored games (the others small 3-deal games). Each Save
is entered by taps (not timed); the tap on Save deal and the scoreboard drawn after it
(what the page's task does once the Save is kept) are timed: median of ``--saves``, in the
process's CPU time (what a busy machine changes least; the ratios are of it) and in wall
time (which adds the waits for the disk: fsync). This is
the part of a Save the published site's Python worker does (without the copy to IndexedDB);
it is what must stay flat in the game's length and the number of stored games. The ratios
200/10 deals and 500/1 stored games are printed with the issue's bounds (1.2x, 1.1x).
``--profile FILE`` writes a cProfile of the timed Saves of the last case (pstats format).

Then the big game opened from home ``--saves`` times: the CPU ms of its scoreboard built,
compared and encoded (decision 573). Beside the times, figures no load changes (decision
460): per Save, the bytes and messages sent to the page and the controls of the scoreboard
drawn anew (not kept from the drawing before: each one Flet compares and the page decodes);
per tap in deal entry (Tricks 7 / 8), the bytes and messages sent and the tap's CPU time.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import flet_page  # noqa: E402
import msgpack  # noqa: E402
from controls import walk  # noqa: E402
from flet_page import ENCODE, scorer_app, tap  # noqa: E402

from scorer.game import Game  # noqa: E402
from scorer.rules import Contract  # noqa: E402
from scorer.rules.bridge_games import BridgeDeal  # noqa: E402
from scorer.rules.draw_bridge import DrawBridgeDeal  # noqa: E402
from scorer.store import Store  # noqa: E402

OLD = "2020-01-01T00:00:00.000+00:00"
CASES = {
    "draw-bridge": (["Ana", "Ben"], "target=100000", DrawBridgeDeal(0, Contract.parse("1C"), 7),
                    ("Declarer Ana", "Level 1", "Clubs", "Tricks 7")),
    "rubber-bridge": (["Ana", "Ben", "Cleo", "Dan"], "open",
                      BridgeDeal(0, Contract.parse("1C"), 6),
                      ("Declarer Ana (North)", "Level 1", "Clubs", "Tricks 6")),
}


def seed(folder: Path, variant: str, deals: int, stored: int) -> str:
    """The big game's id, with ``stored - 1`` small games beside it."""
    players, end, deal, _taps = CASES[variant]
    games = folder / "games"
    games.mkdir(parents=True)
    small = Game.new("draw-bridge", ["Sam", "Tom"], first_dealer=0, end="target=500",
                     now=lambda: OLD)
    for tricks in (7, 8, 9):
        small = small.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), tricks), now=lambda: OLD)
    template = small.to_dict()
    for _ in range(stored - 1):
        doc = dict(template, id=uuid.uuid4().hex[:12], revision=1)
        (games / f"{doc['id']}.json").write_text(json.dumps({"game": {"1": doc}}),
                                                 encoding="utf-8")
    big = Game.new(variant, players, first_dealer=0, end=end)
    for _ in range(deals):
        big = big.add_deal(deal)
    with Store(folder) as store:
        return store.save(big).id


SENT: list[int] = []  # the size of each message sent to the page (while counted)


def _counted(self, message) -> None:
    SENT.append(len(msgpack.packb([message.action, message.body], default=ENCODE)))


flet_page.Connection.send_message = _counted  # encoded as flet_web sends it, and measured


def on_page(app) -> set[int]:
    """The ids of the controls on the app's screen (hidden ones too)."""
    view = app.page.views[0]
    return {id(c) for c in walk([*view.controls, view.bottom_appbar])}


def measure(variant: str, deals: int, stored: int, saves: int,
            profiler: cProfile.Profile | None = None,
            counts: dict[str, list[float]] | None = None) -> tuple[list[float], list[float]]:
    taps = CASES[variant][3]
    counts = {} if counts is None else counts
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        game_id = seed(folder, variant, deals, stored)
        times: list[float] = []
        cpus: list[float] = []  # the process's CPU time: what the load changes least
        with scorer_app(folder) as app:
            app.route = f"/game/{game_id}"
            app.show()
            for _ in range(saves):
                app.route = f"/game/{game_id}/deal"
                app.show()
                for label in taps:
                    tap(app, label)
                for label in (taps[-1][:-1] + str(int(taps[-1][-1]) + 1), taps[-1]):
                    SENT.clear()
                    cpu = time.process_time()
                    tap(app, label)  # a tap that changes the preview, and back
                    counts.setdefault("tap_cpu_ms", []).append(
                        (time.process_time() - cpu) * 1000)
                    counts.setdefault("tap_bytes", []).append(sum(SENT))
                    counts.setdefault("tap_messages", []).append(len(SENT))
                app.keeper.flush_draft()  # the draft written after the taps pause
                before = on_page(app)
                SENT.clear()
                if profiler is not None:
                    profiler.enable()
                start, cpu = time.perf_counter(), time.process_time()
                tap(app, "Save deal")
                app.show()  # the task the Save started: the scoreboard drawn
                times.append(time.perf_counter() - start)
                cpus.append(time.process_time() - cpu)
                if profiler is not None:
                    profiler.disable()
                counts.setdefault("save_bytes", []).append(sum(SENT))
                counts.setdefault("save_messages", []).append(len(SENT))
                counts.setdefault("save_new_controls", []).append(len(on_page(app) - before))
                assert app.route == f"/game/{game_id}", app.route
            assert len(app.keeper.store.load(game_id).deals) == deals + saves
            app.keeper.store.close()
    return times, cpus


def openings(variant: str, deals: int, times: int) -> list[float]:
    """CPU ms of each opening of the big game from home: its scoreboard built, compared with
    home and encoded (what the published site's worker does for an opening, decision 573)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        game_id = seed(folder, variant, deals, 1)
        cpus: list[float] = []
        with scorer_app(folder) as app:
            for _ in range(times):
                app.route = "/"
                app.show()
                cpu = time.process_time()
                app.route = f"/game/{game_id}"
                app.show()
                cpus.append((time.process_time() - cpu) * 1000)
            app.keeper.store.close()
    return cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--saves", type=int, default=15)
    parser.add_argument("--deals", default="10,200")
    parser.add_argument("--stored", default="1,500")
    parser.add_argument("--variant", default="draw-bridge", choices=sorted(CASES))
    parser.add_argument("--profile")
    parser.add_argument("--json-out")
    args = parser.parse_args()
    results: dict[str, float] = {}
    cases = [(d, s) for d in map(int, args.deals.split(",")) for s in map(int,
                                                                          args.stored.split(","))]
    for n, (deals, stored) in enumerate(cases):
        profiler = cProfile.Profile() if args.profile and n == len(cases) - 1 else None
        counts: dict[str, list[float]] = {}
        times, cpus = measure(args.variant, deals, stored, args.saves, profiler, counts)
        ms = statistics.median(cpus) * 1000
        results[f"{deals}/{stored}"] = ms
        results[f"{deals}/{stored} wall"] = statistics.median(times) * 1000
        print(f"{args.variant}, {deals} deals, {stored} stored: Save -> scoreboard "
              f"{ms:.1f} ms of CPU median (min {min(cpus) * 1000:.1f}, max "
              f"{max(cpus) * 1000:.1f}); wall {statistics.median(times) * 1000:.1f} ms median",
              flush=True)
        medians = {key: statistics.median(values) for key, values in counts.items()}
        print(f"  per Save: {medians['save_bytes']:.0f} bytes in {medians['save_messages']:.0f} "
              f"messages, {medians['save_new_controls']:.0f} controls drawn anew; per tap: "
              f"{medians['tap_bytes']:.0f} bytes in {medians['tap_messages']:.0f} messages, "
              f"{medians['tap_cpu_ms']:.2f} ms of CPU (median)", flush=True)
        results.update({f"{deals}/{stored} {key}": value for key, value in medians.items()})
        if profiler is not None:
            profiler.dump_stats(args.profile)
    for deals in sorted({d for d, _ in cases}):
        cpus = openings(args.variant, deals, args.saves)
        print(f"{args.variant}, {deals} deals: opening from home {statistics.median(cpus):.1f} "
              f"ms of CPU median (min {min(cpus):.1f}, max {max(cpus):.1f})", flush=True)
    deal_counts = sorted({d for d, _ in cases})
    stored_counts = sorted({s for _, s in cases})
    if len(deal_counts) > 1:
        low, high = deal_counts[0], deal_counts[-1]
        ratio = results[f"{high}/{stored_counts[0]}"] / results[f"{low}/{stored_counts[0]}"]
        print(f"{high} / {low} deals: {ratio:.2f}x (issue 33: <= 1.2x) "
              f"{'OK' if ratio <= 1.2 else 'MISSED'}")
    if len(stored_counts) > 1:
        low, high = stored_counts[0], stored_counts[-1]
        ratio = results[f"{deal_counts[0]}/{high}"] / results[f"{deal_counts[0]}/{low}"]
        print(f"{high} / {low} stored games: {ratio:.2f}x (issue 33: <= 1.1x) "
              f"{'OK' if ratio <= 1.1 else 'MISSED'}")
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
