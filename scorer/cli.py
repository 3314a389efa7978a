"""The command line: run or serve the app, referee a hand, list/export/import stored games.

This module only translates: it parses arguments, calls the core, and turns domain errors into
one line on stderr with exit status 2 (never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .i18n import LANGUAGES, Translator
from .rules import Contract, InvalidInput, variant
from .rules.call_break import as_decimal, score_calls
from .rules.draw_bridge import score_contract as score_draw_bridge
from .rules.minibridge import declarer_from_hcp, seat_index
from .rules.minibridge import score_contract as score_minibridge

__all__ = ["main"]

EXIT_INVALID = 2


class UsageError(Exception):
    """Bad command-line words (not a domain error): one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _ints(field: str, text: str) -> list[int]:
    parts = [p.strip() for p in text.split(",")]
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise InvalidInput(field, text, "is not a comma-separated list of whole numbers") from None


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


def _check(args: argparse.Namespace, result_words: list[str]) -> dict[str, Any]:
    """Score one hand without recording it; returns the JSON shape of the result and puts
    the table's words for a contract's result ('made +1', 'down 2') in ``result_words``."""
    t = Translator(args.lang)
    game = variant(args.game)
    rules = game.parse_rules(_rules(args.rule))
    used = {"draw-bridge": {"contract", "tricks"},
            "minibridge": {"contract", "tricks", "hcp", "dealer"},
            "call-break": {"calls", "tricks"}}[game.name]
    for option in ("contract", "tricks", "hcp", "dealer", "calls"):
        if getattr(args, option) is not None and option not in used:
            raise InvalidInput(f"--{option}", getattr(args, option),
                               f"is not used by {game.name}")
    if game.name == "call-break":
        if args.calls is None or args.tricks is None:
            raise InvalidInput("calls", None, "(call-break needs --calls and --tricks)")
        names = [t("ui.player_n", n=i + 1) for i in range(4)]
        score = score_calls(_ints("calls", args.calls), _ints("tricks", args.tricks), rules,
                            names)
        return {"points": list(score.points), "lines": _lines(t, score.lines)}
    result: dict[str, Any] = {}
    if game.name == "minibridge" and args.hcp is not None:
        if args.dealer is None:
            raise InvalidInput("dealer", None, "(--hcp needs --dealer N, E, S or W)")
        found = declarer_from_hcp(_ints("hcp", args.hcp), seat_index(args.dealer, "dealer"))
        result["hcp"] = {**found.to_dict(), "lines": _lines(t, found.lines)}
    elif args.dealer is not None:
        raise InvalidInput("--dealer", args.dealer, "is only used with --hcp")
    if args.contract is not None or args.tricks is not None or "hcp" not in result:
        if args.contract is None:
            raise InvalidInput("contract", None, "(give --contract, e.g. 4H or 3NT)")
        if args.tricks is None:
            raise InvalidInput("tricks", None, "(give --tricks, 0 to 13)")
        contract = Contract.parse(args.contract)
        tricks = _ints("tricks", args.tricks)
        if len(tricks) != 1:
            raise InvalidInput("tricks", args.tricks, "is not one number between 0 and 13")
        if game.name == "draw-bridge":
            scored = score_draw_bridge(contract, tricks[0], rules)
        else:
            scored = score_minibridge(contract, tricks[0])
        result.update(scored.to_dict())
        result["lines"] = _lines(t, scored.lines)
        result_words[0] = t.render(scored.result_msg)
    return result


