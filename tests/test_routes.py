"""The route table (issue 19 items 1 and 2): one row per address, matched with Flet's
TemplateRoute, the address list in routes.py's docstring equal to it; screens keep their own
state (``app.state``) and hooks, and the app names no screen, so adding a screen is one module
and one row."""

from __future__ import annotations

import ast
import json
import re
import types
from pathlib import Path

import flet as ft
import pytest
from flet_page import scorer_app

from scorer.game import Game
from scorer.ui.screens import addresses
from scorer.ui.screens.frame import Screen, screen
from scorer.ui.screens.host import Route
from scorer.ui.screens.scoreboard import board_key
from scorer.ui.shell import routes
from scorer.ui.shell.routes import ROUTES, Row, parse, row_of

APP = Path(routes.__file__).with_name("app.py")


def test_every_row_parses_its_own_example_back_to_its_name_and_no_other_row_matches_it():
    assert len({row.name for row in ROUTES}) == len(ROUTES)
    for row in ROUTES:
        assert parse(row.example).name == row.name, row
        assert row_of(parse(row.example)) is row
        matching = [r.template for r in ROUTES if ft.TemplateRoute(row.example).match(r.template)]
        assert matching == [row.template], row


def test_the_address_list_in_the_docstring_is_the_table():
    listed = re.findall(r"^    (/\S*) {2,}\S", routes.__doc__ or "", re.MULTILINE)
    assert listed == [row.template for row in ROUTES]
    for part in {p for row in ROUTES for p in re.findall(r":(\w+)", row.template)}:
        assert part in routes.PARTS  # every part of a template is read into the Route


