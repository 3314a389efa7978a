"""The tester's pairs evening, two last findings (issue 32, decisions 490-494): the new
evening's form drew itself again after a choice of tables or movement, so the keyboard's
focus went back to the title (finding #11); a merge conflict did not say which result came
from where (finding #7). The real app over a real data folder, no browser."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction
from flet_page import scorer_app
from test_pairs_app import go, on_screen, tap, texts
from test_tap_updates import sent  # noqa: F401 (the fixture: what the app sends)

from scorer.ui.screens import addresses


def button(app, label: str) -> ft.Semantics:
    [found] = [c for c in on_screen(app) if isinstance(c, ft.Semantics) and c.button
               and c.label == label]
    return found


def test_the_new_evenings_chips_stay_the_controls_tapped(tmp_path: Path, sent):  # noqa: F811
    """Every chip of the form, tables and movement too (they change what the form offers),
    is the same control after its tap, chosen; what the choice changed is shown (the rounds
    offered, the pairs' names) and nothing is left unsent."""
    choices = ["4 tables", "Movement Mitchell", "4 boards per round", "2 rounds",
               "One pair short (a pair sits out each round)", "Scoring Cross-IMPs", "5 tables",
               "Movement Howell", "3 tables"]
    with scorer_app(tmp_path / "data") as app:
        go(app, addresses.pairs_new())
        for label in choices:
            chip = button(app, label)
            tap(app, label)
            assert button(app, label) is chip, f"{label!r} drawn anew"
            assert chip.selected, label
            sent.clear()
            app.page.update()  # the whole page, compared as Flet does: nothing left
            left = [m.body for m in sent if m.action == MessageAction.PATCH_CONTROL]
            assert left == [], f"{label!r} left unsent: {str(left)[:400]}"
            if label == "Movement Mitchell":  # what the movement changes: shown at once
                shown = texts(app)
                assert "E-W 4" in shown and "Pair 8" not in shown
                assert "3 rounds" in shown and "4 rounds" not in shown
        shown = texts(app)
        assert "Start will make: Howell, 3 tables, 2 rounds, 4 boards per round" in shown
        assert "Pair 5" in shown and "Pair 6" not in shown  # one pair short: 5 pairs
        assert app.keeper.store.pairs.list() == []


# --- #7: a merge conflict says which result came from where ----------------------------------


def test_a_merge_conflict_says_which_result_is_the_tables_link_and_which_was_here():
    """Core: the director's phone holds board 4 at table 1 as +650, table 1's link brings
    +620. The conflict's results say where they came from; that mark is kept in the
    document, is not part of the result (the same link again changes nothing), and a
    document naming another source is refused by name."""
    from test_pairs_app import played

    from scorer.rules import InvalidInput
    from scorer.rules.pairs.session import Entry, PairsSession, PairsSettings

    at = "2026-12-05T20:00:00+00:00"
    empty = PairsSession(PairsSettings("howell", 3, 3, 2))
    here = empty.enter(played(4, 1, 0, "4H", 11), at)
    link = empty.enter(played(4, 1, 0, "4H", 10), at)
    merged = here.merge(link, ("director", "table"))
    [conflict] = merged.conflicts
    assert [(e.result.deal.tricks, e.came) for e in conflict] == [(11, "director"),
                                                                  (10, "table")]
    assert PairsSession.from_dict(merged.to_dict()).conflicts[0][1].came == "table"
    assert merged.merge(link, ("director", "table")) == merged  # the same link twice
    assert here.merge(link).conflicts[0][0].came == ""  # a merge that does not say
    with pytest.raises(InvalidInput, match="came"):
        Entry.from_dict({**conflict[0].to_dict(), "came": "kitchen"})


def test_the_directors_phone_keeps_the_tables_link_or_its_own_by_name(tmp_path: Path):
    """The tester's conflict, on the real app: "Keep 4H by North, 11 tricks" and "Keep 4H by
    North, 10 tricks" said nothing of where each came from; now one is table 1's, from its
    link, the other already on the director's phone. Keeping the table's is kept."""
    from test_pairs_app import played

    from scorer.pairs_link import encode_pairs, table_part
    from scorer.rules.pairs.session import PairsSession, PairsSettings

    at = "2026-12-05T20:00:00+00:00"
    empty = PairsSession(PairsSettings("howell", 3, 3, 2))
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(empty.enter(played(4, 1, 0, "4H", 11), at))
        table_1 = table_part(empty.enter(played(4, 1, 0, "4H", 10), at), 1)
        go(app, addresses.pairs_link(encode_pairs(record.id, table_1, 1)))
        tap(app, "Keep and merge on this phone")
        go(app, addresses.pairs_session(record.id))
        keeps = [c.label for c in on_screen(app) if isinstance(c, ft.Semantics) and c.button
                 and str(c.label).startswith("Keep ")]
        assert len(keeps) == 2, keeps
        [theirs] = [k for k in keeps if k.startswith("Keep table 1's result, from its link: ")]
        [mine] = [k for k in keeps
                  if k.startswith("Keep the result already on the director's phone: ")]
        assert "10 tricks" in theirs and "11 tricks" in mine
        tap(app, theirs)
        kept = app.keeper.store.pairs.load(record.id).session
        assert not kept.conflicts and kept.current()[(4, 1)].result == played(4, 1, 0, "4H", 10)
        # Only the result not kept is listed as replaced (decision 492: both were).
        assert [e.result.deal.tricks for e in kept.history] == [11]
        go(app, addresses.pairs_board(record.id, 4))
        replaced = [part for part in texts(app).split(" | ") if "replaced" in part]
        assert len(replaced) == 1 and "11 tricks" in replaced[0], replaced
