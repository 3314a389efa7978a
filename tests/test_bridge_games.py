"""Whole contract bridge games through the model (scorer.game.Game): rubbers won 2-0 and 2-1, an
unfinished rubber, several rubbers, Chicago cycles, a team match of 8 boards; and the state
threaded through the replay leaves the other variants as they were."""

from __future__ import annotations

import pytest
from docs_examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.game import Game
from scorer.i18n import LANGUAGES, Translator
from scorer.rules import Contract, Doubling, InvalidInput, Strain
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.chicago import cycle_vulnerable
from scorer.rules.contract_bridge import Honours
from scorer.rules.minibridge import seat_index
from scorer.rules.team_match import TeamBoard

PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]  # N, E, S, W
EN = Translator("en")
VUL = {"none": (False, False), "N-S": (True, False), "E-W": (False, True), "both": (True, True)}


def deal(declarer: str, contract: str, tricks: int, honors: str | None = None) -> BridgeDeal:
    return BridgeDeal(seat_index(declarer), Contract.parse(contract), tricks,
                      None if honors in (None, "-") else Honours.parse(honors))


def table(text: str) -> BridgeDeal:
    if text == "pass":
        return BridgeDeal()
    seat, contract, tricks = text.split()
    return deal(seat, contract, int(tricks))


def play_documented(game: Game, rows: list[dict[str, str]]) -> Game:
    for row in rows:
        assert game.vulnerability() == VUL[row["vul"]], row
        if row["contract"] == "pass":
            game = game.add_deal(BridgeDeal())
        else:
            game = game.add_deal(deal(row["declarer"], row["contract"], int(row["tricks"]),
                                      row.get("honors")))
        assert game.totals == (int(row["ns"]), int(row["ew"])), row
    return game


def assert_explained(game: Game) -> None:
    for record in game.records:
        for lang in LANGUAGES:
            t = Translator(lang)
            assert "{" not in t.summary(record.score)
            for line in record.score.lines:
                assert "{" not in t.line(line)


def round_trip(game: Game) -> None:
    again = Game.from_dict(game.to_dict())
    assert again.totals == game.totals and again.state == game.state
    assert again.outcome == game.outcome


# --- rubber bridge ---------------------------------------------------------------------------


def test_rubber_won_2_0():
    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0, end="rubbers=1")
    game = play_documented(game, examples("rubber-2-0"))
    assert game.is_over and game.outcome.winners == (0,)
    last = game.records[-1].score
    assert last.sheet.rubber_won == 0 and last.sheet.above == (150 + 750 + 700, 0)
    assert "N-S won the rubber 2-0: rubber bonus 700" in [EN.line(line) for line in last.lines]
    with pytest.raises(InvalidInput):
        game.add_deal(deal("N", "1C", 7))
    assert_explained(game)
    round_trip(game)


def test_rubber_won_2_1():
    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0, end="rubbers=1")
    game = play_documented(game, examples("rubber-2-1"))
    assert game.is_over and game.outcome.winners == (0,)
    assert game.state.finished == ((840, 370),)
    sheets = [r.score.sheet for r in game.records]
    assert [s.game_won for s in sheets] == [0, 1, None, None, None, 0]
    assert sheets[-1].above == (500, 0) and sheets[-1].below == (60, 0)
    assert_explained(game)
    round_trip(game)


def test_a_part_score_does_not_carry_into_the_next_game():
    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    game = game.add_deal(deal("E", "2S", 8))  # E-W 60 below
    game = game.add_deal(deal("N", "4H", 10))  # N-S game: E-W's 60 no longer counts
    game = game.add_deal(deal("E", "1S", 7))  # 30: not a game (60 + 30 would have been 90)
    game = game.add_deal(deal("W", "1NT", 7))  # 30 + 40 = 70
    assert game.state.games == (1, 0) and game.state.below == (0, 70)
    game = game.add_deal(deal("W", "1NT", 7))  # 70 + 40 = 110: E-W's game
    assert game.state.games == (1, 1) and game.vulnerability() == (True, True)


