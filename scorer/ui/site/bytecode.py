"""The modules the app imports, shipped compiled (issue 33: the first visit, decisions 583
and 584).

At a first visit (no Python snapshot yet) Pyodide compiles every module it imports from
source, in WebAssembly: on the 2-core machine 4.4-6.4 s went from the worker's start to
"pyodide loaded" (its own start imports modules of the standard library) and 2-3 s more to
the app's imports. Modules shipped as bytecode skip that. Bytecode is tied to the exact
Python that runs it (3.14 in Pyodide, not the Python that builds the site), so it is made by
that Python: Pyodide's own, run under Node.js from flet-web's files (``python_cli_entry.mjs``,
which Pyodide ships for that), in one process that

1. imports every module of the app's archive (``app.tar.gz``, the same packages the site
   runs), noting which modules of the standard library and of :data:`APP_COMPILED` Python
   then has loaded, and
2. compiles those (as the site ships them, slimmed) to sourceless ``.pyc`` files in their
   place: unchecked hash-based (nothing to compare with a source that is not there), without
   column ranges (``PYTHONNODEBUGRANGES``: a traceback keeps its line numbers, not the carets
   under the expression; a third less to send).

The standard library's modules that Python runs frozen into its binary (os, io, site...)
leave the zip altogether: their source was never run (decision 584). The rest stays source,
the other packages' too (Flet's): compiling more would pass the first visit's 8 MB
(decisions 583 and 584 have the figures). Without Node.js, the site ships it all as source,
as before: it works the same, its first visit takes longer. The same installed packages give
the same bytes.
"""

from __future__ import annotations

import functools
import io
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import NamedTuple

from .pack import tar_archive

__all__ = ["APP_COMPILED", "BytecodeUnavailable", "Compiled", "compiled"]

TIMEOUT = 300  # seconds for the whole run (about 10 s on the 2-core machine)
# The app's packages whose loaded modules ship compiled: Scorer's own, whose compiling was
# most of the imports' compiling at a first visit (decision 584). Flet's stay source: its
# modules, slimmed, are mostly blank lines and compile fast (their import is mostly running
# them: each dataclass makes its methods from text), and compiled they would take the first
# visit past 8 MB.
APP_COMPILED = ("scorer",)

# Run by Pyodide's Python (argv: the work folder). It writes compiled.json: the stdlib zip's
# entries it compiled to NAME + "c" under out/, the archive's under app_out/, and the modules
# Python runs frozen.
# (What Python loads to start, and what the site's worker imports before the app, runpy, are
# either in the zip, and loaded here too, or frozen into Pyodide's binary.)
_SCRIPT = r"""
import _imp, importlib, json, os, sys
work = sys.argv[1]
with open(os.path.join(work, "todo.json"), encoding="utf-8") as file:
    todo = json.load(file)
app = os.path.join(work, "app")
sys.path.insert(0, app)
for name in todo["modules"]:
    try:
        importlib.import_module(name)
    except BaseException:  # a module only the desktop runs (or the page's JavaScript)
        pass
loaded = list(sys.modules.values())  # before this script's own py_compile
import py_compile
stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))


def compile_to(source, target, shown):
    py_compile.compile(source, cfile=target, dfile=shown, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)


compiled, app_compiled = [], []
for module in loaded:
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if not origin.endswith(".py"):
        continue
    if origin.startswith(stdlib + "/"):
        name = origin[len(stdlib) + 1:]
        source = os.path.join(work, "std", name)
        if not os.path.isfile(source):  # not shipped (slim.STDLIB_DROPPED)
            continue
        compile_to(source, os.path.join(work, "out", name + "c"), origin)
        compiled.append(name)
    elif origin.startswith(app + "/"):
        name = origin[len(app) + 1:]
        if name.split("/")[0] in todo["packages"]:
            compile_to(origin, os.path.join(work, "app_out", name + "c"),
                       "__pypackages__/" + name)
            app_compiled.append(name)
# importlib's own two run frozen under other names (importlib/__init__.py aliases them).
frozen = set(_imp._frozen_module_names()) | {"importlib._bootstrap",
                                             "importlib._bootstrap_external"}
with open(os.path.join(work, "compiled.json"), "w", encoding="utf-8") as file:
    json.dump({"stdlib": sorted(compiled), "app": sorted(app_compiled),
               "frozen": sorted(frozen)}, file)
"""


class Compiled(NamedTuple):
    """The site's python_stdlib.zip and app.tar.gz, compiled where they were source."""

    stdlib: bytes
    archive: bytes


class BytecodeUnavailable(Exception):
    """The site's Python could not be run to compile (no Node.js, or it failed)."""


