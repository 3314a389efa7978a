"""The route table: which screen each address shows, and the screen its back button leads to.

    /                          home: games in progress and finished
    /new                       new game
    /check                     score any hand without recording it
    /join                      address and QR code to join from another phone
    /stats                     each player's record
    /rules/<game>[/<rule>]     the rules of a game (at a house rule)
    /game/<id>                 scoreboard (and game over)
    /game/<id>/qr              show to the table: the game's link as a QR code, full screen
    /g/<data>                  a game opened from a link, read-only until kept
    /game/<id>/deal            new deal
    /game/<id>/deal/<n>        why this score, history, correct or remove
    /game/<id>/deal/<n>/edit   correct a deal

An address that names nothing shows Home; a game that cannot be opened shows Home with a note.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..game import Game
from ..rules.values import whole_number
from .screens import check, deal, detail, home, join, linked, new_game, rules, scoreboard, stats
from .screens.frame import GAMES, Screen

if TYPE_CHECKING:
    from .app import ScorerApp

__all__ = ["ROUTES", "Route", "screen_for"]


@dataclass(frozen=True)
class Route:
    name: str
    game_id: str | None = None  # for "rules": the game whose rules are shown
    deal: int | None = None
    rule: str | None = None
    data: str | None = None  # "link": what the link carries (scorer.link)

    @classmethod
    def parse(cls, route: str) -> Route:
        parts = [p for p in route.split("?")[0].split("/") if p]
        if not parts:
            return cls("home")
        if parts in (["new"], ["check"], ["join"], ["stats"]):
            return cls(parts[0])
        if parts[0] == "rules" and len(parts) in (2, 3) and parts[1] in GAMES:
            return cls("rules", parts[1], rule=parts[2] if len(parts) == 3 else None)
        if parts[0] == "g" and len(parts) == 2:
            return cls("link", data=parts[1])
        if parts[0] == "game" and len(parts) >= 2:
            if len(parts) == 2:
                return cls("game", parts[1])
            if len(parts) == 3 and parts[2] == "qr":
                return cls("qr", parts[1])
            if len(parts) == 3 and parts[2] == "deal":
                return cls("deal", parts[1])
            number = whole_number(parts[3]) if len(parts) >= 4 and parts[2] == "deal" else None
            if number is not None and number >= 0:  # not '²': isdigit() took it, int() did not
                name = "edit" if len(parts) == 5 and parts[4] == "edit" else "detail"
                return cls(name, parts[1], number)
        return cls("home")


ScreenBuilder = Callable[["ScorerApp", Route], Screen]
GameScreenBuilder = Callable[["ScorerApp", Route, Game], Screen]


def _of_game(build: GameScreenBuilder) -> ScreenBuilder:
    """A screen of one game, drawn from the game as stored now."""
    def screen_of_game(app: ScorerApp, route: Route) -> Screen:
        assert route.game_id is not None
        game = app.session.open(route.game_id)
        if game is None:
            app.message = app.t("ui.no_such_game", id=route.game_id)
            return home.build(app, route)
        return build(app, route, game)

    return screen_of_game


ROUTES: dict[str, ScreenBuilder] = {
    "home": home.build,
    "new": new_game.build,
    "check": check.build,
    "join": join.build,
    "stats": stats.build,
    "rules": rules.build,
    "game": _of_game(scoreboard.build),
    "qr": _of_game(linked.build_qr),
    "link": linked.build_opened,
    "deal": _of_game(deal.build),
    "edit": _of_game(deal.build),
    "detail": _of_game(detail.build),
}


def screen_for(app: ScorerApp, route: Route) -> Screen:
    """The screen for ``route``."""
    return ROUTES[route.name](app, route)