def test_unfinished_rubber_scored_when_the_players_stop():
    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    game = game.add_deal(deal("N", "4S", 10)).add_deal(deal("E", "2D", 9))
    assert game.totals == (120, 60) and game.closing is None
    closed = game.close()
    assert closed.is_over and closed.outcome.winners == (0,)
    assert [EN.line(line) for line in closed.closing.lines] == [
        "unfinished rubber: N-S won the only game: 300",
        "unfinished rubber: E-W alone has a part score (40) in the unfinished game: 100",
    ]
    assert closed.totals == (420, 160)
    round_trip(closed)
    older = Game.new("rubber-bridge", PLAYERS, {"unfinished_part_score": "50"}, first_dealer=0)
    older = older.add_deal(deal("N", "4S", 10)).add_deal(deal("E", "2D", 9)).close()
    assert older.totals == (420, 110)
    reopened = closed.remove_last()
    assert not reopened.is_over and reopened.closing is None and reopened.totals == (120, 0)


@pytest.mark.parametrize(
    ("deals", "closing"),
    [([("N", "2S", 8), ("E", "2H", 8)], (0, 0)),  # both hold part scores: neither scores
     ([("N", "4S", 10), ("E", "4S", 10)], (0, 0)),  # a game each: no 300
     ([("N", "2S", 8)], (100, 0)),
     ([("N", "4S", 10), ("N", "1C", 7)], (400, 0))],
)
def test_unfinished_rubber_premiums(deals, closing):
    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    for seat, contract, tricks in deals:
        game = game.add_deal(deal(seat, contract, tricks))
    before = game.totals
    closed = game.close()
    assert closed.closing.points == closing
    assert closed.totals == (before[0] + closing[0], before[1] + closing[1])


def test_several_rubbers_in_one_session():
    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0, end="rubbers=2")
    assert EN.render(game.progress()) == "rubber 1 of 2"
    for _ in range(2):
        game = game.add_deal(deal("N", "3NT", 9))
    assert game.state.finished == ((900, 0),) and not game.is_over
    assert game.vulnerability() == (False, False) and EN.render(game.progress()) == "rubber 2 of 2"
    game = game.add_deal(deal("E", "4H", 10))
    game = game.add_deal(deal("N", "4H", 8))  # N-S not vulnerable, down 2: E-W 100
    assert game.vulnerability() == (False, True)
    game = game.add_deal(deal("W", "4H", 11))  # E-W: 120 + 100 + 120 + 30 + 700
    assert game.is_over and game.state.finished == ((900, 0), (0, 1070))
    assert game.totals == (900, 1070) and game.outcome.winners == (1,)
    assert Translator("es").render(game.outcome.msg) == "mayor total tras 2 partidas"
    round_trip(game)


def test_a_passed_out_deal_passes_the_deal_on():
    game = Game.new("rubber-bridge", PLAYERS, first_dealer=2).add_deal(BridgeDeal())
    assert game.dealer == 3 and game.totals == (0, 0)
    assert EN.render(game.openers()) == "Dan (West) deals and calls first"


# --- Chicago ---------------------------------------------------------------------------------


def chicago_rows() -> list[dict[str, str]]:
    return examples("chicago-cycle")


def test_chicago_cycle_with_a_part_score_carried_into_game():
    game = Game.new("chicago", PLAYERS, first_dealer=0)
    for number, row in enumerate(chicago_rows()):
        assert "NESW"[game.dealer] == row["dealer"], row
        game = play_documented(game, [row])
        assert len(game.deals) == number + 1
    assert game.is_over and game.deals_counted == 4 and len(game.deals) == 5
    lines = [EN.line(line) for line in game.records[2].score.lines]
    assert "N-S toward game: 60 + 60 = 120, a game (not vulnerable): 300" in lines
    assert "part score on the fourth deal (N-S toward game: 0 + 40 = 40): 100" in [
        EN.line(line) for line in game.records[4].score.lines]
    assert game.state.played == 0 and game.state.cycles == 1
    assert_explained(game)
    round_trip(game)


def test_chicago_game_completed_on_the_fourth_deal_gets_the_game_bonus_not_100():
    game = Game.new("chicago", PLAYERS, first_dealer=0)
    for seat, contract, tricks in [("N", "1C", 7), ("E", "1C", 7), ("S", "2S", 8),
                                   ("N", "1NT", 7)]:
        game = game.add_deal(deal(seat, contract, tricks))
    # N-S: 20 carried, 20 + 60 = 80 carried, 80 + 40 = 120 on deal 4: vulnerable game 500
    assert game.totals == (20 + 60 + 40 + 500, 20)


