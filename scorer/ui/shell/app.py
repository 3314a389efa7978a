"""The table app's shell: one :class:`ScorerApp` per browser tab, drawing the screen its
address names and moving between screens.

One :class:`Store` serves every session of the process (web mode serves several phones); each
browser tab is a session with its own :class:`ScorerApp` and :class:`Keeper` (the saving
policy: :mod:`scorer.ui.shell.keeper`). The route says what is shown, so a reload shows the same
screen; the route table is :mod:`scorer.ui.shell.routes`, each screen a module of
:mod:`scorer.ui.screens` with its own state and hooks, which the app keeps and calls without
naming a screen; starting the app and serving it is :mod:`scorer.ui.serve.run`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

import flet as ft

from ...game import Game
from ...i18n import Translator, choose_language
from ...store import Store
from .. import widgets as w
from ..screens import addresses
from ..screens.host import ReadPicked
from ..screens.sharing import download
from ..theme import DARK, FALLBACK_FONTS, HIGH_DARK, HIGH_LIGHT, LIGHT, SYMBOL_FONT, theme
from . import configure, events, unchanged
from .keeper import Keeper
from .late_taps import catch_late_taps
from .routes import parse, row_of, screen_for

__all__ = ["ScorerApp", "ask", "make_main"]

LANGUAGE_KEY = "scorer.language"  # the player's choice, remembered on their device
# The app's own text size (percent of the phone's), remembered on the device; the page applies
# it (scorer/assets/web/a11y.js reads "flutter.scorer.text_size" as a scale: decision 195).
TEXT_SIZE_KEY = "scorer.text_size"
# "more" where the phone asks for more contrast, and the browser's own text scale (written by
# a11y.js as the page starts: decisions 196, 198).
CONTRAST_KEY = "scorer.contrast"
BROWSER_SCALE_KEY = "scorer.browser_scale"
State = TypeVar("State")
# From the page's answer to a call sent right behind a new screen until the page has begun the
# frame that draws that screen: its next refresh is at most 17 ms away at 60 Hz (see
# ScorerApp.when_taken).
TAKEN_DELAY = 0.02


async def ask(call: Callable[[], Any], seconds: float = 1.0, tries: int = 4) -> Any:
    """The client's answer to ``call()``, asked again if it does not come in time (a call
    made while the client is still setting up can go unanswered); None if it never does, or
    if its answer is not one (a hostile client's null for the device's information: issue 34
    item 8)."""
    for _ in range(tries):
        try:
            return await asyncio.wait_for(call(), seconds)
        except TimeoutError:
            continue
        except (RuntimeError, AttributeError, ValueError, TypeError, KeyError):
            return None
    return None


class ScorerApp:
    """One session's screens: what each screen keeps between redraws (:meth:`state`), and
    moving between them. The store, the game and the draft are the :attr:`keeper`'s."""

    def __init__(self, page: ft.Page, store: Store, join_url: str | None = None,
                 lang: str = "en", prefs: Any = None, table_code: str | None = None,
                 persist: Callable[[], Awaitable[None]] | None = None,
                 serverless: bool = False,
                 link_site: tuple[str, bool] | None = None, text_size: int = 100,
                 high_contrast: bool = False, browser_scale: float = 1.0,
                 read_picked: ReadPicked | None = None,
                 hold: Callable[[ft.Page], Callable[[], None] | None] | None = None,
                 open_page: Callable[[bytes], str] | None = None) -> None:
        events.install()  # each event's type worked out once per control class
        configure.install()  # new controls prepared without a call per plain value
        unchanged.install()  # the page compared without walking what has not changed
        self.page = page
        self._hold = hold
        self.read_picked = read_picked
        self.open_page = open_page
        self.text_size = text_size
        self.browser_scale = browser_scale
        # Where a game's link opens: (site address, hash routes); None: this page's address
        # (the published site, which routes by the address's fragment).
        self.link_site = link_site
        self.t = Translator(lang, suits=True)
        self.prefs = prefs
        self.join_url = join_url
        self.table_code = table_code
        self.message = ""  # shown on top of the next screen drawn
        self.message_is_news = False  # the message is good news, not a problem (one screen)
        self._states: dict[type, object] = {}  # what each screen keeps: see state()
        self.drawn: str | None = None  # the route of the screen on the page
        self._when_taken: list[Callable[[], None]] = []  # see when_taken
        page.title = "Scorer"
        page.fonts = {SYMBOL_FONT: "fonts/ScorerSymbols.ttf", **FALLBACK_FONTS}
        page.theme_mode = ft.ThemeMode.SYSTEM
        # Colours checked for contrast, fonts for names in other scripts (scorer/ui/theme.py);
        # no page-turn animations: at the table the next screen should simply be there.
        page.theme = theme(HIGH_LIGHT if high_contrast else LIGHT)
        page.dark_theme = theme(HIGH_DARK if high_contrast else DARK)
        # The theme is there at once, not faded in from Flet's own (blue) over 200 ms: the
        # first screen is not drawn once in Flet's colours and again in ours (decision 597).
        page.theme_animation_style = ft.AnimationStyle.no_animation()
        self.files = ft.FilePicker()  # downloads and imports (a service of this page)
        self.wakelock = ft.Wakelock()  # the screen stays on during a game
        self.share = ft.Share()  # the phone's share sheet, where it has one
        self.awake = False
        self.route = page.route or addresses.HOME
        self.width = page.width  # the page's, followed as it changes (a tablet turned)
        page.on_route_change = lambda e: self._route_changed(e.route)
        page.on_connect = lambda e: self._reconnected()
        page.on_app_lifecycle_state_change = self._lifecycle
        page.on_resize = lambda e: self._resized(e.width)
        self.keeper = Keeper(store, self, page.pubsub, persist=persist, serverless=serverless)
        # A tap on a control just drawn again: not done, and said (decision 422).
        catch_late_taps(page, lambda: self.snack(self.t("ui.tap_too_late")))

    def state(self, kind: type[State]) -> State:
        """What a screen keeps between redraws in this session (New game's form, Check a
        score's hand, ...): one ``kind()`` per session, made when first asked for. Each screen
        module declares its own (:mod:`scorer.ui.shell.routes`)."""
        kept = self._states.get(kind)
        if kept is None:
            kept = self._states[kind] = kind()
        return cast(State, kept)

    # --- navigation -----------------------------------------------------------------------
    def go(self, route: str) -> None:
        """Show ``route``, telling the browser its address first: a reload the moment the new
        screen appears opens that screen, not the one before (decision 81)."""
        self.route = route
        if route == self.page.route:
            self.show()
            return
        # Both run on the page's event loop, in this order: the address message goes out
        # before the screen's. In the browser build the address waits for the screen and
        # both reach the page together: alone, the address made Flet's client build the
        # screen it was leaving once more, a frame of 40 ms before the new one (decision 574).
        release = self.held()
        self.page.run_task(self.page.push_route, route)
        self.page.run_task(self._show_if_current, route, release)
        self.drawn_later()

    def drawn_later(self) -> None:
        """The screen is drawn again by a task this tap started (:meth:`go`, a Save being made
        durable): Flet's automatic update after the tap, a comparison of the whole page for
        nothing, is skipped. With a 50-deal game's scoreboard kept under deal entry it was most
        of a Save's Python (28 of 38 ms in CPython, a rubber; issue 21)."""
        cast(Callable[[], None], ft.context.mark_update_called)()  # not annotated in Flet

    def show_soon(self) -> None:
        """Draw the screen again by a task, after what already waits on the page's loop:
        15 tables' Accepts at once are all saved, and the director's view answered, before
        any of the 15 next boards is drawn (decision 421)."""
        self.drawn = None  # out of date until the task draws it
        self.page.run_task(self._show_if_current, self.route)
        self.drawn_later()

    async def _show_if_current(self, route: str,
                               release: Callable[[], None] | None = None) -> None:
        try:
            if route == self.route:  # not already left for another screen
                self.show()
        finally:
            if release is not None:  # what was held for the screen (see go) goes out
                release()

    def _route_changed(self, route: str) -> None:
        """The browser moved (back button, address typed, or following ``go``). The page's
        answer to ``go``'s own address changes nothing on the screen: Flet's comparison of
        the whole page after the event (20-36 ms of the browser's Python, beside the page
        drawing the new screen) is skipped (decision 574)."""
        if route != self.route:
            self.route = route
            self.show()
        else:
            self.drawn_later()

    def _reconnected(self) -> None:
        """The browser reloaded the page and rejoined this session: show what its address says,
        from the store (another phone may have changed things meanwhile)."""
        self.route = self.page.route or addresses.HOME
        self.show()

    def _resized(self, width: float) -> None:
        """The page changed its width (a tablet turned, a window resized): the column of
        the screen shown follows (:func:`widgets.fit_column`); a resize that leaves it
        alone sends nothing."""
        self.width = width
        if self.page.views:
            view = self.page.views[0]
            before = view.padding
            w.fit_column(view, width)
            if view.padding != before:  # Flet's marks miss a View's padding: sent whole
                self.page.update(view)
        self.drawn_later()  # not Flet's comparison of the whole page after the event

    def _lifecycle(self, event: ft.AppLifecycleStateChangeEvent) -> None:
        """The page hides (another app, the phone locked, the tab closing): a draft changed in
        the last moments is kept now rather than after :data:`keeper.DRAFT_DELAY`."""
        if event.state not in (ft.AppLifecycleState.SHOW, ft.AppLifecycleState.RESUME):
            self.keeper.flush_draft()

    def show(self) -> None:
        """Draw the screen for the current route.

        The app is one View whose contents change: no page-turn to wait for, and dialogs stay
        attached. The app bar's back button goes to the screen above this one, as the
        browser's back does (the page's history.js, decision 150); leaving deal entry, what was
        typed is kept, whichever back the player used."""
        self.keeper.flush_draft()  # leaving deal entry: what was typed is kept first
        route = parse(self.route)
        view, parent = screen_for(self, route)
        if self.message:  # a message for the player goes on top of the screen they will see
            view.controls.insert(0, w.card(w.note(self.message, error=not self.message_is_news)))
            self.message, self.message_is_news = "", False
        if parent is not None and view.appbar is not None:
            # The icon's name is the button's: one node, named and pressed by a screen reader
            # (a Semantics around the button was a second, dead "Back": issue 29).
            view.appbar.leading = w.icon_button(
                ft.Icon(ft.Icons.ARROW_BACK, semantics_label=self.t("ui.back")),
                lambda: self.go(parent))
        w.fit_column(view, self.width)  # a tablet: a centred column
        if self.page.views:
            copy_view(view, self.page.views[0])
            del self.page.views[1:]
        else:
            self.page.views.append(view)
        self.page.update()
        then, self._when_taken = self._when_taken, []
        if self.drawn is not None and self.drawn != self.route:
            self.page.run_task(self._to_top, then)  # another screen: it opens at its top
        elif then:
            self.page.run_task(self._taken, then)
        self.drawn = self.route
        self._keep_awake(route.game_id is not None)

    @property
    def screen_is_new(self) -> bool:
        """The screen being drawn is not the one on the page (another screen was, or none):
        the page builds all of it, not only what changed."""
        return self.drawn != self.route

    def when_taken(self, then: Callable[[], None]) -> None:
        """``then()`` once the page has taken the screen being drawn and begun its frame: the
        page's answer to the call sent right behind the screen (the scroll to its top, which
        the page answers after the screen's message), then :data:`TAKEN_DELAY` (the page's
        next refresh). A Save's screen is held until the browser has written the Save, and
        so is that call. The first screen, with no call behind it: :data:`TAKEN_DELAY`
        after it was sent."""
        self._when_taken.append(then)

    async def _to_top(self, then: list[Callable[[], None]]) -> None:
        """The one View keeps its scroll position when its contents change (Flutter keeps the
        scrollable and its offset): a game opened from a scrolled home list opened scrolled
        down, its totals off screen. Sent after the new contents, so the top is theirs; the
        same screen drawn again (a tap, another phone's change) stays where it was. Then what
        waits for the page to have taken the screen (:meth:`when_taken`), answered or not:
        a part of the screen left out until then is never left out for good."""
        with contextlib.suppress(Exception):  # the page went away: nothing to scroll
            await self.page.views[0].scroll_to(offset=0)
        await self._taken(then)

    @staticmethod
    async def _taken(then: list[Callable[[], None]]) -> None:
        """Run ``then`` (see :meth:`when_taken`) :data:`TAKEN_DELAY` from now."""
        await asyncio.sleep(TAKEN_DELAY)
        for call in then:
            call()

    def _keep_awake(self, playing: bool) -> None:
        """The screen stays on while a game is open (a phone on the table must not lock
        between deals), and may sleep again elsewhere."""
        if playing == self.awake:
            return
        self.awake = playing
        self.page.run_task(self._wake, playing)

    async def _wake(self, playing: bool) -> None:
        try:
            # Flet's Wakelock methods are not annotated: typed here as what they are.
            switch = cast(Callable[[], Awaitable[None]],
                          self.wakelock.enable if playing else self.wakelock.disable)
            await switch()
        except Exception:  # noqa: BLE001 - a device without a wake lock: the game goes on
            return

    def set_language(self, lang: str) -> None:
        self.t = Translator(lang, suits=True)
        if self.prefs is not None:
            self.page.run_task(self.prefs.set, LANGUAGE_KEY, lang)
        self.show()

    @property
    def text_scale(self) -> float:
        """The text's size against the usual: the browser's (or phone's) times the app's."""
        return self.browser_scale * self.text_size / 100

    def set_text_size(self, percent: int) -> None:
        self.text_size = percent
        if self.prefs is not None:  # the page follows the write (a11y.js)
            self.page.run_task(self.prefs.set, TEXT_SIZE_KEY, str(percent / 100))
        self.show()

    # --- what the keeper needs (scorer.ui.shell.keeper.KeeperUI) -----------------------
    def snack(self, text: str) -> None:
        self.page.show_dialog(ft.SnackBar(ft.Text(text), open=True))

    def not_kept(self, reason: str, game: Game) -> None:
        """The phone build: a Save the browser's storage refused or never answered (issue 17
        item 5). The game is in memory (and in the in-memory folder) as saved: offered at
        once as a download, the way Import a game brings it back."""
        t = self.t

        def download_copy() -> None:
            self.page.pop_dialog()
            self.page.run_task(download, self, game, "json")

        self.page.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(t("ui.not_kept_title")),
            content=ft.Text(t("ui.not_kept_explain", reason=reason[:1].upper() + reason[1:])),
            actions=[w.text_button(t("ui.not_now"), self.page.pop_dialog),
                     w.text_button(t("ui.download_copy"), download_copy)]))

    def run_task(self, handler: Callable[..., Awaitable[Any]], *args: Any) -> None:
        self.page.run_task(handler, *args)

    def held(self) -> Callable[[], None] | None:
        return self._hold(self.page) if self._hold is not None else None

    def changed_elsewhere(self, game_id: str) -> None:
        """Another session changed ``game_id`` ("*": any game): the screen shown redraws or
        says so (its ``changed_elsewhere``), if it shows that game."""
        route = parse(self.route)
        hook = row_of(route).changed_elsewhere
        if hook is not None:
            hook(self, route, game_id)


