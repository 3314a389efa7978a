"""Players' statistics across games."""

from __future__ import annotations

from scorer.game import Game
from scorer.rules import Contract
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
