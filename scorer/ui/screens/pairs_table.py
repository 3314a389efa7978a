"""A table's phone in a pairs evening (``/pairs/:id/table/:table``, issue 32).

The address is what the phone keeps of its table: picked once from the director's view, it
survives a reload and a restart of the server (decision 313). The screen shows the round the
table is on (the core's ``current_round``): who sits N-S and E-W, the round's boards with each
board's dealer and vulnerability, and for the first board still to enter the team match's
inputs (passed out, declarer, contract, doubling, tricks). The score is shown for both sides
and the other side accepts it with one tap (E-W's Accept: decision 312), which saves it. A
saved board can be corrected (its old value kept in the history). After the round's last board
the screen says where the pairs and the boards go (the table card) and shows the next round,
the round just played below it to check and correct (decision 474)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from ...pairs_link import table_part
from ...rules import InvalidInput
from ...rules.pairs.movement import MITCHELL, table_cards
from ...rules.pairs.progress import board_order, current_round, pass_to, rounds_status
from ...rules.pairs.session import PairsSession, TableResult
from ...rules.team_match import result_msg
from ...store import PairsRecord, StoreError
from ...store.pairs import now
from .. import widgets as w
from ..entry.base import problem_of
from ..entry.common import (
    contract_picker,
    declarer_picker,
    doubling_picker,
    seat_names,
    tricks_picker,
)
from ..entry.team_match import TableDraft
from . import addresses, home
from .frame import Screen, screen
from .pairs_text import ResultDraft, board_msg, next_msg, pair_name, say, score_msg

if TYPE_CHECKING:
    from collections.abc import Callable

    from .host import App, Route

__all__ = ["TableEntry", "build", "changed_elsewhere", "result_inputs", "save_change"]


class TableEntry:
    """What a table's screen keeps between redraws: the board being entered (or corrected),
    the boards begun and left for another (a shared set is played in any order, decision
    410), and the entries another phone of the table saved over first (decision 411)."""

    def __init__(self) -> None:
        self.key: tuple[str, int, int] | None = None  # session, table, board
        self.draft: ResultDraft | None = None
        self.correcting = False
        self.drawn: object = None  # this table's results and conflicts as last drawn
        self.table: tuple[str, int] | None = None  # the session and table of what follows
        self.aside: dict[int, ResultDraft] = {}
        self.lost: dict[int, ResultDraft] = {}
        self.ruling = False  # the correction open is of a director's ruling (decision 470)


def save_change(app: App, session_id: str, how: Callable[[PairsSession], PairsSession],
                then: Callable[[PairsRecord], None]) -> bool:
    """A change of the session, made on the session as stored (on disk before this returns),
    then made durable (the browser build: in the browser's storage, as a game's Save) and the
    other phones told (the same pubsub as games: the session's id), and only then ``then``
    with the record: the screen moves on (decision 350). False after telling the player why
    it was not saved (a refusal names the board and table), or while the last change is
    still being kept (a second tap)."""
    if app.keeper.saving:
        return False
    try:
        record = app.keeper.pairs.change(session_id, how)
    except InvalidInput as error:
        app.snack(app.t.sentence(problem_of(error)))
        return False
    except (StoreError, OSError) as error:
        app.snack(app.t("ui.not_saved", reason=str(error)))
        return False
    return app.keeper.written_then(record.id, partial(then, record))


def _open(app: App, session_id: str) -> PairsRecord | None:
    try:
        return app.keeper.pairs.load(session_id)
    except (StoreError, OSError, InvalidInput):
        return None


def build(app: App, route: Route) -> Screen:
    t = app.t
    assert route.game_id is not None and route.table is not None
    record = _open(app, route.game_id)
    if record is None:
        app.message = t("pairs.app_gone")  # deleted by the director (decision 485)
        return home.build(app, route)
    session, number = record.session, route.table
    app.state(TableEntry).drawn = _mine(session, number)
    title = t("ui.table_n", n=number)
    back = addresses.pairs_tables(record.id)  # not the director's powers (decision 482)
    try:
        found = current_round(session, number)
    except InvalidInput as error:
        return Screen(screen(addresses.pairs_table(record.id, number), title,
                             [w.note(t.sentence(problem_of(error)), error=True)]), back)
    controls: list[ft.Control] = []
    done = _last_done(session, number, None if found is None else found[0].seating.round)
    if done is not None:
        said: list[ft.Control] = [w.heading(t("pairs.app_round_done", n=done.seating.round))]
        if done.seating.round < session.movement.rounds:  # the last round: no next move
            said.append(w.unbroken(ft.Text(t.sentence(next_msg(done)), size=15)))
        controls.append(w.card(*said))
    label = t("pairs.app_qr_results")  # no network: the director's phone merges them
    results = w.tap(label, label, lambda: app.go(addresses.pairs_results_qr(record.id, number)))
    if found is None:  # every round played: the last one stays shown, to check or correct
        controls.append(w.note(say(t, "pairs.app_table_finished")))
        mine = [r for rows in rounds_status(session) for r in rows if r.seating.table == number]
        if not mine:
            controls.append(results)
            return Screen(screen(addresses.pairs_table(record.id, number), title, controls),
                          back)
        row, card = mine[-1], None
    else:
        row, card = found
    seating, plan = row.seating, session.movement
    settings = session.settings
    controls.append(w.heading(t("pairs.app_round_of", n=seating.round, total=plan.rounds)))
    # A Mitchell's pairs are named by their direction ("N-S 1 · E-W 4"), a Howell's not.
    seats = "pairs.app_seats_mitchell" if plan.kind == MITCHELL else "pairs.app_seats"
    controls.append(ft.Text(t(seats, ns=t.render(pair_name(settings, plan, seating.ns)),
                              ew=t.render(pair_name(settings, plan, seating.ew))), size=15))
    state = app.state(TableEntry)
    current = session.current()
    _take_saved(state, record.id, session, number, board_order(seating), row.missing)
    controls += _start_note(t, seating)
    controls += _lost_cards(app, record.id, number, session)
    if state.draft is not None and state.draft.board not in seating.boards:
        controls.append(_elsewhere_card(app, record.id, number))
    for board in seating.boards:
        entry = current.get((board, number))
        lines: list[ft.Control] = [w.suited(t.render(board_msg(board)), 15,
                                            ft.FontWeight.BOLD)]
        open_here = state.draft is not None and state.draft.board == board
        if entry is not None and not open_here:
            lines += _saved_lines(app, record.id, number, entry.result)
        elif board in row.in_conflict:
            lines.append(w.note(say(t, "pairs.app_in_conflict"), error=True))
        elif open_here:
            lines += _inputs(app, record.id, number)
        else:
            label = t("pairs.app_enter_board", board=board)
            lines.append(w.tap(label, label, partial(_enter_board, app, number, board)))
        controls.append(w.card(*lines))
    if card is not None and seating.round < plan.rounds:  # the last: the evening ends
        controls.append(w.unbroken(w.note(say(t, "pairs.app_after_round",
                                               next=t.render(next_msg(card, "pairs.moves"))))))
    if done is not None and found is not None:  # to check and correct (decision 474)
        controls += _done_boards(app, record.id, number, session, done.seating)
    controls.append(results)
    return Screen(screen(addresses.pairs_table(record.id, number), title, controls), back)


def _saved_lines(app: App, session_id: str, table: int, result: TableResult,
                 ) -> list[ft.Control]:
    """A saved result and its correction (of a director's ruling: to him, decision 470)."""
    t, board, ruling = app.t, result.board, result.adjusted is not None
    lines: list[ft.Control] = [w.suited(_result_text(app, result), 15)]
    if ruling:
        lines.append(w.note(say(t, "pairs.app_ruling")))
    label = t("pairs.app_ruling_send" if ruling else "pairs.app_correct", board=board)
    return [*lines, w.tap(label, label, partial(_correct, app, session_id, table, board,
                                                result))]


def _done_boards(app: App, session_id: str, table: int, session: PairsSession,
                 done: Any) -> list[ft.Control]:
    """The boards of the round just finished, to correct (one open: ``_elsewhere_card``)."""
    draft, current, t = app.state(TableEntry).draft, session.current(), app.t
    return [w.heading(t("pairs.app_review", n=done.round))] + [
        w.card(w.suited(t.render(board_msg(board)), 15, ft.FontWeight.BOLD),
               *_saved_lines(app, session_id, table, current[(board, table)].result))
        for board in done.boards if (board, table) in current
        and (draft is None or draft.board != board)]


def _elsewhere_card(app: App, session_id: str, table: int) -> ft.Control:
    """The entry open for a board not of the round shown (a correction of an earlier round's
    board, taken from another phone's save: decision 411)."""
    draft = app.state(TableEntry).draft
    assert draft is not None
    return w.card(w.suited(app.t.render(board_msg(draft.board)), 15, ft.FontWeight.BOLD),
                  *_inputs(app, session_id, table))


def _take_saved(state: TableEntry, session_id: str, session: PairsSession, table: int,
                order: tuple[int, ...], missing: tuple[int, ...]) -> None:
    """Bring the kept entries up to the session as stored: another table or evening starts
    afresh; an entry begun here for a board another phone of the table has saved meanwhile
    is kept with a word when it differs (decision 411), dropped when the same; a correction
    stays open; the board to enter next is the first missing in the table's order (decision
    410), an entry begun for it taken up again."""
    if state.table != (session_id, table):
        state.table, state.aside, state.lost = (session_id, table), {}, {}
        state.key, state.draft, state.correcting = None, None, False
    current = session.current()
    begun = dict(state.aside)
    open_board = None
    if state.draft is not None and not state.correcting:
        open_board = state.draft.board
        begun[open_board] = state.draft
        state.key, state.draft = None, None
    state.aside = {}
    for board, draft in begun.items():
        saved = current.get((board, table))
        if saved is not None:
            result = draft.result()[0]
            if (result is None and draft.fields != TableDraft()) \
                    or (result is not None and result != saved.result):
                state.lost[board] = draft
        elif board in missing and board == open_board:
            state.key, state.draft = (session_id, table, board), draft
        elif board in missing:
            state.aside[board] = draft
    if state.draft is None:
        ahead = [b for b in order if b in missing]
        if ahead:
            state.draft = state.aside.pop(ahead[0], None) or ResultDraft(ahead[0], table)
            state.key, state.correcting = (session_id, table, ahead[0]), False


def _start_note(t: Any, seating: Any) -> list[ft.Control]:
    """A shared set (a 2- or 3-table Howell): 'Start with board 2; the boards are shared with
    tables 1 and 3: pass each board you have played to table 1'. A table's own set: nothing."""
    others = seating.shared_with
    if not others:
        return []
    key = "pairs.app_start_shared_1" if len(others) == 1 else "pairs.app_start_shared_2"
    return [w.note(say(t, key, board=board_order(seating)[0], to=pass_to(seating),
                       a=", ".join(map(str, others[:-1])), b=others[-1]))]


def _lost_cards(app: App, session_id: str, table: int,
                session: PairsSession) -> list[ft.Control]:
    """Each entry another phone of this table saved over first: what was saved, what this
    phone had, and the choice (correct the board to this phone's entry, or keep the saved
    result). Nothing is dropped without a word (decision 411)."""
    t, state = app.t, app.state(TableEntry)
    current = session.current()
    cards: list[ft.Control] = []
    for board, draft in sorted(state.lost.items()):
        saved = current.get((board, table))
        if saved is None:
            continue
        mine = draft.result()[0]
        had = _result_text(app, mine) if mine is not None else t("pairs.app_had_unfinished")
        ruled = saved.result.adjusted is not None  # the director's, not another phone's
        lines: list[ft.Control] = [  # the board's header is its own card's (decision 476)
            w.suited(say(t, "pairs.app_ruled_meanwhile" if ruled
                         else "pairs.app_saved_elsewhere", board=board,
                         result=_result_text(app, saved.result), had=had), 15)]
        if mine is not None:
            label = t("pairs.app_ruling_send" if ruled else "pairs.app_correct_to_mine",
                      board=board)
            lines.append(w.tap(label, label, partial(_take_lost, app, session_id, table,
                                                     board)))
        keep = t("pairs.app_cancel")
        lines.append(w.tap(keep, keep, partial(_let_go, app, board)))
        cards.append(w.card(*lines))
    return cards


def _take_lost(app: App, session_id: str, table: int, board: int) -> None:
    """Correct ``board`` to the entry this phone had (E-W accept it again)."""
    state = app.state(TableEntry)
    draft = state.lost.pop(board, None)
    if draft is not None:
        state.key, state.draft, state.correcting = (session_id, table, board), draft, True
        state.ruling = False  # the lost card has said whose result it was
    app.show()


def _let_go(app: App, board: int) -> None:
    app.state(TableEntry).lost.pop(board, None)
    app.show()


def _enter_board(app: App, table: int, board: int) -> None:
    """Open ``board`` for entry (a table enters its boards in any order); an entry begun
    for another board is kept for it."""
    state = app.state(TableEntry)
    if state.draft is not None and not state.correcting:
        state.aside[state.draft.board] = state.draft
    assert state.table is not None
    state.draft = state.aside.pop(board, None) or ResultDraft(board, table)
    state.key, state.correcting = (state.table[0], table, board), False
    app.show()


def _last_done(session: PairsSession, table: int, now: int | None) -> Any:
    """The table card of the table's last round finished before round ``now`` (None: none)."""
    cards = {(c.seating.round, c.seating.table): c for c in table_cards(session.movement)}
    found = None
    for rows in rounds_status(session):
        for row in rows:
            if row.seating.table == table and row.done and (now is None
                                                            or row.seating.round < now):
                found = cards[(row.seating.round, table)]
    return found


def _result_text(app: App, result: TableResult) -> str:
    t = app.t
    if result.deal is None:
        return t.render(score_msg(result))
    return t("pairs.app_result", result=t.render(result_msg(result.deal)),
             scores=t.render(score_msg(result)))


def _inputs(app: App, session_id: str, table: int) -> list[ft.Control]:
    state = app.state(TableEntry)
    assert state.draft is not None
    label = app.t("pairs.app_accept", board=state.draft.board)
    ruled = [w.note(say(app.t, "pairs.app_ruling"))] if state.correcting and state.ruling else []
    return ruled + result_inputs(app, state.draft, label, lambda: _save(app, session_id, table),
                         say(app.t, "pairs.app_accept_help"),
                         (lambda: _cancel(app)) if state.correcting else None)


def result_inputs(app: App, draft: ResultDraft, label: str, on_save: Callable[[], None],
                  help_text: str | None, on_cancel: Callable[[], None] | None,
                  ) -> list[ft.Control]:
    """The entry of one board at one table (a pairs table, a team match's other table):
    passed out, declarer, contract, doubling, tricks; the scores for both sides and the
    button ``label`` (the save; ``help_text`` under the scores once there is a result). A
    tap changes these controls in place (the chips restyle themselves; the line and the
    button follow), never the whole screen, so a quick second tap finds the control it aimed
    at (decision 314)."""
    t = app.t
    fields = draft.fields
    line = w.suited("", 16, ft.FontWeight.BOLD)
    help_line = w.note(help_text or "")
    accept = w.tap(label, label, on_save, primary=True)

    def refresh() -> None:
        result, problem = draft.result()
        if result is None:
            assert problem is not None
            w.set_suited(line, t.sentence(problem))
            line.weight = None
        else:
            w.set_suited(line, _result_text(app, result))
            line.weight = ft.FontWeight.BOLD
        help_line.visible = result is not None and help_text is not None
        w.set_enabled(accept, result is not None)
        box.visible = not fields.passed_out

    def setter(name: str) -> Callable[[Any], None]:
        def picked(value: Any) -> None:
            setattr(fields, name, value)
            refresh()
            # What the tap changed (the chips restyled, the line, the button), not the whole
            # page compared (decision 421).
            w.update_changed(app.page, *controls)
        return picked

    names, texts = seat_names(t, ("",) * 4)
    box = ft.Column([
        declarer_picker(t, names, texts, fields.declarer, setter("declarer")),
        *contract_picker(t, fields.level, fields.strain, setter("level"), setter("strain")),
        doubling_picker(t, fields.doubling, setter("doubling")),
        *tricks_picker(t, t("ui.tricks_by_side"), fields.tricks, setter("tricks")),
    ], spacing=6)
    refresh()
    controls: list[ft.Control] = [
        w.Toggle(t("ui.passed_out"), t("ui.passed_out"), fields.passed_out,
                 setter("passed_out")).control, box, line, help_line, accept]
    if on_cancel is not None:
        controls.append(w.tap(t("pairs.app_cancel"), t("pairs.app_cancel"), on_cancel))
    return controls


def _save(app: App, session_id: str, table: int) -> None:
    state = app.state(TableEntry)
    if state.draft is None:
        return
    result, _problem = state.draft.result()
    if result is None:
        return
    at = now()

    def saved(record: PairsRecord) -> None:
        state.key, state.draft, state.correcting = None, None, False
        # Drawn next by this tap: another table's save heard meanwhile is then no reason to
        # draw this screen again under the player's next tap (decisions 323, 361). Drawn
        # after what already waits: 15 Accepts at once are saved and the director's view
        # answered first, the next boards drawn after (decision 421).
        state.drawn = _mine(record.session, table)
        app.show_soon()

    how = ((lambda s: s.correct_at_table(result, at)) if state.correcting
           else (lambda s: s.enter(result, at)))
    if not save_change(app, session_id, how, saved):
        app.show()


def _correct(app: App, session_id: str, table: int, board: int, result: TableResult) -> None:
    state = app.state(TableEntry)
    if state.draft is not None and not state.correcting:  # an entry begun: kept for its board
        state.aside[state.draft.board] = state.draft
    draft = ResultDraft(board, table)
    if result.deal is not None:
        draft.fill(result.deal)
    state.key, state.draft, state.correcting = (session_id, table, board), draft, True
    state.ruling = result.adjusted is not None
    app.show()


def _cancel(app: App) -> None:
    state = app.state(TableEntry)
    state.key, state.draft, state.correcting = None, None, False
    app.show()


def _mine(session: PairsSession, table: int) -> object:
    """What this table's screen shows of the session: its results and its conflicts (its
    round follows from them alone)."""
    part = table_part(session, table)
    return (part.entries, part.conflicts)


def changed_elsewhere(app: App, route: Route, game_id: str) -> None:
    """Another phone saved into this session: drawn again only when it changed this table's
    results (the director resolved a conflict here, a second phone of this table saved), the
    board being entered kept. Another table's save leaves the screen as it is, so it never
    takes a tap from a player entering a board (decision 323)."""
    if route.game_id != game_id or route.table is None:
        return
    record = _open(app, game_id)
    if record is None or _mine(record.session, route.table) != app.state(TableEntry).drawn:
        app.show()
