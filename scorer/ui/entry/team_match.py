"""Deal entry for a team match: one board is two tables' results (each passed out, or the
declarer's seat, the contract with its doubling and the tricks declarer's side took). The
preview says the board's dealer and vulnerability, both tables' North-South scores and the
IMPs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from ...rules import Variant
from ...rules.boards import board_dealer, board_vulnerable
from ...rules.bridge_games import BridgeDeal
from ...rules.minibridge import seat_msg
from ...rules.team_match import TeamBoard
from ...rules.values import Msg
from .. import widgets as w
from .base import DealDraft, DealEntry, EntryKind, Evaluation, flag
from .bridge import dealing_msg
from .common import (
    ContractFields,
    contract_picker,
    declarer_picker,
    doubling_picker,
    seat_names,
    tricks_picker,
)

__all__ = ["TableDraft", "TeamMatchDraft", "TeamMatchEntry"]


@dataclass
class TableDraft(ContractFields):
    """One table's result as it is entered: passed out, or the contract fields every contract
    game's draft has (a board of the match is two of these)."""

    passed_out: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"passed_out": self.passed_out, **self.contract_dict()}

    def take(self, data: Mapping[str, Any]) -> None:
        if not isinstance(data, Mapping):
            raise TypeError("not a table")
        self.passed_out = flag(data["passed_out"])
        self.take_contract(data, 4)

    def fill(self, deal: BridgeDeal) -> None:
        self.passed_out = deal.passed_out
        self.fill_contract(deal.declarer, deal.contract, deal.tricks)

    def result(self) -> tuple[BridgeDeal | None, Msg | None]:
        """The table's result, or what is still to choose."""
        if self.passed_out:
            return BridgeDeal(), None
        problem = self.contract_problem()
        if problem is not None:
            return None, problem
        return BridgeDeal(self.declarer, self.contract, self.tricks), None


@dataclass
class TeamMatchDraft(DealDraft):
    tables: list[TableDraft] = field(default_factory=lambda: [TableDraft(), TableDraft()])

    checkable = False

    @staticmethod
    def player_label(v: Variant, index: int) -> Msg:
        return Msg.of("ui.team_n", n=index + 1)

    @property
    def board(self) -> int:
        return int(self.where()) + 1

    def fill(self, deal: Any) -> None:
        self.tables[0].fill(deal.table1)
        self.tables[1].fill(deal.table2)

    def to_dict(self) -> dict[str, Any]:
        return {"tables": [table.to_dict() for table in self.tables]}

    def take(self, data: Mapping[str, Any]) -> None:
        kept = data["tables"]
        if not isinstance(kept, list) or len(kept) != 2:
            raise TypeError("not two tables")
        self.tables = [TableDraft(), TableDraft()]
        for table, table_data in zip(self.tables, kept, strict=True):
            table.take(table_data)

    def blank(self) -> DealDraft:
        fresh = super().blank()
        assert isinstance(fresh, TeamMatchDraft)
        fresh.tables = [TableDraft(), TableDraft()]
        return fresh

    def dealing(self) -> Msg:
        """'Board 3: South deals · vulnerable: E-W'."""
        board = self.board
        return Msg.of("ui.board_dealing", board=board,
                      dealing=dealing_msg(seat_msg(board_dealer(board)),
                                          board_vulnerable(board)))

    def assess(self) -> Evaluation:
        results = []
        for number, table in enumerate(self.tables, start=1):
            result, problem = table.result()
            if problem is not None:
                return Evaluation(None, None, Msg.of("form.at_table", table=number,
                                                     problem=problem))
            results.append(result)
        return self.scored(TeamBoard(results[0], results[1]))  # type: ignore[arg-type]


class TeamMatchEntry(DealEntry):
    draft: TeamMatchDraft

    def build(self) -> list[ft.Control]:
        t = self.t
        self.dealing = ft.Text(size=14)
        self.boxes: list[ft.Column] = []
        controls: list[ft.Control] = [self.dealing]
        names, texts = seat_names(t, ("",) * 4)
        for number, table in enumerate(self.draft.tables, start=1):
            def label(text: str, number: int = number) -> str:
                return t("ui.at_table", table=number, label=text)

            box = ft.Column([
                declarer_picker(t, names, texts, table.declarer,
                                self.setter("declarer", table), label),
                *contract_picker(t, table.level, table.strain, self.setter("level", table),
                                 self.setter("strain", table), label),
                doubling_picker(t, table.doubling, self.setter("doubling", table), label),
                *tricks_picker(t, t("ui.tricks_by_side"), table.tricks,
                               self.setter("tricks", table), label),
            ], spacing=6)
            self.boxes.append(box)
            controls += [w.heading(t("ui.table_n", n=number)),
                         w.Toggle(t("ui.passed_out"), label(t("ui.passed_out")),
                                  table.passed_out, self.setter("passed_out", table)).control,
                         box]
        return controls

    def restyle(self) -> None:
        self.dealing.value = self.t.render(self.draft.dealing())
        for box, table in zip(self.boxes, self.draft.tables, strict=True):
            box.visible = not table.passed_out

    def score_head(self, evaluation: Evaluation) -> list[ft.Control]:
        entry = evaluation.score.sheet if evaluation.score else None
        if entry is None:
            return []
        return [ft.Text(self.t.render(self.draft.dealing()), size=14),
                ft.Text(self.t("ui.board_result", one=entry.ns[0], two=entry.ns[1],
                               imps=entry.imps), size=15)]


KIND = EntryKind(TeamMatchDraft, TeamMatchEntry)
