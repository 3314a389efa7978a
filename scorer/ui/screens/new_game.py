"""New game (``/new``): the game, the players, the first dealer, how the game ends, the house
rules; Start stays in view at the bottom with the reason it cannot start yet."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, cast

import flet as ft

from ...rules import InvalidInput, variant
from ...rules.values import ascii_digits
from .. import widgets as w
from ..entry import problem_of
from ..new_game_form import END_FIELD, NewGameForm, recent_players
from . import addresses
from .frame import Screen, screen, variant_names
from .rules import rule_pickers

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["Filling", "build", "start"]


class Filling:
    """What New game keeps between redraws in a session: the form being filled in."""

    def __init__(self) -> None:
        self.form = NewGameForm()


def start(app: App, form: NewGameForm) -> None:
    """Open New game filled in from ``form`` (blank, or a rematch)."""
    app.state(Filling).form = form
    app.go(addresses.NEW)


def build(app: App, route: Route | None = None) -> Screen:
    form, t = app.state(Filling).form, app.t
    v = variant(form.variant_name)
    # Start can always be tapped: tapped too early, it says what is missing. Before that the
    # form says only what the player typed wrong (decision 141).
    start_reason = form.shown_problem()
    reason = w.note(t.sentence(start_reason) if start_reason else "", error=True)
    # The fields a refused Start may leave the focus on (NewGameForm.field_at_fault).
    fields: dict[int, ft.TextField] = {}

    def refused() -> None:
        """Start tried too early: every reason is now said (in the bar, a live region), and
        the focus goes to the first field at fault, or stays on Start (decision 403)."""
        form.tried = True
        refresh_start()
        at = form.field_at_fault()
        if at is not None and at in fields:
            focus = cast(Callable[[], Awaitable[None]], fields[at].focus)  # untyped in Flet
            app.page.run_task(focus)

    start = w.tap(t("ui.start"), t("ui.start"), lambda: _create_game(app, refused),
                  primary=True)

    def refresh_start() -> None:
        problem = form.shown_problem()
        reason.value = t.sentence(problem) if problem else ""
        app.page.update()

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
        form.typed.add(i)
        dealer_box.content = dealer_choices()
        refresh_start()

    def left_name(i: int) -> None:
        form.leave_name(i)
        refresh_start()

    controls: list[ft.Control] = [w.heading(t("ui.game"))]
    offered = variant_names()
    controls.append(w.ChoiceGroup(offered, [t(f"game.{g}") for g in offered],
                                  [t(f"game.{g}") for g in offered], form.variant_name,
                                  lambda name: _pick_game(app, name), per_row=3).control)
    controls += [w.heading(t("ui.players")), w.note(t(f"ui.seating.{v.name}"))]
    for i in range(v.player_count):
        fields[i] = ft.TextField(label=t.render(form.seat_label(i)), value=form.names[i],
                                 on_change=lambda e, i=i: set_name(i, e.control.value),
                                 on_blur=lambda e, i=i: left_name(i))
        controls.append(fields[i])
    recent = [n for n in recent_players(app.keeper.list_games(), v.teams)
              if n.casefold() not in {x.strip().casefold() for x in form.names}]
    if recent:
        controls.append(w.note(t("ui.recent")))
        controls.append(ft.Row([w.tap(n, t("ui.recent_player", name=n),
                                      partial(_offer_name, app, n))
                                for n in recent[:8]], wrap=True, spacing=4))
    if form.picks_dealer:
        controls.append(w.heading(t("ui.first_dealer")))
        controls.append(dealer_box)
    controls.append(w.heading(t("ui.end")))
    kinds = form.end_kinds
    kind_words = {k: t(f"ui.end_{k}", unit=v.deal_word) for k in kinds}  # a match's boards
    if len(kinds) > 1:
        controls.append(w.ChoiceGroup(kinds, [kind_words[k] for k in kinds],
                                      [t("ui.end_label", kind=kind_words[k]) for k in kinds],
                                      form.end_kind,
                                      lambda kind: _pick_end(app, kind), per_row=3).control)
    if form.end_kind != "open":
        suggestions = [str(e.value) for e in v.end_suggestions if e.kind == form.end_kind]
        suggestion_group = None

        def typed_end(value: str) -> None:
            form.end_value = value
            if suggestion_group is not None:
                suggestion_group.select(ascii_digits(value.strip()))  # '५००' is 500
            refresh_start()

        def picked_end(value: str) -> None:
            form.end_value = field.value = value
            refresh_start()

        field = fields[END_FIELD] = w.number_field(kind_words[form.end_kind], form.end_value,
                                                   typed_end)
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
    controls += rule_pickers(app, v, form.rules, lambda name, c: form.rules.__setitem__(name, c))
    # Start and the reason it is disabled stay in view at the bottom, however long the form.
    bar = w.bottom_bar(reason, start)
    return Screen(screen(addresses.NEW, t("ui.new_game"), controls, bottom_appbar=bar),
                  addresses.HOME)


def _pick_game(app: App, name: str) -> None:
    app.state(Filling).form.choose(name)
    app.show()


def _pick_end(app: App, kind: str) -> None:
    form = app.state(Filling).form
    v = variant(form.variant_name)
    form.end_kind = kind
    same = [e for e in (v.default_end, *v.end_suggestions) if e.kind == kind]
    form.end_value = str(same[0].value or "") if same else ""
    app.show()


def _offer_name(app: App, name: str) -> None:
    app.state(Filling).form.offer_name(name)
    app.show()


def _create_game(app: App, refused: Callable[[], None]) -> None:
    form = app.state(Filling).form
    if form.problem() is not None:  # tried too early: now every reason is said
        refused()
        return
    try:
        game = form.create(random.Random())
    except InvalidInput as error:
        app.snack(app.t.sentence(problem_of(error)))
        return
    app.keeper.save_and_go(game, addresses.game(game.id))
