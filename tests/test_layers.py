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
