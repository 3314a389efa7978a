"""The contract bridge scoreboards (scorer/ui/boards/text.py, drawn by scorer/ui/boards/views.py):
whole games built through scorer.game from the worked examples of the rules page; the numbers
each board shows equal the core's totals, the line is drawn after each game, and vulnerability
is as the Laws say (the examples' own vulnerability column)."""

from __future__ import annotations

import pytest
from docs_examples import examples
from test_bridge_games import PLAYERS, VUL, deal, table

from scorer.game import Game
from scorer.i18n import LANGUAGES, Translator
from scorer.rules.boards import board_dealer, board_vulnerable
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.team_match import TeamBoard
from scorer.ui.boards.text import Entry, RubberSheet, chicago_board, match_board, rubber_board

EN = Translator("en", suits=True)


def add(game: Game, row: dict[str, str]) -> Game:
    if row["contract"] == "pass":
        return game.add_deal(BridgeDeal())
    return game.add_deal(deal(row["declarer"], row["contract"], int(row["tricks"]),
                              row.get("honors")))


def sheet_sum(sheet: RubberSheet, side: int) -> int:
    entries: list[Entry] = [*sheet.above[side]]
    for game in sheet.games:
        entries += game.below[side]
    return sum(e.points for e in entries)


def rubber(rows: list[dict[str, str]], **options: object) -> tuple[Game, list[Game]]:
    """The game after each deal, checking the board's vulnerability before every deal."""
    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0, **options)  # type: ignore[arg-type]
    played = []
    for row in rows:
        board = rubber_board(game, EN)
        assert board.vulnerable == VUL[row["vul"]], row  # Law 72: a side that won a game
        current = board.sheets[-1]
        assert current.vulnerable == VUL[row["vul"]] and not current.finished
        game = add(game, row)
        played.append(game)
    return game, played


# --- rubber bridge ----------------------------------------------------------------------------

def test_rubber_won_2_0():
    game, played = rubber(examples("rubber-2-0"), end="rubbers=1")
    board = rubber_board(game, EN)
    [sheet] = board.sheets
    assert sheet.finished and sheet.winner == 0 and sheet.games_won == (2, 0)
    assert sheet.bonus == 700 and sheet.above[0][-1] == Entry(700, 5, "rubber bonus")
    assert sheet.result == "Ana & Cleo won the rubber 2-0, bonus 700"
    # the line is drawn under deal 3 (60 + 70 completes the game) and under deal 5
    assert [g.won_by for g in sheet.games] == [0, 0]
    assert [[e.deal for e in g.below[0]] for g in sheet.games] == [[1, 3], [5]]
    assert sheet.games[0].below[1] == (Entry(40, 2),)  # E-W's part score, cut off by the line
    assert [g.line for g in sheet.games] == ["game 1: Ana & Cleo", "game 2: Ana & Cleo"]
    for side in (0, 1):
        assert sheet_sum(sheet, side) == sheet.totals[side] == game.totals[side]
    assert board.totals == game.totals == (1990, 40) and board.vulnerable is None
    assert sheet.total_labels == ("Ana & Cleo total of rubber 1: 1990",
                                  "Ben & Dan total of rubber 1: 40")
    # after deal 3 the sheet in play has one game won and no line under the open game
    open_sheet = rubber_board(played[2], EN).sheets[-1]
    assert [g.won_by for g in open_sheet.games] == [0, None]
    assert open_sheet.games_won == (1, 0) and open_sheet.result == ""


def test_rubber_won_2_1():
    game, _ = rubber(examples("rubber-2-1"), end="rubbers=1")
    [sheet] = rubber_board(game, EN).sheets
    assert [g.won_by for g in sheet.games] == [0, 1, 0]
    assert sheet.winner == 0 and sheet.games_won == (2, 1) and sheet.bonus == 500
    assert sheet.above[0][-1] == Entry(500, 6, "rubber bonus")
    # honours held by N-S, who went down in 4H: 100 above for them, the penalty to E-W
    assert Entry(100, 5) in sheet.above[0] and Entry(200, 5) in sheet.above[1]
    for side in (0, 1):
        assert sheet_sum(sheet, side) == sheet.totals[side] == game.totals[side]
    assert game.state.finished == (sheet.totals,)


