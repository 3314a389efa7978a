"""A long game of every type, made the same way every time: what the size table of a link
(README, tests/test_link.py) measures."""

from __future__ import annotations

import functools
import itertools
import random
from datetime import datetime, timedelta

from scorer.game import Game
from scorer.rules import Contract, InvalidInput
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.call_break import CallBreakDeal
from scorer.rules.contract_bridge import Honours
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.rules.minibridge import MiniBridgeDeal
from scorer.rules.team_match import TeamBoard

STAMP = "2026-11-30T12:00:00.000+00:00"
FOUR = ["Ana", "Ben", "Cleo", "Dan"]
STRAINS = ["C", "D", "H", "S", "NT"]


def clock() -> str:
    return STAMP


_TICKS = itertools.count(1)


def later() -> str:
    """A clock that moves on, a millisecond a call, from STAMP: what is done to a game after it
    was kept elsewhere is dated after it, as on a real phone (decision 220)."""
    moment = datetime.fromisoformat(STAMP) + timedelta(milliseconds=next(_TICKS))
    return moment.isoformat(timespec="milliseconds")


def _contract(rng: random.Random, top: int = 7) -> Contract:
    return Contract.parse(f"{rng.randint(1, top)}{rng.choice(STRAINS)}"
                          f"{rng.choice(['', '', '', 'X', 'XX'])}")


def _bridge(rng: random.Random, honours: bool = True) -> BridgeDeal:
    if rng.random() < 0.1:
        return BridgeDeal()
    contract = _contract(rng, 4)
    tricks = min(13, max(0, contract.level + 6 + rng.randint(-2, 1)))
    honors = (Honours.parse(rng.choice(["declarer:100", "defenders:100"]))
              if honours and rng.random() < 0.15 else None)
    return BridgeDeal(rng.randrange(4), contract, tricks, honors)


def _call_break(rng: random.Random) -> CallBreakDeal:
    cuts = sorted(rng.randint(0, 13) for _ in range(3))
    return CallBreakDeal(tuple(rng.randint(2, 5) for _ in range(4)),
                         (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]))


def _correct(game: Game, rng: random.Random, times: int) -> Game:
    """A few corrections, as a table makes them (a deal replaced by another)."""
    for _ in range(times):
        number = rng.randint(1, len(game.deals))
        other = game.deals[rng.randrange(len(game.deals))]
        try:
            game = game.correct(number, other, now=clock)
        except InvalidInput:
            continue
    return game


def _play(game: Game, make, count: int, rng: random.Random) -> Game:
    while len(game.deals) < count and not game.is_over:
        try:
            game = game.add_deal(make(rng), now=clock)
        except InvalidInput:
            continue
    return game


@functools.cache
def long_games(corrections: int = 3) -> dict[str, Game]:
    """The long game of each type (with ``corrections`` corrections each)."""
    rng = random.Random(20)
    games: dict[str, Game] = {}
    draw = Game.new("draw-bridge", ["Ana", "Ben"], end="target=100000", first_dealer=0,
                    game_id="linkdraw0001", now=clock)
    games["draw-bridge"] = _play(draw, lambda r: DrawBridgeDeal(
        r.randrange(2), _contract(r), r.randint(0, 13)), 50, rng)
    mini = Game.new("minibridge", FOUR, end="deals=16", first_dealer=0,
                    game_id="linkmini0001", now=clock)
    games["minibridge"] = _play(mini, lambda r: MiniBridgeDeal(redeal=True) if r.random() < 0.1
                                else MiniBridgeDeal(r.randrange(4), _contract(r, 4),
                                                    r.randint(5, 13)), 18, rng)
    call = Game.new("call-break", FOUR, first_dealer=0, game_id="linkcall0001", now=clock)
    games["call-break"] = _play(call, _call_break, 12, rng)
    rubber = Game.new("rubber-bridge", FOUR, end="rubbers=1", first_dealer=0,
                      game_id="linkrubb0001", now=clock)
    games["rubber-bridge"] = _longest_rubber(rubber)
    chicago = Game.new("chicago", FOUR, end="deals=12", first_dealer=0,
                       game_id="linkchic0001", now=clock)
    games["chicago"] = _play(chicago, _bridge, 12, rng)
    match = Game.new("team-match", ["Reds", "Blues"], end="deals=16", first_dealer=0,
                     game_id="linkteam0001", now=clock)
    games["team-match"] = _play(match, lambda r: TeamBoard(_bridge(r, False), _bridge(r, False)),
                                16, rng)
    return {name: _correct(game, random.Random(name), corrections)
            for name, game in games.items()}


def _longest_rubber(start: Game) -> Game:
    """The longest whole rubber of a few made the same way: part scores, passes, failures."""
    best = start
    for seed in range(12):
        rng = random.Random(seed)
        game = _play(start, _bridge, 60, rng)
        if game.is_over and len(game.deals) > len(best.deals):
            best = game
    return best
