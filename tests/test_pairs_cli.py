"""The pairs referee on the command line (scorer.cli.pairs through scorer.cli.main):
`scorer check matchpoints | cross-imps | butler --scores ...` and `scorer movement`, their
text, JSON and languages, and one line with exit status 2 for every bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import NamedTuple

import pytest

from scorer.cli import main
from scorer.i18n import LANGUAGES


class Done(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def scorer(capsys):
    """``scorer(*args)``: main's exit status and what it printed."""
    return lambda *args: Done(main(list(args)), *capsys.readouterr())


def test_matchpoints_text_explains_every_result(scorer):
    done = scorer("check", "matchpoints", "--scores", "420,420,400,-50")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:4] == [
        "Result 1: N-S 420",
        "  N-S 420: beaten 2 × 2 + tied 1 × 1 = 5 of 6 matchpoints",
        "  E-W: 6 − 5 = 1",
        "  N-S 5 of 6 (83.33%), E-W 1 of 6 (16.67%)",
    ]
    assert done.stdout.splitlines()[-1] == "  N-S 0 of 6 (0%), E-W 6 of 6 (100%)"


def test_matchpoints_json_on_the_acbl_scale(scorer):
    done = scorer("check", "matchpoints", "--scores", "420,420,400,-50", "--scale", "acbl",
                  "--json")
    data = json.loads(done.stdout)
    assert data["method"] == "matchpoints" and data["top"] == 3
    assert [(r["ns_score"], r["ns"], r["ew"]) for r in data["results"]] == [
        (420, 2.5, 0.5), (420, 2.5, 0.5), (400, 1, 2), (-50, 0, 3)]
    assert data["results"][0]["ns_percent"] == 83.33
    assert data["results"][0]["lines"][0]["text"] == (
        "N-S 420: beaten 2 × 1 + tied 1 × ½ = 2.5 of 3 matchpoints")


def test_neuberg_on_the_command_line_ebu_example(scorer):
    """Max Bavin's EBU example (see tests/test_pairs_scoring.py): 10 results of 11."""
    done = scorer("check", "matchpoints", "--scores", "520,500,490,480,460,450,430,420,400,-50",
                  "--expected", "11", "--json")
    data = json.loads(done.stdout)
    assert [r["ns"] for r in data["results"]] == [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5,
                                                  2.3, 0.1]
    assert data["results"][0]["lines"][1]["text"] == (
        "Neuberg, 10 results of 11: (18 + 1) × 11 / 10 − 1 = 19.9 of 20")


def test_an_adjusted_score_among_the_scores(scorer):
    data = json.loads(scorer("check", "matchpoints", "--scores", "620,A+/A-,170,170,-100",
                             "--json").stdout)
    assert (data["results"][1]["ns_score"], data["results"][1]["ns_percent"],
            data["results"][1]["ew_percent"]) == (None, 60, 40)


def test_cross_imps_json_bridge55_example(scorer):
    """bridge55.fi's example (see tests/test_pairs_scoring.py): +420 gets +3.6."""
    data = json.loads(scorer("check", "cross-imps", "--scores", "420,450,-100,-200,400,590",
                             "--json").stdout)
    assert data["method"] == "cross-imps" and "top" not in data
    assert (data["results"][0]["ns"], data["results"][0]["ew"]) == (3.6, -3.6)
    assert data["results"][0]["lines"][-1]["text"] == (
        "total 18 IMPs over 5 comparisons: 3.6 per comparison")


def test_butler_text_nbb_example(scorer):
    done = scorer("check", "butler", "--scores", "450,420,-800,-50,420,420")
    lines = done.stdout.splitlines()
    assert lines[0] == ("datum without the top and bottom score: 1210 / 4 = 302.5, to the "
                        "nearest 10: 300")
    assert lines[1:4] == ["Result 1: N-S 450",
                          "  N-S 450 against the datum 300: difference 150 = 4 IMPs",
                          "  N-S 4 IMPs, E-W -4 IMPs"]
    data = json.loads(scorer("check", "butler", "--scores", "450,420,-800,-50,420,420",
                             "--json").stdout)
    assert data["datum"] == 300 and [r["ns"] for r in data["results"]] == [4, 3, -15, -8, 3, 3]


