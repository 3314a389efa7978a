"""One game met twice (kept here, and brought by a link): which of the two is the other's
past, so that the longer history wins and nothing is overwritten silently.

A game's history is its deals and its corrections (a correction or removal is kept with when
it happened; a deal added is not). ``later`` *extends* ``earlier`` when both are the same game
(same id, game, players, house rules, end, first dealer), ``later``'s corrections begin with
``earlier``'s, and ``later``'s deals, with the corrections made since ``earlier`` undone,
begin with ``earlier``'s deals. Pure: no files.

A link is a later state of the game, never a rewrite of its past (decision 220): it must have
been created at the same moment (``created_at``), and whatever it changes besides adding deals
(a correction or removal since, or ending the game) must be dated after the kept game's last
change (its ``updated_at``); else the two are another game's histories and both are kept.
"""

from __future__ import annotations

import enum
from dataclasses import replace
from typing import Any

from ..fields import moment
from ..game import Game

__all__ = ["Relation", "extends", "relation"]


class Relation(enum.Enum):
    SAME = "same"  # nothing new on either side
    LINK_NEWER = "link_newer"  # the link extends the game kept here: it replaces it
    KEPT_NEWER = "kept_newer"  # the game kept here extends the link: nothing to do
    BOTH_CHANGED = "both_changed"  # neither extends the other: both are kept


def _settings(game: Game) -> tuple[Any, ...]:
    return (game.id.casefold(), game.variant_name, game.players, game.rules, game.end,
            game.first_dealer, moment(game.created_at))


def _after(stamp: str, game: Game) -> bool:
    """Whether ``stamp`` is later than ``game``'s last change (a missing time never is)."""
    when, last = moment(stamp), moment(game.updated_at or game.created_at)
    return when is not None and (last is None or when > last)


def _deals_before(game: Game, corrections: int) -> list[dict[str, Any]]:
    """``game``'s deals as they were before its corrections from number ``corrections`` + 1
    on: each undone, the last first. A removed deal comes back at its place, and the deals
    after it (added since the removal) go."""
    deals = [d.to_dict() for d in game.deals]
    for entry in reversed(game.history[corrections:]):
        if entry.after is None:  # a removal of the last deal
            deals = [*deals[:entry.deal - 1], entry.before]
        elif entry.deal <= len(deals):
            deals[entry.deal - 1] = entry.before
    return deals


def extends(later: Game, earlier: Game, later_history: bool = True) -> bool:
    """Whether ``later`` is ``earlier`` with more played or corrected since. Without
    ``later_history`` (a link that left its corrections out) the deals alone are compared."""
    if _settings(later) != _settings(earlier):
        return False
    if later_history:
        known = len(earlier.history)
        if later.history[:known] != earlier.history:
            return False
        if not all(_after(c.at, earlier) for c in later.history[known:]):
            return False  # a change dated before what it changes: a rewrite of the past
        past = _deals_before(later, known)
    else:
        past = [d.to_dict() for d in later.deals]
    before = [d.to_dict() for d in earlier.deals]
    if past[:len(before)] != before:
        return False
    if later.closed and not earlier.closed and not _after(later.updated_at, earlier):
        return False  # ended before its last change here
    # a game ended here is not extended by one still open, unless a correction reopened it
    return not (earlier.closed and not later.closed
                and len(later.history) == len(earlier.history))


def relation(kept: Game, linked: Game, linked_history: bool = True) -> Relation:
    """How the game ``kept`` here and the game a link brings relate (same id)."""
    link_extends = extends(linked, kept, linked_history)
    kept_extends = any(extends(kept, _with_history(linked, kept, n), True)
                       for n in _known(kept, linked, linked_history))
    if link_extends and kept_extends:
        if linked.updated_at > kept.updated_at and linked.pending != kept.pending:
            return Relation.LINK_NEWER  # the same deals; the link knows the round in play
        return Relation.SAME
    if link_extends:
        return Relation.LINK_NEWER
    if kept_extends:
        return Relation.KEPT_NEWER
    return Relation.BOTH_CHANGED


def _known(kept: Game, linked: Game, linked_history: bool) -> range:
    """How many of ``kept``'s corrections the link may have had: all of its own when it
    carries them, else any number."""
    if linked_history:
        return range(len(linked.history), len(linked.history) + 1)
    return range(len(kept.history), -1, -1)


def _with_history(linked: Game, kept: Game, n: int) -> Game:
    """The link's game as if it had carried ``kept``'s first ``n`` corrections (a link that
    left them out); the same game when it carried its own."""
    if len(linked.history) == n:
        return linked
    return replace(linked, history=kept.history[:n])
