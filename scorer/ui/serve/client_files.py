"""The Flet web client's files as `scorer serve` sends them: read once, the Rive runtime's CDN
address made local (same length, so the wasm binary keeps its layout), gzipped once, under a
version that changes with flet-web and with how Scorer patches them; and Flet's ``index.html``
pointed at those versioned files. What each patch assumes of Flet's files is checked in
:mod:`.flet_files` (shared with ``scorer publish``)."""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import shutil
import tempfile
from dataclasses import dataclass
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Any

from . import flet_files

__all__ = ["LOCALE_SCRIPT", "PACKED", "ClientFile", "client_version",
           "font_manifest", "head_scripts", "made_file", "make_index", "prepare_file",
           "web_script"]

# First in <head> of the served page and the published one: a browser language that is not a
# language tag stops Flutter before its first frame (WebKit under the "C" locale says "C", and
# Flutter's Intl.Locale("C") throws), so such a tag is replaced by the valid ones or "en-US".
LOCALE_SCRIPT = """<script>
  // Scorer: navigator.language must be a language tag before Flutter starts (see above).
  (function () {
    function valid(tag) {
      try { return typeof tag === "string" && Intl.getCanonicalLocales(tag).length === 1; }
      catch (error) { return false; }
    }
    var nav = window.navigator, given = [];
    try { given = Array.prototype.slice.call(nav.languages || []); } catch (error) {}
    var kept = given.filter(valid);
    if (valid(nav.language) && kept.length === given.length) { return; }
    var language = valid(nav.language) ? nav.language : (kept[0] || "en-US");
    if (kept.indexOf(language) < 0) { kept.unshift(language); }
    try {
      Object.defineProperty(nav, "language", { configurable: true,
                                               get: function () { return language; } });
      Object.defineProperty(nav, "languages", { configurable: true,
                                                get: function () { return kept.slice(); } });
    } catch (error) { console.warn("Scorer: cannot set the page's language (" + error + ")"); }
  })();
</script>"""


def web_script(name: str) -> str:
    """One of Scorer's own scripts in scorer/assets/web, as text."""
    from importlib.resources import files

    return (files("scorer") / "assets" / "web" / name).read_text(encoding="utf-8")


def head_scripts() -> str:
    """First in <head> of the served page and the published one: :data:`LOCALE_SCRIPT`, then
    ``history.js`` (going up in the app goes back in the browser's history, decision 150; given
    the shapes of the routes it needs from the route table), ``a11y.js`` (the accessibility
    tree from the first frame, pinch zoom, the page's language and the app's text size:
    decision 193) and ``touch-tap.js`` (a finger's tap on a key is its click at once, not
    Chromium's tap gesture: decision 609), all before Flutter starts."""
    return (f"{LOCALE_SCRIPT}\n<script>\n{history_script()}</script>"
            f"\n<script>\n{web_script('a11y.js')}</script>"
            f"\n<script>\n{web_script('touch-tap.js')}</script>")


ROUTE_SHAPES = "__SCORER_ROUTE_SHAPES__"  # in history.js: the route table's shapes go there


def history_script() -> str:
    """``history.js`` with the shapes of the routes it tells apart, from the route table."""
    import json

    from ..shell.routes import page_shapes

    script = web_script("history.js")
    if script.count(ROUTE_SHAPES) != 1:
        raise RuntimeError(f"history.js must name {ROUTE_SHAPES} once")
    return script.replace(ROUTE_SHAPES, json.dumps(page_shapes()))


NO_RIVE = "/_no_cdn_rive"  # where the Rive runtime address points now: answers 404
PATCH_LEVEL = "2"  # bump when the served client files are patched differently
# Files gzip does not shrink.
PACKED = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff2", ".woff", ".gz", ".zip")


@dataclass
class ClientFile:
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


def prepare_file(path: Path) -> ClientFile:
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
    return ClientFile(raw=raw if packed is None or len(raw) < 256 * 1024 else None, packed=packed,
                 etag=etag, kind=kind, path=path)


def _patched(path: Path) -> bytes:
    raw = path.read_bytes()
    if path.name in ("main.dart.js", "main.dart.wasm"):
        raw = flet_files.client(path.name, raw, NO_RIVE)
    return raw


def made_file(raw: bytes, kind: str) -> ClientFile:
    return ClientFile(raw=raw, packed=gzip.compress(raw, 9), kind=kind,
                 etag='"' + hashlib.sha1(raw).hexdigest()[:16] + '"')


def font_manifest(web_dir: str) -> bytes:
    """Flutter's font manifest as both builds serve it (:func:`.flet_files.font_manifest`)."""
    manifest = Path(web_dir) / flet_files.FONT_MANIFEST
    return flet_files.font_manifest(manifest.read_text("utf-8")).encode("utf-8")


def client_version() -> str:
    return hashlib.sha1(f"{package_version('flet-web')}-{PATCH_LEVEL}".encode()).hexdigest()[:10]


def make_index(web_dir: str, assets_dir: str, version: str, renderer: Any) -> str:
    """Flet's index.html patched as Flet patches it for a no-CDN server, then pointed at the
    versioned client files (:func:`.flet_files.served_index`); Flet's client files that are
    patched as they are served are checked here, before anything is served."""
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
    flet_files.check_served_client(Path(web_dir))
    return flet_files.served_index(text, f"/v/{version}/", head_scripts())

