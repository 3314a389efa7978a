"""SIGKILL at random moments: while saving deals, during a game's first save, during an
import. Bounded by a count of kills (never by time): 0 acknowledged changes lost, 0 false
"damaged" notices, every import whole or absent.

Figures of a run are printed (``pytest -s``): kills, acknowledged changes, lost. For a longer
soak, SCORER_CRASH_SCALE=5 multiplies every count of kills."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from scorer.game import Game
from scorer.rules.call_break import CallBreakDeal
from scorer.store import Store

HERE = Path(__file__).resolve().parent
ROUND = CallBreakDeal((3, 3, 3, 3), (4, 3, 3, 3))
ENV = {**os.environ, "PYTHONPATH": str(HERE.parent)}
SCALE = int(os.environ.get("SCORER_CRASH_SCALE", "1"))


def child(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(HERE / "crash_child.py"), *args],
                            stdout=subprocess.PIPE, text=True, env=ENV)


def kill(process: subprocess.Popen[str], lines: list[str]) -> None:
    """SIGKILL, then collect every line the child printed before it died."""
    process.send_signal(signal.SIGKILL)
    rest, _ = process.communicate(timeout=120)
    lines.extend(rest.splitlines())


def read_until(process: subprocess.Popen[str], lines: list[str], count: int) -> None:
    assert process.stdout is not None
    for _ in range(count):
        line = process.stdout.readline()
        if not line:
            return
        lines.append(line.strip())


def assert_clean(store: Store, folder: Path) -> None:
    """No false alarm: nothing reported damaged, nothing quarantined."""
    assert store.notices == [] and store.unreadable_games() == []
    quarantine = folder / "quarantine"
    assert not quarantine.exists() or not any(quarantine.iterdir())


def new_game() -> Game:
    return Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], end="open", first_dealer=0)


def test_kills_while_saving_deals_lose_nothing_acknowledged(tmp_path):
    folder, rng = tmp_path / "deals", random.Random(9001)
    kills, acknowledged_total, game_id, acknowledged = 0, 0, "", 0
    for kills in range(1, 30 * SCALE + 1):
        if kills % 10 == 1:  # a fresh game now and then keeps each save small
            with Store(folder, wait=30) as store:
                game_id = store.save(new_game()).id
            acknowledged = 0
        process, lines = child("deals", str(folder), game_id), []
        read_until(process, lines, rng.randint(1, 6))  # into the loop of saves
        time.sleep(rng.uniform(0, 0.003))  # then somewhere inside the next save
        kill(process, lines)
        saved = [int(line.split()[1]) for line in lines if line.startswith("saved ")]
        acknowledged_total += len(saved)
        acknowledged = max([acknowledged, *saved])
        with Store(folder, wait=30) as store:
            assert_clean(store, folder)
            stored = store.load(game_id)
            assert len(stored.deals) >= acknowledged, f"kill {kills}: lost a saved deal"
            assert stored.totals[0] == 31 * len(stored.deals)
            acknowledged = len(stored.deals)
    print(f"\ndeals: {kills} kills, {acknowledged_total} saves acknowledged, 0 lost")


def test_kills_during_first_saves_give_no_false_damage(tmp_path):
    """Issue 9 item 4: a kill between TinyDB's two writes of a first save made the next start
    report the game damaged."""
    folder, rng = tmp_path / "new", random.Random(9002)
    created: set[str] = set()
    for kills in range(1, 25 * SCALE + 1):
        process, lines = child("new", str(folder), "-"), []
        read_until(process, lines, rng.randint(1, 4))
        time.sleep(rng.uniform(0, 0.003))
        kill(process, lines)
        created |= {line.split()[1] for line in lines if line.startswith("created ")}
        with Store(folder, wait=30) as store:
            assert_clean(store, folder)
            stored = {s.id: s for s in store.list_games()}
            assert created <= set(stored), f"kill {kills}: an acknowledged game is missing"
            assert {s.deals for s in stored.values()} == {1}  # each whole, never empty
    print(f"\nfirst saves: {kills} kills, {len(created)} games acknowledged, 0 lost")


def test_kills_during_import_leave_it_whole_or_absent(tmp_path):
    """Issue 9 item 5: 26 of 30 kills left a partial import."""
    games = [new_game().add_deal(ROUND) for _ in range(60)]
    export = tmp_path / "export.json"
    export.write_text(json.dumps({"format": "scorer-export",
                                  "games": [g.to_dict() for g in games]}), encoding="utf-8")
    ids = {g.id for g in games}
    # One import run to the end tells how long an import takes on this machine (only to aim
    # the kills: nothing is asserted about time).
    process, lines = child("import", str(tmp_path / "calibrate"), str(export)), []
    read_until(process, lines, 1)
    start = time.monotonic()
    read_until(process, lines, 1)
    duration = time.monotonic() - start
    process.wait(timeout=120)
    rng = random.Random(9003)
    outcomes = {"whole": 0, "absent": 0}
    for kills in range(1, 20 * SCALE + 1):
        folder, lines = tmp_path / f"import-{kills}", []
        process = child("import", str(folder), str(export))
        read_until(process, lines, 1)  # "ready": the store is open, the import starts
        time.sleep(rng.uniform(0, duration * 1.5))
        kill(process, lines)
        with Store(folder, wait=30) as store:
            assert_clean(store, folder)
            stored = {s.id for s in store.list_games()}
            if any(line.startswith("imported") for line in lines):
                assert stored == ids, f"kill {kills}: an acknowledged import is not whole"
            assert stored in (set(), ids), f"kill {kills}: {len(stored)} of 60 imported"
            outcomes["whole" if stored else "absent"] += 1
        assert not list(folder.glob(".import-*"))  # finished or rolled back at open
    print(f"\nimport: {kills} kills, {outcomes['whole']} whole, {outcomes['absent']} absent, "
          "0 partial")
