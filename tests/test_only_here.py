"""A table served on this machine alone (``scorer serve``'s default 127.0.0.1) says so where it
offers an address to another phone: the Join screen and a game's Show to the table (decision
391). Served for the Wi-Fi, neither says it."""

from __future__ import annotations

import flet as ft
import pytest
from flet_page import controls, scorer_app

from scorer.game import Game
from scorer.rules import Contract
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.ui.screens import addresses

WARNING = "Only this computer can open this address"


def texts(app) -> list[str]:
    app.show()
    return [str(c.value) for c in controls(app.page) if isinstance(c, ft.Text)]


@pytest.mark.parametrize(("url", "here"), [
    ("http://127.0.0.1:8550/", True), ("http://localhost:8550/?code=123456", True),
    ("http://[::1]:8550/", True), ("http://127.1.2.3/", True),
    ("http://192.168.1.20:8550/", False), ("http://scorer.lan/", False), ("", False)])
def test_an_address_of_this_machine_alone_is_known(url, here):
    assert addresses.only_here(url) is here


@pytest.mark.parametrize(("url", "warned"), [
    ("http://127.0.0.1:8550/", True), ("http://192.168.1.20:8550/", False)])
def test_join_and_show_to_the_table_say_when_no_phone_can_open_the_address(tmp_path, url,
                                                                            warned):
    with scorer_app(tmp_path / "data", join_url=url,
                    link_site=(url, False)) as app:
        app.route = "/join"
        shown = texts(app)
        assert any(WARNING in text for text in shown) is warned, shown
        assert (url in shown) and any(
            "Wi-Fi" in text for text in shown) is not warned, shown
        game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=100")
        game = app.keeper.store.save(game.add_deal(DrawBridgeDeal(0, Contract.parse("2H"), 8)))
        app.route = addresses.qr(game.id)
        shown = texts(app)
        assert any(WARNING in text for text in shown) is warned, shown
        assert any("Scan with another phone's camera on this network" in text
                   for text in shown), shown
