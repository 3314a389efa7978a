"""Bugs players reported at the table (issue 11), each with the case that showed it."""

from __future__ import annotations

from datetime import UTC

import pytest

from scorer.i18n import Translator
from scorer.rules import Contract, InvalidInput, variant
from scorer.rules.call_break import score_calls
from scorer.rules.minibridge import MiniBridgeDeal

MINI = variant("minibridge")


def test_counts_that_make_no_redeal_do_not_say_they_make_one():
    redeal_claimed = MiniBridgeDeal(hcp=(12, 10, 9, 9), redeal=True)
    with pytest.raises(InvalidInput) as info:
        MINI.check_deal(redeal_claimed, 0, MINI.parse_rules({}))
    assert "do not make a redeal" in str(info.value)
    assert "no hacen" not in Translator("es").error(info.value)
    assert Translator("es").error(info.value).startswith("los puntos no dan")


def test_counts_that_make_a_redeal_say_so():
    played = MiniBridgeDeal(0, Contract.parse("1C"), 7, hcp=(10, 10, 10, 10))
    with pytest.raises(InvalidInput) as info:
        MINI.check_deal(played, 0, MINI.parse_rules({}))
    assert "make a redeal (20-20)" in str(info.value)


@pytest.mark.parametrize("call", [0, 1, 14, -1, "x"])
def test_a_call_out_of_range_names_the_games_own_range(call):
    rules = variant("call-break").parse_rules({})  # minimum call 2
    with pytest.raises(InvalidInput) as info:
        score_calls([call, 3, 3, 3], [4, 3, 3, 3], rules)
    assert "2 and 13" in str(info.value) or "2 to 13" in str(info.value)
    assert "1 and 13" not in str(info.value)


def test_with_minimum_call_one_the_range_says_one():
    rules = variant("call-break").parse_rules({"min_call": "1"})
    with pytest.raises(InvalidInput, match="between 1 and 13"):
        score_calls([14, 3, 3, 3], [4, 3, 3, 3], rules)


def call_break_game():
    from scorer.game import Game
    from scorer.rules.call_break import CallBreakDeal

    game = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
    game = game.add_deal(CallBreakDeal((4, 2, 3, 2), (6, 2, 3, 2)))
    return game.add_deal(CallBreakDeal((3, 3, 3, 3), (3, 3, 4, 3)))


def test_call_break_scoresheet_keeps_one_unit_per_line():
    from scorer.sheet import to_text

    text = to_text(call_break_game())
    assert "42 / 20 / 30 / 20 (totals 42 / 20 / 30 / 20)" in text
    assert "30 / 30 / 31 / 30 (totals 72 / 50 / 61 / 50)" in text
    assert "4.2 / 2.0" not in text
    assert "Totals: Ana 72 (7.2), Ben 50 (5.0), Cleo 61 (6.1), Dan 50 (5.0)" in text


def test_a_partnership_wins_in_the_plural():
    from scorer.game import Game
    from scorer.sheet import outcome_words

    game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0,
                    end="deals=1")
    game = game.add_deal(MiniBridgeDeal(0, Contract.parse("3NT"), 9))
    assert outcome_words(game).startswith("Ana & Cleo win:")
    assert outcome_words(game, Translator("es")).startswith("Ana & Cleo ganan:")
    solo = call_break_game().close()
    assert outcome_words(solo).startswith("Ana wins:")


