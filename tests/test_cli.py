"""`scorer check`, the referee, run as a real command: output, JSON shape, exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def scorer(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorer.cli", *args], capture_output=True,
                          text=True, timeout=60)


def test_draw_bridge_json():
    done = scorer("check", "draw-bridge", "--contract", "4HX", "--tricks", "10", "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert set(result) == {"made", "declarer", "defenders", "lines"}
    assert (result["made"], result["declarer"], result["defenders"]) == (True, 240, 0)
    assert result["lines"][0] == {"text": "4 tricks over six in hearts: 4 × 30 = 120",
                                  "points": 120}
    assert result["lines"][1] == {"text": "doubled: 120 × 2 = 240", "points": 240}


def test_draw_bridge_undertricks_rule():
    done = scorer("check", "draw-bridge", "--contract", "4HX", "--tricks", "8",
                  "--rule", "undertricks=on", "--json")
    result = json.loads(done.stdout)
    assert (result["made"], result["declarer"], result["defenders"]) == (False, 0, 200)


def test_human_output_explains_and_gives_result():
    done = scorer("check", "minibridge", "--contract", "3NT", "--tricks", "9")
    assert done.returncode == 0
    assert done.stdout.splitlines() == [
        "3 tricks over six in no-trump: 40 + 2 × 30 = 100",
        "game bonus (3NT is a game contract): 300",
        "declaring side scores 100 + 300 = 400",
        "Result: made; declarer 400, defenders 0",
    ]


def test_minibridge_hcp_redeal_and_declarer():
    done = scorer("check", "minibridge", "--hcp", "11,10,9,10", "--dealer", "W")
    assert done.returncode == 0 and "redeal" in done.stdout
    result = json.loads(scorer("check", "minibridge", "--hcp", "5,10,5,20", "--dealer", "N",
                               "--json").stdout)
    assert result["hcp"]["declarer"] == "W" and result["hcp"]["dummy"] == "E"
    assert result["hcp"]["side"] == "E-W"


def test_call_break_json_in_player_order():
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
def test_invalid_input_exit_2_one_line_no_traceback(args, message):
    done = scorer("check", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert message in lines[0]
    assert "Traceback" not in done.stderr


def test_games_export_import_commands(tmp_path):
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
