"""What `scorer serve` gives a stranger's connection, and for how long (issue 34, decisions
221-223): the open-file limit raised at start, at most :data:`MAX_CONNECTIONS` connections
open (fewer where the open-file limit is lower), a request that must be read whole within
:data:`REQUEST_TIMEOUT` seconds, and when the limit is reached the connection waiting longest
for its request is closed to make room, never one a phone is being answered on or a game's
websocket. The event loop's own complaints (out of open files) are one line a minute.

A session (one websocket) is read at most :data:`EVENT_RATE` messages a second after a burst
of :data:`EVENT_BURST` (the rest wait in the phone's own connection), runs at most
:data:`EVENTS_RUNNING` of its events at once, keeps at most :data:`EVENTS_WAITING` waiting
(more are dropped), and is forgotten :data:`SESSION_TIMEOUT` seconds after it disconnects."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import sys
import time
from typing import Any

__all__ = ["EVENT_BURST", "EVENT_RATE", "EVENTS_RUNNING", "EVENTS_WAITING", "MAX_CONNECTIONS",
           "REQUEST_TIMEOUT", "SESSION_TIMEOUT", "Guard", "bounded_session", "connection_cap",
           "give_back_memory", "guarded_http", "quiet_flet_logs", "quiet_loop_errors",
           "raise_file_limit", "session_route"]

REQUEST_TIMEOUT = 10.0  # s from a connection (or its next request) until the request is read
MAX_CONNECTIONS = 2000  # a table's phones use about 8 each
EVENT_RATE = 30.0  # messages a second one session is read at, after EVENT_BURST at once
EVENT_BURST = 60
EVENTS_RUNNING = 2  # a session's events handled at once
EVENTS_WAITING = 64  # a session's events waiting their turn; beyond, dropped
SESSION_TIMEOUT = 20  # s a disconnected session is kept for its phone to come back to
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


def session_route(main: Any) -> Any:
    """Flet's websocket route (``/ws``), each session under these bounds."""
    from flet_web.fastapi.flet_app import FletApp
    from flet_web.fastapi.flet_app_manager import app_manager
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket

    session = bounded_session(FletApp)

    async def sessions(websocket: WebSocket) -> None:
        await session(loop=asyncio.get_running_loop(), executor=app_manager.executor,
                      main=main, before_main=None, session_timeout_seconds=SESSION_TIMEOUT
                      ).handle(websocket)

    return WebSocketRoute("/ws", sessions)


def bounded_session(flet_app: type[Any]) -> type[Any]:
    """Flet's ``FletApp`` (one websocket's session) with its messages read at a bounded rate
    and its events run a few at a time. Flet reads a message, starts a task for an event and
    reads the next: a flood of events was a flood of tasks. Its private message handler
    (``__on_message``, spelled ``_FletApp__on_message`` from outside) is wrapped."""
    from flet.messaging.protocol import MessageAction

    event = MessageAction.CONTROL_EVENT.value

    class BoundedFletApp(flet_app):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.tokens = float(EVENT_BURST)
            self.filled = time.monotonic()
            self.waiting: collections.deque[Any] = collections.deque()
            self.dropped = 0

        async def handle(self, websocket: Any) -> None:
            """Flet's handler, but a phone gone while it was sent to ends its session as a
            phone gone at any other moment does (Flet's own left the session in memory for
            good, with a traceback): disconnected, kept SESSION_TIMEOUT for a reconnect."""
            listened = websocket._receive

            async def receive() -> Any:
                message = await listened()
                if message.get("type") == "websocket.disconnect" \
                        and message.get("code") == 1009:
                    self.too_large()
                return message

            websocket._receive = receive
            try:
                await super().handle(websocket)
            except Exception as error:  # noqa: BLE001 - the phone's fault: one line at most
                session = self._FletApp__session
                if not _gone(error):
                    print(f"scorer serve: a phone's session ended: {_said(error)}",
                          file=sys.stderr, flush=True)
                if session is not None:
                    from flet_web.fastapi.flet_app_manager import app_manager

                    await app_manager.disconnect_session(
                        self._FletApp__get_unique_session_id(session.id), SESSION_TIMEOUT)
            self.waiting.clear()  # the events of a phone gone are never started

        def too_large(self) -> None:
            """The phone sent a message over the cap (a picked file's bytes, most likely):
            what the session waits for from the phone ends in SERVED_TOO_LARGE, so that the
            screen that asked can say why (the phone reconnects to the same session)."""
            from ...store.transfer import SERVED_TOO_LARGE

            session = self._FletApp__session
            calls = getattr(session, "_Session__method_calls", {})
            results = getattr(session, "_Session__method_call_results", {})
            for waiting in list(calls.values()):
                results[waiting] = (None, SERVED_TOO_LARGE)
                waiting.set()
            calls.clear()

        async def _FletApp__on_message(self, data: Any) -> None:
            await self.throttle()
            if isinstance(data, list | tuple) and data and data[0] == event:
                if len(self._FletApp__running_tasks) >= EVENTS_RUNNING or self.waiting:
                    if len(self.waiting) < EVENTS_WAITING:
                        self.waiting.append(data)
                    else:
                        self.drop()
                    return
                await self.start(data)
                return
            await super()._FletApp__on_message(data)

        async def throttle(self) -> None:
            """A token bucket: EVENT_BURST at once, then EVENT_RATE a second."""
            now = time.monotonic()
            self.tokens = min(EVENT_BURST, self.tokens + (now - self.filled) * EVENT_RATE)
            self.filled = now
            if self.tokens < 1:
                await asyncio.sleep((1 - self.tokens) / EVENT_RATE)
                self.tokens, self.filled = 1.0, time.monotonic()
            self.tokens -= 1

        async def start(self, data: Any) -> None:
            running: set[asyncio.Task[Any]] = self._FletApp__running_tasks
            before = set(running)
            await super()._FletApp__on_message(data)
            for task in running - before:
                task.add_done_callback(self.next)

        def next(self, _task: asyncio.Task[Any]) -> None:
            if self.waiting and len(self._FletApp__running_tasks) < EVENTS_RUNNING:
                asyncio.ensure_future(self.start(self.waiting.popleft()))

        def drop(self) -> None:
            self.dropped += 1
            if self.dropped == 1:
                print(f"scorer serve: a phone ({self._FletApp__client_ip}) sent more events "
                      f"than it could be answered; the excess is dropped", file=sys.stderr,
                      flush=True)

    return BoundedFletApp


