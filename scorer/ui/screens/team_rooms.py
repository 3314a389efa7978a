"""A team match's other table on its own phone (issue 32, item 2), as games travel today.

- ``/game/:id/rooms`` (the match's phone): a QR code for the other table's phone, the other
  table's results waiting for their board, and the conflicts, each settled by one tap;
- ``/r/:data`` (either phone): a link read. With no results, on a phone without the match: *Score
  table 2 on this phone*. With results, on the match's phone: *Merge into the match* (the same
  result is one, a difference a conflict, a board not reached waits: nothing overwritten);
- ``/room/:id/:table`` (the other table's phone): its boards one by one, the score for both
  sides, Save, corrections; *Show my results as a QR code* (``/room/:id/:table/qr``).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from ...game import Game
from ...link import InvalidLink
from ...rules import InvalidInput
from ...rules.bridge_games import BridgeDeal
from ...rules.pairs.session import TableResult
from ...rules.team_rooms import Merged, RoomResults
from ...store import RoomsRecord, StoreError
from ...team_link import RoomLink, read_room_link, room_link
from .. import widgets as w
from ..entry.base import problem_of
from ..qr import qr_png
from . import addresses, home
from .frame import Screen, link_failed, screen
from .pairs_table import _result_text, result_inputs
from .pairs_text import ResultDraft, board_msg, say

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["RoomEntry", "build", "build_opened", "build_qr", "build_room"]

OTHER = 2  # the other table: team 1 sits N-S at table 1, the match's phone's table


class RoomEntry:
    """What the other table's screen keeps between redraws: the board being entered."""

    def __init__(self) -> None:
        self.draft: ResultDraft | None = None
        self.key: tuple[str, int] | None = None


def _site(app: App) -> tuple[str, bool]:
    if app.link_site is not None:
        return app.link_site
    return app.page.url or "", True


def _code(app: App, made: str) -> list[ft.Control]:
    return [ft.Container(
        ft.Image(src=qr_png(made, error="l", scale=10), fit=ft.BoxFit.CONTAIN,
                 semantics_label=app.t("ui.link_qr"), filter_quality=ft.FilterQuality.NONE),
        bgcolor=ft.Colors.WHITE, padding=12, alignment=ft.Alignment.CENTER),
        ft.Text(made, size=w.SMALLEST, selectable=True,
                semantics_label=app.t("ui.address", url=made))]


def _call(app: App, call: object, *args: object) -> object:
    try:
        return call(*args)  # type: ignore[operator]
    except InvalidInput as error:
        app.snack(app.t.sentence(problem_of(error)))
    except (StoreError, OSError) as error:
        app.snack(app.t("ui.not_saved", reason=str(error)))
    return None


def _deal_text(app: App, board: int, table: int, deal: BridgeDeal) -> str:
    return _result_text(app, TableResult(board, table, deal))


def build(app: App, route: Route, game: Game) -> Screen:
    """The match's phone: the other table's QR code, what waits, what conflicts."""
    t = app.t
    path, back = addresses.rooms(game.id), addresses.game(game.id)
    names = (game.players[0], game.players[1])
    site, fragment = _site(app)
    controls: list[ft.Control] = [ft.Text(say(t, "rooms.qr_help", table=OTHER), size=14)]
    controls += _code(app, room_link(game.id, names, RoomResults(OTHER, {}), site, fragment))
    kept = _call(app, app.keeper.rooms.load, game.id)
    if isinstance(kept, RoomsRecord):
        waiting = sorted(b for (b, _table) in kept.kept.waiting)
        controls.append(w.note(say(t, "rooms.waiting", boards=", ".join(map(str, waiting)))
                               if waiting else say(t, "rooms.nothing_waiting")))
        for conflict in kept.kept.conflicts:
            lines: list[ft.Control] = [ft.Text(
                say(t, "rooms.conflict", board=conflict.board, table=conflict.table),
                weight=ft.FontWeight.BOLD)]
            for deal in (conflict.kept, conflict.other):
                label = t("pairs.app_keep", result=_deal_text(app, conflict.board,
                                                             conflict.table, deal))
                lines.append(w.tap(label, label, partial(_resolve, app, game.id,
                                                         conflict.board, conflict.table, deal)))
            controls.append(w.card(*lines))
    return Screen(screen(path, t("rooms.title"), controls), back)


def _resolve(app: App, match: str, board: int, table: int, chosen: BridgeDeal) -> None:
    if app.keeper.saving:  # the last change is still being kept: a second tap
        return
    if _call(app, app.keeper.rooms.resolve, match, board, table, chosen) is not None:
        app.keeper.written_then(match, app.show)  # durable first (decisions 350, 430)
        return
    app.show()


def build_opened(app: App, route: Route) -> Screen:
    """A link read: what it carries, and the one thing this phone can do with it."""
    t = app.t
    path = addresses.room_link(route.data or "")
    try:
        linked = read_room_link(route.data or "")
    except InvalidLink as error:
        return link_failed(app, path, t("rooms.title"), error)
    one, two = linked.teams
    room = linked.room
    controls: list[ft.Control] = [ft.Text(
        say(t, "rooms.link_what", table=room.table, one=one, two=two, n=len(room.results)),
        size=16, weight=ft.FontWeight.BOLD)]
    if app.keeper.open(linked.match) is not None:  # the match's phone
        label = t("rooms.merge")
        controls.append(w.tap(label, label, lambda: _merge(app, linked), primary=True))
    else:
        label = t("rooms.score_here", table=room.table)
        controls.append(w.tap(label, label, lambda: _score_here(app, linked), primary=True))
    return Screen(screen(path, t("rooms.title"), controls), addresses.HOME)


