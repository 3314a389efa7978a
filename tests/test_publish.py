"""``scorer publish``: what the built site contains (the browser tests run it: tests/e2e)."""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import lzma
import os
import re
import shutil
import subprocess
import tarfile
import zipfile
from importlib.resources import files
from pathlib import Path

import flet_web
import pytest

import scorer
from scorer.cli import main
from scorer.ui.serve import flet_files, pyodide_runtime
from scorer.ui.site.offline import lzma_script
from scorer.ui.site.pack import app_archive, package_files
from scorer.ui.site.publish import SNAPSHOT_HASHED, normalize_base_url, publish
from scorer.ui.site.slim import (
    DOCS_READ,
    FLUTTER_ICONS,
    app_icons,
    icon_table,
    slimmed,
    stdlib_dropped,
    trimmed_stdlib,
    without_comments,
    without_docstrings,
)


@pytest.fixture
def site(published_site):
    return published_site


def precache(site):
    text = (site / "sw.js").read_text(encoding="utf-8")
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    return json.loads(text[start:text.index(";\nconst CACHE")])


def test_the_page_gives_flutter_a_valid_language_before_anything_else(site):
    """Issue 17 item 9 (the script itself is tested in Chromium: tests/e2e)."""
    from scorer.ui.serve.client_files import LOCALE_SCRIPT

    page = (site / "index.html").read_text(encoding="utf-8")
    assert page.count(LOCALE_SCRIPT) == 1
    head = page.index("<head>") + len("<head>")
    assert page[head:].lstrip().startswith(LOCALE_SCRIPT)
    assert page.index(LOCALE_SCRIPT) < page.index("flutter_bootstrap.js")
    # And history.js (decision 150), before Flutter listens to the browser's history.
    from scorer.ui.serve.client_files import head_scripts

    assert page.count(head_scripts()) == 1 and "scorerTrail" in head_scripts()
    assert page.index(head_scripts()) < page.index("flutter_bootstrap.js")


def test_the_page_ends_its_workers_before_any_starts_when_it_is_cached(site):
    """The WebKit fault of issue 17: the script that frees the games' lock when the page goes
    into the back/forward cache runs before python.js can start the app's worker (it is tried in
    Chromium: tests/e2e/test_published.py, and in WebKit by hand: benchmarks/webkit_site.py)."""
    page = (site / "index.html").read_text(encoding="utf-8")
    script = (files("scorer") / "assets" / "web" / "page-leave.js").read_text(encoding="utf-8")
    assert page.count(script) == 1
    assert page.index(script) < page.index('<script src="python.js">')
    assert page.index(script) < page.index("flutter_bootstrap.js")


def test_the_page_reads_a_picked_file_itself_and_python_asks_it_to(site):
    """picked.js (decision 245) wraps the page's Worker before python.js makes Python's, and
    the worker takes the page's answers before Flet's handler (python-start.js's listener is
    added before Flet's onmessage is set)."""
    page = (site / "index.html").read_text(encoding="utf-8")
    script = (files("scorer") / "assets" / "web" / "picked.js").read_text(encoding="utf-8")
    assert page.count(script) == 1
    assert page.index(script) < page.index('<script src="python.js">')
    worker = (site / "python-worker.js").read_text(encoding="utf-8")
    assert "self.flet_js.scorerReadPicked" in worker
    assert worker.index('self.addEventListener("message"') < worker.index("self.onmessage =")


def test_the_lzma_decoder_is_built_from_its_source(site, tmp_path):
    """lzma.wasm is what lzma.c makes with the command written in its header (Debian's clang
    and lld; CI installs them and sets SCORER_WASM_BUILD, which makes their absence a failure
    rather than a skip), and the service worker carries it (decision 586)."""
    folder = files("scorer") / "assets" / "web"
    source = (folder / "lzma.c").read_text(encoding="utf-8")
    command = re.search(r"\*   (clang .*?) -o lzma\.wasm lzma\.c", source, re.S)
    assert command, "lzma.c names no build command"
    words = command[1].replace("\\", " ").replace("*", " ").split()
    if not (shutil.which("clang") and shutil.which("wasm-ld")):
        if os.environ.get("SCORER_WASM_BUILD"):
            pytest.fail("clang or wasm-ld is missing (SCORER_WASM_BUILD is set)")
        pytest.skip("no clang and wasm-ld here")
    built = tmp_path / "lzma.wasm"
    subprocess.run([*words, "-o", str(built), str(folder / "lzma.c")], check=True)
    assert built.read_bytes() == (folder / "lzma.wasm").read_bytes()
    script = lzma_script()
    wasm = base64.b64encode((folder / "lzma.wasm").read_bytes()).decode()
    assert script.count(wasm) == 1 and "__SCORER_LZMA_WASM__" not in script
    assert (site / "sw.js").read_text(encoding="utf-8").endswith(script)


