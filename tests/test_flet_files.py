"""What ``scorer publish`` and ``scorer serve`` assume of Flet's built web client and the
Pyodide it ships (scorer/ui/serve/flet_files.py), and which packages the site packs
(scorer/ui/site/pack.py): each assumption fails each build that relies on it, naming the
file, the marker and the version, on a copy of the file without it. No site is built here."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import types
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

import flet_web
import pytest

from scorer.ui.serve import client_files, pyodide_runtime
from scorer.ui.serve import flet_files as flet
from scorer.ui.serve.flet_files import MARKERS, FletChanged, PublishError
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
    if name == flet.FONT_MANIFEST:
        return flet.font_manifest(str(content))
    if name == flet.PYODIDE_ASM:
        return pyodide_runtime.shipped(str(content))
    if name in (flet.PYODIDE_LOCK, flet.PYODIDE_PACKAGE):
        web = _web_with(tmp_path, name, content)
        return browser_environment(web), flet.trimmed_lock(web)
    assert isinstance(content, bytes), name
    return flet.client(name, content)


def _web_with(tmp_path: Path, name: str, content: str | bytes) -> Path:
    """A copy of flet_web/web (links to Flet's files) with ``content`` for ``name``."""
    web = tmp_path / "web"
    for entry in WEB.rglob("*"):
        target = web / entry.relative_to(WEB)
        if entry.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif entry.relative_to(WEB).as_posix() != name:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to(entry)
    (web / name).parent.mkdir(parents=True, exist_ok=True)
    data = content if isinstance(content, bytes) else content.encode("utf-8")
    (web / name).write_bytes(data)
    return web


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
    if isinstance(built, tuple):  # Pyodide's: the markers of its Python, the lock file shipped
        built = built[1]
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
    maker = r"Pyodide \d" if name.startswith("pyodide/") else r"flet-web \d"
    assert re.search(f"{maker}[^ ]*'s {re.escape(name)} ", str(failed.value))
    assert repr(shown) in str(failed.value)
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
    docstring of serve.flet_files): its Python, run here, gives the bytes of Flet's
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
    (tmp_path / "pyodide" / "pyodide-lock.json").write_text('{"info": {}, "packages": {}}')
    with pytest.raises(FletChanged, match=r"Pyodide [\d.]+'s pyodide/pyodide-lock\.json is not as "
                                          r"Scorer expects: .*python"):
        browser_environment(tmp_path)
    (tmp_path / "pyodide" / "pyodide-lock.json").write_text(
        '{"info": {"python": "3.14.2"}, "packages": []}')  # the packages: not a mapping
    with pytest.raises(FletChanged, match="pyodide-lock.json"):
        browser_environment(tmp_path)


def test_the_lock_file_the_site_ships_keeps_pyodides_info_and_names_its_version(tmp_path):
    shipped = json.loads((WEB / flet.PYODIDE_LOCK).read_text(encoding="utf-8"))
    version = json.loads((WEB / flet.PYODIDE_PACKAGE).read_text(encoding="utf-8"))["version"]
    trimmed = json.loads(flet.trimmed_lock(WEB))
    assert trimmed == {"info": {**shipped["info"], "version": version}, "packages": {}}


# --- scorer serve: the same patches, checked before it serves anything -----------------------

SERVED = ("main.dart.js", "main.dart.wasm", "index.html", flet.FONT_MANIFEST)


def _serve_build(tmp_path: Path, web: Path) -> None:
    """What ``scorer serve`` does with Flet's files before it serves: its page, its font
    manifest."""
    from flet.controls.types import WebRenderer

    assets = tmp_path / "assets"  # no index.html of Scorer's own: Flet's is the page
    assets.mkdir(exist_ok=True)
    page = client_files.make_index(str(web), str(assets), "v1", WebRenderer.AUTO)
    assert "/v/v1/flutter_bootstrap.js" in page
    client_files.font_manifest(str(web))


def _served_markers(name: str) -> tuple[flet.Marker, ...]:
    if name == "index.html":
        return (flet.HEAD, *flet.SERVED_INDEX)
    return MARKERS[name]


