"""The command line: run or serve the app, referee a hand, list/export/import stored games,
print a game's link.

This module only translates: it parses arguments, calls the core, and turns domain errors into
one line on stderr with exit status 2 (never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Collection, Sequence
from typing import Any, NoReturn

from .i18n import LANGUAGES, Translator
from .rules import VARIANTS, InvalidInput, variant
from .rules.base import option_contract
from .rules.boards import board_dealer, board_vulnerable, check_board, check_diff, imps_line
from .rules.contract_bridge import CHECK_MODES, Honours, score_duplicate, score_rubber, vul_msg
from .rules.seats import seat_index, seat_msg
from .rules.values import Line, Msg, ascii_digits

__all__ = ["EXIT_INVALID", "EXIT_PARTIAL", "UsageError", "build_parser", "main", "terminal_safe"]

EXIT_INVALID = 2
EXIT_PARTIAL = 3  # export --all: the readable games written, the unreadable ones named


class UsageError(Exception):
    """Bad command-line words (not a domain error): one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


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
                 points_words: Any = str) -> None:
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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="scorer", description="Score keeper for bridge-family card games.")
    parser.add_argument("--lang", default="en", choices=sorted(LANGUAGES),
                        help="language of the output: en, es, bg or af")
    parser.add_argument("--data-dir", help="folder of stored games (default: SCORER_DATA_DIR, "
                        "FLET_APP_STORAGE_DATA, else the user's data folder)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    check = sub.add_parser("check", help="score a hand without recording it")
    check.add_argument("game", help="draw-bridge, minibridge, call-break; contract bridge: "
                       "duplicate, rubber or imps")
    check.add_argument("--contract", help="e.g. 4HX, 3NT, 7♠XX")
    check.add_argument("--tricks", help="tricks taken by declarer (0-13); call-break: 4 counts")
    check.add_argument("--hcp", help="minibridge: the four counts N,E,S,W, e.g. 11,10,9,10")
    check.add_argument("--dealer", help="minibridge with --hcp: N, E, S or W")
    check.add_argument("--calls", help="call-break: the four calls, e.g. 4,3,2,4")
    check.add_argument("--vulnerable", help="duplicate, rubber: is declarer's side vulnerable "
                       "(yes or no)")
    check.add_argument("--board", help="duplicate: the board number (sets the vulnerability; "
                       "with --declarer)")
    check.add_argument("--declarer", help="duplicate with --board: N, E, S or W")
    check.add_argument("--honors", help="rubber: declarer:100, declarer:150, defenders:100 or "
                       "defenders:150")
    check.add_argument("--diff", help="imps: the difference in points, e.g. 470 or -470")
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
    access = serve.add_mutually_exclusive_group()
    access.add_argument("--open", action="store_true",
                        help="serve the network without a table code (anyone on it can play)")
    access.add_argument("--code", action="store_true",
                        help="ask for the table code even on 127.0.0.1 (it always is asked "
                        "beyond this machine)")
    serve.add_argument("--site-url", help="the published site (scorer publish) that a game's "
                       "link and QR code open, e.g. https://example.org/scorer/ (default: this "
                       "server)")

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
    export.add_argument("--force", action="store_true",
                        help="replace the --output file if it exists")
    imp = sub.add_parser("import", help="import games from a JSON export, or a game from its "
                         "link (scorer link)")
    imp.add_argument("file", help="a JSON export, or a game's address (https://.../#/g/...)")
    link = sub.add_parser("link", help="print the address that carries a game to another phone "
                          "(open it, or scan it with --qr)")
    link.add_argument("game_id", help="the game (see scorer games)")
    link.add_argument("--site-url", required=True, help="the published site's address, e.g. "
                      "https://example.org/scorer/")
    link.add_argument("--qr", action="store_true", help="print a QR code of it as well")


_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def terminal_safe(text: str) -> str:
    """``text`` with control and format characters (ESC, NUL, newlines, bidi overrides,
    zero-width spaces) shown as escapes, so stored names cannot drive the terminal."""
    import unicodedata

    return "".join(c.encode("unicode_escape").decode("ascii")
                   if unicodedata.category(c) in _HIDDEN else c for c in text)


def _list_games(store: Any) -> None:
    for s in store.list_games():
        totals = ", ".join(f"{p} {t}" for p, t in zip(s.parties, s.totals, strict=True))
        print(terminal_safe(f"{s.id}  {s.variant:<11}  {s.status:<11}  {s.deals:>3} deals  "
                            f"{totals}  ({s.updated_at})"))
    for bad in store.unreadable_games():
        print(terminal_safe(f"{bad.id}  unreadable: {bad.reason}"))


def _write_export(args: argparse.Namespace, text: str, data_folder: Any) -> None:
    """Write an export to ``-o`` atomically: never over an existing file without --force,
    never inside the data folder, never half a file."""
    from pathlib import Path

    from .store import atomic_write

    given = args.output
    target = Path(given).expanduser().resolve()
    folder = Path(data_folder).expanduser().resolve()
    if target == folder or folder in target.parents:
        raise InvalidInput("--output", given, f"is inside the data folder ({folder}); "
                           "write the export somewhere else")
    if target.is_dir():
        raise InvalidInput("--output", given, "is a folder; give the name of a file")
    if target.exists() and not target.is_file():
        raise InvalidInput("--output", given, "is not a regular file (a device or a pipe); "
                           "give the name of a file")
    if target.exists() and not args.force:
        raise InvalidInput("--output", given, "already exists; use --force to replace it")
    if not target.parent.is_dir():
        raise InvalidInput("--output", given, f"cannot be written: there is no folder "
                           f"{target.parent}")
    try:
        atomic_write(target, text.encode("utf-8"))
    except OSError as error:
        raise InvalidInput("--output", given, f"could not be written "
                           f"({error.strerror or error}); nothing was written") from None


def _store_command(args: argparse.Namespace) -> int:
    from .store import Store

    t = Translator(args.lang)
    with Store(args.data_dir) as store:
        if args.command == "games":  # damaged games found, as notes (other commands: the
            for notice in store.notices:  # one line of their own failure, if any)
                print(terminal_safe(f"note: {t.render(notice)}"), file=sys.stderr)
            _list_games(store)
            return 0
        if args.command == "export":
            return _export(args, store, t)
        if args.command == "link":
            return _link(args, store)
        if _is_link(args.file):
            return _import_link(args.file, store)
        report = store.import_file(args.file)
        print(terminal_safe(str(report)))
        return 0


def _site_url(given: str) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(given.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise InvalidInput("--site-url", given, "is not an address starting with https:// "
                           "(or http://) and a host, e.g. https://example.org/scorer/")
    return given.strip()


def _link(args: argparse.Namespace, store: Any) -> int:
    """`scorer link GAME_ID --site-url URL [--qr]`: the address carrying the game."""
    from .link import link_for

    link = link_for(store.load(args.game_id), _site_url(args.site_url))
    print(link.address)
    if not link.history:
        print("note: the corrections history was left out so that the link fits",
              file=sys.stderr)
    if args.qr:
        import segno

        segno.make(link.address, error="l").terminal(compact=True)
    return 0


def _is_link(text: str) -> bool:
    """An address carrying a game (or its route), rather than a file's name."""
    from pathlib import Path

    from .link import ROUTE

    if ROUTE not in text or not ("://" in text or text.startswith(ROUTE)):
        return False
    try:
        return not Path(text).exists()
    except OSError:  # a name too long for a file
        return True


_KEPT = {
    None: "imported game {id} from the link",
    "same": "game {id} is already stored as the link has it; nothing changed",
    "link_newer": "game {id} is brought up to date from the link, which had more of it",
    "kept_newer": "game {id} as stored already has more than the link; nothing changed",
    "both_changed": "game {id} changed both here and in the link: both are kept, the link's "
                    "as the copy {copy}",
}


def _import_link(address: str, store: Any) -> int:
    """`scorer import ADDRESS`: the game a link carries, checked as an import file is."""
    from .link import read_link

    linked = read_link(address)
    kept = store.keep_linked(linked.game, linked.history)
    relation = None if kept.relation is None else kept.relation.value
    print(terminal_safe(_KEPT[relation].format(id=linked.game.id, copy=kept.game_id)))
    return 0


def _export(args: argparse.Namespace, store: Any, t: Translator) -> int:
    """`scorer export`: one game (any problem is one line, exit 2), or --all: every readable
    game is exported and each unreadable one named on stderr, exit EXIT_PARTIAL (decision
    103), so that a backup missing a game never looks complete."""
    from .sheet import to_csv

    if args.all:
        games, unreadable = store.load_readable()
    else:
        games, unreadable = [store.load(args.game_id)], []
    text = (store.export_games(games) if args.format == "json" else to_csv(games, t))
    if args.output:
        _write_export(args, text, store.folder)
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    if not unreadable:
        return 0
    exported = f"{len(games)} game" + ("" if len(games) == 1 else "s")
    print(f"exported {exported}; {len(unreadable)} could not be read and were not exported:",
          file=sys.stderr)
    for bad in unreadable:
        print(terminal_safe(f"not exported: game {bad.id}: {bad.reason}"), file=sys.stderr)
    return EXIT_PARTIAL


def _serve(args: argparse.Namespace) -> int:
    """`scorer serve`: a busy data folder, a port in use or a host that cannot be bound is one
    line on stderr and exit 2."""
    from .store import StoreError
    from .ui.app import serve
    from .ui.table import ServeError

    try:
        site = None if args.site_url is None else _site_url(args.site_url)
        serve(host=args.host, port=args.port, data_dir=args.data_dir, open_access=args.open,
              require_code=args.code, site_url=site)
    except (StoreError, ServeError) as error:
        print(f"scorer serve: {error}", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        pass
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "check":
            _typed_digits(args)
            words = [""]
            result = _check(args, words)
            if args.json:
                print(json.dumps(result, ensure_ascii=False))
            else:
                _print_check(result, words[0], Translator(args.lang), _points_words(args.game))
            return 0
        if args.command in ("games", "export", "import", "link"):
            return _store_command(args)
        if args.command == "publish":
            from .ui.publish import command

            return command(args.out, args.base_url)
        if args.command == "serve":
            return _serve(args)
        from .ui.app import run

        run(data_dir=args.data_dir)
        return 0
    except InvalidInput as error:
        lang = getattr(locals().get("args"), "lang", "en")
        print(terminal_safe(Translator(lang).error(error) if lang != "en" else str(error)),
              file=sys.stderr)
        return EXIT_INVALID
    except UsageError as error:
        print(str(error), file=sys.stderr)
        return EXIT_INVALID
    except Exception as error:  # a store or file problem is one line too; a bug is raised
        return _environment_error(error)


def _points_words(game: str) -> Any:
    """How the checked game says a number of points (Call Break: '42 (4.2)')."""
    try:
        return variant(game).points_words
    except InvalidInput:
        return str


def _environment_error(error: Exception) -> int:
    """Store errors (busy, unreadable, disk full, read-only, not a folder) and failures of
    the operating system are one line on stderr and exit 2; anything else is a bug."""
    from .store import StoreError

    if isinstance(error, StoreError):
        print(terminal_safe(str(error)), file=sys.stderr)
        return EXIT_INVALID
    if isinstance(error, OSError):
        where = f": {error.filename}" if error.filename else ""
        print(terminal_safe(f"{error.strerror or error}{where}"), file=sys.stderr)
        return EXIT_INVALID
    raise error


if __name__ == "__main__":
    sys.exit(main())