def test_the_page_paces_flets_boot_screen_from_before_flutter_starts(site):
    """boot-pace.js (decision 585) wraps the page's requestAnimationFrame before Flutter's
    client can ask for a frame, and the page tells it when the first screen is up (picked.js
    passes on the worker's word). What it does is tried in Chromium:
    tests/e2e/test_boot_pace_browser.py, and on the site: tests/e2e/test_published.py."""
    page = (site / "index.html").read_text(encoding="utf-8")
    script = (files("scorer") / "assets" / "web" / "boot-pace.js").read_text(encoding="utf-8")
    assert page.count(script) == 1
    assert page.index(script) < page.index("flutter_bootstrap.js")
    assert page.index(script) < page.index('<script src="python.js">')
    assert '"scorer-home-shown"' in script and "scorer-home-shown" in page


def test_the_page_runs_python_in_the_browser_under_its_base_url(site):
    page = (site / "index.html").read_text(encoding="utf-8")
    assert '<base href="/cards/scorer/">' in page
    assert 'flet.pyodideUrl="/cards/scorer/pyodide/pyodide.mjs";' in page  # a path, not a name
    assert "flet.pyodide = true;" in page and 'flet.routeUrlStrategy="hash";' in page
    assert 'navigator.serviceWorker.register("sw.js", { scope: "/cards/scorer/" })' in page
    assert "navigator.storage.persist()" in page
    # A new build's worker never takes over a loading page: it waits for the app to close.
    assert "skipWaiting()" not in (site / "sw.js").read_text(encoding="utf-8")
    # Flutter's own service worker would replace ours: it is not registered.
    assert 'serviceWorkerVersion: "' not in (site / "flutter_bootstrap.js").read_text()
    # The page's settings and the client name no other host (the loader's defaults for unset
    # settings do; the browser tests refuse every such request).
    assert "https://" not in page.split("<body>")[0].split("var flet = {")[1]
    assert "cdn.jsdelivr.net" not in (site / "main.dart.js").read_text(encoding="utf-8")


def test_the_site_ships_pyodides_runtime_with_its_linker_and_exports_changed_only(site):
    """pyodide.asm.mjs is Flet's copy with the linker's report made cheaper (decision 601) and
    the exports assigned by name lists (604), byte for byte otherwise; the snapshot's build
    hash covers it (a new one is made)."""
    shipped = (flet_files.web_dir("auto") / flet_files.PYODIDE_ASM).read_bytes()
    ours = (site / flet_files.PYODIDE_ASM).read_bytes()
    assert len(ours) < len(shipped) * 0.75
    assert ours == pyodide_runtime.shipped(shipped.decode("utf-8")).encode("utf-8")
    assert flet_files.PYODIDE_ASM in SNAPSHOT_HASHED


def test_every_file_is_precached_with_its_hash_and_lzma_copies_match(site):
    manifest = precache(site)
    assert manifest["base"] == "/cards/scorer/"
    for name in ("index.html", "app.tar.gz", "pyodide/pyodide.asm.wasm", "manifest.json",
                 "fonts/ScorerSymbols.ttf"):
        data = (site / name).read_bytes()
        assert manifest["files"][name] == hashlib.sha256(data).hexdigest()[:16], name
    # Every large file travels as LZMA (decision 440), the size it decodes to in its header.
    assert {"pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "app.tar.gz",
            "index.html"} <= set(manifest["packed"])
    for name in manifest["packed"]:
        packed, data = (site / f"{name}.lzma").read_bytes(), (site / name).read_bytes()
        assert lzma.decompress(packed, format=lzma.FORMAT_ALONE) == data, name
        assert int.from_bytes(packed[5:13], "little") == len(data), name
    # No gzip copies beside them any more (the service worker never asks for one).
    assert [p.name for p in site.rglob("*.gz") if p.with_suffix("").exists()] == []
    assert "sw.js" not in manifest["files"]


def test_both_renderers_are_shipped_and_each_browser_keeps_the_one_flutter_picks(site):
    """skwasm where Flutter allows it (Chromium), CanvasKit elsewhere: the page leaves the
    choice to Flutter, and neither renderer's files are downloaded before a page asks."""
    manifest = precache(site)
    page = (site / "index.html").read_text(encoding="utf-8")
    assert 'flet.webRenderer="auto";' in page
    renderers = ("main.dart.js", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm",
                 "main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.js",
                 "canvaskit/skwasm.wasm", "canvaskit/skwasm_heavy.wasm")
    for name in renderers:
        assert name not in manifest["files"], name
        assert manifest["onDemand"][name] == hashlib.sha256(
            (site / name).read_bytes()).hexdigest()[:16], name
    # Kept on demand, the large ones still travel as LZMA.
    assert {"main.dart.js", "main.dart.wasm", "canvaskit/skwasm.wasm",
            "canvaskit/canvaskit.wasm"} <= set(manifest["packed"])
    assert "cdn.jsdelivr.net" not in (site / "main.dart.wasm").read_bytes().decode("latin-1")
    # CanvasKit, where it is used, is its full build.
    assert 'canvasKitVariant: "full"' in (site / "flutter_bootstrap.js").read_text()