def test_scorer_serve_builds_from_flets_files_as_shipped(tmp_path):
    _serve_build(tmp_path, WEB)
    for name in ("main.dart.js", "main.dart.wasm"):
        served = client_files.prepare_file(WEB / name).body()
        assert b"cdn.jsdelivr.net" not in served and b"/_no_cdn_rive_" in served
        assert len(served) == (WEB / name).stat().st_size  # the wasm keeps its layout


@pytest.mark.parametrize("name, marker", [(name, marker) for name in SERVED
                                          for marker in _served_markers(name)],
                         ids=lambda m: m.pattern if isinstance(m, re.Pattern) else str(m))
def test_a_moved_line_fails_scorer_serve_before_it_serves(name, marker, tmp_path, monkeypatch):
    """Flet's file with the line a patch replaces moved (here: gone), as a Flet upgrade could
    leave it: serve's build stops naming the file, the line and flet-web's version."""
    web = WEB
    if name == "index.html":  # the page as Flet's own patch leaves it, with the line moved
        from flet_web import patch_index

        flets = patch_index.patch_index_html

        def moved(index_path: str, **settings: object) -> None:
            flets(index_path, **settings)  # type: ignore[arg-type]
            page = Path(index_path).read_text(encoding="utf-8")
            assert _without(page, marker) != page, "the marker is not in Flet's page"
            Path(index_path).write_text(_without(page, marker), encoding="utf-8")

        monkeypatch.setattr(patch_index, "patch_index_html", moved)
        monkeypatch.setattr("flet_web.patch_index_html", moved)
    else:
        original = _read(name)
        changed = _without(original, marker)
        assert changed != original, "the marker is not in Flet's file"
        web = _web_with(tmp_path, name, changed)
    with pytest.raises(FletChanged) as failed:
        _serve_build(tmp_path, web)
    assert failed.value.file == name and "flet-web 1." in str(failed.value)
    shown = marker.pattern if isinstance(marker, re.Pattern) else marker
    assert repr(shown) in str(failed.value)


def test_a_served_line_found_twice_fails_the_build(tmp_path):
    page = "<html><head></head>" + "".join(flet.SERVED_INDEX) * 2 + "</html>"
    with pytest.raises(FletChanged, match=r"index\.html .*found 2 times"):
        flet.served_index(page, "/v/1/", "<script></script>")


def test_a_moved_line_fails_scorer_serve_on_the_command_line(tmp_path, monkeypatch, capsys):
    """The build's error is one line and exit 2, as a busy port is."""
    from scorer import cli
    from scorer.ui.serve import run

    def build(*args: object, **kwargs: object) -> None:
        raise FletChanged("main.dart.js", [flet.RIVE_CDN])

    monkeypatch.setattr("scorer.ui.serve.server.build_app", build)
    monkeypatch.setattr(run, "_system_allocator", lambda: None)
    monkeypatch.setattr(run, "_print_address", lambda *args: None)
    code = cli.main(["--data-dir", str(tmp_path), "serve", "--port", "0"])
    assert code == 2
    assert "scorer serve: flet-web 1." in capsys.readouterr().err


# The linker's pieces, run under Node.js: the table of global symbols and GOTHandler (from
# ``var GOT={};`` to the statement after them), reportUndefinedSymbols, then a start's events
# with stubs for what they call: entries created unresolved (weak and not), some resolved by
# the module's own exports in between (as updateGOT does), a symbol that cannot be resolved
# (the call stops on it) and the call after it. Everything the stubs see, in order, and every
# entry's final value are printed.
LINKER_RUN = """
const seen = [];
let slot = 100;
const symbols = {fa: function fa() {}, fb: function fb() {}, n: 7, g: {value: 9}};
const addFunction = (f, sig) => { seen.push(`add ${f.name} ${sig}`); return slot++; };
const resolveGlobalSymbol = (name, direct) => {
  seen.push(`resolve ${name} ${direct}`);
  return {sym: symbols[name]};
};
symbols.fb.sig = "vi";
%s
%s
const weak = new Set(["w", "w2"]);
for (const name of ["fa", "exported", "n", "w", "fb", "g", "missing", "later", "w2"]) {
  GOTHandler.get(weak, name);
}
GOT.exported.value = 5;  // updateGOT: the module's own export
GOT.other = new WebAssembly.Global({value: "i32", mutable: true}, 3);
try { reportUndefinedSymbols(); } catch (error) { seen.push(`stopped: ${error.message}`); }
GOTHandler.get(weak, "side");  // a side module's import, after the first report
symbols.missing = function missing() {};
symbols.side = 11;
symbols.later = 12;
reportUndefinedSymbols();
reportUndefinedSymbols();
seen.push(JSON.stringify(Object.fromEntries(
  Object.entries(GOT).map(([name, entry]) => [name, [entry.value, !!entry.required]]))));
console.log(JSON.stringify(seen));
"""


