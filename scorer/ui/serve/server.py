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
import os
import secrets
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlencode

from ...i18n import choose_language
from ...store.transfer import SERVED_MESSAGE_BYTES
from . import printed
from .client_files import (
    NO_RIVE,
    ClientFile,
    client_version,
    font_manifest,
    made_file,
    make_index,
    prepare_file,
)
from .guard import (
    SESSION_TIMEOUT,
    Guard,
    connection_cap,
    give_back_memory,
    guarded_http,
    quiet_flet_logs,
    quiet_loop_errors,
    raise_file_limit,
    session_route,
)
from .table import CODE_PATH, Guesses, Table, address_of, code_page, is_loopback

__all__ = ["ScorerGate", "build_app", "run_server"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "scorer_table"
HIDDEN = {"/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"}
IMMUTABLE = "public, max-age=31536000, immutable"
# The client files most phones ask for, compressed at start in a thread (the rest when first
# asked): phones on the Wi-Fi (plain HTTP, no secure context) get skwasm_heavy, this machine's
# browser skwasm.
WARM = ("flutter_bootstrap.js", "python.js", "main.dart.mjs", "main.dart.wasm",
        "canvaskit/skwasm_heavy.js", "canvaskit/skwasm_heavy.wasm", "canvaskit/skwasm.js",
        "canvaskit/skwasm.wasm")




# --- where the table finds us ------------------------------------------------------------------












# --- the code page -----------------------------------------------------------------------------




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




class ScorerGate:
    """The ASGI app `scorer serve` runs: table access, Rive, compression, cache headers, and
    the client files, in front of Flet's own app."""

    def __init__(self, flet_app: ASGIApp, table: Table, index_html: str, web_dir: str,
                 client_version: str) -> None:
        from starlette.middleware.gzip import GZipMiddleware

        self.app = flet_app
        self.gzipped = GZipMiddleware(flet_app, minimum_size=600, compresslevel=6)
        self.table = table
        self.index = made_file(index_html.encode("utf-8"), "text/html; charset=utf-8")
        self.font_manifest = made_file(font_manifest(web_dir), "application/json")
        self.web_dir = Path(web_dir).resolve()
        self.prefix = f"/v/{client_version}/"
        self.files: dict[str, ClientFile] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.guesses = Guesses()

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
        if "\x00" in path:  # no file has it in its name: a client's fault, said in one line
            await _respond(send, 400, b"bad path\n", [("content-type", "text/plain")], head)
            return
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
            if ("code" in query or "key" in query) and self.table.code is not None:
                # Already admitted: drop the code from the address bar.
                await self._redirect(send, path, query, None)
                return
            if path.startswith(self.prefix):
                await self._client_file(path[len(self.prefix):], headers, send, head)
                return
            if path.startswith(printed.PREFIX):  # a page the director opened to print
                page = printed.kept(path)
                await _respond(send, 200 if page else 404, page or b"not found\n", [
                    ("content-type", "text/html; charset=utf-8" if page else "text/plain"),
                    ("cache-control", "no-store"), ("X-Content-Type-Options", "nosniff")],
                    head)
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

    def _key_admits(self, query: dict[str, list[str]]) -> bool:
        key = (query.get("key") or [""])[0]
        return bool(key) and secrets.compare_digest(key.encode(), self.table.key.encode())

    async def _ask_code(self, scope: Scope, receive: Receive, send: Send,
                        headers: dict[str, str]) -> None:
        path: str = scope["path"]
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
        elif scope["method"] in ("GET", "HEAD"):
            if self._key_admits(query):
                await self._redirect(send, next_path, query, self.table.token)
                return
            if "code" in query:
                given = query["code"][0]
        wrong = wait = off = False
        if given is not None:
            address = address_of(scope.get("client"))
            typing = self.guesses.typing(address)
            if typing != "ok":
                wait, off = True, typing == "off"
            elif self.guesses.right(self.table.code or "", given, address):
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
        page = code_page(lang, wrong=wrong, wait=wait, next_path=next_path,
                         off=off).encode("utf-8")
        await _respond(send, 429 if wait else 403 if wrong else 401, page, [
            ("content-type", "text/html; charset=utf-8"), ("cache-control", "no-store"),
            ("content-security-policy",
             "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'"),
            ("referrer-policy", "no-referrer"), *ISOLATION], head)

    async def _redirect(self, send: Send, path: str, query: dict[str, list[str]],
                        token: str | None) -> None:
        rest = {k: v for k, v in query.items() if k not in ("code", "key")}
        if not path.startswith("/") or path.startswith("//") or "\\" in path:
            path = "/"  # never to another site ("//host", "/\\host")
        # Percent-encoded as it came: a browser drops tabs and line breaks from an address, so a
        # raw "/\t/host" would become "//host"; "/%09/host" stays a path on this site.
        target = quote(path, safe="/:@!$&'()*+,;=-._~") + \
            ("?" + urlencode(rest, doseq=True) if rest else "")
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

    async def _serve_made(self, made: ClientFile, headers: dict[str, str], send: Send,
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

    async def _load(self, relative: str) -> ClientFile | None:
        if relative in self.files:
            return self.files[relative]
        target = (self.web_dir / relative).resolve()
        if not target.is_relative_to(self.web_dir) or not target.is_file():
            return None
        # Kept under the file's one real name, never the spelling asked for ("./x", "a/../x"):
        # so at most one copy of each of the client's files, each compressed once.
        relative = target.relative_to(self.web_dir).as_posix()
        if relative in self.files:
            return self.files[relative]
        lock = self.locks.setdefault(relative, asyncio.Lock())
        async with lock:
            if relative not in self.files:
                self.files[relative] = await asyncio.to_thread(prepare_file, target)
        return self.files[relative]

    def warm(self) -> None:
        """Compress the heavy client files before the first phone asks (a thread)."""
        for relative in WARM:
            target = self.web_dir / relative
            if relative not in self.files and target.is_file():
                self.files[relative] = prepare_file(target)

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
        body: bytes = message.get("body", b"")
        data += body
        if len(data) > limit or not message.get("more_body"):
            return data[:limit]
















def build_app(main: Callable[..., Any], table: Table, assets_dir: str,
              upload_dir: str | None = None) -> ScorerGate:
    """The whole ASGI app: Flet's, without API docs, behind the gate."""
    import flet_web.fastapi as flet_fastapi
    from flet.controls.types import WebRenderer
    from flet_web import get_package_web_dir

    renderer = WebRenderer(os.environ.get("FLET_WEB_RENDERER") or "auto")
    web_dir = get_package_web_dir()
    inner = flet_fastapi.app(main, assets_dir=assets_dir, upload_dir=upload_dir,
                             web_renderer=renderer, no_cdn=True, app_name="Scorer",
                             session_timeout_seconds=SESSION_TIMEOUT)
    inner.router.routes = [r for r in inner.router.routes
                           if getattr(r, "path", None) not in (*HIDDEN, "/ws")]
    inner.router.routes.insert(0, session_route(main))  # before the files' mount

    outer = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None,
                                 swagger_ui_oauth2_redirect_url=None)
    outer.mount("/", inner)
    version = client_version()
    gate = ScorerGate(outer, table, make_index(web_dir, assets_dir, version, renderer), web_dir,
                      version)
    threading.Thread(target=gate.warm, name="scorer-warm", daemon=True).start()
    return gate


def run_server(app: ScorerGate, table: Table) -> None:
    """Serve until Ctrl+C or SIGTERM, under :mod:`.guard`'s limits."""
    import uvicorn

    guard = Guard(connection_cap(raise_file_limit()))
    quiet_flet_logs()
    config = uvicorn.Config(app, log_level="warning", ws="websockets-sansio", lifespan="on",
                            access_log=False, timeout_graceful_shutdown=3,
                            http=guarded_http(guard), backlog=128,
                            ws_max_size=SERVED_MESSAGE_BYTES)
    server = uvicorn.Server(config)

    async def serving() -> None:
        quiet_loop_errors(asyncio.get_running_loop())
        trimming = asyncio.create_task(give_back_memory())
        try:
            await server.serve(sockets=[table.sock])
        finally:
            trimming.cancel()

    asyncio.run(serving())
