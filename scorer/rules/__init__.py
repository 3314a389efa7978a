"""Pure scoring for every variant (standard library only), and the registry that finds them.

``variant("draw-bridge")`` returns the variant object; adding a variant is one module here
plus one line in ``VARIANTS`` (the whole checklist: docs/adding-a-variant.md). The registry also
says which game each screen starts on: no module outside ``scorer/rules/`` names a variant.
"""

from __future__ import annotations

from typing import Any

from .base import DealScore, EndRule, HandCheck, RuleInfo, Variant
from .call_break import CallBreak
from .chicago import Chicago
from .contract import Contract, ContractScore, Doubling, Strain
from .draw_bridge import DrawBridge
from .minibridge import MiniBridge
from .rubber_bridge import RubberBridge
from .team_match import TeamMatch
from .values import InvalidInput, Line, Msg

__all__ = [
    "CHECK_FIRST",
    "CallBreak",
    "Chicago",
    "Contract",
    "ContractScore",
    "DealScore",
    "Doubling",
    "DrawBridge",
    "EndRule",
    "HandCheck",
    "InvalidInput",
    "Line",
    "MiniBridge",
    "Msg",
    "NEW_GAME_FIRST",
    "RubberBridge",
    "RuleInfo",
    "Strain",
    "TeamMatch",
    "Variant",
    "VARIANTS",
    "variant",
]

# Every game, in the order the app offers them (New game, Check a score, the rules pages).
VARIANTS: dict[str, Variant[Any, Any]] = {
    v.name: v for v in (DrawBridge(), MiniBridge(), CallBreak(), RubberBridge(), Chicago(),
                        TeamMatch())}

NEW_GAME_FIRST = "minibridge"  # the game New game preselects
CHECK_FIRST = "draw-bridge"  # the game whose hand Check a score opens on

_BY_ALIAS: dict[str, Variant[Any, Any]] = {}
for _v in VARIANTS.values():
    for _name in (_v.name, *_v.aliases):
        _BY_ALIAS[_name] = _v


def variant(name: str) -> Variant[Any, Any]:
    """The variant called ``name`` (or one of its aliases); InvalidInput if there is none."""
    found = _BY_ALIAS.get(str(name).strip().lower())
    if found is None:
        raise InvalidInput("game", name, f"is not one of {', '.join(VARIANTS)}")
    return found
