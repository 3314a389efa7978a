"""What the contract bridge scoreboards show, as plain values (no flet): the rubber sheet with
the line, the Chicago cycle and the team match's board list with IMPs.

Every number comes from the core: the deals' scores and sheets (``DealScore.sheet``) and the
state the variant threads from deal to deal, replayed here with the variant itself, so that the
board can never disagree with the game's totals. Every word comes from the catalogs; contracts
carry suit symbols when the translator draws them (``Translator(suits=True)``), accessible
names use ``label_t`` (plain notation for screen readers). Drawn by ``scorer/ui/boards/views.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...game import DealRecord, Game
from ...i18n import Translator
from ...rules.boards import board_dealer, board_vulnerable
from ...rules.chicago import CYCLE, cycle_vulnerable
from ...rules.rubber_bridge import RUBBER_BONUS

__all__ = ["BoardRow", "ChicagoBoard", "ChicagoCycle", "ChicagoRow", "Entry", "MatchBoard",
           "RubberBoard", "RubberSheet", "SessionRow", "SheetGame", "TableResult",
           "chicago_board", "match_board", "rubber_board", "states_before", "vul_text"]

Pair = tuple[int, int]
_VUL_KEYS = {(False, False): "cb.vul_none", (True, False): "cb.vul_ns",
             (False, True): "cb.vul_ew", (True, True): "cb.vul_both"}
_SIDE_KEYS = ("side.NS", "side.EW")


def states_before(game: Game) -> list[Any]:
    """The variant's state before each recorded deal, replayed as the core replays it."""
    v = game.variant
    state = v.start_state(game.rules)
    states = []
    for record in game.records:
        states.append(state)
        state = v.score_in(record.deal, game.rules, game.players, record.dealer, state)[1]
    return states


def vul_text(vulnerable: tuple[bool, bool], t: Translator) -> str:
    """'Vulnerable: N-S' in the player's words."""
    return t("boards.vulnerable", who=t(_VUL_KEYS[vulnerable]))


def _seat_letter(seat: int, t: Translator) -> str:
    return t(f"boards.seat_{'NESW'[seat]}")


def _dealer_words(record_dealer: int, players: Sequence[str], t: Translator) -> str:
    return t("who.seat", name=players[record_dealer], seat=t(f"seat.{'NESW'[record_dealer]}"))


# --- rubber bridge --------------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """A number written on the rubber sheet: its points, the deal that scored it (0 for the
    premiums of an unfinished rubber) and a note ('rubber bonus') where it is not a deal's."""

    points: int
    deal: int
    note: str = ""


@dataclass(frozen=True)
class SheetGame:
    """One game below the line: each side's trick points in order, and who won it (the line
    drawn under it; None for the game being played)."""

    below: tuple[tuple[Entry, ...], tuple[Entry, ...]]
    won_by: int | None
    line: str  # the words on the line drawn under it ('' while it is played)


@dataclass(frozen=True)
class RubberSheet:
    """One rubber: the entries above the line (oldest first: nearest the line), the games
    below it, the games won, and when it has ended its bonus, winner and total."""

    number: int
    title: str
    above: tuple[tuple[Entry, ...], tuple[Entry, ...]]
    games: tuple[SheetGame, ...]
    games_won: Pair
    totals: Pair  # the rubber's points (with the bonus, or the unfinished premiums)
    finished: bool  # won, or stopped and scored as unfinished
    winner: int | None
    bonus: int
    result: str  # what the rubber came to, in words ('' while it is played)
    vulnerable: tuple[bool, bool] | None  # the rubber being played: who is vulnerable now
    total_labels: tuple[str, str]


@dataclass(frozen=True)
class SessionRow:
    """A rubber in the session: its points and the running session totals after it."""

    title: str
    points: Pair
    running: Pair
    label: str


@dataclass(frozen=True)
class RubberBoard:
    sides: tuple[str, str]  # the partnerships, named by the players (N-S first)
    tags: tuple[str, str]  # 'N-S', 'E-W'
    sheets: tuple[RubberSheet, ...]
    session: tuple[SessionRow, ...]
    totals: Pair
    vulnerable: tuple[bool, bool] | None  # None when the game is over
    vul_labels: tuple[str, str]  # per side: 'Ana & Cleo (N-S) vulnerable' / 'not vulnerable'


