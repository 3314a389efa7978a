"""The command line, called in-process (``scorer.cli.main``) with one real-process smoke
test: output, JSON shape, and exit status 2 with one line for every bad input or store
problem (1 only for a bug)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass

import pytest

from scorer.cli import main


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def scorer(capsys):
    def run(*args: str) -> Done:
        code = main(list(args))
        out, err = capsys.readouterr()
        return Done(code, out, err)
    return run


def test_smoke_a_real_process(scorer):
    done = subprocess.run([sys.executable, "-m", "scorer.cli", "check", "draw-bridge",
                           "--contract", "4HX", "--tricks", "10", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["declarer"] == 240
    bad = subprocess.run([sys.executable, "-m", "scorer.cli", "check", "poker"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_python_m_scorer_is_the_command_line():
    """`python -m scorer` is the same command line as the `scorer` script (a tester's
    first try, and docs' `python -m scorer publish` in a clone without the script)."""
    done = subprocess.run([sys.executable, "-m", "scorer", "check", "minibridge",
                           "--contract", "3NT", "--tricks", "9", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["declarer"] > 0


def test_draw_bridge_json(scorer):
    done = scorer("check", "draw-bridge", "--contract", "4HX", "--tricks", "10", "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert set(result) == {"made", "declarer", "defenders", "lines"}
    assert (result["made"], result["declarer"], result["defenders"]) == (True, 240, 0)
    assert result["lines"][0] == {"text": "4 tricks over six in hearts: 4 × 30 = 120",
                                  "points": 120}
    assert result["lines"][1] == {"text": "doubled: 120 × 2 = 240", "points": 240}


def test_draw_bridge_undertricks_rule(scorer):
    done = scorer("check", "draw-bridge", "--contract", "4HX", "--tricks", "8",
                  "--rule", "undertricks=on", "--json")
    result = json.loads(done.stdout)
    assert (result["made"], result["declarer"], result["defenders"]) == (False, 0, 200)


def test_human_output_explains_and_gives_result(scorer):
    done = scorer("check", "minibridge", "--contract", "3NT", "--tricks", "9")
    assert done.returncode == 0
    assert done.stdout.splitlines() == [
        "3 tricks over six in no-trump: 40 + 2 × 30 = 100",
        "game bonus (3NT is a game contract): 300",
        "declaring side scores 100 + 300 = 400",
        "Result: made; declarer 400, defenders 0",
    ]


def test_minibridge_hcp_redeal_and_declarer(scorer):
    done = scorer("check", "minibridge", "--hcp", "11,10,9,10", "--dealer", "W")
    assert done.returncode == 0 and "redeal" in done.stdout
    result = json.loads(scorer("check", "minibridge", "--hcp", "5,10,5,20", "--dealer", "N",
                               "--json").stdout)
    assert result["hcp"]["declarer"] == "W" and result["hcp"]["dummy"] == "E"
    assert result["hcp"]["side"] == "E-W"


def test_call_break_json_in_player_order(scorer):
    done = scorer("check", "call-break", "--calls", "4,3,2,4", "--tricks", "5,3,1,4", "--json")
    result = json.loads(done.stdout)
    assert result["points"] == [41, 30, -20, 40]
    assert len(result["lines"]) == 4 and result["lines"][2]["points"] == -20
    none = scorer("check", "call-break", "--calls", "2,3,2,4", "--tricks", "6,2,1,4",
                  "--rule", "overtrick_limit=none", "--rule", "eight_plus=on",
                  "--rule", "min_call=1", "--json")
    assert json.loads(none.stdout)["points"] == [24, -30, -20, 40]
    decimals = scorer("check", "call-break", "--calls", "4,3,2,4", "--tricks", "5,3,1,4")
    assert "41 (4.1), 30 (3.0), -20 (-2.0), 40 (4.0)" in decimals.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [(["draw-bridge", "--contract", "4H", "--tricks", "14"], "tricks: 14 is not between 0 and 13"),
     (["poker", "--contract", "4H", "--tricks", "9"], "game: poker is not one of"),
     (["draw-bridge", "--contract", "8H", "--tricks", "9"], "contract: 8H is not a contract"),
     (["minibridge", "--contract", "4HX", "--tricks", "9"], "contract: 4HX is doubled"),
     (["call-break", "--calls", "4,3,2,4", "--tricks", "5,3,1,3"], "tricks: 5,3,1,3 total"),
     (["call-break", "--calls", "4,3,1,4", "--tricks", "5,3,1,4"],
      "calls of player 3: 1 is below the minimum call of 2"),
     (["call-break", "--calls", "4,3,2", "--tricks", "5,3,1,4"], "Call Break has 4 players"),
     (["call-break", "--calls", "4,3,2,4,1", "--tricks", "5,3,1,4"], "Call Break has 4 players"),
     (["draw-bridge", "--contract", "4H", "--tricks", "9", "--rule", "doubles=on"],
      "rule: doubles is not a house rule of draw-bridge"),
     (["draw-bridge", "--contract", "4H", "--tricks", "9", "--rule", "undertricks"],
      "rule: undertricks is not NAME=VALUE"),
     (["draw-bridge", "--contract", "4H"], "tricks: missing"),
     (["draw-bridge", "--tricks", "x", "--contract", "4H"], "tricks: x is not"),
     (["draw-bridge", "--calls", "4,4,4,4", "--contract", "4H", "--tricks", "9"],
      "--calls: 4,4,4,4 is not used by draw-bridge"),
     (["minibridge", "--hcp", "10,10,10,11", "--dealer", "N"], "hcp: 10,10,10,11 totals 41"),
     (["minibridge", "--hcp", "10,10,10,10", "--dealer", "Q"], "dealer: Q is not one of"),
     (["draw-bridge", "--bogus"], "unrecognized arguments"),
     ([], "required: game")],
)
def test_invalid_input_exit_2_one_line_no_traceback(scorer, args, message):
    done = scorer("check", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert message in lines[0]
    assert "Traceback" not in done.stderr


def test_games_export_import_commands(scorer, tmp_path):
    from scorer.game import Game
    from scorer.rules.call_break import CallBreakDeal
    from scorer.store import Store

    source, target = tmp_path / "a", tmp_path / "b"
    with Store(source) as store:
        game = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
        game = store.save(game.add_deal(CallBreakDeal((4, 3, 2, 4), (5, 3, 1, 4))))
    listed = scorer("--data-dir", str(source), "games")
    assert game.id in listed.stdout and "Ana 41, Ben 30, Cleo -20, Dan 40" in listed.stdout
    out = tmp_path / "all.json"
    assert scorer("--data-dir", str(source), "export", "--all", "-o", str(out)).returncode == 0
    csv_text = scorer("--data-dir", str(source), "export", game.id, "--format", "csv").stdout
    assert "1,Ana,4 3 2 4,5 3 1 4,3 of 4 calls met,41,30,-20,40,41,30,-20,40" in csv_text
    first = scorer("--data-dir", str(target), "import", str(out))
    assert first.returncode == 0 and "imported 1 game" in first.stdout
    second = scorer("--data-dir", str(target), "import", str(out))
    assert "already stored" in second.stdout
    with Store(target) as store:
        assert len(store.list_games()) == 1 and store.load(game.id).totals == game.totals
    out.write_text('{"format": "scorer-export", "games": [{"variant": "call-break"}]}')
    bad = scorer("--data-dir", str(target), "import", str(out))
    assert bad.returncode == 2 and bad.stderr.strip().startswith("game 1 players")
    missing = scorer("--data-dir", str(target), "export", "nope")
    assert missing.returncode == 2 and "no stored game" in missing.stderr


# --- games, export, import: every failure one line, exit 2 ---------------------------------


@pytest.fixture
def stored(tmp_path):
    from scorer.game import Game
    from scorer.rules.call_break import CallBreakDeal
    from scorer.store import Store

    folder = tmp_path / "data"
    with Store(folder) as store:
        game = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
        game = store.save(game.add_deal(CallBreakDeal((4, 3, 2, 4), (5, 3, 1, 4))))
    return folder, game


def one_line_exit_2(done: Done, *words: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_games_lists_an_unreadable_game_with_its_reason(scorer, stored, monkeypatch):
    from faults import deny

    folder, game = stored
    (folder / "index.json").unlink()
    deny(monkeypatch, folder / "games" / f"{game.id}.json")
    done = scorer("--data-dir", str(folder), "games")
    assert done.returncode == 0
    assert f"{game.id}  unreadable: its file cannot be read (Permission denied)" in done.stdout
    export = scorer("--data-dir", str(folder), "export", game.id)
    one_line_exit_2(export, game.id, "cannot be opened", "Permission denied")


@pytest.mark.parametrize("index", ["kept", "rebuilt"])
@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_export_all_writes_the_readable_games_and_names_the_others(scorer, stored, tmp_path,
                                                                  monkeypatch, index, fmt):
    """Issue 17 item 8: `export --all` dropped unreadable games silently (exit 0) or stopped
    and exported none (exit 2). The rule: every readable game is exported, each other one is
    named on stderr with the reason, and the exit status is 3."""
    from faults import deny

    from scorer.game import Game
    from scorer.store import Store

    folder, game = stored
    with Store(folder) as store:
        newer = store.save(Game.new("draw-bridge", ["Newer", "Scorer"], first_dealer=0))
        locked = store.save(Game.new("draw-bridge", ["Locked", "File"], first_dealer=0))
    path = folder / "games" / f"{newer.id}.json"  # written by a newer Scorer: on disk
    path.write_text(path.read_text(encoding="utf-8").replace('"schema_version":1',
                                                             '"schema_version":99'))
    assert '"schema_version":99' in path.read_text(encoding="utf-8")
    if index == "rebuilt":  # found unreadable when the store opens, not when exporting
        (folder / "index.json").unlink()
    deny(monkeypatch, folder / "games" / f"{locked.id}.json")
    out = tmp_path / f"all.{fmt}"
    for args in (["--format", fmt], ["--format", fmt, "-o", str(out)]):
        done = scorer("--data-dir", str(folder), "export", "--all", *args)
        assert done.returncode == 3, (done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        written = out.read_text(encoding="utf-8") if "-o" in args else done.stdout
        if fmt == "json":
            assert [g["id"] for g in json.loads(written)["games"]] == [game.id]
        else:
            assert "Ana" in written and "Newer" not in written and "Locked" not in written
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 3, done.stderr
        assert lines[0] == "exported 1 game; 2 could not be read and were not exported:"
        assert f"not exported: game {locked.id}: its file cannot be read (Permission " \
               f"denied)" in lines
        assert any(line.startswith(f"not exported: game {newer.id}: ") and "newer" in line
                   for line in lines), lines


@pytest.mark.parametrize("command", ["export --all", "export OTHER", "import FILE",
                                     "link OTHER", "games"])
def test_every_command_tells_what_it_moved_to_quarantine_once(scorer, stored, tmp_path,
                                                               command):
    """Issue 30 item 10: `export --all` after a game file was filled with garbage moved it
    to quarantine and exited 0 with nothing on stderr; only `scorer games` said so, if it
    happened to be the command that found it. Now the command that finds it says it, once;
    an export of every game that could not include it exits 3 (decision 203)."""
    from scorer.game import Game
    from scorer.store import Store

    folder, game = stored
    with Store(folder) as store:
        other = store.save(Game.new("draw-bridge", ["Eve", "Fay"], first_dealer=0))
    export = tmp_path / "other.json"
    assert scorer("--data-dir", str(folder), "export", other.id, "-o", str(export)).returncode == 0
    (folder / "games" / f"{game.id}.json").write_bytes(b"\x00 garbage \xff" * 20)
    words = {"export --all": ["export", "--all"], "export OTHER": ["export", other.id],
             "import FILE": ["import", str(export)],
             "link OTHER": ["link", other.id, "--site-url", "https://scorer.example.org/"],
             "games": ["games"]}[command]
    done = scorer("--data-dir", str(folder), *words)
    assert "Traceback" not in done.stderr
    notes = [line for line in done.stderr.splitlines() if line.startswith("note: ")]
    assert len(notes) == 1, done.stderr
    assert f"game {game.id} was damaged" in notes[0] and "quarantine" in notes[0]
    assert done.returncode == (3 if command == "export --all" else 0), done.stderr
    assert list((folder / "quarantine").iterdir())
    again = scorer("--data-dir", str(folder), *words)  # told once: not again
    assert "note: " not in again.stderr and again.returncode == 0, again.stderr


def test_import_refuses_a_number_nobody_plays_in_one_line(scorer, tmp_path):
    """Issue 30 item 13 on the command line: a target of 10^29, tricks as text."""
    from scorer.game import Game

    doc = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0).to_dict()
    for change, words in (({"end": {"kind": "target", "value": 10**29}},
                           ("game 1 target", "is not between 1 and 100000")),
                          ({"deals": [{"declarer": 0, "contract": "4S", "tricks": "10"}]},
                           ("game 1 deal 1 tricks: 10", "is text, not a number"))):
        path = tmp_path / "hostile.json"
        path.write_text(json.dumps(doc | change), encoding="utf-8")
        one_line_exit_2(scorer("--data-dir", str(tmp_path / "data"), "import", str(path)),
                        *words)


def test_terminal_output_escapes_control_characters(scorer, stored):
    from scorer.cli import terminal_safe

    assert terminal_safe("a\x1b[2Jb\u202ec\u200bd\n") == r"a\x1b[2Jb\u202ec\u200bd\n"
    assert terminal_safe("Zoë 李 👩‍🌾") == r"Zoë 李 👩\u200d🌾"
    folder, game = stored
    path = folder / "games" / f"{game.id}.json"
    path.write_text(path.read_text(encoding="utf-8").replace("Ana", "\\u001b[2JAna"),
                    encoding="utf-8")
    done = scorer("--data-dir", str(folder), "games")
    assert done.returncode == 0 and "\x1b" not in done.stderr + done.stdout
    assert r"\x1b[2JAna" in done.stderr  # the damaged game is reported, escaped


def test_export_to_a_file_refuses_to_overwrite_without_force(scorer, stored, tmp_path):
    folder, game = stored
    out = tmp_path / "out.json"
    out.write_text("precious")
    one_line_exit_2(scorer("--data-dir", str(folder), "export", "--all", "-o", str(out)),
                    "already exists", "--force")
    assert out.read_text() == "precious"
    done = scorer("--data-dir", str(folder), "export", "--all", "-o", str(out), "--force")
    assert done.returncode == 0 and json.loads(out.read_text())["games"][0]["id"] == game.id
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_export_never_writes_inside_the_data_folder(scorer, stored):
    folder, game = stored
    target = folder / "games" / f"{game.id}.json"
    before = target.read_bytes()
    for path in (target, folder / "new.csv", folder):
        one_line_exit_2(scorer("--data-dir", str(folder), "export", "--all", "--format", "csv",
                               "-o", str(path), "--force"), "inside the data folder")
    assert target.read_bytes() == before and not (folder / "new.csv").exists()


def test_export_to_a_folder_or_a_missing_folder_is_one_line(scorer, stored, tmp_path):
    folder, _ = stored
    one_line_exit_2(scorer("--data-dir", str(folder), "export", "--all", "-o", str(tmp_path)),
                    "is a folder")
    one_line_exit_2(scorer("--data-dir", str(folder), "export", "--all", "-o",
                           str(tmp_path / "nowhere" / "x.json")), "there is no folder")
    if os.path.exists("/dev/null"):  # never replaced by a file, even by root with --force
        one_line_exit_2(scorer("--data-dir", str(folder), "export", "--all", "-o", "/dev/null",
                               "--force"), "not a regular file")
        assert not os.path.isfile("/dev/null")


def test_export_to_a_full_device_is_one_line_and_leaves_nothing(scorer, stored, small_disk):
    from conftest import fill

    folder, _ = stored
    old = small_disk / "old.json"
    old.write_text("the previous export")
    fill(small_disk)
    one_line_exit_2(scorer("--data-dir", str(folder), "export", "--all", "-o", str(old),
                           "--force"), "No space left on device", "nothing was written")
    assert old.read_text() == "the previous export"
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler", "old.json"]


def test_export_is_written_atomically(scorer, stored, tmp_path, monkeypatch):
    folder, _ = stored
    out = tmp_path / "out.json"
    out.write_text("old")

    def crash(*args):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", crash)  # the write dies just before the rename
    one_line_exit_2(scorer("--data-dir", str(folder), "export", "--all", "-o", str(out),
                           "--force"), "Input/output error")
    assert out.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == [
        "data", "out.json"]


def test_import_failures_are_one_line(scorer, stored, tmp_path):
    folder, _ = stored
    one_line_exit_2(scorer("--data-dir", str(folder), "import", str(tmp_path / "none.json")),
                    "cannot be read")
    one_line_exit_2(scorer("--data-dir", str(folder), "import", str(tmp_path)), "is a folder")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "scorer-export", "games": [{"variant": "call-break", '
                   '"players": ["A\\u001b[2J", "B", "C", "D"]}]}')
    done = scorer("--data-dir", str(folder), "import", str(bad))
    one_line_exit_2(done, "game 1")
    assert "\x1b" not in done.stderr


def test_a_data_folder_that_is_a_file_is_one_line(scorer, tmp_path):
    path = tmp_path / "file"
    path.write_text("x")
    for command in (["games"], ["export", "--all"], ["import", str(path)]):
        one_line_exit_2(scorer("--data-dir", str(path), *command), "is a file, not a folder")


def test_a_busy_data_folder_is_one_line(scorer, stored):
    from scorer.store import Store

    folder, _ = stored
    with Store(folder):
        one_line_exit_2(scorer("--data-dir", str(folder), "games"), "in use by another Scorer")


def test_a_read_only_data_folder_reads_and_refuses_imports(scorer, small_disk, tmp_path):
    from scorer.game import Game

    folder = small_disk / "data"
    assert scorer("--data-dir", str(folder), "games").returncode == 0
    source = tmp_path / "one.json"
    source.write_text(json.dumps(Game.new("draw-bridge", ["A", "B"], first_dealer=0)
                                 .to_dict()))
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    assert scorer("--data-dir", str(folder), "games").returncode == 0
    one_line_exit_2(scorer("--data-dir", str(folder), "import", str(source)),
                    "nothing was imported", "Read-only file system")


def test_a_bug_is_still_exit_1_with_a_traceback(stored, monkeypatch):
    from scorer.store import Store

    folder, _ = stored
    monkeypatch.setattr(Store, "list_games", lambda self: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        main(["--data-dir", str(folder), "games"])


def test_lang_help_names_every_language(capsys):
    """Issue 30 item 5: `--lang` help listed four of the six languages."""
    from scorer.cli import build_parser
    from scorer.i18n import LANGUAGES

    helps = [a.help for a in build_parser()._actions if "--lang" in a.option_strings]
    check = build_parser()._subparsers._group_actions[0].choices["check"]
    helps += [a.help for a in check._actions if "--lang" in a.option_strings]
    assert len(helps) == 2
    for text in helps:
        assert all(lang in text for lang in LANGUAGES), text
