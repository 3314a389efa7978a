"""Screen logic without a client: what a form shows, enables and would save."""

from __future__ import annotations

import flet as ft
import pytest
from controls import walk

from scorer.game import Game
from scorer.i18n import Translator
from scorer.rules import Contract, Doubling, InvalidInput, Strain
from scorer.rules.call_break import CallBreakDeal
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.store import Store
from scorer.ui.entry import draft_for_game, draft_of_deal, new_entry
from scorer.ui.new_game_form import NewGameForm, recent_names, recent_players
from scorer.ui.screens.host import Route
from scorer.ui.screens.sharing import games_named
from scorer.ui.shell.routes import parse

EN = Translator("en")


def problem(draft):
    found = draft.evaluate().problem
    return None if found is None else EN.render(found)


def draw_game():
    return Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0)


def test_bridge_draft_needs_declarer_contract_and_tricks_in_four_taps():
    draft = draft_for_game(draw_game())
    reasons = []
    for name, value in (("declarer", 0), ("level", 4), ("strain", Strain.SPADES),
                        ("tricks", 11)):
        evaluation = draft.evaluate()
        assert not evaluation.can_save
        reasons.append(EN.render(evaluation.problem))
        setattr(draft, name, value)
    assert reasons == ["choose the declarer", "choose the contract's level",
                       "choose the contract's strain", "choose the tricks declarer took"]
    evaluation = draft.evaluate()
    assert evaluation.can_save and evaluation.deal == DrawBridgeDeal(0, Contract.parse("4S"), 11)
    assert EN.summary(evaluation.score) == "4S by Ana: made +1"
    assert draft.points_text(evaluation) == "Ana 150 · Ben 0"


def test_draw_bridge_passed_out_and_doubling():
    draft = draft_for_game(draw_game())
    draft.passed_out = True
    evaluation = draft.evaluate()
    assert evaluation.can_save and evaluation.deal.passed_out
    draft.passed_out = False
    draft.declarer, draft.level, draft.strain, draft.tricks = 1, 3, Strain.NOTRUMP, 8
    draft.doubling = Doubling.REDOUBLED
    evaluation = draft.evaluate()
    assert evaluation.score.points == (0, 0)
    assert EN.summary(evaluation.score) == "3NTXX by Ben: down 1"


def test_minibridge_points_name_declarer_or_redeal():
    game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=1)
    draft = draft_for_game(game)
    draft.use_hcp = True
    draft.hcp = ["15", "5", "15", ""]
    assert problem(draft) == "enter West's points"
    draft.hcp[3] = "x"
    assert "whole number" in problem(draft)
    draft.hcp[3] = "38"
    assert problem(draft) == "West's points must be a whole number from 0 to 37"
    draft.hcp[3] = "6"
    assert problem(draft) == "the points total 41, not 40"
    draft.hcp[3] = "5"
    evaluation = draft.evaluate()
    assert problem(draft) == "choose the contract's level"
    assert EN.render(evaluation.note) == "declarer Cleo (South), dummy Ana (North)"  # S first
    draft.level, draft.strain, draft.tricks = 2, Strain.HEARTS, 8
    assert draft.evaluate().score.points == (110, 0)
    draft.hcp = ["10", "10", "10", "10"]
    evaluation = draft.evaluate()
    assert evaluation.can_save and evaluation.deal.redeal
    assert evaluation.note is None  # the counts' lines say it (issue 18 item 7)
    assert [EN.line(line) for line in evaluation.score.lines] == ["20-20: redeal, no score"]


def test_minibridge_draft_has_no_doubling_and_picks_declarer_directly():
    game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
    draft = draft_for_game(game)
    draft.use_hcp = False  # "Pick declarer" (the first deal opens on the counts)
    draft.declarer, draft.level, draft.strain, draft.tricks = 3, 4, Strain.HEARTS, 10
    assert draft.evaluate().score.points == (0, 420)
    draft.doubling = Doubling.DOUBLED  # cannot be picked on screen; refused if it were
    assert "no doubles" in problem(draft)
    draft.doubling = Doubling.UNDOUBLED
    draft.redeal = True
    assert draft.evaluate().deal.redeal


