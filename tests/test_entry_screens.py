"""What the deal entry screens draw, on the real app's page (no browser): the faults a tester
met at 360x640 that the accessibility tree alone does not show (decisions 400-409)."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest
from flet_page import scorer_app
from test_tap_updates import GAMES, on_screen, show_entry, tap

from scorer.game import Game
from scorer.rules import Contract
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.ui import widgets as w
from scorer.ui.new_game_form import END_FIELD, NewGameForm
from scorer.ui.screens import addresses
from scorer.ui.screens.scoreboard import unfold


def headings(app) -> list[tuple[str, str]]:
    """Each heading on screen: (the words drawn, the words read)."""
    found = []
    for node in on_screen(app):
        if isinstance(node, ft.Semantics) and node.header:
            drawn = node.content.value if isinstance(node.content, ft.Text) else None
            read = node.value or node.label or drawn
            found.append((drawn, read))
    return found


def press(app, label: str) -> None:
    [cell] = [c for c in on_screen(app) if isinstance(c, ft.Semantics) and c.label == label]
    tap(app, cell.content)


@pytest.mark.parametrize("variant", [*GAMES, "check"])
def test_every_entry_heading_is_drawn_with_the_words_it_is_read_by(tmp_path, variant):
    """Call Break's "Calls (total 0)" and "Tricks taken (13 of 13 left)" were set as the
    heading node's value: read, never drawn (blank gaps; decision 400)."""
    with scorer_app(tmp_path) as app:
        show_entry(app, variant)
        if variant == "check":
            press(app, "Check Call Break")
        found = headings(app)
        assert found
        for drawn, read in found:
            assert drawn, f"{variant}: a heading drawn blank, read as {read!r}"
            assert drawn == read, f"{variant}: drawn {drawn!r}, read {read!r}"
        if variant in ("call-break", "check"):
            assert any(d.startswith("Calls (total") for d, _ in found), found
            assert any(d.startswith("Tricks taken") for d, _ in found), found


def groups(app) -> list[list[ft.Semantics]]:
    """The chips of each choice group on screen."""
    return [[c for c in node.content.controls if isinstance(c, ft.Semantics)]
            for node in on_screen(app)
            if isinstance(node, ft.Semantics) and node.identifier == w.CHIP_GROUP]


def chosen(group: list[ft.Semantics]) -> list[str]:
    """The chips of ``group`` shown chosen: checked for a screen reader, or filled."""
    filled = [c.label for c in group if w.body(c).bgcolor == ft.Colors.PRIMARY]
    checked = [c.label for c in group if c.checked]
    assert filled == checked, (filled, checked)
    return checked


@pytest.mark.parametrize("variant", [*GAMES, "check"])
def test_a_tap_on_a_chip_leaves_only_that_chip_chosen(tmp_path, variant):
    """MiniBridge's "Pick the declarer" / "Enter the points" both showed checked after a tap
    on the one not chosen when the screen opened (decision 401): every group on screen, each
    chip tapped in turn from the state the screen opened in."""
    with scorer_app(tmp_path) as app:
        show_entry(app, variant)
        seen = 0
        index = 0
        while index < len(groups(app)):
            labels = [c.label for c in groups(app)[index]]
            for label in labels:
                now = groups(app)
                if index >= len(now) or [c.label for c in now[index]] != labels:
                    break  # the screen changed under the group (a game picked)
                [cell] = [c for c in now[index] if c.label == label]
                if cell.content.disabled:
                    continue
                tap(app, cell.content)
                seen += 1
                after = groups(app)
                if index < len(after) and [c.label for c in after[index]] == labels:
                    assert chosen(after[index]) == [label], (variant, label)
            index += 1
        assert seen >= 10, (variant, seen)


def type_into(app, field: ft.TextField, text: str) -> None:
    """What Flet's client sends as a player types: the field's new value, then its change."""
    field.value = text
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(app.page.session.dispatch_event(field._i, "change", text))
    finally:
        loop.close()