def test_unfinished_rubber_shows_its_closing_points():
    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    game = game.add_deal(deal("N", "4S", 10)).add_deal(deal("E", "2H", 8)).close()
    board = rubber_board(game, EN)
    [sheet] = board.sheets
    closing = game.closing
    assert closing is not None and closing.points == (300, 100)
    assert sheet.above[0][-1] == Entry(300, 0, "unfinished rubber")
    assert sheet.above[1][-1] == Entry(100, 0, "unfinished rubber")
    assert sheet.finished and sheet.winner is None and sheet.vulnerable is None
    assert sheet.result == "stopped before its end: scored as an unfinished rubber"
    assert [g.won_by for g in sheet.games] == [0, None]  # E-W's 60 in the unfinished game
    for side in (0, 1):
        assert sheet_sum(sheet, side) == sheet.totals[side] == game.totals[side]
    assert board.totals == game.totals == (120 + 300, 60 + 100)


def test_several_rubbers_with_a_running_session_total():
    rows = examples("rubber-2-0") + examples("rubber-2-1")
    game, _ = rubber(rows)
    game = game.add_deal(deal("S", "3NT", 9))  # rubber 3: N-S game, now vulnerable
    board = rubber_board(game, EN)
    assert [s.number for s in board.sheets] == [1, 2, 3]
    assert [s.finished for s in board.sheets] == [True, True, False]
    finished = game.state.finished
    assert [s.totals for s in board.sheets[:2]] == list(finished)
    running = [finished[0], tuple(a + b for a, b in zip(*finished, strict=True))]
    assert [r.running for r in board.session[:2]] == running
    assert board.session[-1].running == board.totals == game.totals
    assert board.session[-1].label == (
        f"Rubber 3: session total Ana & Cleo {game.totals[0]}, Ben & Dan {game.totals[1]}")
    assert board.vulnerable == game.vulnerability() == (True, False)
    assert board.sheets[-1].vulnerable == (True, False)
    assert board.vul_labels == ("Ana & Cleo (N-S) vulnerable", "Ben & Dan (E-W) not vulnerable")


def test_a_new_rubber_starts_on_a_fresh_sheet_and_passed_out_deals_write_nothing():
    game, _ = rubber(examples("rubber-2-0"))
    board = rubber_board(game, EN)
    assert [s.number for s in board.sheets] == [1, 2]
    fresh = board.sheets[-1]
    assert fresh.totals == (0, 0) and fresh.vulnerable == (False, False)
    assert fresh.above == ((), ()) and [g.below for g in fresh.games] == [((), ())]
    again = rubber_board(game.add_deal(BridgeDeal()), EN).sheets[-1]
    assert again.above == fresh.above and again.games == fresh.games


# --- Chicago ----------------------------------------------------------------------------------

def test_chicago_cycle_with_a_part_score_carried_into_game():
    rows = examples("chicago-cycle")
    game = Game.new("chicago", PLAYERS, first_dealer=0, end="deals=8")
    for number, row in enumerate(rows):
        board = chicago_board(game, EN)
        upcoming = [r for r in board.cycles[-1].rows if not r.number]
        assert upcoming[0].vulnerable == VUL[row["vul"]] == board.vulnerable, row
        assert upcoming[0].dealer.startswith(PLAYERS["NESW".index(row["dealer"])])
        game = add(game, row)
        assert len(game.deals) == number + 1
    board = chicago_board(game, EN)
    first, second = board.cycles
    assert [r.position for r in first.rows] == [1, 0, 2, 3, 4] and first.complete
    assert [r.vulnerable for r in first.rows] == [VUL[r["vul"]] for r in rows]
    assert [r.dealer for r in first.rows] == [
        "Ana (North)", "Ben (East)", "Ben (East)", "Cleo (South)", "Dan (West)"]
    assert [r.carried for r in first.rows] == ["toward game: N-S 60", "", "game: N-S",
                                               "toward game: E-W 60", ""]
    assert [r.points for r in first.rows] == [r.score.points for r in game.records]
    assert first.rows[2].result == "2♥ by Ana (North): made"
    assert first.points == first.running == game.totals == board.totals == (590, 60)
    # the next cycle: four deals to come, the vulnerability schedule from North's deal
    assert [r.position for r in second.rows] == [1, 2, 3, 4]
    assert [r.vulnerable for r in second.rows] == [(False, False), (False, True),
                                                   (True, False), (True, True)]
    assert second.running == game.totals and second.points == (0, 0)
    assert board.next_deal == "Deal 1 of 4 · dealer: Ana (North) · vulnerable: none"
    assert first.labels == ("Ana & Cleo session total 590", "Ben & Dan session total 60")
    assert second.rows[1].label == (
        "Deal 2 of 4: still to be played; dealer: Ben (East); vulnerable: E-W")