def copy_view(source: ft.View, target: ft.View) -> None:
    """The app is one View whose contents change (see :meth:`ScorerApp.show`).

    Flet keeps a property's old value when the new one is equal (``==``), and controls are
    dataclasses, equal when their fields are: a screen drawn again with the same bottom bar
    (Check a score's, before the next tap) kept the bar drawn before, and the new screen's
    taps changed a text nobody saw (issue 30). A control or list of them is therefore put
    in itself, never compared: None first, then the new one (two cheap comparisons, where
    an equal screen would have been compared whole)."""
    for name in ("controls", "appbar", "bottom_appbar", "horizontal_alignment", "scroll",
                 "route", "padding"):
        value = getattr(source, name)
        if isinstance(value, (ft.BaseControl, list)) and value is not getattr(target, name):
            setattr(target, name, None)  # then to ``value``: Flet sees a change
        setattr(target, name, value)


def _kept_number(kept: object) -> float | None:
    """A number kept on the device by the app or the page ("1.5"); None for anything else."""
    try:
        return float(str(kept))
    except ValueError:
        return None


def text_size(kept: object) -> int:
    """The text size kept on the device (a scale, "1.5"), in percent; 100 for anything else."""
    scale = _kept_number(kept)
    percent = 100 if scale is None else round(scale * 100)
    return percent if percent in w.TEXT_SIZES else 100


