"""The tester's findings 3 and 4 on the director's code (issue 32, decisions 563-564): a wrong
code and a refused name are said as the field's own error, the code's field emptied; a
refused merge on a link's page offers the code's field there, and once it is given the
same page merges."""

from __future__ import annotations

from pathlib import Path

import flet as ft
from flet_page import scorer_app
from test_pairs_app import go, on_screen, played, tap
from test_pairs_code import buttons, field, typed

from scorer.pairs_link import encode_pairs
from scorer.rules.pairs.session import PairsSession, PairsSettings
from scorer.store import Store
from scorer.ui.screens import addresses

HOWELL = PairsSettings("howell", 3, 3, 1)
SERVED = {"join_url": "http://127.0.0.1:8550/"}
CODE = "4831"
GIVE = "Give the director's code on this phone"


def test_a_refused_merge_offers_the_code_on_the_links_page_and_then_merges(tmp_path: Path):
    folder = tmp_path / "data"
    with Store(folder) as store:
        record = store.pairs.create(PairsSession(HOWELL), code=CODE)
    data = encode_pairs(record.id, PairsSession(HOWELL).enter(played(1, 1, 0, "4H", 9), "t"),
                        1)
    with scorer_app(folder, **SERVED) as app:
        go(app, addresses.pairs_link(data))
        assert {"Keep and merge on this phone", GIVE} <= buttons(app)
        tap(app, "Keep and merge on this phone")  # refused: nothing written
        assert app.keeper.pairs.load(record.id).revision == 1
        typed(app, "Director's code", "1111")
        tap(app, GIVE)
        assert field(app, "Director's code").error.startswith("That is not the director's")
        typed(app, "Director's code", CODE)
        tap(app, GIVE)
        assert app.route == addresses.pairs_link(data)  # the same page, now the director's
        assert GIVE not in buttons(app)
        tap(app, "Keep and merge on this phone")
        assert len(app.keeper.pairs.load(record.id).session.entries) == 1


def test_the_director_or_an_evening_without_a_code_is_not_asked_on_a_link(tmp_path: Path):
    folder = tmp_path / "data"
    with Store(folder) as store:
        record = store.pairs.create(PairsSession(HOWELL))
    data = encode_pairs(record.id, PairsSession(HOWELL), 1)
    with scorer_app(folder, **SERVED) as app:
        go(app, addresses.pairs_link(data))
        assert "Keep and merge on this phone" in buttons(app) and GIVE not in buttons(app)


def test_a_long_name_cut_in_the_app_bar_is_shown_in_full_in_the_view(tmp_path: Path):
    long_name = "Campeonato del club de bridge, 2026-12-05, segunda sesión ñ"
    with scorer_app(tmp_path / "data") as app:
        made = app.keeper.store.pairs.create(PairsSession(HOWELL, name=long_name))
        short = app.keeper.store.pairs.create(PairsSession(HOWELL, name="Club night"))
        go(app, addresses.pairs_session(made.id))
        assert long_name in shown_texts(app)
        go(app, addresses.pairs_session(short.id))  # the app bar shows it whole: once
        assert "Club night" not in shown_texts(app)


def shown_texts(app) -> list[str]:
    """The texts of the screen's body (not its app bar, nor a field's value)."""
    return [c.value for c in on_screen(app) if isinstance(c, ft.Text)
            and c is not app.page.views[-1].appbar.title.content]


def test_the_chosen_chip_tapped_again_draws_nothing_anew(tmp_path: Path):
    """Finding 7: "3 tables", already chosen, drew the movements anew, so a quick tap on
    "Movement Howell" reached a replaced chip and the phone said that tap did nothing."""
    with scorer_app(tmp_path / "data") as app:
        go(app, addresses.pairs_new())
        howell = chip(app, "Movement Howell")
        assert howell.selected  # the defaults: 3 tables, a Howell
        tap(app, "3 tables")
        assert chip(app, "Movement Howell") is howell  # the same control: a next tap finds it
        tap(app, "4 tables")  # another count: the movements offered are drawn for it
        assert chip(app, "Movement Howell") is not howell


def chip(app, label: str) -> ft.Semantics:
    [found] = [c for c in on_screen(app) if isinstance(c, ft.Semantics) and c.button
               and c.label == label]
    return found
