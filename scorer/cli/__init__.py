"""The command line: run or serve the app, referee a hand, list/export/import stored games,
print a game's link. This module holds the parser and the dispatch; `scorer check` is in
``check``, the commands on stored games in ``stored``, what they all print with in ``common``.

The command line only translates: it parses arguments, calls the core, and turns domain errors
into one line on stderr with exit status 2 (never a traceback).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from ..i18n import LANGUAGES, Translator
from ..rules import InvalidInput
from . import check as check_command
from . import evening, pairs, stored
from .common import EXIT_INVALID, EXIT_PARTIAL, site_url, terminal_safe

__all__ = ["EXIT_INVALID", "EXIT_PARTIAL", "UsageError", "build_parser", "main", "terminal_safe"]


class UsageError(Exception):
    """Bad command-line words (not a domain error): one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="scorer", description="Score keeper for bridge-family card games.")
    parser.add_argument("--lang", default="en", choices=sorted(LANGUAGES),
                        help=f"language of the output: {', '.join(LANGUAGES)}")
    parser.add_argument("--data-dir", help="folder of stored games (default: SCORER_DATA_DIR, "
                        "FLET_APP_STORAGE_DATA, else the user's data folder)")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    check = sub.add_parser("check", help="score a hand without recording it")
    check.add_argument("game", help="draw-bridge, minibridge, call-break; contract bridge: "
                       "duplicate, rubber or imps; pairs: matchpoints, cross-imps or butler")
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
    check.add_argument("--scores", help="matchpoints, cross-imps, butler: one board's N-S "
                       "scores, e.g. 420,420,400,-50 (A+/A- for an adjusted score)")
    check.add_argument("--scale", help="matchpoints: wbf (2 a result beaten, 1 a tie; the "
                       "default) or acbl (1 and 1/2)")
    check.add_argument("--expected", help="matchpoints: the results a board of the session "
                       "has, when this one has fewer (Neuberg's formula)")
    check.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                       help="a house rule, e.g. undertricks=on (repeatable)")
    check.add_argument("--json", action="store_true", help="print JSON")
    check.add_argument("--lang", default=argparse.SUPPRESS, choices=sorted(LANGUAGES),
                       help=f"language of the explanation: {', '.join(LANGUAGES)}")

    pairs.add_movement_parser(sub, sorted(LANGUAGES))
    evening.add_parser(sub)
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


def _serve(args: argparse.Namespace) -> int:
    """`scorer serve`: a busy data folder, a port in use or a host that cannot be bound is one
    line on stderr and exit 2."""
    from ..store import StoreError
    from ..ui.serve.flet_files import FletChanged
    from ..ui.serve.run import serve
    from ..ui.serve.table import ServeError

    try:
        site = None if args.site_url is None else site_url(args.site_url)
        serve(host=args.host, port=args.port, data_dir=args.data_dir, open_access=args.open,
              require_code=args.code, site_url=site)
    except (StoreError, ServeError, FletChanged) as error:
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
            return check_command.command(args)
        if args.command == "movement":
            return pairs.movement_command(args)
        if args.command == "pairs":
            return evening.command(args)
        if args.command in ("games", "export", "import", "link"):
            return stored.command(args)
        if args.command == "publish":
            from ..ui.site.publish import command

            return command(args.out, args.base_url)
        if args.command == "serve":
            return _serve(args)
        from ..ui.serve.run import run

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


def _environment_error(error: Exception) -> int:
    """Store errors (busy, unreadable, disk full, read-only, not a folder) and failures of
    the operating system are one line on stderr and exit 2; anything else is a bug."""
    from ..store import StoreError

    if isinstance(error, StoreError):
        print(terminal_safe(str(error)), file=sys.stderr)
        return EXIT_INVALID
    if isinstance(error, OSError):
        where = f": {error.filename}" if error.filename else ""
        print(terminal_safe(f"{error.strerror or error}{where}"), file=sys.stderr)
        return EXIT_INVALID
    raise error

