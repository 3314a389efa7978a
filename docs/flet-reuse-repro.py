"""Flet 1.0.5: what happens to control objects handed to Flet again inside a keyed Column
that Flet reconciles as "frozen" (decision 78). Pure Python, no browser:

    .venv/bin/python docs/flet-reuse-repro.py

A real flet Session is driven through a stand-in connection that serializes every message as
flet_web does (msgpack with Flet's encoder, whose side effects - the ``__prev_*`` snapshots -
matter) and applies each patch to a model of the client's tree, as the Dart client does. After
each page.update() it compares three things: the ids the client holds, the Python controls,
and the session's index (the map by id that routes a tap to its handler).

    .venv/bin/python docs/flet-reuse-repro.py                 # Flet 1.0.5 as installed
    .venv/bin/python docs/flet-reuse-repro.py --patched-flet  # with the change below

Part A is Flet alone (unkeyed rows in a keyed column); part B draws the app's own chart and
grid (scorer/ui/boards/chart.py, grid.py, reuse.py), built anew, kept as in the reverted commit
0909bbb (unkeyed lines, labels, points), and kept with a key on each (this branch).

What it shows (decision 78):

1. Kept controls take each other's ids. In a keyed column Flet reconciles as frozen (a new
   Column with the old one's key), ``DiffBuilder._compare_lists`` pairs unkeyed children by
   place ("pos", n), and ``_compare_dataclasses(frozen=True)`` then runs
   ``dst._migrate_state(src)``: the new control takes the old one's ``_i``. That is right for
   a control built anew; a kept control paired with a *different* old one takes that one's id,
   while the control that keeps its own id (it is "added", no migration) keeps it too: two
   live controls, one id. Grid lines below 12 deals (the list grows by one line at the top at
   each Save) and axis labels (when the label step changes) did this in 0909bbb; a tap sent
   for one control then runs the other's handler (part A: a tap on deal 2 opens deal 1), and
   the client and Python disagree on which id is where.
2. Children reported removed although they stay. ``get_removed_controls`` walks a removed
   control's ``__prev_*`` snapshots (set when it was last serialized non-frozen) even when the
   same id is also added (``recurse=False``), so when the first drawing of a scoreboard is
   reconciled into the hidden copy above a deal entry (ScorerApp._keep_board), every control
   on it is popped from the session's index and gets ``will_unmount()``. Built anew, they come
   back at the next drawing; kept, they never do: a tap on them is found only by
   ``Session.__resolve_event_control`` walking the page (it works, slowly). This happens on
   main too, for the hidden board, harmlessly.

The Flet change (``patch_flet`` below, two edits in flet/controls/object_patch.py):
- ``_compare_lists``: ``shared = {id(o) for o in src} & {id(o) for o in dst}`` and, in
  ``build_keys``, ``elif frozen and id(obj) in shared: keys.append(("id", id(obj)))`` before
  the positional key: a control present in both lists is paired with itself.
- ``_removed_controls``: ``if recurse and hasattr(item, "__prev_lists"):`` - a control
  reconciled into its successor does not report the children of its last serialization as
  removed; the list diff has already reported the ones that went.
"""

from __future__ import annotations

import asyncio
import logging

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session

ENC = configure_encode_object_for_msgpack(BaseControl)
REMOVE, ADD, REPLACE, MOVE = 2, 1, 0, 3


def wire(value):
    """What the client receives (and, as a side effect, what Flet's encoder records)."""
    return msgpack.unpackb(msgpack.packb(value, default=ENC), strict_map_key=False)