def browser_scale(kept: object) -> float:
    """The browser's text scale the page wrote (1 to 4); 1 for anything else."""
    scale = _kept_number(kept)
    return scale if scale is not None and 1.0 <= scale <= 4.0 else 1.0


def make_main(store: Store, join_url: str | None = None, *,
              table_code: str | None = None,
              persist: Callable[[], Awaitable[None]] | None = None,
              serverless: bool = False,
              link_site: tuple[str, bool] | None = None,
              read_picked: ReadPicked | None = None,
              hold: Callable[[ft.Page], Callable[[], None] | None] | None = None,
              open_page: Callable[[bytes], str] | None = None,
              ) -> Callable[[ft.Page], Any]:
    """The app's entry point for each page (session). ``table_code`` is shown on the Join
    screen (scorer serve); ``persist`` and ``serverless`` are for the browser build
    (scorer.ui.site.browser): a hook awaited after every change before the screen moves on, and no
    joining (there is no server to join). ``link_site``: the address a game's link opens and
    whether it routes by the fragment (scorer serve: the published site, or itself).
    ``read_picked``: the browser build's reader of a picked import file (the page reads it,
    after its size was checked: decision 245); elsewhere the picker sends the bytes.
    ``hold``: the browser build's way to keep what a page is sent waiting (a Save's next
    screen, drawn while the browser writes: decision 374). ``open_page``: the address at
    which an HTML document opens in a tab of its own (a printable page: decision 432)."""

    async def main(page: ft.Page) -> None:
        # The language: the one chosen on this device before, else the browser's or device's.
        # The client must know the preferences service before it is asked (update first), and
        # a client that does not answer in time gets English rather than a blank page.
        prefs = ft.SharedPreferences()
        page.update()
        # Asked all at once: one wait for a client that does not answer, not one per question
        # (each is asked again for up to 4 s), and one round trip for one that does.
        chosen, info, size, contrast, scale = await asyncio.gather(
            ask(lambda: prefs.get(LANGUAGE_KEY)), ask(page.get_device_info),
            ask(lambda: prefs.get(TEXT_SIZE_KEY)), ask(lambda: prefs.get(CONTRAST_KEY)),
            ask(lambda: prefs.get(BROWSER_SCALE_KEY)))
        device = getattr(info, "language", None)
        lang = choose_language(chosen if isinstance(chosen, str) else None, device)
        app = ScorerApp(page, store, join_url, lang=lang, prefs=prefs, table_code=table_code,
                        persist=persist, serverless=serverless, link_site=link_site,
                        text_size=text_size(size), high_contrast=contrast == "more",
                        browser_scale=browser_scale(scale), read_picked=read_picked,
                        hold=hold, open_page=open_page)
        app.show()

    return main
