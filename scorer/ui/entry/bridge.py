"""Deal entry for rubber bridge and Chicago: passed out, or the declarer's seat, the contract
with its doubling, the tricks taken by declarer's side and, where the game scores them, the
honours held. The preview says who deals and who is vulnerable (from the game: a rubber's
games won, a Chicago deal's place in the cycle)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import flet as ft

from ...rules import Contract, InvalidInput, Strain, Variant, variant
from ...rules.bridge_games import BridgeDeal
from ...rules.contract_bridge import Honours
from ...rules.minibridge import who_msg
from ...rules.values import Msg
from .. import widgets as w
from .base import DealEntry, EntryKind, Evaluation, flag
from .common import (
    ContractDraft,
    contract_picker,
    declarer_picker,
    doubling_picker,
    seat_names,
    tricks_picker,
)

__all__ = ["BridgeDraft", "BridgeEntry", "HONOURS", "VUL_KEYS", "dealing_msg"]

# None: no honours; then each holding as ``Honours.parse`` reads it.
HONOURS: tuple[str | None, ...] = (None, "declarer:100", "declarer:150", "defenders:100",
                                   "defenders:150")
VUL_KEYS = {(False, False): "cb.vul_none", (True, False): "cb.vul_ns",
            (False, True): "cb.vul_ew", (True, True): "cb.vul_both"}


def dealing_msg(dealer: Msg, vulnerable: tuple[bool, bool] | None) -> Msg:
    """'Ana (North) deals · vulnerable: N-S'."""
    if vulnerable is None:
        return Msg.of("ui.dealing", dealer=dealer)
    return Msg.of("ui.dealing_vul", dealer=dealer, vul=Msg(VUL_KEYS[vulnerable]))


# Deals that move a game on (Check a score): N-S make a game, E-W make one, a contract fails.
_STEPS = (BridgeDeal(0, Contract.parse("3NT"), 9), BridgeDeal(1, Contract.parse("3NT"), 9),
          BridgeDeal(0, Contract.parse("1C"), 6))


@lru_cache(maxsize=64)
def reachable(name: str, rules: Any, dealer: int) -> dict[tuple[bool, bool], Any]:
    """For Check a score: for each vulnerability the game can have with ``dealer`` dealing, a
    state that has it, reached from the start by the fewest deals (a rubber: games won; a
    Chicago cycle: deals played). Only the variant says what makes a side vulnerable."""
    v: Variant[Any, Any] = variant(name)
    found: dict[tuple[bool, bool], Any] = {}
    frontier = [v.start_state(rules)]
    for _ in range(4):
        after = []
        for state in frontier:
            vulnerable = v.vulnerability(state, dealer, rules)
            if vulnerable is not None:
                found.setdefault(vulnerable, state)
            after += [v.score_in(deal, rules, ("",) * 4, dealer, state)[1] for deal in _STEPS]
        frontier = after
    return {key: found[key] for key in VUL_KEYS if key in found}


def honours_allowed(holding: str | None, strain: Strain | None) -> bool:
    """May ``holding`` be scored with a contract in ``strain`` (any, before it is picked)?"""
    if holding is None or strain is None:
        return True
    return strain is not Strain.NOTRUMP or holding.endswith("150")


@dataclass
class BridgeDraft(ContractDraft):
    passed_out: bool = False
    honours: str | None = None  # one of HONOURS
    check_vul: tuple[bool, bool] | None = None  # Check a score: the vulnerability picked

    def fill(self, deal: Any) -> None:
        if deal.passed_out:
            self.passed_out = True
            return
        super().fill(deal)
        self.honours = None if deal.honours is None else str(deal.honours)

    def to_dict(self) -> dict[str, Any]:
        return {"passed_out": self.passed_out, **super().to_dict(), "honours": self.honours}

    def take(self, data: Mapping[str, Any]) -> None:
        self.passed_out = flag(data["passed_out"])
        super().take(data)
        if data["honours"] not in HONOURS:
            raise ValueError("not a holding of honours")
        self.honours = data["honours"]

    def follow_rules(self) -> None:
        """House rules changed (Check a score): no honours where they are not scored."""
        if not self.honours_scored():
            self.honours = None

    def honours_scored(self) -> bool:
        return bool(self.variant.honours_in(self.rules))  # type: ignore[attr-defined]

    @property
    def checking(self) -> bool:
        """A deal on its own (Check a score), not a deal of a game."""
        return self.state is None

    @property
    def alone(self) -> bool:
        return self.checking

    def where(self) -> Any:
        if self.checking and self.check_vul is not None:
            states = reachable(self.variant_name, self.rules, self.dealer)
            if self.check_vul in states:
                return states[self.check_vul]
        return super().where()

    def vulnerable(self) -> tuple[bool, bool] | None:
        """Whether (N-S, E-W) are vulnerable in this deal."""
        return self.variant.vulnerability(self.where(), self.dealer, self.rules)

    def dealing(self) -> Msg:
        return dealing_msg(who_msg(self.players, self.dealer), self.vulnerable())

    def assess(self) -> Evaluation:
        if self.passed_out:
            return self.scored(BridgeDeal())
        problem = self.contract_problem()
        if problem is not None:
            return Evaluation(None, None, problem)
        honours = None
        if self.honours is not None:
            if not self.honours_scored():
                return Evaluation(None, None, Msg.of("form.honours_off"))
            if not honours_allowed(self.honours, self.strain):
                return Evaluation(None, None, Msg.of("form.honours_nt"))
            honours = Honours.parse(self.honours)
        try:
            deal = BridgeDeal(self.declarer, self.contract, self.tricks, honours)
        except InvalidInput as error:  # not reached from the screen: every choice is in range
            return Evaluation(None, None, error.msg or Msg.of("error.plain", text=str(error)))
        return self.scored(deal)


class BridgeEntry(DealEntry):
    draft: BridgeDraft

    def build(self) -> list[ft.Control]:
        draft, t = self.draft, self.t
        names, texts = seat_names(t, draft.players)
        self.dealing = ft.Text(size=14)
        self.declarer_box = declarer_picker(t, names, texts, draft.declarer,
                                            self.setter("declarer"))
        self.honours_group = w.ChoiceGroup(
            list(HONOURS), [self._honours_text(h) for h in HONOURS],
            [self._honours_label(h) for h in HONOURS], draft.honours, self.setter("honours"),
            per_row=1)
        self.honours_box = ft.Column([w.heading(t("ui.honours")), self.honours_group.control],
                                     spacing=6, visible=draft.honours_scored())
        self.contract_box = ft.Column([
            *contract_picker(t, draft.level, draft.strain, self.setter("level"),
                             self.setter("strain")),
            doubling_picker(t, draft.doubling, self.setter("doubling")),
            *tricks_picker(t, t("ui.tricks_by_side"), draft.tricks, self.setter("tricks")),
            self.honours_box,
        ], spacing=6)
        vulnerable: list[ft.Control] = []
        if draft.checking:
            choices = list(reachable(draft.variant_name, draft.rules, draft.dealer))
            words = [t(VUL_KEYS[v]) for v in choices]
            vulnerable = [w.heading(t("ui.vulnerable")),
                          w.ChoiceGroup(choices, words,
                                        [t("ui.vulnerable_label", who=word) for word in words],
                                        draft.vulnerable(), self.setter("check_vul"),
                                        per_row=4).control]
        return [self.dealing, *vulnerable,
                w.Toggle(t("ui.passed_out"), t("ui.passed_out"), draft.passed_out,
                         self.setter("passed_out")).control,
                self.declarer_box, self.contract_box]

    def _honours_text(self, holding: str | None) -> str:
        if holding is None:
            return self.t("ui.honours_none")
        side, _, points = holding.partition(":")
        return self.t(f"ui.honours_{side}", points=int(points))

    def _honours_label(self, holding: str | None) -> str:
        if holding is None:
            return self.t("ui.honours_none_label")
        side, _, points = holding.partition(":")
        return self.t(f"ui.honours_{side}_label", points=int(points))

    def restyle(self) -> None:
        draft = self.draft
        self.dealing.value = self.t.render(draft.dealing())
        self.declarer_box.visible = self.contract_box.visible = not draft.passed_out
        self.honours_box.visible = draft.honours_scored()
        for cell, holding in zip(self.honours_group.cells, HONOURS, strict=True):
            cell.visible = honours_allowed(holding, draft.strain)

    def score_head(self, evaluation: Evaluation) -> list[ft.Control]:
        return [ft.Text(self.t.render(self.draft.dealing()), size=14)]

    def summary(self, evaluation: Evaluation) -> str:
        """As for every game; in Check a score, where the seats have no names, the declarer
        is named by the seat alone and the points by side ('4H by East: made: N-S 0 ·
        E-W 620')."""
        deal = evaluation.deal
        if not self.draft.checking or deal is None or deal.contract is None:
            return super().summary(evaluation)
        diff = deal.tricks - deal.contract.tricks_needed
        result = (Msg.of("result.down", n=-diff) if diff < 0 else Msg.of("result.made")
                  if diff == 0 else Msg.of("result.over", n=diff))
        said = Msg.of("summary.contract", contract=str(deal.contract),
                      declarer=who_msg(self.draft.players, deal.declarer), result=result)
        assert evaluation.score is not None
        points = " · ".join(f"{self.t(side)} {p}" for side, p in zip(
            ("side.NS", "side.EW"), evaluation.score.points, strict=True))
        return self.t("ui.summary_points", summary=self.t.render(said), points=points)


KIND = EntryKind(BridgeDraft, BridgeEntry)
