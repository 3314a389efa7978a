"""What a session hears of other phones (decisions 361, 420, 421): on the page's event loop,
between its events, never beside a tap in Flet's threads, and before what the tap that made
the change left to draw later. Flet's real pubsub hub with its thread pool (as `scorer serve`
makes it), a real event loop in a thread of its own, real Keepers over a real Store on disk;
the checks compare where and in which order, they never time."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from flet.pubsub.pubsub_client import PubSubClient
from flet.pubsub.pubsub_hub import PubSubHub

from scorer.store import Store
from scorer.ui.shell.keeper import Keeper


class Loop:
    """A page's event loop in a thread of its own, as Flet runs the sessions."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.tapping = False  # a tap's handler is under way (saved, not yet drawn)
        self.done: list[tuple[str, bool, bool]] = []  # what ran, on the loop, during a tap
        self.answered = threading.Event()

    def note(self, what: str) -> None:
        self.done.append((what, threading.current_thread() is self.thread, self.tapping))

    def run(self, call: Any) -> None:
        """``call`` on the loop, and every task it started, to their end."""
        finished = threading.Event()

        def step() -> None:
            call()
            self.loop.call_soon(lambda: self.loop.create_task(wait_then(finished)))

        async def wait_then(event: threading.Event) -> None:
            for _ in range(20):  # every task queued meanwhile gets its turn first
                await asyncio.sleep(0)
            event.set()

        self.loop.call_soon_threadsafe(step)
        assert finished.wait(60)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(60)
        self.loop.close()


class Screen:
    """What a Keeper asks of the app: here, only whether another phone's change is heard."""

    def __init__(self, loop: Loop, name: str) -> None:
        self.loop, self.name = loop, name

    def changed_elsewhere(self, game_id: str) -> None:
        self.loop.note(f"{self.name} heard {game_id}")
        self.loop.answered.set()


def two_phones(tmp_path: Any) -> tuple[Loop, Keeper, Store, ThreadPoolExecutor]:
    loop = Loop()
    pool = ThreadPoolExecutor(max_workers=2)
    hub = PubSubHub(loop=loop.loop, executor=pool)
    store = Store(tmp_path / "data")
    table = Keeper(store, Screen(loop, "table"), PubSubClient(hub, "table"))  # type: ignore[arg-type]
    Keeper(store, Screen(loop, "director"), PubSubClient(hub, "director"))  # type: ignore[arg-type]
    return loop, table, store, pool


def test_what_is_heard_is_answered_on_the_loop_never_inside_a_tap(tmp_path):
    """Decision 420: another table's save heard while this table's Accept is half done was
    answered in Flet's thread at once, the screen compared with the store mid-tap and drawn
    twice; the second drawing took the player's next tap."""
    loop, table, store, pool = two_phones(tmp_path)
    try:
        def tap() -> None:  # a save's handler, on the loop: the others are told mid-tap
            loop.tapping = True
            table.tell_others("p1")
            loop.answered.wait(2)  # room for an answer made beside the tap (none is)
            loop.tapping = False

        loop.run(tap)
    finally:
        loop.close()
        pool.shutdown()
        store.close()
    assert loop.done == [("director heard p1", True, False)]


def test_a_save_is_answered_before_what_it_left_to_draw(tmp_path):
    """Decision 421: 15 tables' Accepts at once: each table's next board is drawn by a task
    the Accept starts; the director's view, told of the save, is answered before it."""
    loop, table, store, pool = two_phones(tmp_path)
    try:
        async def next_board() -> None:
            loop.note("table drawn")

        def tap() -> None:  # the Accept: saved, the others told, the next board left to a task
            table.tell_others("p1")
            asyncio.run_coroutine_threadsafe(next_board(), loop.loop)  # as page.run_task

        loop.run(tap)
        for _ in range(100):  # what Flet's threads may still hand on
            if len(loop.done) == 2:
                break
            loop.answered.wait(0.1)
    finally:
        loop.close()
        pool.shutdown()
        store.close()
    assert [what for what, _, _ in loop.done] == ["director heard p1", "table drawn"]
