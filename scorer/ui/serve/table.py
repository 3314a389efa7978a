"""Where the table finds `scorer serve`: the socket it binds, the address and QR it prints, the
six-digit table code, and the one page a phone without the table's cookie gets (asking for the
code). See :mod:`scorer.ui.serve.server` for the ASGI layer that checks the cookie."""

from __future__ import annotations

import collections
import html
import ipaddress
import os
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...i18n import Translator
from ...rules.values import ascii_digits
from ..screens.addresses import is_loopback

__all__ = ["CODE_PATH", "WRONG_PER_ADDRESS", "WRONG_TOTAL", "WRONG_TRIES", "WRONG_WINDOW",
           "Guesses", "ServeError", "Table", "address_of", "bind", "code_page", "is_loopback",
           "lan_address", "plan_table"]

CODE_PATH = "/table-code"
# Documentation and test-net addresses (RFC 5737): a UDP connect() to them only asks the
# routing table which interface would be used; no packet is sent.
PROBES = ("192.0.2.1", "198.51.100.1")

# Wrong table codes are counted per address (an IPv6 address's /64, which one device can fill):
# WRONG_TRIES in WRONG_WINDOW seconds, then that address's typed codes wait; WRONG_PER_ADDRESS
# in all, then that address may type no more. So one guest never keeps the table's own phones
# from typing the code (issue 34 item 7). Over all addresses WRONG_TOTAL in all, then typing
# the code is off until a restart: a guesser with many addresses still gets at most 200 tries,
# a 1 in 5,000 chance per start of `scorer serve` (decisions 98, 225). The printed address
# and QR code carry a key that admits whatever the count.
WRONG_TRIES = 10
WRONG_WINDOW = 600.0
WRONG_PER_ADDRESS = 40
WRONG_TOTAL = 200


class ServeError(Exception):
    """`scorer serve` cannot start: one line for the terminal."""


def lan_address(make_socket: Callable[..., Any] = socket.socket) -> str | None:
    """This machine's address on the network, from the route to it (not the host name, which
    Debian maps to 127.0.1.1); None if no network route exists. Sends no packet."""
    for probe in PROBES:
        try:
            with make_socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = str(s.getsockname()[0])
        except OSError:
            continue
        if address and address != "0.0.0.0" and not is_loopback(address):
            return address
    return None


@dataclass
class Table:
    """How this start of `scorer serve` is reached: the bound socket, the address to print,
    and the table code (None when no code is asked)."""

    host: str
    port: int
    sock: socket.socket
    url: str | None  # the address phones open (code and key), None if no LAN address
    code: str | None
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    # What the printed address and QR code carry besides the code: too long to guess, so it
    # admits even while typed codes wait (decision 98).
    key: str = field(default_factory=lambda: secrets.token_urlsafe(16))

    @property
    def loopback(self) -> bool:
        return is_loopback(self.host)


