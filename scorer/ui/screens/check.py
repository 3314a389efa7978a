"""Check a score (``/check``): score any hand without recording it. The result is always in
view in the bottom bar; the house rules are folded under one line (they rarely change at a
table)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from ...i18n import Translator
from ...rules import CHECK_FIRST, hints_of, variant
from .. import widgets as w
from ..entry import DealDraft, entry_for, new_draft, new_entry
from ..entry.common import ContractFields
from . import addresses
from .frame import Screen, checkable_variant_names, screen
from .rules import rule_pickers

if TYPE_CHECKING:
    from .host import App, Route

__all__ = ["ScoreCheck", "build"]


@dataclass
class ScoreCheck:
    """What Check a score keeps between redraws in a session (``app.state(ScoreCheck)``):
    the hand being checked, the house rules it is scored under and whether they are
    unfolded."""

    draft: DealDraft | None = None
    rules: dict[str, str] = field(default_factory=dict)
    rules_open: bool = False

    def hand(self, t: Translator) -> DealDraft:
        """The hand being checked (to begin with, a hand of the registry's ``CHECK_FIRST``:
        Draw Bridge)."""
        if self.draft is None:
            self.reset(CHECK_FIRST, t)
        assert self.draft is not None
        return self.draft

    def reset(self, name: str, t: Translator, rules: dict[str, str] | None = None) -> None:
        """A new hand of game ``name``; the contract and tricks carry over between the games
        that have them."""
        v = variant(name)
        self.rules = rules if rules is not None else {r.name: r.default for r in v.house_rules}
        # Two players and a contract: 'Declarer' against 'Opponent', so the declarer is known.
        duel = v.player_count == 2 and issubclass(entry_for(v.name).draft, ContractFields)
        named = entry_for(v.name).draft.player_label  # 'Player 1'; a team match's 'Team 1'
        players = ((t("ui.check_declarer"), t("ui.check_opponent")) if duel else
                   ("",) * v.player_count if v.seat_names else  # seats: 'North', 'N-S'
                   tuple(t.render(named(v, i)) for i in range(v.player_count)))
        old = self.draft
        self.draft = new_draft(v.name, players, v.parse_rules(self.rules))
        if old is not None:
            self.draft.carry(old)
        if duel and isinstance(self.draft, ContractFields):
            self.draft.declarer = 0
        if hints_of(v).calls_per_player:  # no dealer to pick: called in seat order, Player 1
            self.draft.dealer = v.player_count - 1  # first, as `scorer check --calls` takes them

    def choose_rule(self, name: str, value: str, t: Translator) -> None:
        draft = self.hand(t)
        self.rules[name] = value
        draft.rules = variant(draft.variant_name).parse_rules(self.rules)
        draft.follow_rules()


def build(app: App, route: Route | None = None) -> Screen:
    t, state = app.t, app.state(ScoreCheck)
    draft = state.hand(t)
    v = variant(draft.variant_name)
    result = ft.Text(size=15, weight=ft.FontWeight.BOLD)

    def changed() -> None:
        evaluation = entry.evaluation  # evaluated once by the entry, after the tap
        w.set_suited(result, entry.status(evaluation, saving=False))
        result.color = ft.Colors.ERROR if evaluation.problem else None
        w.update_changed(app.page, *entry.controls, entry.preview, result)  # what a tap changed

    def pick_game(name: str) -> None:
        state.reset(name, app.t)
        app.show()

    def pick_rule(name: str, value: str) -> None:
        state.choose_rule(name, value, app.t)
        app.show()  # the entry follows the rules (e.g. the lowest call), the fold says them

    entry = new_entry(draft, changed, t, scale=app.text_scale)
    evaluation = entry.evaluation
    w.set_suited(result, entry.status(evaluation, saving=False))
    result.color = ft.Colors.ERROR if evaluation.problem else None
    checkable = checkable_variant_names()
    controls: list[ft.Control] = [
        w.note(t("ui.check_help")),
        w.ChoiceGroup(checkable, [t(f"game.{g}") for g in checkable],
                      [t("ui.check_game", game=t(f"game.{g}")) for g in checkable],
                      draft.variant_name, pick_game, per_row=3).control,
    ]
    if v.seat_names:
        def set_dealer(dealer: int) -> None:
            draft.dealer = dealer
            app.show()  # who announces first, and declares on equal points

        seats = [t(f"seat.{s}") for s in v.seat_names]
        controls.append(w.heading(t("ui.dealer")))
        controls.append(w.ChoiceGroup(list(range(len(seats))), seats,
                                      [t("ui.dealer_label", seat=s) for s in seats],
                                      draft.dealer, set_dealer, per_row=4).control)
    controls += entry.controls
    controls.append(entry.preview)
    if v.house_rules:
        pickers = ft.Column(rule_pickers(app, v, state.rules, pick_rule),
                            visible=state.rules_open)

        def fold() -> None:
            state.rules_open = pickers.visible = not pickers.visible
            app.page.update()

        chosen = [r for r in v.house_rules if state.rules.get(r.name, r.default) != r.default]
        summary = (", ".join(t("ui.rule_is", name=t(f"houserule_title.{r.name}"),
                               choice=t(f"choice.{state.rules[r.name]}"))
                             for r in chosen) if chosen else t("ui.rules_default"))
        controls.append(w.tap(t("ui.house_rules_line", rules=summary),
                              t("ui.house_rules_fold"), fold, read=True))
        controls.append(pickers)
    bar = w.bottom_bar(result)
    return Screen(screen(addresses.CHECK, t("ui.check"), controls, bottom_appbar=bar),
                  addresses.HOME)
