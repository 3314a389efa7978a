"""A variant's core carries no bridge, and a deal is typed where one is meant (issue 31): the
core (``scorer/rules/base.py``) imports nothing of contracts, and no function of
``scorer/rules/`` takes a deal as ``Any``. Each check is first shown to find what it looks for
in a planted text, so that it can fail."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_layers import imports_of

RULES = Path(__file__).resolve().parent.parent / "scorer" / "rules"
BRIDGE = ("scorer.rules.contract", "scorer.rules.contract_bridge", "scorer.rules.contract_deals",
          "scorer.rules.bridge_games", "scorer.rules.bridge_checks", "scorer.rules.boards")


def bridge_imports(source: str) -> list[str]:
    """What the core module's text imports of the bridge modules."""
    return sorted(m for m in imports_of(source, "scorer.rules.base")
                  if any(m == b or m.startswith(b + ".") for b in BRIDGE))


def untyped_deals(source: str) -> list[str]:
    """The functions of ``source`` with a parameter ``deal`` annotated ``Any``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for arg in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs):
                if arg.arg == "deal" and arg.annotation is not None \
                        and ast.unparse(arg.annotation) in {"Any", "typing.Any"}:
                    found.append(node.name)
    return found


@pytest.mark.parametrize(("text", "expected"), [
    ("from .contract import Contract\n",
     ["scorer.rules.contract", "scorer.rules.contract.Contract"]),
    ("from . import contract_deals\n", ["scorer.rules.contract_deals"]),
    ("from .seats import SEATS\n", []),
])
def test_the_bridge_import_finder_finds_a_planted_import(text, expected):
    assert bridge_imports(text) == expected


def test_the_core_of_a_variant_imports_nothing_of_bridge():
    assert bridge_imports((RULES / "base.py").read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("def score(self, deal: Any, rules: Any) -> int: ...\n", ["score"]),
    ("def check_deal(self, deal: object) -> None: ...\n", []),
    ("def next_dealer(self, dealer: int, deal: BridgeDeal, rules: Any) -> int: ...\n", []),
])
def test_the_untyped_deal_finder_finds_a_planted_one(text, expected):
    assert untyped_deals(text) == expected


def test_no_rules_function_takes_a_deal_as_any():
    found = {path.name: untyped_deals(path.read_text(encoding="utf-8"))
             for path in sorted(RULES.rglob("*.py"))}
    assert {name: funcs for name, funcs in found.items() if funcs} == {}
