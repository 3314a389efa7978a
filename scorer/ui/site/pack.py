"""``app.tar.gz``, the app's Python code in the published site: ``main.py`` and, under
``__pypackages__`` (so the Pyodide worker imports them without ``micropip`` and without a
package index), every package the app runs in the browser, as source (less the parts only the
desktop runs: ``NOT_IN_BROWSER``); ``publish`` then has Scorer's own modules compiled
(``bytecode``, decision 584).

Which packages: the distributions Scorer requires, and what they require in turn, as
``importlib.metadata`` reads them, with their environment markers evaluated for the browser's
Python (Pyodide's, from the runtime flet-web ships: ``platform_system == "Emscripten"``), less
those used only to build the site. Each must be pure Python, or listed in ``PURE_FALLBACK``
(its compiled part left out, it runs without): one that is not fails the build, naming it,
rather than a site that fails on the phone only."""

from __future__ import annotations

import gzip
import importlib.util
import io
import tarfile
from collections.abc import Iterable, Iterator
from importlib.metadata import Distribution, PackageNotFoundError, distribution
from pathlib import Path

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name

from ..serve.flet_files import PublishError, pyodide_info, web_dir
from .slim import ICON_USE, icon_table, slimmed

__all__ = ["APP", "BUILD_ONLY", "NOT_IN_BROWSER", "PURE_FALLBACK", "app_archive",
           "browser_distributions", "browser_environment", "package_files", "packed_packages",
           "tar_archive"]

APP = "scorer"  # the app's distribution and its package
# Scorer's requirements that build the site and never run in it: flet-web is the client the
# site is made from (its Python is a server), fontTools cuts the icon font, packaging reads
# these requirements.
BUILD_ONLY = ("flet-web", "fonttools", "packaging")
# Distributions with compiled code that run as pure Python without it (left out of the site).
PURE_FALLBACK = {"msgpack": "msgpack.fallback, when msgpack._cmsgpack is missing"}
COMPILED = (".so", ".pyd")
# Parts of the packages the browser never runs.
SKIP_PARTS = {"__pycache__", "testing", "fastapi", "cli.py", "pytest_plugin.py", "auth",
              "tests"}
SKIP_SUFFIXES = (".pyc", ".so", ".pyd", ".pyx", ".c", ".h", ".cpp", ".pyi")  # .pyi: types only
# Scorer's modules that build the site (``scorer publish``), which the site itself never runs.
BUILD_MODULES = ("ui/site/publish.py", "ui/serve/flet_files.py", "ui/site/pack.py",
                 "ui/site/offline.py", "ui/site/slim.py", "ui/site/bytecode.py")
# Parts of the packages that only the desktop or a server runs, never the browser: Scorer's
# command line and its server (``scorer run``, ``scorer serve``), Flet's servers (its app
# runs the Pyodide connection there before it reaches them). Left out of the archive, as
# the browser tests leave them out of importing everything (decision 584).
NOT_IN_BROWSER = {APP: ("cli/", "ui/serve/", "__main__.py"),
                  "flet": ("messaging/flet_socket_server.py",
                           "messaging/flet_dart_bridge_server.py")}
# Scorer's assets that the page loads from the site itself (fonts, icons, the service worker),
# not Python: they stay out of the app archive (the fonts alone are 1.5 MB).
SITE_ASSETS = ("assets/fonts/", "assets/icons/", "assets/web/")
# Flet's names of the Material icons (read when code first names one: decision 584).
ICON_TABLE = "__pypackages__/flet/controls/material/icons.json"

BROWSER_MAIN = '''\
"""Scorer in the browser (Pyodide): built by `scorer publish`."""
from scorer.ui.site.browser import start

start()
'''


def browser_environment(web: Path | None = None) -> dict[str, str]:
    """The environment markers of Pyodide's Python, the one flet-web ships."""
    info = pyodide_info(web or web_dir())
    python = str(info["python"])
    return {"python_version": python.rsplit(".", 1)[0], "python_full_version": python,
            "implementation_version": python, "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "os_name": "posix",
            "sys_platform": "emscripten", "platform_system": "Emscripten",
            "platform_machine": str(info.get("arch", "wasm32")),
            "platform_release": "", "platform_version": "", "extra": ""}


