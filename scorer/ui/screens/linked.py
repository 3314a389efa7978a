"""A game by link (scorer.link): *Show to the table* (``/game/<id>/qr``), the game's address as
a QR code filling the screen, which stays on; *Share link*, the address to the phone's share
sheet (copied where there is none); and a game opened from a link (``/g/<data>``), shown
read-only until *Keep on this phone*: reading a link writes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from ...game import Game
from ...link import InvalidLink, Link, LinkedGame, TooLongForLink, link_for, read_link
from ...rules import InvalidInput
from ...sheet import outcome_words
from ...store import Kept, StoreError
from .. import widgets as w
from ..boards.grid import deal_grid
from ..boards.views import totals_card
from ..entry import problem_of
from ..present import deals_heading, grid_rows
from ..qr import qr_png
from . import addresses
from .frame import Screen, link_failed, party_totals, screen

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["address", "build_opened", "build_qr", "share_link"]

KEPT_SAID = {None: "ui.link_added", "same": "ui.link_same", "link_newer": "ui.link_updated",
             "kept_newer": "ui.link_kept_newer", "both_changed": "ui.link_copy"}


def address(app: App, game: Game) -> Link:
    """The link of ``game``: on the site this page came from (the published site), or the one
    ``scorer serve`` was given (``--site-url``), else the server itself. TooLongForLink when
    the game does not fit."""
    if app.link_site is not None:
        site, fragment = app.link_site
        return link_for(game, site, fragment=fragment)
    return link_for(game, app.page.url or "", fragment=True)


def build_qr(app: App, route: Route, game: Game) -> Screen:
    """Show to the table: the QR code as large as the screen allows, black on white whatever
    the theme, the address under it."""
    t = app.t
    back = addresses.game(game.id)
    try:
        made = address(app, game)
    except TooLongForLink as error:
        return Screen(screen(f"{back}/qr", t("ui.show_table"), [
            w.note(t("ui.link_too_big", reason=t.render(problem_of(error))), error=True)]),
            back)
    code = ft.Container(
        ft.Image(src=qr_png(made.address, error="l", scale=10), fit=ft.BoxFit.CONTAIN,
                 semantics_label=t("ui.link_qr"), filter_quality=ft.FilterQuality.NONE),
        bgcolor=ft.Colors.WHITE, padding=12, alignment=ft.Alignment.CENTER, key="link/qr")
    offline = "#" in made.address  # the published site: it opens with no network
    controls: list[ft.Control] = [
        code, ft.Text(t("ui.link_scan" if offline else "ui.link_scan_served"), size=14)]
    if not offline and addresses.only_here(made.address):  # scorer serve on 127.0.0.1
        controls.insert(0, w.note(t("ui.only_here"), error=True))
    if not made.history:
        controls.append(w.note(t("ui.link_no_history")))
    controls.append(ft.Text(made.address, size=w.SMALLEST, selectable=True,
                            semantics_label=t("ui.address", url=made.address)))
    return Screen(screen(f"{back}/qr", t("ui.show_table"), controls), back)


async def share_link(app: App, game: Game) -> None:
    """The game's address to the phone's share sheet; copied where there is none."""
    t = app.t
    try:
        made = address(app, game)
    except TooLongForLink as error:
        app.snack(t("ui.link_too_big", reason=t.render(problem_of(error))))
        return
    try:
        result = await app.share.share_text(
            made.address, subject=t(f"game.{game.variant_name}"),
            download_fallback_enabled=False, mail_to_fallback_enabled=False)
    except Exception:  # noqa: BLE001 - no share sheet here (a desktop browser)
        result = None
    if result is None or getattr(result.status, "value", "") == "unavailable":
        await ft.Clipboard().set(made.address)
        app.snack(t("ui.link_copied"))


def summary(app: App, game: Game) -> str:
    """'From a link: Call Break, Ana, Ben, Cleo, Dan, 7 of 12 deals'."""
    t = app.t
    if game.end.kind == "deals" and game.end.value:
        progress = t("ui.link_deals_of", n=game.deals_counted, total=game.end.value,
                     unit=game.variant.deal_word)
    else:
        progress = t("ui.link_deals", n=game.deals_counted, unit=game.variant.deal_word)
    return t("ui.from_link", game=t(f"game.{game.variant_name}"),
             players=", ".join(game.players), progress=progress)


def build_opened(app: App, route: Route) -> Screen:
    """A game from a link, read-only: what it is, its totals and deals, and Keep on this phone.
    A link that cannot be read says why in one sentence."""
    t = app.t
    path = addresses.link(route.data or "")
    try:
        linked = read_link(route.data or "")
    except InvalidLink as error:
        return link_failed(app, path, t("ui.link_title"), error)
    game = linked.game
    controls: list[ft.Control] = [ft.Text(summary(app, game), size=18,
                                          weight=ft.FontWeight.BOLD)]
    if game.outcome is not None:  # a finished game says who won, as its scoreboard does
        controls.append(ft.Text(outcome_words(game, t), size=16))
    controls.append(w.note(t("ui.link_read_only")))
    will = _what_keeping_does(app, linked)
    if will:
        controls.append(w.note(will))
    controls += [w.tap(t("ui.keep_here"), t("ui.keep_here"),
                       lambda: app.page.run_task(keep, app, linked), primary=True),
                 _totals(app, game)]
    if not linked.history:
        controls.append(w.note(t("ui.link_no_history")))
    records = game.records[::-1]
    if records:
        controls.append(w.heading(deals_heading(game, t)))
        controls.append(deal_grid(game.parties, grid_rows(game, t, records, label_t=t.plain),
                                  lambda number: None))
    return Screen(screen(path, t(f"game.{game.variant_name}"), controls), addresses.HOME)


def _what_keeping_does(app: App, linked: LinkedGame) -> str:
    """What Keep on this phone will do where this phone has the game already (bring it up
    to date, nothing, keep a copy): said before the tap (issue 30); '' for a new game."""
    try:
        kept = app.keeper.keeping(linked.game, linked.history)
    except (StoreError, OSError):
        return ""
    return "" if kept.relation is None else app.t(f"ui.link_will_{kept.relation.value}")


async def keep(app: App, linked: LinkedGame) -> None:
    """Keep on this phone: an import (the game was checked as one when the link was read),
    the game kept here replaced only by a longer history of it; then its scoreboard."""
    t, keeper = app.t, app.keeper
    try:
        kept: Kept = await keeper.keep_linked(linked.game, linked.history)
    except InvalidInput as error:
        app.snack(t("ui.import_failed", reason=t.render(problem_of(error))))
        return
    except (StoreError, OSError) as error:
        app.snack(t("ui.not_saved", reason=str(error)))
        return
    relation = None if kept.relation is None else kept.relation.value
    app.message = t(KEPT_SAID[relation], id=kept.game_id)
    app.message_is_news = True
    app.go(addresses.game(kept.game_id))


def _totals(app: App, game: Game) -> ft.Control:
    """The game's totals as its scoreboard shows them."""
    card = totals_card(game, app.t)
    return party_totals(app, game) if card is None else card