def test_chicago_vulnerability_schedule():
    assert [cycle_vulnerable(n, dealer) for n, dealer in enumerate([0, 1, 2, 3])] == [
        (False, False), (False, True), (True, False), (True, True)]
    assert [cycle_vulnerable(n, dealer, False) for n, dealer in enumerate([0, 1, 2, 3])] == [
        (False, False), (True, False), (False, True), (True, True)]
    game = Game.new("chicago", PLAYERS, {"dealer_vulnerable": "off"}, first_dealer=0)
    game = game.add_deal(deal("N", "1C", 7))
    assert game.vulnerability() == (True, False)  # East deals, North-South vulnerable


def test_chicago_two_cycles_carry_nothing_across():
    game = Game.new("chicago", PLAYERS, first_dealer=0, end="deals=8")
    for _ in range(3):
        game = game.add_deal(deal("E", "1C", 7))  # E-W 20 + 20 + 20 carried
    game = game.add_deal(deal("N", "1S", 7))  # deal 4: N-S part score, 30 + 100
    game = game.add_deal(deal("E", "4C", 10))  # new cycle: 80, not a game
    assert game.state.parts == (0, 80) and game.state.cycles == 1
    assert game.vulnerability() == (False, True)  # deal 2 of the new cycle, East deals


def test_chicago_duplicate_scoring_house_rule():
    game = Game.new("chicago", PLAYERS, {"scoring": "duplicate"}, first_dealer=0)
    game = game.add_deal(deal("N", "2S", 8)).add_deal(deal("N", "2H", 8))
    assert game.totals == (220, 0) and game.state.parts == (0, 0)
    with pytest.raises(InvalidInput) as info:
        Game.new("chicago", PLAYERS, {"scoring": "rubber"})
    assert info.value.field == "scoring"


def test_chicago_honours_only_with_the_house_rule():
    game = Game.new("chicago", PLAYERS, first_dealer=0)
    with pytest.raises(InvalidInput, match="honors"):
        game.add_deal(deal("N", "4S", 10, "declarer:100"))
    game = Game.new("chicago", PLAYERS, {"honors": "on"}, first_dealer=0)
    game = game.add_deal(deal("N", "4S", 10, "defenders:150"))
    assert game.totals == (420, 150)


# --- team match ------------------------------------------------------------------------------


def test_team_match_of_8_boards():
    game = Game.new("team-match", ["Lions", "Tigers"], first_dealer=3)
    assert game.dealer == 0  # board 1: North deals, whatever was asked
    board_vul = {int(r["board"]): VUL[r["vul"]] for r in examples("boards")}
    for row in examples("team-match"):
        board = int(row["board"])
        assert game.dealer == (board - 1) % 4 and game.vulnerability() == board_vul[board]
        game = game.add_deal(TeamBoard(table(row["table1"]), table(row["table2"])))
        entry = game.records[-1].score.sheet
        assert entry.board == board
        assert entry.ns == (int(row["ns1"]), int(row["ns2"]))
        assert entry.imps == int(row["imps"])
        imps = int(row["imps"])  # the board's IMPs to the team that gained them (issue 30)
        assert game.records[-1].score.points == (max(imps, 0), max(-imps, 0))
        assert game.totals == (int(row["a"]), int(row["b"]))
    assert game.is_over and game.outcome.winners == (0,)
    assert EN.summary(game.records[0].score) == "board 1: 6 IMPs to Lions"
    assert EN.summary(game.records[2].score) == "board 3: no swing"
    assert_explained(game)
    round_trip(game)


def test_team_match_refuses_honours_and_house_rules():
    with pytest.raises(InvalidInput) as info:
        TeamBoard(deal("N", "4S", 10, "declarer:100"), BridgeDeal())
    assert info.value.field == "table 1 honors"
    with pytest.raises(InvalidInput) as info:
        Game.new("team-match", ["Lions", "Tigers"], {"honors": "on"})
    assert info.value.field == "rule"


