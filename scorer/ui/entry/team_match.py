"""Deal entry for a team match: one board is two tables' results (each passed out, or the
declarer's seat, the contract with its doubling and the tricks declarer's side took). The
preview says the board's dealer and vulnerability, both tables' North-South scores and the
IMPs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

import flet as ft

from ...rules import Variant
from ...rules.boards import board_dealer, board_vulnerable
from ...rules.bridge_games import BridgeDeal
from ...rules.minibridge import seat_msg
from ...rules.team_match import TeamBoard, ns_score, result_msg
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


# Check a score offers these boards: every dealer with every vulnerability (Law 2).
CHECK_BOARDS = 16


@dataclass
class TeamMatchDraft(DealDraft):
    tables: list[TableDraft] = field(default_factory=lambda: [TableDraft(), TableDraft()])
    # Check a score: the board picked (its dealer and vulnerability). A board checked on its
    # own gives each table's duplicate score and the IMPs (issue 30).
    check_board: int = 1

    @staticmethod
    def player_label(v: Variant[Any, Any], index: int) -> Msg:
        return Msg.of("ui.team_n", n=index + 1)

    @property
    def board(self) -> int:
        return int(self.where()) + 1

    def where(self) -> Any:
        """The boards played before this one (Check a score: before the board picked)."""
        return self.check_board - 1 if self.state is None else self.state

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


# The key of the row of the two tables' tabs: a table shown on its own is scrolled to (after
# its top had scrolled away while the other table's tricks were picked).
TABS_KEY = "team-match-tables"


def _scroll_key(value: str) -> ft.ScrollKey:
    """``ft.ScrollKey(value)``: Flet makes its keys dataclasses through an untyped decorator,
    so mypy sees no arguments."""
    return cast(Callable[[str], ft.ScrollKey], ft.ScrollKey)(value)


class TeamMatchEntry(DealEntry):
    """One table at a time, under two tabs 'Table 1 | Table 2' (a check mark on a table whose
    result is complete); a table's result completed moves on to the other table while that
    one is still to enter, so a board takes no more taps than with both tables on one screen.
    Every control keeps its name ('Table 2 Tricks 9'): only the table shown is on screen."""

    draft: TeamMatchDraft

    def build(self) -> list[ft.Control]:
        t = self.t
        self.dealing = ft.Text(size=14)
        self.done = self.completed()
        # A board opens on its first table still to enter (table 1 when both are, or neither).
        self.shown = 1 if self.done == [True, False] else 0
        self.tabs = [self._tab(index) for index in (0, 1)]
        self.tab_row = ft.Row(list(self.tabs), spacing=4, key=_scroll_key(TABS_KEY))
        # The other table's result, once entered (issue 30: while table 2 was entered, table
        # 1's result for the board was shown nowhere).
        self.other_table = ft.Text(size=14, visible=False)
        self.boxes: list[ft.Column] = []
        self.sections: list[ft.Column] = []
        names, texts = seat_names(t, ("",) * 4)
        teams = self.draft.players
        boards: list[ft.Control] = []
        if self.draft.state is None:  # Check a score: which board (its dealer, vulnerability)
            numbers = list(range(1, CHECK_BOARDS + 1))
            boards = [w.heading(t("ui.board_pick")),
                      w.ChoiceGroup(numbers, [str(n) for n in numbers],
                                    [t("ui.deal_n", n=n, unit="board") for n in numbers],
                                    self.draft.check_board, self.setter("check_board"),
                                    per_row=8).control]
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
            # Team 1 sits North-South at table 1 and East-West at table 2.
            ns, ew = (teams[0], teams[1]) if number == 1 else (teams[1], teams[0])
            self.sections.append(ft.Column([
                ft.Text(t("ui.table_seats", ns=ns, ew=ew), size=14),
                w.Toggle(t("ui.passed_out"), label(t("ui.passed_out")),
                         table.passed_out, self.setter("passed_out", table)).control,
                box], spacing=6))
        return [*boards, self.dealing, self.tab_row, self.other_table, *self.sections]

    def _tab(self, index: int) -> ft.Semantics:
        """'Table 1' (with a check mark once its result is complete), restyled in place."""
        mark = ft.Icon(ft.Icons.CHECK_CIRCLE, size=18)
        row = ft.Row([mark, ft.Text(self.t("ui.table_n", n=index + 1), size=15,
                                    weight=ft.FontWeight.BOLD, semantics_label="")],
                     spacing=6, tight=True, alignment=ft.MainAxisAlignment.CENTER)

        def show() -> None:
            self.show(index)

        # Its label is set by this entry's restyle(); a key like every input here
        return w.key(row, "", show, expand=1)

    def completed(self) -> list[bool]:
        """Whether each table's result is complete (passed out, or every field picked)."""
        return [table.result()[1] is None for table in self.draft.tables]

    def show(self, index: int) -> None:
        """A tab tapped: that table's inputs."""
        if index != self.shown:
            self.shown = index
            self.restyle()
            self.on_change()

    def changed(self) -> None:
        """After a tap: the table shown, just completed while the other is still to enter,
        gives way to the other, scrolled to its top."""
        now = self.completed()
        shown, other = self.shown, 1 - self.shown
        moved = not self.done[shown] and now[shown] and not now[other]
        if moved:
            self.shown = other
        super().changed()
        if moved:
            self._scroll_to_tabs()

    def _scroll_to_tabs(self) -> None:
        try:
            page = self.tab_row.page
        except RuntimeError:  # not on a page (unit tests)
            return

        async def scroll() -> None:
            try:
                await page.scroll_to(scroll_key=TABS_KEY)
            except Exception:  # noqa: BLE001 - the page went away: nothing to scroll
                return

        page.run_task(scroll)

    def restyle(self) -> None:
        t = self.t
        self.dealing.value = t.render(self.draft.dealing())
        self.done = self.completed()
        for index, (tab, section, box, table) in enumerate(zip(
                self.tabs, self.sections, self.boxes, self.draft.tables, strict=True)):
            selected = index == self.shown
            tab.label = (t("ui.table_done", n=index + 1) if self.done[index]
                         else t("ui.table_n", n=index + 1))
            w.restyle(tab, selected)
            row = w.face(tab)
            assert isinstance(row, ft.Row)
            row.controls[0].visible = self.done[index]
            section.visible = selected
            box.visible = not table.passed_out
        other = 1 - self.shown
        result = self.draft.tables[other].result()[0]
        self.other_table.visible = result is not None
        if result is not None:
            w.set_suited(self.other_table, t("ui.other_table", table=other + 1,
                                             result=t.render(result_msg(result)),
                                             ns=ns_score(result, self.draft.board)[0]))

    def score_head(self, evaluation: Evaluation) -> list[ft.Control]:
        entry = evaluation.score.sheet if evaluation.score else None
        if entry is None:
            return []
        return [ft.Text(self.t.render(self.draft.dealing()), size=14),
                ft.Text(self.t("ui.board_result", one=entry.ns[0], two=entry.ns[1],
                               imps=entry.imps), size=15)]


KIND = EntryKind(TeamMatchDraft, TeamMatchEntry)
