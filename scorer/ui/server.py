"""Serving the app to the phones at the table: `scorer serve`.

Flet's FastAPI app (``flet_web.fastapi.app``) runs the sessions; this module puts a small ASGI
layer in front of it and starts uvicorn itself on a socket it has bound (so a port in use is one
clear line, not a traceback):

- **Table access.** Served beyond this machine (a non-loopback ``--host``), every request needs
  the table's cookie. A phone gets it by opening the printed address or QR code, which carry the
  table code (``http://192.168.1.20:8550/?code=123456``), or by typing the code on the small
  page every other request gets. The code is six digits, random at each start (a restart locks
  every phone out until it scans again); the Flet websocket is refused without the cookie.
  ``--open`` serves without a code; loopback needs none unless ``--code`` asks for it.
- **Nothing leaves the machine.** Flet's client asks a CDN for the Rive runtime on every load;
  the address is rewritten (same length, in ``main.dart.js`` and ``main.dart.wasm`` as served,
  never in site-packages) to a local path that answers 404.
- **Light.** Responses are gzip-compressed (browsers offer brotli only to secure origins,
  HTTPS or localhost, and the table is plain HTTP). The heavy client files are served under
  ``/v/<version>/`` with a one-year immutable cache; ``index.html`` and everything else is
  ``no-cache`` with an ETag, so a new version is picked up at the next load. FastAPI's
  ``/docs``, ``/redoc`` and ``/openapi.json`` are off.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import html
import ipaddress
import mimetypes
import os
import re
import secrets
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

from ..i18n import Translator, choose_language

__all__ = ["ServeError", "Table", "lan_address", "plan_table", "build_app", "run_server",
           "is_loopback", "code_page"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "scorer_table"
CODE_PATH = "/table-code"
NO_RIVE = "/_no_cdn_rive"  # where the Rive runtime address points now: answers 404
RIVE_CDN = re.compile(rb"https://cdn\.jsdelivr\.net/npm/@rive-app/flutter-native-wasm@[0-9.]+/")
HIDDEN = {"/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"}
WRONG_TRIES = 10  # wrong codes from one address before it must wait
WRONG_WINDOW = 600.0  # seconds over which those tries are counted
IMMUTABLE = "public, max-age=31536000, immutable"
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
PATCH_LEVEL = "2"  # bump when the served client files are patched differently
# The client files most phones ask for, compressed at start in a thread (the rest when first
# asked): phones on the Wi-Fi (plain HTTP, no secure context) get skwasm_heavy, this machine's
# browser skwasm.
WARM = ("flutter_bootstrap.js", "python.js", "main.dart.mjs", "main.dart.wasm",
        "canvaskit/skwasm_heavy.js", "canvaskit/skwasm_heavy.wasm", "canvaskit/skwasm.js",
        "canvaskit/skwasm.wasm")
# Files gzip does not shrink.
PACKED = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff2", ".woff", ".gz", ".zip")
# Documentation and test-net addresses (RFC 5737): a UDP connect() to them only asks the
# routing table which interface would be used; no packet is sent.
PROBES = ("192.0.2.1", "198.51.100.1")


class ServeError(Exception):
    """`scorer serve` cannot start: one line for the terminal."""


# --- where the table finds us ------------------------------------------------------------------


def is_loopback(host: str) -> bool:
    """Whether serving on ``host`` reaches only this machine."""
    if host.lower() in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


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
    url: str | None  # the address phones open (with the code), None if no LAN address
    code: str | None
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))

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
    url = None
    if shown is not None:
        if ":" in shown and not shown.startswith("["):
            shown = f"[{shown}]"
        url = f"http://{shown}:{port}/" + (f"?code={code}" if code else "")
    return Table(host=host, port=port, sock=sock, url=url, code=code)


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


# --- the code page -----------------------------------------------------------------------------


def code_page(lang: str, wrong: bool = False, wait: bool = False, next_path: str = "/") -> str:
    """The only page a phone without the table's cookie gets: asks for the code."""
    t = Translator(lang)
    message = ""
    if wait:
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


# --- the ASGI layer ----------------------------------------------------------------------------


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


async def _respond(send: Send, status: int, body: bytes, headers: list[tuple[str, str]],
                   head: bool = False) -> None:
    raw = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]
    raw.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": b"" if head else body})


ISOLATION = [("Cross-Origin-Opener-Policy", "same-origin"),
             ("Cross-Origin-Embedder-Policy", "require-corp"),
             ("X-Content-Type-Options", "nosniff")]


@dataclass
class _File:
    raw: bytes | None  # None: read again from ``path`` when asked without gzip (rare)
    packed: bytes | None
    etag: str
    kind: str
    path: Path | None = None

    def body(self) -> bytes:
        if self.raw is not None:
            return self.raw
        assert self.path is not None
        return _patched(self.path)


