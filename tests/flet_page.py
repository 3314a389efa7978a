"""A real Flet page without a browser, for unit tests of what the app puts on it: its
messages are encoded as flet_web sends them, and nothing is sent anywhere."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import configure_encode_object_for_msgpack

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


@contextlib.contextmanager
def scorer_app(folder: Path, **options: Any) -> Iterator[Any]:
    """The real app (a ScorerApp over a Store in ``folder``, given ``options``) on such a
    page. Nothing runs later: the page's tasks (``run_task``) are dropped, so screens are shown
    by setting ``app.route`` and calling ``app.show()``."""
    from flet.messaging.session import Session
    from flet.pubsub.pubsub_hub import PubSubHub

    from scorer.store import Store
    from scorer.ui.shell.app import ScorerApp

    loop = asyncio.new_event_loop()

    class Table(Connection):
        pubsubhub = PubSubHub(loop=loop)

    session = Session(Table())  # the page holds its session weakly: kept here
    msgpack.packb(session.get_page_patch(), default=ENCODE)  # the page as first sent
    session.page.run_task = lambda *args, **kwargs: None
    try:
        yield ScorerApp(session.page, Store(folder), **options)
    finally:
        del session
        loop.close()
