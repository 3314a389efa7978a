"""``scorer publish``: what the built site contains (the browser tests run it: tests/e2e)."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import tarfile
from pathlib import Path

import flet_web
import pytest

from scorer.cli import main
from scorer.ui.publish import normalize_base_url, publish


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return publish(tmp_path_factory.mktemp("pub") / "site", base_url="/cards/scorer")


def precache(site):
    text = (site / "sw.js").read_text(encoding="utf-8")
    start = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    return json.loads(text[start:text.index(";\nconst CACHE")])


def test_the_page_gives_flutter_a_valid_language_before_anything_else(site):
    """Issue 17 item 9 (the script itself is tested in Chromium: tests/e2e)."""
    from scorer.ui.client_files import LOCALE_SCRIPT

    page = (site / "index.html").read_text(encoding="utf-8")
    assert page.count(LOCALE_SCRIPT) == 1
    head = page.index("<head>") + len("<head>")
    assert page[head:].lstrip().startswith(LOCALE_SCRIPT)
    assert page.index(LOCALE_SCRIPT) < page.index("flutter_bootstrap.js")


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


def test_every_file_is_precached_with_its_hash_and_gzipped_copies_match(site):
    manifest = precache(site)
    assert manifest["base"] == "/cards/scorer/"
    for name in ("index.html", "app.tar.gz", "main.dart.js", "canvaskit/canvaskit.wasm",
                 "pyodide/pyodide.asm.wasm", "manifest.json", "fonts/ScorerSymbols.ttf"):
        data = (site / name).read_bytes()
        assert manifest["files"][name] == hashlib.sha256(data).hexdigest()[:16], name
    assert "pyodide/pyodide.asm.wasm" in manifest["gzipped"]
    for name in manifest["gzipped"]:
        assert gzip.decompress((site / f"{name}.gz").read_bytes()) == (site / name).read_bytes()
    assert "sw.js" not in manifest["files"]


def test_fallback_fonts_are_kept_only_once_asked_for_by_flutter(site):
    manifest = precache(site)
    chinese = "fonts/NotoSansSC-common.woff2"
    assert chinese not in manifest["files"]  # not downloaded at the first visit
    assert manifest["onDemand"][chinese] == hashlib.sha256(
        (site / chinese).read_bytes()).hexdigest()[:16]
    assert not [name for name in manifest["files"] if "Noto" in name]
    # Flutter's own URLs (fontFallbackBaseUrl + folder) are answered with ours.
    assert 'flet.fontFallbackBaseUrl="assets/fonts/";' in (site / "index.html").read_text()
    assert manifest["fontFallbacks"]["notosanssc"] == chinese
    assert manifest["fontFallbacks"]["notosansarabic"] == "fonts/NotoSansArabic.woff2"
    assert set(manifest["fontFallbacks"].values()) == set(manifest["onDemand"])


def test_the_app_archive_carries_every_dependency_as_source(site):
    with tarfile.open(fileobj=io.BytesIO((site / "app.tar.gz").read_bytes())) as tar:
        names = tar.getnames()
        main_py = tar.extractfile("main.py").read().decode()
    assert "from scorer.ui.browser import start" in main_py
    for module in ("scorer/ui/app.py", "scorer/store/core.py", "scorer/assets/i18n/bg.json",
                   "flet/__init__.py", "flet_charts/__init__.py", "tinydb/__init__.py",
                   "segno/__init__.py", "msgpack/fallback.py", "repath.py", "six.py",
                   "platformdirs/__init__.py"):
        assert f"__pypackages__/{module}" in names, module
    assert not [n for n in names if n.endswith((".so", ".pyc"))]
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


def test_a_rebuild_gives_the_same_bytes(site, tmp_path):
    again = publish(tmp_path / "again", base_url="/cards/scorer/")
    for name in ("sw.js", "app.tar.gz", "index.html", "main.dart.js.gz"):
        assert (again / name).read_bytes() == (site / name).read_bytes(), name


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


def test_a_new_build_replaces_an_earlier_one(site, tmp_path):
    folder = Path(shutil.copytree(site, tmp_path / "site"))  # an earlier build, copied not rebuilt
    (folder / "stale.txt").write_text("from an older build")
    assert publish(folder) == folder
    assert not (folder / "stale.txt").exists() and (folder / "sw.js").is_file()


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
    from scorer.ui.publish import _patch_python_worker

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
    from scorer.ui.publish import PublishError, _patch_python_worker

    copy = tmp_path / "copy"
    copy.mkdir()
    shutil.copyfile(site / "app.tar.gz", copy / "app.tar.gz")
    (copy / "python-worker.js").write_text("self.initPyodide = async function () {};\n")
    with pytest.raises(PublishError, match="python-worker.js has an unexpected shape.*"
                                           "self.sendPythonOutput"):
        _patch_python_worker(copy)
