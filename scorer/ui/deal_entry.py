"""The inputs for one deal of any variant, shared by deal entry, correction and Check a score.

``DealEntry(draft, on_change, t, on_calls=None)`` gives the controls of the variant's own input
module (``scorer.ui.entry``, found through ``Variant.entry``), with ``controls``, ``preview``,
``refresh()`` and ``status(evaluation)``.
"""

from __future__ import annotations

from .entry import DealEntry

__all__ = ["DealEntry"]