class _PhoneGone(logging.Filter):
    """Flet's log records of a phone that went away (its receive loop's error, its session's
    start ending on a page already disposed): not the host's business, dropped."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is None:
            return True
        return not (_gone(error) or (isinstance(error, AttributeError)
                                     and "'NoneType'" in str(error)
                                     and ("after_event" in str(error)
                                          or "page_url" in str(error))))


def quiet_flet_logs() -> None:
    """Flet's tracebacks for a phone's leaving, dropped (decision 226)."""
    for name in ("flet_web", "flet_web.fastapi", "flet"):
        logging.getLogger(name).addFilter(_PhoneGone())


def _gone(error: BaseException) -> bool:
    """Whether ``error`` only says that the phone went away."""
    names = {kind.__name__ for kind in type(error).__mro__}
    return bool(names & {"WebSocketDisconnect", "ClientDisconnected", "ConnectionClosed",
                         "ConnectionError", "WebSocketDisconnected"}) or (
        isinstance(error, RuntimeError) and any(
            words in str(error) for words in ("close message", "not connected",
                                              "destroyed session")))


def _said(error: BaseException) -> str:
    """An error as one line (a client's doing: no traceback)."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text[:200]}" if text else type(error).__name__


FULL_PASS_RARELY = 1000  # Python's own full pass only after this many middle passes (was 10)
QUIET_BEATS = 2  # beats in a row the loop answered on time: no phone's work waiting
BEAT = 0.1  # s between the memory task's looks at the loop
PENDING = 3  # middle passes since the last full one that make a quiet moment worth a pass


async def give_back_memory(every: float = 15.0, beat: float = BEAT) -> None:
    """Collect the cycles of screens drawn again and of sessions forgotten, and give the freed
    memory back to the system (glibc keeps it otherwise, and 2,000 sessions opened and closed
    kept about 250 MB for good), at a moment when no phone waits for the server (decision
    500).

    A full pass holds the event loop for the whole heap: with 16 sessions 150-240 ms of CPU,
    and Python made seven of its own in a 90-save evening, wherever the allocations fell
    (in the middle of 15 Accepts at once). Now what start-up made is frozen (never scanned
    again), Python's own full pass comes only after :data:`FULL_PASS_RARELY` middle passes
    (a bound, not the rule), and this task makes the pass when the loop has answered
    :data:`QUIET_BEATS` beats in a row on time and :data:`PENDING` middle passes have put
    objects in the oldest generation since the last; after ``every`` seconds without one
    (as before) at the first beat on time, and after twice that whatever the loop is doing
    (so memory stays bounded on a server that is never quiet)."""
    import ctypes
    import ctypes.util
    import gc

    trim: Any = None
    with contextlib.suppress(OSError, AttributeError):
        trim = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    loop = asyncio.get_running_loop()
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(thresholds[0], thresholds[1], FULL_PASS_RARELY)
    try:
        last, quiet = loop.time(), 0
        while True:
            due = loop.time() + beat
            await asyncio.sleep(beat)
            quiet = quiet + 1 if loop.time() - due < beat / 2 else 0
            waited = loop.time() - last
            if waited >= 2 * every or (waited >= every and quiet) \
                    or (quiet >= QUIET_BEATS and gc.get_count()[2] >= PENDING):
                gc.collect()
                if trim is not None:
                    trim(0)
                last, quiet = loop.time(), 0
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