@pytest.mark.parametrize("bad", ["0_4,3,2,4", "٥,3,1,4", "４,3,2,4", " 4,3,2,4x"])
def test_check_refuses_digits_other_than_ascii_and_devanagari(bad, capsys):
    from scorer.cli import main

    assert main(["check", "call-break", "--calls", bad, "--tricks", "5,3,1,4"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("calls: ") and "digits 0-9" in err[0]


def test_english_names_house_rules_in_words():
    from scorer.i18n import catalog

    for rule in ("undertricks", "redeal_passes", "overtrick_limit", "eight_plus", "min_call"):
        title = catalog("en")[f"houserule_title.{rule}"]
        assert "_" not in title and title != rule


def test_a_message_standing_alone_starts_with_a_capital():
    from scorer.game import check_players

    with pytest.raises(InvalidInput) as info:
        check_players(variant("draw-bridge"), ["", "Ben"])
    assert Translator("en").sentence(info.value.msg).startswith("Player 1 has no name")
    assert Translator("es").sentence(info.value.msg)[0].isupper()


def test_a_redeal_keeps_the_deals_number_everywhere(tmp_path):
    """After a same-dealer redeal, the scoreboard, deal entry, the list, the end and home agree
    on the deal's number (the redeal and the deal played after it are both deal 1)."""
    from scorer.game import Game
    from scorer.store import Store

    game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0,
                    end="deals=2")
    game = game.add_deal(MiniBridgeDeal(hcp=(10, 10, 10, 10), redeal=True))
    assert [r.table_number for r in game.records] == [1]
    assert game.deals_counted == 0 and dict(game.progress().params)["number"] == 1
    with Store(tmp_path) as store:
        store.save(game)
        assert store.list_games()[0].deals == 0  # home: no deal played yet
    game = game.add_deal(MiniBridgeDeal(0, Contract.parse("3NT"), 9))
    game = game.add_deal(MiniBridgeDeal(1, Contract.parse("1S"), 7))
    assert [r.table_number for r in game.records] == [1, 1, 2]
    assert dict(game.outcome.msg.params)["n"] == 2
    from scorer.sheet import sheet_rows

    assert [row[0] for row in sheet_rows(game)[1:]] == ["1", "1", "2"]


@pytest.mark.parametrize(("low", "high"), [(0, 414), (0, 10), (-40, 1700), (0, 1537),
                                            (-120, 95), (0, 500), (0, 12345), (-3, 7)])
def test_chart_axis_ends_on_round_steps_so_labels_never_overlap(low, high):
    from scorer.ui.boards.chart import axis_range

    bottom, top, step = axis_range(low, high)
    assert bottom <= low and top >= high
    assert bottom % step == 0 and top % step == 0
    assert str(step).strip("0") in ("1", "2", "5")
    assert 2 <= (top - bottom) // step <= 6  # a handful of labels, each a step apart


@pytest.mark.parametrize("scheme", ["LIGHT", "DARK"])
def test_every_text_and_selected_control_is_readable(scheme):
    from scorer.ui import theme

    colours = getattr(theme, scheme)
    low_text = [(fg, bg, round(theme.contrast(colours[fg], colours[bg]), 2))
                for fg, bg in theme.TEXT_PAIRS if theme.contrast(colours[fg], colours[bg]) < 4.5]
    low_controls = [(fg, bg) for fg, bg in theme.CONTROL_PAIRS
                    if theme.contrast(colours[fg], colours[bg]) < 3]
    assert low_text == [] and low_controls == []


@pytest.mark.parametrize("scheme", ["HIGH_LIGHT", "HIGH_DARK"])
def test_the_high_contrast_schemes_give_every_text_seven_to_one(scheme):
    """Issue 29 item 5: where the phone asks for more contrast, text at 7:1 (WCAG AAA) and
    outlines and selected controls at 4.5:1, against every background the screens use."""
    from scorer.ui import theme

    colours = getattr(theme, scheme)
    low_text = [(fg, bg) for fg, bg in theme.TEXT_PAIRS
                if theme.contrast(colours[fg], colours[bg]) < theme.HIGH_TEXT]
    low_controls = [(fg, bg) for fg, bg in theme.CONTROL_PAIRS
                    if theme.contrast(colours[fg], colours[bg]) < 4.5]
    assert low_text == [] and low_controls == []
    usual = getattr(theme, scheme.removeprefix("HIGH_"))
    assert theme.contrast(colours["on_surface"], colours["surface"]) > theme.contrast(
        usual["on_surface"], usual["surface"])


@pytest.mark.parametrize("scheme", ["LIGHT", "DARK", "HIGH_LIGHT", "HIGH_DARK"])
def test_every_line_of_the_chart_stands_out_from_the_page(scheme):
    """WCAG's non-text contrast: each party's line and the target's at 3:1 or more."""
    from scorer.ui import theme
    from scorer.ui.boards.chart import COLORS, TARGET_COLOR

    page = getattr(theme, scheme)["surface"]
    assert [c for c in (*COLORS, TARGET_COLOR) if theme.contrast(c, page) < 3] == []


def test_the_contrast_check_can_fail():
    from scorer.ui.theme import contrast

    assert contrast("#D32F2F", "#3B6939") < 1.5  # the red suit on the selected green, reported
    assert round(contrast("#000000", "#FFFFFF")) == 21


def test_a_selected_red_suit_takes_the_buttons_text_colour():
    import flet as ft

    from scorer.ui.widgets import ChoiceGroup, Symbol, face

    group = ChoiceGroup(["H", "S"], [Symbol("♥"), Symbol("♠")], ["Hearts", "Spades"], None,
                        lambda _v: None)
    hearts = face(group.cells[0])
    assert hearts.color == ft.Colors.TERTIARY
    group.pick("H")
    assert hearts.color == ft.Colors.ON_PRIMARY
    group.pick("S")
    assert hearts.color == ft.Colors.TERTIARY


def test_counts_are_asked_from_the_dealer_and_the_last_fills_itself_in():
    from scorer.game import Game
    from scorer.ui.entry import draft_for_game

    game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=3)  # Dan deals
    draft = draft_for_game(game)
    assert draft.announce_order() == [3, 0, 1, 2]
    assert draft.type_count(3, "9") is None
    assert draft.type_count(0, "12") is None
    assert draft.type_count(1, "10") == 2 and draft.hcp[2] == "9"  # 40 - 31
    assert draft.type_count(1, "11") == 2 and draft.hcp[2] == "8"
    assert draft.type_count(2, "7") is None and draft.hcp == ["12", "11", "7", "9"]  # typed
    assert draft.type_count(2, "") == 2 and draft.hcp[2] == "8"  # cleared: filled in again
    draft.type_count(0, "39")
    assert draft.hcp[2] == ""  # no count of 0-37 makes 40