@pytest.mark.parametrize(("args", "message"), [
    (["matchpoints"], "scores: missing (give --scores"),
    (["matchpoints", "--scores", "420,abc"], "score 2: abc is not a score"),
    (["matchpoints", "--scores", "425,420"], "score 1: 425 is not a multiple of 10"),
    (["matchpoints", "--scores", "420"], "scores: 1 is too few results"),
    (["matchpoints", "--scores", "420,400", "--scale", "ebu"], "scale: ebu is not wbf or acbl"),
    (["matchpoints", "--scores", "420,400", "--expected", "1"],
     "--expected: 1 is not a whole number between 2"),
    (["matchpoints", "--scores", "420,400", "--contract", "4H"],
     "--contract: 4H is not used by matchpoints"),
    (["butler", "--scores", "420,400", "--scale", "acbl"], "--scale: acbl is not used by butler"),
    (["cross-imps", "--scores", "420,400", "--rule", "a=b"], "--rule: a=b is not used by"),
    (["duplicate", "--scores", "420", "--contract", "4H", "--tricks", "10"],
     "--scores: 420 is not used by duplicate"),
])
def test_bad_check_input_is_one_line_exit_2(scorer, args, message):
    done = scorer("check", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(message) and done.stderr.count("\n") == 1, done.stderr


def test_movement_text_gives_the_table_cards(scorer):
    done = scorer("movement", "mitchell", "--tables", "4")
    lines = done.stdout.splitlines()
    assert lines[0] == ("Mitchell: tables 4, pairs 8, rounds 3, boards per round 2, "
                        "boards 8")
    assert lines[2:5] == [
        "Round 1",
        "  Table 1: N-S 1 against E-W 1, boards 1-2",
        "    next round: N-S to table 1 N-S; E-W to table 2 E-W; boards to table 4"]
    # the skip: after round 2 of 3, E-W 1 goes from table 2 to table 4
    round2 = lines[lines.index("Round 2"):lines.index("Round 3")]
    assert "    next round: N-S to table 2 N-S; E-W to table 4 E-W; boards to table 1" in round2


def test_movement_json_with_a_sit_out(scorer):
    data = json.loads(scorer("movement", "howell", "--tables", "4", "--pairs", "7",
                             "--boards-per-round", "3", "--json").stdout)
    assert (data["movement"], data["tables"], data["rounds"], data["pairs"]) == (
        "howell", 4, 7, 7)
    assert data["boards"] == 21 and data["missing_pair"] == 8
    first = data["schedule"][0]
    assert first["sits_out"] == 1 and len(first["tables"]) == 3
    # Round 1, table 1: pairs 2 and 7 play set 3 (boards 7-9); next round pair 2 meets the
    # missing pair 8 and sits out, pair 7 goes to table 2 E-W, the boards to table 3.
    assert first["tables"][0] == {"table": 1, "ns": 2, "ew": 7, "boards": [7, 8, 9],
                                  "shared_with": [], "ns_next": None,
                                  "ew_next": {"table": 2, "seat": "E-W"}, "boards_next": 3,
                                  "boards_done": False}
    assert data["schedule"][1]["sits_out"] == 2


@pytest.mark.parametrize(("args", "message"), [
    (["round-robin", "--tables", "4"], "movement: round-robin is not mitchell or howell"),
    (["howell", "--tables", "9"], "tables: 9 is not between 2 and 8"),
    (["mitchell", "--tables", "4", "--rounds", "4"], "rounds: 4 is not between 1 and 3"),
    (["mitchell", "--tables", "4", "--pairs", "6"], "pairs: 6 is not between 7 and 8"),
    (["mitchell", "--tables", "4", "--boards-per-round", "0"],
     "boards per round: 0 is not between 1 and 12"),
])
def test_bad_movement_input_is_one_line_exit_2(scorer, args, message):
    done = scorer("movement", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(message) and done.stderr.count("\n") == 1, done.stderr


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_output_speaks_the_language(scorer, lang):
    for args in (["check", "matchpoints", "--scores", "420,A/A,400", "--expected", "5"],
                 ["check", "cross-imps", "--scores", "420,A+/A-,400"],
                 ["check", "butler", "--scores", "420,400,-50,100,650"],
                 ["movement", "howell", "--tables", "3", "--boards-per-round", "3"],
                 ["movement", "mitchell", "--tables", "3", "--pairs", "5"]):
        done = scorer("--lang", lang, *args)
        assert done.returncode == 0, done.stderr
        assert "{" not in done.stdout and "pairs." not in done.stdout, done.stdout
    error = scorer("--lang", lang, "check", "matchpoints", "--scores", "425")
    assert error.returncode == 2 and "425" in error.stderr and "pairs." not in error.stderr


@pytest.mark.parametrize(("args", "said"), [
    (["check", "matchpoints", "--scores", "420,400", "--scale", "ebu"],
     "scale: ebu no es wbf ni acbl\n"),
    (["movement", "howell", "--tables", "3", "--boards-per-round", "2"],
     "tableros por ronda: 2 son muy pocos para 3 mesas que comparten los tableros de cada "
     "ronda (al menos 3)\n"),
    (["movement", "mitchell", "--tables", "20"], "tables: 20 no está entre 3 y 15\n"),
])
def test_errors_speak_the_language(scorer, args, said):
    done = scorer("--lang", "es", *args)
    assert (done.returncode, done.stderr) == (2, said)


def test_spanish_and_devanagari_digits(scorer):
    done = scorer("--lang", "es", "check", "matchpoints", "--scores", "४२०,400")
    assert done.stdout.splitlines()[0] == "Resultado 1: N-S 420"
    assert scorer("--lang", "es", "check", "matchpoints", "--scores", "425").stderr == (
        "puntuación 1: 425 no es un múltiplo de 10 entre -10000 y 10000\n")


def test_a_real_process_prints_no_traceback():
    done = subprocess.run([sys.executable, "-m", "scorer.cli", "movement", "howell", "--tables",
                           "x"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("tables: x is not a whole number between 2 and 8")
