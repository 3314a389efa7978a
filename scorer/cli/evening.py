"""`scorer pairs print ID`: a stored pairs evening's printable pages (issue 32) as one HTML
document (:mod:`scorer.pairs_print`), written to ``-o`` (atomically, never over a file
without --force, never inside the data folder) or to standard output. ``scorer games`` lists
the evenings' ids."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..i18n import Translator
from ..rules import InvalidInput

__all__ = ["add_parser", "command"]


def add_parser(sub: Any) -> None:
    evening = sub.add_parser("pairs", help="a stored pairs evening: print its pages")
    what = evening.add_subparsers(dest="pairs_command", required=True)
    printed = what.add_parser("print", help="the table cards, the movement and the results "
                              "as one HTML page to print (see scorer games for the ids)")
    printed.add_argument("session_id", help="the evening's id (scorer games lists it)")
    printed.add_argument("--what", default="cards,movement,results",
                         help="which pages, comma-separated: cards, movement, results "
                         "(default: all three)")
    printed.add_argument("-o", "--output", help="file to write (default: standard output)")
    printed.add_argument("--force", action="store_true",
                         help="replace the --output file if it exists")


def _parts(given: str) -> tuple[str, ...]:
    from ..pairs_print import PARTS

    parts = tuple(p.strip().casefold() for p in given.split(",") if p.strip())
    wrong = [p for p in parts if p not in PARTS]
    if wrong or not parts:
        raise InvalidInput("--what", given, "is not a list of " + ", ".join(PARTS))
    return parts


def command(args: argparse.Namespace) -> int:
    from ..pairs_print import pairs_html
    from ..store import Store
    from .stored import write_export

    parts = _parts(args.what)
    with Store(args.data_dir) as store:
        record = store.pairs.load(args.session_id)
        text = pairs_html(record.session, Translator(args.lang), parts)
        if args.output:
            write_export(args, text, store.folder)
        else:
            sys.stdout.write(text)
    return 0
