"""A game opened from a link, on the real app's page (issue 30 item 5): what Keep on this
phone will do is said before the tap, a finished game says who won, and a link's game kept
beside the one it changed apart from is named as such, not by its id."""

from __future__ import annotations

import flet as ft
import pytest
from controls import walk
from flet_page import scorer_app
from link_games import clock

from scorer.game import Game
from scorer.link import link_for
from scorer.rules import Contract
from scorer.rules.draw_bridge import DrawBridgeDeal

SITE = "https://scorer.example.org/"


def texts(app) -> list[str]:
    return [str(c.value) for c in walk(app.page.views[0].controls)
            if isinstance(c, ft.Text) and c.value]


def opened(app, game: Game) -> list[str]:
    app.route = "/g/" + link_for(game, SITE).address.split("#/g/")[1]
    app.show()
    return texts(app)


def deal(game: Game, declarer: int, contract: str, tricks: int) -> Game:
    return game.add_deal(DrawBridgeDeal(declarer, Contract.parse(contract), tricks), now=clock)


@pytest.fixture
def app(tmp_path):
    with scorer_app(tmp_path / "data") as app:
        yield app


def start() -> Game:
    return Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, game_id="linkview01",
                    end="target=100", now=clock)


def test_the_link_says_what_keeping_it_will_do(app):
    store = app.keeper.store
    assert not any("This phone" in text for text in opened(app, deal(start(), 0, "2H", 8)))
    store.save(start())
    assert ("This phone has this game with less played: Keep on this phone brings it up to "
            "date.") in opened(app, deal(start(), 0, "2H", 8))
    assert "This phone already has this game as the link has it." in opened(app, start())
    store.save(deal(store.load("linkview01"), 1, "1C", 7))
    assert ("This game has changed on this phone too: Keep on this phone keeps the link's "
            "beside it, as a copy.") in opened(app, deal(start(), 0, "2H", 8))
    assert ("This phone already has more of this game than the link: keeping it changes "
            "nothing.") in opened(app, start())
    assert store.list_games()[0].revision == 2  # reading a link wrote nothing


def test_a_finished_game_from_a_link_says_who_won(app):
    shown = opened(app, deal(start(), 1, "4S", 10))  # 120 for Ben: over 100
    assert "Ben wins: reached the target of 100" in shown, shown


def test_a_copy_kept_beside_is_named_as_one_not_by_its_id(app):
    store = app.keeper.store
    store.save(deal(start(), 1, "1C", 7))
    kept = store.keep_linked(deal(start(), 0, "2H", 8))
    assert kept.game_id == "linkview01-copy"
    app.route = "/"
    app.show()
    titles = [t for t in texts(app) if t.startswith("Draw Bridge: Ana, Ben")]
    assert sorted(titles) == ["Draw Bridge: Ana, Ben", "Draw Bridge: Ana, Ben (copy from a link)"]
    said = app.t("ui.link_copy", id=kept.game_id)
    assert "linkview01" not in said and said.endswith("the link's as a copy.")
