"""Rubber bridge (Laws of Rubber Bridge, Laws 72-74 and 80): below and above the line, a game
at 100 trick points below, vulnerability from games won, the rubber bonus 700 (2-0) / 500 (2-1),
the unfinished rubber, several rubbers in one session with a running total.

The state carried from deal to deal is :class:`RubberState` (games won in the rubber, trick
points below the line in the current game). Each deal's points are what it adds to each side's
total (below and above the line, and the rubber bonus on the deal that ends a rubber); its
``sheet`` is a :class:`RubberEntry` for drawing the rubber sheet. See
scorer/assets/rules/contract-bridge.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import DealScore, EndRule, RuleInfo
from .bridge_games import (
    SIDE_MSGS,
    BridgeDeal,
    FourSeatBridge,
    contract_summary,
    passed_out_score,
    vul_line,
)
from .contract_bridge import GAME, score_rubber
from .values import InvalidInput, Line, Msg, settings_from

__all__ = ["RUBBER_BONUS", "UNFINISHED_GAME", "RubberBridge", "RubberEntry", "RubberRules",
           "RubberState"]

RUBBER_BONUS = {0: 700, 1: 500}  # by the loser's games
UNFINISHED_GAME = 300


@dataclass(frozen=True, slots=True)
class RubberRules:
    """``unfinished_part_score``: what a part score in an unfinished game is worth when the
    players stop before the rubber ends (100, current Laws; 50, older tables)."""

    unfinished_part_score: int = 100

    def __post_init__(self) -> None:
        if self.unfinished_part_score not in (100, 50):
            raise InvalidInput("unfinished_part_score", self.unfinished_part_score,
                               "is not 100 or 50")

    def to_dict(self) -> dict[str, Any]:
        return {"unfinished_part_score": self.unfinished_part_score}

    def describe(self) -> tuple[Msg, ...]:
        """Which rules produce the scores, one sentence each."""
        return (Msg.of("rules.unfinished", points=self.unfinished_part_score),)


@dataclass(frozen=True, slots=True)
class RubberState:
    """Games won (N-S, E-W) in the rubber being played, trick points below the line in the
    current game, rubbers finished, and each finished rubber's points (N-S, E-W)."""

    games: tuple[int, int] = (0, 0)
    below: tuple[int, int] = (0, 0)
    rubbers: int = 0
    finished: tuple[tuple[int, int], ...] = ()
    points: tuple[int, int] = (0, 0)  # points of the rubber being played

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        return (self.games[0] > 0, self.games[1] > 0)


@dataclass(frozen=True, slots=True)
class RubberEntry:
    """One deal on the rubber sheet: points below and above the line for (N-S, E-W), whether
    a game was won (the line drawn under it) and whether the rubber ended, with its number."""

    rubber: int
    below: tuple[int, int]
    above: tuple[int, int]
    game_won: int | None = None  # the side that won a game
    rubber_won: int | None = None  # the side that won the rubber


def _pair(side: int, mine: int, theirs: int) -> tuple[int, int]:
    return (mine, theirs) if side == 0 else (theirs, mine)


