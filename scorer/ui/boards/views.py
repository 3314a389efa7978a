"""The contract bridge scoreboards on a phone: the rubber sheet (We / They, entries above and
below the line, a line drawn under each game won), the Chicago cycle (four deals with their
dealer and vulnerability) and the team match's board list with IMPs. Drawn from the pure
presenters of ``boards.text``; the key numbers (totals, vulnerability) carry accessible names.

``scoreboard(game, t, on_open)`` picks the board through the game's variant class (``BOARDS``),
or returns None for games that use the plain grid (a variant without a board of its own:
nothing to register). ``totals_card`` likewise (``TOTALS``). ``register_board`` adds a board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import cast

import flet as ft

from ...game import Game
from ...i18n import Translator
from ...rules.chicago import Chicago
from ...rules.rubber_bridge import RubberBridge
from ...rules.team_match import TeamMatch
from .. import widgets as w
from ..reuse import Reuse
from .text import (
    BoardRow,
    ChicagoBoard,
    ChicagoCycle,
    ChicagoRow,
    Entry,
    MatchBoard,
    RubberBoard,
    RubberSheet,
    SessionRow,
    chicago_board,
    match_board,
    rubber_board,
    vul_text,
)

__all__ = ["BOARDS", "IN_PLACE", "TOTALS", "BoardBuilder", "TotalsBuilder", "chicago_view",
           "match_totals", "match_view", "register_board", "rubber_view", "scoreboard",
           "totals_card"]

# The ``data`` of a board that changes its own controls in place (a team match's "Show all
# boards"): the scoreboard then is not reconciled with the one before (reconciled controls are
# frozen in Flet), see scorer.ui.screens.scoreboard.board_key.
IN_PLACE = "changes in place"

Opener = Callable[[int], None]
ROW = 24  # px per number on the rubber sheet
SHOWN = 2  # rubbers or cycles drawn in full, newest first (the session card lists them all)
CELL = 64  # px per side's column on the Chicago cycle
NOTE = ft.Colors.ON_SURFACE_VARIANT


def _text(value: str, size: float = 14, *, bold: bool = False, label: str | None = None,
          colour: ft.ColorValue | None = None, align: ft.TextAlign | None = None,
          lines: int | None = None) -> ft.Text:
    """A text; ``lines`` limits it (a long name ends in an ellipsis instead of pushing the
    sheet's columns apart)."""
    return ft.Text(value, size=size, weight=ft.FontWeight.BOLD if bold else None,
                   semantics_label=label, color=colour, text_align=cast(ft.TextAlign, align),
                   max_lines=lines,  # None: Flet's own default (its types say a value is needed)
                   overflow=cast(ft.TextOverflow, ft.TextOverflow.ELLIPSIS if lines else None))


def _rule(thickness: float = 1, colour: ft.ColorValue = ft.Colors.OUTLINE_VARIANT) -> ft.Control:
    return ft.Container(height=thickness, bgcolor=colour)


def _vul_badge(t: Translator) -> ft.Control:
    """A small red 'vul' mark (red for vulnerable, as on bridge boards)."""
    return ft.Container(_text(t("boards.vul_badge"), SMALLEST, bold=True,
                              colour=ft.Colors.TERTIARY),
                        border=ft.Border.all(1, ft.Colors.TERTIARY), border_radius=4,
                        padding=ft.Padding.symmetric(horizontal=4))


# --- the rubber sheet ---------------------------------------------------------------------------

def _halves(left: ft.Control, right: ft.Control, height: float) -> ft.Control:
    """Two columns (We | They) with the sheet's upright line between them."""
    return ft.Row([ft.Container(left, expand=1, alignment=ft.Alignment.CENTER, height=height),
                   ft.Container(width=2, height=height, bgcolor=ft.Colors.PRIMARY),
                   ft.Container(right, expand=1, alignment=ft.Alignment.CENTER, height=height)],
                  spacing=0)


def _entry(entry: Entry, label: str) -> ft.Control:
    note = entry.note
    cells: list[ft.Control] = [_text(str(entry.points), 16, label=label)]
    if note:
        cells.append(_text(note, SMALLEST, colour=NOTE))
    return ft.Container(ft.Row(cells, spacing=6, alignment=ft.MainAxisAlignment.CENTER,
                               vertical_alignment=ft.CrossAxisAlignment.CENTER), height=ROW)


def _numbers(entries: tuple[tuple[Entry, ...], tuple[Entry, ...]], board: RubberBoard,
             key: str, t: Translator, newest_first: bool = False) -> ft.Control:
    columns = []
    for side in (0, 1):
        shown = entries[side][::-1] if newest_first else entries[side]
        columns.append(ft.Column(
            [_entry(e, t.plain(key, side=board.sides[side], points=e.points)) for e in shown],
            spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER))
    rows = max(len(entries[0]), len(entries[1]), 1)
    return _halves(columns[0], columns[1], rows * ROW)


def _side_head(board: RubberBoard, side: int, sheet: RubberSheet, t: Translator) -> ft.Control:
    tag: list[ft.Control] = [_text(board.tags[side], 12, colour=NOTE)]
    if sheet.vulnerable is not None and sheet.vulnerable[side]:
        tag.append(_vul_badge(t))
    return ft.Column([_text(board.sides[side], 14, bold=True, align=ft.TextAlign.CENTER, lines=1),
                      ft.Row(tag, spacing=6, alignment=ft.MainAxisAlignment.CENTER)],
                     spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def _sheet_card(sheet: RubberSheet, board: RubberBoard, t: Translator) -> ft.Control:
    parts: list[ft.Control] = [w.heading(sheet.title)]
    if sheet.result:
        parts.append(_text(sheet.result, 13))
    heads = [_side_head(board, side, sheet, t) for side in (0, 1)]
    if sheet.vulnerable is not None:  # the rubber being played: who is vulnerable, by name
        heads = [ft.Semantics(label=board.vul_labels[side], container=True, content=head)
                 for side, head in enumerate(heads)]
    parts.append(_halves(heads[0], heads[1], 48))
    parts.append(_numbers(sheet.above, board, "boards.above_label", t, newest_first=True))
    parts.append(_rule(3, ft.Colors.PRIMARY))  # the line
    for game in sheet.games:
        parts.append(_numbers(game.below, board, "boards.below_label", t))
        if game.won_by is not None:  # a line drawn under each game won
            parts.append(ft.Row([ft.Container(_rule(), expand=True),
                                 _text(game.line, SMALLEST, colour=NOTE),
                                 ft.Container(_rule(), expand=True)], spacing=6))
    parts.append(_rule(2, ft.Colors.PRIMARY))
    totals = [_text(str(sheet.totals[side]), 22, bold=True, label=sheet.total_labels[side])
              for side in (0, 1)]
    parts.append(_halves(totals[0], totals[1], 36))
    return w.card(*parts, key=f"sheet/{sheet.number}")  # kept: a key of its own (decision 78)


def _session_card(sides: Sequence[str], session: Sequence[SessionRow],
                  t: Translator, reuse: Reuse) -> ft.Control:
    """Each rubber or cycle of the session: its points and the running totals after it (a
    row drawn before comes back as it was, see :class:`Reuse`)."""
    head = ft.Row([ft.Container(w.heading(t("boards.session")), expand=True),
                   *(ft.Container(_text(side, 12, bold=True, align=ft.TextAlign.RIGHT, lines=2),
                                  width=96, alignment=ft.Alignment.CENTER_RIGHT)
                     for side in sides)], spacing=4)
    lines: list[ft.Control] = [head, _rule()]
    lines += [reuse.get(("session row", row), partial(_session_row, row))
              for row in session]
    return w.card(*lines)


def _session_row(row: SessionRow) -> ft.Control:
    cells = [ft.Container(ft.Column([_text(str(row.running[side]), 18, bold=True),
                                     _text(f"+{row.points[side]}", SMALLEST, colour=NOTE)],
                                    spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END),
                          width=96, alignment=ft.Alignment.CENTER_RIGHT) for side in (0, 1)]
    return ft.Semantics(container=True, label=row.label, exclude_semantics=True,
                        content=ft.Row([ft.Container(_text(row.title, 14), expand=True),
                                        *cells], spacing=4),
                        key=f"session/{row.title}")  # kept: a key of its own (decision 78)


def rubber_view(board: RubberBoard, t: Translator, reuse: Reuse | None = None) -> ft.Control:
    """The rubber being played first (where vulnerability matters), then the last one
    finished, and the session's running totals (every rubber). A finished rubber's sheet and
    the session's rows drawn before come back from ``reuse`` (after a Save only the rubber
    being played is drawn anew)."""
    reuse = reuse or Reuse()
    controls: list[ft.Control] = []
    if board.vulnerable is not None:
        said = vul_text(board.vulnerable, t)
        controls.append(_text(said[:1].upper() + said[1:], 15, bold=True,
                              colour=ft.Colors.TERTIARY if any(board.vulnerable) else None))
    for sheet in board.sheets[::-1][:SHOWN]:
        controls.append(reuse.get(
            ("rubber sheet", sheet, board.sides, board.tags, board.vul_labels),
            partial(_sheet_card, sheet, board, t)))
    if len(board.sheets) > 1:
        controls.append(_session_card(board.sides, board.session, t, reuse))
    return ft.Column(controls, spacing=8)


# --- the Chicago cycle ------------------------------------------------------------------------

def _cell(points: int | None, vulnerable: bool, t: Translator) -> ft.Control:
    shown: list[ft.Control] = [_text("" if points is None else str(points) if points else "·",
                                     16, bold=bool(points))]
    if vulnerable:
        shown.append(_vul_badge(t))
    return ft.Container(ft.Column(shown, spacing=2,
                                  horizontal_alignment=ft.CrossAxisAlignment.END),
                        width=CELL, alignment=ft.Alignment.CENTER_RIGHT)


def _chicago_row(row: ChicagoRow, t: Translator, on_open: Opener | None) -> ft.Control:
    said: list[ft.Control] = [w.suited(row.result, size=13) if row.result
                              else _text(t("boards.to_come"), 13, colour=NOTE)]
    said.append(_text(t("boards.dealer", dealer=row.dealer), SMALLEST, colour=NOTE))
    if row.carried:
        said.append(_text(row.carried, SMALLEST, bold=True))
    points = row.points or (None, None)
    line = ft.Container(
        ft.Row([ft.Container(_text(f"{row.position}." if row.position else "–", 14, bold=True),
                             width=28),
                ft.Column(said, spacing=1, expand=True),
                *(_cell(points[side], row.vulnerable[side], t) for side in (0, 1))],
               spacing=4, vertical_alignment=ft.CrossAxisAlignment.START),
        padding=ft.Padding.symmetric(vertical=4), ink=bool(row.number and on_open),
        **(w.pressed(partial(on_open, row.number)) if row.number and on_open else {}))
    return w.sheet_row(line, row.label, button=bool(row.number and on_open))


def _party_head(parties: Sequence[str], first: str) -> ft.Control:
    return ft.Row([ft.Container(_text(first, 12), width=28), ft.Container(expand=True),
                   *(ft.Container(_text(p, 12, bold=True, align=ft.TextAlign.RIGHT, lines=2),
                                  width=CELL, alignment=ft.Alignment.CENTER_RIGHT)
                     for p in parties)], spacing=4)


def _cycle_card(cycle: ChicagoCycle, board: ChicagoBoard, t: Translator,
                on_open: Opener | None) -> ft.Control:
    lines: list[ft.Control] = [w.heading(cycle.title), _party_head(board.sides, "#"), _rule()]
    for row in cycle.rows:
        lines += [_chicago_row(row, t, on_open), _rule()]
    sums = [("boards.cycle_points", cycle.points, None),
            ("boards.session", cycle.running, cycle.labels)]
    for key, pair, labels in sums:
        lines.append(ft.Row([ft.Container(_text(t(key), 13), expand=True),
                             *(ft.Container(_text(str(pair[side]), 16 if labels else 14,
                                                  bold=labels is not None,
                                                  label=labels[side] if labels else None),
                                            width=CELL, alignment=ft.Alignment.CENTER_RIGHT)
                               for side in (0, 1))], spacing=4))
    return w.card(*lines)


def chicago_view(board: ChicagoBoard, t: Translator, on_open: Opener | None = None,
                 reuse: Reuse | None = None) -> ft.Control:
    """The next deal (dealer, vulnerability, part scores carried), then the cycle being
    played and the one before, and the session's running totals (every cycle; rows drawn
    before come back from ``reuse``)."""
    controls: list[ft.Control] = []
    if board.next_deal:
        said: list[ft.Control] = [_text(board.next_deal, 14, bold=True)]
        if board.carried:
            said.append(_text(board.carried, 13))
        controls.append(w.card(*said))
    controls += [_cycle_card(c, board, t, on_open) for c in board.cycles[::-1][:SHOWN]]
    if len(board.cycles) > 1:
        controls.append(_session_card(board.sides, board.session, t, reuse or Reuse()))
    return ft.Column(controls, spacing=8)


# --- the team match ---------------------------------------------------------------------------

BOARD_W, DIFF_W, IMP_W = 44, 48, 38
SMALLEST = w.SMALLEST
BOARDS_SHOWN = 16  # the last boards of a long match; the rest on request


def _board_row(row: BoardRow, on_open: Opener | None) -> ft.Control:
    tables = [ft.Container(ft.Column([w.suited(table.text, size=12),
                                      _text(str(table.ns), 12, colour=NOTE)], spacing=0),
                           expand=1) for table in row.tables]
    vul_colour = ft.Colors.TERTIARY if any(row.vulnerable) else NOTE
    cells: list[ft.Control] = [
        ft.Container(ft.Column([_text(str(row.board), 14, bold=True),
                                _text(row.dealer, SMALLEST, colour=NOTE),
                                _text(row.vul, SMALLEST, colour=vul_colour)], spacing=0),
                     width=BOARD_W),
        *tables,
        ft.Container(_text(f"+{row.diff}" if row.diff > 0 else str(row.diff), 12),
                     width=DIFF_W, alignment=ft.Alignment.CENTER_RIGHT),
        *(ft.Container(_text(str(imps) if imps else "", 15, bold=True), width=IMP_W,
                       alignment=ft.Alignment.CENTER_RIGHT) for imps in row.imps)]
    line = ft.Container(ft.Row(cells, spacing=4, vertical_alignment=ft.CrossAxisAlignment.START),
                        padding=ft.Padding.symmetric(vertical=4), ink=on_open is not None,
                        **(w.pressed(partial(on_open, row.number)) if on_open else {}))
    return w.sheet_row(line, row.label, button=on_open is not None)


def match_totals(board: MatchBoard, t: Translator) -> list[ft.Control]:
    """The match's totals as a director writes them: the IMPs won by each team (the sum of
    the boards' IMPs each gained), then the margin in words ('Lions lead by 33 IMPs'). The
    scoreboard's top card (decision 147)."""
    totals = ft.Row([ft.Column([_text(team, 14, bold=True),
                                _text(str(board.imps[side]), 26, bold=True,
                                      label=board.labels[side]),
                                _text(t("boards.imps_won"), SMALLEST, colour=NOTE)],
                               spacing=0, expand=1,
                               horizontal_alignment=ft.CrossAxisAlignment.CENTER)
                     for side, team in enumerate(board.teams)])
    return [totals, _text(board.result, 14, align=ft.TextAlign.CENTER)]


def match_view(board: MatchBoard, t: Translator, on_open: Opener | None = None) -> ft.Control:
    """The next board and the board list, each board's IMPs under the team that won them;
    the totals are the scoreboard's top card (:func:`match_totals`)."""
    header = ft.Row([ft.Container(_text(t("boards.board_short"), SMALLEST), width=BOARD_W),
                     *(ft.Container(_text(t("boards.table", table=n), SMALLEST), expand=1)
                       for n in (1, 2)),
                     ft.Container(_text(t("boards.diff"), SMALLEST), width=DIFF_W,
                                  alignment=ft.Alignment.CENTER_RIGHT),
                     *(ft.Container(_text(team, SMALLEST, bold=True, align=ft.TextAlign.RIGHT,
                                          lines=1),
                                    width=IMP_W, alignment=ft.Alignment.CENTER_RIGHT)
                       for team in board.teams)], spacing=4)
    def rows(shown: Sequence[BoardRow]) -> list[ft.Control]:
        return [line for row in shown for line in (_board_row(row, on_open), _rule())]

    body = ft.Column(rows(board.rows[-BOARDS_SHOWN:]), spacing=0)
    lines: list[ft.Control] = [header, _rule(), body]
    if board.next_board:
        lines.insert(0, _text(board.next_board, 13))
    if len(board.rows) > BOARDS_SHOWN:  # a long match: the last boards, the rest on request
        def show_all() -> None:
            body.controls = rows(board.rows)
            more.visible = False
            body.update()
            more.update()

        more = w.tap(t("boards.show_all_boards", n=len(board.rows)),
                     t("boards.show_all_boards", n=len(board.rows)), show_all)
        lines.insert(len(lines) - 1, more)  # above the boards
    lines.append(ft.Row([ft.Container(_text(t("boards.total"), 13), expand=True),
                         *(ft.Container(_text(str(n), 16, bold=True), width=IMP_W,
                                        alignment=ft.Alignment.CENTER_RIGHT)
                           for n in board.imps)], spacing=4))
    return ft.Column([w.card(*lines)], spacing=8, data=IN_PLACE)


# --- found through the variant ----------------------------------------------------------------

def _rubber(game: Game, t: Translator, on_open: Opener | None, reuse: Reuse) -> ft.Control:
    return rubber_view(rubber_board(game, t, t.plain), t, reuse)


def _chicago(game: Game, t: Translator, on_open: Opener | None, reuse: Reuse) -> ft.Control:
    return chicago_view(chicago_board(game, t, t.plain), t, on_open, reuse)


def _match(game: Game, t: Translator, on_open: Opener | None, reuse: Reuse) -> ft.Control:
    return match_view(match_board(game, t, t.plain), t, on_open)


# A board: the game, the player's language, what opens a deal (None: nothing), the controls
# kept from the page's last drawing of the game.
BoardBuilder = Callable[[Game, Translator, Opener | None, Reuse], ft.Control]
TotalsBuilder = Callable[[Game, Translator], ft.Control]  # a board's own top card


def _match_card(game: Game, t: Translator) -> ft.Control:
    return w.card(*match_totals(match_board(game, t, t.plain), t))


# Keyed by the variant's class; a class not here gets the plain grid and the plain totals.
BOARDS: dict[type, BoardBuilder] = {RubberBridge: _rubber, Chicago: _chicago, TeamMatch: _match}
TOTALS: dict[type, TotalsBuilder] = {TeamMatch: _match_card}


def register_board(variant_class: type, build: BoardBuilder,
                   totals: TotalsBuilder | None = None) -> None:
    """Draw the scoreboard of every game of ``variant_class`` with ``build`` (and its top card
    with ``totals``, where its board keeps its own totals) instead of the plain grid. A variant
    without a board of its own registers nothing. A class that has a board already is refused
    (ValueError); a test's toy board is gone again when ``BOARDS``/``TOTALS`` are put back."""
    if variant_class in BOARDS:
        raise ValueError(f"{variant_class.__name__} has a board already")
    BOARDS[variant_class] = build
    if totals is not None:
        TOTALS[variant_class] = totals


def totals_card(game: Game, t: Translator) -> ft.Control | None:
    """The top card of a game whose board keeps its own totals (a team match: the IMPs won
    by each team and the margin); None: the game's totals, as every game shows them."""
    build = TOTALS.get(type(game.variant))
    return None if build is None else build(game, t)


def scoreboard(game: Game, t: Translator, on_open: Opener | None = None,
               reuse: Reuse | None = None) -> ft.Control | None:
    """The board this game's variant keeps (None: the plain grid does); ``reuse``: the
    page's controls kept from its last drawing of this game (:mod:`scorer.ui.reuse`)."""
    build = BOARDS.get(type(game.variant))
    return None if build is None else build(game, t, on_open, reuse or Reuse())
