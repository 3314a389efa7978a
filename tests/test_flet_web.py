"""What ``scorer publish`` assumes of Flet's built web client (scorer/ui/site/flet_web.py) and
which packages it packs (scorer/ui/site/pack.py): each assumption fails the build, naming the
file and the marker, on a copy of Flet's file without it. No site is built here."""

from __future__ import annotations

import re
import sys
import types
from importlib.resources import files
from pathlib import Path

import flet_web
import pytest

from scorer.ui.site import flet_web as flet
from scorer.ui.site.flet_web import MARKERS, FletChanged, PublishError
from scorer.ui.site.pack import browser_environment, packed_packages

WEB = Path(flet_web.__file__).parent / "web"


def _run(name: str, content: str | bytes, tmp_path: Path) -> object:
    """The part of the build that reads Flet's file ``name``, given ``content`` for it."""
    if name == "index.html":
        page = tmp_path / "index.html"
        page.write_text(str(content), encoding="utf-8")
        return flet.index_page(page, "/s/", "auto", head_script="<script>1</script>",
                               page_script="<script>2</script>", theme_color="#123456")
    worker = (WEB / "python-worker.js").read_text(encoding="utf-8")
    python_js = (WEB / "python.js").read_text(encoding="utf-8")
    if name == "python-worker.js":
        return flet.python_worker(str(content), "START();\n", python_js)
    if name == "python.js":
        return flet.python_worker(worker, "START();\n", str(content))
    if name == "flutter_bootstrap.js":
        return flet.flutter_bootstrap(str(content), "auto")
    assert isinstance(content, bytes), name
    return flet.client(name, content)


def _read(name: str) -> str | bytes:
    return (WEB / name).read_bytes() if name.startswith("main.dart.") else \
        (WEB / name).read_text(encoding="utf-8")


def _without(content: str | bytes, marker: flet.Marker) -> str | bytes:
    if isinstance(marker, re.Pattern):
        assert isinstance(content, str)
        return marker.sub("", content)
    if isinstance(content, bytes):
        return content.replace(marker.encode(), b"")
    return content.replace(marker, "")


@pytest.mark.parametrize("name", sorted(MARKERS))
def test_flets_files_as_shipped_have_every_marker(name, tmp_path):
    shipped = _read(name)
    text = shipped.decode("latin-1") if isinstance(shipped, bytes) else shipped
    expected = [m for m in MARKERS[name] if m is not flet.PYODIDE_ON]  # patch_index writes it
    found = [m for m in expected
             if (m.search(text) if isinstance(m, re.Pattern) else m in text)]
    assert found == expected
    built = _run(name, shipped, tmp_path)  # no error, and what the site ships is changed
    assert isinstance(built, type(shipped)) and built != shipped


@pytest.mark.parametrize("name, marker", [(name, marker) for name in sorted(MARKERS)
                                          for marker in MARKERS[name]
                                          if marker is not flet.PYODIDE_ON],
                         ids=lambda m: m.pattern if isinstance(m, re.Pattern) else str(m))
def test_a_missing_marker_fails_the_build_naming_the_file_and_the_marker(name, marker,
                                                                        tmp_path):
    original = _read(name)
    changed = _without(original, marker)
    assert changed != original, "the marker is not in Flet's file"
    with pytest.raises(FletChanged) as failed:
        _run(name, changed, tmp_path)
    shown = marker.pattern if isinstance(marker, re.Pattern) else marker
    assert f"flet-web's {name} " in str(failed.value) and repr(shown) in str(failed.value)
    assert failed.value.file == name and marker in failed.value.missing


def test_index_html_as_flets_own_patch_leaves_it(tmp_path, monkeypatch):
    """The one marker Flet's patch_index_html writes: a patch that no longer writes it fails."""
    from flet_web import patch_index

    monkeypatch.setattr(patch_index, "patch_index_html", lambda *args, **kwargs: None)
    with pytest.raises(FletChanged, match=r"index\.html .*'flet\.pyodide = true;'"):
        _run("index.html", _read("index.html"), tmp_path)


def test_the_worker_start_must_come_before_the_callback_it_leaves(tmp_path):
    worker = str(_read("python-worker.js"))
    swapped = worker.replace(flet.INIT_BEGIN, "/*begin*/").replace(flet.INIT_END, "/*end*/") \
        .replace("/*begin*/", flet.INIT_END).replace("/*end*/", flet.INIT_BEGIN)
    with pytest.raises(FletChanged, match="python-worker.js .*receiveCallback"):
        _run("python-worker.js", swapped, tmp_path)


def test_a_missing_file_of_flets_client_fails_naming_it(tmp_path, monkeypatch):
    web = tmp_path / "flet_web" / "web"
    web.mkdir(parents=True)
    for entry in WEB.iterdir():
        if entry.name != "main.dart.wasm":
            (web / entry.name).symlink_to(entry)
    monkeypatch.setattr(flet_web, "__file__", str(web.parent / "__init__.py"))
    assert flet.web_dir("canvaskit") == web
    with pytest.raises(PublishError, match=r"flet-web at .* has no main\.dart\.wasm"):
        flet.web_dir("auto")


