"""Deal entry for Call Break: each player's call with one tap, in calling order (from the
dealer's right), kept with the game as soon as all four are made; then each player's tricks,
the last player's filled in as the rest of the 13."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import flet as ft

from ...rules.call_break import CallBreakDeal, calling_order, calls_in_order
from ...rules.values import Msg
from .. import widgets as w
from .base import DealDraft, DealEntry, EntryKind, Evaluation, choice, four, indexes

__all__ = ["CallBreakDraft", "CallBreakEntry"]


@dataclass
class CallBreakDraft(DealDraft):
    calls: list[int | None] = field(default_factory=lambda: [None] * 4)
    taken: list[int | None] = field(default_factory=lambda: [None] * 4)
    picked_tricks: set[int] = field(default_factory=set)  # tricks the player picked (not filled)
    # The calls kept with the game (a round in play): where this deal stands, not typed for
    # this draft. Calls picked on top of them (fewer than four, or changed) are typed.
    kept_calls: list[int | None] = field(default_factory=lambda: [None] * 4)

    CONTEXT = ("kept_calls",)

    def follow(self, game: Any) -> None:
        if game.pending is not None and "calls" in game.pending:  # the calls of a round in play
            self.kept_calls = list(game.pending["calls"])
            self.calls = list(self.kept_calls)

    def blank(self) -> CallBreakDraft:
        fresh = super().blank()
        assert isinstance(fresh, CallBreakDraft)
        fresh.calls = list(self.kept_calls)
        return fresh

    def fill(self, deal: Any) -> None:
        self.calls, self.taken = list(deal.calls), list(deal.tricks)
        self.picked_tricks = set(range(len(deal.tricks)))

    def to_dict(self) -> dict[str, Any]:
        return {"calls": list(self.calls), "taken": list(self.taken),
                "picked_tricks": sorted(self.picked_tricks)}

    def take(self, data: Mapping[str, Any]) -> None:
        self.calls = [choice(c, self.rules.min_call, 13) for c in four(data["calls"])]
        self.taken = [choice(t, 0, 13) for t in four(data["taken"])]
        self.picked_tricks = indexes(data["picked_tricks"], 4)

    def follow_rules(self) -> None:
        """After the house rules changed (Check a score): no call below the lowest allowed."""
        self.calls = [None if call is None else max(call, self.rules.min_call)
                      for call in self.calls]

    def pick_call(self, player: int, call: int) -> None:
        self.calls[player] = call

    def calls_made(self) -> dict[str, Any] | None:
        """The four calls as the table announced them (to keep while the round is played),
        or None while a call is missing."""
        if any(call is None for call in self.calls):
            return None
        return {"calls": list(self.calls)}

    def pick_tricks(self, player: int, tricks: int) -> int | None:
        """``player`` took ``tricks``. Once three players' tricks are picked, the fourth's are
        filled in as the rest of the 13 (unless picked too); returns that player when their
        tricks changed (for the screen to show it), else None."""
        self.taken[player] = tricks
        self.picked_tricks.add(player)
        rest = [p for p in range(len(self.taken)) if p not in self.picked_tricks]
        if len(rest) != 1:
            return None
        left = 13 - sum(t for p, t in enumerate(self.taken) if p != rest[0] and t is not None)
        filled = left if 0 <= left <= 13 else None
        if filled == self.taken[rest[0]]:
            return None
        self.taken[rest[0]] = filled
        return rest[0]

    def calls_total(self) -> int:
        return sum(call or 0 for call in self.calls)

    def tricks_left(self) -> int:
        return 13 - sum(tricks or 0 for tricks in self.taken)

    def calling_order(self) -> list[int]:
        """Players in the order they call: from the dealer's right."""
        return list(calling_order(self.dealer))

    def assess(self) -> Evaluation:
        missing = [i for i in self.calling_order() if self.calls[i] is None]
        if missing:
            return Evaluation(None, None, Msg.of("form.call_missing",
                                                 name=self.players[missing[0]]))
        left = self.tricks_left()
        if left:
            return Evaluation(None, None, Msg.of("form.tricks_left", n=left) if left > 0
                              else Msg.of("form.tricks_over", n=-left))
        unpicked = [i for i, tricks in enumerate(self.taken) if tricks is None]
        if unpicked:  # 13 given out, a player left out: they took 0
            return Evaluation(None, None, Msg.of("form.tricks_missing",
                                                 name=self.players[unpicked[0]]))
        return self.scored(CallBreakDeal(tuple(self.calls), tuple(self.taken)))  # type: ignore[arg-type]