def test_call_break_draft_one_tap_per_call_and_the_last_tricks_filled_in():
    game = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
    draft = draft_for_game(game)
    assert draft.calls == [None] * 4 and draft.calls_made() is None
    assert problem(draft) == "choose Ben's call"  # Ana deals: Ben calls first
    for player, call in enumerate((2, 2, 3, 2)):
        draft.pick_call(player, call)
    assert draft.calls_made() == {"calls": [2, 2, 3, 2]} and draft.calls_total() == 9
    assert problem(draft) == "tricks must total 13 (13 left to give)"
    assert draft.pick_tricks(0, 4) is None and draft.pick_tricks(1, 4) is None
    assert draft.pick_tricks(2, 5) == 3 and draft.taken == [4, 4, 5, 0]  # Dan: the rest
    assert draft.tricks_left() == 0
    assert draft.evaluate().score.points == (22, 22, 32, -20)
    assert draft.pick_tricks(2, 6) == 3  # the rest would be -1: Dan's tricks not known
    assert draft.taken[3] is None and problem(draft) == "tricks must total 13 (1 too many)"
    assert draft.pick_tricks(3, 0) is None  # picked by the player: never filled in again
    assert draft.pick_tricks(2, 5) is None and draft.taken == [4, 4, 5, 0]


def test_a_round_in_play_keeps_its_calls_with_the_game(tmp_path):
    from scorer.store import Store

    game = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
    playing = game.announce({"calls": [3, 2, 4, 3]})
    with Store(tmp_path) as store:
        store.save(playing)
        again = store.load(playing.id)
    assert again.pending == {"calls": [3, 2, 4, 3]} and again.deals == ()
    draft = draft_for_game(again)
    assert draft.calls == [3, 2, 4, 3]
    assert again.announce({"calls": [3, 2, 4, 3]}) is again  # nothing changed
    corrected = again.announce({"calls": [3, 3, 4, 3]})
    assert corrected.pending == {"calls": [3, 3, 4, 3]}
    played = corrected.add_deal(CallBreakDeal((3, 3, 4, 3), (3, 3, 4, 3)))
    assert played.pending is None and played.totals == (30, 30, 40, 30)
    with pytest.raises(InvalidInput, match="calls of player 2: 1 is below the minimum call"):
        game.announce({"calls": [3, 1, 4, 3]})
    with pytest.raises(InvalidInput, match="announcement"):
        draw_game().announce({"calls": [3, 3, 4, 3]})
    assert Game.from_dict(corrected.to_dict()).pending == {"calls": [3, 3, 4, 3]}
    assert corrected.close().pending is None


def test_correction_draft_starts_from_the_recorded_deal():
    game = draw_game().add_deal(DrawBridgeDeal(1, Contract.parse("2HX"), 9))
    draft = draft_of_deal(game, 1)
    assert (draft.declarer, draft.level, draft.strain, draft.doubling, draft.tricks) == (
        1, 2, Strain.HEARTS, Doubling.DOUBLED, 9)
    assert draft.dealer == 0
    cb = Game.new("call-break", list("ABCD"), first_dealer=2).add_deal(
        CallBreakDeal((3, 4, 2, 2), (3, 4, 3, 3)))
    again = draft_of_deal(cb, 1)
    assert again.calls == [3, 4, 2, 2] and again.taken == [3, 4, 3, 3] and again.dealer == 2


