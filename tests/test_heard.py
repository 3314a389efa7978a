"""What a session hears of other phones (decisions 361, 420): Flet runs each pubsub message in
a thread of its own; a session answers what arrives before its answer runs once, each id
once, on the page's event loop between its events. Real threads, a real event loop, a real
Store on disk; the checks count and compare, they never time."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from scorer.store import Store
from scorer.ui.shell.keeper import Keeper


class SlowScreen:
    """A screen that takes a while to draw (the director's view under load): it waits for
    the test's word on the first redraw, so other messages arrive meanwhile."""

    def __init__(self) -> None:
        self.answered: list[str] = []
        self.busy = threading.Event()
        self.go_on = threading.Event()
        self.lock = threading.Lock()

    def changed_elsewhere(self, game_id: str) -> None:
        with self.lock:
            self.answered.append(game_id)
            first = len(self.answered) == 1
        if first:
            self.busy.set()
            self.go_on.wait(60)

    def on_loop(self, call: Any) -> None:
        call()  # answered in the thread that heard it: the ordering alone is checked here


class Hub:
    def subscribe_topic(self, topic: str, handler: Any) -> None:
        self.handler = handler

    def send_others_on_topic(self, topic: str, message: Any) -> None:
        pass


def test_messages_heard_while_answering_are_answered_once_after(tmp_path):
    screen, hub = SlowScreen(), Hub()
    with Store(tmp_path / "data") as store:
        Keeper(store, screen, hub)  # type: ignore[arg-type]
        first = threading.Thread(target=hub.handler, args=("topic", "p1"))
        first.start()
        assert screen.busy.wait(60)
        # 15 tables save while the first redraw is under way: each in its own thread.
        others = [threading.Thread(target=hub.handler, args=("topic", gid))
                  for gid in ["p1"] * 14 + ["g2"]]
        for thread in others:
            thread.start()
        for thread in others:
            thread.join(60)  # each returns at once: the answering thread will see to it
            assert not thread.is_alive()
        screen.go_on.set()
        first.join(60)
    # The first, then everything heard meanwhile once each, in order: nothing lost.
    assert screen.answered == ["p1", "p1", "g2"]


def test_a_failed_answer_does_not_stop_the_next(tmp_path):
    class Failing(SlowScreen):
        def changed_elsewhere(self, game_id: str) -> None:
            self.answered.append(game_id)
            if game_id == "bad":
                raise RuntimeError("a screen's fault")

    screen, hub = Failing(), Hub()
    with Store(tmp_path / "data") as store:
        Keeper(store, screen, hub)  # type: ignore[arg-type]
        with pytest.raises(RuntimeError):  # Flet's thread reports it; the next is answered
            hub.handler("topic", "bad")
        hub.handler("topic", "p1")
    assert screen.answered == ["bad", "p1"]


class Page:
    """A page's event loop in a thread of its own, as Flet runs a session: a tap's handler
    runs on it, and ``on_loop`` hands a call to it as ``page.run_task`` does."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.tapping = False  # a tap's handler is under way (saved, not yet drawn)
        self.answers: list[tuple[str, bool, bool]] = []  # id, on the loop, during a tap

    def changed_elsewhere(self, game_id: str) -> None:
        on_loop = threading.current_thread() is self.thread
        self.answers.append((game_id, on_loop, self.tapping))

    def on_loop(self, call: Any) -> None:
        async def run() -> None:
            call()
        asyncio.run_coroutine_threadsafe(run(), self.loop)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(60)
        self.loop.close()


def test_what_is_heard_is_answered_on_the_loop_never_inside_a_tap(tmp_path):
    """Decision 420: another table's save heard while this table's Accept is half done (saved,
    its screen not yet drawn) was answered at once in Flet's thread: the table's screen was
    compared with the store mid-tap, found changed, and drawn twice at once; the second
    drawing took the player's next tap. Now it is answered on the loop, after the tap."""
    page, hub = Page(), Hub()
    try:
        with Store(tmp_path / "data") as store:
            Keeper(store, page, hub)  # type: ignore[arg-type]
            heard = threading.Event()

            def tap() -> None:  # the Accept's handler, on the loop: another save lands now
                page.tapping = True
                told = threading.Thread(target=hub.handler, args=("topic", "p1"))
                told.start()
                told.join(60)  # Flet's thread has handed the message on (or answered it)
                heard.set()
                page.tapping = False

            page.loop.call_soon_threadsafe(tap)
            assert heard.wait(60)
            done = asyncio.run_coroutine_threadsafe(asyncio.sleep(0), page.loop)
            done.result(60)  # the loop has run what was handed to it meanwhile
            asyncio.run_coroutine_threadsafe(asyncio.sleep(0), page.loop).result(60)
    finally:
        page.close()
    assert page.answers == [("p1", True, False)]
