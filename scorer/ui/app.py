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

import asyncio
import random
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

import flet as ft

from ..game import Game
from ..i18n import LANGUAGES, Translator, choose_language
from ..rulebook import rules_page
from ..rules import VARIANTS, InvalidInput, variant
from ..rules.call_break import as_decimal
from ..sheet import outcome_words, to_csv, to_text
from ..stats import PlayerStats
from ..store import GameSummary, InvalidImport, StaleGame, Store, StoreError
from . import widgets as w
from .chart import totals_chart
from .deal_entry import DealEntry
from .entry import entry_for
from .forms import DealDraft, NewGameForm, problem_of, recent_names
from .grid import deal_grid
from .present import grid_rows, history_texts, short_time, undone_texts
from .theme import DARK, FALLBACK_FONTS, LIGHT, SYMBOL_FONT, theme

__all__ = ["ScorerApp", "run", "serve", "make_main"]

GAMES = tuple(VARIANTS)  # every game: New game, deal entry, rules
CHECK_GAMES = tuple(name for name in VARIANTS if entry_for(name).draft.checkable)
HOME_LIST = 20  # games shown per section of the home screen before "Show all"
DEALS_SHOWN = 12  # deals shown on the scoreboard before "Show all deals"
TOPIC = "games"
LANGUAGE_KEY = "scorer.language"  # the player's choice, remembered on their device


