"""An evening's name (issue 32, decisions 510-514): checked and cleaned by the core, kept in
the JSON (an older file without one still read), carried by the director's link but not by a
table's results, shown on Home, the director's view, the printed pages, the CSV, `scorer games`
and `scorer pairs print`; typed on the new evening's form (a name offered by default), a bad
one refused by name on the form and on import."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from pathlib import Path

import flet as ft
import pytest
from flet_page import scorer_app
from test_pairs_app import event, go, on_screen, played, tap, texts

from scorer.cli import main
from scorer.i18n import LANGUAGES, Translator
from scorer.pairs_link import table_part
from scorer.pairs_print import pairs_html
from scorer.pairs_sheet import pairs_csv
from scorer.rules import InvalidInput
from scorer.rules.pairs.session import (
    EVENING_NAME_LENGTH,
    PairsSession,
    PairsSettings,
    check_evening_name,
)
from scorer.store import InvalidImport, Store
from scorer.ui.screens import addresses

EN = Translator("en")
HOWELL = PairsSettings("howell", 3, 3, 1)


# --- the core -------------------------------------------------------------------------------


@pytest.mark.parametrize("typed, kept", [
    ("Tuesday club pairs", "Tuesday club pairs"),
    ("  Tuesday   club\u00a0pairs ", "Tuesday club pairs"),  # spaces as a player's name's
    ("", ""),  # no name: an older file's evening
    ("Cafe\u0301 night", "Caf\u00e9 night"),  # NFC
    ("x" * EVENING_NAME_LENGTH, "x" * EVENING_NAME_LENGTH),
    ("जोडी प्रतियोगिता", "जोडी प्रतियोगिता"),
])
def test_a_name_is_kept_cleaned(typed, kept):
    assert check_evening_name(typed) == kept
    assert PairsSession(HOWELL).named(typed).name == kept


@pytest.mark.parametrize("typed, allowed", [
    ("x" * (EVENING_NAME_LENGTH + 1), f"is longer than {EVENING_NAME_LENGTH} characters"),
    ("Club\x07night", "invisible or control character (U+0007)"),
    ("Club\u202enight", "invisible or control character (U+202E)"),  # a bidi override
    ("Club\nnight", "invisible or control character (U+000A)"),
    (42, "is not text"),
])
def test_a_bad_name_is_refused_by_name_in_one_line(typed, allowed):
    with pytest.raises(InvalidInput) as found:
        PairsSession(HOWELL).named(typed)
    said = str(found.value)
    assert said.startswith("name:") and allowed in said and "\n" not in said
    for lang in LANGUAGES:  # and in every language, one line
        line = Translator(lang).error(found.value)
        assert line and "\n" not in line and "{" not in line


def test_a_session_cannot_be_made_with_an_unclean_name():
    with pytest.raises(InvalidInput):
        PairsSession(HOWELL, name="Club\x00night")


def test_the_name_is_in_the_json_and_an_older_file_without_one_is_read():
    named = PairsSession(HOWELL, name="Club night")
    data = named.to_dict()
    assert data["name"] == "Club night"
    assert PairsSession.from_dict(data) == named
    older = PairsSession(HOWELL).to_dict()
    assert "name" not in older  # an evening with no name is written as before
    assert PairsSession.from_dict(older).name == ""
    for bad in ("x" * 61, "a\u200bb", ["Club"]):
        with pytest.raises(InvalidInput) as found:
            PairsSession.from_dict({**data, "name": bad})
        assert found.value.field == "name"


def test_a_tables_results_do_not_carry_the_name_and_a_merge_keeps_the_directors():
    directors = PairsSession(HOWELL, name="Club night").enter(played(1, 1, 0, "4H", 10), "t")
    sent = table_part(directors.enter(played(2, 1, 2, "3NT", 9), "t"), 1)
    assert sent.name == ""
    merged = directors.merge(sent)
    assert merged.name == "Club night" and len(merged.entries) == 2
    # A table's phone keeping an older copy under another name merges the results anyway.
    assert PairsSession(HOWELL, name="Old name").merge(directors).name == "Old name"


# --- the files ------------------------------------------------------------------------------


def test_the_csv_names_the_evening_on_its_first_row():
    session = PairsSession(HOWELL, name="=Club night").enter(played(1, 1, 0, "4H", 10), "t")
    rows = list(csv.reader(io.StringIO(pairs_csv(session, EN))))
    assert rows[0] == ["Evening", "'=Club night"]  # a formula is only text
    assert rows[1][:3] == ["Group", "Place", "Pair"] or rows[1][1] == "Place"
    unnamed = list(csv.reader(io.StringIO(pairs_csv(PairsSession(HOWELL), EN))))
    assert unnamed[0][1] == "Place"  # an evening with no name: as before


def test_the_printed_pages_are_headed_by_the_name():
    session = PairsSession(HOWELL, name="Club <b>night</b>")
    page = pairs_html(session, Translator("es"))
    assert "<title>Club &lt;b&gt;night&lt;/b&gt;</title>" in page
    assert "<h1>Club &lt;b&gt;night&lt;/b&gt; · Mesa 1</h1>" in page
    assert "<b>night" not in page
    older = pairs_html(PairsSession(HOWELL), EN)
    assert "<title>Howell, 3 tables</title>" in older


def test_an_import_refuses_a_bad_name_by_name_and_keeps_a_good_one(tmp_path: Path):
    with Store(tmp_path / "a") as store:
        store.pairs.create(PairsSession(HOWELL, name="Club night"))
        document = json.loads(store.export_json())
    with Store(tmp_path / "b") as store:
        assert store.import_data(json.dumps(document)).evenings == [document["pairs"][0]["id"]]
        [kept] = store.pairs.list()
        assert kept.session.name == "Club night"
    document["pairs"][0]["session"]["name"] = "Club\x1bnight"
    with Store(tmp_path / "c") as store:
        with pytest.raises(InvalidImport) as found:
            store.import_data(json.dumps(document))
        said = str(found.value)
        assert "pairs evening 1 name" in said and "U+001B" in said and "\n" not in said
        assert store.pairs.list() == []  # nothing kept


def test_scorer_games_export_and_pairs_print_show_the_name(tmp_path: Path, capsys):
    folder = tmp_path / "data"
    with Store(folder) as store:
        record = store.pairs.create(PairsSession(HOWELL, name="Tuesday club pairs"))
    assert main(["--data-dir", str(folder), "games"]) == 0
    [line] = [x for x in capsys.readouterr().out.splitlines() if record.id in x]
    assert "Tuesday club pairs · Howell, 3 tables" in line
    assert main(["--data-dir", str(folder), "export", record.id, "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Evening,Tuesday club pairs"
    out = tmp_path / "evening.html"
    assert main(["--data-dir", str(folder), "--lang", "hi", "pairs", "print", record.id,
                 "-o", str(out)]) == 0
    assert "<title>Tuesday club pairs</title>" in out.read_text(encoding="utf-8")


# --- the app --------------------------------------------------------------------------------


def name_field(app) -> ft.TextField:
    [found] = [c for c in on_screen(app) if isinstance(c, ft.TextField)
               and c.label == "Evening's name"]
    return found


def type_name(app, value: str) -> None:
    field = name_field(app)
    field.value = value
    event(app, field, "change", value)


def test_the_form_offers_a_name_and_keeps_the_one_typed(tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        go(app, addresses.pairs_new())
        assert name_field(app).value == f"Pairs evening {date.today().isoformat()}"
        type_name(app, "  Tuesday   club pairs ")
        tap(app, "Start the evening")
        [record] = app.keeper.store.pairs.list()
        assert record.session.name == "Tuesday club pairs"
        assert app.route == addresses.pairs_session(record.id)
        title = app.page.views[-1].appbar.title.content  # the director's view's heading
        assert title.value == "Tuesday club pairs"
        go(app, "/")
        tap(app, f"Open Tuesday club pairs, Howell, 3 tables · 0 of 45 results · changed "
                 f"{record.updated_at[:16].replace('T', ' ')}")
        assert app.route == addresses.pairs_session(record.id)


def test_the_form_refuses_a_bad_name_by_name_and_an_emptied_field_gets_the_default(
        tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        go(app, addresses.pairs_new())
        type_name(app, "x" * (EVENING_NAME_LENGTH + 1))
        assert f"The evening's name: more than {EVENING_NAME_LENGTH} characters" in texts(app)
        tap(app, "Start the evening")  # disabled: nothing made
        assert app.keeper.store.pairs.list() == []
        type_name(app, "Club\x07night")
        assert "The evening's name: an invisible or control character (U+0007)" in texts(app)
        type_name(app, "")
        assert "Start will make" in texts(app)
        tap(app, "Start the evening")
        [record] = app.keeper.store.pairs.list()
        assert record.session.name == f"Pairs evening {date.today().isoformat()}"


def snacks(app) -> list[str]:
    return [d.content.value for d in app.page._dialogs.controls if isinstance(d, ft.SnackBar)]


def test_the_director_renames_the_evening_and_a_bad_name_is_refused_by_name(tmp_path: Path):
    with scorer_app(tmp_path / "data") as app:
        record = app.keeper.store.pairs.create(PairsSession(HOWELL, name="Club night"))
        go(app, addresses.pairs_session(record.id))
        assert name_field(app).value == "Club night"
        type_name(app, "Club\u202enight")
        tap(app, "Rename the evening")
        assert name_field(app).error == ("The evening's name: an invisible or control "
                                         "character (U+202E); use only visible characters "
                                         "and spaces")  # the field's own (decision 563)
        assert app.keeper.store.pairs.load(record.id).session.name == "Club night"
        assert name_field(app).value == "Club\u202enight"  # kept to be mended
        type_name(app, "Tuesday  club pairs")
        tap(app, "Rename the evening")
        assert app.keeper.store.pairs.load(record.id).session.name == "Tuesday club pairs"
        assert app.page.views[-1].appbar.title.content.value == "Tuesday club pairs"
        type_name(app, "")  # an empty name: the heading says what the evening is
        tap(app, "Rename the evening")
        assert app.keeper.store.pairs.load(record.id).session.name == ""
        assert app.page.views[-1].appbar.title.content.value == "Howell, 3 tables"