def test_a_table_that_counts_points_is_asked_for_counts_again():
    from scorer.game import Game
    from scorer.ui.entry import draft_for_game

    game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
    assert draft_for_game(game).use_hcp is True  # the first deal: the game's own way
    counted = game.add_deal(MiniBridgeDeal.from_hcp((12, 10, 9, 9), 0, Contract.parse("1C"), 7))
    assert draft_for_game(counted).use_hcp is True
    picked = counted.add_deal(MiniBridgeDeal(1, Contract.parse("1S"), 7))
    assert draft_for_game(picked).use_hcp is False


def test_check_a_score_names_seats_once():
    from scorer.ui.entry import new_draft

    draft = new_draft("minibridge", ("",) * 4, MINI.parse_rules({}), dealer=3)
    draft.use_hcp = True
    for seat, count in ((3, "9"), (0, "12"), (1, "10")):
        draft.type_count(seat, count)
    draft.level, draft.strain, draft.tricks = 3, Contract.parse("3NT").strain, 9
    evaluation = draft.evaluate()
    en = Translator("en")
    assert en.render(evaluation.note) == "declarer North, dummy South"
    assert en.summary(evaluation.score) == "3NT by North: made"
    assert draft.points_text(evaluation) == "N-S 400 · E-W 0"


def test_a_draft_is_kept_with_its_game_and_taken_back(tmp_path):
    """What is typed survives anything: kept in the data folder, restored only for the same
    deal, refused when it is not a draft of this kind of deal."""
    from scorer.game import Game
    from scorer.store import Store
    from scorer.ui.entry import draft_for_game

    game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0)
    draft = draft_for_game(game)
    assert draft.is_blank()
    draft.declarer, draft.level = 1, 4
    draft.strain = Contract.parse("4H").strain
    assert not draft.is_blank()
    with Store(tmp_path) as store:
        store.save(game)
        store.write_draft(game.id, {"for": {"deal": 1}, "draft": draft.to_dict()})
    with Store(tmp_path) as store:  # a restart
        kept = store.load_draft(game.id)
        again = draft_for_game(game)
        assert kept["for"] == {"deal": 1} and again.restore(kept["draft"])
        assert (again.declarer, again.level, str(again.strain.abbr)) == (1, 4, "H")
        store.discard_draft(game.id)
        assert store.load_draft(game.id) is None
        (tmp_path / "drafts" / f"{game.id}.json").write_text("{not json")
        assert store.load_draft(game.id) is None  # a damaged draft is simply not offered
        with pytest.raises(InvalidInput):
            store.write_draft("../escape", {})
    bad = dict(draft.to_dict(), level=9)
    fresh = draft_for_game(game)
    assert not fresh.restore(bad) and fresh.is_blank()
    cb = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
    cb_draft = draft_for_game(cb)
    for player, call in enumerate((3, 2, 4, 3)):
        cb_draft.pick_call(player, call)
    cb_draft.pick_tricks(0, 5)
    restored = draft_for_game(cb)
    assert restored.restore(cb_draft.to_dict())
    assert restored.calls == [3, 2, 4, 3] and restored.taken == [5, None, None, None]
    assert restored.picked_tricks == {0}