@functools.lru_cache(maxsize=2)  # a second build in the process (the tests) takes the first's
def compiled(stdlib: bytes, archive: bytes, pyodide: Path) -> Compiled:
    """``stdlib`` (the site's python_stdlib.zip) and ``archive`` (its app.tar.gz) with the
    modules importing the archive's modules loads compiled by Pyodide's Python (in
    ``pyodide``, flet-web's folder of it): the standard library's, and the archive's of
    :data:`APP_COMPILED`; each such entry NAME.py becomes NAME.pyc, at its place. The
    standard library's modules Python runs frozen leave the zip.
    Raises :class:`BytecodeUnavailable` if that Python cannot be run here."""
    node = shutil.which("node")
    entry = pyodide / "python_cli_entry.mjs"
    if node is None:
        raise BytecodeUnavailable("Node.js (node) is not on the PATH")
    if not entry.is_file():
        raise BytecodeUnavailable(f"flet-web has no {entry.name} in {pyodide}")
    with tempfile.TemporaryDirectory(prefix="scorer-bytecode-") as folder:
        work = Path(folder)
        modules = _unpack(archive, work / "app")
        with zipfile.ZipFile(io.BytesIO(stdlib)) as source:
            for info in source.infolist():
                if info.filename.endswith(".py"):
                    path = work / "std" / info.filename
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(source.read(info))
        (work / "todo.json").write_text(json.dumps({"modules": modules,
                                                    "packages": list(APP_COMPILED)}),
                                        encoding="utf-8")
        environment = {"PATH": os.environ.get("PATH", ""), "HOME": str(work),
                       "PYTHONNODEBUGRANGES": "1", "PYTHONHASHSEED": "0"}
        try:
            done = subprocess.run([node, str(entry), "--this-program=python", "-c", _SCRIPT,
                                   str(work)], cwd=work, env=environment, capture_output=True,
                                  text=True, timeout=TIMEOUT)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise BytecodeUnavailable(f"Pyodide's Python did not run under Node.js ({error})"
                                      ) from error
        if done.returncode != 0 or not (work / "compiled.json").is_file():
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise BytecodeUnavailable(f"Pyodide's Python under Node.js failed ({last})")
        made = json.loads((work / "compiled.json").read_text(encoding="utf-8"))
        return Compiled(
            _replaced(stdlib, {name: (work / "out" / (name + "c")).read_bytes()
                               for name in made["stdlib"]}, frozenset(made["frozen"])),
            _archive_replaced(archive, {name: (work / "app_out" / (name + "c")).read_bytes()
                                        for name in made["app"]}))


def _unpack(archive: bytes, folder: Path) -> list[str]:
    """The archive's packages (``__pypackages__``) into ``folder``; their modules' names
    (``__main__`` modules left out: importing one runs its command)."""
    modules = []
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            prefix = "__pypackages__/"
            if not member.isfile() or not member.name.startswith(prefix):
                continue
            name = member.name[len(prefix):]
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            data = tar.extractfile(member)
            path.write_bytes(data.read() if data else b"")
            if name.endswith(".py") and not name.endswith("/__main__.py"):  # (runs a command)
                modules.append(_module_name(name))
    return sorted(modules)


def _module_name(path: str) -> str:
    """``a/b/__init__.py`` -> ``a.b``; ``a/c.py`` -> ``a.c``."""
    return path[:-3].replace("/", ".").removesuffix(".__init__")


def _replaced(stdlib: bytes, bytecode: dict[str, bytes], frozen: frozenset[str]) -> bytes:
    """The zip with each entry named in ``bytecode`` replaced by NAME + "c" and those bytes,
    and without the source of a module in ``frozen``."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(stdlib)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            if info.filename in bytecode:
                entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
                entry.external_attr = info.external_attr
                target.writestr(entry, bytecode[info.filename],
                                compress_type=zipfile.ZIP_STORED)
            elif not (info.filename.endswith(".py") and _module_name(info.filename) in frozen):
                target.writestr(info, source.read(info), compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


def _archive_replaced(archive: bytes, bytecode: dict[str, bytes]) -> bytes:
    """The app's archive with each ``__pypackages__/NAME`` named in ``bytecode`` replaced by
    NAME + "c" and those bytes (written as ``pack`` writes it)."""
    entries = []
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            data = tar.extractfile(member)
            body = data.read() if data else b""
            name = member.name.removeprefix("__pypackages__/")
            if member.name.startswith("__pypackages__/") and name in bytecode:
                entries.append((member.name + "c", bytecode[name]))
            else:
                entries.append((member.name, body))
    return tar_archive(entries)