def test_new_game_form_defaults_and_reasons():
    form = NewGameForm()
    assert (form.variant_name, form.end_kind, form.end_value) == ("minibridge", "deals", "8")
    assert EN.sentence(form.problem()) == "North has no name; give every player a name"
    form.names = ["Ana", "", "Cleo", "Dan"]
    assert EN.sentence(form.problem()) == "East has no name; give every player a name"
    assert Translator("bg").sentence(form.problem()) == "Изток няма име; дайте име на всеки играч"
    form.names = ["Ana", "Ben", "Cleo", "ana"]
    assert EN.render(form.problem()) == "two players have the same name; names must differ"
    form.names[3] = "Dan"
    assert form.problem() is None
    form.choose("draw-bridge")
    assert form.names == ["Ana", "Ben"] and (form.end_kind, form.end_value) == ("target", "500")
    form.names = ["Ana", " "]
    assert EN.sentence(form.problem()) == "Player 2 has no name; give every player a name"
    form.names = ["Ana", "Ben"]
    assert form.rules == {"undertricks": "off"}
    form.end_value = "0"
    assert EN.render(form.problem()) == "the target must be a whole number from 1 to 100000"
    form.end_value = "1" + "0" * 29  # issue 30: no number a table cannot play
    assert EN.render(form.problem()) == "the target must be a whole number from 1 to 100000"
    form.end_value = "100000"
    assert form.problem() is None
    form.end_value = "300"
    form.rules["undertricks"] = "on"
    form.first_dealer = 1
    game = form.create()
    assert game.end.value == 300 and game.rules.undertricks and game.first_dealer == 1
    form.choose("call-break")
    assert form.end_value == "12" and form.rules["min_call"] == "2"


def test_rematch_keeps_players_rules_and_end():
    game = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], end="deals=5",
                    rules={"overtrick_limit": "none"}, first_dealer=0)
    form = NewGameForm.rematch(game)
    assert form.names == ["Ana", "Ben", "Cleo", "Dan"] and form.end_value == "5"
    assert form.rules["overtrick_limit"] == "none" and form.problem() is None


def test_recent_names_offered_once_newest_first():
    assert recent_names([["Ana", "Ben"], ["ben", "Cleo", "Dan", "Eva"]]) == [
        "Ana", "Ben", "Cleo", "Dan", "Eva"]
    form = NewGameForm("draw-bridge")
    form.offer_name("Ana")
    form.offer_name("ana")
    form.offer_name("Ben")
    form.offer_name("Cleo")  # no empty seat left
    assert form.names == ["Ana", "Ben"]


@pytest.mark.parametrize(
    ("route", "expected"),
    [("/", Route("home")), ("/new", Route("new")), ("/check", Route("check")),
     ("/game/abc", Route("game", "abc")), ("/game/abc/deal", Route("deal", "abc")),
     ("/game/abc/deal/3", Route("detail", "abc", 3)),
     ("/game/abc/deal/3/edit", Route("edit", "abc", 3)), ("/nonsense/x", Route("home")),
     ("/game/abc/deal/x", Route("home")), ("/game/abc/deal/²", Route("home")),
     ("/game/abc/deal/-1", Route("home")), ("/game/abc/deal/३", Route("detail", "abc", 3)),
     ("/game/abc/qr", Route("qr", "abc")),
     ("/g/1~abc-_", Route("link", data="1~abc-_")), ("/g/1~a?x=1", Route("link", data="1~a")),
     ("/g", Route("home")), ("/g/1~a/b", Route("home"))],
)
def test_routes(route, expected):
    assert parse(route) == expected


def test_every_text_style_names_the_text_font_which_both_builds_register(published_site):
    """Without a family, Flutter takes each letter from the first fallback that has it: the
    suit font's ASCII, and another font's accents (decision 80)."""
    import json
    from pathlib import Path

    import flet_web

    from scorer.ui.serve.client_files import font_manifest
    from scorer.ui.theme import LIGHT, TEXT_FONT, TEXT_STYLES, theme

    made = theme(LIGHT)
    assert made.font_family == TEXT_FONT
    for name in TEXT_STYLES:
        assert getattr(made.text_theme, name).font_family == TEXT_FONT, name
    web = str(Path(flet_web.__file__).parent / "web")
    served = {f["family"] for f in json.loads(font_manifest(web))}
    published = {f["family"] for f in json.loads(
        (published_site / "assets" / "FontManifest.json").read_text("utf-8"))}
    assert TEXT_FONT in served and TEXT_FONT in published


# --- words (issue 18 item 7) -------------------------------------------------------------------


