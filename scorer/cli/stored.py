"""The commands on stored games: `scorer games`, `export`, `import` (a file or a game's link)
and `link`."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..i18n import Translator
from ..rules import InvalidInput
from .common import EXIT_PARTIAL, site_url, terminal_safe

__all__ = ["command"]


def _list_games(store: Any, t: Translator) -> None:
    for s in store.list_games():
        totals = ", ".join(f"{p} {t}" for p, t in zip(s.parties, s.totals, strict=True))
        print(terminal_safe(f"{s.id}  {s.variant:<11}  {s.status:<11}  {s.deals:>3} deals  "
                            f"{totals}  ({s.updated_at})"))
    for bad in store.unreadable_games():
        print(terminal_safe(f"{bad.id}  unreadable: {bad.reason}"))
    from ..rules.pairs.labels import evening_kind

    for r in store.pairs.list():  # pairs evenings (issue 32): `scorer pairs print ID`
        title = t.render(evening_kind(r.session))
        if r.session.name:  # its name first (decision 513)
            title = t("pairs.app_named_facts", title=r.session.name, facts=title)
        print(terminal_safe(f"{r.id}  {'pairs':<11}  {title}  {len(r.session.entries):>3} "
                            f"results  ({r.updated_at})"))


def write_export(args: argparse.Namespace, text: str, data_folder: Any) -> None:
    """Write an export to ``-o`` atomically: never over an existing file without --force,
    never inside the data folder, never half a file."""
    from pathlib import Path

    from ..store import atomic_write

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


# What a store found damaged and moved to quarantine/ (restored from its backup, or lost):
# said by whichever command found it, once (issue 30). Games left unreadable where they are
# are named by the command's own output instead (`games` lists them, `export` refuses them).
QUARANTINED = ("notice.restored", "notice.lost")


def command(args: argparse.Namespace) -> int:
    from ..store import Store

    t = Translator(args.lang)
    with Store(args.data_dir) as store:
        told = _Notes(store, t)
        try:
            if args.command == "games":  # every notice, unreadable games too, before the list
                told.say(every=True)
                _list_games(store, t)
                return 0
            if args.command == "export":
                return _export(args, store, t, told)
            if args.command == "link":
                return _link(args, store)
            if _is_link(args.file):
                return _import_link(args.file, store)
            report = store.import_file(args.file)
            print(terminal_safe(str(report)))
            return 0
        finally:
            told.say()


class _Notes:
    """The store's notices, each said once on stderr as 'note: ...'."""

    def __init__(self, store: Any, t: Translator) -> None:
        self.store, self.t, self.said = store, t, 0

    def say(self, every: bool = False) -> None:
        notices = self.store.notices[self.said:]
        self.said += len(notices)
        for notice in notices:
            if every or notice.key in QUARANTINED:
                print(terminal_safe(f"note: {self.t.render(notice)}"), file=sys.stderr)

    def lost(self) -> int:
        """How many games found damaged so far could not be restored (none is exported)."""
        return sum(notice.key == "notice.lost" for notice in self.store.notices)


def _link(args: argparse.Namespace, store: Any) -> int:
    """`scorer link GAME_ID --site-url URL [--qr]`: the address carrying the game."""
    from ..link import link_for

    link = link_for(store.load(args.game_id), site_url(args.site_url))
    print(link.address)
    if not link.history:
        print("note: the corrections history was left out so that the link fits",
              file=sys.stderr)
    if args.qr:
        from ..ui.qr import qr_terminal

        qr_terminal(link.address, error="l")
    return 0


def _is_link(text: str) -> bool:
    """An address carrying a game (or its route), rather than a file's name."""
    from pathlib import Path

    from ..link import ROUTE

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
    from ..link import read_link
    from ..store import Relation

    linked = read_link(address)
    kept = store.keep_linked(linked.game, linked.history)
    relation = None if kept.relation is None else kept.relation.value
    # the game it is kept as, in its own case here (issue 34 item 9): the copy an earlier keep
    # made of it (issue 30), or, where both changed, the game already stored under the link's id
    named = kept.game_id
    if kept.relation is Relation.BOTH_CHANGED:
        named = next((s.id for s in store.list_games() if s.id != kept.game_id
                      and s.id.casefold() == linked.game.id.casefold()), linked.game.id)
    print(terminal_safe(_KEPT[relation].format(id=named, copy=kept.game_id)))
    return 0


def _export(args: argparse.Namespace, store: Any, t: Translator, told: _Notes) -> int:
    """`scorer export`: one game (any problem is one line, exit 2), or --all: every readable
    game is exported and each unreadable one named on stderr, exit EXIT_PARTIAL (decision
    103), so that a backup missing a game never looks complete; a game found damaged and
    moved to quarantine without a backup to restore is such a game too (decision 203)."""
    from ..pairs_sheet import pairs_csv
    from ..sheet import to_csv

    evenings = []
    if args.all:
        games, unreadable = store.load_readable()
        evenings = store.pairs.list()
    elif args.game_id not in store and store.pairs.revision(args.game_id) is not None:
        games, unreadable = [], []  # a pairs evening (issue 32)
        evenings = [store.pairs.load(args.game_id)]
    else:
        games, unreadable = [store.load(args.game_id)], []
    if args.format == "json":
        text = store.export_games(games, evenings)
    elif evenings and not args.all:
        text = pairs_csv(evenings[0].session, t.plain)  # its ranking and travellers
    else:
        text = to_csv(games, t)
    if args.output:
        write_export(args, text, store.folder)
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    if not unreadable:
        return EXIT_PARTIAL if args.all and told.lost() else 0
    exported = f"{len(games)} game" + ("" if len(games) == 1 else "s")
    print(f"exported {exported}; {len(unreadable)} could not be read and were not exported:",
          file=sys.stderr)
    for bad in unreadable:
        print(terminal_safe(f"not exported: game {bad.id}: {bad.reason}"), file=sys.stderr)
    return EXIT_PARTIAL