class CallBreakEntry(DealEntry):
    """A round: each player's call with one tap on a number, in calling order; then each
    player's tricks with one tap. With ``on_calls``, the calls are kept as soon as all four
    are made (the round in play is stored with the game)."""

    draft: CallBreakDraft

    def build(self) -> list[ft.Control]:
        draft, t = self.draft, self.t
        # Calls already kept with the game (a round in play) start folded under one line.
        self.calls_folded = self.on_calls is not None and draft.calls_made() is not None
        order = draft.calling_order()
        self.calls_heading = w.heading("")
        self.tricks_heading = w.heading("")
        self.trick_groups: dict[int, w.ChoiceGroup] = {}
        low = draft.rules.min_call
        calls: list[ft.Control] = []
        for i in order:
            name = draft.players[i]
            calls.append(ft.Text(name, size=15))
            calls.append(w.ChoiceGroup(list(range(low, 14)), [str(n) for n in range(low, 14)],
                                       [t("ui.call_is", name=name, n=n) for n in range(low, 14)],
                                       draft.calls[i], partial(self._call, i)).control)
        self.calls_box = ft.Column(calls, spacing=4, visible=not self.calls_folded)
        self.calls_line = ft.Text(size=15)
        self.calls_fold = w.tap(t("ui.change_calls"), t("ui.change_calls"), self._unfold_calls)
        # Each player's tricks under their name and call: the calls line above scrolls away.
        self.trick_names: dict[int, ft.Text] = {}
        tricks: list[ft.Control] = []
        for i in order:
            name = draft.players[i]
            group = w.ChoiceGroup(list(range(14)), [str(n) for n in range(14)],
                                  [t("ui.took", name=name, n=n) for n in range(14)],
                                  draft.taken[i], partial(self._tricks, i))
            self.trick_groups[i] = group
            self.trick_names[i] = ft.Text(name, size=15)
            tricks += [self.trick_names[i], group.control]
        return [self.calls_heading, self.calls_line, self.calls_fold, self.calls_box,
                self.tricks_heading, *tricks]

    def _call(self, player: int, call: int) -> None:
        self.draft.pick_call(player, call)
        made = self.draft.calls_made()
        if made is not None and self.on_calls is not None:
            self.calls_folded = self.on_calls(made)  # kept: fold them out of the way
            self.calls_box.visible = not self.calls_folded
        self.changed()

    def _unfold_calls(self) -> None:
        self.calls_folded = False
        self.calls_box.visible = True
        self.changed()

    def _tricks(self, player: int, tricks: int) -> None:
        filled = self.draft.pick_tricks(player, tricks)
        if filled is not None:
            self.trick_groups[filled].select(self.draft.taken[filled])
        self.changed()

    def restyle(self) -> None:
        draft, t = self.draft, self.t
        w.retitle(self.calls_heading, t("ui.calls_total", total=draft.calls_total()))
        self.calls_line.value = t("ui.calls_kept",
                                  calls=calls_in_order(draft.calls, draft.dealer, draft.players))
        for i, text in self.trick_names.items():
            call, name = draft.calls[i], draft.players[i]
            text.value = name if call is None else t("ui.player_called", name=name, n=call)
        self.calls_line.visible = self.calls_fold.visible = self.calls_folded
        left = draft.tricks_left()
        w.retitle(self.tricks_heading, t("ui.tricks_left", n=left) if left >= 0
                  else t("ui.tricks_too_many", n=-left))


KIND = EntryKind(CallBreakDraft, CallBreakEntry)
