"""The inputs for one deal of any variant, shared by deal entry, correction and Check a score.

Built once per draft; every tap changes the draft and restyles the controls in place, then
``on_change`` lets the screen redraw its preview and Save state.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from ..i18n import Translator
from ..rules.minibridge import SEATS
from . import widgets as w
from .forms import DOUBLINGS, STRAINS, DealDraft, Evaluation

__all__ = ["DealEntry"]


class DealEntry:
    def __init__(self, draft: DealDraft, on_change: Callable[[], None], t: Translator,
                 on_calls: Callable[[dict[str, Any]], bool] | None = None) -> None:
        self.t = t
        self.draft = draft
        self.on_change = on_change
        self.on_calls = on_calls  # keeps a round's calls with the game; True when kept
        # Calls already kept with the game (a round in play) start folded under one line.
        self.calls_folded = on_calls is not None and draft.calls_made() is not None
        self.preview = ft.Column(spacing=4)
        self.controls: list[ft.Control] = self._build()
        self.refresh()

    # --- building ---------------------------------------------------------------------------
    def _setter(self, name: str) -> Callable[[Any], None]:
        def set_value(value: Any) -> None:
            setattr(self.draft, name, value)
            self.changed()
        return set_value

    def _build(self) -> list[ft.Control]:
        draft, t = self.draft, self.t
        if draft.variant_name == "call-break":
            return self._build_call_break()
        controls: list[ft.Control] = []
        if draft.variant_name == "draw-bridge":
            controls.append(w.Toggle(t("ui.passed_out"), t("ui.passed_out"), draft.passed_out,
                                     self._setter("passed_out")).control)
        if draft.variant_name == "minibridge":
            self.hcp_lines = ft.Column(spacing=2)
            self.hcp_box = ft.Column([*self._build_hcp(), self.hcp_lines], spacing=6,
                                     visible=draft.use_hcp)
            controls.append(w.ChoiceGroup([False, True],
                                          [t("ui.pick_declarer"), t("ui.enter_points")],
                                          [t("ui.pick_declarer_label"),
                                           t("ui.enter_points_label")],
                                          draft.use_hcp, self._setter("use_hcp"),
                                          per_row=2).control)
            controls.append(self.hcp_box)
        players = draft.players
        if draft.variant_name == "minibridge":  # 'Ana (N)', or the seat where no name is given
            players = tuple(n or t(f"seat.{SEATS[i]}") for i, n in enumerate(players))
            texts = [t("who.seat_letter", name=n, seat=t(f"seat.{SEATS[i]}")[0])
                     if draft.players[i] else n for i, n in enumerate(players)]
        else:
            texts = list(players)
        redeal = ([w.Toggle(t("ui.redeal_button"), t("ui.redeal"), draft.redeal,
                            self._setter("redeal")).control]
                  if draft.variant_name == "minibridge" else [])
        self.declarer_box = ft.Column([
            *redeal,
            w.heading(t("ui.declarer")),
            w.ChoiceGroup(list(range(len(players))), texts,
                          [t("ui.declarer_label", name=n) for n in players],
                          draft.declarer, self._setter("declarer"), per_row=2).control],
            spacing=6)
        controls.append(self.declarer_box)
        contract: list[ft.Control] = [
            w.heading(t("ui.contract")),
            w.ChoiceGroup(list(range(1, 8)), [str(n) for n in range(1, 8)],
                          [t("ui.level_label", n=n) for n in range(1, 8)], draft.level,
                          self._setter("level")).control,
            w.ChoiceGroup(list(STRAINS), [w.Symbol(s.symbol) for s in STRAINS],
                          [t(f"ui.strain_label.{s.abbr}") for s in STRAINS], draft.strain,
                          self._setter("strain"), per_row=5).control,
        ]
        if draft.variant_name == "draw-bridge":
            contract.append(w.ChoiceGroup(list(DOUBLINGS), [t("ui.undoubled"), "X", "XX"],
                                          [t("ui.undoubled"), t("ui.doubled"),
                                           t("ui.redoubled")],
                                          draft.doubling, self._setter("doubling"),
                                          per_row=3).control)
        side = "declarer" if draft.variant_name == "draw-bridge" else "side"
        contract += [w.heading(t(f"ui.tricks_by_{side}")),
                     w.ChoiceGroup(list(range(14)), [str(n) for n in range(14)],
                                   [t("ui.tricks_label", n=n) for n in range(14)], draft.tricks,
                                   self._setter("tricks")).control]
        self.contract_box = ft.Column(contract, spacing=6)
        controls.append(self.contract_box)
        return controls

    def _build_hcp(self) -> list[ft.Control]:
        """The four counts in the order the table announces them (the dealer first, then
        clockwise), digits only; Enter moves on, and the last count fills itself in as 40
        minus the rest."""
        draft, t = self.draft, self.t
        order = draft.announce_order()
        self.hcp_fields: dict[int, ft.TextField] = {}

        def typed(seat: int, value: str) -> None:
            filled = draft.type_count(seat, value)
            if filled is not None:
                self.hcp_fields[filled].value = draft.hcp[filled]
            self.changed()

        def move_on(position: int) -> Callable[[], Awaitable[None]]:
            async def submitted() -> None:  # Enter: on to the next count, as announced
                if position + 1 < len(order):
                    await self.hcp_fields[order[position + 1]].focus()
            return submitted

        for position, seat in enumerate(order):
            name = draft.players[seat]
            seat_word = t(f"seat.{SEATS[seat]}")
            label = (t("ui.points_field", seat=seat_word, name=name) if name
                     else t("ui.points_of_seat", seat=seat_word))
            self.hcp_fields[seat] = ft.TextField(
                label=label, value=draft.hcp[seat], keyboard_type=ft.KeyboardType.NUMBER,
                input_filter=ft.NumbersOnlyInputFilter(),
                on_change=lambda e, seat=seat: typed(seat, e.control.value),
                on_submit=move_on(position), expand=1)
        fields = [self.hcp_fields[seat] for seat in order]
        return [w.note(t("ui.points_help")),
                ft.Row(fields[:2], spacing=8), ft.Row(fields[2:], spacing=8)]

    def _build_call_break(self) -> list[ft.Control]:
        """A round: each player's call with one tap on a number, in calling order (from the
        dealer's right); then each player's tricks with one tap, the last player's filled in
        as the rest of the 13. With ``on_calls``, the calls are kept as soon as all four are
        made (the round in play is stored with the game)."""
        draft, t = self.draft, self.t
        order = [(draft.dealer + 1 + i) % len(draft.players) for i in range(len(draft.players))]
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
                                       draft.calls[i], lambda n, i=i: self._call(i, n)).control)
        self.calls_box = ft.Column(calls, spacing=4, visible=not self.calls_folded)
        self.calls_line = ft.Text(size=15)
        self.calls_fold = w.tap(t("ui.change_calls"), t("ui.change_calls"), self._unfold_calls)
        tricks: list[ft.Control] = []
        for i in order:
            name = draft.players[i]
            group = w.ChoiceGroup(list(range(14)), [str(n) for n in range(14)],
                                  [t("ui.took", name=name, n=n) for n in range(14)],
                                  draft.taken[i], lambda n, i=i: self._tricks(i, n))
            self.trick_groups[i] = group
            tricks += [ft.Text(name, size=15), group.control]
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

    # --- refreshing ---------------------------------------------------------------------------
    def changed(self) -> None:
        self.refresh()
        self.on_change()

    def refresh(self) -> Evaluation:
        """Show or hide inputs for the draft's state and redraw the preview."""
        draft, t = self.draft, self.t
        evaluation = draft.evaluate()
        if draft.variant_name == "call-break":
            self.calls_heading.value = t("ui.calls_total", total=draft.calls_total())
            self.calls_line.value = t("ui.calls_kept", calls=" · ".join(
                f"{name} {call}" for name, call in zip(draft.players, draft.calls, strict=True)))
            self.calls_line.visible = self.calls_fold.visible = self.calls_folded
            left = draft.tricks_left()
            self.tricks_heading.value = (t("ui.tricks_left", n=left) if left >= 0
                                         else t("ui.tricks_too_many", n=-left))
        else:
            hidden = draft.variant_name == "draw-bridge" and draft.passed_out
            if draft.variant_name == "minibridge":
                self.hcp_box.visible = draft.use_hcp
                found, problem = draft.hcp_result() if draft.use_hcp else (None, None)
                self.hcp_lines.controls = (
                    [ft.Text(t.line(line), size=13) for line in found.lines] if found else
                    [w.note(t.sentence(problem), error=True)] if problem and all(
                        h.strip() for h in draft.hcp) else [])
                self.declarer_box.visible = not draft.use_hcp
                declarer_choices = self.declarer_box.controls[-1]
                declarer_choices.visible = not draft.redeal
                self.declarer_box.controls[-2].visible = not draft.redeal
                hidden = (draft.use_hcp and found is not None and found.redeal) or (
                    not draft.use_hcp and draft.redeal)
            self.contract_box.visible = not hidden
        self.preview.controls = self._preview(evaluation)
        return evaluation

    def _preview(self, evaluation: Evaluation) -> list[ft.Control]:
        t = self.t
        note = [ft.Text(t.render(evaluation.note), size=14)] if evaluation.note else []
        if evaluation.problem or evaluation.score is None:
            problem = t.render(evaluation.problem) if evaluation.problem else ""
            return [*note, w.note(t("ui.not_complete", problem=problem), error=True)]
        score = evaluation.score
        lines: list[ft.Control] = [*note, w.suited(self.summary(evaluation), size=18,
                                                   weight=ft.FontWeight.BOLD)]
        lines += [w.suited(t.line(line), size=13) for line in score.lines]
        return [w.card(*lines)]

    def summary(self, evaluation: Evaluation) -> str:
        """'4S by Ana: made +1: Ana 150 · Ben 0' in the player's language."""
        assert evaluation.score is not None
        return self.t("ui.summary_points", summary=self.t.summary(evaluation.score),
                      points=self.draft.points_text(evaluation))

    def status(self, evaluation: Evaluation) -> str:
        if evaluation.problem or evaluation.score is None:
            problem = self.t.render(evaluation.problem) if evaluation.problem else ""
            return self.t("ui.cannot_save", problem=problem)
        return self.summary(evaluation)