def plan_table(host: str, port: int, *, open_access: bool = False,
               require_code: bool = False,
               address: Callable[[], str | None] = lan_address) -> Table:
    """Bind ``host:port`` and decide the code and the address to print; ServeError (one line)
    if the host or port cannot be used."""
    if open_access and require_code:
        raise ServeError("--open and --code cannot be used together")
    if not 0 <= port < 65536:
        raise ServeError(f"port: {port} is not between 0 (any free port) and 65535")
    sock = bind(host, port)
    port = int(sock.getsockname()[1])
    loopback = is_loopback(host)
    code = None
    if require_code or not (loopback or open_access):
        code = f"{secrets.randbelow(10**6):06d}"
    shown = address() if host in ("0.0.0.0", "", "::", "[::]") else host
    key = secrets.token_urlsafe(16)
    url = None
    if shown is not None:
        if ":" in shown and not shown.startswith("["):
            shown = f"[{shown}]"
        url = f"http://{shown}:{port}/" + (f"?code={code}&key={key}" if code else "")
    return Table(host=host, port=port, sock=sock, url=url, code=code, key=key)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or ServeError naming what is wrong."""
    try:
        infos = socket.getaddrinfo(host.strip("[]") or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise ServeError(f"host: {host!r} is not an address or name of this machine") from None
    family, kind, proto, _, where = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":  # on Windows this option would let two servers share the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(where)
        sock.listen(128)
    except OSError as error:
        sock.close()
        if error.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise ServeError(f"port: {port} is already in use on {host} (another program, or "
                             f"another scorer serve); choose another with --port") from None
        if error.errno in (13, 10013):
            raise ServeError(f"port: {port} needs administrator rights on {host}; choose one "
                             f"above 1023 with --port") from None
        raise ServeError(f"host: cannot listen on {host} port {port} ({error.strerror}); "
                         f"use 127.0.0.1, 0.0.0.0 or an address of this machine") from None
    sock.setblocking(False)
    return sock


def code_page(lang: str, wrong: bool = False, wait: bool = False, next_path: str = "/",
              off: bool = False) -> str:
    """The only page a phone without the table's cookie gets: asks for the code (``wait``:
    too many wrong codes lately; ``off``: too many in all, typing is off until a restart)."""
    t = Translator(lang)
    message = ""
    if off:
        message = f'<p class="bad" role="alert">{html.escape(t("serve.code_off"))}</p>'
    elif wait:
        message = f'<p class="bad" role="alert">{html.escape(t("serve.code_wait"))}</p>'
    elif wrong:
        message = f'<p class="bad" role="alert">{html.escape(t("serve.code_wrong"))}</p>'
    title = html.escape(t("serve.code_title"))
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>body{{font-family:sans-serif;max-width:22rem;margin:3rem auto;padding:0 1rem}}
input,button{{font-size:1.6rem;width:100%;box-sizing:border-box;margin:.4rem 0;padding:.4rem}}
.bad{{color:#b00020}}@media (prefers-color-scheme:dark){{body{{background:#222;color:#eee}}
.bad{{color:#ff8a80}}}}</style></head>
<body><h1>{title}</h1>
<p>{html.escape(t("serve.code_help"))}</p>{message}
<form method="post" action="{CODE_PATH}">
<label for="code">{html.escape(t("serve.code_label"))}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="12"
 autofocus required>
<input type="hidden" name="next" value="{html.escape(next_path)}">
<button type="submit">{html.escape(t("serve.code_button"))}</button>
</form></body></html>
"""



def address_of(client: Any) -> str:
    """Whom a wrong code is counted against: the client's address (an ASGI scope's
    ``client``); for IPv6 its /64 (one device may take any address of its network's /64)."""
    host = str((client or ("", 0))[0])
    try:
        found = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.ip_network(f"{found}/64", strict=False))
    return str(found)


class Guesses:
    """The wrong table codes typed, per address and in all (at most WRONG_TOTAL addresses
    kept): whether a typed code is checked now, and checking it."""

    def __init__(self) -> None:
        self.recent: dict[str, collections.deque[float]] = {}
        self.of: collections.Counter[str] = collections.Counter()
        self.total = 0

    def typing(self, address: str) -> str:
        """"ok", "wait" (too many wrong codes from ``address``, lately or in all) or "off"
        (too many from all addresses: until a restart)."""
        if self.total >= WRONG_TOTAL:
            return "off"
        if self.of[address] >= WRONG_PER_ADDRESS:
            return "wait"
        recent = self.recent.get(address, collections.deque())
        now = time.monotonic()
        while recent and now - recent[0] >= WRONG_WINDOW:
            recent.popleft()
        return "wait" if len(recent) >= WRONG_TRIES else "ok"

    def right(self, code: str, given: str, address: str) -> bool:
        typed = ascii_digits(given.strip())  # a Nepali or Hindi keyboard's ०-९ (decision 110)
        if secrets.compare_digest(typed.encode(), code.encode()):
            return True
        self.recent.setdefault(address, collections.deque()).append(time.monotonic())
        self.of[address] += 1
        self.total += 1
        if self.total == WRONG_TOTAL:
            print(f"scorer serve: {WRONG_TOTAL} wrong table codes were typed; typing the code "
                  f"is off until scorer serve restarts. Phones can still join with the "
                  f"address or QR code printed above.", flush=True)
        return False