class Client:
    """The Dart client's tree, as dicts, patched as the client patches it."""

    pubsubhub = None

    def __init__(self) -> None:
        self.page: dict = {}

    def send_message(self, message) -> None:
        body = wire([message.action, message.body])[1]
        root = self.find(self.page, body["id"])
        table, *ops = body["patch"]
        paths = {}

        def walk(node, prefix):
            paths[node[0]] = prefix
            for part, child in (node[1] if len(node) > 1 else {}).items():
                walk(child, [*prefix, part])
        walk(table, [])

        def at(path):
            obj = root
            for part in path:
                obj = obj[part]
            return obj

        for op in ops:
            if op[0] == MOVE:
                src, dst = at(paths[op[1]]), at(paths[op[3]])
                item = src.pop(op[2])
                dst.insert(op[4], item)
                continue
            container, key = at(paths[op[1]]), op[2]
            if op[0] == REPLACE:
                container[key] = op[3]
            elif op[0] == ADD:
                if isinstance(container, list):
                    container.insert(key, op[3])
                else:
                    container[key] = op[3]
            elif op[0] == REMOVE:
                container.pop(key)

    @classmethod
    def find(cls, node, cid):
        if isinstance(node, dict):
            if node.get("_i") == cid:
                return node
            node = list(node.values())
        if isinstance(node, list):
            for item in node:
                found = cls.find(item, cid)
                if found is not None:
                    return found
        return None

    def ids(self, node=..., path=()) -> dict[tuple, int]:
        """Client control id at each path under the page."""
        node = self.page if node is ... else node
        out = {}
        if isinstance(node, dict):
            if "_c" in node:
                out[path] = node["_i"]
            for k, v in node.items():
                out.update(self.ids(v, (*path, k)))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                out.update(self.ids(v, (*path, i)))
        return out


def python_ids(control, path=()) -> dict[tuple, BaseControl]:
    """Python control at each path under the page (the fields the client is sent)."""
    import dataclasses
    out = {}
    if isinstance(control, BaseControl):
        out[path] = control
    if dataclasses.is_dataclass(control):
        for f in dataclasses.fields(control):
            if f.metadata.get("skip") or f.name.startswith("_") or f.name == "parent":
                continue
            value = getattr(control, f.name, None)
            if value is not None and value != [] and value != {}:
                out.update(python_ids(value, (*path, f.name)))
    elif isinstance(control, list):
        for i, v in enumerate(control):
            out.update(python_ids(v, (*path, i)))
    return out


def patch_flet() -> None:
    """The Flet change this file proposes (see the module's text), applied in place."""
    import inspect

    from flet.controls import object_patch as op

    def redefine(name: str, *edits: tuple[str, str]) -> None:
        # The method's own source, edited, compiled in a class of the same name (so private
        # names mangle alike) in the module's namespace.
        src = inspect.getsource(getattr(op.DiffBuilder, name))
        for old, new in edits:
            assert src.count(old) == 1, (name, old)
            src = src.replace(old, new)
        namespace: dict = {}
        exec(compile("class DiffBuilder:\n" + src, op.__file__, "exec"),
             vars(op), namespace)
        setattr(op.DiffBuilder, name, namespace["DiffBuilder"].__dict__[name])

    # 1. In a frozen keyed list, a control present in both the old and the new list is paired
    #    with itself (keyed by identity), not with whatever control held its place before.
    redefine("_compare_lists",
             ("        src_keys = build_keys(src)\n",
              "        shared = {id(o) for o in src} & {id(o) for o in dst}\n"
              "        src_keys = build_keys(src)\n"),
             ("                    elif frozen:\n",
              "                    elif frozen and id(obj) in shared:\n"
              "                        keys.append((\"id\", id(obj)))\n"
              "                    elif frozen:\n"))
    # 2. A control reconciled into its successor (its id both removed and added) does not
    #    report the children of its last serialization as removed: they were diffed one by one.
    redefine("_removed_controls", ('if hasattr(item, "__prev_lists"):',
                                   'if recurse and hasattr(item, "__prev_lists"):'))


# --- the app's shapes, small: a scoreboard of deal rows in a keyed Column ------------------
unmounted: list[str] = []
clicked: list[str] = []


class Row(ft.Container):  # a grid row; records will_unmount like any control could react to it
    def will_unmount(self):
        unmounted.append(self.tag)


