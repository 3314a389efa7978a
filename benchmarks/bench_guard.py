"""`scorer serve` against a hostile guest (issue 34), measured on loopback: the table's phone
while 1,100 half-sent requests are held (the server limited to 1,024 open files); another
phone's home screen during a flood of 5,000 events; memory before and after 2,000 sessions
opened and closed; memory after frames of 17 MB. Prints the load average at start and end.

    .venv/bin/python benchmarks/bench_guard.py [--runs 3]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

import browser  # noqa: E402
from test_serve import cpu_and_memory, server_process  # noqa: E402
from test_serve_guard import admitted, hold, home, message, more_files, register  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.sync.client import connect  # noqa: E402


@contextlib.contextmanager
def served(*args: Any, **kwargs: Any) -> Iterator[str]:
    """tests' `served`, without the server's log printed at its end (that is for a failing
    test's report)."""
    with contextlib.redirect_stdout(io.StringIO()), browser.served(*args, **kwargs) as url:
        yield url


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def ws_of(url: str) -> str:
    return url.replace("http://", "ws://") + "ws"


def slow_connections(folder: Path) -> str:
    data = folder / "slow"
    data.mkdir()
    with more_files(2500), served(data, args=["--code"], files=1024) as url:
        cookie = admitted(data, url)
        port = int(url.rsplit(":", 1)[1].strip("/"))
        held = hold(port, 1100)
        try:
            start = time.monotonic()
            request = urllib.request.Request(url, headers={"Cookie": cookie})
            with urllib.request.urlopen(request, timeout=60) as response:
                response.read()
            page = time.monotonic() - start
            start = time.monotonic()
            with connect(ws_of(url), additional_headers={"Cookie": cookie}, open_timeout=60,
                         max_size=None) as phone:
                register(phone)
                home(phone, timeout=60)
            screen = time.monotonic() - start
        finally:
            for sock in held:
                sock.close()
    return (f"{len(held)} half-sent requests held (1,024 open files): the table's phone got "
            f"its page in {page:.3f} s and its home screen in {screen:.3f} s")


def flood(folder: Path) -> str:
    data = folder / "flood"
    data.mkdir()
    with served(data) as url:
        process = server_process(url)
        with connect(ws_of(url), open_timeout=20, max_size=None) as flooder:
            register(flooder)
            home(flooder)
            cpu = cpu_and_memory(process)[0]
            start = time.monotonic()
            for n in range(5000):
                flooder.send(message(3, {"target": 1, "name": "route_change",
                                         "data": {"route": "/stats" if n % 2 else "/"}}))
            sent = time.monotonic() - start
            start = time.monotonic()
            with connect(ws_of(url), open_timeout=60, max_size=None) as phone:
                register(phone)
                home(phone, timeout=60)
            other = time.monotonic() - start
            time.sleep(10)
            used = cpu_and_memory(process)[0] - cpu
            window = time.monotonic() - start + sent
    return (f"5,000 route changes sent in {sent:.2f} s: another phone's home screen in "
            f"{other:.3f} s; the server used {used:.1f} s of CPU in the {window:.0f} s after "
            f"(the flood read at 30 events a second, the rest left waiting in its connection)")


def churn(folder: Path, count: int = 2000) -> str:
    data = folder / "churn"
    data.mkdir()
    with served(data) as url:
        process = server_process(url)

        def sessions(n: int) -> None:
            for _ in range(n):
                with connect(ws_of(url), open_timeout=20, max_size=None) as phone:
                    register(phone)
                    phone.recv(timeout=20)

        sessions(20)
        time.sleep(45)
        start = cpu_and_memory(process)[1]
        began = time.monotonic()
        sessions(count)
        took = time.monotonic() - began
        peak = cpu_and_memory(process)[1]
        time.sleep(60)
        after = cpu_and_memory(process)[1]
    return (f"{count:,} sessions opened and closed in {took:.0f} s: {start / 1024:.0f} MB "
            f"before, {peak / 1024:.0f} MB at the end, {after / 1024:.0f} MB a minute later")


def frames(folder: Path) -> str:
    data = folder / "frames"
    data.mkdir()
    with served(data) as url:
        process = server_process(url)
        with connect(ws_of(url), open_timeout=20, max_size=None) as phone:
            register(phone)
            home(phone)
        time.sleep(5)
        start = cpu_and_memory(process)[1]
        codes = []
        for _ in range(10):
            with connect(ws_of(url), open_timeout=20, max_size=None) as phone:
                register(phone)
                phone.recv(timeout=20)
                phone.send(b"\x00" + b"x" * (17 << 20))
                try:
                    for _ in range(100):
                        phone.recv(timeout=20)
                except ConnectionClosed as closed:
                    codes.append(closed.rcvd.code if closed.rcvd else None)
        after = cpu_and_memory(process)[1]
    return (f"10 frames of 17 MB: each closed with {sorted(set(codes))}; memory "
            f"{start / 1024:.0f} -> {after / 1024:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    for run in range(1, args.runs + 1):
        print(f"run {run}: load average at start {load()}", flush=True)
        with tempfile.TemporaryDirectory(prefix="bench-guard-") as folder:
            for part in (slow_connections, flood, churn, frames):
                print("  " + part(Path(folder)), flush=True)
        print(f"run {run}: load average at end {load()}", flush=True)


if __name__ == "__main__":
    main()
