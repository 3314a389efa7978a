"""A pairs evening's printable pages (issue 32): the table cards, the movement and the results
(ranking, travellers, personal score cards) as one self-contained HTML document.

The director may have nothing but a phone: the document needs no other file and no network
(its style is inside it), opens in any browser, and prints (each table's card, the movement and
each part of the results start a new page: ``break-before: page``) from its own *Print* button
(``window.print()``; the button is not printed: ``@media print``), at once when opened at
``#print`` (the app's one tap: decision 432; the only script in it), or from the browser's
menu, and can be shared as a file. Every text from a player (a pair's
name) is escaped. Pure: no flet, no storage; the app downloads it (``pairs_files``),
``scorer pairs print`` writes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from .i18n import Translator
from .rules.pairs.labels import at_seat, evening_title, next_msg, pair_name, result_line
from .rules.pairs.movement import table_cards
from .rules.pairs.scoring import decimal
from .rules.pairs.session import Entry, PairsSession
from .rules.pairs.standings import Standings, place_msg, standings
from .rules.values import Msg

__all__ = ["PARTS", "PRINT_AT_ONCE", "pairs_html"]

PARTS = ("cards", "movement", "results")

# The address's fragment with which the page asks the browser to print it once it is loaded
# (the app opens it so: one tap to print, decision 432).
PRINT_AT_ONCE = "print"

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1em; color: #000; background: #fff; }
h1 { font-size: 1.4em; margin: 0 0 .4em; } h2 { font-size: 1.15em; margin: 1em 0 .3em; }
table { border-collapse: collapse; width: 100%; margin-bottom: .8em; }
th, td { border: 1px solid #555; padding: .25em .4em; text-align: left; vertical-align: top; }
th { background: #eee; } td.n { text-align: right; white-space: nowrap; }
section.page + section.page { break-before: page; page-break-before: always; }
tr, .keep { break-inside: avoid; page-break-inside: avoid; }
.wide { overflow-x: auto; }
@media screen { section.page { border-bottom: 2px dashed #999; padding-bottom: 1em; } }
@media screen and (max-width: 480px) {
  body { margin: .5em; font-size: 14px; } th, td { padding: .15em .25em; } }
button.print { font: inherit; font-size: 1.1em; min-height: 48px; min-width: 48px;
  padding: .4em 1.2em; margin: 0 0 .8em; cursor: pointer; }
@media print { body { margin: 0; } @page { margin: 12mm; } .noprint { display: none; } }
"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _row(cells: Iterable[object], head: bool = False, numeric: Sequence[int] = ()) -> str:
    tag = "th" if head else "td"
    out = []
    for index, cell in enumerate(cells):
        attr = ' class="n"' if index in numeric and not head else ""
        out.append(f"<{tag}{attr}>{_e(cell)}</{tag}>")
    return "<tr>" + "".join(out) + "</tr>"


def _table(head: Sequence[str], rows: Iterable[Sequence[object]],
           numeric: Sequence[int] = ()) -> str:
    body = "".join(_row(r, numeric=numeric) for r in rows)
    return (f'<div class="wide"><table><thead>{_row(head, head=True)}</thead>'
            f"<tbody>{body}</tbody></table></div>")


def _page(ident: str, title: str, *parts: str) -> str:
    return (f'<section class="page" id="{_e(ident)}"><h1>{_e(title)}</h1>'
            f'{"".join(parts)}</section>')


def _cards(session: PairsSession, t: Translator, title: str) -> list[str]:
    """One page per table: each round's pairs, boards and where everyone goes next."""
    plan, settings = session.movement, session.settings
    cards = table_cards(plan)
    head = [t("pairs.csv_round"), t("pairs.csv_ns"), t("pairs.csv_ew"),
            t("pairs.print_boards"), t("pairs.print_next")]
    pages = []
    for number in sorted({s.table for s in plan.seatings}):
        rows = []
        for card in (c for c in cards if c.seating.table == number):
            seating = card.seating
            follows = (t.sentence(next_msg(card)) if seating.round < plan.rounds
                       else t("pairs.print_last_round"))
            rows.append((seating.round, t.render(at_seat(settings, plan, seating.ns, 0)),
                         t.render(at_seat(settings, plan, seating.ew, 1)),
                         _boards(seating.boards), follows))
        pages.append(_page(f"table-{number}", f"{title} · {t('ui.table_n', n=number)}",
                           _table(head, rows, numeric=(0,))))
    return pages


def _boards(boards: Sequence[int]) -> str:
    return f"{boards[0]}-{boards[-1]}" if len(boards) > 1 else str(boards[0])


def _movement(session: PairsSession, t: Translator, title: str) -> list[str]:
    """The movement: a table per round (who sits where, which boards, who sits out)."""
    plan, settings = session.movement, session.settings
    parts = [f"<p>{_e(t.sentence(_movement_msg(session)))}</p>"]
    head = [t("pairs.csv_table"), t("pairs.csv_ns"), t("pairs.csv_ew"), t("pairs.print_boards")]
    for number in range(1, plan.rounds + 1):
        parts.append(f"<h2>{_e(t.sentence(Msg.of('pairs.round', n=number)))}</h2>")
        rows = [(s.table, t.render(at_seat(settings, plan, s.ns, 0)),
                 t.render(at_seat(settings, plan, s.ew, 1)), _boards(s.boards))
                for s in plan.round_of(number)]
        parts.append(f'<div class="keep">{_table(head, rows, numeric=(0,))}</div>')
        idle = plan.sits_out(number)
        if idle is not None:
            idle_msg = Msg.of("pairs.sits_out", pair=pair_name(settings, plan, idle))
            parts.append(f"<p>{_e(t.sentence(idle_msg))}</p>")
    return [_page("movement", title, *parts)]


