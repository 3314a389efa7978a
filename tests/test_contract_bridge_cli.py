"""`scorer check duplicate | rubber | imps`, in process: the JSON shapes the issue fixes, the
explanation, and bad input (exit 2, one line naming the field, the value and what is allowed)."""

from __future__ import annotations

import json

import pytest
from docs_examples import examples

from scorer.cli import main
from scorer.rules import InvalidInput


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *args: str) -> dict:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_duplicate_json(capsys):
    result = run_json(capsys, "duplicate", "--contract", "4HX", "--tricks", "10",
                      "--vulnerable", "yes")
    assert set(result) == {"made", "declarer", "defenders", "lines"}
    assert (result["made"], result["declarer"], result["defenders"]) == (True, 790, 0)
    assert result["lines"][-1] == {"text": "declarer's side scores 240 + 500 + 50 = 790",
                                   "points": 790}


def test_duplicate_failed_contract_gives_the_penalty_to_the_defenders(capsys):
    result = run_json(capsys, "duplicate", "--contract", "4SX", "--tricks", "6",
                      "--vulnerable", "no")
    assert (result["made"], result["declarer"], result["defenders"]) == (False, 0, 800)


@pytest.mark.parametrize("row", examples("duplicate")[::5],
                         ids=lambda r: f"{r['contract']}-{r['tricks']}-{r['vul']}")
def test_duplicate_documented_examples_through_the_command(capsys, row):
    result = run_json(capsys, "duplicate", "--contract", row["contract"], "--tricks",
                      row["tricks"], "--vulnerable", row["vul"])
    assert (result["declarer"], result["defenders"]) == (int(row["declarer"]),
                                                         int(row["defenders"]))


@pytest.mark.parametrize(
    ("board", "declarer", "points"),
    # 4H made: 620 when declarer's side is vulnerable, 420 when not
    [("1", "N", 420), ("2", "S", 620), ("2", "E", 420), ("3", "W", 620), ("4", "N", 620),
     ("8", "E", 420), ("9", "N", 420), ("19", "E", 620), ("16", "S", 420)],
)
def test_duplicate_board_and_declarer_set_the_vulnerability(capsys, board, declarer, points):
    result = run_json(capsys, "duplicate", "--contract", "4H", "--tricks", "10",
                      "--board", board, "--declarer", declarer)
    assert result["declarer"] == points
    assert result["lines"][0]["text"].startswith(f"board {board}: dealer ")


def test_rubber_json(capsys):
    result = run_json(capsys, "rubber", "--contract", "4HX", "--tricks", "11",
                      "--vulnerable", "yes")
    assert result == {**result, "made": True, "declarer": 490, "defenders": 0,
                      "declarer_below": 240, "declarer_above": 250, "defenders_above": 0}
    assert set(result) == {"made", "declarer", "defenders", "declarer_below", "declarer_above",
                           "defenders_above", "lines"}
    assert result["lines"][-1] == {"text": "declarer's side: 240 below and 250 above the line "
                                           "= 490", "points": 490}


@pytest.mark.parametrize(
    ("honors", "declarer_above", "defenders_above"),
    [("declarer:100", 100, 200), ("declarer:150", 150, 200), ("defenders:100", 0, 300),
     ("defenders:150", 0, 350)],
)
def test_rubber_honours_go_to_the_side_that_held_them(capsys, honors, declarer_above,
                                                      defenders_above):
    result = run_json(capsys, "rubber", "--contract", "4S", "--tricks", "8", "--vulnerable",
                      "yes", "--honors", honors)
    assert (result["made"], result["declarer_below"]) == (False, 0)
    assert (result["declarer_above"], result["defenders_above"]) == (declarer_above,
                                                                     defenders_above)


@pytest.mark.parametrize(("diff", "imps"), [("470", 10), ("-470", -10), ("0", 0), ("4000", 24),
                                            ("-20", -1), ("10", 0)])
def test_imps_json(capsys, diff, imps):
    assert run_json(capsys, "imps", "--diff", diff) == {"imps": imps}


def test_human_output(capsys):
    code, out, _ = run(capsys, "rubber", "--contract", "2S", "--tricks", "9", "--vulnerable", "no")
    assert code == 0
    assert out.splitlines() == [
        "trick score of 2S: 2 × 30 = 60",
        "below the line for declarer's side: 60",
        "1 overtrick at trick value: 1 × 30 = 30",
        "above the line for declarer's side: 30",
        "one hand is not a rubber: 60 below the line counts toward a game (100)",
        "declarer's side: 60 below and 30 above the line = 90",
        "Result: made +1; declarer's side 90 (60 below and 30 above the line), defenders 0 "
        "above",
    ]
    code, out, _ = run(capsys, "imps", "--diff", "470")
    assert out == "difference 470: 430-490 on the WBF IMP scale = 10 IMPs\n"


def test_in_bulgarian(capsys):
    code, out, _ = run(capsys, "duplicate", "--contract", "4SX", "--tricks", "6",
                       "--vulnerable", "no", "--lang", "bg")
    assert code == 0
    assert "подвзятки 2-3 (с контра, извън зона): 2 × 200 = 400" in out.splitlines()


