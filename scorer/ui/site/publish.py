"""``scorer publish``: a static site that runs the whole app in the phone's browser.

The site is assembled from what is installed, with no network and no build tool: Flet's web
client and the Pyodide runtime shipped in ``flet_web/web``, the app's Python code and every
dependency packed into ``app.tar.gz`` (under ``__pypackages__``, so the Pyodide worker imports
them without ``micropip`` and without a package index), the app's icons and manifest, and
``sw.js``, a service worker that precaches every file of the site so that it opens with no
network after the first visit (see docs/decisions.md on why it is ours and not Workbox).

Layout of the output folder (every URL is relative to ``--base-url``)::

    index.html                 Flet's page, configured for Pyodide, offline, hash routes
    sw.js                      precache of the files below, keyed by content hash
    *.lzma                     LZMA copies of the large files, for sw.js to download
    manifest.json, icons/      installable: Scorer's name, colours and icons
    app.tar.gz                 main.py + __pypackages__ (scorer, flet, tinydb, ...)
    pyodide/                   the Python runtime (from flet-web; the standard library
                               modules the app imports as bytecode: bytecode.py; its
                               dynamic linker's report of unresolved symbols: decision 601)
    main.dart.js, canvaskit/   Flet's client and its renderer
    assets/, fonts/            Flutter's assets; Scorer's symbol font

The same folder builds byte for byte the same from the same installed packages: the archive
has fixed timestamps and order, and the precache revisions are content hashes.

This module puts the site together. What it assumes of Flet's files is in ``flet_files``
(each assumption checked: a Flet that changed fails the build, naming the file and what is
missing), the app archive in ``pack`` (its packages read from the installed
distributions), the service worker's precache list in ``offline``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from importlib.resources import files
from pathlib import Path

from ..serve import flet_files as flet
from ..serve import pyodide_runtime
from ..serve.client_files import head_scripts, web_script
from ..serve.flet_files import COMMON, RENDERER_FILES, PublishError
from .bytecode import BytecodeUnavailable, compiled
from .offline import write_service_worker
from .pack import app_archive, package_files
from .slim import FLUTTER_ICONS, app_icons, icon_font, trimmed_stdlib

__all__ = ["PublishError", "publish", "RENDERERS"]

THEME_COLOR = "#2E7D32"  # the app's green (the theme's seed colour, Material green 800)
BACKGROUND = "#FFFFFF"
# "auto": both renderers, Flutter choosing at each visit (skwasm in Chromium, CanvasKit
# elsewhere); each browser keeps only the files it asks for (decision 91).
RENDERERS = ("auto", "canvaskit", "skwasm")

# --- Scorer's own web scripts ----------------------------------------------------------------
# Every script of Scorer's that the site ships is named here. In index.html: head_scripts()
# (client_files.py: the locale fix, history.js, a11y.js and touch-tap.js, shared with
# `scorer serve`), page-leave.js,
# picked.js and boot-pace.js (the published site only) first in <head>, and python-early.js
# (Python's worker started beside Flutter's client) then PAGE_SCRIPT (below) in place of
# Flutter's start. From scorer/assets/web:
# python-start.js, in Flet's python-worker.js (_patch_python_worker), and sw.js with its
# precache list and lzma.js at its end, which runs lzma.wasm (built from lzma.c: offline.py).

PAGE_SCRIPT = """<script>
  // Scorer: ask to keep this site's storage (the games), start the service worker that keeps
  // the site for offline use, and only then start the app, so that on a first visit every file
  // is fetched once (by the service worker) rather than twice.
  (function () {
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persisted().then(function (done) {
        if (!done) { navigator.storage.persist().catch(function () {}); }
      }).catch(function () {});
    }
    // Where a visit's time goes (bench_web.py reads these marks, as the Python worker's).
    function mark(name) { console.log("Scorer mark: " + name + " " + Date.now()); }
    mark("page script");
    function start() {
      mark("app start");
      // Python's worker first, beside Flutter's client (python-early.js, issue 33)
      if (window.scorerStartPython) { window.scorerStartPython(); }
      var script = document.createElement("script");
      script.src = "flutter_bootstrap.js";
      script.async = true;
      document.body.appendChild(script);
    }
    if (!("serviceWorker" in navigator)) { start(); return; }
    // Once the home screen is up (and a moment more: what the first screen needs comes
    // first), the worker keeps the fallback fonts for names in other scripts, so that an
    // offline phone draws a name it never showed before (decision 247). Not where the phone
    // asks to save data: there a font is fetched when a name needs it, as before.
    window.addEventListener("scorer-home-shown", function () {
      if (navigator.connection && navigator.connection.saveData) { return; }
      setTimeout(function () {
        navigator.serviceWorker.ready.then(function (registration) {
          if (registration.active) { registration.active.postMessage({ scorer: "keep-fonts" }); }
        }).catch(function () {});
      }, 3000);
    }, { once: true });
    var started = false;
    function once() { if (!started) { started = true; start(); } }
    var sw = navigator.serviceWorker;
    navigator.serviceWorker.register("sw.js", { scope: "__BASE__" }).then(function (reg) {
      mark("registered");
      // Already in charge, or installed but not in charge of this load (a forced reload):
      // start now. A first visit starts when the worker has kept the site and taken over, or
      // at once if its install fails. (A new build's worker never takes over a page: it waits
      // until no page of the site is open, see sw.js.)
      var worker = reg.installing;
      if (sw.controller || !worker) { once(); return; }
      sw.addEventListener("controllerchange", once);
      worker.addEventListener("statechange", function () {
        if (worker.state === "redundant") { once(); }
      });
      setTimeout(once, 180000);  // a browser that keeps it waiting still gets the app
    }).catch(function (error) {
      console.warn("Scorer: no offline copy (" + error + ")");
      once();
    });
  })();