def row(n: int) -> Row:
    r = Row(content=ft.Text(f"deal {n}"), on_click=lambda e, n=n: clicked.append(f"deal {n}"))
    r.tag = f"deal {n}"
    return r


def check(session: Session, client: Client, what: str, rows: dict[str, BaseControl]) -> None:
    """Print, for each row, its id, whether the client agrees, whether the index has it."""
    pyt = python_ids(session.page)
    cli = client.ids()
    print(f"\n== {what}")
    for name, ctl in rows.items():
        path = next((p for p, c in pyt.items() if c is ctl), None)
        in_index = session.index.get(ctl._i) is ctl
        agree = path is not None and cli.get(path) == ctl._i
        print(f"  {name:8} _i={ctl._i:<4} client agrees={agree!s:5} in index={in_index}")
    ids = [c._i for c in pyt.values()]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    wrong = [p for p, c in pyt.items() if cli.get(p) != c._i]
    missing = [c._i for c in pyt.values() if session.index.get(c._i) is not c]
    print(f"  live controls {len(pyt)}: ids shared by two objects {dup}, paths where the client"
          f" holds another id {len(wrong)}, not in the index {len(missing)}")


async def tap(session: Session, client: Client, ctl: BaseControl) -> None:
    """A tap as the client sends it: the id the client holds at the control's place."""
    path = next(p for p, c in python_ids(session.page).items() if c is ctl)
    await session.dispatch_event(client.ids()[path], "click", None)


async def main(reuse: bool) -> None:
    print(f"\n######## reuse={reuse}")
    unmounted.clear()
    clicked.clear()
    client = Client()
    session = Session(client)  # type: ignore[arg-type]
    client.page = wire(session.get_page_patch())  # the client registers
    page = session.page
    view = ft.View(route="/")
    page.views.append(view)
    page.update()

    # 1. Scoreboard: a keyed column (scoreboard.board_key) of two rows.
    d1, d2 = row(1), row(2)
    view.controls = [ft.Column([d2, d1], key="scoreboard/g")]
    page.update()
    check(session, client, "1. scoreboard shown", {"deal 1": d1, "deal 2": d2})

    # 2. Deal entry: the scoreboard kept hidden above it, in a NEW column with the same key
    #    around the SAME children (ScorerApp._keep_board; this is on main today).
    saved = []
    save = ft.Button("Save", on_click=lambda e: saved.append(True))
    old = view.controls[0]
    view.controls = [ft.Column(old.controls, key=old.key, visible=False), save]
    page.update()
    check(session, client, "2. deal entry, board hidden (same child objects)",
          {"deal 1": d1, "deal 2": d2, "Save": save})
    print(f"  will_unmount called on: {unmounted}")

    # 3. After the Save: a new scoreboard column, same key, deal 3 on top. With reuse the
    #    unchanged rows are the same objects (reverted commit 0909bbb); without, new ones.
    d3 = row(3)
    if not reuse:
        d1, d2 = row(1), row(2)
    view.controls = [ft.Column([d3, d2, d1], key="scoreboard/g")]
    page.update()
    check(session, client, "3. scoreboard after the Save", {"deal 1": d1, "deal 2": d2,
                                                              "deal 3": d3})
    for name, ctl in (("deal 1", d1), ("deal 2", d2), ("deal 3", d3)):
        clicked.clear()
        await tap(session, client, ctl)
        print(f"  a tap on {name} runs the handler of: {clicked}")


# --- B. The app's own scoreboard (scorer.ui.boards.grid / chart with scorer/ui/reuse.py) --------
def audit(session: Session, client: Client) -> tuple[list[int], int, int]:
    """Ids held by two live Python controls; paths where the client holds another id than
    the Python control there; live controls missing from the session's index."""
    pyt = python_ids(session.page)
    cli = client.ids()
    seen: dict[int, int] = {}
    for c in pyt.values():
        seen[c._i] = seen.get(c._i, 0) + 1
    dup = sorted(i for i, n in seen.items() if n > 1)
    wrong = sum(1 for p, c in pyt.items() if cli.get(p) != c._i)
    missing = sum(1 for c in pyt.values() if session.index.get(c._i) is not c)
    return dup, wrong, missing


