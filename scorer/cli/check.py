"""`scorer check`: score one hand without recording it (a variant's check options, or contract
bridge's duplicate, rubber and imps modes) and print its explained lines or JSON."""

from __future__ import annotations

import argparse
import json
from collections.abc import Collection, Sequence
from typing import Any

from ..i18n import Translator
from ..rules import VARIANTS, HandCheck, InvalidInput, checks_of, variant
from ..rules.bridge_checks import CHECK_MODES
from ..rules.values import ascii_digits
from . import pairs

__all__ = ["command"]


def command(args: argparse.Namespace) -> int:
    """`scorer check GAME ...`: the hand's lines and result, or its JSON (--json)."""
    _typed_digits(args)
    if args.game in pairs.PAIRS_CHECKS:
        _check_unused(args.game, pairs.PAIRS_CHECKS[args.game], args)
        if args.rule:
            raise InvalidInput("--rule", args.rule[0], f"is not used by {args.game}")
        return pairs.check(args)
    checked = _check(args)
    t = Translator(args.lang)
    if args.json:
        print(json.dumps(_json(checked, t), ensure_ascii=False))
    else:
        print("\n".join(_text(checked, t)))
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
            "honors", "diff", "scores", "scale", "expected")


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


def _check(args: argparse.Namespace) -> HandCheck:
    """Score one hand without recording it: a variant's check, or a contract bridge mode's."""
    mode = CHECK_MODES.get(args.game)
    if mode is not None:
        _check_unused(mode.name, mode.check_options, args)
        if args.rule:
            raise InvalidInput("--rule", args.rule[0], f"is not used by {mode.name}")
        return mode.check_hand(_options(mode.check_options, args))
    checkable = [v.name for v in VARIANTS.values() if checks_of(v) is not None]
    try:
        game = variant(args.game)
    except InvalidInput:
        game = None
    checks = None if game is None else checks_of(game)
    if game is None or checks is None:  # or a whole-game variant (rubber bridge ...)
        raise InvalidInput("game", args.game,
                           f"is not one of "
                           f"{', '.join([*checkable, *CHECK_MODES, *pairs.PAIRS_CHECKS])}")
    rules = game.parse_rules(_rules(args.rule))
    _check_unused(game.name, checks.check_options, args)
    return checks.check_hand(_options(checks.check_options, args), rules)


def _options(names: Collection[str], args: argparse.Namespace) -> dict[str, str | None]:
    return {option: getattr(args, option) for option in names}


def _json(hand: HandCheck, t: Translator) -> dict[str, Any]:
    """The JSON of a checked hand: the first step's figures and lines (MiniBridge's points,
    as "hcp"), the figures, and the lines where there are any."""
    result: dict[str, Any] = {}
    if hand.first is not None:
        result["hcp"] = {**hand.first.figures, "lines": _lines(t, hand.first.lines)}
    result.update(hand.figures)
    if hand.lines:
        result["lines"] = _lines(t, hand.lines)
    return result


def _text(hand: HandCheck, t: Translator) -> list[str]:
    """What `scorer check` prints: the first step's lines, a blank line, the hand's lines and
    the closing sentence."""
    text: list[str] = []
    if hand.first is not None and hand.first.lines:
        text += [t.line(line) for line in hand.first.lines]
        if hand.lines:
            text.append("")
    text += [t.line(line) for line in hand.lines]
    if hand.summary is not None:
        text.append(t.render(hand.summary))
    return text