class ScorerGate:
    """The ASGI app `scorer serve` runs: table access, Rive, compression, cache headers, and
    the client files, in front of Flet's own app."""

    def __init__(self, flet_app: ASGIApp, table: Table, index_html: str, web_dir: str,
                 client_version: str) -> None:
        from starlette.middleware.gzip import GZipMiddleware

        self.app = flet_app
        self.gzipped = GZipMiddleware(flet_app, minimum_size=600, compresslevel=6)
        self.table = table
        self.index = _made(index_html.encode("utf-8"), "text/html; charset=utf-8")
        self.font_manifest = _made(font_manifest(web_dir), "application/json")
        self.web_dir = Path(web_dir).resolve()
        self.prefix = f"/v/{client_version}/"
        self.files: dict[str, _File] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.wrong: dict[str, list[float]] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "lifespan":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        if kind == "websocket":
            if not self._host_ok(headers) or not self._origin_ok(headers) or \
                    not self._admitted(headers):
                await send({"type": "websocket.close", "code": 1008})
                return
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        head = scope["method"] == "HEAD"
        if not self._host_ok(headers):
            await _respond(send, 421, b"wrong host\n", [("content-type", "text/plain")], head)
            return
        if path in HIDDEN or path.startswith(NO_RIVE):
            await _respond(send, 404, b"not found\n", [("content-type", "text/plain")], head)
            return
        if not self._admitted(headers):
            await self._ask_code(scope, receive, send, headers)
            return
        if scope["method"] in ("GET", "HEAD"):
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            if "code" in query and self.table.code is not None:
                # Already admitted: drop the code from the address bar.
                await self._redirect(send, path, query, None)
                return
            if path.startswith(self.prefix):
                await self._client_file(path[len(self.prefix):], headers, send, head)
                return
            if self._route_like(path):
                await self._serve_made(self.index, headers, send, head)
                return
            if path == "/assets/FontManifest.json":
                await self._serve_made(self.font_manifest, headers, send, head)
                return
        await self.gzipped(scope, receive, self._no_cache(send))

    # -- access ---------------------------------------------------------------------------
    def _host_ok(self, headers: dict[str, str]) -> bool:
        """Served on loopback without a code: refuse other Host names (DNS rebinding)."""
        if not self.table.loopback or self.table.code is not None:
            return True
        host = headers.get("host", "")
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return is_loopback(name.strip("[]")) if name else False

    def _origin_ok(self, headers: dict[str, str]) -> bool:
        origin = headers.get("origin")
        if origin is None:
            return True
        return origin.split("://", 1)[-1] == headers.get("host", "")

    def _admitted(self, headers: dict[str, str]) -> bool:
        if self.table.code is None:
            return True
        # Parsed by hand: http.cookies gives up on a whole header at one odd cookie.
        for pair in headers.get("cookie", "").split(";"):
            name, _, value = pair.strip().partition("=")
            if name == COOKIE and secrets.compare_digest(value.strip('"').encode(),
                                                         self.table.token.encode()):
                return True
        return False

    def _too_many(self, client: str) -> bool:
        now = time.monotonic()
        recent = [t for t in self.wrong.get(client, []) if now - t < WRONG_WINDOW]
        self.wrong[client] = recent
        return len(recent) >= WRONG_TRIES

    def _right(self, client: str, given: str) -> bool:
        code = self.table.code or ""
        if secrets.compare_digest(given.strip().encode(), code.encode()):
            self.wrong.pop(client, None)
            return True
        self.wrong.setdefault(client, []).append(time.monotonic())
        return False

    async def _ask_code(self, scope: Scope, receive: Receive, send: Send,
                        headers: dict[str, str]) -> None:
        path: str = scope["path"]
        client = (scope.get("client") or ("?", 0))[0]
        lang = choose_language(*[part.split(";")[0] for part in
                                 headers.get("accept-language", "").split(",")])
        head = scope["method"] == "HEAD"
        given: str | None = None
        next_path = path
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if scope["method"] == "POST" and path == CODE_PATH:
            form = parse_qs((await _body(receive, 4096)).decode("utf-8", "replace"))
            given = (form.get("code") or [""])[0]
            next_path = (form.get("next") or ["/"])[0]
        elif scope["method"] in ("GET", "HEAD") and "code" in query:
            given = query["code"][0]
        wrong = wait = False
        if given is not None:
            if self._too_many(client):
                wait = True
            elif self._right(client, given):
                await self._redirect(send, next_path, query, self.table.token)
                return
            else:
                wrong = True
        if not self._route_like(path) and path != CODE_PATH:
            await _respond(send, 401, b"table code needed\n",
                           [("content-type", "text/plain"), ("cache-control", "no-store")], head)
            return
        if path == CODE_PATH:
            next_path = next_path if given is not None else "/"
        page = code_page(lang, wrong=wrong, wait=wait, next_path=next_path).encode("utf-8")
        await _respond(send, 429 if wait else 403 if wrong else 401, page, [
            ("content-type", "text/html; charset=utf-8"), ("cache-control", "no-store"),
            ("content-security-policy",
             "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'"),
            ("referrer-policy", "no-referrer"), *ISOLATION], head)

    async def _redirect(self, send: Send, path: str, query: dict[str, list[str]],
                        token: str | None) -> None:
        rest = {k: v for k, v in query.items() if k != "code"}
        if not path.startswith("/") or path.startswith("//") or "\\" in path:
            path = "/"  # never to another site ("//host", "/\\host")
        target = path + ("?" + urlencode(rest, doseq=True) if rest else "")
        headers = [("location", target), ("cache-control", "no-store"),
                   ("referrer-policy", "no-referrer")]
        if token is not None:
            headers.append(("set-cookie", f"{COOKIE}={token}; Path=/; HttpOnly; "
                                          f"SameSite=Lax; Max-Age=604800"))
        await _respond(send, 303, b"", headers)

    # -- files ------------------------------------------------------------------------------
    @staticmethod
    def _route_like(path: str) -> bool:
        if path in ("/ws", "/upload", "/oauth_callback", CODE_PATH):
            return False
        last = path.rsplit("/", 1)[-1]
        return "." not in last or last.endswith(".html")

    async def _serve_made(self, made: _File, headers: dict[str, str], send: Send,
                          head: bool) -> None:
        """A file this module made (index.html, the font manifest): revalidated each load."""
        common = [("content-type", made.kind), ("cache-control", "no-cache"),
                  ("etag", made.etag), ("vary", "Accept-Encoding"), *ISOLATION]
        if headers.get("if-none-match") == made.etag:
            await _respond(send, 304, b"", common, head=True)
        elif made.packed is not None and "gzip" in headers.get("accept-encoding", ""):
            await _respond(send, 200, made.packed, [*common, ("content-encoding", "gzip")], head)
        else:
            await _respond(send, 200, made.body(), common, head)

    async def _client_file(self, relative: str, headers: dict[str, str], send: Send,
                           head: bool) -> None:
        found = await self._load(relative)
        if found is None:
            await _respond(send, 404, b"not found\n", [("content-type", "text/plain")], head)
            return
        common = [("content-type", found.kind), ("cache-control", IMMUTABLE),
                  ("etag", found.etag), ("vary", "Accept-Encoding"), *ISOLATION]
        if headers.get("if-none-match") == found.etag:
            await _respond(send, 304, b"", common, head=True)
        elif found.packed is not None and "gzip" in headers.get("accept-encoding", ""):
            await _respond(send, 200, found.packed, [*common, ("content-encoding", "gzip")],
                           head)
        else:
            await _respond(send, 200, await asyncio.to_thread(found.body), common, head)

    async def _load(self, relative: str) -> _File | None:
        if relative in self.files:
            return self.files[relative]
        target = (self.web_dir / relative).resolve()
        if not target.is_relative_to(self.web_dir) or not target.is_file():
            return None
        lock = self.locks.setdefault(relative, asyncio.Lock())
        async with lock:
            if relative not in self.files:
                self.files[relative] = await asyncio.to_thread(_prepare, target)
        return self.files[relative]

    def warm(self) -> None:
        """Compress the heavy client files before the first phone asks (a thread)."""
        for relative in WARM:
            target = self.web_dir / relative
            if relative not in self.files and target.is_file():
                self.files[relative] = _prepare(target)

    def _no_cache(self, send: Send) -> Send:
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                if b"cache-control" not in names:
                    message["headers"] = [*message.get("headers", []),
                                          (b"cache-control", b"no-cache")]
            await send(message)
        return sending


