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
    *.gz                       gzipped copies of the large files, for sw.js to download
    manifest.json, icons/      installable: Scorer's name, colours and icons
    app.tar.gz                 main.py + __pypackages__ (scorer, flet, tinydb, ...)
    pyodide/                   the Python runtime (from flet-web)
    main.dart.js, canvaskit/   Flet's client and its renderer
    assets/, fonts/            Flutter's assets; Scorer's symbol font

The same folder builds byte for byte the same from the same installed packages: the archive
has fixed timestamps and order, and the precache revisions are content hashes.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import tarfile
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

from .client_files import LOCALE_SCRIPT, UNUSED_FONTS
from .slim import FLUTTER_ICONS, app_icons, icon_font, slimmed, trimmed_stdlib
from .theme import FLUTTER_FALLBACKS

__all__ = ["PublishError", "publish", "RENDERERS"]

THEME_COLOR = "#2E7D32"  # the app's green (the theme's seed colour, Material green 800)
BACKGROUND = "#FFFFFF"
# "auto": both renderers, Flutter choosing at each visit (skwasm in Chromium, CanvasKit
# elsewhere); each browser keeps only the files it asks for (decision 91).
RENDERERS = ("auto", "canvaskit", "skwasm")

# Python packages the app imports, shipped as source in the app archive. msgpack runs as pure
# Python there (its C extension is left out); six is what repath (a flet dependency) needs.
PACKAGES = ("scorer", "flet", "flet_charts", "tinydb", "segno", "platformdirs", "msgpack",
            "repath", "six")
# Parts of those packages the browser never runs.
SKIP_PARTS = {"__pycache__", "testing", "fastapi", "cli.py", "pytest_plugin.py", "auth",
              "tests"}
SKIP_SUFFIXES = (".pyc", ".so", ".pyd", ".pyx", ".c", ".h", ".cpp")
# Scorer's assets that the page loads from the site itself (fonts, icons, the service worker),
# not Python: they stay out of the app archive (the fonts alone are 1.5 MB).
SITE_ASSETS = ("assets/fonts/", "assets/icons/", "assets/web/")

