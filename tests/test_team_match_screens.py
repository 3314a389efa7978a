"""A team match as its table sees it (issue 18 item 6), without a client: a board is entered
one table at a time under two tabs, the match counts boards in every language, and the
scoreboard's top card gives the IMPs won by each team with the margin, as the board list does."""

from __future__ import annotations

import json

import flet as ft
import pytest
from controls import walk

from scorer.game import Game
from scorer.i18n import CATALOG_DIR, LANGUAGES, Translator
from scorer.rules import Contract
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.team_match import TeamBoard
from scorer.sheet import outcome_words
from scorer.ui.boards.text import match_board
from scorer.ui.boards.views import match_totals, match_view, totals_card
from scorer.ui.entry import draft_for_game, new_entry
from scorer.ui.new_game_form import NewGameForm
from scorer.ui.present import deal_word, grid_rows

EN = Translator("en")


def named(controls, label):
    found = [c for c in walk(controls)
             if isinstance(c, ft.Semantics) and c.label == label]
    assert found, label
    return found[0]


def shown(controls) -> list[str]:
    """The accessible names of the controls on screen."""
    return [c.label for c in walk(controls, visible_only=True)
            if isinstance(c, ft.Semantics) and c.label]


def tap(entry, label):
    """A player's tap on the control named ``label``, which must be on screen."""
    assert label in shown(entry.controls), f"{label!r} is not on screen"
    named(entry.controls, label).content.on_click(None)


def team_entry(game=None):
    game = game or Game.new("team-match", ["Reds", "Blues"])
    return new_entry(draft_for_game(game), lambda: None, EN)


def at_table(entry, table, declarer, level, strain, tricks):
    for name in (f"Declarer {declarer}", f"Level {level}", strain, f"Tricks {tricks}"):
        tap(entry, f"Table {table} {name}")


# --- one table at a time ---------------------------------------------------------------------


def test_a_board_is_entered_one_table_at_a_time_with_the_old_names():
    entry = team_entry()
    on_screen = shown(entry.controls)
    assert "Table 1" in on_screen and "Table 2" in on_screen  # the two tabs
    assert "Table 1 Declarer North" in on_screen and "Table 1 Tricks 13" in on_screen
    assert not any(name.startswith("Table 2 ") for name in on_screen)  # table 2 not drawn
    texts = [c.value for c in walk(entry.controls, visible_only=True)
             if isinstance(c, ft.Text)]
    assert "Reds sit North-South, Blues East-West" in texts
    at_table(entry, 1, "North", 4, "Spades", 10)
    # Table 1 complete: table 2 is shown, table 1's tab says it is done.
    on_screen = shown(entry.controls)
    assert "Table 1, done" in on_screen and "Table 2" in on_screen
    assert "Table 2 Declarer North" in on_screen and "Table 1 Declarer North" not in on_screen
    texts = [c.value for c in walk(entry.controls, visible_only=True)
             if isinstance(c, ft.Text)]
    assert "Blues sit North-South, Reds East-West" in texts
    at_table(entry, 2, "North", 4, "Spades", 9)
    assert entry.evaluation.can_save and entry.evaluation.score.points == (10, 0)
    assert "Table 2, done" in shown(entry.controls)
    # Both complete: a change at table 2 keeps table 2 shown; the tab goes back to table 1.
    tap(entry, "Table 2 Tricks 10")
    assert "Table 2 Tricks 10" in shown(entry.controls)
    tap(entry, "Table 1, done")
    assert "Table 1 Tricks 11" in shown(entry.controls)
    tap(entry, "Table 1 Tricks 11")  # a correction of a complete table stays on it
    assert "Table 1 Tricks 11" in shown(entry.controls)
    assert entry.evaluation.score.sheet.ns == (450, 420)


def test_the_other_tables_result_is_shown_while_this_one_is_entered():
    """Issue 30 item 7: while table 2 was entered, table 1's result for the board was shown
    nowhere; now it is said under the tabs, and table 2's while table 1 is corrected."""
    entry = team_entry()

    def said() -> list[str]:
        return [c.value or c.semantics_label for c in walk(entry.controls, visible_only=True)
                if isinstance(c, ft.Text) and " entered: " in str(c.value or c.semantics_label)]

    assert said() == []  # nothing entered yet
    at_table(entry, 1, "North", 4, "Spades", 10)
    assert said() == ["Table 1 entered: 4S by North, 10 tricks, N-S 420"]
    tap(entry, "Table 2 Passed out")
    tap(entry, "Table 1, done")
    assert said() == ["Table 2 entered: passed out, N-S 0"]