def test_fallback_fonts_are_kept_once_asked_for_but_devanagari_at_install(site):
    """The fallback fonts are kept when Flutter (or the page, once its home screen is up:
    decision 247) asks for them; the Devanagari one, which every first home screen needs for
    its language list, at install (decision 248)."""
    manifest = precache(site)
    chinese = "fonts/NotoSansSC-common.woff2"
    devanagari = "fonts/NotoSansDevanagari.woff2"
    assert chinese not in manifest["files"]  # not downloaded at the install
    assert manifest["onDemand"][chinese] == hashlib.sha256(
        (site / chinese).read_bytes()).hexdigest()[:16]
    assert [name for name in manifest["files"] if "Noto" in name] == [devanagari]
    assert devanagari not in manifest["onDemand"]
    # Flutter's own URLs (fontFallbackBaseUrl + folder) are answered with ours.
    assert 'flet.fontFallbackBaseUrl="assets/fonts/";' in (site / "index.html").read_text()
    assert manifest["fontFallbacks"]["notosanssc"] == chinese
    assert manifest["fontFallbacks"]["notosansarabic"] == "fonts/NotoSansArabic.woff2"
    # Devanagari is asked for as plain Noto Sans's slice (decision 115).
    assert manifest["fontFallbacks"]["notosans"] == devanagari
    assert set(manifest["fontFallbacks"].values()) == {devanagari} | {
        name for name in manifest["onDemand"] if name.startswith("fonts/Noto")}


def test_the_app_archive_carries_every_dependency_and_scorer_compiled(site):
    """Every package the app runs in the browser, as source; Scorer's modules as Pyodide's
    bytecode, each in place of its source; what only the desktop runs left out; Flet's table
    of icon names cut to the names some shipped module uses (decision 584)."""
    with tarfile.open(fileobj=io.BytesIO((site / "app.tar.gz").read_bytes())) as tar:
        names = tar.getnames()
        main_py = tar.extractfile("main.py").read().decode()
        icons = json.loads(tar.extractfile("__pypackages__/flet/controls/material/icons.json")
                           .read())
    assert "from scorer.ui.site.browser import start" in main_py
    for module in ("scorer/ui/shell/app.pyc", "scorer/store/core.pyc", "scorer/__init__.pyc",
                   "scorer/assets/i18n/bg.json", "flet/__init__.py", "flet_charts/__init__.py",
                   "tinydb/__init__.py", "segno/__init__.py", "msgpack/fallback.py", "repath.py",
                   "six.py", "platformdirs/__init__.py", "flet/app.py"):
        assert f"__pypackages__/{module}" in names, module
    assert not [n for n in names if n.endswith(".so")]
    compiled = [n for n in names if n.endswith(".pyc")]
    assert len(compiled) > 100 and all(n.startswith("__pypackages__/scorer/") for n in compiled)
    assert not [n for n in names if n.startswith("__pypackages__/scorer/") and n.endswith(".py")]
    # The command line, the servers: never run in the browser.
    assert not [n for n in names if n.startswith(("__pypackages__/scorer/cli/",
                                                  "__pypackages__/scorer/ui/serve/",
                                                  "__pypackages__/scorer/__main__",
                                                  "__pypackages__/flet/messaging/flet_socket",
                                                  "__pypackages__/flet/messaging/flet_dart"))]
    # Flet's names of the icons: those some shipped module names (Scorer's, Flet's), no others.
    own = app_icons(path for _name, path in package_files("scorer") if path.suffix == ".py")
    assert own and {name.upper() for name in own} | {"ARROW_BACK_ROUNDED", "OPEN_WITH"} <= set(
        icons)
    assert "ABC" not in icons and len(icons) < 100
    import flet

    table = (Path(flet.__file__).parent / "controls" / "material" / "icons.json").read_bytes()
    assert icons == {name: point for name, point in json.loads(table).items() if name in icons}
    assert icon_table(b'{"B":2,"A":1,"C":3}', ["C", "B", "Z"]) == b'{"B":2,"C":3}'
    # Type stubs (Flet's icons: 330 KB) and the modules that build the site are never run there.
    assert not [n for n in names if n.endswith(".pyi")]
    assert "__pypackages__/flet/controls/material/icons.json" in names  # read to name icons
    assert not [n for n in names if n.startswith("__pypackages__/scorer/ui/") and n.endswith(
        ("site/publish.pyc", "site/slim.pyc", "site/pack.pyc", "site/offline.pyc",
         "site/bytecode.pyc", "serve/flet_files.pyc"))]
    # What the page loads from the site itself is not packed again for Python.
    assert not [n for n in names if n.startswith("__pypackages__/scorer/assets/fonts/")]
    assert "__pypackages__/scorer/assets/rules/minibridge.md" in names