def test_what_the_site_changes_in_flets_page(tmp_path):
    page = str(_run("index.html", _read("index.html"), tmp_path))
    assert page.count("<script>1</script>") == 1 and "<script>2</script>" in page
    assert flet.BOOTSTRAP_TAG not in page and flet.LOADING_ICON not in page
    assert 'flet.pyodideUrl="/s/pyodide/pyodide.mjs";\nflet.pyodide = true;' in page
    assert '<meta name="theme-color" content="#123456">' in page
    client = _run("main.dart.js", _read("main.dart.js"), tmp_path)
    assert isinstance(client, bytes) and b"cdn.jsdelivr.net" not in client
    assert len(client) == len(_read("main.dart.js"))  # same length


# --- the framing python-start.js copies ------------------------------------------------------

def test_python_start_frames_output_as_flets_own_connection(monkeypatch):
    """python-start.js sends the app's print()s to Flet's client framed as Flet does (see the
    docstring of site.flet_web): its Python, run here, gives the bytes of Flet's
    PyodideConnection.send_message for the same output."""
    start = (files("scorer") / "assets" / "web" / "python-start.js").read_text(encoding="utf-8")
    copied = re.search(r"try:\n    import msgpack as _msgpack\n.*?\nexcept ImportError:\n",
                       start, re.S)
    assert copied, "python-start.js no longer sends the app's output as this test expects"
    sent: list[bytes] = []
    fake = types.ModuleType("flet_js")
    fake.receive_callback = sent.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "flet_js", fake)
    exec(copied.group(0) + "    pass\n", {"flet_js": fake})
    fake.send_python_output("Scorer ♠ 1\n", 1)  # type: ignore[attr-defined]

    from flet.messaging.protocol import Message, MessageAction
    from flet.messaging.pyodide_connection import PyodideConnection

    flets: list[bytes] = []
    PyodideConnection.send_message(
        types.SimpleNamespace(send_callback=flets.append),  # type: ignore[arg-type]
        Message(MessageAction.PYTHON_OUTPUT, {"text": "Scorer ♠ 1\n", "is_stderr": True}))
    assert sent == flets and sent[0][:1] == b"\x00"


# --- the packed packages ---------------------------------------------------------------------

def test_the_packed_packages_are_read_from_the_installed_distributions():
    """The packages the hand-written list named, found from Scorer's requirements: flet's
    httpx and oauthlib are not for Emscripten, flet-web and fontTools only build the site,
    flet-charts' Dart sources are no Python."""
    assert packed_packages() == ["flet", "flet_charts", "msgpack", "platformdirs", "repath",
                                 "scorer", "segno", "six", "tinydb"]
    environment = browser_environment()
    assert environment["platform_system"] == "Emscripten"
    assert re.fullmatch(r"3\.\d+", environment["python_version"])


def _dist(site: Path, name: str, requires: tuple[str, ...] = (), compiled: bool = False,
          module: str | None = None) -> None:
    info = site / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: " + name + "\nVersion: 1.0\n"
                                   + "".join(f"Requires-Dist: {r}\n" for r in requires))
    pure = "false" if compiled else "true"
    (info / "WHEEL").write_text(f"Wheel-Version: 1.0\nRoot-Is-Purelib: {pure}\n")
    module = module or name.replace("-", "_")
    (site / module).mkdir()
    (site / module / "__init__.py").write_text("")
    (info / "RECORD").write_text(f"{module}/__init__.py,,\n{info.name}/METADATA,,\n")


def test_a_new_dependency_is_packed_and_one_it_cannot_pack_fails_the_build(tmp_path,
                                                                           monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    _dist(site, "toyapp", ("toy-dep>=1", "toy-desktop; platform_system != 'Emscripten'",
                           "toy-extras[more]", "fonttools"))
    _dist(site, "toy-dep", ("six",))
    _dist(site, "toy-desktop")
    _dist(site, "toy-extras", ("toy-more; extra == 'more'", "toy-less; extra == 'less'"))
    _dist(site, "toy-more")
    _dist(site, "toy-less")
    _dist(site, "toy-c", compiled=True)
    monkeypatch.syspath_prepend(str(site))
    assert packed_packages("toyapp") == ["six", "toy_dep", "toy_extras", "toy_more", "toyapp"]

    (site / "toy_dep-1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: toy-dep\nVersion: 1.0\nRequires-Dist: toy-c\n")
    with pytest.raises(PublishError, match=r"toy-c \(which the app needs\) has compiled code"):
        packed_packages("toyapp")
    (site / "toy_dep-1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: toy-dep\nVersion: 1.0\nRequires-Dist: toy-gone\n")
    with pytest.raises(PublishError, match="toy-gone, which toy-dep needs in the browser, "
                                           "is not installed"):
        packed_packages("toyapp")


def test_a_runtime_that_names_no_python_version_fails_the_build(tmp_path):
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide-lock.json").write_text('{"info": {}}')
    with pytest.raises(PublishError, match="pyodide-lock.json names no Python version"):
        browser_environment(tmp_path)
