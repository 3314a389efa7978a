"""The scoreboard (``/game/<id>``): totals, who deals, the game over card, the deals so far,
sharing, ending and deleting the game."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, cast

import flet as ft

from ...game import Game
from ...sheet import outcome_words
from .. import widgets as w
from ..boards.chart import totals_chart
from ..boards.grid import deal_grid
from ..boards.views import IN_PLACE, scoreboard, totals_card
from ..new_game_form import NewGameForm
from ..present import deals_heading, grid_rows, undone_texts
from ..reuse import Reuse
from . import addresses, linked, new_game
from .frame import Screen, ask_delete, confirm, party_totals, rules_line, screen, variant_names
from .rules import show_rules
from .sharing import copy_sheet, download, share_sheet

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["DEALS_SHOWN", "FOLD", "Drawn", "below", "board_key", "build", "changed_elsewhere",
           "confirm_remove", "contents", "keep_under", "unfold", "view"]

DEALS_SHOWN = 12  # deals shown on the scoreboard before "Show all deals"
FOLD = "below the fold"  # the data of the scoreboard's part drawn a frame later (_fold)


class Drawn:
    """What the scoreboard keeps between drawings in a session: the games whose every deal is
    listed, and rows and chart points drawn last time (handed back when unchanged)."""

    def __init__(self) -> None:
        self.all_deals: set[str] = set()
        self.reuse = Reuse()
        self.ended: set[str] = set()  # games just ended by End the game: their result shown
        # The game as last drawn, by id (one): what its kept buttons act on (_steady)
        self.games: dict[str, Game] = {}


def board_key(game_id: str) -> str:
    """The key of a game's scoreboard contents: the app keeps them (hidden) while that game's
    deal is entered, and Flet then updates them after a Save instead of sending them all
    again (:func:`keep_under`). Flet freezes controls it reconciled this way: none of
    them may be changed in place afterwards."""
    return f"scoreboard/{game_id}"


def contents(controls: list[ft.Control], key: str | None, visible: bool = True) -> ft.Column:
    """The scoreboard's controls in one column, spaced and stretched as the screen's own."""
    return ft.Column(controls, key=key, spacing=10, visible=visible,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def keep_under(app: App, game_id: str, view: ft.View) -> ft.View:
    """``view`` (a deal of ``game_id``: its entry, its detail) with the game's scoreboard
    contents above its own, hidden, when the page shows them now (the scoreboard, or another
    of its deal screens): back on the scoreboard after a Save, the new contents carry the same
    key and Flet sends only what changed (totals, one new row, the chart's points) instead of
    the whole screen again. A new column around the same controls (they may be frozen: see
    :func:`board_key`)."""
    key = board_key(game_id)
    shown = app.page.views[0].controls if app.page.views else []
    kept = next((c for c in shown if isinstance(c, ft.Column) and c.key == key), None)
    if kept is not None:
        view.controls.insert(0, contents(kept.controls, key, visible=False))
    return view


def build(app: App, route: Route, game: Game) -> Screen:
    return Screen(view(app, game), addresses.HOME)


def changed_elsewhere(app: App, route: Route, game_id: str) -> None:
    """Another phone changed the game shown: it is drawn again (the scoreboard, a deal)."""
    if route.game_id == game_id:
        app.show()


def view(app: App, game: Game) -> ft.View:
    t, drawn = app.t, app.state(Drawn)
    unit = game.variant.deal_word  # a team match's boards
    drawn.reuse.begin((game.id, t.lang))  # rows and chart points drawn last time come back
    drawn.games = {game.id: game}  # what the kept buttons act on (_steady)
    controls: list[ft.Control] = []
    outcome = game.outcome
    leaders = set(outcome.winners) if outcome else set()
    # this app has the game's input (else stored only)
    entered = game.variant_name in variant_names()
    kept = app.keeper.kept_draft(game) if entered else None
    head = totals_card(game, t)  # a team match: IMPs won by each team, and the margin
    controls.append(party_totals(app, game, leaders) if head is None else head)
    if game.end.kind == "target" and game.end.value:
        best = max(game.totals)
        # Read as what it shows, once: "Highest total 120 of 500" (the bar's own value came
        # after it as a bare "24", its percentage without the sign: decision 390)
        controls.append(ft.Semantics(
            container=True, exclude_semantics=True,
            label=t("ui.progress_to_target", best=best, target=game.end.value),
            content=ft.ProgressBar(value=max(0.0, min(1.0, best / game.end.value)))))
    if outcome is not None:
        over: list[ft.Control] = [
            # Said when it appears (a live region): who won, after the last Save
            _result(app, game, drawn),
            w.tap(t("ui.rematch"), t("ui.rematch_label"),
                  lambda: new_game.start(app, NewGameForm.rematch(game)), primary=True)]
        remind = app.keeper.remind_backup
        if game.id in remind:  # once, when the game has just ended here
            remind.discard(game.id)
            over += [ft.Text(t("ui.backup_reminder"), size=14),
                     w.tap(t("ui.download_json"), t("ui.backup_download"),
                           lambda: app.page.run_task(download, app, game, "json"))]
        controls.append(w.card(*over))
    else:
        controls.append(ft.Text(t("ui.progress_dealer",
                                  progress=t.sentence(game.progress()),
                                  dealer=game.variant.dealer_name(game.dealer, game.players)),
                                size=15))
        controls.append(ft.Text(t.render(game.openers()), size=13))
        if not entered:  # stored or imported; entry comes later
            controls.append(w.note(t("ui.no_entry_yet", game=t(f"game.{game.variant_name}"))))
        else:
            if game.pending is not None:  # a round in play (Call Break: its calls)
                calls = game.variant.announced_words(game.pending, game.dealer, game.players)
                controls.append(ft.Text(t("ui.round_playing", number=game.deals_counted + 1,
                                          calls=calls),
                                        size=16, weight=ft.FontWeight.BOLD))
            if kept == 0:  # the next deal, left half entered: Continue takes New deal's place
                controls.append(_kept(app, game, 0))
            else:
                start = (t("ui.enter_tricks") if game.pending is not None
                         else t("ui.new_deal", unit=unit))
                gid = game.id
                controls.append(_steady(drawn, "start", start, lambda: w.tap(
                    start, start, lambda: _new_deal(app, gid), primary=True)))
    if kept:  # a correction left half done
        controls.append(_kept(app, game, kept))
    if game.deals and entered:
        undo, now = t("ui.undo_last", unit=unit), _now(drawn, game)
        controls.append(_steady(drawn, "undo", undo, lambda: w.tap(
            undo, undo, lambda: confirm_remove(app, now()))))
    board = scoreboard(game, t, lambda number: app.go(addresses.detail(game.id, number)),
                       drawn.reuse)
    if board is not None:  # rubber, Chicago, team match: their own (scorer/ui/boards/views.py)
        controls.append(board)
    elif game.records:
        controls.append(totals_chart(game, t, drawn.reuse, app.text_scale))
    controls += _steady_top(app, game, drawn)
    fold = len(controls)  # what a phone shows at once ends here (see _fold)
    if game.records:
        controls.append(w.heading(deals_heading(game, t)))
    records = game.records[::-1]
    shown = records if game.id in drawn.all_deals else records[:DEALS_SHOWN]
    if shown:
        controls.append(deal_grid(
            game.parties, grid_rows(game, t, shown, label_t=t.plain),
            lambda number: app.go(addresses.detail(game.id, number)), drawn.reuse))
    if len(shown) < len(records):
        controls.append(w.tap(t("ui.show_all_deals", n=len(records), unit=unit),
                              t("ui.show_all_deals_label", unit=unit),
                              partial(_show_all, app, drawn, game.id)))
    undone = undone_texts(game, t)
    if undone:
        controls.append(w.heading(t("ui.undone", unit=unit)))
        controls += [w.suited(text, size=13) for text in undone]
    controls += _steady_foot(app, game, drawn)
    keyed = board is None or board.data != IN_PLACE  # see board_key
    if keyed:  # (a team match's board changes in place, in a column without a key)
        controls[fold:] = [_fold(app, controls[fold:])]
    return screen(addresses.game(game.id), t(f"game.{game.variant_name}"),
                  [contents(controls, board_key(game.id) if keyed else None)])


def below(controls: list[ft.Control], visible: bool = True) -> ft.Column:
    """The scoreboard's part below the fold (see :func:`_fold`), spaced as the rest."""
    return ft.Column(controls, key="below", spacing=10, visible=visible, data=FOLD,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _fold(app: App, rest: list[ft.Control]) -> ft.Column:
    """``rest`` (the deals, sharing, ending, deleting: below what a 360 x 640 phone shows at
    once, which ends at the rules), drawn by the page a frame after the rest of the screen
    when the screen is new to the page: after a Save, or opened from home. The page builds
    such a screen whole; the deals' rows and the buttons under them were about half of that
    frame, and nobody sees them before scrolling (decision 598). The same screen drawn
    again (a tap on it, another phone's change) keeps them shown."""
    if not app.screen_is_new:
        return below(rest)
    route = app.route

    def then() -> None:  # not if the player has moved on, or it was drawn again meanwhile
        if app.route == route and not app.screen_is_new:
            unfold(app)
    app.when_taken(then)
    return below(rest, visible=False)


def unfold(app: App) -> bool:
    """Show the scoreboard's part that :func:`_fold` left out; False if none is hidden."""
    if not app.page.views:
        return False
    view = app.page.views[0]
    for at, shown in enumerate(view.controls):
        if not isinstance(shown, ft.Column) or not shown.controls:
            continue
        folded = shown.controls[-1]
        if isinstance(folded, ft.Column) and folded.data == FOLD and not folded.visible:
            # A new column in place of the one sent (it may be frozen: see board_key) around
            # the same controls: Flet sends only the part's "visible".
            controls = list(view.controls)
            key = shown.key if isinstance(shown.key, str) else None
            controls[at] = contents([*shown.controls[:-1], below(folded.controls)], key)
            view.controls = controls
            app.page.update()
            return True
    return False


def _new_deal(app: App, game_id: str) -> None:
    app.keeper.forget_draft()
    app.go(addresses.deal(game_id))


def _kept(app: App, game: Game, number: int) -> ft.Control:
    """A deal left half entered (``number`` 0: the next one; else a correction of that deal),
    kept with the game whichever back the player used (decision 150): continue it, or
    discard what was entered."""
    t, unit = app.t, game.variant.deal_word
    title = (t("ui.correct_deal_n", n=game.records[number - 1].table_number, unit=unit)
             if number else t("ui.deal_n", n=game.deals_counted + 1, unit=unit))
    route = addresses.deal_form(game.id, number)

    def resume() -> None:
        app.keeper.forget_draft()
        app.go(route)

    def discard() -> None:
        app.keeper.discard_draft(game.id)
        app.show()

    def ask() -> None:  # one tap beside Continue lost a whole deal (issue 30): asked first
        confirm(app, t("ui.draft_discard_question", title=title),
                t("ui.draft_discard_explain"), t("ui.keep_it"), t("ui.draft_discard"), discard)

    return w.card(
        ft.Text(t("ui.draft_kept", title=title), size=15, weight=ft.FontWeight.BOLD),
        ft.Row([w.tap(t("ui.draft_continue"), t("ui.draft_continue_label", title=title),
                      resume, primary=not number, expand=1),
                w.tap(t("ui.draft_discard"), t("ui.draft_discard_label", title=title),
                      ask, expand=1)], spacing=8))


def confirm_remove(app: App, game: Game) -> None:
    """Remove the last deal, after asking (Undo last deal here, Remove on its detail)."""
    t = app.t
    confirm(app, t("ui.remove_question", n=game.records[-1].table_number,
                   unit=game.variant.deal_word),
            t("ui.remove_explain"), t("ui.keep_it"), t("ui.remove_button"),
            lambda: app.keeper.save_and_go(game.remove_last(), addresses.game(game.id)))


def _result(app: App, game: Game, drawn: Drawn) -> ft.Control:
    """Who won, said when it appears (a live region, after the last Save). Just ended by End
    the game (asked at the foot of the scoreboard), the screen goes back to its top and the
    keyboard's focus to the result, or the winner was left off screen (decision 402)."""
    t = app.t
    said = ft.KeyboardListener(ft.Column([
        ft.Text(t("ui.game_over"), size=20, weight=ft.FontWeight.BOLD),
        ft.Text(outcome_words(game, t), size=16)], spacing=6))
    if game.id in drawn.ended:
        drawn.ended.discard(game.id)
        app.page.run_task(_to_result, app, said)
    return ft.Semantics(container=True, live_region=True, content=said)


async def _to_result(app: App, result: ft.KeyboardListener) -> None:
    try:
        await app.page.views[0].scroll_to(offset=0)
        await cast(Callable[[], Awaitable[None]], result.focus)()  # untyped in Flet
    except Exception:  # noqa: BLE001 - the page went away: nothing to show
        return


def _confirm_close(app: App, game: Game) -> None:
    t = app.t

    def end() -> None:
        app.state(Drawn).ended.add(game.id)
        app.keeper.save_and_go(game.close(), addresses.game(game.id))

    confirm(app, t("ui.end_question"), t("ui.end_explain"), t("ui.keep_playing"),
            t("ui.end_game"), end)


def _confirm_delete(app: App, game: Game) -> None:
    """Delete a game after asking; a downloaded copy can be imported to bring it back."""
    t = app.t

    def delete() -> None:
        app.page.pop_dialog()
        if app.keeper.delete(game.id):
            app.message = t("ui.deleted")
            app.go(addresses.HOME)

    ask_delete(app, t("ui.delete_question"), t("ui.delete_explain"),
               lambda: app.page.run_task(download, app, game, "json"), delete)


def _show_all(app: App, drawn: Drawn, game_id: str) -> None:
    """Every deal of the game in the list, not only the latest."""
    drawn.all_deals.add(game_id)
    app.show()


def _steady(drawn: Drawn, name: str, shows: object, make: Callable[[], ft.Control]) -> ft.Control:
    """A part of the scoreboard that shows the same from one Save to the next (its buttons,
    the rules line): the control drawn last time, when it shows ``shows`` again. Its taps act
    on the game as last drawn (:attr:`Drawn.games`), so a kept button is one a new drawing
    would make. Keyed: Flet pairs it with itself and compares nothing below it."""
    def made() -> ft.Control:
        control = make()
        control.key = f"steady/{name}"
        return control
    return drawn.reuse.get(("steady", name, shows), made)


def _now(drawn: Drawn, game: Game) -> Callable[[], Game]:
    """The game as last drawn, for a kept button of ``game``'s scoreboard to act on (a tap
    racing a move to another game: ``game`` itself)."""
    gid = game.id
    return lambda: drawn.games.get(gid, game)


def _steady_top(app: App, game: Game, drawn: Drawn) -> list[ft.Control]:
    """The rules line and the rules' button, kept from one drawing to the next."""
    t, name = app.t, game.variant_name
    rules = rules_line(app, game)
    title = t("ui.rules_of", game=t(f"game.{name}"))
    return [_steady(drawn, "rules line", rules, lambda: ft.Text(rules, size=12)),
            _steady(drawn, "rules", title,
                    lambda: w.tap(title, title, lambda: show_rules(app, name)))]


def _steady_foot(app: App, game: Game, drawn: Drawn) -> list[ft.Control]:
    """Sharing, the link, the other table, ending and deleting: the same words at every Save,
    kept from one drawing to the next (:func:`_steady`); each tap takes the game as last
    drawn."""
    t, gid, now = app.t, game.id, _now(drawn, game)

    def pair(a: tuple[str, Callable[[], object]], b: tuple[str, Callable[[], object]]
             ) -> Callable[[], ft.Control]:
        return lambda: ft.Row([w.tap(a[0], a[0], a[1], expand=1),
                               w.tap(b[0], b[0], b[1], expand=1)], spacing=8)

    share = (t("ui.share_sheet"), lambda: app.page.run_task(share_sheet, app, now()))
    copy = (t("ui.copy"), lambda: app.page.run_task(copy_sheet, app, now()))
    csv = (t("ui.download_csv"), lambda: app.page.run_task(download, app, now(), "csv"))
    json = (t("ui.download_json"), lambda: app.page.run_task(download, app, now(), "json"))
    table = (t("ui.show_table"), lambda: app.go(addresses.qr(gid)))
    link = (t("ui.share_link"), lambda: app.page.run_task(linked.share_link, app, now()))
    heads = (t("ui.share"), t("ui.link_heading"))
    controls = [_steady(drawn, "share heading", heads[0], lambda: w.heading(heads[0])),
                _steady(drawn, "share", share[0], pair(share, copy)),
                _steady(drawn, "download", csv[0], pair(csv, json)),
                _steady(drawn, "link heading", heads[1], lambda: w.heading(heads[1])),
                _steady(drawn, "link", link[0], pair(table, link))]
    if game.variant.teams:  # a team match: the other table's phone sends its boards (issue 32)
        rooms = t("rooms.title")
        controls.append(_steady(drawn, "rooms", rooms, lambda: w.tap(
            rooms, rooms, lambda: app.go(addresses.rooms(gid)))))
    if game.outcome is None:
        end = t("ui.end_now")
        controls.append(_steady(drawn, "end", end, lambda: w.tap(
            end, end, lambda: _confirm_close(app, now()))))
    delete = t("ui.delete_game")
    controls.append(_steady(drawn, "delete", delete, lambda: w.tap(
        delete, delete, lambda: _confirm_delete(app, now()))))
    return controls
