"""Everything ``scorer publish`` assumes about Flet's built web client (``flet_web/web``, from
the flet-web package), in one place: the files the site copies, the text it finds in them and
changes, and the message framing ``python-start.js`` copies from Flet's worker.

Each assumption is a marker, listed in ``MARKERS`` under the file it is in, and checked with
:func:`need` before it is relied on: a Flet whose files no longer have one fails the build
with :class:`FletChanged`, naming the file and the marker, instead of building a site whose
page would contact a CDN, start Python the old way, or point at an icon the site does not
ship (a ``str.replace`` that stops matching does nothing, silently). tests/test_flet_web.py
removes each marker from a copy of Flet's file and checks the build fails naming it.

**The framing python-start.js copies.** Scorer's Python start (``python-start.js``, in place
of Flet's ``initPyodide``) sends the app's output to Flet's client as Flet's own worker does:
one type byte ``0x00`` (a Flet protocol message; ``0x01`` is a raw data-channel frame), then
msgpack of ``[action, body]`` with ``action`` = ``MessageAction.PYTHON_OUTPUT`` (``7``) and
``body`` = ``{"text": str, "is_stderr": bool}``: the bytes of
``flet.messaging.pyodide_connection.PyodideConnection.send_message``. tests/test_flet_web.py
runs the copy and Flet's ``send_message`` and compares their bytes.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["COMMON", "FONT_MANIFEST", "ICON_FONT", "MARKERS", "RENDERER_FILES", "FletChanged",
           "PublishError", "client", "flutter_bootstrap", "index_page", "need", "patch_clients",
           "python_worker", "web_dir"]


class PublishError(Exception):
    """The site cannot be built (one line for the player)."""


Marker = str | re.Pattern[str]


class FletChanged(PublishError):
    """A file of Flet's web client no longer has what Scorer's site relies on."""

    def __init__(self, file: str, missing: list[Marker]) -> None:
        self.file = file
        self.missing = missing
        shown = ", ".join(repr(m.pattern if isinstance(m, re.Pattern) else m) for m in missing)
        super().__init__(f"flet-web's {file} is not as Scorer's site expects: {shown} not found "
                         "in it (see scorer/ui/site/flet_web.py)")


def need(file: str, text: str, markers: tuple[Marker, ...]) -> None:
    """Fail the build, naming ``file`` and each marker, unless ``text`` has every one."""
    missing = [m for m in markers
               if (m.search(text) is None if isinstance(m, re.Pattern) else m not in text)]
    if missing:
        raise FletChanged(file, missing)


# --- the files -------------------------------------------------------------------------------

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
# Inside the copied ``assets`` folder: the font list the site rewrites, the icon font it cuts.
FONT_MANIFEST = "assets/FontManifest.json"
ICON_FONT = "assets/fonts/MaterialIcons-Regular.otf"


def web_dir(renderer: str = "auto") -> Path:
    """flet_web/web, having every file the site copies for ``renderer``."""
    try:
        import flet_web
    except ImportError:  # pragma: no cover - flet-web is a dependency
        raise PublishError("flet-web is not installed (pip install flet-web)") from None
    web = Path(flet_web.__file__).parent / "web"
    for name in COMMON + RENDERER_FILES[renderer] + (FONT_MANIFEST, ICON_FONT):
        if not (web / name).exists():
            raise PublishError(f"flet-web at {web} has no {name}, which Scorer's site needs "
                               "(see scorer/ui/site/flet_web.py)")
    return web


# --- what is in them -------------------------------------------------------------------------

# index.html as Flet ships it: where flet_web.patch_index_html writes the page's settings and
# base, and what Scorer changes: the page's start (the bootstrap script), the status bar's
# colour, the home-screen icon and the loading image (Flet's icons are not shipped).
APP_CONFIG = "<!-- fletAppConfig -->"
BASE = "<base href="
HEAD = "<head>"
BOOTSTRAP_TAG = '<script src="flutter_bootstrap.js" async></script>'
STATUS_BAR = 'content="black"'
APPLE_ICON = '<link rel="apple-touch-icon" href="icons/apple-touch-icon-192.png">'
LOADING_ICON = 'src="icons/loading-animation.png"'
# ... and as patch_index_html leaves it: the setting before which the runtime's URL goes.
PYODIDE_ON = "flet.pyodide = true;"
# What python-start.js relies on in Flet's python-worker.js, which it otherwise leaves as is,
# and the part it replaces (from INIT_BEGIN up to INIT_END).
INIT_BEGIN = "self.initPyodide = async function () {"
INIT_END = "self.receiveCallback = (message) =>"
WORKER_NEEDS = ("self.sendPythonOutput = function", "self.flet_js.userAppStarting = function",
                "self.pyodideUrl = event.data.pyodideUrl",
                "self.appPackageUrl = event.data.appPackageUrl",
                "self.documentUrl = event.data.documentUrl", "await self.initPyodide();",
                "self.flet_js.receive_callback = self.receiveCallback",
                "await self.flet_js.start_connection(self.receiveCallback);",
                'runpy.run_module(python_module_name, run_name="__main__")')
# flutter_bootstrap.js: Flutter's own service worker (which would replace Scorer's: dropped),
# and the settings CanvasKit's full build is pinned in.
SERVICE_WORKER_SETTINGS = re.compile(r"serviceWorkerSettings:\s*\{[^{}]*\},")
FLUTTER_CONFIG = "var flutterConfig = {"
# Flet's client loads the Rive animation runtime from this CDN at start (Scorer shows no Rive
# animation): the address is pointed into the site, same length (the wasm keeps its layout).
RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@"
NO_RIVE = "no-rive"

INDEX_CHANGED = (HEAD, BOOTSTRAP_TAG, STATUS_BAR, APPLE_ICON, LOADING_ICON)

MARKERS: dict[str, tuple[Marker, ...]] = {
    "index.html": (APP_CONFIG, BASE, *INDEX_CHANGED, PYODIDE_ON),
    "python-worker.js": (INIT_BEGIN, INIT_END) + WORKER_NEEDS,
    # python-start.js answers the page's python.js as Flet's worker does; python-early.js
    # takes jsConnect's place with the worker it started (and its registry of apps).
    "python.js": ('"initialized"', "globalThis.jsConnect = async function (appId, args, "
                  "dartOnMessage)", "let _apps = {};", "let _documentUrl = document.URL;",
                  '"/python-worker.js"'),
    "flutter_bootstrap.js": (SERVICE_WORKER_SETTINGS, FLUTTER_CONFIG),
    "main.dart.js": (RIVE_CDN,),
    "main.dart.wasm": (RIVE_CDN,),
}


def index_page(path: Path, base: str, renderer: str, head_script: str, page_script: str,
               theme_color: str) -> str:
    """Flet's ``index.html`` at ``path`` configured as Flet configures a no-CDN Pyodide page
    (``flet_web.patch_index_html``), then made Scorer's: ``head_script`` first in ``<head>``,
    ``page_script`` in place of Flutter's start, the runtime's URL a path under ``base``,
    Scorer's status bar, theme colour and icons."""
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web import patch_index

    need("index.html", path.read_text(encoding="utf-8"), (APP_CONFIG, BASE, *INDEX_CHANGED))
    patch_index.patch_index_html(
        str(path), base_href=base, app_name="Scorer",
        app_description="Score keeper for bridge-family card games", pyodide=True,
        pyodide_script_path="main.py", app_package_url="app.tar.gz",
        web_renderer=WebRenderer(renderer), route_url_strategy=RouteUrlStrategy.HASH,
        no_cdn=True)
    page = path.read_text(encoding="utf-8")
    need("index.html", page, (*INDEX_CHANGED, PYODIDE_ON))
    # The worker import()s this URL: it must be a path, not a bare module name.
    page = page.replace(PYODIDE_ON, f'flet.pyodideUrl="{base}pyodide/pyodide.mjs";\n'
                        f"{PYODIDE_ON}", 1)
    page = page.replace(BOOTSTRAP_TAG, page_script)
    page = page.replace(HEAD, f"{HEAD}\n{head_script}", 1)
    page = page.replace(STATUS_BAR, 'content="default"')
    page = page.replace(APPLE_ICON, '<link rel="apple-touch-icon" href="icons/icon-192.png">\n'
                        f'  <meta name="theme-color" content="{theme_color}">')
    return page.replace(LOADING_ICON, 'src="icons/icon-192.png"')