def _rubber_sheet(number: int, records: list[DealRecord], closing: Any, board_sides: Sequence[str],
                  vulnerable: tuple[bool, bool] | None, t: Translator) -> RubberSheet:
    above: tuple[list[Entry], list[Entry]] = ([], [])
    games: list[SheetGame] = []
    below: tuple[list[Entry], list[Entry]] = ([], [])
    won = [0, 0]
    totals = [0, 0]
    winner, bonus = None, 0
    for record in records:
        entry = record.score.sheet
        for side in (0, 1):
            totals[side] += record.score.points[side]
            if entry.below[side]:
                below[side].append(Entry(entry.below[side], record.table_number))
            points = entry.above[side]
            if entry.rubber_won == side:
                bonus = RUBBER_BONUS[won[1 - side]]
                points -= bonus
            if points:
                above[side].append(Entry(points, record.table_number))
        if entry.game_won is not None:
            side = entry.game_won
            won[side] += 1
            games.append(SheetGame((tuple(below[0]), tuple(below[1])), side,
                                   t("boards.game_line", number=len(games) + 1,
                                     side=board_sides[side])))
            below = ([], [])
        if entry.rubber_won is not None:
            winner = entry.rubber_won
            above[winner].append(Entry(bonus, record.table_number, t("boards.rubber_bonus")))
    if winner is None:  # the game being played (or cut short): no line under it yet
        games.append(SheetGame((tuple(below[0]), tuple(below[1])), None, ""))
    if closing is not None:
        for side in (0, 1):
            totals[side] += closing.points[side]
            if closing.sheet.above[side]:
                above[side].append(Entry(closing.sheet.above[side], 0, t("boards.unfinished")))
    title = t("boards.rubber", number=number)
    if winner is not None:
        result = t("boards.rubber_won", side=board_sides[winner], won=2, lost=won[1 - winner],
                   bonus=bonus)
    elif closing is not None:
        result = t("boards.rubber_unfinished")
    else:
        result = ""
    finished = winner is not None or closing is not None
    labels = tuple(t("boards.rubber_total", number=number, side=board_sides[side],
                     total=totals[side]) for side in (0, 1))
    return RubberSheet(number, title, (tuple(above[0]), tuple(above[1])), tuple(games),
                       (won[0], won[1]), (totals[0], totals[1]), finished, winner, bonus, result,
                       None if finished else vulnerable, (labels[0], labels[1]))


def rubber_board(game: Game, t: Translator, label_t: Translator | None = None) -> RubberBoard:
    """The rubber sheet of each rubber of the session, the session's running totals, and who
    is vulnerable now (Law 72: a side that has won a game)."""
    label_t = label_t or t
    sides = (game.parties[0], game.parties[1])
    groups: dict[int, list[DealRecord]] = {}
    for record in game.records:
        groups.setdefault(record.score.sheet.rubber, []).append(record)
    closing = game.closing
    current = game.variant.completed(game.state) + 1
    vulnerable = None if game.is_over else game.vulnerability()
    if closing is not None or not game.is_over:  # the rubber being played, even if empty
        groups.setdefault(current, [])
    sheets = [_rubber_sheet(n, groups[n], closing if n == current else None, sides,
                            vulnerable if n == current else None, t) for n in sorted(groups)]
    session = []
    running = [0, 0]
    for sheet in sheets:
        running = [running[0] + sheet.totals[0], running[1] + sheet.totals[1]]
        session.append(SessionRow(
            sheet.title, sheet.totals, (running[0], running[1]),
            label_t("boards.session_row", rubber=sheet.title, ns=sides[0], ns_total=running[0],
                    ew=sides[1], ew_total=running[1])))
    tags = (t(_SIDE_KEYS[0]), t(_SIDE_KEYS[1]))
    vul_labels = tuple(label_t("boards.side_vul" if vulnerable and vulnerable[side]
                               else "boards.side_not_vul", side=sides[side], tag=tags[side])
                       for side in (0, 1))
    return RubberBoard(sides, tags, tuple(sheets), tuple(session), (running[0], running[1]),
                       vulnerable, (vul_labels[0], vul_labels[1]))


# --- Chicago --------------------------------------------------------------------------------

@dataclass(frozen=True)
class ChicagoRow:
    """A deal of the cycle (``position`` 1-4; 0 for a passed-out deal, dealt again), or one
    still to come (``number`` 0, no result)."""

    number: int  # the deal's place in the record (what the detail screen opens), 0: to come
    position: int
    dealer: str
    vulnerable: tuple[bool, bool]
    vul: str
    result: str
    points: Pair | None
    carried: str  # part scores carried toward game after the deal ('' when none)
    label: str


