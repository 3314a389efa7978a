"""A tap that reaches a control the screen has just drawn again (decision 422): nothing is
done, and the player is told, in their language, to tap again if they still mean it; it is
neither dropped without a word nor answered with Flet's session-crashed traceback. The real
app on a real Flet session over a real data folder."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet_page import scorer_app
from test_pairs_app import event, go, on_screen, tap, texts

from scorer.i18n import LANGUAGES, Translator
from scorer.rules.pairs.session import PairsSession, PairsSettings
from scorer.ui.screens import addresses
from scorer.ui.screens.pairs_table import TableEntry


def button(app: Any, label: str) -> ft.Control:
    found = [c for c in on_screen(app) if isinstance(c, ft.Semantics) and c.label == label]
    assert found, f"no {label!r} in {texts(app)[:300]}"
    return found[0].content  # the button's Container, which has the handlers


def snacks(app: Any) -> list[str]:
    return [str(d.content.value) for d in app.page._dialogs.controls
            if isinstance(d, ft.SnackBar)]


@pytest.mark.parametrize("stale", [False, True])
def test_a_tap_on_a_control_drawn_again_does_nothing_and_says_so(tmp_path: Path, stale: bool):
    """``stale``: Flet still knows the old control but it is no longer on the page (its
    parent gone: Flet answered with a session-crashed traceback); else Flet has forgotten
    its id (Flet dropped the tap without a word)."""
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("mitchell", 3, 2)))
        go(app, addresses.pairs_table(record.id, 1))
        old = button(app, "Declarer North")
        app.show()  # drawn again (a change elsewhere) before the tap arrives
        if stale:
            app.page.session.index[old._i] = old
            old._parent = None
        crashed: list[str] = []
        app.page.session.error = crashed.append  # what Flet would send the phone
        event(app, old, "click")
        assert crashed == []
        assert snacks(app) == [Translator("en")("ui.tap_too_late")]
        draft = app.state(TableEntry).draft
        assert draft is not None and draft.fields.declarer is None  # nothing was done
        tap(app, "Declarer North")  # the tap made again, on the screen as drawn
        assert app.state(TableEntry).draft.fields.declarer == 0


def test_a_tap_on_the_page_as_drawn_is_answered_as_before(tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("mitchell", 3, 2)))
        go(app, addresses.pairs_table(record.id, 1))
        event(app, button(app, "Declarer East"), "click")
        assert snacks(app) == []
        assert app.state(TableEntry).draft.fields.declarer == 1


def test_the_word_for_a_late_tap_is_in_every_language():
    said = {Translator(lang)("ui.tap_too_late") for lang in LANGUAGES}
    assert len(said) == len(LANGUAGES)


def test_each_tap_is_logged_with_its_control_and_a_late_one_as_turned_away(
        tmp_path: Path, caplog: pytest.LogCaptureFixture):
    """What the server received, in its log beside a browser test's taps (decision 521): a
    tap dispatched at debug level with the control's id and name, a late one as a warning."""
    caplog.set_level(logging.DEBUG, logger="scorer.ui.shell.late_taps")
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("mitchell", 3, 2)))
        go(app, addresses.pairs_table(record.id, 1))
        old = button(app, "Declarer North")
        app.show()
        event(app, old, "click")
        new = button(app, "Declarer North")
        event(app, new, "click")
    said = [(r.levelname, r.getMessage()) for r in caplog.records
            if r.name == "scorer.ui.shell.late_taps" and r.getMessage().startswith("click")]
    assert said == [
        ("WARNING", f"click on control {old._i} (forgotten) turned away: not on the page"),
        ("DEBUG", f"click on control {new._i} (Declarer North)")], said
