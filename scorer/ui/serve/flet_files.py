"""Every change Scorer makes to Flet's built web client (``flet_web/web``, from the flet-web
package) and to the Pyodide runtime it ships, for both builds: ``scorer serve`` (the client
files as served, :mod:`.client_files`, and its page) and ``scorer publish`` (the static site,
:mod:`scorer.ui.site.publish`); and the message framing ``python-start.js`` copies from
Flet's worker.

Each assumption is a marker, listed in ``MARKERS`` under the file it is in, and checked with
:func:`need` before it is relied on: a Flet or Pyodide whose files no longer have one fails
the build (``scorer publish``, and ``scorer serve`` before it serves anything) with
:class:`FletChanged`, naming the file, the marker and the version of flet-web or Pyodide,
instead of building a page that would contact a CDN, start Python the old way, or point at an
icon the site does not ship (a ``str.replace`` that stops matching does nothing, silently).
tests/test_flet_files.py removes each marker from a copy of the file and checks that each
build fails naming it.
The changes to Pyodide's runtime itself (``pyodide.asm.mjs``) are in :mod:`.pyodide_runtime`;
their markers are here, with the others.

**The framing python-start.js copies.** Scorer's Python start (``python-start.js``, in place
of Flet's ``initPyodide``) sends the app's output to Flet's client as Flet's own worker does:
one type byte ``0x00`` (a Flet protocol message; ``0x01`` is a raw data-channel frame), then
msgpack of ``[action, body]`` with ``action`` = ``MessageAction.PYTHON_OUTPUT`` (``7``) and
``body`` = ``{"text": str, "is_stderr": bool}``: the bytes of
``flet.messaging.pyodide_connection.PyodideConnection.send_message``. tests/test_flet_files.py
runs the copy and Flet's ``send_message`` and compares their bytes.
"""

from __future__ import annotations

import json
import re
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Any

__all__ = ["COMMON", "FONT_MANIFEST", "ICON_FONT", "MARKERS", "PYODIDE_LOCK", "RENDERER_FILES",
           "UNUSED_FONTS", "FletChanged", "PublishError", "check_served_client", "client",
           "flutter_bootstrap", "font_manifest", "index_page", "need", "patch_clients",
           "pyodide_info", "python_worker", "served_index", "trimmed_lock", "web_dir"]


class PublishError(Exception):
    """The site cannot be built (one line for the player)."""


Marker = str | re.Pattern[str]


class FletChanged(PublishError):
    """A file of Flet's web client (or of the Pyodide it ships) no longer has what Scorer's
    pages rely on; ``scorer publish`` and ``scorer serve`` stop with this one line."""

    def __init__(self, file: str, missing: list[Marker]) -> None:
        self.file = file
        self.missing = missing
        shown = ", ".join(repr(m.pattern if isinstance(m, re.Pattern) else m) for m in missing)
        super().__init__(f"{maker(file)}'s {file} is not as Scorer expects: {shown} not found "
                         "in it (see scorer/ui/serve/flet_files.py)")


def maker(file: str) -> str:
    """Whose ``file`` is, with its version: "flet-web 1.0.5", "Pyodide 314.0.7"."""
    if file.startswith("pyodide/"):
        try:
            return f"Pyodide {json.loads((_web() / PYODIDE_PACKAGE).read_text('utf-8'))['version']}"
        except (OSError, ValueError, KeyError, TypeError, PublishError):
            return "Pyodide"
    try:
        return f"flet-web {package_version('flet-web')}"
    except PackageNotFoundError:  # pragma: no cover - flet-web is a dependency
        return "flet-web"


def need(file: str, text: str, markers: tuple[Marker, ...]) -> None:
    """Fail the build, naming ``file`` and each marker, unless ``text`` has every one."""
    missing = [m for m in markers
               if (m.search(text) is None if isinstance(m, re.Pattern) else m not in text)]
    if missing:
        raise FletChanged(file, missing)


def need_once(file: str, text: str, markers: tuple[str, ...]) -> None:
    """As :func:`need`, and each marker is there exactly once (a replacement of it changes
    one known place)."""
    need(file, text, markers)
    twice = [m for m in markers if text.count(m) != 1]
    if twice:
        raise FletChanged(file, [f"{m} (once; found {text.count(m)} times)" for m in twice])


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


def _web() -> Path:
    try:
        import flet_web
    except ImportError:  # pragma: no cover - flet-web is a dependency
        raise PublishError("flet-web is not installed (pip install flet-web)") from None
    return Path(flet_web.__file__).parent / "web"


def web_dir(renderer: str = "auto") -> Path:
    """flet_web/web, having every file the site copies for ``renderer``."""
    web = _web()
    for name in COMMON + RENDERER_FILES[renderer] + (FONT_MANIFEST, ICON_FONT):
        if not (web / name).exists():
            raise PublishError(f"flet-web at {web} has no {name}, which Scorer's site needs "
                               "(see scorer/ui/serve/flet_files.py)")
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

