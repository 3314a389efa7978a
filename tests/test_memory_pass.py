"""`scorer serve`'s full memory pass (decision 500): made when no phone waits for the server,
not in the middle of 15 Accepts; still made on a server that is never quiet, so memory stays
bounded; what start-up made is frozen and Python's own settings come back when the task ends.

Real parts: the real task on a real asyncio loop, Python's real collector watched through
``gc.callbacks``; "busy" is a loop whose callbacks hold it (as a redraw does), "quiet" a loop
with nothing to run."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
import weakref
from collections.abc import Callable
from typing import Any

from scorer.ui.serve.guard import FULL_PASS_RARELY, PENDING, give_back_memory


class Node:
    """An object in a cycle: freed only by a full pass once it is old."""

    def __init__(self) -> None:
        self.me = self


def watch() -> tuple[list[int], Callable[[str, dict[str, Any]], None]]:
    """The generations of the passes Python makes from here on (start of each)."""
    passes: list[int] = []

    def seen(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            passes.append(info["generation"])
    gc.callbacks.append(seen)
    return passes, seen


async def stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


def old_garbage() -> weakref.ref[Node]:
    """A cycle moved to the oldest generation, then dropped; and middle passes enough since
    the last full one to make a quiet moment worth a pass."""
    node = Node()
    gc.collect(1)  # node is now in the oldest generation
    ref = weakref.ref(node)
    del node
    for _ in range(PENDING + 1):
        gc.collect(1)  # each counts one middle pass for the oldest generation
    assert ref() is not None  # only a full pass frees it
    return ref


def test_the_full_pass_waits_for_a_quiet_loop_and_frees_old_cycles() -> None:
    passes, seen = watch()

    async def evening() -> tuple[list[int], weakref.ref[Node], bool, int]:
        task = asyncio.create_task(give_back_memory(every=3600, beat=0.2))
        await asyncio.sleep(0)  # the task starts: start-up frozen, the thresholds set
        frozen, threshold = gc.get_freeze_count(), gc.get_threshold()[2]
        ref = old_garbage()
        del passes[:]
        # Busy: each step holds the loop longer than a beat, as 15 redraws in a row do.
        for _ in range(12):
            time.sleep(0.35)
            await asyncio.sleep(0)
        during = list(passes)
        # Quiet: the loop has nothing to run; the task's next beats come on time.
        for _ in range(100):
            if 2 in passes:
                break
            await asyncio.sleep(0.2)
        await stop(task)
        assert frozen > 0 and threshold == FULL_PASS_RARELY
        return during, ref, 2 in passes, frozen

    try:
        during, ref, quiet_pass, _frozen = asyncio.run(evening())
    finally:
        gc.callbacks.remove(seen)
    assert 2 not in during, during  # no full pass while the loop was held
    assert quiet_pass  # one as soon as it was quiet
    assert ref() is None  # and the old cycle is freed


def test_a_server_never_quiet_still_gets_its_pass() -> None:
    passes, seen = watch()

    async def busy_evening() -> bool:
        task = asyncio.create_task(give_back_memory(every=1.0, beat=0.2))
        await asyncio.sleep(0)
        ref = old_garbage()
        del passes[:]
        for _ in range(40):  # never quiet: every step holds the loop past a beat
            if ref() is None:
                break
            time.sleep(0.35)
            await asyncio.sleep(0)
        await stop(task)
        return ref() is None

    try:
        freed = asyncio.run(busy_evening())
    finally:
        gc.callbacks.remove(seen)
    assert freed, passes  # the bound: a full pass came though the loop was never quiet
    assert 2 in passes


def test_python_s_settings_come_back_when_the_task_ends() -> None:
    before = gc.get_threshold()

    async def run_briefly() -> None:
        task = asyncio.create_task(give_back_memory(every=3600, beat=0.2))
        await asyncio.sleep(0)
        assert gc.get_threshold()[2] == FULL_PASS_RARELY
        await stop(task)

    asyncio.run(run_briefly())
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