@pytest.mark.parametrize(
    ("args", "message"),
    [(["duplicate", "--contract", "4HX", "--tricks", "10", "--vulnerable", "maybe"],
      "vulnerable: maybe is not yes or no"),
     (["duplicate", "--contract", "4HX", "--tricks", "10"], "vulnerable: missing"),
     (["duplicate", "--contract", "4HX", "--tricks", "14", "--vulnerable", "no"],
      "tricks: 14 is not between 0 and 13"),
     (["duplicate", "--contract", "8H", "--tricks", "10", "--vulnerable", "no"],
      "contract: 8H is not a contract"),
     (["duplicate", "--tricks", "10", "--vulnerable", "no"], "contract: missing"),
     (["duplicate", "--contract", "4H", "--tricks", "10", "--board", "0", "--declarer", "N"],
      "board: 0 is not between 1 and 999"),
     (["duplicate", "--contract", "4H", "--tricks", "10", "--board", "x", "--declarer", "N"],
      "board: x is not a whole number"),
     (["duplicate", "--contract", "4H", "--tricks", "10", "--board", "3", "--declarer", "Q"],
      "declarer: Q is not one of N, E, S, W"),
     (["duplicate", "--contract", "4H", "--tricks", "10", "--board", "3"], "declarer: missing"),
     (["duplicate", "--contract", "4H", "--tricks", "10", "--declarer", "N"], "board: missing"),
     (["duplicate", "--contract", "4H", "--tricks", "10", "--board", "3", "--declarer", "N",
       "--vulnerable", "no"], "--vulnerable: no is not allowed with --board"),
     (["duplicate", "--contract", "4H", "--tricks", "10", "--vulnerable", "no", "--honors",
       "declarer:100"], "--honors: declarer:100 is not used by duplicate"),
     (["rubber", "--contract", "4H", "--tricks", "10", "--vulnerable", "no", "--honors",
       "declarer:50"], "honors: declarer:50 is not one of declarer:100, declarer:150"),
     (["rubber", "--contract", "3NT", "--tricks", "9", "--vulnerable", "no", "--honors",
       "defenders:100"], "honors: defenders:100 is not allowed at no-trump"),
     (["rubber", "--contract", "4H", "--tricks", "10", "--board", "3", "--declarer", "N"],
      "--board: 3 is not used by rubber"),
     (["rubber", "--contract", "4H", "--tricks", "10"], "vulnerable: missing"),
     (["imps"], "diff: missing"),
     (["imps", "--diff", "abc"], "diff: abc is not a whole number between -20000 and 20000"),
     (["imps", "--diff", "25"], "diff: 25 is not a multiple of 10"),
     (["imps", "--diff", "30000"], "diff: 30000 is not between -20000 and 20000"),
     (["imps", "--diff", "40", "--contract", "4H"], "--contract: 4H is not used by imps"),
     (["imps", "--diff", "40", "--rule", "a=b"], "--rule: a=b is not used by imps"),
     (["draw-bridge", "--contract", "4H", "--tricks", "9", "--vulnerable", "no"],
      "--vulnerable: no is not used by draw-bridge"),
     (["chicago", "--contract", "4H", "--tricks", "10"],
      "game: chicago is not one of draw-bridge, minibridge, call-break, duplicate, rubber, imps, "
      "matchpoints, cross-imps, butler"),
     (["team-match", "--diff", "10"], "game: team-match is not one of"),
     (["poker", "--contract", "4H", "--tricks", "10"],
      "game: poker is not one of draw-bridge, minibridge, call-break, duplicate, rubber, imps, "
      "matchpoints, cross-imps, butler")],
)
def test_invalid_input_exit_2_one_line(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], err


def test_the_modes_answer_a_hand_check_as_a_variant_does_without_the_command_line():
    from scorer.i18n import Translator
    from scorer.rules.bridge_checks import CHECK_MODES

    t = Translator("en")
    imps = CHECK_MODES["imps"].check_hand({"diff": "470"})
    assert imps.figures == {"imps": 10} and imps.lines == ()
    assert t.render(imps.summary) == t.line(imps_line_of(470))
    board = CHECK_MODES["duplicate"].check_hand(
        {"contract": "3NT", "tricks": "9", "board": "2", "declarer": "E", "vulnerable": None})
    assert board.figures == {"made": True, "declarer": 400, "defenders": 0}  # board 2: N-S vul
    assert board.lines[0].points == 0 and "board 2" in t.line(board.lines[0]).lower()
    assert t.render(board.summary) == "Result: made; declarer 400, defenders 0"
    rubber = CHECK_MODES["rubber"].check_hand(
        {"contract": "4S", "tricks": "11", "vulnerable": "no", "honors": "declarer:100"})
    assert "120 below" in t.render(rubber.summary) and rubber.result is not None
    with pytest.raises(InvalidInput, match="vulnerable"):
        CHECK_MODES["rubber"].check_hand({"contract": "4S", "tricks": "10"})


def imps_line_of(diff: int):
    from scorer.rules.boards import imps_line

    return imps_line(diff)