def test_passed_out_completes_a_table_and_a_draft_opens_on_the_table_to_enter():
    entry = team_entry()
    tap(entry, "Table 1 Passed out")
    assert "Table 2 Passed out" in shown(entry.controls)
    kept = entry.draft.to_dict()
    game = Game.new("team-match", ["Reds", "Blues"])
    again = draft_for_game(game)
    assert again.restore(kept)
    reopened = new_entry(again, lambda: None, EN)
    assert "Table 2 Declarer North" in shown(reopened.controls)  # table 1 is done
    assert "Table 1, done" in shown(reopened.controls)


def test_the_other_table_already_entered_is_not_left_for_this_one():
    """A table completed while the other is complete too stays on screen (nothing to move to)."""
    entry = team_entry()
    tap(entry, "Table 2")
    at_table(entry, 2, "North", 4, "Spades", 9)
    assert "Table 1 Declarer North" in shown(entry.controls)  # table 1 was still to enter
    at_table(entry, 1, "North", 4, "Spades", 10)
    assert "Table 1 Tricks 10" in shown(entry.controls)


# --- boards, not deals ------------------------------------------------------------------------

BOARD_KEYS = ["progress.deals", "progress.open", "outcome.deals", "outcome.closed",
              "ui.end_deals", "form.end_deals", "ui.new_deal", "ui.save_deal",
              "ui.deals_heading", "ui.show_all_deals", "ui.show_all_deals_label",
              "ui.correct_deal_n", "ui.deal_n", "ui.deal_label", "ui.totals_after",
              "ui.correct", "ui.remove", "ui.remove_question", "ui.undo_last", "ui.undone",
              "ui.link_deals_of", "ui.link_deals", "ui.card_facts"]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_language_names_a_team_match_unit_board(lang):
    catalog = json.loads((CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    assert [k for k in BOARD_KEYS if f"{k}.board" not in catalog] == []
    board = {"en": "oard", "es": "ablero", "bg": "аздаван", "af": "ord", "ne": "बोर्ड",
             "hi": "बोर्ड"}[lang]
    t = Translator(lang)
    for key in BOARD_KEYS:
        params = {"n": 3, "number": 3, "total": 8, "changed": "x", "detail": "d",
                  "totals": "t", "max": 1000}
        assert board in t(key, unit="board", **params), (lang, key)


def test_a_team_match_says_board_where_it_names_its_unit():
    assert deal_word("team-match") == "board" and deal_word("chess") == "deal"
    assert EN("ui.deal_n", n=4, unit="board") == "Board 4"
    assert EN("ui.deal_n", n=4, unit="round") == "Deal 4"  # no text of its own: the deal's
    assert EN("ui.deal_n", n=4) == "Deal 4"
    assert Translator("es")("ui.end_deals", unit="board") == "Número de tableros"
    game = Game.new("team-match", ["Reds", "Blues"], end="deals=2")
    assert EN.sentence(game.progress()) == "Board 1 of 2"
    board = TeamBoard(BridgeDeal(0, Contract.parse("4S"), 10),
                      BridgeDeal(0, Contract.parse("4S"), 9))
    game = game.add_deal(board).add_deal(board)
    assert outcome_words(game, EN) == "Reds win: highest total after 2 boards"
    assert grid_rows(game, EN)[0].label.startswith("Board 1: ")
    # Said once (issue 29: 'Board 1: board 1: 10 IMPs to Reds'), in every language
    for language in ("en", "es", "bg", "af", "ne", "hi"):
        said = Translator(language)
        label = grid_rows(game, said, label_t=said.plain)[1].label
        head = said("ui.deal_label", n=2, detail="", unit="board").strip()
        assert label.startswith(head) and head.casefold() not in label[len(head):].casefold(), \
            label
    form = NewGameForm()
    form.choose("team-match")
    form.names = ["Reds", "Blues"]
    form.end_kind, form.end_value = "deals", "0"
    assert EN.render(form.problem()) == ("the number of boards must be a whole number "
                                         "from 1 to 1000")
    rubber = Game.new("rubber-bridge", ["A", "B", "C", "D"], first_dealer=0, end="open")
    assert EN.sentence(rubber.progress()) == "Open-ended, 0 deals played"  # the others: deals


# --- the top card and the board list give the same figures -----------------------------------


def texts_of(control):
    return [c.value for c in walk([control]) if isinstance(c, ft.Text) and c.value]


def test_the_top_card_gives_imps_won_by_each_team_and_the_margin():
    game = Game.new("team-match", ["Lions", "Tigers"], end="open")
    won = TeamBoard(BridgeDeal(0, Contract.parse("4S"), 10), BridgeDeal(0, Contract.parse("4S"), 9))
    lost = TeamBoard(BridgeDeal(), BridgeDeal(0, Contract.parse("2H"), 8))
    game = game.add_deal(won).add_deal(lost)  # 10 IMPs to Lions, then 3 to Tigers
    assert game.totals == (10, 3)  # the IMPs each team won, everywhere (issue 30)
    card = totals_card(game, EN)
    assert card is not None
    shown_texts = texts_of(card)
    assert shown_texts[:6] == ["Lions", "10", "IMPs won", "Tigers", "3", "IMPs won"]
    assert "Lions lead by 7 IMPs" in shown_texts
    assert "-7" not in shown_texts and "7" not in shown_texts[:6]
    board = match_board(game, EN)
    listed = texts_of(match_view(board, EN))
    assert listed[-2:] == ["10", "3"]  # the board list's Total row: the same figures
    assert texts_of(ft.Column(match_totals(board, EN))) == shown_texts
    rubber = Game.new("rubber-bridge", ["A", "B", "C", "D"], first_dealer=0)
    assert totals_card(rubber, EN) is None  # every other game: its totals as before


def test_a_team_match_has_one_total_everywhere(tmp_path, capsys):
    """Issue 30 item 3: one evening's match read 'Lions 19 · Tigers 10 IMPs won' in the top
    card, a running net 10/-10, 0/0, 9/-9 in the grid and 'Lions 9 · Tigers -9' on the home
    list. Now each says the IMPs each team has won; the margin is said in words."""
    from scorer.cli import main
    from scorer.sheet import to_text
    from scorer.store import Store

    game = Game.new("team-match", ["Lions", "Tigers"], end="open", game_id="lions0match")
    boards = [TeamBoard(BridgeDeal(0, Contract.parse("4S"), 10),  # 10 IMPs to Lions
                        BridgeDeal(0, Contract.parse("4S"), 9)),
              TeamBoard(BridgeDeal(0, Contract.parse("3S"), 9),  # 10 IMPs to Tigers
                        BridgeDeal(0, Contract.parse("4S"), 10)),
              TeamBoard(BridgeDeal(0, Contract.parse("3NT"), 9), BridgeDeal())]  # 9 to Lions
    for board in boards:
        game = game.add_deal(board)
    board = match_board(game, EN)
    assert board.imps == game.totals == (19, 10)
    assert "Lions lead by 9 IMPs" in texts_of(totals_card(game, EN))
    running = [tuple(int(total) for total, _ in row.cells) for row in grid_rows(game, EN)]
    assert running == [(10, 0), (10, 10), (19, 10)]
    assert to_text(game).splitlines()[3].endswith("(totals 19 / 10)")
    with Store(tmp_path) as store:
        store.save(game)
        [summary] = store.list_games()
        assert summary.totals == (19, 10)
    assert main(["--data-dir", str(tmp_path), "games"]) == 0
    assert "Lions 19, Tigers 10" in capsys.readouterr().out


def test_check_a_score_holds_a_board_duplicate_scores_and_imps_as_the_cli(capsys):
    """Issue 30 item 4: Check a score had no duplicate score and no IMPs, although `scorer
    check duplicate|imps` has both. A team match board checked on its own gives both: the
    board picked sets dealer and vulnerability, each table's N-S score is said once entered,
    and both tables give the IMPs, as the command line does."""
    from scorer.cli import main
    from scorer.ui.screens.check import ScoreCheck

    state = ScoreCheck()
    state.reset("team-match", EN)
    draft = state.hand(EN)
    entry = new_entry(draft, lambda: None, EN)
    assert draft.players == ("Team 1", "Team 2")
    assert "Board 16" in shown(entry.controls)
    tap(entry, "Board 3")
    assert EN.render(draft.dealing()) == "Board 3: South deals · vulnerable: E-W"
    at_table(entry, 1, "East", 4, "Hearts", 10)
    assert main(["check", "duplicate", "--contract", "4H", "--tricks", "10", "--board", "3",
                 "--declarer", "E", "--json"]) == 0
    duplicate = json.loads(capsys.readouterr().out)
    said = [c.value or c.semantics_label for c in walk(entry.controls, visible_only=True)
            if isinstance(c, ft.Text) and " entered: " in str(c.value or c.semantics_label)]
    assert said == [f"Table 1 entered: 4H by East, 10 tricks, N-S -{duplicate['declarer']}"]
    at_table(entry, 2, "East", 4, "Hearts", 9)
    evaluation = entry.evaluation
    assert evaluation.can_save
    diff = evaluation.score.sheet.diff
    assert main(["check", "imps", "--diff", str(diff), "--json"]) == 0
    imps = json.loads(capsys.readouterr().out)["imps"]
    assert evaluation.score.sheet.imps == imps == -12
    assert entry.status(evaluation, saving=False).startswith("board 3: 12 IMPs to Team 2")
