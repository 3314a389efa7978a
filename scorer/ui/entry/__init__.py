"""One deal-input module per kind of deal, found through the variant (its ``entry``, read by
:func:`scorer.rules.hints_of`: by default the variant's name with ``_`` for ``-``), and the one
place the screens and tests get deal inputs from.

Each module holds a draft (what has been entered so far and what it would save; plain Python)
and the controls that change it (flet). Adding a variant's input: one module here with a
``KIND``, named by the variant's ``entry``: every registered variant's module is imported
here (an input module defined elsewhere, a test's toy game, calls :func:`register_entry`).
``new_draft``, ``draft_for_game``, ``draft_of_deal`` and ``new_entry`` give the variant's own
draft and controls.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ...rules import VARIANTS, hints_of, variant
from .base import DealDraft, DealEntry, EntryKind, Evaluation, problem_of

if TYPE_CHECKING:
    from ...game import Game
    from ...i18n import Translator

__all__ = ["ENTRIES", "DealDraft", "DealEntry", "EntryKind", "Evaluation", "draft_for_game",
           "draft_of_deal", "entry_for", "new_draft", "new_entry", "problem_of",
           "register_entry"]


def _kind(name: str) -> EntryKind:
    """The ``KIND`` of the input module ``name`` here."""
    kind = getattr(import_module(f"{__name__}.{name}"), "KIND", None)
    if not isinstance(kind, EntryKind):
        raise TypeError(f"scorer.ui.entry.{name} has no KIND (an EntryKind)")
    return kind


# keyed by the module's own name, which is what a variant's ``entry`` says: one per module
# the registered games name, in their order
ENTRIES: dict[str, EntryKind] = {
    name: _kind(name) for name in dict.fromkeys(hints_of(v).entry for v in VARIANTS.values())}


def register_entry(name: str, kind: EntryKind) -> EntryKind:
    """Make ``kind`` (an input module's draft and controls) the input of every variant whose
    ``Variant.entry`` is ``name``; returns it. The modules here that Scorer's games name are
    registered when this package is imported; an input module defined elsewhere (a test's
    toy game) registers here, and is gone again when ``ENTRIES`` is put back as it was. A name
    already taken is refused (ValueError)."""
    if ENTRIES.get(name, kind) is not kind:
        raise ValueError(f"{name} already names an input module")
    ENTRIES[name] = kind
    return kind


def entry_for(variant_name: str) -> EntryKind:
    """The input module of the variant called ``variant_name``."""
    return ENTRIES[hints_of(variant(variant_name)).entry]


def new_draft(variant_name: str, players: Sequence[str], rules: Any,
              dealer: int = 0) -> DealDraft:
    """A blank draft of ``variant_name``'s own kind (Check a score: no game behind it)."""
    return entry_for(variant_name).draft(variant_name, tuple(players), rules, dealer)


def draft_for_game(game: Game) -> DealDraft:
    """The next deal of ``game``, dealt by its next dealer."""
    return entry_for(game.variant_name).draft.for_game(game)


def draft_of_deal(game: Game, number: int) -> DealDraft:
    """Recorded deal ``number`` of ``game``, to correct it."""
    return entry_for(game.variant_name).draft.from_deal(game, number)


def new_entry(draft: DealDraft, on_change: Callable[[], None], t: Translator,
              on_calls: Callable[[dict[str, Any]], bool] | None = None,
              scale: float = 1.0) -> DealEntry:
    """The controls of ``draft``'s input module, for text ``scale`` times the usual size."""
    return entry_for(draft.variant_name).inputs(draft, on_change, t, on_calls, scale)