def screens_named(source: str, names: set[str], modules: set[str]) -> set[str]:
    """The screens ``source`` names: a screen module imported (``from .screens import deal``,
    ``from .screens.check import X``), or a route's name as a string ('game')."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            imported = {f"{module}.{a.name}" for a in node.names} | {module}
            found |= {m for m in modules for i in imported if i.endswith(f"screens.{m}")}
        elif isinstance(node, ast.Import):
            found |= {m for m in modules for a in node.names if a.name.endswith(f"screens.{m}")}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found |= {node.value} & names
    return found


def test_the_app_names_no_screen():
    names = {row.name for row in ROUTES}
    modules = {row.screen.__name__.rsplit(".", 1)[-1] for row in ROUTES}
    assert screens_named(APP.read_text(encoding="utf-8"), names, modules) == set()
    # the check finds what the app did before
    old = ('from .screens import deal, scoreboard\nfrom .screens.check import ScoreCheck\n'
           'if route.name in ("deal", "edit"):\n    pass\n')
    assert screens_named(old, names, modules) == {"deal", "scoreboard", "check", "edit"}


def test_a_screen_is_one_module_and_one_row(tmp_path, monkeypatch):
    """A made-up screen: its module (state, build, hook) and its row are all it takes."""
    toy = types.ModuleType("toy")
    calls: list[str] = []

    class Taps:
        def __init__(self) -> None:
            self.count = 0

    def build(app, route: Route) -> Screen:
        app.state(Taps).count += 1
        return Screen(screen(f"/toy/{route.game_id}", f"Toy {app.state(Taps).count}", []), "/")

    def changed_elsewhere(app, route: Route, game_id: str) -> None:
        calls.append(game_id)

    toy.build, toy.changed_elsewhere = build, changed_elsewhere
    monkeypatch.setattr(routes, "ROUTES", (*ROUTES, Row.of("/toy/:id", "toy", toy, "/toy/x")))
    assert parse("/toy/x") == Route("toy", "x")
    with scorer_app(tmp_path) as app, scorer_app(tmp_path / "other") as other:
        for _ in range(2):
            app.route = "/toy/x"
            app.show()
        assert app.page.views[0].appbar.title.content.value == "Toy 2"
        app.changed_elsewhere("x")
        assert calls == ["x"]
        assert other.state(Taps).count == 0  # one state per session
        assert app.state(Taps) is app.state(Taps)


def test_a_deal_screen_keeps_the_scoreboard_shown_before_it_hidden_above_its_own(tmp_path):
    with scorer_app(tmp_path) as app:
        game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0)
        app.keeper.store.save(game)

        def show(route: str) -> list[ft.Control]:
            app.route = route
            app.show()
            return app.page.views[0].controls

        key = board_key(game.id)
        board = show(f"/game/{game.id}")[0]
        assert board.key == key and board.visible
        entry = show(f"/game/{game.id}/deal")[0]
        assert entry.key == key and not entry.visible and entry.controls is board.controls
        again = show(f"/game/{game.id}/deal")[0]  # drawn again (a language, another phone)
        assert again.key == key and again.controls is board.controls
        show("/")
        assert all(getattr(c, "key", None) != key for c in show(f"/game/{game.id}/deal"))


@pytest.mark.parametrize("route", ["/game/abc/deal/3/more", "/rules/no-such-game", "/new/x"])
def test_an_address_that_names_nothing_is_home(route):
    assert parse(route) == Route("home")


# --- addresses: one builder per route (issue 31) ---------------------------------------------

BUILT = [
    (addresses.HOME, Route("home")),
    (addresses.NEW, Route("new")),
    (addresses.CHECK, Route("check")),
    (addresses.JOIN, Route("join")),
    (addresses.STATS, Route("stats")),
    (addresses.rules("minibridge"), Route("rules", game_id="minibridge")),
    (addresses.rules("call-break", "eight"), Route("rules", game_id="call-break", rule="eight")),
    (addresses.game("G-7x"), Route("game", game_id="G-7x")),
    (addresses.qr("G-7x"), Route("qr", game_id="G-7x")),
    (addresses.link("1~abc.def"), Route("link", data="1~abc.def")),
    (addresses.deal("G-7x"), Route("deal", game_id="G-7x")),
    (addresses.detail("G-7x", 12), Route("detail", game_id="G-7x", deal=12)),
    (addresses.edit("G-7x", 12), Route("edit", game_id="G-7x", deal=12)),
    (addresses.deal_form("G-7x", None), Route("deal", game_id="G-7x")),
    (addresses.deal_form("G-7x", 4), Route("edit", game_id="G-7x", deal=4)),
    (addresses.pairs_new(), Route("pairs-new")),
    (addresses.pairs_session("p1a2b3c4d"), Route("pairs", game_id="p1a2b3c4d")),
    (addresses.pairs_table("p1a2b3c4d", 3), Route("pairs-table", game_id="p1a2b3c4d", table=3)),
    (addresses.pairs_tables("p1a2b3c4d"), Route("pairs-tables", game_id="p1a2b3c4d")),
    (addresses.pairs_board("p1a2b3c4d", 7), Route("pairs-board", game_id="p1a2b3c4d", deal=7)),
    (addresses.pairs_card("p1a2b3c4d", 5), Route("pairs-card", game_id="p1a2b3c4d", pair=5)),
    (addresses.pairs_table_qr("p1a2b3c4d", 2),
     Route("pairs-table-qr", game_id="p1a2b3c4d", table=2)),
    (addresses.pairs_results_qr("p1a2b3c4d", 2),
     Route("pairs-results-qr", game_id="p1a2b3c4d", table=2)),
    (addresses.pairs_link("1~abc"), Route("pairs-link", data="1~abc")),
    (addresses.rooms("G-7x"), Route("rooms", game_id="G-7x")),
    (addresses.room("G-7x", 2), Route("room", game_id="G-7x", table=2)),
    (addresses.room_qr("G-7x", 2), Route("room-qr", game_id="G-7x", table=2)),
    (addresses.room_link("1~abc"), Route("room-link", data="1~abc")),
]


@pytest.mark.parametrize("address, expected", BUILT, ids=[a for a, _ in BUILT])
def test_every_builders_address_is_read_back_as_built(address, expected):
    route = parse(address)
    assert route == expected
    assert row_of(route) is route.row and row_of(route).name == expected.name  # kept by parse


def test_every_route_has_a_builder_and_its_template_is_in_the_addresses_module():
    assert {route.name for _, route in BUILT} == {row.name for row in ROUTES}
    templates = {value for name, value in vars(addresses).items() if name.isupper()}
    assert {row.template for row in ROUTES} == templates


SCORER = Path(routes.__file__).resolve().parents[2]
ROUTE_STARTS = tuple(sorted({"/" + row.template.split("/")[1] for row in ROUTES} - {"/"}))


def hand_made_addresses(source: str) -> list[str]:
    """The addresses ``source`` makes by hand: an f-string or a string that starts as a route
    does ('/game/...', '/new')."""
    found = []
    tree = ast.parse(source)
    inside = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
              for part in node.values}
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.JoinedStr) and node.values and isinstance(
                node.values[0], ast.Constant):
            text = str(node.values[0].value)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in inside:
            text = node.value
        if text is not None and any(text == start or text.startswith(start + "/")
                                    for start in ROUTE_STARTS):
            found.append(text)
    return sorted(found)


def test_no_address_is_made_by_hand_outside_the_addresses_module():
    made = {str(path.relative_to(SCORER)): hand_made_addresses(path.read_text("utf-8"))
            for path in (SCORER / "scorer").rglob("*.py")
            if path.name != "addresses.py"}
    assert {path: found for path, found in made.items() if found} == {}
    # it finds what the screens wrote before
    old = 'app.go(f"/game/{game.id}/deal")\nscreen("/check", "Check")\nx = f"/g/{data}"\n'
    assert hand_made_addresses(old) == ["/check", "/g/", "/game/"]


def test_history_js_is_given_the_shapes_of_the_route_table():
    from scorer.ui.serve.client_files import ROUTE_SHAPES, history_script

    shapes = routes.page_shapes()
    script = history_script()
    assert ROUTE_SHAPES not in script and json.dumps(shapes) in script
    forms = [re.compile(source) for source in shapes["opensAGame"]]
    game = re.compile(str(shapes["game"]))
    for row in ROUTES:
        assert any(f.match(row.example) for f in forms) == (row.name in ("new", "link")), row
        assert bool(game.match(row.example)) == (row.name == "game"), row
