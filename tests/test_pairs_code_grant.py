"""What leaves the server gives no director's powers (issue 32, tester's finding 2;
decisions 560-562): the JSON export carries no hash of the director's code; the grant a phone
keeps to be the director's again is an HMAC keyed by the data folder's own secret, which no
export carries, so it cannot be made from a JSON copy; an evening imported from a copy gets a
new code, printed by the CLI and said on Home, where the importing page is its director's."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from flet_page import scorer_app
from test_pairs_app import go
from test_pairs_code import buttons

from scorer.rules.pairs.session import PairsSession, PairsSettings
from scorer.store import Store
from scorer.ui.screens import addresses
from scorer.ui.screens.pairs_codes import DirectorCodes, imported_codes

HOWELL = PairsSettings("howell", 3, 3, 1)
SERVED = {"join_url": "http://127.0.0.1:8550/"}
CODE = "2468"


def test_the_export_carries_no_hash_and_the_grant_needs_the_servers_secret(tmp_path: Path):
    with Store(tmp_path / "a") as store:
        record = store.pairs.create(PairsSession(HOWELL, name="Club"), code=CODE)
        grant = store.pairs.grant(record)
        exported = store.export_json()
    salt, digest = record.director.split("$")
    assert salt not in exported and digest not in exported and CODE not in exported
    assert "director" not in json.loads(exported)["pairs"][0]
    # Not the old token, which anyone holding the hash could make (finding 2a).
    assert grant != hashlib.sha256(f"{record.director}|{record.id}".encode()).hexdigest()
    secret = (tmp_path / "a" / "pairs" / "secret.key").read_bytes()
    assert len(secret) == 32 and secret.hex() not in exported
    with Store(tmp_path / "a") as store:  # the same server after a restart: the same grant
        assert store.pairs.grant(store.pairs.load(record.id)) == grant
    with Store(tmp_path / "b") as other:  # another server, the same evening: another grant
        other.import_data(exported)
        assert other.pairs.grant(other.pairs.load(record.id)) != grant


def test_an_older_export_with_the_hash_gets_a_new_code_on_import(tmp_path: Path):
    with Store(tmp_path / "a") as store:
        record = store.pairs.create(PairsSession(HOWELL), code=CODE)
        document = json.loads(store.export_json())
    document["pairs"][0]["director"] = record.director  # as branch p-name exported it
    with Store(tmp_path / "b") as store:
        report = store.import_data(json.dumps(document))
        kept = store.pairs.load(record.id)
    assert kept.director != record.director and kept.code_fits(report.codes[record.id])


def test_the_cli_prints_an_imported_evenings_new_code(tmp_path: Path):
    with Store(tmp_path / "a") as store:
        record = store.pairs.create(PairsSession(HOWELL), code=CODE)
        (tmp_path / "e.json").write_text(store.export_json())
    done = subprocess.run([sys.executable, "-m", "scorer", "--data-dir", str(tmp_path / "b"),
                           "import", str(tmp_path / "e.json")], capture_output=True, text=True,
                          check=True)
    with Store(tmp_path / "b") as store:
        kept = store.pairs.load(record.id)
    said = [w.strip("()") for w in done.stdout.split() if w.strip("()").isdigit()
            and len(w.strip("()")) == 4]
    assert f"{record.id} (director's code " in done.stdout
    assert len(said) == 1 and kept.code_fits(said[0]), done.stdout


def test_home_says_the_new_code_and_the_importing_page_is_the_directors(tmp_path: Path):
    with Store(tmp_path / "a") as store:
        record = store.pairs.create(PairsSession(HOWELL, name="Club"), code=CODE)
        exported = store.export_json()
    with scorer_app(tmp_path / "b", **SERVED) as app:
        report = app.keeper.store.import_data(exported)
        [said] = imported_codes(app, report.codes)
        code = report.codes[record.id]
        assert said == (f"Club: its director's code is now {code}; note it down: it is not "
                        "shown again.")
        go(app, addresses.pairs_session(record.id))
        assert "Delete this evening" in buttons(app)  # not asked on the page that imported it
        app.state(DirectorCodes).opened.clear()  # another page, not given the code, is asked
        go(app, addresses.pairs_board(record.id, 1))
        assert "Open the director's view" in buttons(app)
        assert "Delete this evening" not in buttons(app)
