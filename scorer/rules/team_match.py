"""A duplicate team match: the same boards played at two tables, dealer and vulnerability from
the board number (Law 2), each table scored by Law 77 from North-South's view, the difference
turned into IMPs (Law 78B), the match total the sum of the boards' IMPs.

The two "players" are the two teams. Team 1 sits North-South at table 1 and East-West at
table 2. A deal is a :class:`TeamBoard`: both tables' results of one board; boards are numbered
from 1 in the order entered. See scorer/assets/rules/contract-bridge.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .base import DealScore, EndRule, Variant
from .boards import board_dealer, board_vulnerable, imps_line
from .bridge_games import PASSED_OUT_LINE, BridgeDeal, vul_line
from .contract_bridge import score_duplicate
from .parts import DealStats, ScreenHints, SheetWords
from .seats import seat_msg
from .values import InvalidInput, Line, Msg

__all__ = ["BoardEntry", "TeamBoard", "TeamMatch", "TeamRules", "ns_score", "result_msg"]


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One board's results at table 1 and table 2 (either may be passed out)."""

    table1: BridgeDeal
    table2: BridgeDeal

    def __post_init__(self) -> None:
        for name, deal in (("table 1", self.table1), ("table 2", self.table2)):
            if not isinstance(deal, BridgeDeal):
                raise InvalidInput(name, type(deal).__name__, "is not a table's result")
            if deal.honours is not None:
                raise InvalidInput(f"{name} honors", str(deal.honours),
                                   "are not scored in duplicate")

    @property
    def passed_out(self) -> bool:
        return False

    def to_dict(self) -> dict[str, Any]:
        return {"table1": self.table1.to_dict(), "table2": self.table2.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TeamBoard:
        if not isinstance(data, Mapping):
            raise InvalidInput("board", data, "is not a board record")
        tables = []
        for key, name in (("table1", "table 1"), ("table2", "table 2")):
            try:
                tables.append(BridgeDeal.from_dict(data.get(key)))  # type: ignore[arg-type]
            except InvalidInput as error:
                raise InvalidInput(f"{name} {error.field}", error.value, error.allowed) from None
        return cls(tables[0], tables[1])


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """A board on the match sheet: its number, dealer, vulnerability, the N-S score at each
    table, team 1's difference and its IMPs."""

    board: int
    dealer: int
    vulnerable: tuple[bool, bool]
    ns: tuple[int, int]
    diff: int
    imps: int


def ns_score(deal: BridgeDeal, board: int) -> tuple[int, list[Line]]:
    """A table's result from North-South's view (negative when East-West scored)."""
    if deal.contract is None or deal.declarer is None or deal.tricks is None:
        return 0, [PASSED_OUT_LINE]
    vul = board_vulnerable(board)[deal.side]
    scored = score_duplicate(deal.contract, deal.tricks, vul)
    net = scored.declarer_points - scored.defender_points
    return (net if deal.side == 0 else -net), list(scored.lines)


@lru_cache(maxsize=1024)
def _board_line(board: int) -> Line:
    seat = board_dealer(board)
    return Line(Msg.of("tm.board", board=board, seat=seat_msg(seat)), board)


@lru_cache(maxsize=16384)
def _table(table: int, result: BridgeDeal, board: int) -> tuple[int, tuple[Line, ...]]:
    """One table's result on ``board``: its N-S score and the lines that explain it."""
    ns, table_lines = ns_score(result, board)
    if result.contract is not None and result.declarer is not None:
        msg = Msg.of("tm.table", table=table, contract=str(result.contract),
                     seat=seat_msg(result.declarer))
    else:
        msg = Msg.of("tm.table_passed", table=table)
    return ns, (Line(msg, table), *table_lines,
                Line(Msg.of("tm.ns", table=table, points=ns), ns))


def result_msg(result: BridgeDeal) -> Msg:
    """One table's result: '4H by North, 10 tricks', or 'passed out'."""
    if result.contract is None or result.declarer is None:
        return Msg.of("summary.passed_out")
    return Msg.of("ui.deal_text", contract=str(result.contract),
                  declarer=seat_msg(result.declarer), n=result.tricks)


class TeamMatch(SheetWords[TeamBoard], DealStats[TeamBoard], ScreenHints,
                Variant[TeamBoard, "TeamRules"]):
    name = "team-match"
    title = "Team match"
    aliases = ("teams", "duplicate-teams")
    player_count = 2  # the two teams
    teams = True
    end_kinds = ("deals", "open")
    default_end = EndRule("deals", 8)
    end_suggestions = (EndRule("deals", 8), EndRule("deals", 12), EndRule("deals", 16),
                       EndRule("deals", 24), EndRule("open"))
    house_rules = ()
    first_dealer = 0  # board 1: North deals
    deal_word = "board"
    rules_page = "contract-bridge"

    def parties(self, players: Sequence[str]) -> tuple[str, ...]:
        return tuple(players)

    def next_dealer(self, dealer: int, deal: TeamBoard, rules: TeamRules) -> int:
        return (dealer + 1) % 4

    def dealer_name(self, dealer: int, players: Sequence[str]) -> Msg:
        """The dealer is a seat (0-3, from the board number), not one of the two teams."""
        return seat_msg(dealer)

    def openers(self, dealer: int, players: Sequence[str]) -> Msg:
        return Msg.of("openers.team_match", seat=seat_msg(dealer))

    def deal_words(self, deal: TeamBoard, players: Sequence[str]) -> tuple[Msg, str]:
        """Both tables' results ('table 1: 4H by North, 10 tricks; table 2: ...')."""
        return (Msg.of("sheet.tables", one=result_msg(deal.table1),
                       two=result_msg(deal.table2)), "")

    def deal_line(self, deal: TeamBoard, players: Sequence[str],
                  score: DealScore | None = None) -> Msg:
        """Both tables' results with their scores from North-South's view."""
        entry = None if score is None else score.sheet
        if not isinstance(entry, BoardEntry):
            return self.deal_words(deal, players)[0]
        return Msg.of("sheet.tables_ns", one=result_msg(deal.table1), ns1=entry.ns[0],
                      two=result_msg(deal.table2), ns2=entry.ns[1])

    def deal_stats(self, deal: TeamBoard, score: DealScore, player: int) -> Mapping[str, int]:
        """A team declares at table 1 when North-South declare, at table 2 when East-West
        do (team 1 sits North-South at table 1); the second team the other way round."""
        counts = {"declared": 0, "made": 0}
        for side, result in ((player, deal.table1), (1 - player, deal.table2)):
            if result.contract is not None and result.tricks is not None \
                    and result.side == side:
                counts["declared"] += 1
                counts["made"] += int(result.tricks >= result.contract.tricks_needed)
        return counts

    def parse_rules(self, mapping: Mapping[str, object] | None = None) -> TeamRules:
        if mapping:
            name = next(iter(mapping))
            raise InvalidInput("rule", name, f"is not a house rule of {self.name} (known: none)")
        return TeamRules()

    def deal_from_dict(self, data: Mapping[str, Any]) -> TeamBoard:
        return TeamBoard.from_dict(data)

    def check_deal(self, deal: object, dealer: int, rules: TeamRules) -> None:
        if not isinstance(deal, TeamBoard):
            raise InvalidInput("deal", type(deal).__name__, "is not a team-match board")

    def start_state(self, rules: Any) -> int:
        return 0  # boards played

    def vulnerability(self, state: Any, dealer: int, rules: Any) -> tuple[bool, bool]:
        return board_vulnerable(int(state) + 1)

    def score(self, deal: TeamBoard, rules: TeamRules, players: Sequence[str]) -> DealScore:
        return self.score_in(deal, rules, players, 0, 0)[0]

    def score_in(self, deal: TeamBoard, rules: TeamRules, players: Sequence[str], dealer: int,
                 state: int) -> tuple[DealScore, int]:
        board = state + 1
        vulnerable = board_vulnerable(board)
        seat = board_dealer(board)
        lines = [_board_line(board), vul_line(vulnerable)]
        scores = []
        for table, result in ((1, deal.table1), (2, deal.table2)):
            ns, table_lines = _table(table, result, board)
            scores.append(ns)
            lines.extend(table_lines)
        diff = scores[0] - scores[1]
        lines.append(Line(Msg.of("tm.diff", team=players[0], one=scores[0], two=-scores[1],
                                 diff=diff), diff))
        imps = imps_line(diff)
        lines.append(imps)
        # Each team's IMPs won on the board: the match total is what a director writes, the
        # IMPs each team won (issue 30: one total everywhere, decision 201).
        points = (max(imps.points, 0), max(-imps.points, 0))
        if imps.points:
            winner = 0 if imps.points > 0 else 1
            n = abs(imps.points)
            summary = Msg.of("summary.board", board=board, n=n, team=players[winner])
        else:
            summary = Msg.of("summary.board_flat", board=board)
        entry = BoardEntry(board, seat, vulnerable, (scores[0], scores[1]), diff, imps.points)
        return DealScore(points, tuple(lines), summary, None, entry), board


@dataclass(frozen=True, slots=True)
class TeamRules:
    """A team match has no house rules (Laws 77 and 78B throughout)."""

    def to_dict(self) -> dict[str, Any]:
        return {}

    def describe(self) -> tuple[Msg, ...]:
        """Which rules produce the scores, one sentence each."""
        return (Msg("rules.team_match"),)