async def _body(receive: Receive, limit: int) -> bytes:
    data = b""
    while True:
        message = await receive()
        data += message.get("body", b"")
        if len(data) > limit or not message.get("more_body"):
            return data[:limit]


def _prepare(path: Path) -> _File:
    """A client file as served: the Rive address made local, gzipped once."""
    raw = _patched(path)
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if path.suffix in (".js", ".mjs"):
        kind = "text/javascript"
    elif path.suffix == ".wasm":
        kind = "application/wasm"
    packed = None if path.suffix in PACKED or len(raw) < 600 else gzip.compress(raw, 6)
    etag = '"' + hashlib.sha1(raw).hexdigest()[:16] + '"'
    # Large files are kept compressed only (every browser asks for gzip).
    return _File(raw=raw if packed is None or len(raw) < 256 * 1024 else None, packed=packed,
                 etag=etag, kind=kind, path=path)


def _patched(path: Path) -> bytes:
    raw = path.read_bytes()
    if path.name in ("main.dart.js", "main.dart.wasm"):
        raw = RIVE_CDN.sub(lambda m: _local_rive(len(m.group(0))), raw)
    return raw


def _made(raw: bytes, kind: str) -> _File:
    return _File(raw=raw, packed=gzip.compress(raw, 9), kind=kind,
                 etag='"' + hashlib.sha1(raw).hexdigest()[:16] + '"')