# Files of flet_web/web that the site needs, per renderer; plus the common ones.
COMMON = ("index.html", "python.js", "python-worker.js", "flutter.js", "flutter_bootstrap.js",
          "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
          "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "assets")
RENDERER_FILES = {
    # CanvasKit's full build runs in every browser (the Chromium-only variant is left out,
    # so every phone needs the same files and the precache is the same for all).
    "canvaskit": ("main.dart.js", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm"),
    "skwasm": ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.js",
               "canvaskit/skwasm.wasm", "canvaskit/skwasm_heavy.js",
               "canvaskit/skwasm_heavy.wasm"),
}
RENDERER_FILES["auto"] = RENDERER_FILES["canvaskit"] + RENDERER_FILES["skwasm"]
# Shipped (for the licence notices and what Flet's client may ask for) but not precached:
# nothing on Scorer's screens loads them.
NOT_PRECACHED = ("assets/NOTICES", "assets/packages/media_kit/", "assets/packages/record_web/",
                 "assets/packages/flutter_map/")  # wakelock_plus is kept: the screen stays on

# Kept offline but fetched only when first asked for (then cached): the fallback fonts, which
# only a name in another script needs (Flutter asks for them by its own URLs: see theme.py).
ON_DEMAND = ("fonts/Noto",)

# Precached files this large get a gzipped copy that the service worker downloads instead.
GZIP_FROM = 64 * 1024
GZIP_SUFFIXES = (".wasm", ".js", ".mjs", ".json", ".zip", ".otf", ".ttf", ".bin")

BROWSER_MAIN = '''\
"""Scorer in the browser (Pyodide): built by `scorer publish`."""
from scorer.ui.browser import start

start()
'''


class PublishError(Exception):
    """The site cannot be built (one line for the player)."""


def _flet_web_dir() -> Path:
    try:
        import flet_web
    except ImportError:  # pragma: no cover - flet-web is a dependency
        raise PublishError("flet-web is not installed (pip install flet-web)") from None
    web = Path(flet_web.__file__).parent / "web"
    if not (web / "pyodide" / "pyodide.mjs").is_file():
        raise PublishError(f"flet-web at {web} has no Pyodide runtime (web/pyodide)")
    return web


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
    web = _flet_web_dir()
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
    _trim_lock(target / "pyodide" / "pyodide-lock.json", web)
    _trim_stdlib(target / "pyodide" / "python_stdlib.zip")
    _copy_own_assets(target)
    _drop_unused_fonts(target)
    _cut_icon_font(target)
    (target / "app.tar.gz").write_bytes(app_archive())
    _patch_python_worker(target)
    _write_index(target / "index.html", base, renderer)
    _patch_client(target, renderer)
    _patch_bootstrap(target / "flutter_bootstrap.js", renderer)
    _write_manifest(target / "manifest.json", base)
    _write_service_worker(target, base)
    return target


def _is_site(folder: Path) -> bool:
    """Whether ``folder`` holds an earlier build (which a new one replaces)."""
    worker = folder / "sw.js"
    try:
        return (folder / "app.tar.gz").is_file() and "Scorer's service worker" in \
            worker.read_text(encoding="utf-8")[:200]
    except (OSError, UnicodeDecodeError):
        return False


def _trim_lock(lock_path: Path, web: Path) -> None:
    """Pyodide's lock file lists the 350 packages of Pyodide's own distribution (none of which
    the site has or loads: the app's packages come in app.tar.gz); keep its ``info`` only, with
    the runtime's version added (as shipped it has no ``info.version``)."""
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    info = lock.get("info", {})
    if "version" not in info:
        info["version"] = json.loads((web / "pyodide" / "package.json").read_text(
            encoding="utf-8"))["version"]
    lock_path.write_text(json.dumps({"info": info, "packages": {}}), encoding="utf-8")


def _trim_stdlib(path: Path) -> None:
    """The site's python_stdlib.zip, trimmed and slimmed (``slim.trimmed_stdlib``)."""
    path.write_bytes(trimmed_stdlib(path.read_bytes()))


def _cut_icon_font(site: Path) -> None:
    """Flutter's Material icon font with only the icons Scorer's code names and Flutter's
    own widgets draw (decision 103)."""
    font = site / "assets" / "fonts" / "MaterialIcons-Regular.otf"
    own = [path for _name, path in _package_files("scorer") if path.suffix == ".py"]
    try:
        font.write_bytes(icon_font(font.read_bytes(), sorted(set(FLUTTER_ICONS)
                                                             | app_icons(own))))
    except ValueError as error:
        raise PublishError(str(error)) from error


def _drop_unused_fonts(site: Path) -> None:
    """Flutter fetches every font in its manifest at the first visit; the KaTeX and Cupertino
    fonts are never drawn by Scorer, so they are neither listed nor shipped (as `scorer serve`
    leaves them out)."""
    manifest = site / "assets" / "FontManifest.json"
    fonts = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(json.dumps([f for f in fonts if not str(f.get("family", ""))
                                    .startswith(UNUSED_FONTS)]), encoding="utf-8")
    for prefix in UNUSED_FONTS:
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


# --- the app archive -------------------------------------------------------------------------


def _package_files(name: str) -> Iterator[tuple[str, Path]]:
    """(path in the archive, file) for an importable package or module ``name``."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise PublishError(f"the package {name!r} the app needs is not installed")
    origin = Path(spec.origin)
    if origin.name != "__init__.py":  # a single module
        yield f"__pypackages__/{origin.name}", origin
        return
    root = origin.parent
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if path.is_dir() or any(part in SKIP_PARTS for part in relative.parts) \
                or path.name.endswith(SKIP_SUFFIXES) \
                or (name == "scorer" and relative.as_posix().startswith(SITE_ASSETS)):
            continue
        yield f"__pypackages__/{name}/{relative.as_posix()}", path


def app_archive() -> bytes:
    """``app.tar.gz``: ``main.py`` and the app's packages, with fixed order and timestamps so
    the same installation always gives the same bytes. Every module goes without its
    docstrings and comments (``slim.slimmed``), Scorer's too (decision 102)."""
    entries: list[tuple[str, bytes]] = [("main.py", BROWSER_MAIN.encode())]
    for package in PACKAGES:
        for name, path in _package_files(package):
            data = path.read_bytes()
            if name.endswith(".py"):
                data = slimmed(data)
            entries.append((name, data))
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in sorted(entries):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 946684800  # 2000-01-01: the bytes do not depend on the build time
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))
    return gzip.compress(raw.getvalue(), compresslevel=9, mtime=0)