class RubberBridge(FourSeatBridge[RubberRules]):
    name = "rubber-bridge"
    title = "Rubber bridge"
    aliases = ("rubber",)
    end_kinds = ("rubbers", "open")
    default_end = EndRule("open")
    end_suggestions = (EndRule("rubbers", 1), EndRule("rubbers", 2), EndRule("rubbers", 3),
                       EndRule("open"))
    house_rules = (
        RuleInfo("unfinished_part_score", ("100", "50"), "100"),
    )

    def parse_rules(self, mapping: Mapping[str, object] | None = None) -> RubberRules:
        given = settings_from(mapping, {"unfinished_part_score": 100}, self.name)
        value = str(given.get("unfinished_part_score", 100)).strip()
        if value not in ("100", "50"):
            raise InvalidInput("unfinished_part_score", value, "is not 100 or 50")
        return RubberRules(int(value))

    def start_state(self, rules: Any) -> RubberState:
        return RubberState()

    def completed(self, state: Any) -> int:
        return int(state.rubbers)

    def vulnerability(self, state: Any, dealer: int, rules: Any) -> tuple[bool, bool]:
        vulnerable: tuple[bool, bool] = state.vulnerable
        return vulnerable

    def score_in(self, deal: BridgeDeal, rules: RubberRules, players: Sequence[str],
                 dealer: int, state: RubberState) -> tuple[DealScore, RubberState]:
        number = state.rubbers + 1
        if deal.contract is None or deal.tricks is None:
            return passed_out_score(RubberEntry(number, (0, 0), (0, 0))), state
        side = deal.side
        lines = [vul_line(state.vulnerable)]
        scored = score_rubber(deal.contract, deal.tricks, state.vulnerable[side], deal.honours)
        lines.extend(scored.lines)
        below = _pair(side, scored.declarer_below, 0)
        above = list(_pair(side, scored.declarer_above, scored.defenders_above))
        toward = list(state.below)
        games = list(state.games)
        game_won = rubber_won = None
        if scored.declarer_below:
            before, total = toward[side], toward[side] + scored.declarer_below
            toward[side] = total
            sums = f"{before} + {scored.declarer_below} = {total}"
            if total >= GAME:
                games[side] += 1
                game_won = side
                toward = [0, 0]
                lines.append(Line(Msg.of("rb.game", side=SIDE_MSGS[side], sums=sums,
                                         won=games[side], lost=games[1 - side]), total))
            else:
                lines.append(Line(Msg.of("rb.part", side=SIDE_MSGS[side], sums=sums), total))
        finished = state.finished
        rubbers = state.rubbers
        points = (below[0] + above[0], below[1] + above[1])
        rubber_points = (state.points[0] + points[0], state.points[1] + points[1])
        if game_won is not None and games[game_won] == 2:
            bonus = RUBBER_BONUS[games[1 - game_won]]
            above[game_won] += bonus
            points = _pair(game_won, points[game_won] + bonus, points[1 - game_won])
            rubber_points = _pair(game_won, rubber_points[game_won] + bonus,
                                  rubber_points[1 - game_won])
            rubber_won = game_won
            lines.append(Line(Msg.of("rb.rubber", side=SIDE_MSGS[game_won],
                                     lost=games[1 - game_won], points=bonus), bonus))
            lines.append(Line(Msg.of("rb.rubber_total", number=number, ns=rubber_points[0],
                                     ew=rubber_points[1]),
                              rubber_points[game_won] - rubber_points[1 - game_won]))
            finished = (*finished, rubber_points)
            rubbers += 1
            games, toward, rubber_points = [0, 0], [0, 0], (0, 0)
        entry = RubberEntry(number, below, (above[0], above[1]), game_won, rubber_won)
        new_state = RubberState((games[0], games[1]), (toward[0], toward[1]), rubbers, finished,
                                rubber_points)
        return (DealScore(points, tuple(lines), contract_summary(deal, players), scored.made,
                          entry), new_state)

    def score_alone(self, deal: BridgeDeal, rules: RubberRules, players: Sequence[str],
                    dealer: int, state: RubberState) -> DealScore:
        """One hand on its own, as ``scorer check rubber`` scores it (decision 123): below and
        above the line for declarer's side with the vulnerability ``state`` has, premiums
        above for the defenders; no game or rubber bonus (they belong to a rubber, which one
        hand is not)."""
        if deal.contract is None or deal.tricks is None:
            return passed_out_score(RubberEntry(1, (0, 0), (0, 0)))
        side = deal.side
        scored = score_rubber(deal.contract, deal.tricks, state.vulnerable[side], deal.honours)
        below = _pair(side, scored.declarer_below, 0)
        above = _pair(side, scored.declarer_above, scored.defenders_above)
        return DealScore(_pair(side, scored.declarer_points, scored.defenders_above),
                         (*scored.lines, *scored.alone), contract_summary(deal, players),
                         scored.made, RubberEntry(1, below, above))

    def deal_line(self, deal: BridgeDeal, players: Sequence[str],
                  score: DealScore | None = None) -> Msg | None:
        """The deal, then what it wrote below and above the line for each side, and the line
        drawn under a game."""
        what = super().deal_line(deal, players) or Msg.of("summary.passed_out")
        if deal.honours is not None:  # named, not only folded into the points above the line
            side = deal.side if deal.honours.declarer_side else 1 - deal.side
            what = Msg.of("sheet.honours", what=what, points=deal.honours.points,
                          side=SIDE_MSGS[side])
        entry = None if score is None else score.sheet
        if not isinstance(entry, RubberEntry):
            return what
        msg = Msg.of("sheet.rubber_deal", what=what, ns=SIDE_MSGS[0], ew=SIDE_MSGS[1],
                     ns_below=entry.below[0], ns_above=entry.above[0],
                     ew_below=entry.below[1], ew_above=entry.above[1])
        if entry.game_won is not None:
            msg = Msg.of("sheet.rubber_game", what=msg, side=SIDE_MSGS[entry.game_won])
        return msg

    def sheet_end(self, scores: Sequence[DealScore], closing: DealScore | None,
                  ) -> tuple[Msg, ...]:
        """Each rubber's points below and above the line per side (an unfinished rubber's
        premiums above)."""
        rubbers: dict[int, list[int]] = {}  # number -> [N-S below, N-S above, E-W below, ...]
        for score in (*scores, *((closing,) if closing is not None else ())):
            entry = score.sheet
            if not isinstance(entry, RubberEntry):
                continue
            sums = rubbers.setdefault(entry.rubber, [0, 0, 0, 0])
            for i, value in enumerate((entry.below[0], entry.above[0], entry.below[1],
                                       entry.above[1])):
                sums[i] += value
        return tuple(Msg.of("sheet.rubber_total", number=number, ns=SIDE_MSGS[0],
                            ew=SIDE_MSGS[1], ns_below=s[0], ns_above=s[1], ns_total=s[0] + s[1],
                            ew_below=s[2], ew_above=s[3], ew_total=s[2] + s[3])
                     for number, s in sorted(rubbers.items()))

    def closing(self, state: Any, rules: Any, players: Sequence[str]) -> DealScore | None:
        """Law 80: a rubber not finished when the players stop."""
        if state.games == (0, 0) and state.below == (0, 0):
            return None
        points = [0, 0]
        lines: list[Line] = []
        if state.games in ((1, 0), (0, 1)):
            side = state.games.index(1)
            points[side] += UNFINISHED_GAME
            lines.append(Line(Msg.of("rb.unfinished_game", side=SIDE_MSGS[side],
                                     points=UNFINISHED_GAME), UNFINISHED_GAME))
        holders = [i for i in (0, 1) if state.below[i] > 0]
        if len(holders) == 1:
            side = holders[0]
            value = rules.unfinished_part_score
            points[side] += value
            lines.append(Line(Msg.of("rb.unfinished_part", side=SIDE_MSGS[side],
                                     below=state.below[side], points=value), value))
        if not lines:
            lines.append(Line(Msg.of("rb.unfinished_none"), 0))
        return DealScore((points[0], points[1]), tuple(lines), Msg.of("summary.unfinished"),
                         sheet=RubberEntry(state.rubbers + 1, (0, 0), (points[0], points[1])))
