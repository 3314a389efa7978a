"""A probe for `scorer serve` under a benchmark (issue 32, decision 500): put this folder first
on PYTHONPATH and name a file prefix in SERVE_PROBE; each `scorer serve` process started then
writes ``<prefix>-<pid>`` (every 2 s and at exit): each garbage-collector pass's CPU time by
generation (``gc.callbacks``, ``time.thread_time``), the full passes one by one, and with
SERVE_PROBE_SAMPLE=1 a sampled profile (every busy thread's stack every 2 ms: which functions
the server's time is in, wall time, so a wait in fsync counts). Other processes: nothing.

    SERVE_PROBE=/tmp/probe PYTHONPATH=benchmarks/serve_probe:. \\
        .venv/bin/python benchmarks/bench_pairs.py --runs 1
"""

from __future__ import annotations

import atexit
import collections
import gc
import os
import sys
import threading
import time
from types import FrameType
from typing import Any

IDLE_FILES = ("selectors.py", "threading.py", "thread.py", "queue.py", "base_events.py")


class Probe:
    def __init__(self, path: str) -> None:
        self.path = path
        self.passes: list[tuple[float, int, float, int]] = []  # (when, generation, s, freed)
        self.began = 0.0
        self.inclusive: collections.Counter[str] = collections.Counter()
        self.own: collections.Counter[str] = collections.Counter()
        self.samples = 0

    def gc_pass(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.began = time.thread_time()
        else:
            self.passes.append((time.monotonic(), info["generation"],
                                time.thread_time() - self.began, info.get("collected", 0)))

    def sample(self) -> None:
        me = threading.get_ident()
        while True:
            time.sleep(0.002)
            for ident, frame in sys._current_frames().items():
                if ident != me and not self._idle(frame):
                    self._count(frame)

    @staticmethod
    def _idle(frame: FrameType) -> bool:
        return frame.f_code.co_filename.endswith(IDLE_FILES) or frame.f_code.co_name in {
            "sleep", "periodic", "sample"}

    def _count(self, frame: FrameType) -> None:
        self.samples += 1
        self.own[self._name(frame)] += 1
        seen: set[str] = set()
        step: FrameType | None = frame
        while step is not None:
            seen.add(self._name(step))
            step = step.f_back
        self.inclusive.update(seen)

    @staticmethod
    def _name(frame: FrameType) -> str:
        return f"{os.path.basename(frame.f_code.co_filename)}:{frame.f_code.co_name}"

    def write(self) -> None:
        lines = []
        by_generation: dict[int, list[float]] = collections.defaultdict(list)
        for _, generation, took, _ in self.passes:
            by_generation[generation].append(took)
        for generation, took in sorted(by_generation.items()):
            lines.append(f"generation {generation}: {len(took)} passes, CPU {sum(took) * 1000:.0f}"
                         f" ms, longest {max(took) * 1000:.1f} ms")
        lines.append("full passes (when, CPU ms, objects freed): " + ", ".join(
            f"({at:.1f}, {took * 1000:.0f}, {freed})"
            for at, generation, took, freed in self.passes if generation == 2))
        if self.samples:
            lines.append(f"samples: {self.samples} (2 ms each); inclusive:")
            lines += [f"  {n:6d} {name}" for name, n in self.inclusive.most_common(60)]
            lines.append("own:")
            lines += [f"  {n:6d} {name}" for name, n in self.own.most_common(30)]
        with open(self.path, "w") as out:
            out.write("\n".join(lines) + "\n")

    def periodic(self) -> None:
        while True:
            time.sleep(2)
            self.write()


def start() -> None:
    prefix = os.environ.get("SERVE_PROBE")
    if not prefix or "serve" not in sys.argv:
        return
    probe = Probe(f"{prefix}-{os.getpid()}")
    gc.callbacks.append(probe.gc_pass)
    if os.environ.get("SERVE_PROBE_SAMPLE") == "1":
        threading.Thread(target=probe.sample, daemon=True, name="probe-sample").start()
    threading.Thread(target=probe.periodic, daemon=True, name="probe-write").start()
    atexit.register(probe.write)


start()