# --- the page, the manifest and the service worker ------------------------------------------

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
    function start() {
      var script = document.createElement("script");
      script.src = "flutter_bootstrap.js";
      script.async = true;
      document.body.appendChild(script);
    }
    if (!("serviceWorker" in navigator)) { start(); return; }
    var started = false;
    function once() { if (!started) { started = true; start(); } }
    var sw = navigator.serviceWorker;
    navigator.serviceWorker.register("sw.js", { scope: "__BASE__" }).then(function (reg) {
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


def _write_index(path: Path, base: str, renderer: str) -> None:
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web.patch_index import patch_index_html

    patch_index_html(str(path), base_href=base, app_name="Scorer",
                     app_description="Score keeper for bridge-family card games",
                     pyodide=True, pyodide_script_path="main.py",
                     app_package_url="app.tar.gz", web_renderer=WebRenderer(renderer),
                     route_url_strategy=RouteUrlStrategy.HASH, no_cdn=True)
    page = path.read_text(encoding="utf-8")
    # The worker import()s this URL: it must be a path, not a bare module name.
    config = f'flet.pyodideUrl="{base}pyodide/pyodide.mjs";\nflet.pyodide = true;'
    page = page.replace("flet.pyodide = true;", config, 1)
    page, found = re.subn(r'<script src="flutter_bootstrap.js" async></script>',
                          PAGE_SCRIPT.replace("__BASE__", base), page)
    first = LOCALE_SCRIPT + "\n<script>\n" + _web_script("page-leave.js") + "</script>"
    page, head = re.subn(r"<head>", lambda _: "<head>\n" + first, page, count=1)
    if not found or not head or f'flet.pyodideUrl="{base}' not in page:
        raise PublishError("flet-web's index.html has an unexpected shape; cannot configure it")
    page = page.replace('content="black"', 'content="default"')
    page = page.replace('<link rel="apple-touch-icon" href="icons/apple-touch-icon-192.png">',
                        '<link rel="apple-touch-icon" href="icons/icon-192.png">\n'
                        f'  <meta name="theme-color" content="{THEME_COLOR}">')
    page = page.replace('src="icons/loading-animation.png"', 'src="icons/icon-192.png"')
    path.write_text(page, encoding="utf-8")


def _web_script(name: str) -> str:
    """One of the site's scripts in scorer/assets/web (page-leave.js: see there)."""
    return (files("scorer") / "assets" / "web" / name).read_text(encoding="utf-8")


# The Python memory snapshot (python-start.js) is made with the modules the app had imported
# when its home screen was up, except these: flet_js and the modules that import it (a
# JavaScript object cannot be in a snapshot), the modules of JavaScript, the app's start.
SNAPSHOT_NOT_IMPORTED = ("flet_js", "flet.messaging.pyodide_connection", "js", "pyodide_js",
                         "main", "__main__")
# What python-start.js relies on in Flet's python-worker.js, which it otherwise leaves as is.
WORKER_NEEDS = ("self.sendPythonOutput = function", "self.flet_js.userAppStarting = function",
                "self.pyodideUrl = event.data.pyodideUrl",
                "self.appPackageUrl = event.data.appPackageUrl",
                "self.documentUrl = event.data.documentUrl", "await self.initPyodide();",
                "self.flet_js.receive_callback = self.receiveCallback",
                "await self.flet_js.start_connection(self.receiveCallback);",
                'runpy.run_module(python_module_name, run_name="__main__")')
SNAPSHOT_HASHED = ("app.tar.gz", "python-worker.js", "pyodide/pyodide.mjs",
                   "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                   "pyodide/python_stdlib.zip")


def _patch_python_worker(site: Path) -> None:
    """Put Scorer's Python start (memory snapshots: python-start.js) in place of Flet's
    ``initPyodide`` in python-worker.js, keyed by a hash of everything the snapshot depends
    on (so a new build never restores an old one). A Flet whose worker no longer has the
    shape this relies on fails the build, naming what is missing."""
    worker = site / "python-worker.js"
    text = worker.read_text(encoding="utf-8")
    missing = [needed for needed in WORKER_NEEDS if needed not in text]
    begin = text.find("self.initPyodide = async function () {")
    end = text.find("self.receiveCallback = (message) =>")
    if missing or not 0 <= begin < end:
        raise PublishError("flet-web's python-worker.js has an unexpected shape (missing: "
                           f"{', '.join(missing) or 'initPyodide before receiveCallback'}); "
                           "Scorer's Python start (python-start.js) must be updated for it")
    start = (files("scorer") / "assets" / "web" / "python-start.js").read_text(encoding="utf-8")
    start = start.replace("__SCORER_NOT_WARM__", json.dumps(list(SNAPSHOT_NOT_IMPORTED)), 1)
    patched = text[:begin] + start + text[end:]
    digest = hashlib.sha256()
    for name in SNAPSHOT_HASHED:
        data = patched.encode() if name == "python-worker.js" else (site / name).read_bytes()
        digest.update(hashlib.sha256(data).digest())
    worker.write_text(patched.replace("__SCORER_BUILD__", digest.hexdigest()[:16], 1),
                      encoding="utf-8")


def _patch_bootstrap(path: Path, renderer: str) -> None:
    """Flutter's bootstrap would register Flutter's own service worker over ours (same scope):
    drop that, and pin CanvasKit's full build (the same files for every browser)."""
    text = path.read_text(encoding="utf-8")
    text, dropped = re.subn(r"serviceWorkerSettings:\s*\{[^{}]*\},", "", text)
    if renderer in ("canvaskit", "auto"):
        text, pinned = re.subn(r"var flutterConfig = \{",
                               'var flutterConfig = {\n    canvasKitVariant: "full",', text)
    else:
        pinned = 1
    if not dropped or not pinned:
        raise PublishError("flet-web's flutter_bootstrap.js has an unexpected shape")
    path.write_text(text, encoding="utf-8")


def _patch_client(site: Path, renderer: str) -> None:
    """What ``flet`` does for a no-CDN page (Roboto from the site), and one more: Flet's client
    loads the Rive animation runtime from a CDN at start; point it into the site (where it is
    not: Scorer shows no Rive animation), so nothing is ever asked of another host."""
    from flet_web.patch_index import patch_font_manifest_json

    patch_font_manifest_json(str(site / "assets" / "FontManifest.json"))
    rive = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@"
    # (skwasm's client is compiled to wasm: the URL is in the module's string data)
    for name in ("main.dart.js", "main.dart.wasm"):
        client = site / name
        if not client.is_file():
            continue
        data = client.read_bytes()
        start = data.find(rive.encode())
        if start >= 0:
            end = data.index(b"/", start + len(rive)) + 1
            cdn = data[start:end]
            local = b"no-rive" + b"_" * (len(cdn) - 8) + b"/"  # same length: valid wasm data
            client.write_bytes(data.replace(cdn, local))


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


def _precached(site: Path) -> tuple[list[tuple[str, str]], list[str], list[tuple[str, str]]]:
    """(URL relative to the site, content hash) of every file to keep offline at install, the
    names of those that get a gzipped copy (``NAME.gz``, written here) for the service worker
    to download instead: the large ones that compress well (see sw.js); and (URL, hash) of the
    files kept only once the page asks for them (``ON_DEMAND``)."""
    entries: list[tuple[str, str]] = []
    gzipped: list[str] = []
    lazy: list[tuple[str, str]] = []
    # Both renderers shipped ("auto"): each browser downloads and keeps only the one Flutter
    # picks for it, when the page first asks for its files.
    both = all((site / name).is_file() for name in ("main.dart.js", "main.dart.wasm"))
    for path in sorted(site.rglob("*")):
        name = path.relative_to(site).as_posix()
        if path.is_dir() or name == "sw.js" or name.startswith(NOT_PRECACHED) \
                or (path.suffix == ".gz" and path.with_suffix("").is_file()):  # a copy
            continue
        data = path.read_bytes()
        if name.startswith(ON_DEMAND) or (both and name in RENDERER_FILES["auto"]):
            lazy.append((name, hashlib.sha256(data).hexdigest()[:16]))
        else:
            entries.append((name, hashlib.sha256(data).hexdigest()[:16]))
        if len(data) >= GZIP_FROM and path.suffix in GZIP_SUFFIXES:
            packed = gzip.compress(data, compresslevel=9, mtime=0)
            if len(packed) <= 0.9 * len(data):
                path.with_name(path.name + ".gz").write_bytes(packed)
                gzipped.append(name)
    return entries, gzipped, lazy


def _write_service_worker(site: Path, base: str) -> None:
    entries, gzipped, lazy = _precached(site)
    version = hashlib.sha256(json.dumps([entries, lazy]).encode()).hexdigest()[:16]
    script = (files("scorer") / "assets" / "web" / "sw.js").read_text(encoding="utf-8")
    on_demand = dict(lazy)
    fallbacks = {folder: name for folder, name in sorted(FLUTTER_FALLBACKS.items())
                 if name in on_demand}
    manifest = json.dumps({"version": version, "base": base, "files": dict(entries),
                           "gzipped": gzipped, "onDemand": on_demand,
                           "fontFallbacks": fallbacks}, indent=0)
    site.joinpath("sw.js").write_text(script.replace("/*PRECACHE*/{}", manifest, 1),
                                      encoding="utf-8")


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