def test_games_the_app_cannot_enter_yet_are_shown_not_broken():
    """A rubber or team match stored by the model (or imported) opens as a scoreboard: its
    rows and dealer are drawn from the variant, without the deal entry it does not have yet."""
    from scorer.game import Game
    from scorer.rules.bridge_games import BridgeDeal
    from scorer.rules.team_match import TeamBoard
    from scorer.ui.present import grid_rows, history_texts

    four_hearts = BridgeDeal(0, Contract.parse("4H"), 10)
    games = [Game.new("rubber-bridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
             .add_deal(four_hearts),
             Game.new("chicago", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
             .add_deal(four_hearts),
             Game.new("team-match", ["Lions", "Tigers"], first_dealer=0)
             .add_deal(TeamBoard(four_hearts, BridgeDeal(0, Contract.parse("4H"), 9)))]
    en = Translator("en", suits=True)
    for game in games:
        assert game.variant.dealer_name(game.dealer, game.players)
        [row] = grid_rows(game, en, label_t=en.plain)
        unit = "Board" if game.variant_name == "team-match" else "Deal"  # a match's boards
        assert row.what and row.label.startswith(f"{unit} 1: ")
        assert len(row.cells) == len(game.parties)
        assert history_texts(game, 1, en) == []


def test_times_are_shown_in_local_time_with_their_zone():
    from datetime import timedelta, timezone

    from scorer.ui.present import short_time

    madrid = timezone(timedelta(hours=1), "CET")
    assert short_time("2026-11-30T22:47:09.123+00:00", madrid) == "2026-11-30 23:47 CET"
    assert short_time("2026-11-30T22:47:09+00:00", UTC) == "2026-11-30 22:47 UTC"
    assert short_time("garbage") == "garbage"
    # A device that names its zone only by an offset (the browser build: 'UTC-0000').
    for offset, name, shown in ((0, "UTC-0000", "22:47 UTC"), (2, "GMT+0200", "00:47 UTC+2"),
                                (5.5, "UTC+0530", "04:17 UTC+5:30"), (-3, "-03", "19:47 UTC-3")):
        zone = timezone(timedelta(hours=offset), name)
        assert short_time("2026-11-30T22:47:09+00:00", zone).endswith(shown)


def test_the_chart_labels_every_step_of_its_axis_with_0_and_names_break_between_words():
    """Issue 18 item 9: MiniBridge's chart showed no 0 and few labels; a one-word name
    broke mid-word in the grid's header."""
    import flet as ft
    import flet_charts as fch

    from scorer.game import Game
    from scorer.ui.boards.chart import totals_chart
    from scorer.ui.boards.grid import deal_grid

    game = Game.new("minibridge", ["Bartholomew", "Ben", "Cleo", "Dan"], first_dealer=0,
                    end="open")
    for _ in range(3):
        game = game.add_deal(MiniBridgeDeal(0, Contract.parse("3NT"), 9))
    chart = totals_chart(game, Translator("en", suits=True)).content.controls[0].content
    assert isinstance(chart, fch.LineChart)
    labels = [(label.value, label.label) for label in chart.left_axis.labels]
    values = [value for value, _ in labels]
    assert values[0] == chart.min_y == 0 and values[-1] == chart.max_y >= max(game.totals)
    step = values[1] - values[0]
    assert values == list(range(0, chart.max_y + 1, step)) and len(values) >= 3
    assert all(text == str(value) for value, text in labels)
    assert chart.horizontal_grid_lines.interval == chart.left_axis.label_spacing == step
    header = deal_grid(["Bartholomew & Cleo", "Ana & Cleo", "Bartholomew"], [],
                       lambda n: None).content.controls[0]
    names = {c.content.value: c.content.max_lines for c in header.controls
             if isinstance(c, ft.Container) and isinstance(c.content, ft.Text)}
    assert names == {"#": None, "Bartholomew & Cleo": 1, "Ana & Cleo": 2, "Bartholomew": 1}
