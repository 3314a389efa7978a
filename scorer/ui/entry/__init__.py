"""One deal-input module per kind of deal, found through the variant (``Variant.entry``).

Each module holds a draft (what has been entered so far and what it would save; plain Python)
and the controls that change it (flet). Adding a variant's input: one module here with a
``KIND`` and one line in ``_MODULES``. Screens use ``scorer.ui.forms.DealDraft`` and
``scorer.ui.deal_entry.DealEntry``, which give the variant's own draft and controls.
"""

from __future__ import annotations

from ...rules import variant
from . import bridge, call_break, draw_bridge, minibridge, team_match
from .base import DealDraft, DealEntry, EntryKind, Evaluation, problem_of

__all__ = ["ENTRIES", "DealDraft", "DealEntry", "EntryKind", "Evaluation", "entry_for",
           "problem_of"]


_MODULES = (draw_bridge, minibridge, call_break, bridge, team_match)
# keyed by the module's own name, which is what a variant's ``entry`` says
ENTRIES: dict[str, EntryKind] = {m.__name__.rpartition(".")[2]: m.KIND for m in _MODULES}


def entry_for(variant_name: str) -> EntryKind:
    """The input module of the variant called ``variant_name``."""
    return ENTRIES[variant(variant_name).entry]
