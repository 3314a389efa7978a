"""The layers import in one direction only (docs: STYLE.md, "which way the imports run").

Every module under ``scorer/`` is parsed with ``ast`` (imports inside functions count too) and
each import is checked against the rules below; the checker itself is tested on made-up module
texts, so a broken checker cannot pass silently. One child process per pure layer checks what
importing it really loads (this also catches imports made by name at run time).
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "scorer"

# (modules the rule is about, modules they must not import, why): prefixes match a module and
# everything below it ("scorer.ui" matches scorer.ui.shell.app, not scorer.uix).
OURS_ABOVE_RULES = ("scorer.fields", "scorer.game", "scorer.history", "scorer.i18n",
                    "scorer.sheet", "scorer.stats", "scorer.rulebook", "scorer.store", "scorer.ui",
                    "scorer.cli", "scorer.pairs_sheet", "scorer.pairs_link",
                    "scorer.team_link")
GAME = ("scorer.game", "scorer.history")  # the game model and its correction history
# The UI's three parts: every module of scorer/ui/ is in exactly one (a test checks it).
DRAWING = ("scorer.ui.screens", "scorer.ui.entry", "scorer.ui.boards", "scorer.ui.widgets",
           "scorer.ui.layout",
           "scorer.ui.theme", "scorer.ui.present", "scorer.ui.reuse", "scorer.ui.spans",
           "scorer.ui.sending",
           "scorer.ui.new_game_form",
           "scorer.ui.qr")
SHELL = ("scorer.ui.shell",)
DELIVERY = ("scorer.ui.serve", "scorer.ui.site")
RULES: list[tuple[str, tuple[str, ...], str]] = [
    ("scorer.rules", OURS_ABOVE_RULES, "rules import nothing of ours above them"),
    *[(module, ("scorer.store", "scorer.ui", "scorer.cli", "scorer.sheet", "scorer.stats"),
       "the game knows rules, nothing of storage, UI or the command line") for module in GAME],
    ("scorer.fields", ("scorer.store", "scorer.ui", "scorer.cli"), "fields are pure"),
    ("scorer.store", ("scorer.i18n", "scorer.sheet", "scorer.ui", "scorer.cli", "flet"),
     "the store renders no text and knows no UI"),
    *[(module, ("flet", "tinydb", "scorer.store"), "presenters are pure")
      for module in ("scorer.ui.present", "scorer.ui.boards.text")],
    # The UI's three parts (docs/architecture.md): the drawing, the shell, the delivery.
    *[(module, ("scorer.ui.shell.app", "scorer.ui.shell.routes", *DELIVERY),
       "the drawing knows the shell only as screens.host's App and Route")
      for module in DRAWING],
    ("scorer.ui.shell", DELIVERY, "the shell knows nothing of how it is delivered"),
    ("scorer.ui.serve", ("scorer.ui.site",), "serving knows nothing of the published site"),
]
# (third-party or std module, the only place allowed to import it)
ONLY_IN: list[tuple[str, str]] = [
    ("tinydb", "scorer.store"),
    ("flet", "scorer.ui"),
    ("flet_charts", "scorer.ui"),
    ("flet_web", "scorer.ui"),
    ("argparse", "scorer.cli"),
]


def under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module ``source`` (the text of ``module``) imports, anywhere in the file, with
    relative imports resolved; ``from a import b`` counts as both ``a`` and ``a.b``."""
    found: set[str] = set()
    package = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            found.add(origin)
            found |= {f"{origin}.{alias.name}" for alias in node.names if alias.name != "*"}
    return found


