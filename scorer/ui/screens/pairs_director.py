"""The director's view of a pairs evening (``/pairs/:id``, issue 32), a board's traveller
(``/pairs/:id/board/:n``) and a pair's personal score card (``/pairs/:id/pair/:pair``).

The view: the tables (each opens that table's screen: how a phone picks its table), each
round's tables finished or not, what is missing, conflicts (two results for one board at one
table, from two phones: the director keeps one with a tap), the ranking as it stands (per
direction for a Mitchell, overall for a Howell) and the boards' travellers and pairs' cards.
Every result saved on a table's phone reaches it at once (the session's id over pubsub, as a
game's changes reach the other phones). Worked out again from the stored session each time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from functools import partial, wraps
from typing import TYPE_CHECKING, NamedTuple

import flet as ft

from ...rules import InvalidInput
from ...rules.pairs.labels import evening_title
from ...rules.pairs.movement import Movement
from ...rules.pairs.progress import missing, rounds_status
from ...rules.pairs.scoring import decimal, imps_msg
from ...rules.pairs.session import PairsSession, PairsSettings, TableResult
from ...rules.pairs.standings import PairTotal, place_msg, standings
from ...rules.values import Msg
from ...store import PairsRecord, StoreError
from ...store.pairs import now
from .. import widgets as w
from . import addresses, home
from .frame import Screen, screen
from .pairs_adjust import adjust_controls, replaced_lines
from .pairs_codes import director_may
from .pairs_files import file_controls
from .pairs_fix import fix_controls
from .pairs_gate import director_change, gate
from .pairs_pick import table_buttons
from .pairs_table import _result_text
from .pairs_text import at_seat, board_msg, pair_name, say, unbroken

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["DirectorView", "Drawn", "build", "build_board", "build_card", "changed_elsewhere"]

# A conflict's Keep, by where its result came from (a merge says: decision 491).
KEEP = {"table": "pairs.app_keep_table", "director": "pairs.app_keep_director"}


class DirectorView:
    """What the director's view keeps between redraws: the session shown and the part of the
    view that every save changes (None: not drawn yet)."""

    def __init__(self) -> None:
        self.shown: tuple[str, ft.Column] | None = None
        self.revision = 0  # the session's revision drawn there


class Evening(NamedTuple):
    """The evening a screen shows, as stored now, with what every screen of it reads."""

    record: PairsRecord
    session: PairsSession
    plan: Movement
    settings: PairsSettings


def _open(app: App, route: Route) -> Evening | None:
    """The evening of ``route``; None after putting the reason on Home (the caller shows
    Home), when it is gone or cannot be read."""
    assert route.game_id is not None
    try:
        record = app.keeper.pairs.load(route.game_id)
    except (StoreError, OSError, InvalidInput):
        app.message = app.t("pairs.app_gone")  # deleted (decision 485)
        return None
    session = record.session
    return Evening(record, session, session.movement, session.settings)


def _of_evening(build: Callable[[App, Route, Evening], Screen]) -> Callable[[App, Route],
                                                                            Screen]:
    """A screen of the evening its address names, given it as stored now; Home, saying why,
    when it is gone or cannot be read (the one opening of the director's screens)."""
    @wraps(build)
    def built(app: App, route: Route) -> Screen:
        evening = _open(app, route)
        if evening is None:
            return home.build(app, route)
        if not director_may(app, evening.record.id):  # the director's code (decision 516)
            return gate(app, route, evening.record, app.route)
        return build(app, route, evening)
    return built


def _title(app: App, session: PairsSession) -> str:
    return app.t.render(evening_title(session))  # its name, else "Howell, 3 tables"


# The characters of a name the app bar shows uncut at 360 px (22 pt; "Campeonato del club de
# b..." was cut at 24): a longer one is shown in full, wrapped, above the view.
FITS_THE_BAR = 20


@_of_evening
def build(app: App, route: Route, evening: Evening) -> Screen:
    t, (record, session, plan, settings) = app.t, evening
    controls: list[ft.Control] = [
        ft.Text(t.sentence(_movement_msg(session)), size=14),
    ]
    if len(session.name) > FITS_THE_BAR:  # cut in the app bar: in full here (decision 566),
        controls.insert(0, ft.Semantics(  # shown only: the heading reads it in full already
            content=ft.Text(session.name, size=18, weight=ft.FontWeight.BOLD),
            exclude_semantics=True))
    numbers = sorted({s.table for s in plan.seatings})
    controls += table_buttons(app, record.id, numbers)
    # No network: each table's phone scans its QR code (the session and its table).
    controls.append(ft.Row([w.tap(t("pairs.app_qr_table", table=n),
                                  t("pairs.app_qr_table", table=n),
                                  partial(app.go, addresses.pairs_table_qr(record.id, n)))
                            for n in numbers], wrap=True, spacing=0))
    # What every save changes, drawn again alone when another phone saves (decision 361).
    live = ft.Column(_live(app, record), spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    app.state(DirectorView).shown = (record.id, live)
    app.state(DirectorView).revision = record.revision
    controls.append(live)
    controls.append(w.heading(t("pairs.app_travellers")))
    boards = plan.in_play  # boards never in play have no traveller (decision 471)
    controls.append(ft.Row([w.tap(str(b), t("pairs.app_traveller_n", n=b),
                                  partial(app.go, addresses.pairs_board(record.id, b)),
                                  min_width=56) for b in boards], wrap=True, spacing=0))
    controls.append(w.heading(t("pairs.app_cards")))
    controls.append(ft.Row([w.tap(t.render(plan.pair_label(p)),
                                  t("pairs.app_card_n", pair=t.render(pair_name(settings, plan,
                                                                               p))),
                                  partial(app.go, addresses.pairs_card(record.id, p)))
                            for p in plan.pair_numbers], wrap=True, spacing=0))
    controls += file_controls(app, record.id, session.name)
    return Screen(screen(addresses.pairs_session(record.id), _title(app, session), controls), "/")


def _live(app: App, record: PairsRecord) -> list[ft.Control]:
    """The rounds (each table finished, or how many boards it has entered), what is missing,
    the conflicts and the ranking as it stands."""
    t, session = app.t, record.session
    controls: list[ft.Control] = []
    controls.append(w.heading(t("pairs.app_progress")))
    for rows in rounds_status(session):
        parts = []
        for row in rows:
            size = len(row.seating.boards)
            parts.append(t("pairs.app_table_done", table=row.seating.table) if row.done
                         else t("pairs.app_table_part", table=row.seating.table,
                                n=len(row.entered), total=size))
        number = rows[0].seating.round if rows else 0
        controls.append(ft.Text(t("pairs.app_round_line", n=number, tables=" · ".join(parts)),
                                size=14))
    gaps = missing(session)
    controls.append(w.note(say(t, "pairs.app_missing", n=len(gaps))))
    if session.conflicts:
        controls.append(w.heading(t("pairs.app_conflicts", n=len(session.conflicts))))
    for conflict in session.conflicts:
        board, table = conflict[0].result.key
        lines: list[ft.Control] = [ft.Text(t("pairs.app_conflict", board=board, table=table),
                                           weight=ft.FontWeight.BOLD)]
        for entry in conflict:
            text = _result_text(app, entry.result)
            label = t(KEEP.get(entry.came, "pairs.app_keep"), result=text,
                      table=table)  # where it came from, when a merge said (decision 491)
            lines.append(w.tap(label, label, partial(_resolve, app, record.id, entry.result)))
        controls.append(w.card(*lines))
    # The ranking as it stands.
    ranking = standings(session).ranking
    for index, group in enumerate(ranking):
        key = "pairs.app_ranking" if len(ranking) == 1 else \
            ("pairs.app_ranking_ns", "pairs.app_ranking_ew")[index]
        controls.append(w.heading(t(key)))
        for total in group:
            text = _total_text(app, session, total)
            controls.append(w.sheet_row(ft.Container(
                ft.Text(text, size=15), padding=4, ink=True,
                on_click=lambda e, p=total.pair: app.go(addresses.pairs_card(record.id, p))),
                t("pairs.app_open_card", text=text), button=True))
    return controls


def _movement_msg(session: PairsSession) -> Msg:
    plan = session.movement
    return Msg.of("pairs.movement_title", kind=Msg(f"pairs.kind_{plan.kind}"),
                  tables=plan.tables, rounds=plan.rounds, per_round=plan.boards_per_round,
                  boards=len(plan.in_play), pairs=len(plan.pair_numbers))


def _total_text(app: App, session: PairsSession, total: PairTotal) -> str:
    t = app.t
    name = t.render(pair_name(session.settings, session.movement, total.pair))
    place = t.render(place_msg(total))
    if total.percent is not None and total.top is not None:
        return t("pairs.app_rank_mp", place=place, pair=name, pct=decimal(total.percent),
                 mp=decimal(total.points), top=decimal(total.top))
    return t("pairs.app_rank_imps", place=place, pair=name, imps=imps_msg(total.points))


def _resolve(app: App, session_id: str, chosen: TableResult) -> None:
    at = now()
    if not director_change(app, session_id,
                           lambda s: s.resolve(chosen.board, chosen.table, chosen, at),
                           lambda _record: app.show()):
        app.show()


@_of_evening
def build_board(app: App, route: Route, evening: Evening) -> Screen:
    """A board's traveller: every table's result with both sides' points and their lines."""
    t, (record, session, plan, settings) = app.t, evening
    board = route.deal or 1
    controls: list[ft.Control] = [w.suited(t.render(board_msg(board)), 15, ft.FontWeight.BOLD)]
    if board not in plan.in_play:
        controls.append(w.note(say(t, "pairs.app_no_board", board=board), error=True))
    found = standings(session).travellers.get(board)
    rows = () if found is None else found[1]
    if found is None:
        controls.append(w.note(say(t, "pairs.app_no_results")))
    for row in rows:
        head = t("pairs.app_traveller_row", table=row.table, round=row.round,
                 ns=t.render(at_seat(settings, plan, row.ns_pair, 0)),
                 ew=t.render(at_seat(settings, plan, row.ew_pair, 1)))
        points = t("pairs.app_points", ns=decimal(row.ns), ew=decimal(row.ew))
        lines: list[ft.Control] = [ft.Text(head, weight=ft.FontWeight.BOLD),
                                   _together(_result_text(app, row.result)),
                                   ft.Text(points, size=15)]
        lines += [w.suited(t.render(line.msg), 12) for line in row.lines]
        lines += replaced_lines(app, session, board, row.table)
        lines += fix_controls(app, record.id, row.result)
        controls.append(w.card(*lines))
    controls += _waiting(app, session, board, {row.table for row in rows})
    controls += adjust_controls(app, record.id, session, board)
    return Screen(screen(addresses.pairs_board(record.id, board),
                         t("pairs.app_traveller_n", n=board), controls),
                  addresses.pairs_session(record.id))


def _waiting(app: App, session: PairsSession, board: int, scored: set[int]) -> list[ft.Control]:
    """The tables that play ``board`` with no result of it yet (or two, in conflict), in
    the order of play: the director sees on the traveller who is still to play it (decision
    473)."""
    t, plan, settings = app.t, session.movement, session.settings
    disputed = {c[0].result.key for c in session.conflicts}
    cards: list[ft.Control] = []
    for seating in sorted((s for s in plan.seatings if board in s.boards
                           and s.table not in scored), key=lambda s: (s.round, s.table)):
        head = t("pairs.app_traveller_row", table=seating.table, round=seating.round,
                 ns=t.render(at_seat(settings, plan, seating.ns, 0)),
                 ew=t.render(at_seat(settings, plan, seating.ew, 1)))
        why = ("pairs.app_in_conflict" if (board, seating.table) in disputed
               else "pairs.app_not_played_yet")
        cards.append(w.card(ft.Text(head, weight=ft.FontWeight.BOLD), w.note(say(t, why))))
    return cards


def _together(text: str) -> ft.Text:
    """A traveller's line drawn with each side kept with its score, read as written."""
    control = w.suited(unbroken(text), 15)
    control.semantics_label = text
    return control


@_of_evening
def build_card(app: App, route: Route, evening: Evening) -> Screen:
    """A pair's personal score card: its boards, opponents, scores and points."""
    t, (record, session, plan, settings) = app.t, evening
    pair = route.pair or 0
    name = t.render(pair_name(settings, plan, pair))
    title = t("pairs.app_card_n", pair=name)
    controls: list[ft.Control] = []
    result = standings(session)
    rows = result.cards.get(pair)
    if rows is None:
        controls.append(w.note(say(t, "pairs.app_no_pair", pair=pair), error=True))
        rows = ()
    for group in result.ranking:
        for total in group:
            if total.pair == pair:
                controls.append(ft.Text(_total_text(app, session, total), size=16,
                                        weight=ft.FontWeight.BOLD))
    for row in rows:
        side = t(("side.NS", "side.EW")[row.direction])
        other = t.render(pair_name(settings, plan, row.opponents))
        score = "" if row.score is None else (f"+{row.score}" if row.score > 0
                                              else str(row.score))
        text = t("pairs.app_card_row", board=row.board, round=row.round, table=row.table,
                 side=side, other=other, score=score or "-",
                 points=decimal(row.points),
                 top="-" if row.top is None else decimal(row.top))
        controls.append(w.card(w.suited(text, 14), w.suited(_result_text(app, row.result), 13)))
    if not rows:
        controls.append(w.note(say(t, "pairs.app_no_results")))
    return Screen(screen(addresses.pairs_card(record.id, pair), title, controls),
                  addresses.pairs_session(record.id))


class Drawn:
    """What the director's screens keep between redraws: the controls a redraw after
    another phone's save replaced (see :func:`changed_elsewhere`)."""

    def __init__(self) -> None:
        self.replaced: list[ft.BaseControl] = []


def _on_page(control: ft.Control) -> bool:
    try:
        return control.page is not None
    except RuntimeError:  # Flet: not added to a page (yet)
        return False


def changed_elsewhere(app: App, route: Route, game_id: str) -> None:
    """A table's phone saved a result (or another director's phone resolved a conflict): the
    view follows from the session as stored. On the director's view only its changing part
    (rounds, missing, conflicts, ranking) is drawn again: the whole view of 15 tables is a
    thousand controls, drawn and sent again at every save (decision 361).

    A tap the director made on the screen as it was drawn before may still be on its way
    from the browser: Flet drops an event whose control left the page, and that tap was lost
    (issue 32, found in the full-evening test). So the controls this redraw replaces stay
    reachable by their ids until the next such redraw: the late tap runs its handler, which
    acts on stable values (an address, a session id and a result, never a control), on the
    session as stored (decision 345)."""
    if route.game_id != game_id:
        return
    shown = app.state(DirectorView).shown
    if route.name != "pairs" or shown is None or shown[0] != game_id \
            or not _on_page(shown[1]):
        before = [c for view in app.page.views[:1] for c in view.controls]
        app.show()
        _keep_reachable(app, before)
        return
    try:
        record = app.keeper.pairs.load(game_id)
    except (StoreError, OSError, InvalidInput):
        app.show()
        return
    state = app.state(DirectorView)
    if record.revision == state.revision:  # 15 saves at once: drawn once, at the first word
        return
    before = list(shown[1].controls)
    shown[1].controls = _live(app, record)
    state.revision = record.revision
    app.page.update(shown[1])  # the part that changed, not the whole page compared
    _keep_reachable(app, before)


def _keep_reachable(app: App, before: list[ft.BaseControl]) -> None:
    """The controls in ``before`` (and below them) that a redraw replaced stay reachable by
    their ids until the next redraw, for a tap already on its way (decision 345)."""
    index = app.page.session.index
    kept = app.state(Drawn).replaced = list(_controls(before))
    for control in kept:
        if getattr(control, "on_click", None) is not None and control._i not in index:
            index[control._i] = control


def _controls(values: list[ft.BaseControl]) -> Iterator[ft.BaseControl]:
    """Every control in ``values`` and below them (a control's fields, as Flet walks them)."""
    for value in values:
        yield value
        for field in dataclasses.fields(value):
            if field.metadata.get("skip") or field.name.startswith("_"):
                continue
            item = getattr(value, field.name, None)
            if isinstance(item, ft.BaseControl):
                yield from _controls([item])
            elif isinstance(item, list):
                yield from _controls([c for c in item if isinstance(c, ft.BaseControl)])