@dataclass(frozen=True)
class Route:
    name: str
    game_id: str | None = None  # for "rules": the game whose rules are shown
    deal: int | None = None
    rule: str | None = None

    @classmethod
    def parse(cls, route: str) -> Route:
        parts = [p for p in route.split("?")[0].split("/") if p]
        if not parts:
            return cls("home")
        if parts in (["new"], ["check"], ["join"], ["stats"]):
            return cls(parts[0])
        if parts[0] == "rules" and len(parts) in (2, 3) and parts[1] in GAMES:
            return cls("rules", parts[1], rule=parts[2] if len(parts) == 3 else None)
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

    def __init__(self, page: ft.Page, store: Store, join_url: str | None = None,
                 lang: str = "en", prefs: Any = None, table_code: str | None = None,
                 persist: Callable[[], Awaitable[None]] | None = None,
                 serverless: bool = False) -> None:
        self.page = page
        # In the browser build (scorer publish) every change is made durable by ``persist``
        # before the screen moves on, and what needs a server (joining) is not offered.
        self.persist = persist
        self.serverless = serverless
        self.remind_backup: set[str] = set()  # games that just ended here: remind once
        self.saving = False
        self.t = Translator(lang, suits=True)
        self.prefs = prefs
        self.store = store
        self.join_url = join_url
        self.table_code = table_code
        self.game: Game | None = None
        self.draft: DealDraft | None = None
        self.draft_key: tuple[str, str, int | None] | None = None
        self.form = NewGameForm()
        self.check: DealDraft | None = None
        self.check_rules: dict[str, str] = {}
        self.check_rules_open = False  # Check a score: the house rules unfolded
        self.status_line: ft.Text | None = None  # deal entry's status, beside Save
        self.message = ""
        self.home_expanded: set[str] = set()
        self.all_deals: set[str] = set()  # games whose scoreboard lists every deal
        page.title = "Scorer"
        page.fonts = {SYMBOL_FONT: "fonts/ScorerSymbols.ttf", **FALLBACK_FONTS}
        page.theme_mode = ft.ThemeMode.SYSTEM
        # Colours checked for contrast, fonts for names in other scripts (scorer/ui/theme.py);
        # no page-turn animations: at the table the next screen should simply be there.
        page.theme = theme(LIGHT)
        page.dark_theme = theme(DARK)
        self.rules_back = "/"  # where the rules screen's back button returns
        self.files = ft.FilePicker()  # downloads and imports (a service of this page)
        self.wakelock = ft.Wakelock()  # the screen stays on during a game
        self.share = ft.Share()  # the phone's share sheet, where it has one
        self.awake = False
        self.route = page.route or "/"
        page.on_route_change = lambda e: self._route_changed(e.route)
        page.on_connect = lambda e: self._reconnected()
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

    def _reconnected(self) -> None:
        """The browser reloaded the page and rejoined this session: show what its address says,
        from the store (another phone may have changed things meanwhile)."""
        self.route = self.page.route or "/"
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
            leave = (self._leave_deal if Route.parse(self.route).name in ("deal", "edit")
                     else self.go)
            view.appbar.leading = ft.Semantics(
                label=self.t("ui.back"), button=True, container=True,
                content=ft.IconButton(ft.Icons.ARROW_BACK, on_click=lambda _e: leave(parent)))
        if self.page.views:
            _copy_view(view, self.page.views[0])
            del self.page.views[1:]
        else:
            self.page.views.append(view)
        self.page.update()
        self._keep_awake(Route.parse(self.route).game_id is not None)

    def _keep_awake(self, playing: bool) -> None:
        """The screen stays on while a game is open (a phone on the table must not lock
        between deals), and may sleep again elsewhere."""
        if playing == self.awake:
            return
        self.awake = playing
        self.page.run_task(self._wake, playing)

    async def _wake(self, playing: bool) -> None:
        try:
            await (self.wakelock.enable() if playing else self.wakelock.disable())
        except Exception:  # noqa: BLE001 - a device without a wake lock: the game goes on
            return

    def _screen_for(self, route: Route) -> tuple[ft.View, str | None]:
        """The screen for ``route`` and the route its back button leads to."""
        if route.name == "home":
            return self._home_view(), None
        if route.name == "rules":
            assert route.game_id is not None
            return self._rules_view(route.game_id, route.rule), self.rules_back
        if route.name in ("new", "check", "join", "stats"):
            build = {"new": self._new_game_view, "check": self._check_view,
                     "join": self._join_view, "stats": self._stats_view}[route.name]
            return build(), "/"
        assert route.game_id is not None
        game = self._open(route.game_id)
        if game is None:
            self.message = self.t("ui.no_such_game", id=route.game_id)
            return self._home_view(), None
        home = f"/game/{game.id}"
        if game.variant_name not in GAMES and route.name in ("deal", "edit"):
            return self._game_view(game), "/"
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
            # be checked against the store. Said in the bottom bar's status line, which has a
            # fixed height: nothing moves under the player's finger.
            if self.status_line is not None:
                w.set_suited(self.status_line, self.t("ui.changed_elsewhere"))
                self.status_line.color = ft.Colors.ERROR
                self.page.update()
            return
        if route.name in ("home", "game", "detail") and (route.game_id in (None, game_id)):
            self.show()

    # --- saving ---------------------------------------------------------------------------
    def _save(self, changed: Game, then: str) -> bool:
        """Save ``changed``; on success go to ``then``. A stale game is refused and reloaded."""
        if self.saving:  # a second tap while the browser build is still persisting the first
            return False
        saved = self._write(changed)
        if saved is None:
            return False
        before = self.game
        if self.serverless and saved.is_over and not (
                before is not None and before.id == saved.id and before.is_over):
            self.remind_backup.add(saved.id)
        self.game = saved
        if self.persist is not None:
            self.saving = True
            self.page.run_task(self._persist_then, saved.id, then)
            return True
        self._announce(saved.id)
        self.go(then)
        return True

    async def _persist_then(self, game_id: str, then: str) -> None:
        """The browser build: move on only once the change is in the browser's storage."""
        assert self.persist is not None
        try:
            await self.persist()
        except OSError as error:
            self._snack(self.t("ui.not_saved", reason=str(error)))
            return
        finally:
            self.saving = False
        self._announce(game_id)
        self.go(then)

    def _write(self, changed: Game) -> Game | None:
        """``changed`` through the store: the saved game, or None after telling the player why
        (a game changed elsewhere meanwhile is shown as it is stored)."""
        try:
            return self.store.save(changed)
        except StaleGame:
            self.message = self.t("ui.stale")
            self.draft = None
            self.go(f"/game/{changed.id}")
        except (StoreError, OSError) as error:
            self._snack(self.t("ui.not_saved", reason=str(error)))
        return None

    def _sync_soon(self) -> None:
        """The browser build: copy writes made outside ``_save`` (a round's calls, a draft, a
        deletion) to the browser's storage too."""
        if self.persist is not None:
            self.page.run_task(self._sync_quietly)

    async def _sync_quietly(self) -> None:
        assert self.persist is not None
        try:
            await self.persist()
        except OSError as error:
            self._snack(self.t("ui.not_saved", reason=str(error)))

    def _snack(self, text: str) -> None:
        self.page.show_dialog(ft.SnackBar(ft.Text(text), open=True))

    # --- home -----------------------------------------------------------------------------
    def _home_view(self) -> ft.View:
        t = self.t
        controls: list[ft.Control] = []
        for notice in self.store.notices:
            controls.append(w.card(w.note(t.sentence(notice), error=True)))
        controls.append(w.tap(t("ui.new_game"), t("ui.new_game"),
                              lambda: self._start_form(NewGameForm()), primary=True))
        if self.serverless:  # nothing here serves other phones
            controls.append(w.tap(t("ui.check"), t("ui.check"), lambda: self.go("/check")))
        else:
            controls.append(ft.Row([
                w.tap(t("ui.check"), t("ui.check"), lambda: self.go("/check"), expand=1),
                w.tap(t("ui.join"), t("ui.join"), lambda: self.go("/join"), expand=1),
            ], spacing=8))
        controls.append(ft.Row([
            w.tap(t("ui.import"), t("ui.import"), lambda: self.page.run_task(self._import),
                  expand=1),
            w.tap(t("ui.stats"), t("ui.stats"), lambda: self.go("/stats"), expand=1)],
            spacing=8))
        summaries = self.store.list_games()
        for status in ("in progress", "finished"):
            group = [s for s in summaries if s.status == status]
            if not group:
                continue
            key = "progress" if status == "in progress" else "finished"
            controls.append(w.heading(t(f"ui.home_{key}", n=len(group))))
            shown = group if status in self.home_expanded else group[:HOME_LIST]
            controls += [self._game_card(s) for s in shown]
            if len(shown) < len(group):
                controls.append(w.tap(t("ui.show_all", n=len(group)),
                                      t(f"ui.show_all_{key}"),
                                      lambda status=status: self._expand_home(status)))
        if not summaries:
            controls.append(w.note(t("ui.no_games")))
        controls.append(w.heading(t("ui.language")))
        controls.append(w.ChoiceGroup(list(LANGUAGES), list(LANGUAGES.values()),
                                      list(LANGUAGES.values()), t.lang, self._set_language,
                                      per_row=2).control)
        if self.serverless:
            controls.append(w.note(t("ui.join_needs_server")))
        return screen("/", t("ui.app_title"), controls)

    def _set_language(self, lang: str) -> None:
        self.t = Translator(lang, suits=True)
        if self.prefs is not None:
            self.page.run_task(self.prefs.set, LANGUAGE_KEY, lang)
        self.show()

    def _game_card(self, s: GameSummary) -> ft.Control:
        t = self.t
        totals = " · ".join(f"{p} {n}" for p, n in zip(s.parties, s.totals, strict=True))
        title = t("ui.game_players", game=t(f"game.{s.variant}"), players=", ".join(s.players))
        changed = short_time(s.updated_at)
        facts = t("ui.card_facts", n=s.deals, changed=changed)
        if s.winners:
            facts = t("ui.card_winner", facts=facts,
                      winners=t("ui.and").join(s.parties[i] for i in s.winners))
        return ft.Semantics(
            container=True, label=t("ui.open", title=title), button=True,
            content=w.card(ft.Text(title, weight=ft.FontWeight.BOLD), ft.Text(totals),
                           ft.Text(facts, size=12), on_tap=lambda: self.go(f"/game/{s.id}")))

    def _expand_home(self, status: str) -> None:
        self.home_expanded.add(status)
        self.show()

    # --- new game -------------------------------------------------------------------------
    def _start_form(self, form: NewGameForm) -> None:
        self.form = form
        self.go("/new")

    def _new_game_view(self) -> ft.View:
        form, t = self.form, self.t
        v = variant(form.variant_name)
        start_reason = form.problem()
        reason = w.note(t.sentence(start_reason) if start_reason else "", error=True)
        start = w.tap(t("ui.start"), t("ui.start"), self._create_game, primary=True,
                      disabled=start_reason is not None)

        def refresh_start() -> None:
            problem = form.problem()
            reason.value = t.sentence(problem) if problem else ""
            start.content.disabled = problem is not None  # type: ignore[attr-defined]
            self.page.update()

        def dealer_choices() -> ft.Control:
            names = [n.strip() or t.render(form.seat_label(i)) for i, n in enumerate(form.names)]
            return w.ChoiceGroup([None, *range(v.player_count)], [t("ui.random"), *names],
                                 [t("ui.first_dealer_random"),
                                  *(t("ui.first_dealer_is", name=n) for n in names)],
                                 form.first_dealer,
                                 lambda d: setattr(form, "first_dealer", d), per_row=3).control

        dealer_box = ft.Container(dealer_choices())

        def set_name(i: int, value: str) -> None:
            form.names[i] = value
            dealer_box.content = dealer_choices()
            refresh_start()

        controls: list[ft.Control] = [w.heading(t("ui.game"))]
        controls.append(w.ChoiceGroup(GAMES, [t(f"game.{g}") for g in GAMES],
                                      [t(f"game.{g}") for g in GAMES], form.variant_name,
                                      self._pick_game, per_row=3).control)
        controls += [w.heading(t("ui.players")), w.note(t(f"ui.seating.{v.name}"))]
        for i in range(v.player_count):
            controls.append(ft.TextField(label=t.render(form.seat_label(i)), value=form.names[i],
                                         on_change=lambda e, i=i: set_name(i, e.control.value)))
        recent = [n for n in recent_names([s.players for s in self.store.list_games()])
                  if n.casefold() not in {x.strip().casefold() for x in form.names}]
        if recent:
            controls.append(w.note(t("ui.recent")))
            controls.append(ft.Row([w.tap(n, t("ui.recent_player", name=n),
                                          lambda n=n: self._offer_name(n))
                                    for n in recent[:8]], wrap=True, spacing=4))
        if form.picks_dealer:
            controls.append(w.heading(t("ui.first_dealer")))
            controls.append(dealer_box)
        controls.append(w.heading(t("ui.end")))
        kinds = form.end_kinds
        kind_words = {k: t(f"ui.end_{k}") for k in kinds}
        if len(kinds) > 1:
            controls.append(w.ChoiceGroup(kinds, [kind_words[k] for k in kinds],
                                      [t("ui.end_label", kind=kind_words[k]) for k in kinds],
                                      form.end_kind,
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
                controls.append(w.note(t("ui.default_value", value=default.value)))
        else:
            controls.append(w.note(t("ui.open_help")))
        if v.house_rules:
            controls.append(w.heading(t("ui.house_rules")))
        controls += self._rule_pickers(v, form.rules,
                                       lambda name, c: form.rules.__setitem__(name, c))
        # Start and the reason it is disabled stay in view at the bottom, however long the form.
        bar = ft.BottomAppBar(content=ft.Row([ft.Container(reason, expand=True), start]),
                              height=76, padding=ft.Padding.symmetric(horizontal=10, vertical=6))
        return screen("/new", t("ui.new_game"), controls, bottom_appbar=bar)

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
            self._snack(self.t.sentence(problem_of(error)))
            return
        self._save(game, f"/game/{game.id}")

    # --- scoreboard -------------------------------------------------------------------------
    def _points(self, game: Game, value: int) -> str:
        if game.variant_name == "call-break":
            return f"{value} ({as_decimal(value)})"
        return str(value)

    def _game_view(self, game: Game) -> ft.View:
        t = self.t
        controls: list[ft.Control] = []
        outcome = game.outcome
        leaders = set(outcome.winners) if outcome else set()
        rows = [ft.Row([ft.Text(party, size=18, expand=True,
                                weight=ft.FontWeight.BOLD if i in leaders else None),
                        ft.Text(self._points(game, total), size=26, weight=ft.FontWeight.BOLD,
                                semantics_label=t("ui.total_of", party=party, total=total))])
                for i, (party, total) in enumerate(zip(game.parties, game.totals, strict=True))]
        controls.append(w.card(*rows))
        if game.end.kind == "target" and game.end.value:
            best = max(game.totals)
            controls.append(ft.ProgressBar(value=max(0.0, min(1.0, best / game.end.value))))
        if outcome is not None:
            over: list[ft.Control] = [
                ft.Text(t("ui.game_over"), size=20, weight=ft.FontWeight.BOLD),
                ft.Text(outcome_words(game, t), size=16),
                w.tap(t("ui.rematch"), t("ui.rematch_label"),
                      lambda: self._start_form(NewGameForm.rematch(game)), primary=True)]
            if game.id in self.remind_backup:  # once, when the game has just ended here
                self.remind_backup.discard(game.id)
                over += [ft.Text(t("ui.backup_reminder"), size=14),
                         w.tap(t("ui.download_json"), t("ui.backup_download"),
                               lambda: self.page.run_task(self._download, game, "json"))]
            controls.append(w.card(*over))
        else:
            controls.append(ft.Text(t("ui.progress_dealer",
                                      progress=t.sentence(game.progress_msg()),
                                      dealer=game.variant.dealer_name(game.dealer, game.players)),
                                    size=15))
            controls.append(ft.Text(t.render(game.openers_msg()), size=13))
            if game.variant_name not in GAMES:  # stored or imported; entry comes later
                controls.append(w.note(t("ui.no_entry_yet", game=t(f"game.{game.variant_name}"))))
            elif game.pending is not None and "calls" in game.pending:  # a round in play
                controls.append(ft.Text(t("ui.round_playing", number=game.deals_counted + 1,
                                          calls=" ".join(map(str, game.pending["calls"]))),
                                        size=16, weight=ft.FontWeight.BOLD))
                controls.append(w.tap(t("ui.enter_tricks"), t("ui.enter_tricks"),
                                      lambda: self._new_deal(game), primary=True))
            else:
                controls.append(w.tap(t("ui.new_deal"), t("ui.new_deal"),
                                      lambda: self._new_deal(game), primary=True))
        if game.deals and game.variant_name in GAMES:
            controls.append(w.tap(t("ui.undo_last"), t("ui.undo_last"),
                                  lambda: self._confirm_remove(game)))
        if game.records:
            controls.append(totals_chart(game, t))
        controls.append(ft.Text(self._rules_line(game), size=12))
        controls.append(w.tap(t("ui.rules_of", game=t(f"game.{game.variant_name}")),
                              t("ui.rules_of", game=t(f"game.{game.variant_name}")),
                              lambda: self._show_rules(game.variant_name)))
        if game.records:
            controls.append(w.heading(t("ui.deals_heading", n=game.deals_counted)))
        records = game.records[::-1]
        shown = records if game.id in self.all_deals else records[:DEALS_SHOWN]
        if shown:
            controls.append(deal_grid(
                game.parties, grid_rows(game, t, shown, label_t=t.plain),
                lambda number: self.go(f"/game/{game.id}/deal/{number}")))
        if len(shown) < len(records):
            controls.append(w.tap(t("ui.show_all_deals", n=len(records)),
                                  t("ui.show_all_deals_label"),
                                  lambda: (self.all_deals.add(game.id), self.show())))
        undone = undone_texts(game, t)
        if undone:
            controls.append(w.heading(t("ui.undone")))
            controls += [w.suited(text, size=13) for text in undone]
        controls.append(w.heading(t("ui.share")))
        controls.append(ft.Row([
            w.tap(t("ui.share_sheet"), t("ui.share_sheet"),
                  lambda: self.page.run_task(self._share_sheet, game), expand=1),
            w.tap(t("ui.copy"), t("ui.copy"),
                  lambda: self.page.run_task(self._copy_sheet, game), expand=1)], spacing=8))
        controls.append(ft.Row([
            w.tap(t("ui.download_csv"), t("ui.download_csv"),
                  lambda: self.page.run_task(self._download, game, "csv"), expand=1),
            w.tap(t("ui.download_json"), t("ui.download_json"),
                  lambda: self.page.run_task(self._download, game, "json"), expand=1)],
            spacing=8))
        if outcome is None:
            controls.append(w.tap(t("ui.end_now"), t("ui.end_now"),
                                  lambda: self._confirm_close(game)))
        controls.append(w.tap(t("ui.delete_game"), t("ui.delete_game"),
                              lambda: self._confirm_delete(game)))
        return screen(f"/game/{game.id}", t(f"game.{game.variant_name}"), controls)

    # --- sharing ----------------------------------------------------------------------------
    async def _share_sheet(self, game: Game) -> None:
        """The scoresheet to the phone's share sheet; copied where there is none."""
        try:
            result = await self.share.share_text(
                to_text(game, self.t), subject=self.t(f"game.{game.variant_name}"),
                download_fallback_enabled=False, mail_to_fallback_enabled=False)
        except Exception:  # noqa: BLE001 - no share sheet here (a desktop browser)
            result = None
        if result is None or getattr(result.status, "value", "") == "unavailable":
            await self._copy_sheet(game)

    def _confirm_delete(self, game: Game) -> None:
        """Delete a game after asking; a downloaded copy can be imported to bring it back."""
        t = self.t

        def delete(_e: Any) -> None:
            self.page.pop_dialog()
            try:
                self.store.delete(game.id)
            except (StoreError, OSError) as error:
                self._snack(t("ui.not_saved", reason=str(error)))
                return
            self._sync_soon()
            self._announce(game.id)
            self.message = t("ui.deleted")
            self.go("/")

        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(t("ui.delete_question")),
            content=ft.Text(t("ui.delete_explain")),
            actions=[ft.TextButton(t("ui.keep_it"), on_click=lambda _e: self.page.pop_dialog()),
                     ft.TextButton(t("ui.download_copy"), on_click=lambda _e: self.page.run_task(
                         self._download, game, "json")),
                     ft.TextButton(t("ui.delete_button"), on_click=delete)]))

    async def _copy_sheet(self, game: Game) -> None:
        await ft.Clipboard().set(to_text(game, self.t))
        self._snack(self.t("ui.copied"))

    async def _download(self, game: Game, kind: str) -> None:
        text = (to_csv(self.store.load_many([game.id]), self.t.plain) if kind == "csv"
                else self.store.export_json([game.id]))
        name = f"scorer-{game.variant_name}-{game.id}.{kind}"
        await self.files.save_file(file_name=name, src_bytes=text.encode("utf-8"))

    async def _import(self) -> None:
        t = self.t
        picked = await self.files.pick_files(file_type=ft.FilePickerFileType.CUSTOM,
                                             allowed_extensions=["json"], with_data=True)
        if not picked or picked[0].bytes is None:
            return
        try:
            report = self.store.import_data(picked[0].bytes)
        except InvalidImport as error:
            self.message = t("ui.import_failed", reason=t.render(problem_of(error)))
            self.show()
            return
        except (StoreError, OSError) as error:
            self.message = t("ui.import_failed", reason=str(error))
            self.show()
            return
        if self.persist is not None:
            try:
                await self.persist()
            except OSError as error:
                self.message = t("ui.import_failed", reason=str(error))
                self.show()
                return
        parts = [t("ui.imported", n=len(report.imported))]
        if report.skipped:
            parts.append(t("ui.import_skipped", games=", ".join(report.skipped)))
        if report.conflicts:
            parts.append(t("ui.import_conflicts", games=", ".join(report.conflicts)))
        self._announce("*")
        self.message = " ".join(parts)
        self.show()

    def _rules_line(self, game: Game) -> str:
        return self.t("ui.rules_used", rules="; ".join(self.t.render(m)
                                                       for m in game.rules_msgs()))

    def _confirm(self, title: str, text: str, keep: str, act: str,
                 then: Callable[[], Any], on_keep: Callable[[], Any] | None = None) -> None:
        """Ask before something the table cannot take back by accident."""
        def confirmed(_e: Any) -> None:
            self.page.pop_dialog()
            then()

        def kept(_e: Any) -> None:
            self.page.pop_dialog()
            if on_keep is not None:
                on_keep()

        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(title), content=ft.Text(text),
            actions=[ft.TextButton(keep, on_click=kept),
                     ft.TextButton(act, on_click=confirmed)]))

    def _confirm_close(self, game: Game) -> None:
        t = self.t
        self._confirm(t("ui.end_question"), t("ui.end_explain"), t("ui.keep_playing"),
                      t("ui.end_game"), lambda: self._save(game.close(), f"/game/{game.id}"))

    def _new_deal(self, game: Game) -> None:
        self.draft = None
        self.go(f"/game/{game.id}/deal")

    # --- deal entry ------------------------------------------------------------------------
    def _draft_for(self, game: Game, number: int | None) -> DealDraft:
        """The deal being entered: this session's, else the one kept with the game (typed
        before a reload, a restart, or on another phone), else a fresh one."""
        key = (game.id, "edit" if number else "new", number)
        if self.draft is None or self.draft_key != key:
            self.draft = (DealDraft.from_deal(game, number) if number
                          else DealDraft.for_game(game))
            self.draft_key = key
            kept = self._store_call(self.store.load_draft, game.id)
            if kept and kept.get("for") == self._draft_target(game, number) \
                    and isinstance(kept.get("draft"), dict):
                self.draft.restore(kept["draft"])
        return self.draft

    @staticmethod
    def _draft_target(game: Game, number: int | None) -> dict[str, Any]:
        """Which deal a draft is for: the next one (while no deal was added since), or a
        recorded one (while it is as it was)."""
        if number is None:
            return {"deal": len(game.deals) + 1}
        return {"deal": number, "was": game.deals[number - 1].to_dict()}

    def _keep_draft(self, game: Game, number: int | None) -> None:
        """Keep what is typed with the game at every change; a blank one is not kept."""
        draft = self.draft
        if draft is None:
            return
        if draft.is_blank():
            self._store_call(self.store.discard_draft, game.id)
        else:
            self._store_call(self.store.save_draft, game.id,
                             {"for": self._draft_target(game, number), "draft": draft.to_dict()})
        self._sync_soon()

    def _store_call(self, call: Callable[..., Any], *args: Any) -> Any:
        """A draft is a convenience: if the folder cannot take it, the entry goes on."""
        try:
            return call(*args)
        except (StoreError, OSError, InvalidInput):
            return None

    def _leave_deal(self, parent: str) -> None:
        """Back from deal entry: a changed draft is kept or discarded, as the player says."""
        draft, game = self.draft, self.game
        if draft is None or game is None or draft.is_blank():
            self.go(parent)
            return

        def discard() -> None:
            self._store_call(self.store.discard_draft, game.id)
            self._sync_soon()
            self.draft = None
            self.go(parent)

        t = self.t
        self._confirm(t("ui.draft_question"), t("ui.draft_explain"), t("ui.draft_keep"),
                      t("ui.draft_discard"), discard, on_keep=lambda: self.go(parent))

    def _deal_view(self, game: Game, number: int | None) -> ft.View:
        t = self.t
        draft = self._draft_for(game, number)
        save = w.tap(t("ui.save_deal"), t("ui.save_deal"), lambda: self._save_deal(number),
                     primary=True)
        status = ft.Text(size=15, weight=ft.FontWeight.BOLD)

        def changed() -> None:
            evaluation = entry.refresh()
            w.set_suited(status, entry.status(evaluation))
            status.color = ft.Colors.ERROR if evaluation.problem else None
            w.set_enabled(save, evaluation.can_save)
            self.page.update()
            self._keep_draft(self.game or game, number)

        entry = DealEntry(draft, changed, t, on_calls=None if number else self._keep_calls)
        evaluation = entry.refresh()
        w.set_suited(status, entry.status(evaluation))
        status.color = ft.Colors.ERROR if evaluation.problem else None
        w.set_enabled(save, evaluation.can_save)
        self.status_line = status
        controls: list[ft.Control] = []
        dealer = game.variant.dealer_name(draft.dealer, game.players)
        controls.append(ft.Text(t("ui.dealer_is", name=dealer), size=14))
        controls += entry.controls
        controls.append(entry.preview)
        title = (t("ui.correct_deal_n", n=game.records[number - 1].table_number) if number
                 else t("ui.deal_n", n=game.deals_counted + 1))
        bar = ft.BottomAppBar(content=ft.Row([ft.Container(status, expand=True), save]),
                              height=76, padding=ft.Padding.symmetric(horizontal=10,
                                                                      vertical=6))
        route = f"/game/{game.id}/deal" + (f"/{number}/edit" if number else "")
        return screen(route, title, controls, bottom_appbar=bar)

    def _keep_calls(self, calls: dict[str, Any]) -> bool:
        """Keep a round's calls with the game as soon as they are made (a round in play is
        stored like a deal); False if they could not be kept (the player is told)."""
        game = self.game
        assert game is not None
        try:
            changed = game.announce(calls)
        except InvalidInput as error:
            self._snack(self.t.sentence(problem_of(error)))
            return False
        if changed is game:
            return True
        saved = self._write(changed)
        if saved is None:
            return False
        self.game = saved
        self._sync_soon()
        self._announce(game.id)
        return True

    def _save_deal(self, number: int | None) -> None:
        """Save the deal being entered (or corrected) to the game as last loaded or saved."""
        assert self.draft is not None and self.game is not None
        game = self.game
        evaluation = self.draft.evaluate()
        if not evaluation.can_save:
            return
        try:
            changed = (game.correct(number, evaluation.deal) if number
                       else game.add_deal(evaluation.deal))
        except InvalidInput as error:
            self._snack(self.t.sentence(problem_of(error)))
            return
        if self._save(changed, f"/game/{game.id}"):
            self.draft = None
            self._store_call(self.store.discard_draft, game.id)

    # --- deal detail ---------------------------------------------------------------------
    def _detail_view(self, game: Game, number: int) -> ft.View:
        t = self.t
        record = game.records[number - 1]
        controls: list[ft.Control] = [
            ft.Text(t("ui.dealt_by", name=game.variant.dealer_name(record.dealer, game.players)),
                    size=14),
            w.suited(t.summary(record.score), size=18, weight=ft.FontWeight.BOLD),
            w.heading(t("ui.why")),
            *[w.suited(t.line(line), size=14) for line in record.score.lines],
            ft.Text(t("ui.points_are", points=" · ".join(
                f"{p} {self._points(game, v)}" for p, v in
                zip(game.parties, record.score.points, strict=True))), size=15),
            ft.Text(t("ui.totals_after", totals=" · ".join(
                f"{p} {v}" for p, v in zip(game.parties, record.totals, strict=True))), size=15),
            ft.Text(self._rules_line(game), size=12),
        ]
        changes = history_texts(game, number, t)
        if changes:
            controls.append(w.heading(t("ui.history")))
        controls += [w.suited(text, size=13) for text in changes]
        if game.variant_name in GAMES:
            controls.append(w.tap(t("ui.correct"), t("ui.correct"),
                                  lambda: self._edit(game, number), primary=True))
        if number == len(game.deals):
            controls.append(w.tap(t("ui.remove"), t("ui.remove"),
                                  lambda: self._confirm_remove(game)))
        return screen(f"/game/{game.id}/deal/{number}", t("ui.deal_n", n=record.table_number),
                      controls)

    def _edit(self, game: Game, number: int) -> None:
        self.draft = None
        self.go(f"/game/{game.id}/deal/{number}/edit")

    def _confirm_remove(self, game: Game) -> None:
        t = self.t
        self._confirm(t("ui.remove_question", n=game.records[-1].table_number),
                      t("ui.remove_explain"),
                      t("ui.keep_it"), t("ui.remove_button"),
                      lambda: self._save(game.remove_last(), f"/game/{game.id}"))

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
        t = self.t
        players = ((t("ui.check_declarer"), t("ui.check_opponent")) if v.player_count == 2 else
                   ("",) * 4 if v.seat_names else  # seats without names: 'North', 'N-S'
                   tuple(t("ui.player_n", n=i + 1) for i in range(4)))
        old = self.check
        self.check = DealDraft(v.name, players, v.parse_rules(self.check_rules))
        if old is not None:
            self.check.carry(old)
        if v.name == "draw-bridge":
            self.check.declarer = 0

    def _check_view(self) -> ft.View:
        """Score any hand: the result always in view in the bottom bar, the house rules folded
        under one line (they rarely change at a table)."""
        t = self.t
        draft = self._check_draft()
        v = variant(draft.variant_name)
        result = ft.Text(size=15, weight=ft.FontWeight.BOLD)

        def changed() -> None:
            evaluation = entry.refresh()
            w.set_suited(result, entry.status(evaluation))
            result.color = ft.Colors.ERROR if evaluation.problem else None
            self.page.update()

        entry = DealEntry(draft, changed, t)
        evaluation = entry.refresh()
        w.set_suited(result, entry.status(evaluation))
        result.color = ft.Colors.ERROR if evaluation.problem else None
        controls: list[ft.Control] = [
            w.note(t("ui.check_help")),
            w.ChoiceGroup(CHECK_GAMES, [t(f"game.{g}") for g in CHECK_GAMES],
                          [t("ui.check_game", game=t(f"game.{g}")) for g in CHECK_GAMES],
                          draft.variant_name,
                          self._check_game, per_row=3).control,
        ]
        if v.seat_names:
            def set_dealer(dealer: int) -> None:
                draft.dealer = dealer
                self.show()  # the counts are asked in a new order

            seats = [t(f"seat.{s}") for s in v.seat_names]
            controls.append(w.heading(t("ui.dealer")))
            controls.append(w.ChoiceGroup(list(range(len(seats))), seats,
                                          [t("ui.dealer_label", seat=s) for s in seats],
                                          draft.dealer, set_dealer, per_row=4).control)
        controls += entry.controls
        controls.append(entry.preview)
        if v.house_rules:
            pickers = ft.Column(self._rule_pickers(v, self.check_rules, self._check_rule),
                                visible=self.check_rules_open)

            def fold() -> None:
                self.check_rules_open = pickers.visible = not pickers.visible
                self.page.update()

            chosen = [r for r in v.house_rules
                      if self.check_rules.get(r.name, r.default) != r.default]
            summary = (", ".join(t("ui.rule_is", name=t(f"houserule_title.{r.name}"),
                                   choice=t(f"choice.{self.check_rules[r.name]}"))
                                 for r in chosen) if chosen else t("ui.rules_default"))
            controls.append(w.tap(t("ui.house_rules_line", rules=summary),
                                  t("ui.house_rules_fold"), fold))
            controls.append(pickers)
        bar = ft.BottomAppBar(content=ft.Container(result, expand=True), height=76,
                              padding=ft.Padding.symmetric(horizontal=10, vertical=6))
        return screen("/check", t("ui.check"), controls, bottom_appbar=bar)

    def _rule_pickers(self, v: Any, current: dict[str, str],
                      on_pick: Callable[[str, str], None]) -> list[ft.Control]:
        """One line of explanation and a choice of values per house rule."""
        t = self.t
        controls: list[ft.Control] = []
        for rule in v.house_rules:
            title = t(f"houserule_title.{rule.name}")
            controls.append(ft.Text(t("ui.rule_explained", name=title,
                                      explanation=t(f"houserule.{rule.name}")), size=13))
            words = {c: t(f"choice.{c}") for c in rule.choices}
            controls.append(w.ChoiceGroup(
                list(rule.choices),
                [t("ui.choice_default", choice=words[c]) if c == rule.default else words[c]
                 for c in rule.choices],
                [t("ui.rule_label", name=title, choice=words[c]) for c in rule.choices],
                current.get(rule.name, rule.default),
                lambda c, name=rule.name: on_pick(name, c), per_row=3).control)
            controls.append(w.tap(t("ui.rule_more"), t("ui.rule_more_label", name=title),
                                  lambda name=rule.name: self._show_rules(v.name, name)))
        return controls

    def _check_game(self, name: str) -> None:
        self._reset_check(name)
        self.show()

    def _check_rule(self, name: str, value: str) -> None:
        draft = self._check_draft()
        self.check_rules[name] = value
        draft.rules = variant(draft.variant_name).parse_rules(self.check_rules)
        draft.follow_rules()
        self.show()  # the entry follows the rules (e.g. the lowest call), the fold says them

    # --- the rules -----------------------------------------------------------------------
    def _show_rules(self, game: str, rule: str | None = None) -> None:
        self.rules_back = self.route
        self.go(f"/rules/{game}" + (f"/{rule}" if rule else ""))

    def _rules_view(self, game: str, rule: str | None) -> ft.View:
        page = rules_page(game, self.t.lang, house_rules_first=rule is not None)
        return screen(f"/rules/{game}", self.t("ui.rules_of", game=self.t(f"game.{game}")),
                      [ft.Markdown(page, selectable=True,
                                   extension_set=ft.MarkdownExtensionSet.GITHUB_WEB)])

    # --- statistics ---------------------------------------------------------------------
    def _stats_view(self) -> ft.View:
        """Each player's record in finished games, game by game (a point in one game is not
        a point in another)."""
        t = self.t
        players: dict[str, list[PlayerStats]] = {}
        for row in self.store.player_stats():
            players.setdefault(row.name.casefold(), []).append(row)
        controls: list[ft.Control] = [w.note(t("ui.stats_finished_only"))] if players else []
        for rows in players.values():
            lines: list[ft.Control] = [ft.Text(rows[0].name, size=18,
                                               weight=ft.FontWeight.BOLD)]
            for p in rows:
                lines += [ft.Text(t(f"game.{p.variant}"), size=15, weight=ft.FontWeight.BOLD),
                          ft.Text(t("ui.stats_games", n=p.games, won=p.won)),
                          ft.Text(t("ui.stats_average", average=f"{p.average:.1f}", n=p.deals))]
                if p.declared:
                    lines.append(ft.Text(t("ui.stats_contracts", n=p.declared, made=p.made)))
                if p.exact + p.over + p.failed:
                    lines.append(ft.Text(t("ui.stats_calls", exact=p.exact, over=p.over,
                                           failed=p.failed)))
            controls.append(ft.Semantics(container=True,
                                         label=t("ui.stats_of", name=rows[0].name),
                                         content=w.card(*lines)))
        if not players:
            controls.append(w.note(t("ui.no_stats")))
        return screen("/stats", t("ui.stats"), controls)

    # --- join ---------------------------------------------------------------------------
    def _join_view(self) -> ft.View:
        t = self.t
        if self.serverless:
            return screen("/join", t("ui.join"), [w.note(t("ui.join_needs_server"))])
        url = self.join_url or (self.page.url or "")
        controls: list[ft.Control] = [
            w.note(t("ui.join_help")),
            ft.Text(url, size=18, selectable=True, semantics_label=t("ui.address", url=url)),
        ]
        if self.table_code:
            code = t("ui.table_code", code=self.table_code)
            controls.append(ft.Text(code, size=18, selectable=True, semantics_label=code))
        if url:
            controls.append(ft.Image(src=qr_png(url), width=240, height=240,
                                     semantics_label=t("ui.qr", url=url)))
        return screen("/join", t("ui.join"), controls)


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


