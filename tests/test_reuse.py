"""Scoreboard controls kept between drawings (scorer/ui/reuse.py): after a Save, what shows
what it showed before is the same control, and anything that changed is new."""

from __future__ import annotations

import flet as ft

from scorer.game import Game
from scorer.i18n import Translator
from scorer.rules import Contract
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.ui.boards.chart import totals_chart
from scorer.ui.boards.grid import deal_grid
from scorer.ui.present import grid_rows
from scorer.ui.reuse import Reuse

EN = Translator("en", suits=True)


def game_of(deals: int) -> Game:
    game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=100000")
    for _ in range(deals):
        game = game.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7))
    return game


def grid_lines(game: Game, reuse: Reuse) -> list[ft.Control]:
    """The grid's rows and lines, newest deal first, as the scoreboard draws them."""
    reuse.begin((game.id, "en"))
    rows = grid_rows(game, EN, game.records[::-1], label_t=EN.plain)
    grid = deal_grid(game.parties, rows, lambda number: None, reuse)
    assert isinstance(grid, ft.Container) and isinstance(grid.content, ft.Column)
    return list(grid.content.controls)


def test_after_a_save_the_rows_already_drawn_are_the_same_controls():
    reuse = Reuse()
    game = game_of(5)
    before = grid_lines(game, reuse)
    after = grid_lines(game.add_deal(DrawBridgeDeal(1, Contract.parse("2H"), 8)), reuse)
    assert len(after) == len(before) + 2  # one row and the line under it
    kept = {id(c) for c in before}
    new = [c for c in after if id(c) not in kept]
    assert len(new) == 2 and new[0].key == "deal/6"  # the new deal's row, newest first
    assert all(any(c is old for old in before) for c in after if c not in new)


def test_a_corrected_deal_changes_its_row_and_every_later_total():
    reuse = Reuse()
    game = game_of(4)
    before = {c.key: c for c in grid_lines(game, reuse) if c.key}
    corrected = game.correct(2, DrawBridgeDeal(1, Contract.parse("1C"), 7))
    after = {c.key: c for c in grid_lines(corrected, reuse) if c.key}
    assert after["deal/1"] is before["deal/1"]  # nothing it shows changed
    for later in ("deal/2", "deal/3", "deal/4"):  # the deal, and running totals after it
        assert after[later] is not before[later]


def test_another_game_or_language_starts_afresh_and_only_the_last_drawing_is_kept():
    reuse = Reuse()
    game = game_of(3)
    first = grid_lines(game, reuse)
    other = game_of(3)  # the same deals, another game (another id)
    assert not any(c is old for c in grid_lines(other, reuse) for old in first)
    reuse.begin((other.id, "es"))
    assert reuse.get("x", lambda: ft.Text("a")) is not first[0]
    again = grid_lines(game, reuse)
    assert not any(c is old for c in again for old in first)


def test_chart_points_already_drawn_are_the_same_controls():
    reuse = Reuse()
    game = game_of(8)
    reuse.begin((game.id, "en"))
    totals_chart(game, EN, reuse)
    reused = reuse.reused
    reuse.begin((game.id, "en"))
    totals_chart(game.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7)), EN, reuse)
    # Each line had 9 points (0 and 8 deals): all are handed back, as is the axis's labels.
    assert reuse.reused - reused >= 2 * 9


