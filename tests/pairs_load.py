"""Many tables of a pairs evening saving at once on `scorer serve` (issue 32's load test),
driven as the phones drive it: each table and the director is a client of Flet's own
websocket protocol (the messages Flet's web client sends, as tests/test_serve_guard.py
speaks it), one connection and one thread each, against a real `scorer serve` child process
with its data in a real folder. Used by tests/test_pairs_load.py (what is kept) and
benchmarks/bench_pairs.py (how fast the director's view follows).

Why not 16 browsers: a Chromium context with the app costs about 150 MB and a core for
seconds per tap on this 2-core machine; 16 of them measure Chromium, not the server. A
protocol client sends exactly what the page sends for a tap (an event on the tapped
control's id, found by its accessibility label in the controls the server sent) and reads
what the server answers, so the server does all the work it does for real phones: every
session, every redraw, every message, the director's view rebuilt after every save.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import msgpack
from test_serve_guard import PAGE, message, register
from websockets.sync.client import connect

ROUND_LINE = re.compile(r"^Round (\d+): (.*)$")
PART = re.compile(r"table (\d+) (?:(done)|(\d+)/(\d+))")
SEATS = ("North", "East", "South", "West")
STRAINS = ("Clubs", "Diamonds", "Hearts", "Spades", "No-trump")
# When a table gives up waiting for its saved board and reloads (counted, decision 362): not
# after a fixed time, which a server merely starved by the machine's load would pass (load
# average 25 on 2 cores took 24 s), but once the server has gone QUIET: no client has heard
# anything from it for that long, so it has nothing left to send, and the board never came.
# WAIT only bounds a server that keeps talking without ever sending the board.
QUIET = 20
WAIT = 600
HEARD = [time.monotonic()]  # when any client last heard the server (all threads write it)


def result_of(table: int, board: int) -> tuple[int, int, int, int]:
    """The result a table enters for a board, different from table to table and board to
    board: (declarer 0-3, level 1-4, strain 0-4, tricks)."""
    level = 1 + (table * board) % 4
    return (table + board) % 4, level, (table + 2 * board) % 5, 6 + level + (table + board) % 3 - 1


class Phone:
    """One browser tab of the app, as its websocket: the controls the server sent, by their
    accessibility label (the newest id for a label: a redraw makes new controls), the text
    it was sent, and a tap as the page sends it."""

    def __init__(self, url: str, route: str) -> None:
        self.ws = connect(url.replace("http://", "ws://") + "ws", open_timeout=120,
                          max_size=None, close_timeout=5)
        self.labels: dict[str, int] = {}
        self.crashed: list[str] = []  # the server's word that a tap's handler failed
        self.late = 0  # the app's word that a tap reached a control drawn again (decision 422)
        self.strings: list[tuple[float, str]] = []  # (time received, each text sent)
        register(self.ws, {**PAGE, "route": route})

    def _walk(self, value: Any, now: float) -> None:
        if isinstance(value, dict):
            content = value.get("content")
            if value.get("_c") == "Semantics" and isinstance(content, dict) \
                    and isinstance(value.get("label"), str) and "_i" in content:
                self.labels[value["label"]] = content["_i"]
            for item in value.values():
                self._walk(item, now)
        elif isinstance(value, list):
            for item in value:
                self._walk(item, now)
        elif isinstance(value, str) and value.startswith("Round "):  # progress, "finished"
            self.strings.append((now, value))
        elif isinstance(value, str) and value.startswith("That tap reached"):
            self.late += 1

    def pump(self, timeout: float) -> bool:
        """Reads one message (answering the app's questions to the page); False: none came."""
        try:
            raw = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return False
        now = HEARD[0] = time.monotonic()
        action, body = msgpack.unpackb(raw[1:], strict_map_key=False)
        if action == 6:  # Flet's SESSION_CRASHED: a handler failed (a tap on a dead control)
            said = body.get("message", body) if isinstance(body, dict) else body
            self.crashed.append(str(said)[:200])
        if action == 5:  # the app asks the page (its language, the device): no answer known
            self.ws.send(message(5, {"control_id": body["control_id"],
                                     "call_id": body["call_id"], "result": None,
                                     "error": None}))
        self._walk(body, now)
        return True

    def wait_label(self, label: str, timeout: float = 120) -> int:
        deadline = time.monotonic() + timeout
        while label not in self.labels:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no control named {label!r} was drawn")
            self.pump(1)
        return self.labels[label]

    def saw(self, label: str, text: str, timeout: float, quiet: float | None = None) -> bool:
        """Whether, within ``timeout`` seconds, a control named ``label`` is drawn or a text
        equal to ``text`` is sent; with ``quiet``, also False as soon as no client has heard
        the server for ``quiet`` seconds (it has nothing left to send)."""
        deadline = time.monotonic() + timeout
        while label not in self.labels and all(s != text for _, s in self.strings):
            now = time.monotonic()
            if now > deadline or (quiet is not None and now - HEARD[0] > quiet):
                return False
            self.pump(1)
        return True

    def tap(self, label: str) -> None:
        """Taps the control named ``label`` and reads the server's answer."""
        self.ws.send(message(3, {"target": self.wait_label(label), "name": "click",
                                 "data": None}))
        HEARD[0] = time.monotonic()  # the server has work again: not quiet from here
        self.pump(10)  # a chip tapped again may change nothing, and send nothing
        while self.pump(0.05):
            pass

    def close(self) -> None:
        self.ws.close()


@dataclass
class Run:
    """What one evening under load did: when each save was tapped and when the director's
    view first showed it, by (round, table, boards entered at that table in that round)."""

    saved: dict[tuple[int, int, int], float] = field(default_factory=dict)
    seen: dict[tuple[int, int, int], float] = field(default_factory=dict)
    # when the table's own screen showed the board saved (its correction offered, or its
    # round finished): its next board drawn
    drawn: dict[tuple[int, int, int], float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    retaps: int = 0  # boards entered again after a reload: the first Accept was lost
    crashed: list[str] = field(default_factory=list)  # Flet's SESSION_CRASHED, by table
    late: int = 0  # taps the app said reached a control drawn again (decision 422)

    def delays(self) -> list[float]:
        return [self.seen[k] - self.saved[k] for k in self.saved if k in self.seen]

    def table_delays(self) -> list[float]:
        return [self.drawn[k] - self.saved[k] for k in self.saved if k in self.drawn]


def director_counts(phone: Phone, run: Run, size: int, stop: threading.Event) -> None:
    """The director's phone: every round line it is sent ("Round 2: table 1 done · table 2
    1/2 · ..."), read as each table's boards entered (``size`` when done), the first time
    each count shows."""
    read = 0
    while not stop.is_set():
        phone.pump(0.2)
        for at, text in phone.strings[read:]:
            found = ROUND_LINE.match(text)
            if found is None:
                continue
            number = int(found.group(1))
            for part in PART.finditer(found.group(2)):
                table = int(part.group(1))
                count = size if part.group(2) else int(part.group(3))
                for k in range(1, count + 1):
                    run.seen.setdefault((number, table, k), at)
        read = len(phone.strings)


def play(url: str, session_id: str, seatings: list[Any], tables: int, rounds: int,
         boards_per_round: int) -> Run:
    """Every table on its own connection; in each round, every table enters its k-th board
    and all of them tap Accept at the same moment (a barrier), k = 1..boards_per_round."""
    run = Run()
    director = Phone(url, f"/pairs/{session_id}")
    director.wait_label("Table 1")
    stop = threading.Event()
    watcher = threading.Thread(target=director_counts,
                               args=(director, run, boards_per_round, stop), daemon=True)
    watcher.start()
    together = threading.Barrier(tables, timeout=600)
    by_table = {(s.round, s.table): s.boards for s in seatings}

    def table(number: int) -> None:
        route = f"/pairs/{session_id}/table/{number}"
        phone = Phone(url, route)
        try:
            for round_ in range(1, rounds + 1):
                for k, board in enumerate(by_table[(round_, number)], start=1):
                    accept = f"E-W accept board {board}"
                    phone.wait_label(accept)
                    seat, level, strain, tricks = result_of(number, board)
                    taps = (f"Declarer {SEATS[seat]}", f"Level {level}", STRAINS[strain],
                            f"Tricks {tricks}")
                    for label in taps:
                        phone.tap(label)
                    together.wait()
                    run.saved[(round_, number, k)] = time.monotonic()
                    phone.tap(accept)
                    # Saved: the board offers its correction, or (its round's last) the round
                    # is finished. A tap that reached a control the server had just drawn
                    # again is lost, as a finger's would be between two frames: the player
                    # taps again (the same result again changes nothing); counted.
                    shown = phone.saw(f"Correct board {board}", f"Round {round_} finished",
                                      WAIT, quiet=QUIET)
                    if shown:
                        run.drawn[(round_, number, k)] = time.monotonic()
                    while not shown:
                        # Reloaded, as a player whose taps do nothing reloads: a new session
                        # draws the table's screen afresh (decision 362).
                        run.retaps += 1
                        run.crashed += [f"table {number}: {c}" for c in phone.crashed]
                        run.late += phone.late
                        phone.close()
                        phone = Phone(url, route)
                        if phone.saw(f"Correct board {board}", f"Round {round_} finished",
                                     20):
                            break
                        for label in (*taps, accept):
                            phone.tap(label)
                        shown = phone.saw(f"Correct board {board}",
                                          f"Round {round_} finished", 20)
        except Exception as error:  # reported by the caller, with the table
            run.errors.append(f"table {number}: {error!r}")
            together.abort()
        finally:
            run.crashed += [f"table {number}: {c}" for c in phone.crashed]
            run.late += phone.late
            phone.close()

    threads = [threading.Thread(target=table, args=(n,)) for n in range(1, tables + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    deadline = time.monotonic() + 120
    while len(run.seen) < tables * rounds * boards_per_round and time.monotonic() < deadline:
        time.sleep(0.2)
    stop.set()
    watcher.join()
    director.close()
    return run