@dataclass(frozen=True)
class ChicagoCycle:
    number: int
    title: str
    rows: tuple[ChicagoRow, ...]
    points: Pair
    running: Pair  # the session totals after this cycle (or so far)
    complete: bool
    labels: tuple[str, str]


@dataclass(frozen=True)
class ChicagoBoard:
    sides: tuple[str, str]
    tags: tuple[str, str]
    cycles: tuple[ChicagoCycle, ...]
    session: tuple[SessionRow, ...]  # each cycle with the running totals after it
    totals: Pair
    carried: str  # part scores toward game now ('' when none)
    next_deal: str  # 'Deal 2 of 4 · dealer: Ben (East) · vulnerable: E-W' ('' when over)
    vulnerable: tuple[bool, bool] | None


def _parts_text(parts: Sequence[int], t: Translator) -> str:
    held = [t("boards.part", side=t(_SIDE_KEYS[side]), points=parts[side])
            for side in (0, 1) if parts[side]]
    return t("boards.carried", parts=", ".join(held)) if held else ""


def _after_text(record: DealRecord, parts: Sequence[int], position: int, t: Translator) -> str:
    """What a deal left toward game: a game made or completed, or the part scores carried."""
    games = [line.msg.params for line in record.score.lines
             if line.msg is not None and line.msg.key == "ch.game"]
    if games:
        return t("boards.game_made", side=dict(games[0])["side"])
    if record.deal.passed_out or position == CYCLE:
        return ""
    return _parts_text(parts, t)


def chicago_board(game: Game, t: Translator, label_t: Translator | None = None) -> ChicagoBoard:
    """The cycles of four deals: each deal's dealer, vulnerability, result and points, the part
    scores carried toward game after it; the deals still to come in the current cycle; the
    cycle's points and the session's running total."""
    label_t = label_t or t
    sides = (game.parties[0], game.parties[1])
    v, rules = game.variant, game.rules
    cycles: list[list[ChicagoRow]] = [[]]
    cycle_points: list[list[int]] = [[0, 0]]
    for record, state in zip(game.records, states_before(game), strict=True):
        after = v.score_in(record.deal, rules, game.players, record.dealer, state)[1]
        passed = record.deal.passed_out
        vul = cycle_vulnerable(state.played, record.dealer, rules.dealer_vulnerable)
        position = 0 if passed else state.played + 1
        result = t.summary(record.score)
        points: tuple[int, ...] = record.score.points
        cycles[-1].append(ChicagoRow(
            record.number, position, _dealer_words(record.dealer, game.players, t), vul,
            t(_VUL_KEYS[vul]), result, (points[0], points[1]),
            _after_text(record, after.parts, position, t),
            label_t("boards.chicago_row", position=position or state.played + 1,
                    result=label_t.summary(record.score), ns=sides[0], ns_points=points[0],
                    ew=sides[1], ew_points=points[1])))
        cycle_points[-1] = [cycle_points[-1][i] + points[i] for i in (0, 1)]
        if position == CYCLE:
            cycles.append([])
            cycle_points.append([0, 0])
    over = game.is_over
    state = game.state
    if not over:  # the deals still to come in this cycle, with their dealer and vulnerability
        for position in range(state.played + 1, CYCLE + 1):
            dealer = (game.dealer + position - state.played - 1) % 4
            vul = cycle_vulnerable(position - 1, dealer, rules.dealer_vulnerable)
            cycles[-1].append(ChicagoRow(0, position, _dealer_words(dealer, game.players, t),
                                         vul, t(_VUL_KEYS[vul]), "", None, "",
                                         label_t("boards.chicago_next", position=position,
                                                 dealer=_dealer_words(dealer, game.players,
                                                                      label_t),
                                                 vul=label_t(_VUL_KEYS[vul]))))
    built = []
    running = [0, 0]
    for number, (rows, cycle) in enumerate(zip(cycles, cycle_points, strict=True), start=1):
        if not rows:
            continue
        running = [running[0] + cycle[0], running[1] + cycle[1]]
        complete = any(row.position == CYCLE and row.number for row in rows)
        built.append(ChicagoCycle(
            number, t("boards.cycle", number=number), tuple(rows), (cycle[0], cycle[1]),
            (running[0], running[1]), complete,
            (label_t("boards.session_total", side=sides[0], total=running[0]),
             label_t("boards.session_total", side=sides[1], total=running[1]))))
    vulnerable = None if over else game.vulnerability()
    next_deal = "" if over or vulnerable is None else t(
        "boards.chicago_next_deal", position=state.played + 1,
        dealer=_dealer_words(game.dealer, game.players, t), vul=t(_VUL_KEYS[vulnerable]))
    session = tuple(SessionRow(c.title, c.points, c.running,
                               label_t("boards.session_row", rubber=c.title, ns=sides[0],
                                       ns_total=c.running[0], ew=sides[1],
                                       ew_total=c.running[1])) for c in built)
    return ChicagoBoard(sides, (t(_SIDE_KEYS[0]), t(_SIDE_KEYS[1])), tuple(built), session,
                        (running[0], running[1]), "" if over else _parts_text(state.parts, t),
                        next_deal, vulnerable)


