"""`scorer check`: score one hand without recording it (a variant's check options, or contract
bridge's duplicate, rubber and imps modes) and print its explained lines or JSON."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Collection, Sequence
from typing import Any

from ..i18n import Translator
from ..rules import VARIANTS, InvalidInput, variant
from ..rules.base import option_contract
from ..rules.boards import board_dealer, board_vulnerable, check_board, check_diff, imps_line
from ..rules.contract_bridge import CHECK_MODES, Honours, score_duplicate, score_rubber, vul_msg
from ..rules.seats import seat_index, seat_msg
from ..rules.values import Line, Msg, ascii_digits

__all__ = ["command"]


def command(args: argparse.Namespace) -> int:
    """`scorer check GAME ...`: the hand's lines and result, or its JSON (--json)."""
    _typed_digits(args)
    words = [""]
    result = _check(args, words)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        _print_check(result, words[0], Translator(args.lang), _points_words(args.game))
    return 0


def _rules(pairs: Sequence[str]) -> dict[str, str]:
    rules: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InvalidInput("rule", pair, "is not NAME=VALUE (e.g. undertricks=on)")
        rules[name.strip()] = value.strip()
    return rules


def _lines(t: Translator, lines: Sequence[Any]) -> list[dict[str, Any]]:
    return [{"text": t.line(line), "points": line.points} for line in lines]


_OPTIONS = ("contract", "tricks", "hcp", "dealer", "calls", "vulnerable", "board", "declarer",
            "honors", "diff")


def _typed_digits(args: argparse.Namespace) -> None:
    """Devanagari digits in the options of ``scorer check`` read as ASCII digits, once for all
    (they hold numbers inside notation too: 4HX, declarer:100, min_call=1; decision 110)."""
    for option in _OPTIONS:
        if getattr(args, option) is not None:
            setattr(args, option, ascii_digits(getattr(args, option)))
    args.rule = [ascii_digits(pair) for pair in args.rule]


def _check_unused(name: str, used: Collection[str], args: argparse.Namespace) -> None:
    for option in _OPTIONS:
        if getattr(args, option) is not None and option not in used:
            raise InvalidInput(f"--{option}", getattr(args, option), f"is not used by {name}")


def _yes_no(field: str, value: str | None) -> bool:
    text = (value or "").strip().lower()
    if text not in ("yes", "no"):
        raise InvalidInput(field, value, "is not yes or no")
    return text == "yes"


def _vulnerable(args: argparse.Namespace) -> tuple[bool, list[Line]]:
    """Declarer's side's vulnerability: --vulnerable, or --board with --declarer (Law 2)."""
    if args.board is None and args.declarer is None:
        if args.vulnerable is None:
            raise InvalidInput("vulnerable", None, "(give --vulnerable yes|no, or --board N "
                               "--declarer N|E|S|W)")
        return _yes_no("vulnerable", args.vulnerable), []
    if args.vulnerable is not None:
        raise InvalidInput("--vulnerable", args.vulnerable,
                           "is not allowed with --board (the board sets the vulnerability)")
    if args.board is None:
        raise InvalidInput("board", None, "(--declarer needs --board N, 1 to 999)")
    if args.declarer is None:
        raise InvalidInput("declarer", None, "(--board needs --declarer N, E, S or W)")
    board = check_board(args.board)
    seat = seat_index(args.declarer, "declarer")
    vul = board_vulnerable(board)[seat % 2]
    line = Line(Msg.of("cb.board", board=board, dealer=seat_msg(board_dealer(board)),
                       declarer=seat_msg(seat), vul=vul_msg(vul)), 0)
    return vul, [line]


def _check_contract_bridge(args: argparse.Namespace, result_words: list[str]) -> dict[str, Any]:
    """scorer check duplicate | rubber | imps."""
    t = Translator(args.lang)
    _check_unused(args.game, CHECK_MODES[args.game], args)
    if args.rule:
        raise InvalidInput("--rule", args.rule[0], f"is not used by {args.game}")
    if args.game == "imps":
        if args.diff is None:
            raise InvalidInput("diff", None, "(give --diff, the difference in points, e.g. 470)")
        line = imps_line(check_diff(args.diff))
        result_words[0] = t.line(line)
        return {"imps": line.points}
    contract, tricks = option_contract(vars(args), "4HX or 3NT")
    if args.game == "duplicate":
        vulnerable, board_lines = _vulnerable(args)
        scored = score_duplicate(contract, tricks, vulnerable)
        result: dict[str, Any] = scored.to_dict()
        result["lines"] = _lines(t, [*board_lines, *scored.lines])
        result_words[0] = t.render(scored.result)
        return result
    if args.vulnerable is None:
        raise InvalidInput("vulnerable", None, "(give --vulnerable yes|no)")
    honours = None if args.honors is None else Honours.parse(args.honors)
    rubber = score_rubber(contract, tricks, _yes_no("vulnerable", args.vulnerable), honours)
    result = rubber.to_dict()
    result["lines"] = _lines(t, [*rubber.lines, *rubber.alone])
    result_words[0] = t.render(rubber.result)
    return result


def _check(args: argparse.Namespace, result_words: list[str]) -> dict[str, Any]:
    """Score one hand without recording it; returns the JSON shape of the result and puts
    the table's words for a contract's result ('made +1', 'down 2') in ``result_words``."""
    if args.game in CHECK_MODES:
        return _check_contract_bridge(args, result_words)
    t = Translator(args.lang)
    checkable = [v.name for v in VARIANTS.values() if v.check_options]
    try:
        game = variant(args.game)
    except InvalidInput:
        game = None
    if game is None or not game.check_options:  # or a whole-game variant (rubber bridge ...)
        raise InvalidInput("game", args.game,
                           f"is not one of {', '.join([*checkable, *CHECK_MODES])}")
    rules = game.parse_rules(_rules(args.rule))
    _check_unused(game.name, game.check_options, args)
    hand = game.check_hand({option: getattr(args, option) for option in game.check_options},
                           rules)
    result: dict[str, Any] = {}
    if hand.first is not None:
        result["hcp"] = {**hand.first.figures, "lines": _lines(t, hand.first.lines)}
    result.update(hand.figures)
    if hand.lines:
        result["lines"] = _lines(t, hand.lines)
    if hand.result is not None:
        result_words[0] = t.render(hand.result)
    return result


def _print_check(result: dict[str, Any], words: str, t: Translator,
                 points_words: Callable[[int], str] = str) -> None:
    hcp = result.get("hcp")
    if hcp:
        for line in hcp["lines"]:
            print(line["text"])
        if "lines" in result:
            print()
    for line in result.get("lines", []):
        print(line["text"])
    if "imps" in result:
        print(words)
    elif "declarer_below" in result:
        print(t("cli.result_rubber", result=words, total=result["declarer"],
                below=result["declarer_below"],
                above=result["declarer_above"], defenders=result["defenders_above"]))
    elif "points" in result:
        print(t("cli.result_points", points=", ".join(map(points_words, result["points"]))))
    elif "made" in result:
        print(t("cli.result_contract", result=words, declarer=result["declarer"],
                defenders=result["defenders"]))


def _points_words(game: str) -> Callable[[int], str]:
    """How the checked game says a number of points (Call Break: '42 (4.2)')."""
    try:
        return variant(game).points_words
    except InvalidInput:
        return str