# --- the deal record -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "field"),
    [({"declarer": "Q", "contract": "4S", "tricks": 10}, "declarer"),
     ({"declarer": "N", "contract": "4S", "tricks": 14}, "tricks"),
     ({"declarer": "N", "contract": "9S", "tricks": 10}, "contract"),
     ({"declarer": "N", "tricks": 10}, "contract"),
     ({"declarer": "N", "contract": "3NT", "tricks": 9, "honors": "declarer:100"}, "honors")],
)
def test_bad_deal_records_name_the_field(data, field):
    with pytest.raises(InvalidInput) as info:
        BridgeDeal.from_dict(data)
    assert info.value.field == field


def test_deal_records_round_trip():
    for made in (deal("W", "6NTXX", 12, "defenders:150"), BridgeDeal(), deal("S", "1C", 0)):
        assert BridgeDeal.from_dict(made.to_dict()) == made


def test_stateless_variants_score_as_before():
    """The state threaded through the replay is None for the other games."""
    game = Game.new("minibridge", PLAYERS, first_dealer=0)
    assert game.state is None and game.vulnerability() is None and game.closing is None
    assert game.close().closing is None


# --- stored, exported, counted like the other games ------------------------------------------


def test_stored_on_disk_exported_and_counted(tmp_path):
    from scorer.sheet import sheet_rows, to_text
    from scorer.stats import game_stats
    from scorer.store import Store

    rubber = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    rubber = rubber.add_deal(deal("N", "4S", 10)).add_deal(deal("E", "4HX", 8)).close()
    chicago = Game.new("chicago", PLAYERS, first_dealer=1).add_deal(deal("S", "3NT", 9))
    match = Game.new("team-match", ["Lions", "Tigers"]).add_deal(
        TeamBoard(deal("N", "4S", 10), BridgeDeal()))
    with Store(tmp_path) as store:
        for game in (rubber, chicago, match):
            store.save(game)
    with Store(tmp_path) as store:
        for game in (rubber, chicago, match):
            again = store.load(game.id)
            assert again.totals == game.totals and again.is_over == game.is_over
    assert rubber.totals == (120 + 300 + 300, 0)  # 4S, 4HX down 2 (not vulnerable), 300
    assert sheet_rows(match)[1][:5] == [
        "1", "North", "table 1: 4S by North, 10 tricks; table 2: passed out", "",
        "board 1: 9 IMPs to Lions"]
    assert sheet_rows(chicago)[1][1] == "Ben"
    assert "Ana & Cleo 720" in to_text(rubber)
    assert "unfinished rubber: N-S won the only game: 300" in to_text(rubber).splitlines()
    last = sheet_rows(rubber)[-1]
    assert last[4] == "unfinished rubber" and last[-4:] == ["300", "0", "720", "0"]
    ana, ben, cleo, dan = game_stats(chicago)
    assert (ana.points, ben.points, cleo.points, cleo.declared) == (400, 0, 400, 1)


# --- scoresheets and statistics ----------------------------------------------------------------


def test_the_text_sheet_of_a_rubber_shows_below_and_above_the_line_per_side():
    from scorer.sheet import sheet_rows, to_csv, to_text

    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0, end="rubbers=1")
    for seat, contract, tricks in [("N", "2S", 8), ("E", "4H", 10), ("N", "3NT", 10),
                                   ("W", "1C", 6), ("S", "4S", 10)]:
        game = game.add_deal(deal(seat, contract, tricks))
    assert game.is_over
    lines = to_text(game).splitlines()
    assert lines[1] == ("1. 2S by Ana, 8 tricks; N-S 60 below, 0 above; E-W 0 below, 0 above: "
                        "2S by Ana (North): made; 60 / 0 (totals 60 / 0)")
    assert lines[2].startswith("2. 4H by Ben, 10 tricks; N-S 0 below, 0 above; E-W 120 below, "
                               "0 above; game to E-W, the line is drawn: ")
    assert lines[4].startswith("4. 1C by Dan, 6 tricks; N-S 0 below, 100 above;")  # E-W vul.
    # 2S 60 + 3NT 100 + 4S 120 below; 30 overtrick + 100 undertrick + 500 rubber bonus above
    assert lines[6] == ("rubber 1: N-S 280 below and 630 above the line = 910; "
                        "E-W 120 below and 0 above the line = 120")
    assert lines[-2:] == ["Totals: Ana & Cleo 910, Ben & Dan 120",
                          "Result: Ana & Cleo win: highest total after 1 rubber"]
    spanish = to_text(game, Translator("es")).splitlines()
    assert spanish[6].startswith("partida 1: N-S 280 debajo y 630 encima de la línea = 910")
    rows = sheet_rows(game)
    assert rows[3][2:5] == ["3NT by Ana", "10", "3NT by Ana (North): made +1"]
    assert to_csv([game]).count("\n") == 1 + 1 + 5
    for lang in LANGUAGES:
        assert "{" not in to_text(game, Translator(lang))


