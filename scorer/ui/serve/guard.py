"""What `scorer serve` gives a stranger's connection, and for how long (issue 34, decisions
221-222): the open-file limit raised at start, at most :data:`MAX_CONNECTIONS` connections
open (fewer where the open-file limit is lower), a request that must be read whole within
:data:`REQUEST_TIMEOUT` seconds, and when the limit is reached the connection waiting longest
for its request is closed to make room, never one a phone is being answered on or a game's
websocket. The event loop's own complaints (out of open files) are one line a minute."""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any

__all__ = ["MAX_CONNECTIONS", "REQUEST_TIMEOUT", "Guard", "connection_cap", "guarded_http",
           "quiet_loop_errors", "raise_file_limit"]

REQUEST_TIMEOUT = 10.0  # s from a connection (or its next request) until the request is read
MAX_CONNECTIONS = 2000  # a table's phones use about 8 each
FILES_WANTED = 4096  # the open-file soft limit asked for at start: connections and a reserve
FILES_RESERVE = 256  # open files kept for all but connections: a burst of accepts (the
# listening backlog, 128, accepted before any is seen), games, client files, the loop's own


def raise_file_limit(wanted: int = FILES_WANTED) -> int:
    """Raise the open-file soft limit toward ``wanted`` (never above the hard limit); the soft
    limit now. Where there is no such limit (Windows), :data:`FILES_WANTED`."""
    try:
        import resource
    except ImportError:
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
    if soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return int(soft)


def connection_cap(file_limit: int) -> int:
    """How many connections may be open at once with ``file_limit`` open files."""
    return max(16, min(MAX_CONNECTIONS, file_limit - FILES_RESERVE))


class Guard:
    """The connections of one server still waiting for their request (oldest first), and what
    was refused, for the server's own figures."""

    def __init__(self, cap: int, timeout: float = REQUEST_TIMEOUT) -> None:
        self.cap = cap
        self.timeout = timeout
        self.waiting: dict[Any, None] = {}
        self.closed_slow = 0  # closed after REQUEST_TIMEOUT
        self.closed_for_room = 0  # closed to make room for a newer connection

    def make_room(self) -> None:
        """Close the connection that has waited longest for its request."""
        oldest = next(iter(self.waiting), None)
        if oldest is not None:
            self.closed_for_room += 1
            oldest.stop_waiting()
            oldest.transport.close()


def guarded_http(guard: Guard) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools), under ``guard``'s limits."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    class GuardedHttp(HttpToolsProtocol):
        reading: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.wait()
            if len(self.connections) > guard.cap:
                guard.make_room()

        def connection_lost(self, exc: Exception | None) -> None:
            self.stop_waiting()
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self.wait()

        def on_message_complete(self) -> None:
            self.stop_waiting()
            super().on_message_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self.wait()  # idle until the next request (uvicorn closes it after 5 s)

        def handle_websocket_upgrade(self) -> None:
            self.stop_waiting()
            super().handle_websocket_upgrade()

        def wait(self) -> None:
            """Waiting for a request: counted from now, or from when it began waiting."""
            guard.waiting[self] = None
            if self.reading is None:
                self.reading = self.loop.call_later(guard.timeout, self.too_slow)

        def stop_waiting(self) -> None:
            guard.waiting.pop(self, None)
            if self.reading is not None:
                self.reading.cancel()
                self.reading = None

        def too_slow(self) -> None:
            self.reading = None
            self.stop_waiting()
            if not self.transport.is_closing():
                guard.closed_slow += 1
                self.transport.close()

    return GuardedHttp


def quiet_loop_errors(loop: asyncio.AbstractEventLoop, every: float = 60.0) -> None:
    """The event loop's complaint that it is out of open files (or memory) for a new
    connection: one line a minute instead of a traceback per try."""
    last = [-every]
    default = loop.default_exception_handler

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message", ""))
        if "out of system resource" in message or "Invalid file descriptor" in str(
                context.get("exception", "")):
            now = time.monotonic()
            if now - last[0] >= every:
                last[0] = now
                print(f"scorer serve: no connection could be accepted for a moment "
                      f"({context.get('exception')}); retrying", file=sys.stderr, flush=True)
            return
        default(context)

    loop.set_exception_handler(handler)
