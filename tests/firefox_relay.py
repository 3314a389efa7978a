"""Debian's Firefox ESR for Playwright, with one command it does not know answered on its behalf.

Playwright (1.65) drives Firefox over WebDriver BiDi (its ``moz-firefox`` channel), and sends
``emulation.setMediaFeaturesOverride`` when it opens a browser context: Firefox ESR 153 does not
know that command yet and answers "unknown command", so no context could open. This script
stands in for Firefox's executable: it starts Firefox with Playwright's arguments, relays the
BiDi WebSocket between the two unchanged, and answers that one command itself as done (the
tests ask for no media emulation: the page sees the browser's own settings).

Run as ``python firefox_relay.py FIREFOX ARGS...`` by a two-line shell script (Playwright wants
an executable), see ``tests/engines.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import re
import signal
import sys

# What Playwright does not need from Firefox ESR: answered here as done.
ANSWERED = {"emulation.setMediaFeaturesOverride"}
LISTENING = re.compile(r"WebDriver BiDi listening on (ws://[^\s/]+)")


async def pump(source, sink, answer=None) -> None:
    async for message in source:
        if answer is not None and isinstance(message, str):
            with contextlib.suppress(ValueError, TypeError):
                command = json.loads(message)
                if command.get("method") in ANSWERED:
                    await answer.send(json.dumps({"type": "success", "id": command["id"],
                                                  "result": {}}))
                    continue
        await sink.send(message)


async def relay(upstream: str, client) -> None:
    """One connection of Playwright's, relayed to Firefox's BiDi server at ``upstream``."""
    import websockets

    path = client.request.path if client.request is not None else "/session"
    async with websockets.connect(upstream + path, max_size=None, compression=None,
                                  open_timeout=None, ping_interval=None) as firefox:
        tasks = [asyncio.create_task(pump(client, firefox, answer=client)),
                 asyncio.create_task(pump(firefox, client))]
        _, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()


async def main(firefox: str, args: list[str]) -> int:
    import websockets

    child = await asyncio.create_subprocess_exec(firefox, *args,
                                                 stderr=asyncio.subprocess.PIPE)
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, child.terminate)
    server = None
    assert child.stderr is not None
    async for raw in child.stderr:
        line = raw.decode(errors="replace")
        found = LISTENING.search(line)
        if found and server is None:
            upstream = found.group(1)
            server = await websockets.serve(functools.partial(relay, upstream),
                                            "127.0.0.1", 0, max_size=None, compression=None,
                                            ping_interval=None)
            port = next(iter(server.sockets)).getsockname()[1]
            line = line.replace(upstream, f"ws://127.0.0.1:{port}")
        sys.stderr.write(line)
        sys.stderr.flush()
    code = await child.wait()
    if server is not None:
        server.close()
    return code


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2:])))
