"""The inputs for one deal of any variant, shared by deal entry, correction and Check a score.

Built once per draft; every tap changes the draft and restyles the controls in place, then
``on_change`` lets the screen redraw its preview and Save state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ..rules.minibridge import SEAT_WORDS
from . import widgets as w
from .forms import DOUBLINGS, STRAINS, DealDraft, Evaluation

__all__ = ["DealEntry"]


class DealEntry:
    def __init__(self, draft: DealDraft, on_change: Callable[[], None]) -> None:
        self.draft = draft
        self.on_change = on_change
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
        draft = self.draft
        if draft.variant_name == "call-break":
            return self._build_call_break()
        controls: list[ft.Control] = []
        if draft.variant_name == "draw-bridge":
            controls.append(w.Toggle("Passed out", "Passed out", draft.passed_out,
                                     self._setter("passed_out")).control)
        if draft.variant_name == "minibridge":
            self.hcp_lines = ft.Column(spacing=2)
            self.hcp_box = ft.Column([*self._build_hcp(), self.hcp_lines], spacing=6,
                                     visible=draft.use_hcp)
            controls.append(w.ChoiceGroup([False, True], ["Pick declarer", "Enter points"],
                                          ["Pick the declarer", "Enter the points"],
                                          draft.use_hcp, self._setter("use_hcp"),
                                          per_row=2).control)
            controls.append(self.hcp_box)
        players = draft.players
        texts = ([f"{n} ({SEAT_WORDS[i][0]})" for i, n in enumerate(players)]
                 if draft.variant_name == "minibridge" else list(players))
        redeal = ([w.Toggle("Redeal (20-20)", "Redeal", draft.redeal,
                            self._setter("redeal")).control]
                  if draft.variant_name == "minibridge" else [])
        self.declarer_box = ft.Column([
            *redeal,
            w.heading("Declarer"),
            w.ChoiceGroup(list(range(len(players))), texts, [f"Declarer {n}" for n in players],
                          draft.declarer, self._setter("declarer"), per_row=2).control],
            spacing=6)
        controls.append(self.declarer_box)
        contract: list[ft.Control] = [
            w.heading("Contract"),
            w.ChoiceGroup(list(range(1, 8)), [str(n) for n in range(1, 8)],
                          [f"Level {n}" for n in range(1, 8)], draft.level,
                          self._setter("level")).control,
            w.ChoiceGroup(list(STRAINS), [w.Symbol(s.symbol) for s in STRAINS],
                          [s.words.capitalize() for s in STRAINS], draft.strain,
                          self._setter("strain"), per_row=5).control,
        ]
        if draft.variant_name == "draw-bridge":
            contract.append(w.ChoiceGroup(list(DOUBLINGS), ["Undoubled", "X", "XX"],
                                          ["Undoubled", "Doubled", "Redoubled"],
                                          draft.doubling, self._setter("doubling"),
                                          per_row=3).control)
        side = "declarer" if draft.variant_name == "draw-bridge" else "declarer's side"
        contract += [w.heading(f"Tricks taken by {side}"),
                     w.ChoiceGroup(list(range(14)), [str(n) for n in range(14)],
                                   [f"Tricks {n}" for n in range(14)], draft.tricks,
                                   self._setter("tricks")).control]
        self.contract_box = ft.Column(contract, spacing=6)
        controls.append(self.contract_box)
        return controls

    def _build_hcp(self) -> list[ft.Control]:
        draft = self.draft

        def typed(i: int, value: str) -> None:
            draft.hcp[i] = value
            self.changed()

        self.hcp_fields = [
            ft.TextField(label=f"{SEAT_WORDS[i]} points ({draft.players[i]})",
                         value=draft.hcp[i], keyboard_type=ft.KeyboardType.NUMBER,
                         on_change=lambda e, i=i: typed(i, e.control.value), expand=1)
            for i in range(4)]
        return [w.note("Points announced from the dealer, clockwise: A 4, K 3, Q 2, J 1."),
                ft.Row(self.hcp_fields[:2], spacing=8), ft.Row(self.hcp_fields[2:], spacing=8)]

    def _build_call_break(self) -> list[ft.Control]:
        draft = self.draft
        self.calls_heading = w.heading("")
        self.tricks_heading = w.heading("")
        self.call_steppers = []
        self.trick_steppers = []
        controls: list[ft.Control] = [self.calls_heading]
        for i, name in enumerate(draft.players):
            stepper = w.Stepper(draft.calls[i], f"call {name}",
                                lambda v, i=i: self._set_item(draft.calls, i, v),
                                draft.rules.min_call, 13)
            self.call_steppers.append(stepper)
            controls.append(ft.Row([ft.Text(name, expand=True, size=16), stepper.control]))
        controls.append(self.tricks_heading)
        for i, name in enumerate(draft.players):
            stepper = w.Stepper(draft.taken[i], f"tricks {name}",
                                lambda v, i=i: self._set_item(draft.taken, i, v), 0, 13)
            self.trick_steppers.append(stepper)
            controls.append(ft.Row([ft.Text(name, expand=True, size=16), stepper.control]))
        return controls

    def _set_item(self, values: list[int], index: int, value: int) -> None:
        values[index] = value
        self.changed()

    # --- refreshing ---------------------------------------------------------------------------
    def changed(self) -> None:
        self.refresh()
        self.on_change()

    def set_min_call(self, low: int) -> None:
        for i, stepper in enumerate(self.call_steppers):
            stepper.set(self.draft.calls[i], low)
            self.draft.calls[i] = stepper.value

    def refresh(self) -> Evaluation:
        """Show or hide inputs for the draft's state and redraw the preview."""
        draft = self.draft
        evaluation = draft.evaluate()
        if draft.variant_name == "call-break":
            self.calls_heading.value = f"Calls (total {draft.calls_total()})"
            left = draft.tricks_left()
            self.tricks_heading.value = (f"Tricks taken ({left} of 13 left)" if left >= 0
                                         else f"Tricks taken ({-left} too many)")
        else:
            hidden = draft.variant_name == "draw-bridge" and draft.passed_out
            if draft.variant_name == "minibridge":
                self.hcp_box.visible = draft.use_hcp
                found, problem = draft.hcp_result() if draft.use_hcp else (None, None)
                self.hcp_lines.controls = (
                    [ft.Text(line.text, size=13) for line in found.lines] if found else
                    [w.note(problem, error=True)] if problem and all(
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
        if evaluation.problem or evaluation.score is None:
            shown: list[ft.Control] = [ft.Text(evaluation.note, size=14)] if evaluation.note else []
            return [*shown, w.note(f"Not complete: {evaluation.problem}", error=True)]
        score = evaluation.score
        lines: list[ft.Control] = []
        if evaluation.note:
            lines.append(ft.Text(evaluation.note, size=14))
        lines.append(ft.Text(f"{score.summary}: {self.draft.points_text(evaluation)}", size=18,
                             weight=ft.FontWeight.BOLD))
        lines += [ft.Text(line.text, size=13) for line in score.lines]
        return [w.card(*lines)]

    def status(self, evaluation: Evaluation) -> str:
        if evaluation.problem or evaluation.score is None:
            return f"Cannot save yet: {evaluation.problem}"
        return f"{evaluation.score.summary}: {self.draft.points_text(evaluation)}"