def make_main(store: Store, join_url: str | None = None, *,
              table_code: str | None = None,
              persist: Callable[[], Awaitable[None]] | None = None,
              serverless: bool = False) -> Callable[[ft.Page], Any]:
    """The app's entry point for each page (session). ``table_code`` is shown on the Join
    screen (scorer serve); ``persist`` and ``serverless`` are for the browser build
    (scorer.ui.browser): a hook awaited after every change before the screen moves on, and no
    joining (there is no server to join)."""

    async def main(page: ft.Page) -> None:
        # The language: the one chosen on this device before, else the browser's or device's.
        # The client must know the preferences service before it is asked (update first), and
        # a client that does not answer in time gets English rather than a blank page.
        prefs = ft.SharedPreferences()
        page.update()
        chosen = await _ask(lambda: prefs.get(LANGUAGE_KEY))
        info = await _ask(page.get_device_info)
        device = getattr(info, "language", None)
        lang = choose_language(chosen if isinstance(chosen, str) else None, device)
        app = ScorerApp(page, store, join_url, lang=lang, prefs=prefs, table_code=table_code,
                        persist=persist, serverless=serverless)
        app.show()

    return main


async def _ask(call: Callable[[], Any], seconds: float = 1.0, tries: int = 4) -> Any:
    """The client's answer to ``call()``, asked again if it does not come in time (a call
    made while the client is still setting up can go unanswered); None if it never does."""
    for _ in range(tries):
        try:
            return await asyncio.wait_for(call(), seconds)
        except TimeoutError:
            continue
        except (RuntimeError, AttributeError, ValueError):
            return None
    return None