def violations(module: str, imported: set[str]) -> list[str]:
    """What ``module`` must not import among ``imported``, one line each (``a.b`` is not
    reported again when ``a`` already was, for the same reason)."""
    bad: list[tuple[str, str]] = []
    for owner, forbidden, why in RULES:
        if under(module, owner):
            bad += [(name, why) for name in imported if any(under(name, f) for f in forbidden)]
    for name in imported:
        bad += [(name, f"only {home} may") for library, home in ONLY_IN
                if under(name, library) and not under(module, home)]
        if (under(name, "scorer.cli") and not under(module, "scorer.cli")
                and module != "scorer.__main__"):  # `python -m scorer` is the same entry
            bad.append((name, "nothing imports the command line (the entry point is "
                              "pyproject's scorer.cli:main)"))
    if under(module, "scorer.rules"):
        bad += [(name, "rules use the standard library only") for name in imported
                if name.split(".")[0] not in (*sys.stdlib_module_names, "scorer")]
    reported = set(bad)
    return [f"{module} imports {name}: {why}" for name, why in sorted(reported)
            if (name.rpartition(".")[0], why) not in reported]


def check(path: Path, root: Path = ROOT) -> list[str]:
    module = module_name(path, root)
    source = path.read_text(encoding="utf-8")
    return violations(module, imports_of(source, module, path.name == "__init__.py"))


def test_every_module_imports_in_the_direction_of_the_layers():
    modules = sorted(ROOT.rglob("*.py"))
    assert len(modules) > 20  # the whole package was read, not an empty folder
    problems = [line for path in modules for line in check(path)]
    assert problems == []


def test_every_ui_module_is_in_one_of_the_three_parts():
    modules = [module_name(path) for path in sorted((ROOT / "ui").rglob("*.py"))]
    assert "scorer.ui.shell.app" in modules and "scorer.ui.site.publish" in modules
    parts = {m: [p for p in (*DRAWING, *SHELL, *DELIVERY) if under(m, p)] for m in modules
             if m != "scorer.ui"}
    assert {m: found for m, found in parts.items() if len(found) != 1} == {}


@pytest.mark.parametrize(("module", "text", "expected"), [
    # A function-level import counts.
    ("scorer.rules.draw_bridge", "def f():\n    import flet\n",
     ["imports flet: only scorer.ui may", "imports flet: rules use the standard library only"]),
    ("scorer.rules.base", "from scorer.game import Game\n",
     ["imports scorer.game: rules import nothing"]),
    # Relative imports are resolved against the module's package.
    ("scorer.game", "from .store import Store\n", ["imports scorer.store: the game knows"]),
    ("scorer.store.core", "from ..i18n import t\n", ["imports scorer.i18n: the store renders"]),
    ("scorer.store.core", "from .. import sheet\n", ["imports scorer.sheet: the store renders"]),
    ("scorer.store.core", "from . import files\nimport tinydb\n", []),  # tinydb's home
    # In a package's __init__, "." is the package itself.
    ("scorer.store.__init__", "from . import core\nfrom .. import i18n\n",
     ["imports scorer.i18n: the store renders"]),
    ("scorer.sheet", "import tinydb.storages\n", ["imports tinydb.storages: only scorer.store"]),
    ("scorer.stats", "if True:\n    from flet import Text\n", ["imports flet: only scorer.ui"]),
    ("scorer.ui.shell.app", "import flet as ft\nfrom scorer.cli import main\n",
     ["imports scorer.cli: nothing imports the command line"]),
    ("scorer.ui.present", "import flet\n", ["imports flet: presenters are pure"]),
    ("scorer.ui.screens.home", "if TYPE_CHECKING:\n    from ..shell.app import ScorerApp\n",
     ["imports scorer.ui.shell.app: the drawing knows the shell only"]),
    ("scorer.ui.widgets", "from .site import publish\n",
     ["imports scorer.ui.site: the drawing knows the shell only"]),
    ("scorer.ui.shell.app", "from ..serve.run import assets_dir\n",
     ["imports scorer.ui.serve.run: the shell knows nothing of how"]),
    ("scorer.ui.serve.server", "from ..site import publish\n",
     ["imports scorer.ui.site: serving knows nothing"]),
    ("scorer.ui.site.publish", "from ..serve.client_files import web_script\n", []),
    ("scorer.store.files", "import argparse\n", ["imports argparse: only scorer.cli may"]),
    ("scorer.rules.values", "import numpy\n", ["imports numpy: rules use the standard library"]),
    ("scorer.cli",
     "import argparse\nfrom scorer.ui.serve.run import run\nfrom .store import Store\n", []),
    ("scorer.uix", "import flet\n", ["imports flet: only scorer.ui may"]),  # not a sub-package
])
def test_the_checker_finds_what_breaks_a_layer(tmp_path, module, text, expected):
    path = tmp_path.joinpath(*module.split(".")).with_suffix(".py")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    found = check(path, tmp_path / "scorer")
    assert len(found) == len(expected), found
    for line, part in zip(found, expected, strict=True):
        assert line.startswith(module.removesuffix(".__init__") + " imports "), line
        assert part in line, (line, part)