# Both builds leave out the fonts Scorer never draws with (KaTeX for LaTeX, Cupertino icons):
# Flutter fetches every font of its manifest at each first visit.
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
# What flet_web.patch_font_manifest_json adds for a no-CDN page (Roboto from the page's host).
ROBOTO = {"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]}
# The served page (``scorer serve``) as patch_index_html leaves it: each setting is replaced
# once, pointing the client files at their versioned path.
SERVED_INDEX = {
    'flet.entrypointBaseUrl="/";': 'flet.entrypointBaseUrl="{prefix}";',
    'flet.canvasKitBaseUrl="/canvaskit/";': 'flet.canvasKitBaseUrl="{prefix}canvaskit/";',
    'src="flutter_bootstrap.js"': 'src="{prefix}flutter_bootstrap.js"',
    'src="python.js"': 'src="{prefix}python.js"',
}
# Pyodide's lock file: the runtime's Python (which packages the site packs) under ``info``;
# the site keeps ``info`` only (its ``packages`` are Pyodide's own, which it does not ship).
PYODIDE_LOCK = "pyodide/pyodide-lock.json"
PYODIDE_PACKAGE = "pyodide/package.json"
LOCK_PYTHON = re.compile(r'"info":\s*\{[^{}]*"python":\s*"\d+\.\d+\.\d+"')
LOCK_PACKAGES = '"packages":'
# Pyodide's dynamic linker (Emscripten's, in pyodide.asm.mjs): its table of global symbols
# (GOT), an entry created unresolved (-1) by GOTHandler only, and reportUndefinedSymbols, which
# looks at every entry for one still unresolved (the whole function: its body is relied on);
# decision 601.
PYODIDE_ASM = "pyodide/pyodide.asm.mjs"
GOT_TABLE = "var GOT={};"
GOT_UNRESOLVED = 'rtn=GOT[symName]=new WebAssembly.Global({value:"i32",mutable:true},-1)}'
GOT_REPORT_HEAD = ("var reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT))"
                   "{if(entry.value==-1){")
GOT_REPORT_TAIL = "}}};var loadDylibs="
# convertJsFunctionToWasm: a JavaScript function (a symbol of Emscripten's own library) made a
# wasm function by a module compiled for it alone, whose bytes are its signature's only.
WRAPPER_COMPILE = "var module=new WebAssembly.Module(bytes);"
WRAPPER = (
    "var convertJsFunctionToWasm=(func,sig)=>{var bytes=Uint8Array.of(0,97,115,109,1,0,0,0,1,"
    "...uleb128EncodeWithLen([1,96,...generateTypePack(sig.slice(1)),...generateTypePack(sig[0]"
    '==="v"?"":sig[0])]),2,7,1,1,101,1,102,0,0,7,5,1,1,102,0,0);' + WRAPPER_COMPILE +
    "var instance=new WebAssembly.Instance(module,{e:{f:func}});var wrappedFunc=instance.exports"
    '["f"];return wrappedFunc};')
GOT_REPORT = (
    GOT_REPORT_HEAD + "var value=resolveGlobalSymbol(symName,true).sym;if(!value&&!entry.required)"
    "{entry.value=0;continue}else if(!value){throw new Error(`Dynamic linking error: undefined "
    "symbol '${symName}'`)}if(typeof value==\"function\"){entry.value=addFunction(value,value.sig)"
    "}else if(typeof value==\"number\"){entry.value=value}else if(typeof value.value==\"number\")"
    "{entry.value=value}else{throw new Error(`bad export type for '${symName}': ${typeof value} "
    "(${value})`)}" + GOT_REPORT_TAIL)
LINKER = (GOT_TABLE, GOT_UNRESOLVED, GOT_REPORT, WRAPPER)  # each replaced once
# Emscripten's assignWasmExports: one statement for each export of Pyodide's main module (about
# 4,870), each setting the property of Module and a variable of the module's closure, all
# declared in the one statement before it; the object of the module's imports comes after it
# (decision 604).
EXPORTS_HEAD = ",wasmTable,wasmMemory;function assignWasmExports(wasmExports){"
EXPORTS_TAIL = "}var wasmImports={"
EXPORTS = (EXPORTS_HEAD, EXPORTS_TAIL)  # each once
# A function's export, and a global's (its address), as the statements name them.
EXPORT_FUNCTION = re.compile(r'(_[\w$]+)=Module\["\1"\]=wasmExports\["([\w$]+)"\]')
EXPORT_GLOBAL = re.compile(r'(_[\w$]+)=Module\["\1"\]=wasmExports\["([\w$]+)"\]\.value>>>0')
IDENTIFIER = re.compile(r"[\w$]+")

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
    FONT_MANIFEST: ('"family"', '"fonts"'),
    PYODIDE_LOCK: (LOCK_PYTHON, LOCK_PACKAGES),
    PYODIDE_PACKAGE: ('"version"',),
    PYODIDE_ASM: LINKER + EXPORTS,
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
    """The font manifest as both builds serve it (:func:`font_manifest`), and Flet's client
    (each renderer's, where shipped) with the Rive runtime pointed into the site (where it is
    not: Scorer shows no Rive animation), so nothing is ever asked of another host."""
    manifest = site / FONT_MANIFEST
    manifest.write_text(font_manifest(manifest.read_text(encoding="utf-8")), encoding="utf-8")
    for name in ("main.dart.js", "main.dart.wasm"):
        path = site / name
        if path.is_file():
            path.write_bytes(client(name, path.read_bytes()))


def client(name: str, data: bytes, local: str = NO_RIVE) -> bytes:
    """Flet's client (``main.dart.js``, or skwasm's ``main.dart.wasm``, where the address is
    in the module's string data) with the Rive runtime's CDN address pointed at ``local``
    (the site's relative ``no-rive``; ``scorer serve``'s ``/_no_cdn_rive``, which answers
    404): the same length, so the wasm binary keeps its layout."""
    text = data.decode("latin-1")  # one character a byte: the same offsets
    need(name, text, MARKERS[name])
    start = text.index(RIVE_CDN)
    end = text.index("/", start + len(RIVE_CDN)) + 1
    cdn = data[start:end]
    return data.replace(cdn, local.encode() + b"_" * (len(cdn) - len(local) - 1) + b"/")


def font_manifest(text: str) -> str:
    """Flutter's font manifest (``assets/FontManifest.json``) as both builds serve it: as
    ``flet`` patches it for a no-CDN page (Roboto from the page's host), without
    :data:`UNUSED_FONTS`."""
    need(FONT_MANIFEST, text, MARKERS[FONT_MANIFEST])
    try:
        fonts = json.loads(text)
    except ValueError:
        fonts = None
    if not isinstance(fonts, list) or not all(isinstance(f, dict) for f in fonts):
        raise FletChanged(FONT_MANIFEST, ['[{"family": ..., "fonts": [...]}, ...]'])
    kept = [f for f in fonts if not str(f.get("family", "")).startswith(UNUSED_FONTS)]
    return json.dumps([*kept, ROBOTO])


def served_index(page: str, prefix: str, head: str) -> str:
    """Flet's index.html, as ``patch_index_html`` leaves it for a no-CDN server, pointed at the
    client files under ``prefix`` (``/v/<version>/``), with ``head`` first in ``<head>``."""
    need_once("index.html", page, (HEAD, *SERVED_INDEX))
    page = page.replace(HEAD, f"{HEAD}\n{head}")
    for old, new in SERVED_INDEX.items():
        page = page.replace(old, new.format(prefix=prefix))
    return page


def check_served_client(web: Path) -> None:
    """What ``scorer serve`` patches as it serves Flet's files (the Rive address, read when a
    browser first asks for the client), checked before it serves anything."""
    for name in ("main.dart.js", "main.dart.wasm"):
        if (web / name).is_file():
            need(name, (web / name).read_bytes().decode("latin-1"), MARKERS[name])


# --- Pyodide ---------------------------------------------------------------------------------


def _pyodide_version(web: Path | None = None) -> str:
    text = ((web or _web()) / PYODIDE_PACKAGE).read_text(encoding="utf-8")
    need(PYODIDE_PACKAGE, text, MARKERS[PYODIDE_PACKAGE])
    return str(json.loads(text)["version"])


def pyodide_info(web: Path | None = None) -> dict[str, Any]:
    """The ``info`` of the Pyodide lock file flet-web ships (``python`` is "3.x.y"), checked."""
    text = ((web or _web()) / PYODIDE_LOCK).read_text(encoding="utf-8")
    need(PYODIDE_LOCK, text, MARKERS[PYODIDE_LOCK])
    lock = json.loads(text)
    info = lock.get("info") if isinstance(lock, dict) else None
    if not isinstance(info, dict) or not isinstance(lock.get("packages"), dict) \
            or not re.fullmatch(r"\d+\.\d+\.\d+", str(info.get("python", ""))):
        raise FletChanged(PYODIDE_LOCK, [LOCK_PYTHON, LOCK_PACKAGES])
    return info


def trimmed_lock(web: Path) -> str:
    """Pyodide's lock file lists the 350 packages of Pyodide's own distribution (none of which
    the site has or loads: the app's packages come in app.tar.gz): its ``info`` only, with the
    runtime's version added (as shipped it has no ``info.version``)."""
    info = pyodide_info(web)
    if "version" not in info:
        info["version"] = _pyodide_version(web)
    return json.dumps({"info": info, "packages": {}})
