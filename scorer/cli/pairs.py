"""The pairs referee on the command line: `scorer check matchpoints | cross-imps | butler
--scores ...` scores one board from its N-S scores, `scorer movement mitchell | howell
--tables N` prints a movement with its table cards; text or JSON (--json), in the language of
--lang. Only reading options and printing: the scoring is ``scorer.rules.pairs``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..i18n import Translator
from ..rules import InvalidInput, Msg
from ..rules.pairs.movement import KINDS, MITCHELL, Movement, make_movement, table_cards
from ..rules.pairs.scoring import (
    Adjusted,
    BoardScore,
    butler,
    cross_imps,
    decimal,
    imps_msg,
    matchpoints,
    percent,
)
from ..rules.values import Line, ascii_digits, whole_number

__all__ = ["PAIRS_CHECKS", "check", "movement_command"]

# Each way of scoring a board and the options of `scorer check` it reads.
PAIRS_CHECKS: dict[str, tuple[str, ...]] = {
    "matchpoints": ("scores", "scale", "expected"),
    "cross-imps": ("scores",),
    "butler": ("scores",),
}


def _scores(text: str | None) -> list[int | Adjusted]:
    """'420,420,400,-50' (N-S scores) with adjusted scores written A+/A- among them."""
    if text is None:
        raise InvalidInput("scores", None, "(give --scores, the N-S scores, e.g. 420,400,-50)",
                           Msg.of("pairs.error_no_scores"))
    scores: list[int | Adjusted] = []
    for index, item in enumerate(ascii_digits(text).split(","), start=1):
        number = whole_number(item)
        if number is not None:
            scores.append(number)
            continue
        try:
            scores.append(Adjusted.parse(item))
        except InvalidInput:
            raise InvalidInput(f"score {index}", item.strip(), "is not a score (e.g. 420 or "
                               "-50) or an adjusted score (A+/A-, A/A, A-/A+)",
                               Msg.of("pairs.error_item", index=index,
                                      value=item.strip())) from None
    return scores


def _board(args: argparse.Namespace) -> BoardScore:
    scores = _scores(args.scores)
    if args.game == "matchpoints":
        expected = None
        if args.expected is not None:
            number = whole_number(args.expected)
            if number is None or not len(scores) <= number <= 999:
                raise InvalidInput("--expected", args.expected, f"is not a whole number "
                                   f"between {len(scores)} (the results given) and 999",
                                   Msg.of("error.range", field="--expected",
                                          value=args.expected, low=len(scores), high=999))
            expected = number
        return matchpoints(scores, (args.scale or "wbf").strip().lower(), expected)
    return cross_imps(scores) if args.game == "cross-imps" else butler(scores)


def _number(value: Fraction) -> int | float:
    """A figure in JSON: exact when whole or a half, else to two decimals (as printed)."""
    return value.numerator if value.denominator == 1 else float(decimal(value))


def check(args: argparse.Namespace) -> int:
    """`scorer check matchpoints | cross-imps | butler`: every result's lines and figures."""
    board = _board(args)
    t = Translator(args.lang)
    return _emit(args.json, lambda: _board_json(board, t), lambda: _board_text(board, t))


def _emit(as_json: bool, data: Callable[[], dict[str, Any]],
          text: Callable[[], list[str]]) -> int:
    """Print the JSON (--json) or the lines of text."""
    print(json.dumps(data(), ensure_ascii=False) if as_json else "\n".join(text()))
    return 0


def _result_head(index: int, ns_score: int | None, board: BoardScore) -> Msg:
    if ns_score is None:
        return Msg.of("pairs.result_adjusted", index=index)
    return Msg.of("pairs.result", index=index, score=ns_score)


def _outcome(board: BoardScore, ns: Fraction, ew: Fraction) -> Msg:
    if board.top is None:
        return Msg.of("pairs.outcome_imps", ns=imps_msg(ns), ew=imps_msg(ew))
    return Msg.of("pairs.outcome_mp", ns=decimal(ns), ew=decimal(ew), top=decimal(board.top),
                  ns_pct=decimal(percent(ns, board.top)), ew_pct=decimal(percent(ew, board.top)))


def _board_text(board: BoardScore, t: Translator) -> list[str]:
    text = [t.line(line) for line in board.lines]
    for index, result in enumerate(board.results, start=1):
        text.append(t.sentence(_result_head(index, result.ns_score, board)))
        text += ["  " + t.line(line) for line in result.lines]
        text.append("  " + t.render(_outcome(board, result.ns, result.ew)))
    return text


def _board_json(board: BoardScore, t: Translator) -> dict[str, Any]:
    data: dict[str, Any] = {"method": board.method}
    if board.top is not None:
        data["top"] = _number(board.top)
    if board.datum is not None:
        data["datum"] = board.datum
        data["lines"] = [_line(t, line) for line in board.lines]
    results = []
    for result in board.results:
        item: dict[str, Any] = {"ns_score": result.ns_score, "ns": _number(result.ns),
                                "ew": _number(result.ew)}
        if board.top is not None:
            item["ns_percent"] = _number(percent(result.ns, board.top))
            item["ew_percent"] = _number(percent(result.ew, board.top))
        item["lines"] = [_line(t, line) for line in result.lines]
        results.append(item)
    data["results"] = results
    return data


