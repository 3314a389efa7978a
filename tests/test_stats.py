"""Players' statistics across games."""

from __future__ import annotations

import contextlib
import dataclasses
import random

import pytest
from test_game import PLAYED_TO_END, _random_deal, clock

from scorer.game import Game
from scorer.rules import Contract, InvalidInput
from scorer.rules.call_break import CallBreakDeal
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.rules.minibridge import MiniBridgeDeal
from scorer.stats import combine, game_stats
from scorer.store import Store


def test_bridge_and_call_break_statistics(tmp_path):
    draw = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=100")
    draw = draw.add_deal(DrawBridgeDeal(0, Contract.parse("4S"), 9))      # Ana fails
    draw = draw.add_deal(DrawBridgeDeal())                                # passed out
    draw = draw.add_deal(DrawBridgeDeal(0, Contract.parse("4S"), 10))     # Ana 120: wins
    mini = Game.new("minibridge", ["ana", "Ben", "Cleo", "Dan"], first_dealer=0, end="open")
    mini = mini.add_deal(MiniBridgeDeal(2, Contract.parse("1NT"), 7))     # N-S 90 (Cleo)
    mini = mini.add_deal(MiniBridgeDeal(redeal=True))                     # not a deal played
    cb = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0, end="deals=1")
    cb = cb.add_deal(CallBreakDeal((3, 3, 3, 3), (3, 5, 4, 1)))  # exact, over, over, failed
    ana = {s.name.casefold(): s for s in game_stats(draw)}["ana"]
    assert (ana.games, ana.won, ana.deals, ana.points, ana.declared, ana.made) == (
        1, 1, 3, 120, 2, 1)
    with Store(tmp_path) as store:
        for game in (draw, mini, cb):
            store.save(game)
        stats = {(s.name.casefold(), s.variant): s for s in store.player_stats()}
        assert ("ana", "minibridge") not in stats  # an unfinished game does not count yet
        store.save(store.load(mini.id).close())
        stats = {(s.name.casefold(), s.variant): s for s in store.player_stats()}
    ana = stats["ana", "draw-bridge"]
    assert (ana.games, ana.won, ana.deals, ana.points) == (1, 1, 3, 120)
    assert (ana.declared, ana.made) == (2, 1) and round(ana.average, 1) == 40.0
    mini_ana = stats["ana", "minibridge"]  # points of different games are never averaged
    assert (mini_ana.games, mini_ana.won, mini_ana.deals, mini_ana.points) == (1, 1, 1, 90)
    cb_ana = stats["ana", "call-break"]
    assert (cb_ana.deals, cb_ana.points, cb_ana.exact) == (1, 30, 1)
    cleo, dan = stats["cleo", "minibridge"], stats["dan", "call-break"]
    assert (cleo.declared, cleo.made) == (1, 1) and stats["cleo", "call-break"].over == 1
    assert (dan.failed, dan.won, dan.points) == (1, 0, 0 - 30)
    assert [(s.name.casefold(), s.variant) for s in
            combine([game_stats(draw), game_stats(cb)])][:3] == [
        ("ana", "call-break"), ("ana", "draw-bridge"), ("ben", "call-break")]


def test_an_index_written_before_rows_named_their_game_still_reads():
    from scorer.stats import PlayerStats

    old = ["Ana", 1, 1, 3, 120, 2, 1, 0, 0, 0]
    assert PlayerStats.from_list(old, "draw-bridge") == PlayerStats(
        "Ana", "draw-bridge", 1, 1, 3, 120, 2, 1, 0, 0, 0)
    new = PlayerStats("Ana", "call-break", 1, 0, 2, 50).to_list()
    assert PlayerStats.from_list(new) == PlayerStats("Ana", "call-break", 1, 0, 2, 50)


