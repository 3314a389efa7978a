"""The words of a pairs evening that every view shares (the screens, the printed pages, the
CSV): a pair by its number and name, a pair at its seat, where a table's pairs and boards go
next, and a table's result with its score for both sides. Each is a ``Msg``; the views render
it in the reader's language. Pure, standard library only."""

from __future__ import annotations

from ..team_match import ns_score, result_msg
from ..values import Msg
from .movement import MITCHELL, Movement, TableCard
from .session import PairsSession, PairsSettings, TableResult

__all__ = ["at_seat", "evening_kind", "evening_title", "next_msg", "pair_name", "result_line",
           "score_msg", "signed"]


def signed(points: int) -> str:
    """A score as a scorer writes it: '+420', '-50', '0'."""
    return f"+{points}" if points > 0 else str(points) if points < 0 else "0"


def score_msg(result: TableResult) -> Msg:
    """'N-S +420 · E-W −420' (the score for both sides), or the adjusted score."""
    if result.deal is None:
        return Msg.of("pairs.app_adjusted", value=str(result.adjusted))
    ns = ns_score(result.deal, result.board)[0]
    return Msg.of("pairs.app_scores", ns=signed(ns), ew=signed(-ns))


def result_line(result: TableResult) -> Msg:
    """'4H by North, 10 tricks · N-S +420 · E-W -420', or the adjusted score alone."""
    if result.deal is None:
        return score_msg(result)
    return Msg.of("pairs.app_result", result=result_msg(result.deal), scores=score_msg(result))


def evening_kind(session: PairsSession) -> Msg:
    """'Howell, 3 tables': what the evening is."""
    settings = session.settings
    return Msg.of("pairs.app_title", kind=Msg(f"pairs.kind_{settings.movement}"),
                  tables=settings.tables)


def evening_title(session: PairsSession) -> Msg:
    """The evening's heading: its name, or what it is for one with no name (an older file;
    decision 513)."""
    return Msg.of("pairs.evening_name", name=session.name) if session.name \
        else evening_kind(session)


def pair_name(settings: PairsSettings, plan: Movement, pair: int) -> Msg:
    """'N-S 2' (Mitchell) or 'pair 2', with the pair's name where it has one."""
    label = plan.pair_label(pair)
    name = settings.names.get(pair)
    return Msg.of("pairs.app_named", pair=label, name=name) if name else label


def at_seat(settings: PairsSettings, plan: Movement, pair: int, side: int) -> Msg:
    """A pair at its seat: 'N-S 3' in a Mitchell, 'pair 3 (E-W)' in a Howell; named, 'pair 3
    (Ana & Ben, E-W)' (decision 477)."""
    if plan.kind == MITCHELL:
        return pair_name(settings, plan, pair)
    where = Msg(("side.NS", "side.EW")[side])
    name = settings.names.get(pair)
    if name:  # 'pair 2 (Ana & Ben, N-S)': the name with its number (decisions 414, 477)
        return Msg.of("pairs.pair_seat_named", n=pair, name=name, side=where)
    return Msg.of("pairs.pair_seat", n=pair, side=where)


def _seat(where: tuple[int, int] | None, here: tuple[int, int]) -> Msg:
    """Where a pair goes: 'sit out', 'stay at this table' (same table and seat, as a
    Mitchell's N-S do), or 'to table 3 E-W'."""
    if where is None:
        return Msg("pairs.next_none")
    if where == here:
        return Msg("pairs.next_stay")
    return Msg.of("pairs.next_table", table=where[0], side=Msg(("side.NS", "side.EW")[where[1]]))


def next_msg(card: TableCard, key: str = "pairs.next") -> Msg:
    """Where the pairs and boards of a table go after its round (the table card): 'next
    round: N-S ...' (``pairs.moves``: the moves alone, after a sentence that says when)."""
    boards = (Msg("pairs.next_done") if card.boards_done
              else Msg("pairs.next_rest") if card.boards_next is None
              else Msg.of("pairs.next_boards", table=card.boards_next))
    table = card.seating.table
    return Msg.of(key, ns=_seat(card.ns_next, (table, 0)), ew=_seat(card.ew_next, (table, 1)),
                  boards=boards)