</script>"""


def normalize_base_url(base_url: str) -> str:
    """``/``, ``/scorer/``: the path the site is served under, with both slashes."""
    inner = base_url.strip().strip("/")
    if any(c in inner for c in "\"'<>\\ ?#") or "//" in inner:
        raise PublishError(f"--base-url: {base_url!r} is not a path like /scorer/")
    return "/" if not inner else f"/{inner}/"


def publish(out: str | Path, base_url: str = "/", renderer: str = "auto") -> Path:
    """Build the site into ``out`` (emptied first if it holds an earlier build) and return its
    path."""
    if renderer not in RENDERERS:
        raise PublishError(f"renderer: {renderer!r} is not one of {', '.join(RENDERERS)}")
    base = normalize_base_url(base_url)
    web = flet.web_dir(renderer)
    target = Path(out).expanduser().resolve()
    if target.exists():
        if not target.is_dir():
            raise PublishError(f"--out: {target} is a file, not a folder")
        if any(target.iterdir()) and not _is_site(target):
            raise PublishError(f"--out: {target} is not empty and is not an earlier Scorer "
                               "site; choose an empty or new folder")
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in COMMON + RENDERER_FILES[renderer]:
        source = web / name
        if source.is_dir():
            shutil.copytree(source, target / name)
        else:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target / name)
    (target / flet.PYODIDE_LOCK).write_text(flet.trimmed_lock(web), encoding="utf-8")
    _trim_stdlib(target / "pyodide" / "python_stdlib.zip")
    _copy_own_assets(target)
    _drop_unused_fonts(target)
    _cut_icon_font(target)
    (target / "app.tar.gz").write_bytes(app_archive())
    _compile(target, web)
    _patch_pyodide(target)
    _patch_python_worker(target)
    _write_index(target / "index.html", base, renderer)
    flet.patch_clients(target)
    bootstrap = target / "flutter_bootstrap.js"
    bootstrap.write_text(flet.flutter_bootstrap(bootstrap.read_text(encoding="utf-8"), renderer),
                         encoding="utf-8")
    _write_manifest(target / "manifest.json", base)
    write_service_worker(target, base)
    return target


def _is_site(folder: Path) -> bool:
    """Whether ``folder`` holds an earlier build (which a new one replaces)."""
    worker = folder / "sw.js"
    try:
        return (folder / "app.tar.gz").is_file() and "Scorer's service worker" in \
            worker.read_text(encoding="utf-8")[:200]
    except (OSError, UnicodeDecodeError):
        return False


def _trim_stdlib(path: Path) -> None:
    """The site's python_stdlib.zip, trimmed and slimmed (``slim.trimmed_stdlib``)."""
    path.write_bytes(trimmed_stdlib(path.read_bytes()))


def _compile(site: Path, web: Path) -> None:
    """The modules the app imports, as bytecode (``bytecode``: the standard library's and
    Scorer's, decisions 583 and 584); without Node.js the site ships them as source, and says
    so."""
    import sys

    stdlib, archive = site / "pyodide" / "python_stdlib.zip", site / "app.tar.gz"
    try:
        made = compiled(stdlib.read_bytes(), archive.read_bytes(), web / "pyodide")
    except BytecodeUnavailable as error:
        print(f"scorer publish: {error}: the site's Python modules stay source (it works the "
              "same; its first visit takes a few seconds longer)", file=sys.stderr)
        return
    stdlib.write_bytes(made.stdlib)
    archive.write_bytes(made.archive)


def _cut_icon_font(site: Path) -> None:
    """Flutter's Material icon font with only the icons Scorer's code names and Flutter's
    own widgets draw (decision 103)."""
    font = site / flet.ICON_FONT
    own = [path for _name, path in package_files("scorer") if path.suffix == ".py"]
    try:
        font.write_bytes(icon_font(font.read_bytes(), sorted(set(FLUTTER_ICONS)
                                                             | app_icons(own))))
    except ValueError as error:
        raise PublishError(str(error)) from error


def _drop_unused_fonts(site: Path) -> None:
    """Flutter fetches every font in its manifest at the first visit; the KaTeX and Cupertino
    fonts are never drawn by Scorer, so they are neither listed (``flet.font_manifest``, as
    `scorer serve` lists them) nor shipped."""
    for prefix in flet.UNUSED_FONTS:
        shutil.rmtree(site / "assets" / prefix, ignore_errors=True)


