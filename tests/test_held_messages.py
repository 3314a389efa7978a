"""The browser build's hold on what a page is sent (decision 374): a Save's scoreboard is
drawn while the browser's storage writes the Save, and reaches the page once it is written.
The real app on a real Flet page (tests/flet_page.py), its messages counted as sent."""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

import msgpack
import pytest
from flet.messaging.protocol import Message, MessageAction
from flet_page import ENCODE, scorer_app

from scorer.game import Game
from scorer.ui.site.browser import hold_messages


def test_what_a_page_is_sent_waits_until_released_then_goes_in_order(tmp_path, monkeypatch):
    with scorer_app(tmp_path / "data") as app:
        game = app.keeper.store.save(Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0))
        connection = app.page.session.connection
        sent: list[object] = []
        send = type(connection).send_message
        monkeypatch.setattr(type(connection), "send_message",
                            lambda self, message: (sent.append(message), send(self, message)))
        app.show()  # the home screen, sent at once
        assert sent
        release = hold_messages(app.page)
        assert release is not None
        assert hold_messages(app.page) is None  # one hold at a time
        sent.clear()
        app.route = f"/game/{game.id}"
        app.show()  # the scoreboard: built and compared, its messages waiting
        app.page.title = "Scorer, again"
        app.page.update()
        assert sent == []
        release()
        assert len(sent) == 2  # the scoreboard's patch, then the title's
        assert "Scorer, again" in repr(sent[1]) and "Scorer, again" not in repr(sent[0])
        release()  # once only
        assert len(sent) == 2
        app.page.title = "Scorer"
        app.page.update()  # sent at once again
        assert len(sent) == 3


@pytest.fixture
def site_worker(monkeypatch):
    """Flet's own Pyodide connection class (its ``send_message``: each message packed and
    handed to the worker's callback, one post each), imported beside a stand-in for the
    site's worker, ``flet_js``; both forgotten after the test."""
    import flet.messaging

    worker = types.ModuleType("flet_js")
    monkeypatch.setitem(sys.modules, "flet_js", worker)
    module = importlib.import_module("flet.messaging.pyodide_connection")
    yield module.PyodideConnection, worker
    sys.modules.pop(module.__name__, None)
    if hasattr(flet.messaging, "pyodide_connection"):
        delattr(flet.messaging, "pyodide_connection")


def _site_connection(site_worker, together: bool) -> tuple[Any, list[bytes], list[list[bytes]]]:
    """A connected Flet connection in the site's worker, with or without python-start.js's
    ``scorerPostTogether``; its posts, and its posts of several together."""
    connection_class, worker = site_worker
    posts: list[bytes] = []
    together_posts: list[list[bytes]] = []
    if together:
        worker.scorerPostTogether = lambda parts: together_posts.append(list(parts))
    connection = object.__new__(connection_class)  # connected: the worker's callback set
    connection.send_callback = posts.append
    return connection, posts, together_posts


def _messages() -> list[Message]:
    return [Message(MessageAction.INVOKE_METHOD,
                    {"control_id": 1, "call_id": "a", "name": "push_route",
                     "args": {"route": "/game/1"}}),
            Message(MessageAction.PATCH_CONTROL, {"id": 1, "patch": [[0], [0, 0, "x", 1]]}),
            Message(MessageAction.INVOKE_METHOD,
                    {"control_id": 3, "call_id": "b", "name": "scroll_to", "args": {}})]


def _packed(message: Message) -> bytes:
    return b"\x00" + msgpack.packb([message.action, message.body], default=ENCODE)


def _held(connection: Any, messages: list[Message]) -> Any:
    """``messages`` sent on ``connection``'s page while it is held: the release."""
    page = types.SimpleNamespace(session=types.SimpleNamespace(connection=connection))
    release = hold_messages(page)
    assert release is not None
    for message in messages:
        connection.send_message(message)
    return release


def test_held_messages_are_posted_to_the_page_as_one_in_order(site_worker):
    """Decision 592: in the site's worker what was held goes to the page in one post, each
    message's bytes as Flet would have posted it alone, in order; one held message, and
    everything after the release, goes as before."""
    connection, posts, together = _site_connection(site_worker, together=True)
    release = _held(connection, _messages())
    assert posts == [] and together == []
    release()
    assert together == [[_packed(message) for message in _messages()]]
    assert posts == []
    connection.send_message(_messages()[1])  # not held: posted at once, alone
    assert posts == [_packed(_messages()[1])]
    _held(connection, _messages()[:1])()
    assert posts[1:] == [_packed(_messages()[0])]  # alone: nothing to post together
    assert len(together) == 1


def test_outside_the_site_held_messages_are_posted_one_by_one(site_worker):
    """A worker without ``scorerPostTogether`` (an older python-start.js) gets each message in
    a post of its own, in order."""
    connection, posts, _ = _site_connection(site_worker, together=False)
    _held(connection, _messages())()
    assert posts == [_packed(message) for message in _messages()]


def test_a_message_that_cannot_be_packed_leaves_the_ones_before_it_posted(site_worker):
    """A held message Flet cannot pack fails as it would have failed unheld: those before it
    still reach the page, in order, and the connection posts as before afterwards."""
    connection, posts, together = _site_connection(site_worker, together=True)
    first, second, _ = _messages()
    release = _held(connection, [first, second,
                                 Message(MessageAction.PATCH_CONTROL, {"id": object()})])
    with pytest.raises(TypeError):
        release()
    assert together == [[_packed(first), _packed(second)]]
    connection.send_message(first)
    assert posts == [_packed(first)]