def shown_texts(controls) -> list[str]:
    """The texts of the visible controls in a tree, in order (a text with suit symbols is
    drawn as spans)."""
    return [c.value or "".join(s.text or "" for s in c.spans or [])
            for c in walk(controls, visible_only=True) if isinstance(c, ft.Text)]


def test_a_redeal_by_the_counts_is_said_once_above_the_bottom_bar():
    """"20-20: redeal, no score" was shown three times: under the counts, as a note and in the
    preview's lines; now under the counts, and the bar says the result."""
    game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
    draft = draft_for_game(game)
    draft.use_hcp, draft.hcp = True, ["11", "10", "9", "10"]
    entry = new_entry(draft, lambda: None, EN)
    texts = shown_texts([*entry.controls, entry.preview])
    assert texts.count("20-20: redeal, no score") == 1, texts
    assert entry.status(entry.evaluation) == "redeal: Ana & Cleo 0 · Ben & Dan 0"
    draft.use_hcp, draft.redeal = False, True  # the redeal tapped, no counts: said once too
    entry.changed()
    assert shown_texts([*entry.controls, entry.preview]).count("20-20: redeal, no score") == 1


def test_what_is_missing_is_said_once_and_check_a_score_saves_nothing():
    draft = draft_for_game(draw_game())
    entry = new_entry(draft, lambda: None, EN)
    texts = shown_texts([*entry.controls, entry.preview])
    assert not [t for t in texts if "choose the declarer" in t], texts  # only in the bar
    assert entry.status(entry.evaluation) == "Cannot save yet: choose the declarer"
    assert entry.status(entry.evaluation, saving=False) == "Not complete: choose the declarer"


def test_a_fresh_new_game_form_is_not_red_until_start_or_a_name_left_empty():
    form = NewGameForm()
    assert form.shown_problem() is None and form.problem() is not None
    form.names[0] = "Ana"
    form.typed.add(0)
    assert form.shown_problem() is None  # East, South, West not typed in yet
    form.names[0] = ""
    form.leave_name(0)
    assert EN.sentence(form.shown_problem()) == "North has no name; give every player a name"
    form.names = ["Ana", "ana", "", ""]  # what was typed wrong is said at once
    assert EN.render(form.shown_problem()) == "two players have the same name; names must differ"
    form.names = ["Ana", "Ben", "", ""]
    form.leave_name(2)  # left without typing: nothing said
    assert form.shown_problem() is None
    form.tried = True  # Start tapped
    assert EN.sentence(form.shown_problem()) == "South has no name; give every player a name"
    form.choose("draw-bridge")  # new fields: not red again until tried
    form.names = ["Ana", ""]
    assert form.shown_problem() is None and form.problem() is not None


def test_recent_players_are_people_and_teams_are_offered_only_for_a_team_match(tmp_path):
    store = Store(tmp_path / "data")
    store.save(Game.new("team-match", ["Lions", "Tigers"]))
    store.save(Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0))
    games = store.list_games()
    assert recent_players(games) == ["Ana", "Ben", "Cleo", "Dan"]
    assert recent_players(games, teams=True) == ["Lions", "Tigers"]


def test_a_game_met_again_in_an_import_is_named_as_the_home_list_names_it(tmp_path):
    store = Store(tmp_path / "data")
    game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0)
    store.save(game)
    here = {s.id.casefold(): s for s in store.list_games()}
    named = games_named(EN, here, [game.id.upper(), "zz-not-here"])
    assert named.startswith("Draw Bridge: Ana, Ben (20") and game.id not in named, named
    assert named.endswith("; zz-not-here")


def test_no_trump_is_shown_in_the_table_s_own_abbreviation():
    assert [Translator(lang, suits=True).contract("3NTX") for lang in ("en", "es", "bg")] == [
        "3NTX", "3SAX", "3БКX"]
    es = Translator("es", suits=True)
    assert es("summary.contract", contract="3NT", declarer="Ana", result="x").startswith("3SA")
    assert es.plain("summary.contract", contract="3NT", declarer="Ana",
                    result="x").startswith("3NT")  # notation: files, the command line
    assert Contract.parse("3NT") == Contract.parse("3nt")  # what is typed is read as before
