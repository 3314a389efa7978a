"""A watch over this test process's browser pages: a page whose renderer hangs is killed, so
its test fails at once and is run again, instead of the run standing still.

Rarely (twice in a full run at most, most runs never), a page of Flutter's web client hangs
just after it opens: its renderer's main thread runs without end and never waits again, and
Playwright's calls into that page (``evaluate``, waits, even those with a timeout) wait with
it, for as long as the run lasts (once 40 minutes, once 20). It is not our app's doing: the
page is Flutter's, and the same steps pass before and after (decision 83).

A thread that runs without a voluntary context switch is not waiting for anything: no event,
no frame, no message. :func:`hung` names the renderers whose main thread spent
``cpu_seconds`` of CPU since its last voluntary switch: counted in CPU time, not on the clock,
so a busy machine only makes the watch slower, never wrong.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from pathlib import Path

__all__ = ["HungPageWatch", "hung"]

TICKS = os.sysconf("SC_CLK_TCK")  # CPU time in /proc is counted in these per second
CPU_SECONDS = 20  # a page's own work between two waits is well under a second


def _is_renderer(cmdline: list[bytes]) -> bool:
    return any(b"--type=renderer" in part for part in cmdline)  # chromium joins its argv


def _processes() -> dict[int, tuple[int, list[bytes]]]:
    """Every process: its parent and its command line."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                cmdline = (entry / "cmdline").read_bytes().split(b"\0")
                found[int(entry.name)] = (int(stat[1]), cmdline)
            except (OSError, IndexError, ValueError):
                continue  # gone meanwhile
    return found


def _main_thread(pid: int) -> tuple[int, int] | None:
    """CPU ticks used and voluntary switches made by ``pid``'s main thread."""
    try:
        stat = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        status = Path(f"/proc/{pid}/task/{pid}/status").read_text()
    except OSError:
        return None
    switches = next(int(line.split()[1]) for line in status.splitlines()
                    if line.startswith("voluntary_ctxt_switches"))
    return int(stat[11]) + int(stat[12]), switches


def hung(seen: dict[int, tuple[int, int]], root: int, *, cpu_seconds: float = CPU_SECONDS,
         select: Callable[[list[bytes]], bool] = _is_renderer) -> list[int]:
    """The selected descendants of ``root`` whose main thread used ``cpu_seconds`` of CPU
    without a voluntary switch. ``seen`` keeps, between calls, each one's CPU ticks at its
    last switch seen."""
    processes = _processes()

    def descends(pid: int) -> bool:
        for _ in range(64):
            pid = processes.get(pid, (0, []))[0]
            if pid == root:
                return True
            if pid <= 1:
                return False
        return False

    found = []
    for pid, (_, cmdline) in processes.items():
        if not (select(cmdline) and descends(pid)):
            continue
        now = _main_thread(pid)
        if now is None:
            continue
        ticks, switches = now
        before = seen.get(pid)
        if before is None or before[1] != switches:
            seen[pid] = (ticks, switches)
        elif ticks - before[0] >= cpu_seconds * TICKS:
            found.append(pid)
    for pid in set(seen) - set(processes):
        del seen[pid]
    return found


class HungPageWatch:
    """Looks for hung renderers of this process's browsers every ``every`` seconds and kills
    them; ``killed`` lists their process ids."""

    def __init__(self, every: float = 2.0, **how) -> None:
        self.killed: list[int] = []
        self.how = how
        self.every = every
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="hung-page-watch", daemon=True)

    def __enter__(self) -> HungPageWatch:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stopped.set()
        self.thread.join()

    def _run(self) -> None:
        seen: dict[int, tuple[int, int]] = {}
        root = os.getpid()
        while not self.stopped.wait(self.every):  # a pace for looking, not a limit on a test
            for pid in hung(seen, root, **self.how):
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    continue
                self.killed.append(pid)