def test_chicago_second_cycle_adds_to_the_session_and_shows_parts_carried_now():
    game = Game.new("chicago", PLAYERS, first_dealer=0, end="deals=8")
    for seat, contract, tricks in [("N", "1C", 7), ("E", "1C", 7), ("S", "2S", 8),
                                   ("N", "1NT", 7), ("E", "2H", 8)]:
        game = game.add_deal(deal(seat, contract, tricks))
    board = chicago_board(game, EN)
    first, second = board.cycles
    assert first.points == (20 + 60 + 40 + 500, 20)
    assert second.points == (0, 60) and second.running == board.totals == game.totals
    assert board.carried == "toward game: E-W 60"
    assert [r.carried for r in second.rows] == ["toward game: E-W 60", "", "", ""]


def test_chicago_duplicate_scoring_carries_nothing():
    game = Game.new("chicago", PLAYERS, {"scoring": "duplicate"}, first_dealer=0)
    game = game.add_deal(deal("N", "2S", 8))
    board = chicago_board(game, EN)
    assert board.carried == "" and board.cycles[0].rows[0].carried == ""
    assert board.totals == game.totals == (110, 0)


# --- team match -------------------------------------------------------------------------------

def test_team_match_of_8_boards():
    game = Game.new("team-match", ["Lions", "Tigers"])
    rows = examples("team-match")
    for row in rows:
        game = game.add_deal(TeamBoard(table(row["table1"]), table(row["table2"])))
        board = match_board(game, EN)
        # one total everywhere (issue 30): the game's totals are the IMPs each team won
        assert board.imps == game.totals == (int(row["a"]), int(row["b"]))
        assert board.margin == int(row["a"]) - int(row["b"])
    board = match_board(game, EN)
    assert [r.board for r in board.rows] == list(range(1, 9))
    assert [r.dealer for r in board.rows] == ["NESW"[board_dealer(n)] for n in range(1, 9)]
    assert [r.vulnerable for r in board.rows] == [board_vulnerable(n) for n in range(1, 9)]
    assert [r.vul for r in board.rows][:4] == ["none", "N-S", "E-W", "both"]
    assert [(r.tables[0].ns, r.tables[1].ns) for r in board.rows] == [
        (int(row["ns1"]), int(row["ns2"])) for row in rows]
    assert [r.imps[0] - r.imps[1] for r in board.rows] == [int(row["imps"]) for row in rows]
    assert [r.diff for r in board.rows] == [r.tables[0].ns - r.tables[1].ns for r in board.rows]
    assert [r.tables[0].text for r in board.rows][:2] == ["4♠ N =", "3NT N -1"]
    assert board.rows[3].tables[0].text == "passed out"
    assert board.rows[5].tables[0].text == "4♠X W -3"
    assert board.imps == (6 + 13 + 9 + 20, 12 + 3) and board.margin == 33
    assert board.result == "Lions won by 33 IMPs" and board.next_board == ""
    assert board.labels == ("Lions 48 IMPs", "Tigers 15 IMPs")
    plain = match_board(game, EN, EN.plain)
    assert plain.rows[0].tables[0].text == "4♠ N =" and plain.labels == board.labels
    assert plain.rows[0].label == "Board 1: table 1 4S N =, N-S 420; table 2 2S N +2, N-S 170; " \
        "6 IMPs to Lions"
    assert plain.rows[2].label.endswith("; no swing")


def test_team_match_in_play_says_the_next_board():
    game = Game.new("team-match", ["Lions", "Tigers"], end="deals=16")
    board = match_board(game, EN)
    assert board.result == "the match is level" and board.imps == (0, 0)
    assert board.next_board == "Board 1 · North deals · vulnerable: none"
    game = game.add_deal(TeamBoard(table("N 3NT 8"), table("S 3NT 9")))
    board = match_board(game, EN)
    assert board.result == "Tigers lead by 10 IMPs"  # 400 against -50, not vulnerable
    assert board.next_board == "Board 2 · East deals · vulnerable: N-S"


# --- every language, and the controls ---------------------------------------------------------

