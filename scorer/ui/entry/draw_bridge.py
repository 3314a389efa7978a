"""Deal entry for Draw Bridge: passed out, or the declarer (one of the two players), the
contract with its doubling and the tricks declarer took in the scored play."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import flet as ft

from ...rules.draw_bridge import DrawBridgeDeal
from .. import widgets as w
from .base import DealEntry, EntryKind, Evaluation, flag
from .common import (
    ContractDraft,
    contract_picker,
    declarer_picker,
    doubling_picker,
    tricks_picker,
)

__all__ = ["DrawBridgeDraft", "DrawBridgeEntry"]


@dataclass
class DrawBridgeDraft(ContractDraft):
    passed_out: bool = False

    def fill(self, deal: Any) -> None:
        if deal.passed_out:
            self.passed_out = True
            return
        super().fill(deal)

    def to_dict(self) -> dict[str, Any]:
        return {"passed_out": self.passed_out, **super().to_dict()}

    def take(self, data: Mapping[str, Any]) -> None:
        self.passed_out = flag(data["passed_out"])
        super().take(data)

    def assess(self) -> Evaluation:
        if self.passed_out:
            return self.scored(DrawBridgeDeal())
        problem = self.contract_problem()
        if problem is not None:
            return Evaluation(None, None, problem)
        return self.scored(DrawBridgeDeal(self.declarer, self.contract, self.tricks))


class DrawBridgeEntry(DealEntry):
    draft: DrawBridgeDraft

    def build(self) -> list[ft.Control]:
        draft, t = self.draft, self.t
        self.contract_box = ft.Column([
            *contract_picker(t, draft.level, draft.strain, self.setter("level"),
                             self.setter("strain")),
            doubling_picker(t, draft.doubling, self.setter("doubling")),
            *tricks_picker(t, t("ui.tricks_by_declarer"), draft.tricks, self.setter("tricks")),
        ], spacing=6)
        return [w.Toggle(t("ui.passed_out"), t("ui.passed_out"), draft.passed_out,
                         self.setter("passed_out")).control,
                declarer_picker(t, draft.players, draft.players, draft.declarer,
                                self.setter("declarer")),
                self.contract_box]

    def restyle(self) -> None:
        self.contract_box.visible = not self.draft.passed_out


KIND = EntryKind(DrawBridgeDraft, DrawBridgeEntry)