def test_through_flet_no_two_live_controls_share_an_id():
    """Flet pairs unkeyed siblings of a reconciled ("frozen") column by place, and a control
    paired with another takes over that one's id: a kept control must carry a key of its own,
    or after a Save two controls hold one id (decision 78; docs/flet-reuse-repro.py)."""
    import msgpack
    from flet.messaging.session import Session
    from flet_page import ENCODE, Connection, controls

    reuse = Reuse()
    session = Session(Connection())  # type: ignore[arg-type]
    msgpack.packb(session.get_page_patch(), default=ENCODE)
    view = ft.View(route="/")
    session.page.views.append(view)
    game = game_of(3)
    for deal in range(10):  # fewer deals than the scoreboard shows: the grid grows each time
        reuse.begin((game.id, "en"))
        rows = grid_rows(game, EN, game.records[::-1], label_t=EN.plain)
        board = ft.Column([totals_chart(game, EN, reuse),
                           deal_grid(game.parties, rows, lambda number: None, reuse)], key="k")
        view.controls = [board]
        session.page.update()
        ids = [c._i for c in controls(session.page)]
        assert len(ids) == len(set(ids)), f"after deal {deal}: an id held twice"
        view.controls = [ft.Column(board.controls, key="k", visible=False)]  # deal entry
        session.page.update()
        game = game.add_deal(DrawBridgeDeal(deal % 2, Contract.parse("2H"), 8))


def test_a_rubber_save_draws_only_the_rubber_being_played_anew(tmp_path):
    """Rubber bridge (decision 106): after a Save, the finished rubber's sheet and the
    session's earlier rows are the controls drawn before; the rubber being played is new;
    and through Flet no two live controls share an id."""
    from flet_page import controls, scorer_app

    from scorer.rules.bridge_games import BridgeDeal

    deals = [BridgeDeal(0, Contract.parse("4S"), 10), BridgeDeal(1, Contract.parse("3NT"), 9),
             BridgeDeal(0, Contract.parse("4H"), 10), BridgeDeal(0, Contract.parse("4H"), 10),
             BridgeDeal(1, Contract.parse("2C"), 8)]
    game = Game.new("rubber-bridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
    for deal in deals:
        game = game.add_deal(deal)
    with scorer_app(tmp_path / "data") as app:
        game = app.keeper.store.save(game)
        app.route = f"/game/{game.id}"
        app.show()

        def sheets():
            found = {c.key: c for c in controls(app.page.views[0])
                     if isinstance(c.key, str) and c.key.startswith(("sheet/", "session/"))}
            return found

        before = sheets()
        assert {"sheet/1", "sheet/2", "session/Rubber 1"} <= set(before)
        for tricks in (7, 8, 6):
            app.route = f"/game/{game.id}/deal"
            app.show()
            game = app.keeper.write(game.add_deal(BridgeDeal(1, Contract.parse("1C"), tricks)))
            app.keeper.game = game
            app.route = f"/game/{game.id}"
            app.show()
            after = sheets()
            assert after["sheet/1"] is before["sheet/1"]  # finished: the same control
            assert after["session/Rubber 1"] is before["session/Rubber 1"]
            assert after["sheet/2"] is not before["sheet/2"]  # being played: drawn anew
            ids = [c._i for c in controls(app.page)]
            assert len(ids) == len(set(ids)), f"after 1C with {tricks} tricks: an id twice"
            before = after


def test_a_long_games_chart_keeps_to_its_points_and_ends_at_the_totals():
    """Past CHART_POINTS deals a line goes through every k-th deal and the last one: a Save
    in a 200-deal game draws as many points as one in a 60-deal game (issue 33)."""
    from scorer.ui.boards.chart import CHART_POINTS, charted

    for deals in (1, 59, 60, 61, 119, 120, 121, 200):
        game = game_of(deals)
        shown = charted(game.records)
        numbers = [r.number for r in shown]
        assert len(shown) <= CHART_POINTS + 1, deals
        assert numbers == sorted(set(numbers)) and numbers[-1] == deals
        if deals <= CHART_POINTS:
            assert numbers == list(range(1, deals + 1))
        else:
            step = numbers[1] - numbers[0]
            assert numbers[:-1] == list(range(step, deals + 1, step))[:len(numbers) - 1]
    chart = totals_chart(game_of(200), EN, Reuse()).content.controls[0].content
    assert [len(line.points) for line in chart.data_series[:2]] == [51, 51]  # 0, 4, ..., 200
    assert chart.data_series[0].points[-1].y == game_of(200).totals[0]