def serve(host: str = "127.0.0.1", port: int = 8550, data_dir: str | None = None,
          open_access: bool = False, require_code: bool = False) -> None:
    """Serve the web app (offline, no CDN) and print its address and a QR code; see
    :mod:`scorer.ui.server`. StoreError (e.g. the folder is busy) and ServeError (host or port
    unusable) reach the caller before anything is served."""
    from . import server

    store = Store(data_dir)
    try:
        table = server.plan_table(host, port, open_access=open_access,
                                  require_code=require_code)
        _announce(table, store)
        main = make_main(store, table.url, table_code=table.code)
        app = server.build_app(main, table, _assets_dir())
        server.run_server(app, table)
    finally:
        store.close()


def _announce(table: Any, store: Store) -> None:
    import sys

    import segno

    if table.url is None:
        print(f"No network address found for this machine (is it on the Wi-Fi?): phones "
              f"cannot reach it. Serving on port {table.port} anyway"
              + (f"; table code {table.code}" if table.code else "") + ".",
              file=sys.stderr, flush=True)
        return
    print(f"Scorer is served at {table.url}  (data: {store.folder})", flush=True)
    if table.code:
        print(f"Table code: {table.code} (phones that open the address above or scan the code "
              f"below need not type it; use --open to serve without a code)", flush=True)
    segno.make(table.url, error="m").terminal(compact=True)
    if table.loopback:
        print("Only this machine can open it; use --host 0.0.0.0 to serve phones on this "
              "network.", flush=True)


def run(data_dir: str | None = None) -> None:
    """The app in a desktop window where a Flet desktop client is available, else the web app
    in the default browser on localhost."""
    store = Store(data_dir)
    try:
        try:
            import flet_desktop  # noqa: F401
        except ImportError:
            import webbrowser

            from . import server

            table = server.plan_table("127.0.0.1", _free_port())
            print(f"Scorer is running at {table.url} (opening your browser; "
                  f"data: {store.folder}). Stop it with Ctrl+C.", flush=True)
            app = server.build_app(make_main(store), table, _assets_dir())
            webbrowser.open(str(table.url))  # the socket listens: the browser waits for us
            server.run_server(app, table)
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
    """The app's assets (fonts, catalogs, rules pages): package data inside ``scorer``."""
    return str(files("scorer") / "assets")