def loaded_by(modules: str) -> list[str]:
    """The modules a fresh interpreter holds after ``import`` of ``modules`` (a real child
    process: nothing the tests imported is in it)."""
    code = (f"import sys; before = set(sys.modules); import {modules}; "
            "print('\\n'.join(sorted(set(sys.modules) - before)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return done.stdout.split()


def test_the_pure_layers_load_the_standard_library_and_themselves_only():
    loaded = loaded_by("scorer.rules, scorer.fields, scorer.game")
    assert "scorer.game" in loaded and "scorer.rules.values" in loaded
    pure = ("scorer.rules", "scorer.fields", *GAME)
    foreign = [m for m in loaded if m.split(".")[0] not in sys.stdlib_module_names
               and m != "scorer" and not any(under(m, p) for p in pure)]
    assert foreign == []


def test_the_store_loads_neither_flet_nor_text_rendering():
    loaded = loaded_by("scorer.store")
    assert "tinydb" in loaded and "scorer.store" in loaded
    forbidden = ("flet", "scorer.ui", "scorer.i18n", "scorer.sheet", "scorer.cli")
    assert [m for m in loaded if any(under(m, f) for f in forbidden)] == []


# --- nobody outside scorer/rules/ names a variant -------------------------------------------
# A variant answers for itself (docs/architecture.md): a game's name written as a value in the
# UI, the CLI, the sheets or the statistics is knowledge that belongs in scorer/rules/ (the
# registry says which game each screen starts on). Docstrings and comments may name games.

def variant_names() -> set[str]:
    from scorer.rules import VARIANTS  # imported here: the layer checks above read files only

    return {name for v in VARIANTS.values() for name in (v.name, *v.aliases)}


def names_in(source: str, names: set[str]) -> list[tuple[int, str]]:
    """The string literals of ``source`` (not docstrings) that name one of ``names``: the whole
    literal, or one part of an address ('/rules/chicago'), in any case; (line, literal) each."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings
            and any(part.strip().lower() in names for part in (node.value, *node.value.split("/")))]


def test_no_module_outside_the_rules_names_a_variant():
    names = variant_names()
    assert {"draw-bridge", "minibridge", "call-break", "rubber", "chicago", "team-match"} <= names
    modules = [path for path in sorted(ROOT.rglob("*.py"))
               if not under(module_name(path), "scorer.rules")]
    assert {"scorer.cli", "scorer.stats", "scorer.sheet", "scorer.ui.new_game_form"} <= {
        module_name(path) for path in modules}
    found = [f"{path.relative_to(ROOT.parent)}:{line}: {text!r}" for path in modules
             for line, text in names_in(path.read_text(encoding="utf-8"), names)]
    assert found == []


@pytest.mark.parametrize(("text", "expected"), [
    ('x = "minibridge"\n', [(1, "minibridge")]),
    ('if name == "Draw-Bridge ":\n    pass\n', [(1, "Draw-Bridge ")]),
    ('MODES = {"rubber": 1}\n', [(1, "rubber")]),  # an alias names its game too
    ('page.go("/rules/chicago")\n', [(1, "/rules/chicago")]),
    ('def f():\n    return f"{x}/team-match"\n', [(2, "/team-match")]),
    ('"""Draw Bridge, minibridge."""\n# chicago\nx = 1\n', []),  # docstring and comment
    ('class A:\n    """minibridge"""\n\n    y = "call-break"\n', [(4, "call-break")]),
    ('t("boards.rubber")\nKEY = "minibridge_rules"\nx = "Draw Bridge"\n', []),  # not a name
])
def test_the_name_finder_finds_a_planted_name(text, expected):
    assert names_in(text, variant_names()) == expected


# --- no module is over 450 lines ---------------------------------------------------------------
# A module the next person reads whole (issue 19): one over this is split along a seam.

MAX_LINES = 450


def long_modules(root: Path = ROOT) -> list[str]:
    return [f"{path.relative_to(root.parent)}: {count} lines" for path in sorted(root.rglob("*.py"))
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES]


def test_no_module_is_over_450_lines():
    assert long_modules() == []


def test_the_line_count_finds_a_long_module(tmp_path):
    (tmp_path / "scorer" / "ui").mkdir(parents=True)
    (tmp_path / "scorer" / "ui" / "long.py").write_text("x = 1\n" * 451, encoding="utf-8")
    (tmp_path / "scorer" / "short.py").write_text("x = 1\n" * 450, encoding="utf-8")
    assert long_modules(tmp_path / "scorer") == [f"scorer{os.sep}ui{os.sep}long.py: 451 lines"]


# --- no import circle ---------------------------------------------------------------------------
# Two modules that import each other (through any number of others, at the top, inside a function
# or under TYPE_CHECKING alike) cannot be read, tested or moved one without the other (issue 19).

def import_graph(sources: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """Which of the given modules each imports (``sources``: module -> (text, is a package)),
    anywhere in its text. ``from P import name`` imports the module ``P.name`` where there is
    one, else ``P``; ``import a.b.c`` the longest of them that is given. Modules not given (the
    standard library, Flet) are left out."""
    def given(name: str) -> str:
        while name and name not in sources:
            name = name.rpartition(".")[0]
        return name

    graph: dict[str, set[str]] = {}
    for module, (text, is_package) in sources.items():
        package = module.split(".") if is_package else module.split(".")[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                found |= {given(alias.name) for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                origin = ".".join(package[:len(package) - (node.level - 1)]
                                  + ([node.module] if node.module else [])
                                  ) if node.level else node.module or ""
                found |= {f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in sources
                          else given(origin) for alias in node.names}
        graph[module] = found - {"", module}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: each group of modules that reach each other (Tarjan's
    strongly connected components of more than one module), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph.get(module, ())):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def package_sources(root: Path = ROOT) -> dict[str, tuple[str, bool]]:
    return {module_name(path, root): (path.read_text(encoding="utf-8"), path.name == "__init__.py")
            for path in sorted(root.rglob("*.py"))}


def test_no_module_of_scorer_is_in_an_import_circle():
    graph = import_graph(package_sources())
    assert "scorer.ui.screens.host" in graph["scorer.ui.screens.home"]  # the graph was read
    assert "scorer.ui.screens.home" in graph["scorer.ui.shell.routes"]
    assert circles(graph) == []


@pytest.mark.parametrize(("texts", "expected"), [
    # A circle under TYPE_CHECKING and one inside a function count.
    ({"p.a": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import b\n",
      "p.b": "from .a import x\n"}, [["p.a", "p.b"]]),
    ({"p.a": "def f():\n    from p.c import y\n", "p.b": "import p.a\n",
      "p.c": "from .b import z\n"}, [["p.a", "p.b", "p.c"]]),
    # A module importing its siblings from their package is not a circle with the package.
    ({"p": "", "p.a": "from . import b\n", "p.b": "import os\n"}, []),
    # But a package that imports a module which imports the package's own names is.
    ({"p": "from .a import f\nNAME = 1\n", "p.a": "from . import NAME\n"}, [["p", "p.a"]]),
    ({"p.a": "import p.b\n", "p.b": "import json\n"}, []),
])
def test_the_circle_finder_finds_a_planted_circle(texts, expected):
    sources = {module: (text, module == "p") for module, text in texts.items()}
    assert circles(import_graph(sources)) == expected