def sample_games() -> list[Game]:
    rubber_game = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    for row in examples("rubber-2-1"):
        rubber_game = add(rubber_game, row)
    rubber_game = rubber_game.add_deal(deal("E", "2H", 8)).close()
    chicago = Game.new("chicago", PLAYERS, first_dealer=0, end="deals=8")
    for row in examples("chicago-cycle"):
        chicago = add(chicago, row)
    match = Game.new("team-match", ["Lions", "Tigers"])
    for row in examples("team-match")[:3]:
        match = match.add_deal(TeamBoard(table(row["table1"]), table(row["table2"])))
    return [rubber_game, chicago, match]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_boards_speak_every_language(lang):
    t = Translator(lang, suits=True)
    rubber_game, chicago, match = sample_games()
    texts = []
    r = rubber_board(rubber_game, t, t.plain)
    texts += [r.vul_labels[0], *(s.result for s in r.sheets), *(s.title for s in r.sheets),
              *(g.line for s in r.sheets for g in s.games), *(x.label for x in r.session)]
    c = chicago_board(chicago, t, t.plain)
    texts += [c.next_deal, *(row.label for cyc in c.cycles for row in cyc.rows),
              *(row.carried for cyc in c.cycles for row in cyc.rows)]
    m = match_board(match, t, t.plain)
    texts += [m.result, m.next_board, *m.labels, *(row.tables[0].text for row in m.rows)]
    assert all(text and "{" not in text for text in texts if text != ""), texts
    assert "4♠ " in m.rows[0].tables[0].text  # suits drawn in every language
    assert "4S" in c.cycles[0].rows[0].label or "2S" in c.cycles[0].rows[0].label
    if lang != "en":
        english = match_board(match, EN)
        assert m.result != english.result and m.next_board != english.next_board


def test_controls_are_built_for_the_three_games_only():
    pytest.importorskip("flet")
    from scorer.ui.boards.views import BOARDS, scoreboard

    for game in sample_games():
        assert type(game.variant) in BOARDS
        assert scoreboard(game, EN, lambda n: None) is not None
    other = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0)
    assert scoreboard(other, EN) is None
    for name in ("rubber-bridge", "chicago"):  # a new game: the first sheet or cycle, empty
        fresh = Game.new(name, PLAYERS, first_dealer=1)
        assert scoreboard(fresh, EN) is not None
    [sheet] = rubber_board(Game.new("rubber-bridge", PLAYERS), EN).sheets
    assert sheet.number == 1 and sheet.vulnerable == (False, False) and not sheet.finished
    rows = chicago_board(Game.new("chicago", PLAYERS, first_dealer=1), EN).cycles[0].rows
    assert [r.dealer for r in rows] == ["Ben (East)", "Cleo (South)", "Dan (West)",
                                        "Ana (North)"]
    assert [r.vulnerable for r in rows] == [(False, False), (True, False), (False, True),
                                            (True, True)]  # 2, 3: the dealer's side
    level = match_board(Game.new("team-match", ["Lions", "Tigers"]), EN)
    assert level.rows == () and level.result == "the match is level"


def labels_in(control) -> list[str]:
    """Every accessible name and text in a tree of Flet controls."""
    found = [str(v) for v in (getattr(control, "label", None),
                              getattr(control, "semantics_label", None),
                              getattr(control, "value", None)) if isinstance(v, str) and v]
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for one in child if isinstance(child, list) else [child]:
            if one is not None and hasattr(one, "update"):  # a control
                found += labels_in(one)
    return found


def test_long_sessions_draw_the_newest_in_full_and_list_every_one():
    pytest.importorskip("flet")
    from scorer.ui.boards.views import BOARDS_SHOWN, SHOWN, scoreboard, totals_card

    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    for _ in range(4):  # four rubbers won 2-0, and a fifth begun
        for row in examples("rubber-2-0"):
            game = add(game, row)
    game = game.add_deal(deal("N", "1NT", 7))
    shown = labels_in(scoreboard(game, EN))
    drawn = {n for n in range(1, 6) if f"Ana & Cleo total of rubber {n}: " in " ".join(shown)}
    assert SHOWN == 2 and drawn == {4, 5}
    assert sum(label.startswith("Rubber ") and "session total" in label
               for label in shown) == 5
    assert f"Rubber 5: session total Ana & Cleo {game.totals[0]}, Ben & Dan 160" in shown

    match = Game.new("team-match", ["Lions", "Tigers"], end="open")
    for _ in range(20):
        match = match.add_deal(TeamBoard(table("N 4S 10"), table("N 4S 9")))
    shown = labels_in(scoreboard(match, EN))
    boards = [label for label in shown if label.startswith("Board ") and "table 1" in label]
    assert len(boards) == BOARDS_SHOWN == 16 and boards[0].startswith("Board 5: ")
    assert "Show all 20 boards" in shown
    # The IMPs won are the scoreboard's top card (decision 147), no longer the board's own.
    assert f"Lions {match_board(match, EN).imps[0]} IMPs" in labels_in(totals_card(match, EN))