def _merge(app: App, linked: RoomLink) -> None:
    if app.keeper.saving:
        return
    merged = _call(app, app.keeper.rooms.merge, linked.match, linked.room)
    if not isinstance(merged, Merged):
        return

    def kept() -> None:  # in the browser's storage (the published build): then shown
        app.message = say(app.t, "rooms.merged", same=len(merged.same),
                          waiting=len(merged.waiting), conflicts=len(merged.conflicts))
        app.message_is_news = True
        app.go(addresses.rooms(linked.match))

    app.keeper.written_then(linked.match, kept)


def _score_here(app: App, linked: RoomLink) -> None:
    if app.keeper.saving:
        return
    kept = _call(app, app.keeper.rooms.keep_own, linked.match, linked.teams, linked.room.table)
    if kept is None:
        return
    app.keeper.written_then(linked.match,
                            partial(app.go, addresses.room(linked.match, linked.room.table)))


def _record(app: App, route: Route) -> RoomsRecord | None:
    assert route.game_id is not None
    kept = _call(app, app.keeper.rooms.load, route.game_id)
    if not isinstance(kept, RoomsRecord) or kept.own is None or len(kept.teams) != 2 \
            or kept.own.table != route.table:
        return None
    return kept


def build_room(app: App, route: Route) -> Screen:
    """The other table's phone: its boards entered, the next one's inputs, its QR code."""
    t = app.t
    assert route.game_id is not None and route.table is not None
    path = addresses.room(route.game_id, route.table)
    record = _record(app, route)
    if record is None or record.own is None:  # this phone scores no table of that match
        app.message = t("ui.no_such_game", id=route.game_id)
        return home.build(app, route)
    own, table = record.own, record.own.table
    state = app.state(RoomEntry)
    if state.key != (record.match, table):
        state.key, state.draft = (record.match, table), None
    if state.draft is None:
        state.draft = ResultDraft(max(own.results, default=0) + 1, table)
    draft = state.draft
    # Team 1 sits N-S at table 1 and E-W at the other (decision 484: it was never said here).
    ns, ew = record.teams if table == 1 else (record.teams[1], record.teams[0])
    controls: list[ft.Control] = [ft.Text(t("ui.table_seats", ns=ns, ew=ew), size=14),
                                  w.heading(t.render(board_msg(draft.board)))]
    label = t("rooms.save", board=draft.board)
    controls += result_inputs(app, draft, label, lambda: _save(app, record.match, record.teams),
                              None, None)
    for board, deal in sorted(own.results.items(), reverse=True):
        text = t("rooms.entered", board=board, result=_deal_text(app, board, table, deal))
        correct = t("pairs.app_correct", board=board)
        controls.append(w.card(w.suited(text, 15),
                               w.tap(correct, correct, partial(_correct, app, board, deal))))
    label = t("pairs.app_qr_results")
    controls.append(w.tap(label, label, lambda: app.go(addresses.room_qr(record.match, table))))
    title = t("rooms.table_title", table=table, one=record.teams[0], two=record.teams[1])
    return Screen(screen(path, title, controls), addresses.HOME)


def _save(app: App, match: str, names: tuple[str, ...]) -> None:
    """The board kept on this phone; the screen moves to the next board only once it is in
    the browser's storage (the published build), as a game's Save (decision 430)."""
    draft = app.state(RoomEntry).draft
    result = None if draft is None else draft.result()[0]
    if draft is None or result is None or result.deal is None or app.keeper.saving:
        return
    if _call(app, app.keeper.rooms.enter_own, match, names, draft.table, draft.board,
             result.deal) is None:
        app.show()
        return

    def kept() -> None:
        app.state(RoomEntry).draft = None
        app.show()

    app.keeper.written_then(match, kept)


def _correct(app: App, board: int, deal: BridgeDeal) -> None:
    state = app.state(RoomEntry)
    assert state.key is not None
    state.draft = ResultDraft(board, state.key[1])
    state.draft.fill(deal)
    app.show()


def build_qr(app: App, route: Route) -> Screen:
    """The other table's results as a QR code, for the match's phone."""
    t = app.t
    assert route.game_id is not None and route.table is not None
    path = addresses.room_qr(route.game_id, route.table)
    back = addresses.room(route.game_id, route.table)
    record = _record(app, route)
    if record is None or record.own is None:
        app.message = t("ui.no_such_game", id=route.game_id)
        return home.build(app, route)
    site, fragment = _site(app)
    try:
        made = room_link(record.match, (record.teams[0], record.teams[1]), record.own, site,
                         fragment)
    except InvalidInput as error:
        return Screen(screen(path, t("pairs.app_qr_results"), [
            w.note(t.sentence(problem_of(error)), error=True)]), back)
    controls = [*_code(app, made)[:1], ft.Text(say(t, "rooms.results_help"), size=14),
                *_code(app, made)[1:]]
    return Screen(screen(path, t("pairs.app_qr_results"), controls), back)
