"""Deal entry for MiniBridge: the four announced point counts (which name the declarer, or a
20-20 redeal), or the declarer picked directly (or a redeal); then the contract, undoubled,
and the tricks taken by declarer's side."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, cast

import flet as ft

from ...rules import InvalidInput
from ...rules.minibridge import (
    HCP_MAX,
    SEATS,
    HcpResult,
    MiniBridgeDeal,
    declarer_from_hcp,
    seat_msg,
    who_msg,
)
from ...rules.values import Msg, whole_number
from .. import widgets as w
from .base import DealEntry, EntryKind, Evaluation, flag, four, indexes, problem_of
from .common import (
    ContractDraft,
    contract_picker,
    declarer_picker,
    seat_names,
    tricks_picker,
)

__all__ = ["MiniBridgeDraft", "MiniBridgeEntry"]


@dataclass
class MiniBridgeDraft(ContractDraft):
    redeal: bool = False  # declarer picked directly: a redeal instead
    use_hcp: bool = True  # enter the four counts (the game's own way; picking is the other)
    hcp: list[str] = field(default_factory=lambda: ["", "", "", ""])
    typed_counts: set[int] = field(default_factory=set)  # seats the player typed

    CONTEXT = ("use_hcp",)

    def follow(self, game: Any) -> None:
        """The first deal is entered by its counts, as the game is played; after that a table
        enters the next deal the way it entered the last (counts, or the declarer picked)."""
        last = game.deals[-1] if game.deals else None
        self.use_hcp = last is None or getattr(last, "hcp", None) is not None

    def fill(self, deal: Any) -> None:
        self.use_hcp = deal.hcp is not None  # corrected the way it was entered
        if deal.hcp is not None:
            self.hcp = [str(v) for v in deal.hcp]
            self.typed_counts = {0, 1, 2, 3}
        self.redeal = deal.redeal and deal.hcp is None
        if not deal.redeal:
            super().fill(deal)

    def to_dict(self) -> dict[str, Any]:
        return {"redeal": self.redeal, "use_hcp": self.use_hcp, "hcp": list(self.hcp),
                **super().to_dict(), "typed_counts": sorted(self.typed_counts)}

    def take(self, data: Mapping[str, Any]) -> None:
        self.redeal, self.use_hcp = flag(data["redeal"]), flag(data["use_hcp"])
        self.hcp = [_count_text(v) for v in four(data["hcp"])]
        super().take(data)
        self.typed_counts = indexes(data["typed_counts"], 4)

    # --- the counts -----------------------------------------------------------------------
    def announce_order(self) -> list[int]:
        """Seats in the order the table announces counts: the dealer first, then clockwise."""
        return [(self.dealer + i) % 4 for i in range(4)]

    def type_count(self, seat: int, text: str) -> int | None:
        """``seat``'s count was typed. Whenever three counts are typed, the fourth (whoever's
        it is) is filled in as 40 minus the three; a count filled in that way is emptied again
        when one of the three is cleared. Returns the seat whose count the draft filled in or
        emptied (for the screen to show it), else None."""
        self.hcp[seat] = text
        if text.strip():
            self.typed_counts.add(seat)
        else:
            self.typed_counts.discard(seat)
        untyped = [s for s in range(4) if s not in self.typed_counts]
        if len(untyped) == 1:
            known = [whole_number(self.hcp[s]) for s in self.typed_counts]
            rest = -1 if None in known else 40 - sum(k for k in known if k is not None)
            filled = str(rest) if 0 <= rest <= HCP_MAX else ""
            return self._fill(untyped[0], filled)
        for other in untyped:  # two or more missing: none can be known
            if other != seat and self.hcp[other]:
                return self._fill(other, "")
        return None

    def _fill(self, seat: int, value: str) -> int | None:
        if value == self.hcp[seat]:
            return None
        self.hcp[seat] = value
        return seat

    def hcp_result(self) -> tuple[HcpResult | None, Msg | None]:
        """(HcpResult or None, problem) for the four counts typed so far."""
        counts = []
        for index, text in enumerate(self.hcp):
            seat = seat_msg(index)
            if not text.strip():
                return None, Msg.of("form.hcp_missing", seat=seat)
            count = whole_number(text)
            if count is None or not 0 <= count <= HCP_MAX:
                return None, Msg.of("form.hcp_number", seat=seat)
            counts.append(count)
        try:
            return declarer_from_hcp(counts, self.dealer), None
        except InvalidInput as error:
            return None, problem_of(error)

    # --- what it would save -----------------------------------------------------------------
    def assess(self) -> Evaluation:
        note: Msg | None = None
        declarer = self.declarer
        hcp = None
        if self.use_hcp:
            found, problem = self.hcp_result()
            if found is None:
                return Evaluation(None, None, problem)
            hcp = found.hcp
            if found.redeal:
                return self.scored(MiniBridgeDeal(hcp=hcp, redeal=True))  # the counts say it
            declarer = found.declarer
            assert declarer is not None and found.dummy is not None
            note = Msg.of("form.hcp_declarer", declarer=who_msg(self.players, declarer),
                          dummy=who_msg(self.players, found.dummy))
        elif self.redeal:
            return self.scored(MiniBridgeDeal(redeal=True))
        problem = self.contract_problem(declarer_known=declarer is not None)
        if problem is not None:
            return Evaluation(None, None, problem, note)
        return self.scored(MiniBridgeDeal(declarer, self.contract, self.tricks, hcp), note)


def _count_text(value: object) -> str:
    if (not isinstance(value, str) or len(value) > 2
            or (value and (not value.isdecimal() or whole_number(value) is None))):
        raise ValueError("not a count as typed")
    return value


class MiniBridgeEntry(DealEntry):
    draft: MiniBridgeDraft

    def build(self) -> list[ft.Control]:
        draft, t = self.draft, self.t
        self.hcp_lines = ft.Column(spacing=2)
        self.hcp_box = ft.Column([*self._build_hcp(), self.hcp_lines], spacing=6,
                                 visible=draft.use_hcp)
        names, texts = seat_names(t, draft.players)
        self.redeal_toggle = w.Toggle(t("ui.redeal_button"), t("ui.redeal"), draft.redeal,
                                      self.setter("redeal")).control
        self.declarer_choice = declarer_picker(t, names, texts, draft.declarer,
                                               self.setter("declarer"))
        self.declarer_box = ft.Column([self.redeal_toggle, self.declarer_choice], spacing=6)
        self.contract_box = ft.Column([
            *contract_picker(t, draft.level, draft.strain, self.setter("level"),
                             self.setter("strain")),
            *tricks_picker(t, t("ui.tricks_by_side"), draft.tricks, self.setter("tricks")),
        ], spacing=6)
        return [w.ChoiceGroup([False, True], [t("ui.pick_declarer"), t("ui.enter_points")],
                              [t("ui.pick_declarer_label"), t("ui.enter_points_label")],
                              draft.use_hcp, self.setter("use_hcp"), per_row=2).control,
                self.hcp_box, self.declarer_box, self.contract_box]

    def _build_hcp(self) -> list[ft.Control]:
        """The four counts in the seats' order, N E / S W, the same whoever deals; digits
        only. Enter moves on in the order the table announces them (the dealer first, then
        clockwise), and the one count not typed fills itself in as 40 minus the rest."""
        draft, t = self.draft, self.t
        order = draft.announce_order()
        self.hcp_fields: dict[int, ft.TextField] = {}

        def typed(seat: int, value: str) -> None:
            filled = draft.type_count(seat, value)
            if filled is not None:
                self.hcp_fields[filled].value = draft.hcp[filled]
            self.changed()

        def move_on(seat: int) -> Callable[[], Awaitable[None]]:
            position = order.index(seat)

            async def submitted() -> None:  # Enter: on to the next count, as announced
                if position + 1 < len(order):
                    following = self.hcp_fields[order[position + 1]]
                    await cast(Callable[[], Awaitable[None]], following.focus)()  # untyped
            return submitted

        for seat in range(4):
            name = draft.players[seat]
            seat_word = t(f"seat.{SEATS[seat]}")
            label = (t("ui.points_field", seat=seat_word, name=name) if name
                     else t("ui.points_of_seat", seat=seat_word))
            self.hcp_fields[seat] = w.number_field(
                label, draft.hcp[seat], partial(typed, seat),
                on_submit=move_on(seat), expand=1)
        fields: list[ft.Control] = list(self.hcp_fields.values())
        # Two a row at the usual text size; larger, one a row: a label wrapped inside a field
        # half the phone wide spilled over the next field and the typed count (decision 406).
        per_row = 2 if self.scale <= 1.0 else 1
        return [w.note(t("ui.points_help")),
                *(ft.Row(fields[i:i + per_row], spacing=8)
                  for i in range(0, len(fields), per_row))]

    def restyle(self) -> None:
        draft, t = self.draft, self.t
        self.hcp_box.visible = draft.use_hcp
        found, problem = draft.hcp_result() if draft.use_hcp else (None, None)
        self.shown_above = found.lines if found else ()
        self.hcp_lines.controls = (
            [ft.Text(t.line(line), size=13) for line in found.lines] if found else
            [w.note(t.sentence(problem), error=True)] if problem and all(
                h.strip() for h in draft.hcp) else [])
        self.declarer_box.visible = not draft.use_hcp
        self.declarer_choice.visible = not draft.redeal
        redealt = (found.redeal if found is not None else False) if draft.use_hcp \
            else draft.redeal
        self.contract_box.visible = not redealt


KIND = EntryKind(MiniBridgeDraft, MiniBridgeEntry)