def test_a_typed_end_leaves_only_the_chip_of_that_value_chosen(tmp_path):
    """Draw Bridge: 250 typed left "500" chosen, 300 typed left 300 and 500 (decision 401):
    every game, every way to end it, every suggestion and a value none of them is."""
    with scorer_app(tmp_path) as app:
        app.route = addresses.NEW
        app.show()
        games = [c.label for c in groups(app)[0]]
        checked = 0
        for game in games:
            press(app, game)
            kinds = [c.label for g in groups(app) for c in g if c.label.startswith("End: ")]
            for kind in kinds or [None]:
                if kind is not None:
                    press(app, kind)
                fields = [c for c in on_screen(app) if isinstance(c, ft.TextField)
                          and c.keyboard_type == ft.KeyboardType.NUMBER]
                if not fields:
                    continue
                [field] = fields
                chips = [g for g in groups(app)
                         if g and all(c.label.startswith(field.label + " ") for c in g)]
                values = [c.label.removeprefix(field.label + " ") for g in chips for c in g]
                for text in [*values, "3", *reversed(values), "15", ""]:
                    type_into(app, field, text)
                    shown = [c.label for g in chips for c in g if c.checked]
                    assert shown == ([f"{field.label} {text}"] if text in values else []), (
                        game, kind, text, shown)
                    checked += 1
        assert checked > 30, checked


@pytest.mark.parametrize(("names", "end", "at"), [
    (["Ana", "ana "], "500", 1),
    (["", "Ben"], "500", 0),
    (["Ana", "x" * 41], "500", 1),
    (["Ana", "Ben"], "0", END_FIELD),
    (["Ana", "Ben"], "500", None),
])
def test_a_refused_start_names_the_first_field_at_fault(names, end, at):
    """Where a refused Start leaves the focus (decision 403)."""
    form = NewGameForm("draw-bridge", list(names))
    form.end_kind, form.end_value = "target", end
    assert form.field_at_fault() == at
    assert (form.problem() is None) == (at is None)


def test_two_games_of_the_same_players_differ_by_name_on_home(tmp_path):
    """"Open Draw Bridge: Ana, Ben" twice under Finished: each card's button is named with
    what it shows, its totals, deals, winner and change (decision 404)."""
    with scorer_app(tmp_path) as app:
        store = app.keeper.store
        for declarer, tricks in ((0, 10), (1, 10), (0, 7)):
            game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=1000")
            game = game.add_deal(DrawBridgeDeal(declarer, Contract.parse("4S"), tricks))
            store.save(game.close() if tricks == 10 else game)
        app.route = addresses.HOME
        app.show()
        names = [c.label for c in on_screen(app) if isinstance(c, ft.Semantics)
                 and c.button and (c.label or "").startswith("Open Draw Bridge: Ana, Ben")]
        assert len(names) == 3 and len(set(names)) == 3, names
        assert any("Ana 120 · Ben 0" in n and "winner: Ana" in n for n in names), names
        assert any("Ana 0 · Ben 120" in n and "winner: Ben" in n for n in names), names
        assert all("1 deal · changed" in n for n in names), names


def test_a_redeal_is_listed_but_not_counted_by_heading_and_chart_alike(tmp_path):
    """A MiniBridge redeal (the same dealer deals again) is not a deal of the game (RULES.md,
    decision 33): the heading said "Deals (0)" over "Deal 1: redeal", and the chart's axis
    ran to 2 while the game said "Deal 2 of 8" (decision 405). The heading counts the deals
    and says the redeal beside them; the chart runs along the deals counted."""
    from scorer.rules.minibridge import MiniBridgeDeal

    with scorer_app(tmp_path) as app:
        game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0,
                        end="deals=8")
        store = app.keeper.store
        game = store.save(game)
        for deal, heading, axis in (
                (MiniBridgeDeal(redeal=True), "Deals (0), newest first · 1 dealt again", 1),
                (MiniBridgeDeal(0, Contract.parse("1S"), 7),
                 "Deals (1), newest first · 1 dealt again", 1),
                (MiniBridgeDeal(1, Contract.parse("1S"), 7),
                 "Deals (2), newest first · 1 dealt again", 2)):
            shown = game = store.save(game.add_deal(deal))
            app.route = addresses.game(shown.id)
            app.show()
            unfold(app)  # the part below the fold, as the page's task shows it (decision 598)
            words = [d for d, _ in headings(app)]
            assert heading in words, words
            [chart] = [c for c in on_screen(app) if type(c).__name__ == "LineChart"]
            assert chart.max_x == axis == max(1, shown.deals_counted)
            xs = [p.x for line in chart.data_series[:2] for p in line.points]
            assert max(xs) == shown.deals_counted, xs
