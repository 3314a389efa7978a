"""Statistics (``/stats``): each player's record in finished games, game by game (a point in
one game is not a point in another)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from ...rules import InvalidInput, variant
from ...stats import PlayerStats
from .. import widgets as w
from . import addresses
from .frame import Screen, screen

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["build"]


def build(app: App, route: Route | None = None) -> Screen:
    t = app.t
    players: dict[str, list[PlayerStats]] = {}
    for row in app.keeper.player_stats():
        players.setdefault(row.name.casefold(), []).append(row)
    controls: list[ft.Control] = [w.note(t("ui.stats_finished_only"))] if players else []
    for rows in players.values():
        lines: list[ft.Control] = [ft.Text(rows[0].name, size=18, weight=ft.FontWeight.BOLD)]
        for p in rows:
            lines += [ft.Text(t(f"game.{p.variant}"), size=15, weight=ft.FontWeight.BOLD),
                      ft.Text(t("ui.stats_games", n=p.games, won=p.won)),
                      ft.Text(t(_average_key(p.variant), average=f"{p.average:.1f}",
                                n=p.deals))]
            if p.declared:
                lines.append(ft.Text(t("ui.stats_contracts", n=p.declared, made=p.made)))
            if p.exact + p.over + p.failed:
                lines.append(ft.Text(t("ui.stats_calls", exact=p.exact, over=p.over,
                                       failed=p.failed)))
        controls.append(ft.Semantics(container=True, label=t("ui.stats_of", name=rows[0].name),
                                     content=w.card(*lines)))
    if not players:
        controls.append(w.note(t("ui.no_stats")))
    return Screen(screen(addresses.STATS, t("ui.stats"), controls), addresses.HOME)


def _average_key(game: str) -> str:
    """Points per deal, per round (Call Break) or IMPs per board (a team match)."""
    try:
        word = variant(game).deal_word
    except InvalidInput:  # a game this Scorer does not know (stored by a newer one)
        word = "deal"
    return "ui.stats_average" if word == "deal" else f"ui.stats_average_{word}"