def browser_distributions(root: str = APP,
                          environment: dict[str, str] | None = None) -> list[Distribution]:
    """``root`` and the distributions it requires in the browser, at any depth, in the order
    met (the build-only ones and their own requirements left out)."""
    env = environment or browser_environment()
    found: dict[str, Distribution] = {}
    seen: set[tuple[str, frozenset[str]]] = set()
    todo: list[tuple[str, frozenset[str], str]] = [(root, frozenset(), "")]
    while todo:
        name, extras, wanted_by = todo.pop(0)
        key = canonicalize_name(name)
        if (key, extras) in seen:
            continue
        seen.add((key, extras))
        try:
            dist = found.get(key) or distribution(name)
        except PackageNotFoundError:
            raise PublishError(f"{name}, which {wanted_by or 'the site'} needs in the browser, "
                               "is not installed") from None
        found[key] = dist
        for line in dist.requires or ():
            try:
                req = Requirement(line)
            except InvalidRequirement as error:
                raise PublishError(f"{name} requires {line!r}, which cannot be read: "
                                   f"{error}") from None
            if canonicalize_name(req.name) in BUILD_ONLY and key == canonicalize_name(root):
                continue
            if req.marker is None or any(req.marker.evaluate({**env, "extra": extra})
                                         for extra in extras | {""}):
                todo.append((req.name, frozenset(req.extras), name))
    return list(found.values())


def _import_names(dist: Distribution) -> list[str]:
    """The top-level modules and packages ``dist`` installs that hold Python code."""
    listed = dist.read_text("top_level.txt")
    names = set(listed.split()) if listed else {
        Path(file.parts[0]).stem for file in dist.files or ()
        if file.parts[0] not in ("..", "__pycache__") and file.suffix == ".py"}
    kept = []
    for name in sorted(names):
        spec = importlib.util.find_spec(name)
        if spec is None:
            raise PublishError(f"{name}, installed by {dist.metadata['Name']}, is not importable")
        if spec.origin is None and not any(
                next(Path(folder).rglob("*.py"), None)
                for folder in spec.submodule_search_locations or ()):
            continue  # a folder of other files (flet-charts' Dart sources)
        kept.append(name)
    return kept


def packed_packages(root: str = APP, environment: dict[str, str] | None = None) -> list[str]:
    """The import names of every distribution the app runs in the browser (sorted); fails on
    one with compiled code that has no pure fallback."""
    names: set[str] = set()
    for dist in browser_distributions(root, environment):
        name = canonicalize_name(dist.metadata["Name"])
        pure = "Root-Is-Purelib: false" not in (dist.read_text("WHEEL") or "") and not any(
            file.suffix in COMPILED for file in dist.files or ())
        if not pure and name not in PURE_FALLBACK:
            raise PublishError(f"{dist.metadata['Name']} (which the app needs) has compiled "
                               "code that cannot run in the browser, and Scorer does not know "
                               "it runs without (see PURE_FALLBACK in scorer/ui/site/pack.py)")
        names.update(_import_names(dist))
    return sorted(names)


def package_files(name: str) -> Iterator[tuple[str, Path]]:
    """(path in the archive, file) for an importable package or module ``name``."""
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
                or relative.as_posix().startswith(NOT_IN_BROWSER.get(name, ())) \
                or (name == APP and relative.as_posix().startswith(SITE_ASSETS + BUILD_MODULES)):
            continue
        yield f"__pypackages__/{name}/{relative.as_posix()}", path


def app_archive() -> bytes:
    """``app.tar.gz``: ``main.py`` and the app's packages, with fixed order and timestamps so
    the same installation always gives the same bytes. Every module goes without its
    docstrings and comments (``slim.slimmed``), Scorer's too (decision 102). The gzip stores
    the tar without deflating it: the archive travels as LZMA (``app.tar.gz.lzma``, see
    offline.py), which finds a third more in the plain tar than in a deflated one (decision
    441)."""
    entries: list[tuple[str, bytes]] = [("main.py", BROWSER_MAIN.encode())]
    for package in packed_packages():
        for name, path in package_files(package):
            data = path.read_bytes()
            if name.endswith(".py"):
                data = slimmed(data)
            entries.append((name, data))
    # Flet's table of icon names (234 kB) keeps the icons some shipped code names, as the
    # cut icon font does (decision 584).
    named = {icon.decode() for path, data in entries if path.endswith(".py")
             for icon in ICON_USE.findall(data)}
    return tar_archive([(name, icon_table(data, named) if name == ICON_TABLE else data)
                        for name, data in entries])


def tar_archive(entries: Iterable[tuple[str, bytes]]) -> bytes:
    """The archive of ``entries`` (name, bytes), as ``app.tar.gz`` is written: in the order of
    their names, with fixed timestamps, its tar stored in a gzip (see :func:`app_archive`)."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in sorted(entries):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 946684800  # 2000-01-01: the bytes do not depend on the build time
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))
    return gzip.compress(raw.getvalue(), compresslevel=0, mtime=0)
