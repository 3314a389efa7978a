"""Pure scoring for every variant (standard library only), and the registry that finds them.

``variant("draw-bridge")`` returns the variant object; adding a variant is one module here
plus one line in :data:`GAMES` (or a call to :func:`register_variant`; the whole checklist:
docs/adding-a-variant.md): its input module (``scorer.ui.entry``) is found from it. The
registry also says which game each screen starts on: no module outside ``scorer/rules/`` names
a variant.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .base import DealScore, EndRule, RuleInfo, Variant
from .call_break import CallBreak
from .chicago import Chicago
from .contract import Contract, ContractScore, Doubling, Strain
from .draw_bridge import DrawBridge
from .minibridge import MiniBridge
from .parts import HandCheck, check_parts, checks_of, hints_of, sheet_of, stats_of
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
    "GAMES",
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
    "checks_of",
    "hints_of",
    "register_variant",
    "sheet_of",
    "stats_of",
    "variant",
]

# Every game, in the order the app offers them (New game, Check a score, the rules pages):
# one line each, "<module in scorer/rules/>:<its Variant class>". A game's input module
# (scorer/ui/entry/<Variant.entry>.py) is found from its variant: no line there.
GAMES = (
    "draw_bridge:DrawBridge",
    "minibridge:MiniBridge",
    "call_break:CallBreak",
    "rubber_bridge:RubberBridge",
    "chicago:Chicago",
    "team_match:TeamMatch",
)


def _made(line: str) -> Variant[Any, Any]:
    """The variant a line of :data:`GAMES` names, made."""
    module, _, name = line.partition(":")
    made = getattr(import_module(f"{__name__}.{module}"), name)()
    if not isinstance(made, Variant):
        raise TypeError(f"GAMES: {line} is not a Variant")
    return check_parts(made)


VARIANTS: dict[str, Variant[Any, Any]] = {v.name: v for v in map(_made, GAMES)}

NEW_GAME_FIRST = "minibridge"  # the game New game preselects
CHECK_FIRST = "draw-bridge"  # the game whose hand Check a score opens on


def register_variant(game: Variant[Any, Any]) -> Variant[Any, Any]:
    """Offer ``game`` in the app after the games already registered (New game, Check a score
    and the rules pages list ``VARIANTS`` in order; :func:`variant` finds it by its name and
    aliases); returns it. Scorer's games are the lines of :data:`GAMES`; a variant defined
    elsewhere (a test's toy game) registers here, and is gone again when ``VARIANTS`` is put
    back as it was. A name or alias already taken is refused (ValueError)."""
    check_parts(game)
    names = {game.name, *game.aliases}
    taken = sorted(n for v in VARIANTS.values() if v is not game
                   for n in names & {v.name, *v.aliases})
    if taken:
        raise ValueError(f"{', '.join(taken)} already names a game")
    VARIANTS[game.name] = game
    return game


def variant(name: str) -> Variant[Any, Any]:
    """The variant called ``name`` (or one of its aliases); InvalidInput if there is none."""
    wanted = str(name).strip().lower()
    found = VARIANTS.get(wanted)  # the registry is the only index: what it holds is found
    if found is not None:
        return found
    for game in VARIANTS.values():
        if wanted in game.aliases:
            return game
    raise InvalidInput("game", name, f"is not one of {', '.join(VARIANTS)}")
