"""The standard library's modules that the app imports, shipped compiled (issue 33: the first
visit, decision 583).

At a first visit (no Python snapshot yet) Pyodide compiles every module it imports from
source, in WebAssembly: on the 2-core machine 4.4-6.4 s went from the worker's start to
"pyodide loaded" (its own start imports modules of the standard library) and 2-3 s more to
the app's imports. Modules shipped as bytecode skip that. Bytecode is tied to the exact
Python that runs it (3.14 in Pyodide, not the Python that builds the site), so it is made by
that Python: Pyodide's own, run under Node.js from flet-web's files (``python_cli_entry.mjs``,
which Pyodide ships for that), in one process that

1. imports every module of the app's archive (``app.tar.gz``, the same packages the site
   runs), noting which modules of the standard library Python then has loaded, and
2. compiles those (as the site ships them, slimmed) to sourceless ``.pyc`` files: unchecked
   hash-based (nothing to compare with a source that is not there), without column ranges
   (``PYTHONNODEBUGRANGES``: a traceback keeps its line numbers, not the carets under the
   expression; a third less to send).

Only those are compiled, the rest stays source, and the app's own modules too: compiling
more would pass the first visit's 8 MB (decision 583 has the figures).
Without Node.js, the site ships the standard library as source, as before: it works the
same, its first visit takes longer. The same installed packages give the same bytes.
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

__all__ = ["BytecodeUnavailable", "compiled_stdlib"]

TIMEOUT = 300  # seconds for the whole run (about 10 s on the 2-core machine)

# Run by Pyodide's Python (argv: the work folder). It writes compiled.json: the names of the
# stdlib zip's entries it compiled to NAME + "c" under out/.
# (What Python loads to start, and what the site's worker imports before the app, runpy, are
# either in the zip, and loaded here too, or frozen into Pyodide's binary.)
_SCRIPT = r"""
import importlib, json, os, sys
work = sys.argv[1]
with open(os.path.join(work, "todo.json"), encoding="utf-8") as file:
    todo = json.load(file)
sys.path.insert(0, os.path.join(work, "app"))
for name in todo["modules"]:
    try:
        importlib.import_module(name)
    except BaseException:  # a module only the desktop runs (or the page's JavaScript)
        pass
loaded = list(sys.modules.values())  # before this script's own py_compile
import py_compile
stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))
compiled = []
for module in loaded:
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if not origin.startswith(stdlib + "/") or not origin.endswith(".py"):
        continue
    name = origin[len(stdlib) + 1:]
    source = os.path.join(work, "std", name)
    if not os.path.isfile(source):  # not shipped (slim.STDLIB_DROPPED)
        continue
    py_compile.compile(source, cfile=os.path.join(work, "out", name + "c"), dfile=origin,
                       doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    compiled.append(name)
with open(os.path.join(work, "compiled.json"), "w", encoding="utf-8") as file:
    json.dump(sorted(compiled), file)
"""


class BytecodeUnavailable(Exception):
    """The site's Python could not be run to compile (no Node.js, or it failed)."""


@functools.lru_cache(maxsize=2)  # a second build in the process (the tests) takes the first's
def compiled_stdlib(stdlib: bytes, archive: bytes, pyodide: Path) -> bytes:
    """``stdlib`` (the site's python_stdlib.zip) with the modules the app's archive imports
    compiled by Pyodide's Python (in ``pyodide``, flet-web's folder of it): each such entry
    NAME.py becomes NAME.pyc, at its place, with its time.
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
        (work / "todo.json").write_text(json.dumps({"modules": modules}), encoding="utf-8")
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
        compiled = json.loads((work / "compiled.json").read_text(encoding="utf-8"))
        return _replaced(stdlib, {name: (work / "out" / (name + "c")).read_bytes()
                                  for name in compiled})


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
                dotted = name[:-3].replace("/", ".")
                modules.append(dotted.removesuffix(".__init__"))
    return sorted(modules)


def _replaced(stdlib: bytes, bytecode: dict[str, bytes]) -> bytes:
    """The zip with each entry named in ``bytecode`` replaced by NAME + "c" and those bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(stdlib)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            if info.filename in bytecode:
                compiled = zipfile.ZipInfo(info.filename + "c", info.date_time)
                compiled.external_attr = info.external_attr
                target.writestr(compiled, bytecode[info.filename],
                                compress_type=zipfile.ZIP_STORED)
            else:
                target.writestr(info, source.read(info), compress_type=zipfile.ZIP_STORED)
    return out.getvalue()
