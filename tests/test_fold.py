"""A scoreboard new to the page comes in two frames (issue 33, decision 598): first what a
phone shows at once (the totals, who deals, the buttons, the chart, the rules), then, by a
task of its own, the deals and the buttons under them. The same scoreboard drawn again keeps
them shown; nothing is lost, nothing is sent twice."""

from __future__ import annotations

from typing import Any

import flet as ft
import msgpack
from controls import walk
from flet_page import ENCODE, dispatch, scorer_app
from test_bridge_games import table
from test_save_steady import played
from test_tap_updates import on_screen, sent  # noqa: F401 (the fixture: what the app sends)

from scorer.game import Game
from scorer.rules.team_match import TeamBoard
from scorer.ui.screens import scoreboard
from scorer.ui.screens.scoreboard import unfold


def labels(app: Any) -> list[str]:
    """The names of what is shown (hidden parts left out), in order."""
    return [c.label for c in on_screen(app)
            if isinstance(c, ft.Semantics) and isinstance(c.label, str)]


def test_a_new_scoreboard_shows_its_top_first_and_its_deals_when_unfolded(tmp_path,
                                                                          sent):  # noqa: F811
    with scorer_app(tmp_path) as app:  # the page's tasks dropped: unfold is called here
        game = played(app, 20)
        app.route = f"/game/{game.id}"
        app.show()  # opened from home: a screen new to the page
        top = labels(app)
        assert "Ana total 400, Ben total 0" in top and "New deal" in top
        assert "Rules of Draw Bridge" in top
        assert not [name for name in top if name.startswith("Deal ")]
        assert "Delete this game" not in top and "Show all deals" not in top
        del sent[:]
        assert unfold(app)
        sizes = [len(msgpack.packb([m.action, m.body], default=ENCODE)) for m in sent]
        whole = labels(app)
        assert whole[:len(top)] == top  # the top unchanged, the rest under it
        assert "Deal 20: 1C by Ana: made; Ana total 400, Ben total 0" in whole
        assert sum(name.startswith("Deal ") for name in whole) == scoreboard.DEALS_SHOWN
        assert whole[-1] == "Delete this game" and "Show all deals" in whole
        # Only the part's "visible" goes to the page: its controls were sent with the top
        assert len(sizes) == 1 and sizes[0] < 200, sizes
        assert not unfold(app)  # nothing hidden any more: nothing sent
        assert len(sent) == 1


def test_the_same_scoreboard_drawn_again_keeps_its_deals_shown(tmp_path):
    with scorer_app(tmp_path) as app:
        game = played(app, 3)
        app.route = f"/game/{game.id}"
        app.show()
        unfold(app)
        whole = labels(app)
        app.show()  # drawn again (another phone's change, Show all deals): not folded
        assert labels(app) == whole and "Delete this game" in whole
        assert not unfold(app)


def test_after_a_save_the_deals_come_by_a_task_of_their_own(tmp_path, monkeypatch):
    unfolded: list[bool] = []

    def counted(app: Any) -> bool:
        unfolded.append(unfold(app))
        return unfolded[-1]
    monkeypatch.setattr(scoreboard, "unfold", counted)
    with scorer_app(tmp_path, run_tasks=True) as app:  # the page's tasks run, in order
        game = played(app, 5)
        app.route = f"/game/{game.id}/deal"
        app.show()
        for name in ("Declarer Ana", "Level 1", "Clubs", "Tricks 8"):
            button = next(c for c in walk(app.page.views[-1].controls, visible_only=True)
                          if isinstance(c, ft.Semantics) and c.label == name)
            dispatch(app, button.content, "click")
        [save] = [c for c in walk([app.page.views[-1].bottom_appbar], visible_only=True)
                  if isinstance(c, ft.Semantics) and c.label == "Save deal"]
        dispatch(app, save.content, "click")  # the Save, its screen, then the task unfolding
        assert app.route == f"/game/{game.id}"
        assert unfolded == [True]
        shown = labels(app)
        assert "Deal 6: 1C by Ana: made +1; Ana total 140, Ben total 0" in shown
        assert shown[-1] == "Delete this game"


def test_a_team_match_whose_board_changes_in_place_is_drawn_whole(tmp_path):
    """Its scoreboard's column has no key (decision 460's kept column does not apply): it
    is drawn whole, as before."""
    with scorer_app(tmp_path) as app:
        match = Game.new("team-match", ["Lions", "Tigers"], end="open")
        for _ in range(3):
            match = match.add_deal(TeamBoard(table("N 4S 10"), table("N 4S 9")))
        match = app.keeper.store.save(match)
        app.route = f"/game/{match.id}"
        app.show()
        assert "Delete this game" in labels(app)
        assert not unfold(app)