def test_the_sheets_of_a_chicago_cycle_and_a_team_match():
    from scorer.sheet import sheet_rows, to_text

    chicago = Game.new("chicago", PLAYERS, first_dealer=0)
    for row in chicago_rows():
        chicago = play_documented(chicago, [row])
    rows = sheet_rows(chicago)
    # the passed-out deal is dealt again by the same dealer: both are deal 2 of the cycle
    assert [r[:2] for r in rows[1:]] == [["1", "Ana"], ["2", "Ben"], ["2", "Ben"],
                                         ["3", "Cleo"], ["4", "Dan"]]
    assert rows[3][2:] == ["2H by Ana", "8", "2H by Ana (North): made", "360", "0", "420", "0"]
    assert rows[-1][-2:] == ["590", "60"] == [str(t) for t in chicago.totals]
    lines = to_text(chicago).splitlines()
    assert lines[2] == "2. passed out: passed out; 0 / 0 (totals 60 / 0)"
    assert lines[-1] == "Result: Ana & Cleo win: highest total after 4 deals"
    match = Game.new("team-match", ["Lions", "Tigers"], end="deals=2")
    match = match.add_deal(TeamBoard(deal("N", "4H", 10), deal("N", "4H", 9)))
    match = match.add_deal(TeamBoard(BridgeDeal(), deal("E", "3NT", 9)))
    lines = to_text(match).splitlines()
    assert lines[1] == ("1. table 1: 4H by North, 10 tricks, N-S 420; table 2: 4H by North, "
                        "9 tricks, N-S -50: board 1: 10 IMPs to Lions; 10 / 0 (totals 10 / 0)")
    assert lines[2] == ("2. table 1: passed out, N-S 0; table 2: 3NT by East, 9 tricks, "
                        "N-S -400: board 2: 9 IMPs to Lions; 9 / 0 (totals 19 / 0)")
    assert lines[-1] == "Result: Lions win: highest total after 2 boards"
    assert sheet_rows(match)[2][1:3] == ["East",
                                         "table 1: passed out; table 2: 3NT by East, 9 tricks"]
    assert sheet_rows(match, Translator("bg"))[2][1] == "Изток"


def test_statistics_of_the_contract_bridge_games():
    from scorer.stats import game_stats

    rubber = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    rubber = rubber.add_deal(deal("N", "4S", 10)).add_deal(deal("E", "2D", 7)).close()
    ana, ben, cleo, dan = game_stats(rubber)
    # Ana and Cleo (N-S): 120 below, 50 for E-W's undertrick, 300 for the unfinished rubber
    assert (ana.won, ana.deals, ana.points, ana.declared, ana.made) == (1, 2, 470, 1, 1)
    assert (cleo.points, cleo.declared) == (470, 0)
    assert (ben.won, ben.points, ben.declared, ben.made, dan.points) == (0, 0, 1, 0, 0)
    match = Game.new("team-match", ["Lions", "Tigers"])
    match = match.add_deal(TeamBoard(deal("N", "4H", 10), deal("N", "4H", 9)))
    match = match.add_deal(TeamBoard(BridgeDeal(), deal("E", "3NT", 9)))
    lions, tigers = game_stats(match)
    # Lions sit N-S at table 1 (4H made) and E-W at table 2 (3NT made); Tigers: 4H down 1
    assert (lions.deals, lions.points, lions.declared, lions.made) == (2, 19, 2, 2)
    assert (tigers.points, tigers.declared, tigers.made) == (0, 1, 0)  # no IMPs won
    chicago = Game.new("chicago", PLAYERS, first_dealer=0)
    chicago = chicago.add_deal(BridgeDeal()).add_deal(deal("W", "3NT", 9))
    ana, ben, cleo, dan = game_stats(chicago)
    # The passed-out deal is dealt again by Ana: not a deal of the cycle (decision 108).
    assert (ana.deals, dan.declared, dan.made, dan.points, ana.points) == (1, 1, 1, 400, 0)