def _line(t: Translator, line: Line) -> dict[str, str]:
    """A line as text only: the figures beside it carry the numbers (a matchpoint line's
    fraction is not a whole number of points)."""
    return {"text": t.line(line)}


# --- scorer movement ---------------------------------------------------------------------


def add_movement_parser(sub: Any, languages: list[str]) -> None:
    """The `scorer movement` subcommand's options."""
    movement = sub.add_parser("movement", help="print a pairs movement (mitchell or howell) "
                              "with where pairs and boards go next")
    movement.add_argument("kind", help="mitchell (3-15 tables) or howell (2-8 tables)")
    movement.add_argument("--tables", required=True, help="number of tables")
    movement.add_argument("--boards-per-round", default="2", help="boards per round (1-12; "
                          "default 2)")
    movement.add_argument("--rounds", help="rounds to play (default: the full movement)")
    movement.add_argument("--pairs", help="number of pairs (2 x tables, or one fewer: a pair "
                          "sits out each round)")
    movement.add_argument("--json", action="store_true", help="print JSON")
    movement.add_argument("--lang", default=argparse.SUPPRESS, choices=languages,
                          help="language of the output")


def movement_command(args: argparse.Namespace) -> int:
    kind = ascii_digits(args.kind).strip().lower()
    if kind not in KINDS:
        raise InvalidInput("movement", args.kind, "is not mitchell or howell",
                           Msg.of("pairs.error_kind", value=args.kind))
    plan = make_movement(kind, _opt(args.tables), _opt(args.boards_per_round),
                         _opt(args.rounds), _opt(args.pairs))
    t = Translator(args.lang)
    return _emit(args.json, lambda: _movement_json(plan), lambda: _movement_text(plan, t))


def _opt(value: str | None) -> str | None:
    return None if value is None else ascii_digits(value)


def _seat(plan: Movement, where: tuple[int, int] | None) -> Msg:
    if where is None:
        return Msg("pairs.next_none")
    return Msg.of("pairs.next_table", table=where[0], side=Msg(("side.NS", "side.EW")[where[1]]))


def _at(plan: Movement, pair: int, side: int) -> Msg:
    """A pair at its seat: 'N-S 3' in a Mitchell, 'pair 3 (E-W)' in a Howell."""
    if plan.kind == MITCHELL:
        return plan.pair_label(pair)
    return Msg.of("pairs.pair_seat", n=pair, side=Msg(("side.NS", "side.EW")[side]))


def _movement_text(plan: Movement, t: Translator) -> list[str]:
    text = [t.sentence(Msg.of("pairs.movement_title", kind=Msg(f"pairs.kind_{plan.kind}"),
                              tables=plan.tables, rounds=plan.rounds,
                              per_round=plan.boards_per_round, boards=len(plan.in_play),
                              pairs=len(plan.pair_numbers)))]
    cards = table_cards(plan)
    for number in range(1, plan.rounds + 1):
        text.append("")
        text.append(t.sentence(Msg.of("pairs.round", n=number)))
        idle = plan.sits_out(number)
        if idle is not None:
            text.append("  " + t.sentence(Msg.of("pairs.sits_out",
                                                 pair=plan.pair_label(idle))))
        for card in (c for c in cards if c.seating.round == number):
            seating = card.seating
            text.append("  " + t.sentence(Msg.of(
                "pairs.table_line", table=seating.table, ns=_at(plan, seating.ns, 0),
                ew=_at(plan, seating.ew, 1), first=seating.boards[0],
                last=seating.boards[-1])))
            if seating.shared_with:
                text.append("    " + t.render(Msg.of(
                    "pairs.shared", tables=", ".join(map(str, seating.shared_with)))))
            if number < plan.rounds:
                boards = (Msg("pairs.next_done") if card.boards_done
                          else Msg("pairs.next_rest") if card.boards_next is None
                          else Msg.of("pairs.next_boards", table=card.boards_next))
                text.append("    " + t.render(Msg.of(
                    "pairs.next", ns=_seat(plan, card.ns_next), ew=_seat(plan, card.ew_next),
                    boards=boards)))
    return text


def _movement_json(plan: Movement) -> dict[str, Any]:
    def seat(where: tuple[int, int] | None) -> dict[str, Any] | None:
        return None if where is None else {"table": where[0], "seat": ("N-S", "E-W")[where[1]]}

    rounds = []
    cards = table_cards(plan)
    for number in range(1, plan.rounds + 1):
        tables = [{"table": c.seating.table, "ns": c.seating.ns, "ew": c.seating.ew,
                   "boards": list(c.seating.boards), "shared_with": list(c.seating.shared_with),
                   "ns_next": seat(c.ns_next), "ew_next": seat(c.ew_next),
                   "boards_next": c.boards_next, "boards_done": c.boards_done}
                  for c in cards if c.seating.round == number]
        rounds.append({"round": number, "sits_out": plan.sits_out(number), "tables": tables})
    return {**plan.to_dict(), "boards": len(plan.in_play), "missing_pair": plan.missing,
            "schedule": rounds}