def app_board(deals: int, saves: int, reuse: bool, keyed: bool = True) -> None:
    """Scoreboard -> deal entry (board kept hidden) -> Save -> scoreboard, ``saves`` times,
    with the app's grid and chart drawn by the code on this branch."""
    from scorer.game import Game
    from scorer.i18n import Translator
    from scorer.rules import Contract
    from scorer.rules.draw_bridge import DrawBridgeDeal
    from scorer.ui.boards.chart import totals_chart
    from scorer.ui.boards.grid import deal_grid
    from scorer.ui.present import grid_rows
    from scorer.ui.reuse import Reuse

    class Unkeyed(Reuse):  # as in commit 0909bbb: grid lines, axis labels, points unkeyed
        def get(self, key, make):
            def unkeyed():
                control = make()
                if not isinstance(control, ft.Semantics):  # the rows had their keys
                    control.key = None
                return control
            return super().get(key, unkeyed)

    t = Translator("en", suits=True)
    kept = Reuse() if keyed else Unkeyed()
    game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=1000000")
    for _ in range(deals):
        game = game.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7))

    def board() -> ft.Column:
        r = kept if reuse else type(kept)()
        r.begin((game.id, "en"))
        shown = game.records[::-1][:12]
        return ft.Column([totals_chart(game, t, r),
                          deal_grid(game.parties, grid_rows(game, t, shown, label_t=t.plain),
                                    opened.append, r)], key=f"scoreboard/{game.id}")

    opened: list[int] = []
    client = Client()
    session = Session(client)  # type: ignore[arg-type]
    client.page = wire(session.get_page_patch())
    view = ft.View(route="/")
    session.page.views.append(view)
    view.controls = [board()]
    session.page.update()
    worst = None
    for n in range(saves):
        shown = view.controls[0]
        view.controls = [ft.Column(shown.controls, key=shown.key, visible=False),
                         ft.Button("Save")]
        session.page.update()
        game = game.add_deal(DrawBridgeDeal(n % 2, Contract.parse("2H"), 8))
        view.controls = [board()]
        session.page.update()
        dup, wrong, missing = audit(session, client)
        if dup and worst is None:
            worst = (len(game.records), dup[:6], len(dup))
    # Tap every row of the grid, as the client would (by the id it holds there).
    rows = [c for c in python_ids(session.page).values()
            if isinstance(c, ft.Semantics) and str(c.key).startswith("deal/")]
    misrouted = 0
    for row_ in rows:
        opened.clear()
        asyncio.run(tap(session, client, row_.content))
        misrouted += opened != [int(row_.key.split("/")[1])]
    how = "built anew" if not reuse else "kept, keyed" if keyed else "kept, unkeyed"
    print(f"  {deals:>2} deals + {saves} Saves, {how:13}: after the last Save "
          f"{len(dup)} ids held by two live controls, client disagrees at {wrong} paths, "
          f"{missing} live controls not in the index; taps on rows that open another deal or "
          f"none: {misrouted} of {len(rows)}"
          + (f"; first duplicate at {worst[0]} deals: ids {worst[1]} ({worst[2]} in all)"
             if worst else ""))


def run_all() -> None:
    asyncio.run(main(reuse=False))
    asyncio.run(main(reuse=True))
    print("\n######## B. the app's scoreboard (grid and chart of this branch)")
    for deals, saves in ((3, 1), (5, 8), (11, 2), (50, 3)):
        for reuse, keyed in ((False, True), (True, False), (True, True)):
            app_board(deals, saves, reuse, keyed)


if __name__ == "__main__":
    import sys
    logging.basicConfig(level=logging.WARNING)
    if "--patched-flet" in sys.argv:
        patch_flet()
        print("######## Flet patched (patch_flet)")
    run_all()
