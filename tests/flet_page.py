"""A real Flet page without a browser, for unit tests of what the app puts on it: its
messages are encoded as flet_web sends them, and nothing is sent anywhere."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import msgpack
from controls import walk
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Connection:
    """What a Flet session sends through: each message encoded (so an unsendable value
    fails), then dropped."""

    pubsubhub: Any = None
    page_url = "http://127.0.0.1:8550"

    def send_message(self, message: Any) -> None:
        msgpack.packb([message.action, message.body], default=ENCODE)


def controls(value: Any) -> Iterator[BaseControl]:
    """``value`` and every control below it, as Flet walks them to send a page."""
    if isinstance(value, BaseControl):
        yield value
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            if not f.metadata.get("skip") and not f.name.startswith("_"):
                yield from controls(getattr(value, f.name, None))
    elif isinstance(value, list):
        for item in value:
            yield from controls(item)


# An app made with ``run_tasks=True`` -> its page's event loop and the tasks waiting to run.
_TASKS: dict[int, tuple[asyncio.AbstractEventLoop, list[Any]]] = {}


@contextlib.contextmanager
def scorer_app(folder: Path, *, run_tasks: bool = False, **options: Any) -> Iterator[Any]:
    """The real app (a ScorerApp over a Store in ``folder``, given ``options``) on such a
    page. By default nothing runs later: the page's tasks (``run_task``) are dropped, so
    screens are shown by setting ``app.route`` and calling ``app.show()``. With ``run_tasks``
    they run as the app's page runs them, after each event :func:`dispatch` sends (a Save's
    move to the scoreboard, ``app.go``'s address and screen)."""
    from flet.messaging.session import Session
    from flet.pubsub.pubsub_hub import PubSubHub

    from scorer.store import Store
    from scorer.ui.shell.app import ScorerApp

    loop = asyncio.new_event_loop()

    class Table(Connection):
        pubsubhub = PubSubHub(loop=loop)
        session: Any = None

        def send_message(self, message: Any) -> None:
            super().send_message(message)
            if run_tasks and message.action == MessageAction.INVOKE_METHOD:
                loop.call_soon(self.answer, message.body)

        def answer(self, call: Any) -> None:
            """What Flet's client answers a method called on it: done; a pushed address
            becomes the page's, and the page hears of it as of any move of the browser."""
            if call.name == "push_route":
                self.session.page.route = call.args["route"]
                waiting.append(self.session.dispatch_event(
                    self.session.page._i, "route_change", {"route": call.args["route"]}))
            self.session.handle_invoke_method_results(call.control_id, call.call_id, None,
                                                      None)

    table = Table()
    session = Session(table)  # the page holds its session weakly: kept here
    table.session = session
    msgpack.packb(session.get_page_patch(), default=ENCODE)  # the page as first sent
    waiting: list[Any] = []
    if run_tasks:
        session.page.run_task = lambda handler, *args, **kwargs: waiting.append(
            handler(*args, **kwargs))
    else:
        session.page.run_task = lambda *args, **kwargs: None
    app = ScorerApp(session.page, Store(folder), **options)
    _TASKS[id(app)] = (loop, waiting)
    try:
        yield app
    finally:
        _TASKS.pop(id(app), None)
        for task in waiting:
            task.close()
        table.session = None
        del session
        loop.close()


def dispatch(app: Any, control: BaseControl, name: str, data: Any = None) -> int:
    """Send the event ``name`` of ``control`` to the app's page, as Flet's client does, then
    run the tasks it started (and those they start) in order, on the page's loop, as Flet runs
    them; returns how many ran (for an app made with ``run_tasks``; else they were dropped)."""
    loop, waiting = _TASKS[id(app)]
    loop.run_until_complete(app.page.session.dispatch_event(control._i, name, data))
    ran = 0
    while waiting:
        loop.run_until_complete(waiting.pop(0))
        ran += 1
    return ran


def tap(app: Any, label: str) -> None:
    """A tap on the button named ``label`` on the screen shown: its content's click, sent by
    :func:`dispatch` (the tasks it starts run as that says)."""
    view = app.page.views[-1]
    found = [c for c in walk([*view.controls, view.bottom_appbar], visible_only=True)
             if isinstance(c, ft.Semantics) and c.label == label]
    assert found, f"no button {label!r} on the screen"
    dispatch(app, found[0].content, "click")