# --- team match -----------------------------------------------------------------------------

@dataclass(frozen=True)
class TableResult:
    text: str  # '4♠ N +1', or 'passed out'
    ns: int  # the N-S score at that table


@dataclass(frozen=True)
class BoardRow:
    number: int  # the deal's place in the record
    board: int
    dealer: str  # a seat letter
    vul: str
    vulnerable: tuple[bool, bool]
    tables: tuple[TableResult, TableResult]
    diff: int  # team 1's difference
    imps: Pair  # IMPs won by (team 1, team 2); at most one is not 0
    label: str


@dataclass(frozen=True)
class MatchBoard:
    teams: tuple[str, str]
    rows: tuple[BoardRow, ...]
    imps: Pair  # IMPs won by each team
    margin: int  # team 1's net IMPs (the game's total)
    result: str  # 'Lions lead by 33 IMPs', 'Lions won by ...', 'level'
    labels: tuple[str, str]  # accessible names of the two IMP totals
    next_board: str  # 'Board 9 · North deals · vulnerable: E-W' ('' when over)


def _table_result(deal: Any, t: Translator) -> str:
    if deal.contract is None:
        return t("summary.passed_out")
    diff = deal.tricks - deal.contract.tricks_needed
    result = "=" if diff == 0 else f"+{diff}" if diff > 0 else str(diff)
    return t("boards.table_result", contract=str(deal.contract),
             seat=_seat_letter(deal.declarer, t), result=result)


def _board_label(record: DealRecord, t: Translator, teams: Sequence[str]) -> str:
    entry = record.score.sheet
    n = abs(entry.imps)
    imps = t("boards.no_swing") if not n else t("boards.imps_to", n=n,
                                                 team=teams[0 if entry.imps > 0 else 1])
    return t("boards.board_row", board=entry.board, one=_table_result(record.deal.table1, t),
             ns1=entry.ns[0], two=_table_result(record.deal.table2, t), ns2=entry.ns[1],
             imps=imps)


def match_board(game: Game, t: Translator, label_t: Translator | None = None) -> MatchBoard:
    """Each board: its number, dealer and vulnerability (Law 2), both tables' results with the
    N-S score, team 1's difference and the IMPs to the team that gained them; the match total."""
    label_t = label_t or t
    teams = (game.parties[0], game.parties[1])
    rows = []
    won = [0, 0]
    for record in game.records:
        entry = record.score.sheet
        imps = (max(entry.imps, 0), max(-entry.imps, 0))
        won = [won[0] + imps[0], won[1] + imps[1]]
        tables = (TableResult(_table_result(record.deal.table1, t), entry.ns[0]),
                  TableResult(_table_result(record.deal.table2, t), entry.ns[1]))
        rows.append(BoardRow(record.number, entry.board, _seat_letter(entry.dealer, t),
                             t(_VUL_KEYS[entry.vulnerable]), entry.vulnerable, tables,
                             entry.diff, imps, _board_label(record, label_t, teams)))
    margin = won[0] - won[1]
    if margin == 0:
        result = t("boards.match_level")
    else:
        leader = 0 if margin > 0 else 1
        result = t("boards.match_won" if game.is_over else "boards.match_leads",
                   team=teams[leader], n=abs(margin))
    next_board = ""
    if not game.is_over:
        board = len(game.records) + 1
        next_board = t("boards.next_board", board=board,
                       seat=t(f"seat.{'NESW'[board_dealer(board)]}"),
                       vul=t(_VUL_KEYS[board_vulnerable(board)]))
    labels = (label_t("boards.imps_total", team=teams[0], n=won[0]),
              label_t("boards.imps_total", team=teams[1], n=won[1]))
    return MatchBoard(teams, tuple(rows), (won[0], won[1]), margin, result, labels, next_board)