def _both_under_node(script: str, pieces: Callable[[str], Any], tmp_path: Path,
                     change: Callable[[str], str] = pyodide_runtime.pyodide_linker,
                     ) -> tuple[Any, Any]:
    """``script`` with ``pieces(text)`` put in, run under Node.js for Pyodide's shipped
    ``pyodide.asm.mjs`` and for the site's (``change`` of it): what each printed, as JSON."""
    shipped = (WEB / flet.PYODIDE_ASM).read_bytes().decode("utf-8")
    runs = []
    for text in (shipped, change(shipped)):
        path = tmp_path / "run.js"
        path.write_text(script % pieces(text), encoding="utf-8")
        done = subprocess.run(["node", str(path)], capture_output=True, text=True, timeout=60,
                              check=True)
        runs.append(json.loads(done.stdout))
    return runs[0], runs[1]


def _linker_pieces(text: str) -> tuple[str, str]:
    start = text.index(flet.GOT_TABLE)
    table = text[start:text.index(";var ", text.index("var GOTHandler=", start)) + 1]
    start = text.index("var reportUndefinedSymbols=")
    return table, text[start:text.index("var loadDylibs=", start)]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js (.ci/run installs it)")
def test_the_sites_linker_resolves_the_same_symbols_in_the_same_order_as_pyodides(tmp_path):
    pyodides, ours = _both_under_node(LINKER_RUN, _linker_pieces, tmp_path)
    assert ours == pyodides
    assert "stopped: Dynamic linking error: undefined symbol 'missing'" in pyodides
    assert pyodides.index("add fa undefined") < pyodides.index("add fb vi")
    assert "resolve exported true" not in pyodides and "resolve side true" in pyodides
    assert json.loads(pyodides[-1])["later"] == [12, True]


def test_the_sites_linker_changes_only_the_unresolved_symbols_report():
    shipped = (WEB / flet.PYODIDE_ASM).read_bytes().decode("utf-8")
    ours = pyodide_runtime.pyodide_linker(shipped)
    assert ours.count("scorerUnresolved") == 6 and "Object.entries(GOT)" not in ours
    start = ours.index("var convertJsFunctionToWasm=")
    wrapper = ours[start:ours.index("var addFunction=", start)]
    back = (ours.replace("var scorerUnresolved=[];", "", 1)
            .replace(";scorerUnresolved.push(symName)}", "}", 1)
            .replace(_linker_pieces(ours)[1], _linker_pieces(shipped)[1], 1)
            .replace(wrapper, flet.WRAPPER, 1))
    assert back == shipped
    with pytest.raises(FletChanged):
        pyodide_runtime.pyodide_linker(shipped + flet.GOT_TABLE)  # twice: not one known place