def test_a_deal_counts_as_its_game_counts_deals():
    """Issue 18 item 8 (decision 108): a deal dealt again by the same dealer (a passed-out
    Chicago deal, a MiniBridge redeal) is not a deal in the statistics; a passed-out Draw
    Bridge or rubber deal, after which the next player deals, is."""
    from scorer.rules.bridge_games import BridgeDeal

    four = ["Ana", "Ben", "Cleo", "Dan"]
    chicago = Game.new("chicago", four, first_dealer=0)
    chicago = chicago.add_deal(BridgeDeal())  # passed out: Ana deals again
    chicago = chicago.add_deal(BridgeDeal(0, Contract.parse("3NT"), 9))
    rubber = Game.new("rubber-bridge", four, first_dealer=0)
    rubber = rubber.add_deal(BridgeDeal()).add_deal(BridgeDeal(1, Contract.parse("2H"), 8))
    mini = Game.new("minibridge", four, first_dealer=0, end="open")
    mini = mini.add_deal(MiniBridgeDeal(redeal=True)).add_deal(
        MiniBridgeDeal(2, Contract.parse("1NT"), 7))
    draw = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=100")
    draw = draw.add_deal(DrawBridgeDeal()).add_deal(DrawBridgeDeal(0, Contract.parse("2S"), 8))
    deals = {game.variant_name: {s.name: s.deals for s in game_stats(game)}["Ana"]
             for game in (chicago, rubber, mini, draw)}
    assert deals == {"chicago": 1, "rubber-bridge": 2, "minibridge": 1, "draw-bridge": 2}
    for game in (chicago, rubber, mini, draw):
        assert deals[game.variant_name] == sum(r.counted for r in game.records)


def test_an_index_counted_by_another_rule_is_rebuilt(tmp_path):
    """Statistics kept in the index under the rule before are counted again from the games."""
    import json

    from scorer.rules.bridge_games import BridgeDeal

    chicago = Game.new("chicago", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
    chicago = chicago.add_deal(BridgeDeal()).add_deal(BridgeDeal(0, Contract.parse("3NT"), 9))
    with Store(tmp_path) as store:
        store.save(chicago.close())
    index = tmp_path / "index.json"
    raw = json.loads(index.read_text(encoding="utf-8"))
    assert raw["meta"] == {"stats_rule": 3}
    # As the rule before wrote it: no rule named, the passed-out deal counted.
    del raw["meta"]
    [doc] = raw["games"].values()
    rows = json.loads(doc["players_stats"])
    assert rows[0][:5] == ["Ana", "chicago", 1, 1, 1]
    rows[0][4] = 2
    doc["players_stats"] = json.dumps(rows)
    index.write_text(json.dumps(raw), encoding="utf-8")
    with Store(tmp_path) as store:
        ana = {s.name: s for s in store.player_stats()}["Ana"]
    assert ana.deals == 1


def test_the_statistics_screen_names_imps_per_board_and_points_per_round(tmp_path):
    from flet_page import controls, scorer_app

    from scorer.rules.bridge_games import BridgeDeal
    from scorer.rules.team_match import TeamBoard

    match = Game.new("team-match", ["Lions", "Tigers"], end="deals=1").add_deal(
        TeamBoard(BridgeDeal(0, Contract.parse("4S"), 10), BridgeDeal()))
    cb = Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0, end="deals=1")
    cb = cb.add_deal(CallBreakDeal((3, 3, 3, 3), (3, 5, 4, 1)))
    with scorer_app(tmp_path / "data") as app:
        for game in (match, cb):
            app.keeper.store.save(game)
        app.route = "/stats"
        app.show()
        texts = [c.value for c in controls(app.page) if isinstance(getattr(c, "value", None),
                                                                     str)]
    assert any("IMPs per board on average (1 board)" in text for text in texts)
    assert any("points per round on average (1 round)" in text for text in texts)
    assert not any("per deal" in text for text in texts)


@pytest.mark.parametrize(("name", "players", "end"), PLAYED_TO_END)
def test_a_deal_added_is_the_only_one_counted_and_the_figures_are_a_whole_counts(
        name, players, end, monkeypatch):
    """A Save's statistics (the index's summary) count only its new deal (issue 33, decision
    373); deal after deal, a deal corrected and one removed, they equal those of the same game
    replayed from its deals, every deal counted."""
    game = Game.new(name, players, end=end, first_dealer=0, now=clock)
    variant = type(game.variant)
    counted: list[object] = []
    real = variant.deal_stats
    monkeypatch.setattr(variant, "deal_stats", lambda self, deal, score, player: (
        counted.append(deal), real(self, deal, score, player))[1])
    rng = random.Random(name)
    added = 0
    while not game.is_over and added < 40:
        try:
            game = game.add_deal(_random_deal(name, rng, game.dealer), now=clock)
        except InvalidInput:
            continue
        added += 1
        counted.clear()
        stats = game_stats(game)
        assert len(counted) == (len(players) if game.records[-1].counted else 0)
        assert stats == game_stats(dataclasses.replace(game))  # replayed: counted whole
    assert added > 3
    changes = [game.remove_last(now=clock)]
    with contextlib.suppress(InvalidInput):  # (a deal 1 that ends the game too soon)
        changes.append(game.correct(1, game.deals[1], now=clock))
    for changed in changes:
        assert game_stats(changed) == game_stats(dataclasses.replace(changed))