def font_manifest(web_dir: str) -> bytes:
    """Flutter's font manifest as Flet patches it for no-CDN serving (Roboto added), without
    the fonts Scorer never draws with (KaTeX for LaTeX, Cupertino icons): Flutter fetches
    every listed font at each first visit."""
    import json

    fonts = json.loads((Path(web_dir) / "assets" / "FontManifest.json").read_text("utf-8"))
    kept = [f for f in fonts if not str(f.get("family", "")).startswith(UNUSED_FONTS)]
    kept.append({"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]})
    return json.dumps(kept).encode("utf-8")


def _local_rive(length: int) -> bytes:
    """A local path exactly ``length`` bytes long (the wasm binary keeps its layout)."""
    return (NO_RIVE + "_" * (length - len(NO_RIVE) - 1) + "/").encode("ascii")


def client_version() -> str:
    return hashlib.sha1(f"{package_version('flet-web')}-{PATCH_LEVEL}".encode()).hexdigest()[:10]


def make_index(web_dir: str, assets_dir: str, version: str, renderer: Any) -> str:
    """Flet's index.html patched as Flet patches it for a no-CDN server, then pointed at the
    versioned client files."""
    from flet.controls.types import RouteUrlStrategy
    from flet_web import patch_index_html

    source = Path(assets_dir) / "index.html"
    if not source.is_file():
        source = Path(web_dir) / "index.html"
    folder = tempfile.mkdtemp(prefix="scorer-index-")
    try:
        target = Path(folder) / "index.html"
        shutil.copyfile(source, target)
        patch_index_html(index_path=str(target), base_href="/", websocket_endpoint_path="/ws",
                         app_name="Scorer", app_description="Scorer: score keeper",
                         web_renderer=renderer, route_url_strategy=RouteUrlStrategy.PATH,
                         no_cdn=True)
        text = target.read_text(encoding="utf-8")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    prefix = f"/v/{version}/"
    for old, new in (('flet.entrypointBaseUrl="/";', f'flet.entrypointBaseUrl="{prefix}";'),
                     ('flet.canvasKitBaseUrl="/canvaskit/";',
                      f'flet.canvasKitBaseUrl="{prefix}canvaskit/";'),
                     ('src="flutter_bootstrap.js"', f'src="{prefix}flutter_bootstrap.js"'),
                     ('src="python.js"', f'src="{prefix}python.js"')):
        if old not in text:
            raise RuntimeError(f"flet-web's index.html changed: {old!r} not found")
        text = text.replace(old, new)
    return text


def build_app(main: Callable[..., Any], table: Table, assets_dir: str,
              upload_dir: str | None = None) -> ScorerGate:
    """The whole ASGI app: Flet's, without API docs, behind the gate."""
    import flet_web.fastapi as flet_fastapi
    from flet.controls.types import WebRenderer
    from flet_web import get_package_web_dir

    renderer = WebRenderer(os.environ.get("FLET_WEB_RENDERER") or "auto")
    web_dir = get_package_web_dir()
    inner = flet_fastapi.app(main, assets_dir=assets_dir, upload_dir=upload_dir,
                             web_renderer=renderer, no_cdn=True, app_name="Scorer")
    inner.router.routes = [r for r in inner.router.routes
                           if getattr(r, "path", None) not in HIDDEN]
    outer = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None,
                                 swagger_ui_oauth2_redirect_url=None)
    outer.mount("/", inner)
    version = client_version()
    gate = ScorerGate(outer, table, make_index(web_dir, assets_dir, version, renderer), web_dir,
                      version)
    threading.Thread(target=gate.warm, name="scorer-warm", daemon=True).start()
    return gate


def run_server(app: ScorerGate, table: Table) -> None:
    """Serve until Ctrl+C or SIGTERM."""
    import uvicorn

    config = uvicorn.Config(app, log_level="warning", ws="websockets-sansio", lifespan="on",
                            access_log=False, timeout_graceful_shutdown=3)
    server = uvicorn.Server(config)
    asyncio.run(server.serve(sockets=[table.sock]))