def test_fonts_never_drawn_are_neither_listed_nor_shipped(site):
    fonts = json.loads((site / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
    families = [f["family"] for f in fonts]
    assert families and not [f for f in families if "katex" in f or "cupertino" in f]
    assert not (site / "assets" / "packages" / "flutter_math_fork").exists()
    assert (site / "fonts" / "NotoSansSC-common.woff2").is_file()  # names in Chinese


def test_the_manifest_makes_it_installable(site):
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "Scorer" and manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "/cards/scorer/"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert (site / icon["src"]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_rebuild_replaces_an_earlier_one_and_gives_the_same_bytes(site, tmp_path):
    """One build over a copy of an earlier one (not rebuilt: a build is the slow part)."""
    folder = Path(shutil.copytree(site, tmp_path / "site"))
    (folder / "stale.txt").write_text("from an older build")
    assert publish(folder, base_url="/cards/scorer/") == folder
    assert not (folder / "stale.txt").exists() and (folder / "sw.js").is_file()
    for name in ("sw.js", "app.tar.gz", "index.html", "main.dart.js.lzma",
                 "pyodide/python_stdlib.zip"):
        assert (folder / name).read_bytes() == (site / name).read_bytes(), name


@pytest.mark.parametrize("given, expected", [("/", "/"), ("", "/"), ("scorer", "/scorer/"),
                                             ("/a/b/", "/a/b/")])
def test_base_urls(given, expected):
    assert normalize_base_url(given) == expected


def test_bad_requests_get_one_line_and_status_2(tmp_path, capsys):
    assert main(["publish", "--out", str(tmp_path / "s"), "--base-url", "/a b/"]) == 2
    assert capsys.readouterr().err.strip() == (
        "scorer publish: --base-url: '/a b/' is not a path like /scorer/")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    assert main(["publish", "--out", str(busy)]) == 2
    assert "is not empty and is not an earlier Scorer site" in capsys.readouterr().err
    assert (busy / "notes.txt").read_text() == "mine"  # untouched
    (busy / "sw.js").write_text("someone else's service worker")
    (busy / "app.tar.gz").write_bytes(b"")
    assert main(["publish", "--out", str(busy)]) == 2
    assert (busy / "notes.txt").read_text() == "mine"


def snapshot_build(site: Path) -> str:
    worker = (site / "python-worker.js").read_text(encoding="utf-8")
    found = re.search(r'const SCORER_BUILD = "([0-9a-f]{16})";', worker)
    assert found, worker[:500]
    return found[1]


def test_python_starts_from_a_snapshot_keyed_by_everything_it_depends_on(site, tmp_path):
    worker = (site / "python-worker.js").read_text(encoding="utf-8")
    # Scorer's start in place of Flet's, the rest of Flet's worker kept.
    assert "_loadSnapshot: snapshot" in worker and "makeMemorySnapshot()" in worker
    assert "runpy.run_module(python_module_name" not in worker  # Flet's start is gone
    assert "self.onmessage = async (event) =>" in worker
    assert '"flet.messaging.pyodide_connection"' in worker  # never in a snapshot
    assert "__SCORER" not in worker
    # The key changes with the app, the runtime or the worker; it is the same for the same.
    from scorer.ui.site.publish import _patch_python_worker

    flet_worker = Path(flet_web.__file__).parent / "web" / "python-worker.js"
    keys = set()
    for change in (None, "app.tar.gz", "pyodide/python_stdlib.zip", "pyodide/pyodide.asm.wasm"):
        copy = tmp_path / f"copy-{len(keys)}"
        shutil.copytree(site, copy)
        shutil.copyfile(flet_worker, copy / "python-worker.js")
        if change:
            with (copy / change).open("ab") as changed:
                changed.write(b"\0")
        _patch_python_worker(copy)
        keys.add(snapshot_build(copy))
    assert len(keys) == 4 and snapshot_build(site) in keys


def test_a_flet_whose_worker_changed_shape_fails_the_build_loudly(site, tmp_path):
    from scorer.ui.site.publish import PublishError, _patch_python_worker

    copy = tmp_path / "copy"
    copy.mkdir()
    shutil.copyfile(site / "app.tar.gz", copy / "app.tar.gz")
    shutil.copyfile(site / "python.js", copy / "python.js")
    (copy / "python-worker.js").write_text("self.initPyodide = async function () {};\n")
    with pytest.raises(PublishError, match=r"flet-web [\d.]+'s python-worker.js is not as "
                                           "Scorer expects: .*'self.sendPythonOutput"):
        _patch_python_worker(copy)


# --- what the first visit does not download (decisions 88-90) --------------------------------

def _imported(module: str, source: str, is_package: bool, everywhere: bool) -> set[str]:
    """The modules ``source`` imports (and their parents): every import statement when
    ``everywhere``, else those run when the module is imported (not inside a function, not
    under ``if __name__ == ...``). Source this Python cannot parse: every line that imports."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # newer syntax than this Python's: read it line by line
        return _imported_lines(source, everywhere)
    names = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if not everywhere and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                     ast.Lambda)):
                continue
            if isinstance(child, ast.If) and isinstance(child.test, ast.Compare) \
                    and isinstance(child.test.left, ast.Name) and child.test.left.id == "__name__":
                continue
            if isinstance(child, ast.Import):
                names.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = module.split(".")[:None if is_package else -1]
                    parts = parts[:len(parts) - child.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                names.add(base)
                names.update(f"{base}.{alias.name}" for alias in child.names)
            visit(child)

    visit(tree)
    return {".".join(n.split(".")[:k]) for n in names for k in range(1, n.count(".") + 2)}


def _imported_lines(source: str, everywhere: bool) -> set[str]:
    """``_imported`` for source this Python cannot parse: the import lines, outside functions
    and ``if __name__`` blocks (by indentation) unless ``everywhere``."""
    names: set[str] = set()
    blocks: list[tuple[int, bool]] = []  # (indentation, a function or a __main__ block)
    for line in source.splitlines():
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        while blocks and blocks[-1][0] >= indent:
            blocks.pop()
        skipped = any(inner for _, inner in blocks) and not everywhere
        found = re.match(r"(?:from\s+([\w.]+)\s+import\s+\(?([\w, ]+)|import\s+([\w., ]+))",
                         text)
        if found and not skipped:
            if found[3]:
                names |= {n.strip().split(" as ")[0] for n in found[3].split(",")}
            else:
                names |= {found[1]} | {f"{found[1]}.{n.strip().split(' as ')[0]}"
                                       for n in found[2].split(",") if n.strip()}
        if text.endswith(":"):
            blocks.append((indent, bool(re.match(r"(async\s+)?def\s|if\s+__name__", text))))
    return {".".join(n.split(".")[:k]) for n in names for k in range(1, n.count(".") + 2)}


def _modules(files: dict[str, bytes], prefix: str = "") -> dict[str, tuple[str, bool]]:
    """module name -> (source, is a package) for the .py files of ``files``."""
    modules = {}
    for name, data in files.items():
        if name.startswith(prefix) and name.endswith(".py"):
            dotted = name[len(prefix):-3].replace("/", ".")
            package = dotted.endswith(".__init__")
            modules[dotted.removesuffix(".__init__")] = (data.decode("utf-8", "replace"),
                                                          package)
    return modules


# CPython's modules frozen into its binary (Python/frozen.c, 3.11 and later), as Pyodide's 3.14
# has them.
FROZEN = {"importlib._bootstrap", "importlib._bootstrap_external", "zipimport", "abc", "codecs",
          "io", "_collections_abc", "_sitebuiltins", "genericpath", "ntpath", "posixpath", "os",
          "site", "stat", "importlib.util", "importlib.machinery", "runpy"}


def test_the_standard_library_keeps_every_module_the_app_can_import(site):
    """Every module of the standard library that an import statement of the app's code reaches
    (in any function of scorer, flet, ...; then through the standard library's module-level
    imports) is in the site's trimmed python_stdlib.zip."""
    # The app's modules as shipped, before they were compiled (Scorer's: decision 584).
    with tarfile.open(fileobj=io.BytesIO(app_archive())) as tar:
        app = _modules({m.name: tar.extractfile(m).read() for m in tar.getmembers()
                        if m.isfile()}, "__pypackages__/")
    web = Path(flet_web.__file__).parent / "web" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(web) as full, zipfile.ZipFile(site / "pyodide" /
                                                       "python_stdlib.zip") as trimmed:
        stdlib = _modules({n: full.read(n) for n in full.namelist()})
        # (a module shipped compiled, NAME.pyc, is kept too: decision 583)
        kept = _modules({n.removesuffix("c"): b"" for n in trimmed.namelist()})
    # The app's code in the browser: all of it but what only the desktop runs.
    todo = [m for m in app if not m.startswith(("scorer.cli", "scorer.ui.serve",
                                                "scorer.ui.site.publish", "scorer.__main__"))]
    # What Python and Pyodide import by name, and the codecs the app uses.
    todo += ["site", "_pyodide", "pyodide", "runpy", "encodings", "encodings.utf_8",
             "encodings.utf_8_sig", "encodings.ascii", "encodings.unicode_escape",
             "encodings.latin_1", "encodings.idna", "_strptime", "_pylong", "tarfile"]
    reached: set[str] = set()
    while todo:
        module = todo.pop()
        if module in reached or (module not in app and module not in stdlib):
            continue
        reached.add(module)
        source, package = app[module] if module in app else stdlib[module]
        todo += _imported(module, source, package, everywhere=module in app)
    needed = {m for m in reached if m in stdlib and m not in app}
    assert len(needed) > 150 and {"asyncio", "json", "zipfile", "email.message"} <= needed
    missing = sorted(needed - set(kept))
    # Python runs these frozen into its binary: their source leaves the zip (decision 584;
    # the browser tests check that they run frozen there).
    assert missing == sorted(FROZEN & needed), missing
    assert {"os", "io", "site", "runpy", "codecs"} <= set(missing)
    # And what is left out is left out.
    assert len(kept) < len(stdlib) - 150
    for gone in ("unittest", "multiprocessing", "pdb", "encodings.cp1251", "xml.dom.minidom"):
        assert gone in stdlib and gone not in kept, gone
    assert "encodings.cp437" in kept and "encodings.utf_8" in kept


def test_dropping_a_module_the_app_imports_would_fail_that_check():
    """The check above can fail: what it reads as imported, and what is dropped."""
    source = ("import json\ndef later():\n    import csv\n"
              "if __name__ == '__main__':\n    import pdb\n")
    assert {"json", "csv"} <= _imported("m", source, False, everywhere=True)
    assert "pdb" not in _imported("m", source, False, everywhere=True)
    assert _imported("m", source, False, everywhere=False) == {"json"}
    assert _imported("p.m", "from . import x\nfrom .y import z\n", False, True) == {
        "p", "p.x", "p.y", "p.y.z"}
    newer = ("import os\ndef f():\n    import csv\nexcept A, B:\n    pass\n"
             "class C:\n    import glob\n")
    assert _imported_lines(newer, everywhere=False) == {"os", "glob"}
    assert _imported_lines(newer, everywhere=True) == {"os", "glob", "csv"}
    assert stdlib_dropped("unittest/mock.py") and stdlib_dropped("encodings/cp1251.py")
    assert not stdlib_dropped("encodings/cp437.py") and not stdlib_dropped("json/__init__.py")


def test_pyodides_lock_file_lists_no_package_and_the_worker_loads_none(site):
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {} and lock["info"]["version"] and lock["info"]["python"]
    worker = (site / "python-worker.js").read_text(encoding="utf-8")
    assert "loadPackage(" not in worker and "micropip.install" not in worker


def test_third_party_code_goes_without_docstrings_and_keeps_its_lines(site):
    import flet.controls.material.textfield as module

    installed = Path(module.__file__).read_bytes()
    with tarfile.open(fileobj=io.BytesIO((site / "app.tar.gz").read_bytes())) as tar:
        shipped = tar.extractfile("__pypackages__/flet/controls/material/textfield.py").read()
    # Scorer's modules are compiled from their slimmed source (decision 584): that source.
    with tarfile.open(fileobj=io.BytesIO(app_archive())) as tar:
        scorer_app = tar.extractfile("__pypackages__/scorer/ui/shell/app.py").read()
    assert len(shipped) < 0.6 * len(installed)
    assert shipped.count(b"\n") == installed.count(b"\n")  # tracebacks name the same lines
    assert not any(line.lstrip().startswith(b"#") for line in shipped.splitlines()[2:])
    own = (Path(scorer.__file__).parent / "ui" / "shell" / "app.py").read_bytes()
    assert scorer_app == slimmed(own) and scorer_app.count(b"\n") == own.count(b"\n")
    assert len(scorer_app) < 0.8 * len(own)
    source = (b'"""Module."""\nclass A:\n    """Summary.\n\n    More."""\n    x: int = 1\n'
              b'    """About x,\n    on two lines."""\n    def f(self):\n        "Doc."\n'
              b'        return 2\n')
    out = without_docstrings(source)
    assert out.count(b"\n") == source.count(b"\n") and b"More" not in out
    assert b"About x" not in out and b"Doc." not in out
    space: dict = {}
    exec(compile(out, "m", "exec"), space)
    assert space["A"].__doc__ == "Summary." and space["A"]().f() == 2 and space["A"].x == 1
    assert without_docstrings(b"def broken(:\n") == b"def broken(:\n"


def test_comments_go_and_every_line_keeps_its_number():
    source = (b"#!/usr/bin/env python\n# -*- coding: latin-1 -*-\nx = 1  # one\n"
              b"# alone\ns = '# not a comment'  # but this is\n"
              b'def f():\n    """Doc # kept as a string."""\n    return x  # two\n')
    out = without_comments(source)
    assert out.count(b"\n") == source.count(b"\n")
    assert out.splitlines()[:2] == source.splitlines()[:2]  # #! and the encoding declaration
    assert b"one" not in out and b"alone" not in out and b"but this" not in out
    assert b"s = '# not a comment'\n" in out and b"Doc # kept" in out
    assert ast.dump(ast.parse(out)) == ast.dump(ast.parse(source))
    assert without_comments(b"x = (\n") == b"x = (\n"  # does not tokenize: as it is
    # Source this Python cannot parse (Pyodide's is newer) keeps its comments and docstrings.
    newer = b"def f():\n    return 1  # kept\nexcept* = 1\n"
    assert slimmed(newer) == newer


def test_comments_are_found_as_the_tokenizer_finds_them_in_every_module_the_site_ships():
    """``without_comments`` passes over string literals with one regular expression (Python's
    tokenizer took ten seconds of a build): it gives the tokenizer's bytes, as slimming gives
    it them (docstrings already gone, except where the module reads its own), on the modules
    the site ships (the standard library's and the packages') where it is hardest: every
    other one with a ``#`` inside a string literal (237 of them), and every tenth of the
    others (all of them, 758, gave the same bytes when it was written; the tokenizer on all
    takes 15 s of a test run, on the hard ones alone 6 s)."""
    from scorer.ui.site.pack import package_files, packed_packages
    from scorer.ui.site.slim import (
        DOCS_READ,
        STRINGS_AND_COMMENTS,
        without_comments_tokenized,
    )

    stdlib = Path(flet_web.__file__).parent / "web" / "pyodide" / "python_stdlib.zip"
    sources: list[tuple[str, bytes]] = []
    with zipfile.ZipFile(stdlib) as archive:
        sources += [(info.filename, archive.read(info)) for info in archive.infolist()
                    if info.filename.endswith(".py")]
    sources += [(name, path.read_bytes()) for package in packed_packages()
                for name, path in package_files(package) if name.endswith(".py")]
    assert len(sources) > 700
    differ, compared, hard, hard_seen = [], 0, 0, 0
    for number, (name, source) in enumerate(sources):
        hash_in_string = any("#" in found.group() for found in STRINGS_AND_COMMENTS.finditer(
            source.decode("utf-8", "replace")) if found.lastgroup == "string")
        hard_seen += hash_in_string
        if not (hash_in_string and hard_seen % 2) and number % 10:
            continue
        try:
            ast.parse(source)
        except (SyntaxError, ValueError):
            continue  # not slimmed (Pyodide's Python is newer): kept as it is
        compared += 1
        hard += number % 10 != 0
        if not name.startswith(DOCS_READ):
            source = without_docstrings(source)
        if without_comments(source, parsed=True) != without_comments_tokenized(source):
            differ.append(name)
    assert compared > 200 and hard > 100 and differ == []
    assert without_comments(b"x = (  # c\n") == b"x = (  # c\n"  # does not parse: as it is


def test_the_standard_library_ships_without_docstrings_and_comments_and_runs_the_same(site):
    """Each shipped module parses to the tree its original (docstrings emptied) parses to,
    has as many lines, and is smaller; the zip is much smaller than Pyodide's."""
    original = zipfile.ZipFile(Path(flet_web.__file__).parent / "web" / "pyodide"
                               / "python_stdlib.zip")
    shipped = zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip")
    names = [n for n in shipped.namelist() if n.endswith(".py")]
    # Its modules stored, not deflated: it travels as LZMA, smaller than the deflated zip was
    # (those the app imports travel compiled: decision 583).
    assert (site / "pyodide" / "python_stdlib.zip.lzma").stat().st_size < 1_150_000
    # (The modules left as source are mostly the small ones, the app's imports compiled:
    # decision 584. The whole check takes half a minute.)
    checked = names[::3] + ["html/parser.py"]
    slimmer = 0
    for name in checked:
        before, after = original.read(name), shipped.read(name)
        assert after.count(b"\n") == before.count(b"\n"), name
        try:
            tree = ast.parse(before)
        except SyntaxError:  # newer syntax than this Python's: shipped as it is
            assert after == before, name
            continue
        expected = before if name.startswith(DOCS_READ) else without_docstrings(before, tree)
        assert ast.dump(ast.parse(after)) == ast.dump(ast.parse(expected)), name
        slimmer += len(after) < len(before)
    assert slimmer > len(checked) * 0.8


def test_the_modules_the_app_imports_ship_compiled_by_pyodides_python(site):
    """Decisions 583 and 584: each module of the standard library that importing the app's
    modules loads is in the zip as bytecode of Pyodide's Python (3.14: not this one's), in
    place of its source; the rest stays source, but for the modules Python runs frozen into
    its binary (os, io...), which leave the zip. Scorer's modules, in the app's archive, are
    compiled the same way (the archive's test above). Each is an unchecked hash-based .pyc
    (no source to check against) of the shipped, slimmed source, made the same by another
    run."""
    from scorer.ui.site.bytecode import compiled

    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as shipped:
        entries = {info.filename: info for info in shipped.infolist()}
        made = {n: shipped.read(n) for n in entries if n.endswith(".pyc")}
    with tarfile.open(fileobj=io.BytesIO((site / "app.tar.gz").read_bytes())) as tar:
        app_made = {m.name: tar.extractfile(m).read() for m in tar.getmembers()
                    if m.name.endswith(".pyc")}
    sources = {n.removesuffix("c") for n in made}
    # What the app's start imports (Pyodide's own start among it), not what it never imports.
    for module in ("json/__init__.py", "asyncio/events.py", "dataclasses.py", "enum.py",
                   "typing.py", "_pyodide/_base.py", "pyodide/ffi/__init__.py", "re/_parser.py"):
        assert module in sources, module
    for module in ("html/parser.py", "difflib.py", "calendar.py", "shlex.py", "graphlib.py"):
        assert module in entries and module + "c" not in entries, module
    for module in ("os.py", "site.py", "codecs.py", "importlib/_bootstrap.py"):  # frozen
        assert module not in entries and module + "c" not in entries, module
    assert "importlib/__init__.pyc" in entries
    assert not sources & set(entries)  # never both
    assert 150 < len(made) < len(entries) - 100 and len(app_made) > 100
    magic = {data[:4] for data in [*made.values(), *app_made.values()]}
    assert len(magic) == 1 and magic.pop()[2:] == b"\r\n"  # one Python's, not checked
    assert {data[4:8] for data in [*made.values(), *app_made.values()]} == {
        b"\x01\x00\x00\x00"}  # hash-based, unchecked
    # Made from the trimmed, slimmed zip and the archive of source the site had before: made
    # again from them (in a new Pyodide under Node.js, not this build's kept result) they
    # give the same bytes.
    web = Path(flet_web.__file__).parent / "web" / "pyodide"
    again = compiled.__wrapped__(trimmed_stdlib((web / "python_stdlib.zip").read_bytes()),
                                 app_archive(), web)
    assert again.stdlib == (site / "pyodide" / "python_stdlib.zip").read_bytes()
    assert again.archive == (site / "app.tar.gz").read_bytes()


def test_without_node_the_site_ships_its_python_as_source(site, tmp_path, monkeypatch, capsys):
    """No Node.js on the PATH: the zip and the archive are left as they were and the build
    says why (one line)."""
    from scorer.ui.site import publish as publishing
    from scorer.ui.site.bytecode import BytecodeUnavailable, compiled

    folder = tmp_path / "site"
    (folder / "pyodide").mkdir(parents=True)
    shutil.copyfile(site / "app.tar.gz", folder / "app.tar.gz")
    zipped = io.BytesIO()
    with zipfile.ZipFile(zipped, "w") as plain:
        plain.writestr("json/__init__.py", "import sys\n")
    (folder / "pyodide" / "python_stdlib.zip").write_bytes(zipped.getvalue())
    monkeypatch.setenv("PATH", str(tmp_path / "nothing"))
    with pytest.raises(BytecodeUnavailable, match="Node.js"):
        compiled.__wrapped__(zipped.getvalue(), b"", tmp_path)
    publishing._compile(folder, Path(flet_web.__file__).parent / "web")
    assert (folder / "pyodide" / "python_stdlib.zip").read_bytes() == zipped.getvalue()
    assert (folder / "app.tar.gz").read_bytes() == (site / "app.tar.gz").read_bytes()
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "Node.js" in said[0] and "source" in said[0], said


def test_the_icon_font_keeps_the_icons_drawn_at_their_code_points(site):
    from fontTools.ttLib import TTFont

    original = TTFont(Path(flet_web.__file__).parent / "web" / "assets" / "fonts"
                      / "MaterialIcons-Regular.otf").getBestCmap()
    path = site / "assets" / "fonts" / "MaterialIcons-Regular.otf"
    shipped = TTFont(path).getBestCmap()
    used = app_icons(Path(scorer.__file__).parent.rglob("*.py"))
    assert "arrow_back" in used  # the app bar's back button
    for name in used | set(FLUTTER_ICONS):
        points = [p for p, glyph in original.items() if glyph == f"{name}_baseline"]
        assert points and shipped.get(points[0]) == f"{name}_baseline", name
    assert len(shipped) < 100 < len(original)
    assert path.stat().st_size < 20_000


def test_the_snapshot_holds_what_a_games_screens_import_after_the_home_screen():
    """The site's Python snapshot imports the modules the home screen took, and
    ``browser.LATER``: what a game's screens import later (the chart's flet-charts, 0.1 s of
    CPython at the first Save or game opened, more in the browser). After those, opening each
    game's scoreboard, entry and a deal imports nothing (run in a fresh interpreter: this one
    has imported everything)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(Path(__file__).parent / "later_imports.py")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == []


def test_python_starts_beside_flutters_client_in_the_worker_flet_would_start(site, tmp_path):
    """Issue 33: python-early.js is in the page after Flet's python.js, whose jsConnect it
    takes over, and the page's start calls it before it starts Flutter; a repeat visit still
    starts when the service worker's registration answers (starting before it kept a new build
    from the phone: decision 296). A python.js without what it takes over fails the build,
    naming it."""
    from scorer.ui.serve.flet_files import MARKERS, FletChanged, need

    page = (site / "index.html").read_text(encoding="utf-8")
    early = (files("scorer") / "assets" / "web" / "python-early.js").read_text(encoding="utf-8")
    assert page.count(early) == 1
    assert page.index('<script src="python.js">') < page.index(early)
    start = page.index("function start()")
    assert page.index(early) < start < page.index("window.scorerStartPython();", start) \
        < page.index("flutter_bootstrap.js", start)
    assert "if (sw.controller) { once(); }" not in page
    python_js = (site / "python.js").read_text(encoding="utf-8")
    need("python.js", python_js, MARKERS["python.js"])
    with pytest.raises(FletChanged, match="globalThis.jsConnect"):
        need("python.js", python_js.replace("globalThis.jsConnect", "globalThis.connect"),
             MARKERS["python.js"])