def _print_check(result: dict[str, Any], words: str, t: Translator) -> None:
    hcp = result.get("hcp")
    if hcp:
        for line in hcp["lines"]:
            print(line["text"])
        if "lines" in result:
            print()
    for line in result.get("lines", []):
        print(line["text"])
    if "points" in result:
        decimals = ", ".join(f"{p} ({as_decimal(p)})" for p in result["points"])
        print(t("cli.result_points", points=decimals))
    elif "made" in result:
        print(t("cli.result_contract", result=words, declarer=result["declarer"],
                defenders=result["defenders"]))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="scorer", description="Score keeper for bridge-family card games.")
    parser.add_argument("--lang", default="en", choices=sorted(LANGUAGES),
                        help="language of the output: en, es, bg or af")
    parser.add_argument("--data-dir", help="folder of stored games (default: SCORER_DATA_DIR, "
                        "FLET_APP_STORAGE_DATA, else the user's data folder)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    check = sub.add_parser("check", help="score a hand without recording it")
    check.add_argument("game", help="draw-bridge, minibridge or call-break")
    check.add_argument("--contract", help="e.g. 4HX, 3NT, 7♠XX")
    check.add_argument("--tricks", help="tricks taken by declarer (0-13); call-break: 4 counts")
    check.add_argument("--hcp", help="minibridge: the four counts N,E,S,W, e.g. 11,10,9,10")
    check.add_argument("--dealer", help="minibridge with --hcp: N, E, S or W")
    check.add_argument("--calls", help="call-break: the four calls, e.g. 4,3,2,4")
    check.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                       help="a house rule, e.g. undertricks=on (repeatable)")
    check.add_argument("--json", action="store_true", help="print JSON")
    check.add_argument("--lang", default=argparse.SUPPRESS, choices=sorted(LANGUAGES),
                       help="language of the explanation: en, es, bg or af")

    _add_app_commands(sub)
    return parser


def _add_app_commands(sub: Any) -> None:
    serve = sub.add_parser("serve", help="serve the web app to phones on this network")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; 0.0.0.0 for phones)")
    serve.add_argument("--port", type=int, default=8550)

    publish = sub.add_parser("publish", help="build the app as a static site that runs in "
                             "the phone's browser, offline (see README)")
    publish.add_argument("--out", default="scorer-site", help="folder to build into")
    publish.add_argument("--base-url", default="/", help="path the site is served under")

    sub.add_parser("games", help="list stored games")
    export = sub.add_parser("export", help="export stored games as JSON or CSV")
    which = export.add_mutually_exclusive_group(required=True)
    which.add_argument("game_id", nargs="?", help="the game to export")
    which.add_argument("--all", action="store_true", help="export every stored game")
    export.add_argument("--format", choices=("json", "csv"), default="json")
    export.add_argument("-o", "--output", help="file to write (default: standard output)")
    imp = sub.add_parser("import", help="import games from a JSON export")
    imp.add_argument("file")


def _store_command(args: argparse.Namespace) -> int:
    from .store import Store, StoreError

    try:
        with Store(args.data_dir) as store:
            for notice in store.notices:
                print(f"note: {Translator(args.lang).render(notice)}", file=sys.stderr)
            if args.command == "games":
                for s in store.list_games():
                    totals = ", ".join(f"{p} {t}" for p, t in zip(s.parties, s.totals,
                                                                strict=True))
                    print(f"{s.id}  {s.variant:<11}  {s.status:<11}  {s.deals:>3} deals  "
                          f"{totals}  ({s.updated_at})")
                return 0
            if args.command == "export":
                ids = None if args.all else [args.game_id]
                text = (store.export_json(ids) if args.format == "json"
                        else store.export_csv(ids, Translator(args.lang)))
                if args.output:
                    from pathlib import Path

                    Path(args.output).write_text(text, encoding="utf-8", newline="")
                else:
                    sys.stdout.write(text if text.endswith("\n") else text + "\n")
                return 0
            report = store.import_file(args.file)
            print(report)
            return 0
    except StoreError as error:
        print(str(error), file=sys.stderr)
        return EXIT_INVALID


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "check":
            words = [""]
            result = _check(args, words)
            if args.json:
                print(json.dumps(result, ensure_ascii=False))
            else:
                _print_check(result, words[0], Translator(args.lang))
            return 0
        if args.command in ("games", "export", "import"):
            return _store_command(args)
        if args.command == "publish":
            from .ui.publish import command

            return command(args.out, args.base_url)
        if args.command == "serve":
            from .ui.app import serve

            serve(host=args.host, port=args.port, data_dir=args.data_dir)
            return 0
        from .ui.app import run

        run(data_dir=args.data_dir)
        return 0
    except InvalidInput as error:
        lang = getattr(locals().get("args"), "lang", "en")
        print(Translator(lang).error(error) if lang != "en" else str(error), file=sys.stderr)
        return EXIT_INVALID
    except UsageError as error:
        print(str(error), file=sys.stderr)
        return EXIT_INVALID


if __name__ == "__main__":
    sys.exit(main())
