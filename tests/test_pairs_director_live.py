"""The director's view follows another phone's save by drawing again only what saves change
(decision 361): the rounds, what is missing and the ranking are new; the tables' buttons,
the travellers' and the score cards' are the same controls, not drawn and sent again."""

from __future__ import annotations

from pathlib import Path

from flet_page import scorer_app
from test_pairs_app import go, played, texts

from scorer.rules.pairs.session import PairsSession, PairsSettings
from scorer.ui.screens import addresses, pairs_director
from scorer.ui.shell.routes import parse


def test_a_save_elsewhere_redraws_only_what_saves_change(tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(PairsSettings("howell", 3, 3, 1)))
        go(app, addresses.pairs_session(record.id))
        assert "Round 1: table 1 0/3 · table 2 0/3 · table 3 0/3" in texts(app)
        before = list(app.page.views[0].controls)
        app.keeper.store.pairs.change(record.id, lambda s: s.enter(played(1, 1, 0, "4H", 10),
                                                                    "t"))
        pairs_director.changed_elsewhere(app, parse(app.route), record.id)
        assert "Round 1: table 1 1/3 · table 2 0/3 · table 3 0/3" in texts(app)
        after = list(app.page.views[0].controls)
        assert all(a is b for a, b in zip(after, before, strict=True))  # the same screen
        # Another evening's save changes nothing here.
        pairs_director.changed_elsewhere(app, parse(app.route), "p-other")
        assert "table 1 1/3" in texts(app)
        # On a traveller the whole screen follows, as before.
        go(app, addresses.pairs_board(record.id, 1))
        app.keeper.store.pairs.change(record.id, lambda s: s.enter(played(1, 2, 0, "4H", 9),
                                                                    "t"))
        pairs_director.changed_elsewhere(app, parse(app.route), record.id)
        assert app.route == addresses.pairs_board(record.id, 1)
