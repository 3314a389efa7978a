"""What a session hears of other phones (decision 361): Flet runs each pubsub message in a
thread of its own; a session answers what arrives while it is answering once more after,
each id once. Real threads, a real Store on disk; the check counts, it never times."""

from __future__ import annotations

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
