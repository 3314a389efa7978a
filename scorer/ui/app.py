"""The table app: routes, screens and the handlers that turn taps into calls on the core.

One :class:`Store` serves every session of the process (web mode serves several phones); each
browser tab is a session with its own :class:`ScorerApp`. The route says what is shown, so a
reload shows the same screen:

    /                          home: games in progress and finished
    /new                       new game
    /game/<id>                 scoreboard (and game over)
    /game/<id>/deal            new deal
    /game/<id>/deal/<n>        why this score, history, correct or remove
    /game/<id>/deal/<n>/edit   correct a deal
    /check                     score any hand without recording it
    /join                      address and QR code to join from another phone

Every change goes through the store and is on disk before the screen moves on. Other sessions
showing the same game are told over pubsub and redraw; a save based on an old revision is
refused by the store, the player is told, and the screen refreshes.
"""

from __future__ import annotations

import os
import random
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from ..game import DealRecord, Game
from ..rules import InvalidInput, variant
from ..rules.call_break import as_decimal
from ..rules.minibridge import SEAT_WORDS
from ..sheet import deal_words, outcome_words
from ..store import GameSummary, StaleGame, Store, StoreError
from . import widgets as w
from .deal_entry import DealEntry
from .forms import DealDraft, NewGameForm, recent_names

__all__ = ["ScorerApp", "run", "serve", "make_main"]

GAMES = ("draw-bridge", "minibridge", "call-break")
HOME_LIST = 20  # games shown per section of the home screen before "Show all"
DEALS_SHOWN = 12  # deals shown on the scoreboard before "Show all deals"
TOPIC = "games"


@dataclass(frozen=True)
class Route:
    name: str
    game_id: str | None = None
    deal: int | None = None

    @classmethod
    def parse(cls, route: str) -> Route:
        parts = [p for p in route.split("?")[0].split("/") if p]
        if not parts:
            return cls("home")
        if parts in (["new"], ["check"], ["join"]):
            return cls(parts[0])
        if parts[0] == "game" and len(parts) >= 2:
            if len(parts) == 2:
                return cls("game", parts[1])
            if len(parts) == 3 and parts[2] == "deal":
                return cls("deal", parts[1])
            if len(parts) >= 4 and parts[2] == "deal" and parts[3].isdigit():
                name = "edit" if len(parts) == 5 and parts[4] == "edit" else "detail"
                return cls(name, parts[1], int(parts[3]))
        return cls("home")