def _movement_msg(session: PairsSession) -> Msg:
    plan = session.movement
    return Msg.of("pairs.movement_title", kind=Msg(f"pairs.kind_{plan.kind}"),
                  tables=plan.tables, rounds=plan.rounds, per_round=plan.boards_per_round,
                  boards=len(plan.in_play), pairs=len(plan.pair_numbers))


Rows = list[tuple[object, ...]]


def _results(session: PairsSession, t: Translator, title: str) -> list[str]:
    """The ranking, every board's traveller (corrections listed) and every pair's card."""
    scored = standings(session)
    return [_page("ranking", f"{title} · {t('pairs.app_ranking')}",
                  *_ranking(session, scored, t)),
            _page("travellers", f"{title} · {t('pairs.app_travellers')}",
                  *_travellers(session, scored, t)),
            _page("cards", f"{title} · {t('pairs.app_cards')}",
                  *_score_cards(session, scored, t))]


def _ranking(session: PairsSession, scored: Standings, t: Translator) -> list[str]:
    plan, settings = session.movement, session.settings
    head = [t("pairs.csv_place"), t("pairs.csv_pair"), t("pairs.csv_points"),
            t("pairs.csv_top"), t("pairs.csv_percent"), t("pairs.csv_boards")]
    parts = []
    for index, totals in enumerate(scored.ranking):
        key = "pairs.app_ranking" if len(scored.ranking) == 1 else \
            ("pairs.app_ranking_ns", "pairs.app_ranking_ew")[index]
        rows: Rows = [(t.render(place_msg(p)), t.render(pair_name(settings, plan, p.pair)),
                       decimal(p.points), "" if p.top is None else decimal(p.top),
                       "" if p.percent is None else f"{decimal(p.percent)}%", p.boards)
                      for p in totals]
        parts.append(f"<h2>{_e(t(key))}</h2>" + _table(head, rows, numeric=(2, 3, 4, 5)))
    return parts


def _travellers(session: PairsSession, scored: Standings, t: Translator) -> list[str]:
    plan, settings = session.movement, session.settings
    head = [t("pairs.csv_round"), t("pairs.csv_table"), t("pairs.csv_ns"), t("pairs.csv_ew"),
            t("pairs.csv_result"), t("pairs.csv_ns_points"), t("pairs.csv_ew_points")]
    replaced: dict[tuple[int, int], list[Entry]] = {}
    for entry in session.history:
        replaced.setdefault(entry.result.key, []).append(entry)
    travellers = []
    for board in sorted({b for s in plan.seatings for b in s.boards}):  # boards in play
        parts = [f"<h2>{_e(t('pairs.app_traveller_n', n=board))}</h2>"]
        found = scored.travellers.get(board)
        rows: Rows = [] if found is None else [
            (r.round, r.table, t.render(at_seat(settings, plan, r.ns_pair, 0)),
             t.render(at_seat(settings, plan, r.ew_pair, 1)), t.render(result_line(r.result)),
             decimal(r.ns), decimal(r.ew)) for r in found[1]]
        parts.append(_table(head, rows, numeric=(0, 1, 5, 6)) if rows
                     else f"<p>{_e(t.sentence(Msg('pairs.app_no_results')))}</p>")
        for (b, table), entries in sorted(replaced.items()):
            if b == board:
                parts += [f"<p>{_e(_replaced(t, table, e))}</p>" for e in entries]
        travellers.append(f'<div class="keep">{"".join(parts)}</div>')
    return travellers


def _score_cards(session: PairsSession, scored: Standings, t: Translator) -> list[str]:
    plan, settings = session.movement, session.settings
    head = [t("pairs.csv_board"), t("pairs.csv_round"), t("pairs.csv_table"),
            t("pairs.csv_group"), t("pairs.print_opponents"), t("pairs.csv_result"),
            t("pairs.print_score"), t("pairs.csv_points")]
    cards = []
    for pair in plan.pair_numbers:
        rows: Rows = [(r.board, r.round, r.table, t(("side.NS", "side.EW")[r.direction]),
                       t.render(pair_name(settings, plan, r.opponents)),
                       t.render(result_line(r.result)), "" if r.score is None else r.score,
                       decimal(r.points)) for r in scored.cards.get(pair, ())]
        name = t.render(pair_name(settings, plan, pair))
        cards.append(f'<div class="keep"><h2>{_e(t("pairs.app_card_n", pair=name))}</h2>'
                     + _table(head, rows, numeric=(0, 1, 2, 6, 7)) + "</div>")
    return cards


def _replaced(t: Translator, table: int, entry: Entry) -> str:
    """A result the director or a table replaced: kept, and printed under the traveller."""
    return t("pairs.print_replaced", table=table, at=entry.at[:16].replace("T", " "),
             result=t.render(result_line(entry.result)))


def pairs_html(session: PairsSession, t: Translator, parts: Sequence[str] = PARTS) -> str:
    """The printable pages of ``parts`` (of :data:`PARTS`, in that order) as one HTML
    document in ``t``'s language."""
    title = t.render(evening_title(session))  # its name, else "Howell, 3 tables"
    makers = {"cards": _cards, "movement": _movement, "results": _results}
    pages = [page for part in PARTS if part in parts for page in makers[part](session, t, title)]
    return (f'<!DOCTYPE html>\n<html lang="{_e(t.lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_e(title)}</title><style>{_STYLE}</style>"
            f'<script>if (location.hash === "#{PRINT_AT_ONCE}") '
            'addEventListener("load", () => print());</script></head><body>'
            f'<p class="noprint"><button type="button" class="print" onclick="window.print()">'
            f'{_e(t("pairs.print_button"))}</button></p>'
            + "\n".join(pages) + "</body></html>\n")