def test_a_correction_rescores_every_later_deal_in_its_new_state():
    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    game = game.add_deal(deal("N", "4S", 10))  # N-S game: N-S vulnerable from now on
    game = game.add_deal(deal("S", "4S", 9))  # vulnerable, down 1: E-W 100
    assert game.totals == (120, 100)
    corrected = game.correct(1, deal("N", "4S", 9))  # deal 1 failed after all: nobody has a game
    assert corrected.records[1].score.points == (0, 50)  # now not vulnerable, down 1: 50
    assert corrected.totals == (0, 100) and corrected.vulnerability() == (False, False)
    assert len(corrected.history) == 1


@pytest.mark.parametrize("name", ["rubber-bridge", "chicago", "team-match"])
def test_names_house_rules_and_choices_are_in_every_catalog(name):
    from scorer.i18n import catalog
    from scorer.rules import variant

    v = variant(name)
    keys = [f"game.{name}", *(f"houserule.{r.name}" for r in v.house_rules),
            *(f"choice.{c}" for r in v.house_rules for c in r.choices)]
    for lang in LANGUAGES:
        assert [k for k in keys if k not in catalog(lang)] == []
    rules = v.parse_rules()
    for lang in LANGUAGES:
        assert all("{" not in Translator(lang).render(m) for m in rules.describe())
    assert v.parse_rules(rules.to_dict()) == rules


# --- properties of whole games ---------------------------------------------------------------

played = st.builds(BridgeDeal, st.integers(0, 3),
                   st.builds(Contract, st.integers(1, 7), st.sampled_from(Strain),
                             st.sampled_from(Doubling)),
                   st.integers(0, 13))
deals = st.lists(st.one_of(played, st.just(BridgeDeal())), max_size=30)


@settings(deadline=None, max_examples=60)
@given(deals)
def test_any_rubber_session_keeps_its_books(session):
    game = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    for played_deal in session:
        vulnerable = game.vulnerability()
        assert vulnerable == (game.state.games[0] == 1, game.state.games[1] == 1)
        game = game.add_deal(played_deal)
        state = game.state
        assert max(state.below) < 100 and max(state.games) <= 1
    sheets = [r.score.sheet for r in game.records]
    assert game.state.rubbers == len(game.state.finished) == sum(
        s.rubber_won is not None for s in sheets)
    assert game.totals == tuple(sum(r.score.points[i] for r in game.records) for i in (0, 1))
    for sheet in sheets:
        assert all(p >= 0 for p in (*sheet.below, *sheet.above))
    closed = game.close()
    assert closed.totals[0] >= game.totals[0] and closed.totals[1] >= game.totals[1]
    round_trip(closed)


@settings(deadline=None, max_examples=60)
@given(deals, st.sampled_from(["carried", "duplicate"]))
def test_any_chicago_session_keeps_its_books(session, scoring):
    game = Game.new("chicago", PLAYERS, {"scoring": scoring}, first_dealer=1, end="open")
    for played_deal in session:
        game = game.add_deal(played_deal)
        state = game.state
        assert state.played == game.deals_counted % 4 and max(state.parts) < 100
        assert state.cycles == game.deals_counted // 4
        if scoring == "duplicate":
            assert state.parts == (0, 0)
    assert game.totals == tuple(sum(r.score.points[i] for r in game.records) for i in (0, 1))
    round_trip(game)


def test_the_copied_rubber_sheet_names_the_honours_it_scores_above():
    """Issue 30 item 5: '2H by Ana, 8 tricks; N-S 60 below, 100 above' folded the honours
    into the 100 above without naming them."""
    from scorer.sheet import to_text

    rubber = Game.new("rubber-bridge", PLAYERS, first_dealer=0)
    rubber = rubber.add_deal(BridgeDeal(0, Contract.parse("2H"), 8, Honours.parse("declarer:100")))
    rubber = rubber.add_deal(BridgeDeal(1, Contract.parse("1NT"), 7,
                                        Honours.parse("defenders:150")))
    lines = to_text(rubber).splitlines()
    assert lines[1].startswith("1. 2H by Ana, 8 tricks, honours 100 to N-S; N-S 60 below, "
                               "100 above;")
    assert lines[2].startswith("2. 1NT by Ben, 7 tricks, honours 150 to N-S; N-S 0 below, "
                               "150 above;")
