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
        stats = {s.name.casefold(): s for s in store.player_stats()}
    ana = stats["ana"]
    assert (ana.games, ana.won, ana.deals) == (3, 1, 3 + 1 + 1)
    assert ana.points == 120 + 90 + 30 and round(ana.average, 1) == 48.0
    assert (ana.declared, ana.made, ana.exact, ana.over, ana.failed) == (2, 1, 1, 0, 0)
    cleo, dan = stats["cleo"], stats["dan"]
    assert (cleo.declared, cleo.made, cleo.over) == (1, 1, 1)
    assert (dan.failed, dan.won, dan.points) == (1, 0, 0 - 30)
    assert [s.name.casefold() for s in combine([game_stats(draw), game_stats(cb)])][:2] == [
        "ana", "ben"]