def python_worker(text: str, start: str, python_js: str) -> str:
    """Flet's python-worker.js with ``start`` (Scorer's Python start) in place of its
    ``initPyodide``; ``python_js`` is the page's side, which waits for the same answers."""
    need("python.js", python_js, MARKERS["python.js"])
    need("python-worker.js", text, MARKERS["python-worker.js"])
    begin = text.index(INIT_BEGIN)
    end = text.find(INIT_END, begin)
    if end < 0:
        raise FletChanged("python-worker.js", [f"{INIT_END} after {INIT_BEGIN}"])
    return text[:begin] + start + text[end:]


def flutter_bootstrap(text: str, renderer: str) -> str:
    """Flutter's bootstrap without its service worker (it would register itself over Scorer's,
    same scope), and CanvasKit pinned to its full build (the same files for every browser)."""
    pinned = renderer in ("canvaskit", "auto")
    need("flutter_bootstrap.js", text,
         (SERVICE_WORKER_SETTINGS, FLUTTER_CONFIG) if pinned else (SERVICE_WORKER_SETTINGS,))
    text = SERVICE_WORKER_SETTINGS.sub("", text)
    if pinned:
        text = text.replace(FLUTTER_CONFIG, f'{FLUTTER_CONFIG}\n    canvasKitVariant: "full",')
    return text


def patch_clients(site: Path) -> None:
    """What ``flet`` does for a no-CDN page (Roboto from the site, in the font manifest), and
    one more: Flet's client (each renderer's, where shipped) loads the Rive animation runtime
    from a CDN at start; point it into the site (where it is not: Scorer shows no Rive
    animation), so nothing is ever asked of another host."""
    from flet_web.patch_index import patch_font_manifest_json

    patch_font_manifest_json(str(site / FONT_MANIFEST))
    for name in ("main.dart.js", "main.dart.wasm"):
        path = site / name
        if path.is_file():
            path.write_bytes(client(name, path.read_bytes()))


def client(name: str, data: bytes) -> bytes:
    """Flet's client (``main.dart.js``, or skwasm's ``main.dart.wasm``, where the address is
    in the module's string data) with the Rive runtime's CDN address pointed into the site."""
    text = data.decode("latin-1")  # one character a byte: the same offsets
    need(name, text, MARKERS[name])
    start = text.index(RIVE_CDN)
    end = text.index("/", start + len(RIVE_CDN)) + 1
    cdn = data[start:end]
    local = NO_RIVE.encode() + b"_" * (len(cdn) - len(NO_RIVE) - 1) + b"/"
    return data.replace(cdn, local)
