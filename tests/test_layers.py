"""The layers import in one direction only: rules and game know nothing of flet or tinydb."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["scorer.rules", "scorer.game", "scorer.cli"])
def test_pure_layers_import_neither_flet_nor_tinydb(module):
    code = (f"import sys, {module}; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('flet', 'tinydb')); "
            "print(','.join(bad))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == ""


def test_rules_use_only_the_standard_library():
    code = ("import sys; before = set(sys.modules); import scorer.rules, scorer.game; "
            "new = {m.split('.')[0] for m in set(sys.modules) - before}; "
            "print(','.join(sorted(m for m in new if m != 'scorer' and "
            "m not in sys.stdlib_module_names)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == ""


@pytest.mark.parametrize(("module", "forbidden"), [
    ("scorer.store", ("scorer.i18n", "scorer.sheet", "scorer.ui", "scorer.cli", "flet")),
    ("scorer.ui.present", ("flet", "tinydb", "scorer.store")),
])
def test_store_and_presenters_stay_in_their_layer(module, forbidden):
    code = (f"import sys, {module}; "
            f"bad = sorted(m for m in sys.modules if m.startswith({forbidden!r})); "
            "print(','.join(bad))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == ""


def test_only_the_store_imports_tinydb():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "scorer"
    pattern = re.compile(r"^\s*(import tinydb|from tinydb)", re.MULTILINE)
    users = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                   if pattern.search(p.read_text(encoding="utf-8"))
                   and p.parent.name != "store")
    assert users == []


def test_only_the_ui_imports_flet():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "scorer"
    pattern = re.compile(r"^\s*(import flet|from flet)", re.MULTILINE)
    users = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                   if pattern.search(p.read_text(encoding="utf-8"))
                   and p.relative_to(root).parts[0] != "ui")
    assert users == []