class ScorerApp:
    """One session's screens and state."""

    def __init__(self, page: ft.Page, store: Store, join_url: str | None = None) -> None:
        self.page = page
        self.store = store
        self.join_url = join_url
        self.game: Game | None = None
        self.draft: DealDraft | None = None
        self.draft_key: tuple[str, str, int | None] | None = None
        self.form = NewGameForm()
        self.check: DealDraft | None = None
        self.check_rules: dict[str, str] = {}
        self.notice_box = ft.Column()
        self.message = ""
        self.home_expanded: set[str] = set()
        self.all_deals: set[str] = set()  # games whose scoreboard lists every deal
        page.title = "Scorer"
        page.fonts = {w.SYMBOL_FONT: "fonts/ScorerSymbols.ttf"}
        page.theme_mode = ft.ThemeMode.SYSTEM
        # No page-turn animations: at the table the next screen should simply be there.
        still = ft.PageTransitionsTheme(**{platform: ft.PageTransitionTheme.NONE for platform in
                                           ("android", "ios", "linux", "macos", "windows")})
        page.theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN, page_transitions=still)
        page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.GREEN, page_transitions=still)
        self.route = page.route or "/"
        page.on_route_change = lambda e: self._route_changed(e.route)
        page.pubsub.subscribe_topic(TOPIC, self._on_message)

    # --- navigation -----------------------------------------------------------------------
    def go(self, route: str) -> None:
        """Show ``route`` now; the browser's address and history follow."""
        self.route = route
        self.show()
        if route != self.page.route:
            self.page.run_task(self.page.push_route, route)

    def _route_changed(self, route: str) -> None:
        """The browser moved (back button, address typed, or following ``go``)."""
        if route != self.route:
            self.route = route
            self.show()

    def show(self) -> None:
        """Draw the screen for the current route.

        The app is one View whose contents change: no page-turn to wait for, and dialogs stay
        attached. The app bar's back button goes to the screen above this one."""
        view, parent = self._screen_for(Route.parse(self.route))
        if self.message:  # a message for the player goes on top of the screen they will see
            view.controls.insert(0, w.card(w.note(self.message, error=True)))
            self.message = ""
        if parent is not None and view.appbar is not None:
            view.appbar.leading = ft.Semantics(
                label="Back", button=True, container=True,
                content=ft.IconButton(ft.Icons.ARROW_BACK, on_click=lambda _e: self.go(parent)))
        if self.page.views:
            _copy_view(view, self.page.views[0])
            del self.page.views[1:]
        else:
            self.page.views.append(view)
        self.page.update()

    def _screen_for(self, route: Route) -> tuple[ft.View, str | None]:
        """The screen for ``route`` and the route its back button leads to."""
        if route.name == "home":
            return self._home_view(), None
        if route.name in ("new", "check", "join"):
            build = {"new": self._new_game_view, "check": self._check_view,
                     "join": self._join_view}[route.name]
            return build(), "/"
        assert route.game_id is not None
        game = self._open(route.game_id)
        if game is None:
            self.message = f"There is no stored game {route.game_id}."
            return self._home_view(), None
        home = f"/game/{game.id}"
        if route.name == "deal" and not game.is_over:
            return self._deal_view(game, None), home
        if route.name in ("detail", "edit") and route.deal is not None \
                and 1 <= route.deal <= len(game.deals):
            if route.name == "edit":
                return self._deal_view(game, route.deal), f"{home}/deal/{route.deal}"
            return self._detail_view(game, route.deal), home
        return self._game_view(game), "/"

    def _open(self, game_id: str) -> Game | None:
        try:
            self.game = self.store.load(game_id)
        except StoreError:
            self.game = None
        return self.game

    # --- pubsub -------------------------------------------------------------------------
    def _announce(self, game_id: str) -> None:
        self.page.pubsub.send_others_on_topic(TOPIC, game_id)

    def _on_message(self, topic: str, game_id: Any) -> None:
        route = Route.parse(self.route)
        if route.name in ("deal", "edit") and route.game_id == game_id:
            # Keep what the player is entering (and the game it was based on): their save will
            # be checked against the store.
            self.notice_box.controls = [w.card(w.note(
                "This game was just changed on another phone.", error=True))]
            self.page.update()
            return
        if route.name in ("home", "game", "detail") and (route.game_id in (None, game_id)):
            self.show()

    # --- saving ---------------------------------------------------------------------------
    def _save(self, changed: Game, then: str) -> bool:
        """Save ``changed``; on success go to ``then``. A stale game is refused and reloaded."""
        try:
            saved = self.store.save(changed)
        except StaleGame as error:
            self.message = (f"Not saved: {error}. The screen now shows the game as it is "
                            "stored; enter your change again if it is still needed.")
            self.draft = None
            self.go(f"/game/{changed.id}")
            return False
        except (StoreError, OSError) as error:
            self._snack(f"Not saved: {error}")
            return False
        self.game = saved
        self._announce(saved.id)
        self.go(then)
        return True

    def _snack(self, text: str) -> None:
        self.page.show_dialog(ft.SnackBar(ft.Text(text), open=True))

    # --- home -----------------------------------------------------------------------------
    def _home_view(self) -> ft.View:
        controls: list[ft.Control] = []
        for notice in self.store.notices:
            controls.append(w.card(w.note(notice, error=True)))
        controls.append(w.tap("New game", "New game", lambda: self._start_form(NewGameForm()),
                              primary=True))
        controls.append(ft.Row([
            w.tap("Check a score", "Check a score", lambda: self.go("/check"), expand=1),
            w.tap("Join from another phone", "Join from another phone",
                  lambda: self.go("/join"), expand=1),
        ], spacing=8))
        summaries = self.store.list_games()
        for title, status in (("In progress", "in progress"), ("Finished", "finished")):
            group = [s for s in summaries if s.status == status]
            if not group:
                continue
            controls.append(w.heading(f"{title} ({len(group)})"))
            shown = group if status in self.home_expanded else group[:HOME_LIST]
            controls += [self._game_card(s) for s in shown]
            if len(shown) < len(group):
                controls.append(w.tap(f"Show all {len(group)}",
                                      f"Show all {title.lower()} games",
                                      lambda status=status: self._expand_home(status)))
        if not summaries:
            controls.append(w.note("No games yet. Tap New game to start one."))
        return screen("/", "Scorer", controls)

    def _game_card(self, s: GameSummary) -> ft.Control:
        totals = " · ".join(f"{p} {t}" for p, t in zip(s.parties, s.totals, strict=True))
        title = f"{variant(s.variant).title}: {', '.join(s.players)}"
        winner = "" if not s.winners else " · winner: " + " and ".join(
            s.parties[i] for i in s.winners)
        changed = s.updated_at[:16].replace("T", " ")
        return ft.Semantics(
            container=True, label=f"Open {title}", button=True,
            content=w.card(ft.Text(title, weight=ft.FontWeight.BOLD), ft.Text(totals),
                           ft.Text(f"{s.deals} deals{winner} · changed {changed} UTC", size=12),
                           on_tap=lambda: self.go(f"/game/{s.id}")))

    def _expand_home(self, status: str) -> None:
        self.home_expanded.add(status)
        self.show()

    # --- new game -------------------------------------------------------------------------
    def _start_form(self, form: NewGameForm) -> None:
        self.form = form
        self.go("/new")

    def _new_game_view(self) -> ft.View:
        form = self.form
        v = variant(form.variant_name)
        start_reason = form.problem()
        reason = w.note(start_reason or "", error=True)
        start = w.tap("Start game", "Start game", self._create_game, primary=True,
                      disabled=start_reason is not None)

        def refresh_start() -> None:
            problem = form.problem()
            reason.value = problem or ""
            start.content.disabled = problem is not None  # type: ignore[attr-defined]
            self.page.update()

        def dealer_choices() -> ft.Control:
            names = [n.strip() or form.seat_label(i) for i, n in enumerate(form.names)]
            return w.ChoiceGroup([None, *range(v.player_count)], ["Draw at random", *names],
                                 ["First dealer at random",
                                  *(f"First dealer {n}" for n in names)],
                                 form.first_dealer,
                                 lambda d: setattr(form, "first_dealer", d), per_row=3).control

        dealer_box = ft.Container(dealer_choices())

        def set_name(i: int, value: str) -> None:
            form.names[i] = value
            dealer_box.content = dealer_choices()
            refresh_start()

        controls: list[ft.Control] = [w.heading("Game")]
        controls.append(w.ChoiceGroup(GAMES, [variant(g).title for g in GAMES],
                                      [variant(g).title for g in GAMES], form.variant_name,
                                      self._pick_game, per_row=3).control)
        order = {"minibridge": "Seats: North and South play against East and West.",
                 "call-break": "Enter the players in the order of play (counter-clockwise): "
                               "each deals after the one before.",
                 "draw-bridge": "Two players."}[v.name]
        controls += [w.heading("Players"), w.note(order)]
        for i in range(v.player_count):
            controls.append(ft.TextField(label=form.seat_label(i), value=form.names[i],
                                         on_change=lambda e, i=i: set_name(i, e.control.value)))
        recent = [n for n in recent_names([s.players for s in self.store.list_games()])
                  if n.casefold() not in {x.strip().casefold() for x in form.names}]
        if recent:
            controls.append(w.note("Recent players: tap to fill the next seat"))
            controls.append(ft.Row([w.tap(n, f"Recent player {n}",
                                          lambda n=n: self._offer_name(n))
                                    for n in recent[:8]], wrap=True, spacing=4))
        controls.append(w.heading("First dealer"))
        controls.append(dealer_box)
        controls.append(w.heading("End of the game"))
        kinds = [k for k in ("target", "deals", "open") if k in v.end_kinds]
        kind_words = {"target": "Target score", "deals": "Number of deals", "open": "Open-ended"}
        if len(kinds) > 1:
            controls.append(w.ChoiceGroup(kinds, [kind_words[k] for k in kinds],
                                      [f"End: {kind_words[k]}" for k in kinds], form.end_kind,
                                      self._pick_end, per_row=3).control)
        if form.end_kind != "open":
            suggestions = [str(e.value) for e in v.end_suggestions if e.kind == form.end_kind]
            suggestion_group = None

            def typed_end(value: str) -> None:
                form.end_value = value
                if suggestion_group is not None:
                    suggestion_group.select(value.strip())
                refresh_start()

            def picked_end(value: str) -> None:
                form.end_value = field.value = value
                refresh_start()

            field = ft.TextField(label=kind_words[form.end_kind], value=form.end_value,
                                 keyboard_type=ft.KeyboardType.NUMBER,
                                 on_change=lambda e: typed_end(e.control.value))
            controls.append(field)
            if suggestions:
                suggestion_group = w.ChoiceGroup(
                    suggestions, suggestions,
                    [f"{kind_words[form.end_kind]} {s}" for s in suggestions],
                    form.end_value, picked_end, per_row=4)
                controls.append(suggestion_group.control)
            default = v.default_end
            if default.kind == form.end_kind:
                controls.append(w.note(f"Default: {default.value}"))
        else:
            controls.append(w.note("The game goes on until you end it; the higher total wins."))
        if v.house_rules:
            controls.append(w.heading("House rules"))
        controls += self._rule_pickers(v, form.rules,
                                       lambda name, c: form.rules.__setitem__(name, c))
        controls += [reason, start]
        return screen("/new", "New game", controls)

    def _pick_game(self, name: str) -> None:
        self.form.choose(name)
        self.show()

    def _pick_end(self, kind: str) -> None:
        v = variant(self.form.variant_name)
        self.form.end_kind = kind
        same = [e for e in (v.default_end, *v.end_suggestions) if e.kind == kind]
        self.form.end_value = str(same[0].value or "") if same else ""
        self.show()

    def _offer_name(self, name: str) -> None:
        self.form.offer_name(name)
        self.show()

    def _create_game(self) -> None:
        try:
            game = self.form.create(random.Random())
        except InvalidInput as error:
            self._snack(str(error))
            return
        self._save(game, f"/game/{game.id}")

    # --- scoreboard -------------------------------------------------------------------------
    def _points(self, game: Game, value: int) -> str:
        if game.variant_name == "call-break":
            return f"{value} ({as_decimal(value)})"
        return str(value)

    def _game_view(self, game: Game) -> ft.View:
        controls: list[ft.Control] = []
        outcome = game.outcome
        leaders = set(outcome.winners) if outcome else set()
        rows = [ft.Row([ft.Text(party, size=18, expand=True,
                                weight=ft.FontWeight.BOLD if i in leaders else None),
                        ft.Text(self._points(game, total), size=26, weight=ft.FontWeight.BOLD,
                                semantics_label=f"{party} total {total}")])
                for i, (party, total) in enumerate(zip(game.parties, game.totals, strict=True))]
        controls.append(w.card(*rows))
        if game.end.kind == "target" and game.end.value:
            best = max(game.totals)
            controls.append(ft.ProgressBar(value=max(0.0, min(1.0, best / game.end.value))))
        if outcome is not None:
            controls.append(w.card(
                ft.Text("Game over", size=20, weight=ft.FontWeight.BOLD),
                ft.Text(outcome_words(game), size=16),
                w.tap("Rematch", "Rematch with the same players and rules",
                      lambda: self._start_form(NewGameForm.rematch(game)), primary=True)))
        else:
            dealer = game.players[game.dealer]
            controls.append(ft.Text(f"{game.progress().capitalize()} · dealer: {dealer}",
                                    size=15))
            controls.append(ft.Text(game.openers(), size=13))
            controls.append(w.tap("New deal", "New deal", lambda: self._new_deal(game),
                                  primary=True))
        controls.append(ft.Text("Rules: " + "; ".join(game.rules_text()), size=12))
        if game.records:
            controls.append(w.heading(f"Deals ({len(game.records)}), newest first"))
        records = game.records[::-1]
        shown = records if game.id in self.all_deals else records[:DEALS_SHOWN]
        controls += [self._deal_card(game, record) for record in shown]
        if len(shown) < len(records):
            controls.append(w.tap(f"Show all {len(records)} deals", "Show all deals",
                                  lambda: (self.all_deals.add(game.id), self.show())))
        if outcome is None:
            controls.append(w.tap("End the game now", "End the game now",
                                  lambda: self._confirm_close(game)))
        title = f"{game.variant.title}"
        return screen(f"/game/{game.id}", title, controls)

    def _deal_card(self, game: Game, record: DealRecord) -> ft.Control:
        what, tricks = deal_words(game, record)
        points = " / ".join(str(p) for p in record.score.points)
        totals = " / ".join(str(t) for t in record.totals)
        detail = (f"calls {what}; tricks {tricks}" if game.variant_name == "call-break"
                  else record.score.summary)
        return ft.Semantics(
            container=True, label=f"Deal {record.number}: {detail}", button=True,
            content=w.card(
                ft.Text(f"{record.number}. {detail}", weight=ft.FontWeight.BOLD),
                ft.Text(f"points {points} · totals {totals} · dealt by "
                        f"{game.players[record.dealer]}", size=13),
                on_tap=lambda: self.go(f"/game/{game.id}/deal/{record.number}")))

    def _confirm_close(self, game: Game) -> None:
        def close(_e: Any) -> None:
            self.page.pop_dialog()
            self._save(game.close(), f"/game/{game.id}")

        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text("End the game now?"),
            content=ft.Text("The highest total wins; equal totals share the win."),
            actions=[ft.TextButton("Keep playing", on_click=lambda e: self.page.pop_dialog()),
                     ft.TextButton("End the game", on_click=close)]))

    def _new_deal(self, game: Game) -> None:
        self.draft = None
        self.go(f"/game/{game.id}/deal")

    # --- deal entry ------------------------------------------------------------------------
    def _draft_for(self, game: Game, number: int | None) -> DealDraft:
        key = (game.id, "edit" if number else "new", number)
        if self.draft is None or self.draft_key != key:
            self.draft = (DealDraft.from_deal(game, number) if number
                          else DealDraft.for_game(game))
            self.draft_key = key
        return self.draft

    def _deal_view(self, game: Game, number: int | None) -> ft.View:
        draft = self._draft_for(game, number)
        save = w.tap("Save deal", "Save deal", lambda: self._save_deal(game, number),
                     primary=True)
        status = ft.Text(size=15, weight=ft.FontWeight.BOLD)

        def changed() -> None:
            evaluation = entry.refresh()
            status.value = entry.status(evaluation)
            status.color = ft.Colors.ERROR if evaluation.problem else None
            w.set_enabled(save, evaluation.can_save)
            self.page.update()

        entry = DealEntry(draft, changed)
        evaluation = entry.refresh()
        status.value = entry.status(evaluation)
        status.color = ft.Colors.ERROR if evaluation.problem else None
        w.set_enabled(save, evaluation.can_save)
        self.notice_box = ft.Column()
        controls: list[ft.Control] = [self.notice_box]
        controls.append(ft.Text(f"Dealer: {game.players[draft.dealer]}", size=14))
        controls += entry.controls
        controls.append(entry.preview)
        title = f"Correct deal {number}" if number else f"Deal {len(game.deals) + 1}"
        bar = ft.BottomAppBar(content=ft.Row([ft.Container(status, expand=True), save]),
                              height=76, padding=ft.Padding.symmetric(horizontal=10,
                                                                      vertical=6))
        route = f"/game/{game.id}/deal" + (f"/{number}/edit" if number else "")
        return screen(route, title, controls, bottom_appbar=bar)

    def _save_deal(self, game: Game, number: int | None) -> None:
        assert self.draft is not None
        evaluation = self.draft.evaluate()
        if not evaluation.can_save:
            return
        try:
            changed = (game.correct(number, evaluation.deal) if number
                       else game.add_deal(evaluation.deal))
        except InvalidInput as error:
            self._snack(str(error))
            return
        if self._save(changed, f"/game/{game.id}"):
            self.draft = None

    # --- deal detail ---------------------------------------------------------------------
    def _detail_view(self, game: Game, number: int) -> ft.View:
        record = game.records[number - 1]
        controls: list[ft.Control] = [
            ft.Text(f"Dealt by {game.players[record.dealer]}", size=14),
            ft.Text(record.score.summary, size=18, weight=ft.FontWeight.BOLD),
            w.heading("Why this score"),
            *[ft.Text(line.text, size=14) for line in record.score.lines],
            ft.Text("Points: " + " · ".join(
                f"{p} {self._points(game, v)}" for p, v in
                zip(game.parties, record.score.points, strict=True)), size=15),
            ft.Text("Totals after this deal: " + " · ".join(
                f"{p} {v}" for p, v in zip(game.parties, record.totals, strict=True)), size=15),
            ft.Text("Rules: " + "; ".join(game.rules_text()), size=12),
        ]
        changes = [c for c in game.history if c.deal == number]
        if changes:
            controls.append(w.heading("History"))
        v = game.variant
        for change in changes:
            before = v.deal_from_dict(change.before)
            after = "removed" if change.after is None else self._deal_text(
                game, v.deal_from_dict(change.after))
            controls.append(ft.Text(f"{change.at[:16].replace('T', ' ')}: "
                                    f"{self._deal_text(game, before)}, became {after}", size=13))
        controls.append(w.tap("Correct this deal", "Correct this deal",
                              lambda: self._edit(game, number), primary=True))
        if number == len(game.deals):
            controls.append(w.tap("Remove this deal", "Remove this deal",
                                  lambda: self._confirm_remove(game)))
        return screen(f"/game/{game.id}/deal/{number}", f"Deal {number}", controls)

    @staticmethod
    def _deal_text(game: Game, deal: Any) -> str:
        data = deal.to_dict()
        if game.variant_name == "call-break":
            return f"calls {' '.join(map(str, deal.calls))}, tricks " \
                   f"{' '.join(map(str, deal.tricks))}"
        if data.get("passed_out"):
            return "passed out"
        if data.get("redeal"):
            return "redeal"
        declarer = deal.declarer
        return f"{deal.contract} by {game.players[declarer]}, {deal.tricks} tricks"

    def _edit(self, game: Game, number: int) -> None:
        self.draft = None
        self.go(f"/game/{game.id}/deal/{number}/edit")

    def _confirm_remove(self, game: Game) -> None:
        def remove(_e: Any) -> None:
            self.page.pop_dialog()
            self._save(game.remove_last(), f"/game/{game.id}")

        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(f"Remove deal {len(game.deals)}?"),
            content=ft.Text("It stays in the game's history."),
            actions=[ft.TextButton("Keep it", on_click=lambda e: self.page.pop_dialog()),
                     ft.TextButton("Remove", on_click=remove)]))

    # --- check a score ---------------------------------------------------------------------
    def _check_draft(self) -> DealDraft:
        if self.check is None:
            self._reset_check("draw-bridge")
        assert self.check is not None
        return self.check

    def _reset_check(self, name: str, rules: dict[str, str] | None = None) -> None:
        v = variant(name)
        self.check_rules = rules if rules is not None else {r.name: r.default
                                                             for r in v.house_rules}
        players = (("Declarer", "Opponent") if v.player_count == 2 else
                   tuple(SEAT_WORDS) if name == "minibridge" else
                   ("Player 1", "Player 2", "Player 3", "Player 4"))
        old = self.check
        self.check = DealDraft(v.name, players, v.parse_rules(self.check_rules))
        if old is not None and old.variant_name != "call-break" and name != "call-break":
            for attr in ("level", "strain", "tricks"):
                setattr(self.check, attr, getattr(old, attr))
        if v.name == "draw-bridge":
            self.check.declarer = 0

    def _check_view(self) -> ft.View:
        draft = self._check_draft()
        v = variant(draft.variant_name)
        entry = DealEntry(draft, self.page.update)
        self.check_entry = entry
        controls: list[ft.Control] = [
            w.note("Score any hand under any house rules. Nothing is recorded."),
            w.ChoiceGroup(GAMES, [variant(g).title for g in GAMES],
                          [f"Check {variant(g).title}" for g in GAMES], draft.variant_name,
                          self._check_game, per_row=3).control,
        ]
        controls += self._rule_pickers(v, self.check_rules, self._check_rule)
        if v.name == "minibridge":
            def set_dealer(dealer: int) -> None:
                draft.dealer = dealer
                entry.changed()

            controls.append(w.heading("Dealer"))
            controls.append(w.ChoiceGroup(list(range(4)), list(SEAT_WORDS),
                                          [f"Dealer {s}" for s in SEAT_WORDS], draft.dealer,
                                          set_dealer, per_row=4).control)
        controls += entry.controls
        controls.append(entry.preview)
        return screen("/check", "Check a score", controls)

    def _rule_pickers(self, v: Any, current: dict[str, str],
                      on_pick: Callable[[str, str], None]) -> list[ft.Control]:
        """One line of explanation and a choice of values per house rule."""
        controls: list[ft.Control] = []
        for rule in v.house_rules:
            controls.append(ft.Text(f"{rule.name}: {rule.explanation}", size=13))
            controls.append(w.ChoiceGroup(
                list(rule.choices),
                [f"{c} (default)" if c == rule.default else c for c in rule.choices],
                [f"Rule {rule.name} {c}" for c in rule.choices],
                current.get(rule.name, rule.default),
                lambda c, name=rule.name: on_pick(name, c), per_row=3).control)
        return controls

    def _check_game(self, name: str) -> None:
        self._reset_check(name)
        self.show()

    def _check_rule(self, name: str, value: str) -> None:
        draft = self._check_draft()
        self.check_rules[name] = value
        draft.rules = variant(draft.variant_name).parse_rules(self.check_rules)
        if draft.variant_name == "call-break":
            self.check_entry.set_min_call(draft.rules.min_call)
        self.check_entry.changed()

    # --- join ---------------------------------------------------------------------------
    def _join_view(self) -> ft.View:
        url = self.join_url or (self.page.url or "")
        controls: list[ft.Control] = [
            w.note("On another phone on the same Wi-Fi, scan this code or open the address."),
            ft.Text(url, size=18, selectable=True, semantics_label=f"Address {url}"),
        ]
        if url:
            controls.append(ft.Image(src=qr_png(url), width=240, height=240,
                                     semantics_label=f"QR code for {url}"))
        return screen("/join", "Join from another phone", controls)