# Emscripten's wrapper of a JavaScript function as a wasm function, run under Node.js: what each
# wrapper returns for the arguments given, and how many modules were compiled.
WRAPPER_RUN = """
let compiled = 0;
const Compile = WebAssembly.Module;
WebAssembly.Module = function (bytes) { compiled++; return new Compile(bytes); };
%s
const made = [];
const calls = [["ii", (a) => a * 2, [21]], ["iii", (a, b) => a - b, [9, 4]],
               ["ii", (a) => a + 1, [41]], ["vi", (a) => { made.push(a); }, [5]],
               ["dd", (x) => x / 4, [1]], ["iii", (a, b) => a * b, [6, 7]]];
for (const [sig, f, args] of calls) {
  const wrapped = convertJsFunctionToWasm(f, sig);
  made.push([sig, typeof wrapped, wrapped(...args), wrapped === f]);
}
try { convertJsFunctionToWasm(() => 0, undefined); } catch (error) { made.push(error.name); }
console.log(JSON.stringify({made, compiled}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js (.ci/run installs it)")
def test_the_sites_linker_wraps_each_javascript_function_as_pyodides_with_a_module_a_signature(
        tmp_path):
    def wrapper(text: str) -> str:  # from its helpers to the function that uses it
        start = text.index("var uleb128EncodeWithLen=")
        return text[start:text.index("var addFunction=", start)]

    pyodides, ours = _both_under_node(WRAPPER_RUN, wrapper, tmp_path)
    assert ours["made"] == pyodides["made"]
    assert pyodides["made"][:3] == [["ii", "function", 42, False], ["iii", "function", 5, False],
                                    ["ii", "function", 42, False]]
    assert pyodides["made"][-1] == "TypeError"
    assert (pyodides["compiled"], ours["compiled"]) == (6, 4)  # one a call; one a signature


# Emscripten's assignment of the main module's exports, run under Node.js with a stand-in for
# every export it reads (a string for a function, {value} for a global, some negative): what
# Module then holds, and each variable the site's file still declares.
EXPORTS_RUN = """
var Module = {};
%s
const wasmExports = {};
for (const [name, address] of Object.entries(%s)) {
  wasmExports[name] = address === null ? `export ${name}` : {value: address};
}
assignWasmExports(wasmExports);
console.log(JSON.stringify({module: Module, variables: {%s}}));
"""


def _exports_piece(text: str) -> str:
    """The declaration of the exports' variables and the function that assigns them."""
    head = text.index(flet.EXPORTS_HEAD)
    return text[text.rindex("var ", 0, head):text.index(flet.EXPORTS_TAIL, head) + 1]


def _declared(text: str) -> list[str]:
    piece = _exports_piece(text)
    return piece[len("var "):piece.index(";")].split(",")


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js (.ci/run installs it)")
def test_the_sites_runtime_gives_module_every_export_as_pyodides_does(tmp_path):
    shipped = (WEB / flet.PYODIDE_ASM).read_bytes().decode("utf-8")
    ours = pyodide_runtime.pyodide_exports(shipped)
    read = re.findall(r'wasmExports\["([\w$]+)"\](\.value)?', _exports_piece(shipped))
    addresses = {name: (None if not value else (n * 2654435761) % 2**32 - 2**31)
                 for n, (name, value) in enumerate(read)}
    kept = [name for name in _declared(ours) if name not in ("wasmTable", "wasmMemory")]
    variables = ",".join(f'"{name}": {name}' for name in kept)
    pyodides, site = _both_under_node(
        EXPORTS_RUN, lambda text: (_exports_piece(text), json.dumps(addresses), variables),
        tmp_path, pyodide_runtime.pyodide_exports)
    assert site == pyodides
    assert len(read) > 4000  # and Module.wasmTable, the table's second name:
    assert len(pyodides["module"]) == len(read) + 1 and "wasmTable" in pyodides["module"]
    assert pyodides["module"]["_malloc"] == "export malloc"
    globals_ = [name for name, value in read if value]
    assert len(globals_) > 100 and all(pyodides["module"]["_" + name] >= 0 for name in globals_)
    assert pyodides["variables"]["_malloc"] == "export malloc"


def test_the_sites_runtime_keeps_every_export_variable_its_code_reads():
    shipped = (WEB / flet.PYODIDE_ASM).read_bytes().decode("utf-8")
    ours = pyodide_runtime.pyodide_exports(shipped)
    piece = _exports_piece(shipped)
    assert ours.replace(_exports_piece(ours), piece, 1) == shipped  # nothing else changed
    outside = set(re.findall(r"[\w$]+", shipped.replace(piece, " ", 1)))
    declared, kept = _declared(shipped), set(_declared(ours))
    needed = {name for name in declared if name in outside} | {"wasmTable", "wasmMemory"}
    assert needed <= kept and kept - needed == {"_main"}  # (its export has another name)
    assert {"_malloc", "_free", "_main"} <= kept and len(kept) * 20 < len(declared)
    assigned = _exports_piece(ours)
    for name in kept - {"wasmTable", "wasmMemory"}:  # each still assigned, as Pyodide does
        assert f'{name}=Module["{name}"]=' in assigned, name
    assert len(ours) < len(shipped) * 0.75
    with pytest.raises(FletChanged):
        pyodide_runtime.pyodide_exports(shipped + flet.EXPORTS_TAIL)  # twice: not one known place