def _copy_own_assets(target: Path) -> None:
    assets = files("scorer") / "assets"
    (target / "fonts").mkdir(exist_ok=True)
    for font in (assets / "fonts").iterdir():
        if font.name.endswith((".ttf", ".otf", ".woff2")):
            (target / "fonts" / font.name).write_bytes(font.read_bytes())
    (target / "icons").mkdir(exist_ok=True)
    for icon in (assets / "icons").iterdir():
        if icon.name.endswith(".png"):
            (target / "icons" / icon.name).write_bytes(icon.read_bytes())
    shutil.copyfile(target / "icons" / "icon-192.png", target / "favicon.png")


# --- the page, the manifest and the service worker ------------------------------------------


def _write_index(path: Path, base: str, renderer: str) -> None:
    # Then page-leave.js, before any worker starts: a page the browser caches ends its
    # workers (decision 155); and picked.js, before Flet's python.js makes its worker: an
    # import file read by the page, refused by its size first (decision 245); and boot-pace.js,
    # before Flutter's client starts: its boot screen drawn at a walking pace (decision 585).
    first = head_scripts() + "".join(f"\n<script>\n{web_script(name)}</script>"
                                     for name in ("page-leave.js", "picked.js", "boot-pace.js"))
    page = flet.index_page(path, base, renderer, head_script=first,
                           page_script=f"<script>\n{web_script('python-early.js')}</script>\n"
                           + PAGE_SCRIPT.replace("__BASE__", base),
                           theme_color=THEME_COLOR)
    path.write_text(page, encoding="utf-8")


# The Python memory snapshot (python-start.js) is made with the modules the app had imported
# when its home screen was up, except these: flet_js and the modules that import it (a
# JavaScript object cannot be in a snapshot), the modules of JavaScript, the app's start.
SNAPSHOT_NOT_IMPORTED = ("flet_js", "flet.messaging.pyodide_connection", "js", "pyodide_js",
                         "main", "__main__")
SNAPSHOT_HASHED = ("app.tar.gz", "python-worker.js", "pyodide/pyodide.mjs",
                   "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                   "pyodide/python_stdlib.zip")


def _patch_pyodide(site: Path) -> None:
    """Pyodide's runtime as the site ships it: its dynamic linker's report made cheaper
    (decision 601) and its exports assigned by name lists (decision 604): pyodide_runtime,
    byte for byte otherwise; read and written without newline translation."""
    asm = site / flet.PYODIDE_ASM
    asm.write_bytes(pyodide_runtime.shipped(asm.read_bytes().decode("utf-8")).encode("utf-8"))


def _patch_python_worker(site: Path) -> None:
    """Put Scorer's Python start (memory snapshots: python-start.js) in place of Flet's
    ``initPyodide`` in python-worker.js, keyed by a hash of everything the snapshot depends
    on (so a new build never restores an old one). A Flet whose worker no longer has the
    shape this relies on fails the build, naming what is missing."""
    worker = site / "python-worker.js"
    start = web_script("python-start.js")
    start = start.replace("__SCORER_NOT_WARM__", json.dumps(list(SNAPSHOT_NOT_IMPORTED)), 1)
    patched = flet.python_worker(worker.read_text(encoding="utf-8"), start,
                                 (site / "python.js").read_text(encoding="utf-8"))
    digest = hashlib.sha256()
    for name in SNAPSHOT_HASHED:
        data = patched.encode() if name == "python-worker.js" else (site / name).read_bytes()
        digest.update(hashlib.sha256(data).digest())
    worker.write_text(patched.replace("__SCORER_BUILD__", digest.hexdigest()[:16], 1),
                      encoding="utf-8")


def _write_manifest(path: Path, base: str) -> None:
    icons = [{"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
              "purpose": purpose}
             for size in (192, 512) for purpose in ("any", "maskable")]
    manifest = {
        "name": "Scorer",
        "short_name": "Scorer",
        "description": "Score keeper for Draw Bridge, MiniBridge and Call Break",
        "id": base,
        "start_url": base,
        "scope": base,
        "display": "standalone",
        "orientation": "portrait",
        "background_color": BACKGROUND,
        "theme_color": THEME_COLOR,
        "prefer_related_applications": False,
        "icons": icons,
    }
    path.write_text(json.dumps(manifest, indent=2), encoding="utf-8")


def command(out: str, base_url: str) -> int:
    """``scorer publish``: build, say where and what next; 2 with one line if it cannot."""
    import sys

    try:
        site = publish(out, base_url)
    except (PublishError, OSError) as error:
        print(f"scorer publish: {error}", file=sys.stderr)
        return 2
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    print(f"Scorer's site is in {site} ({size / 1e6:.1f} MB). Put the folder on any static "
          f"web host (HTTPS) under {normalize_base_url(base_url)}, open it on the phone once, "
          "then add it to the home screen; it works offline from then on.")
    return 0