def screen(route: str, title: str, controls: list[ft.Control], **options: Any) -> ft.View:
    """A screen: app bar with its title, contents stretched to the width, scrolling."""
    return ft.View(route=route, appbar=ft.AppBar(title=ft.Text(title),
                                                 automatically_imply_leading=False),
                   controls=controls,
                   horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                   scroll=ft.ScrollMode.AUTO, **options)


def _copy_view(source: ft.View, target: ft.View) -> None:
    for name in ("controls", "appbar", "bottom_appbar", "horizontal_alignment", "scroll",
                 "route"):
        setattr(target, name, getattr(source, name))


# --- starting it ------------------------------------------------------------------------------


def qr_png(url: str) -> bytes:
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=8, border=2)
    return buffer.getvalue()


def make_main(store: Store, join_url: str | None = None) -> Callable[[ft.Page], None]:
    def main(page: ft.Page) -> None:
        app = ScorerApp(page, store, join_url)
        app.show()

    return main


def lan_address() -> str:
    """This machine's address as other phones on the network see it (best effort)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return "127.0.0.1"
    for info in infos:
        address = str(info[4][0])
        if not address.startswith("127."):
            return address
    return "127.0.0.1"


def serve(host: str = "127.0.0.1", port: int = 8550, data_dir: str | None = None) -> None:
    """Serve the web app (offline, no CDN) and print its address and a QR code."""
    import segno

    store = Store(data_dir)
    shown = lan_address() if host in ("0.0.0.0", "") else host
    url = f"http://{shown}:{port}/"
    print(f"Scorer is served at {url}  (data: {store.folder})", flush=True)
    if host not in ("127.0.0.1", "localhost"):
        segno.make(url, error="m").terminal(compact=True)
    else:
        print("Only this machine can open it; use --host 0.0.0.0 to serve phones on this "
              "network.", flush=True)
    try:
        ft.run(make_main(store, url), view=ft.AppView.WEB_BROWSER, host=host, port=port,
               no_cdn=True, assets_dir=_assets_dir())
    finally:
        store.close()


def run(data_dir: str | None = None) -> None:
    """The app in a desktop window where a Flet desktop client is available, else the web app
    in the default browser on localhost."""
    store = Store(data_dir)
    try:
        try:
            import flet_desktop  # noqa: F401
        except ImportError:
            port = _free_port()
            print(f"Scorer is running at http://127.0.0.1:{port}/ (opening your browser; "
                  f"data: {store.folder}). Stop it with Ctrl+C.", flush=True)
            ft.run(make_main(store), view=ft.AppView.WEB_BROWSER, host="127.0.0.1",
                   port=port, no_cdn=True, assets_dir=_assets_dir())
        else:
            ft.run(make_main(store), view=ft.AppView.FLET_APP, no_cdn=True,
                   assets_dir=_assets_dir())
    finally:
        store.close()


def _free_port(preferred: int = 8550) -> int:
    for port in (preferred, 0):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return int(probe.getsockname()[1])
    raise OSError("no free port on 127.0.0.1")


def _assets_dir() -> str:
    return os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), "assets")
