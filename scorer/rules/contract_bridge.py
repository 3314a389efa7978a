"""Contract bridge scoring of one played contract: duplicate (Law 77, Laws of Duplicate Bridge
2017) and rubber (the Laws of Rubber Bridge scoring table: below and above the line, honours).

Pure, standard library only. Each score is composed of small named parts (trick score, game or
part-score bonus, slam, insult, overtricks, undertricks, honours), each of which adds explained
lines; ``score_duplicate`` and ``score_rubber`` assemble them. The values, with the Law that sets
each, are in scorer/assets/rules/contract-bridge.md (and its worked examples are the tests').
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .contract import Contract, ContractScore, Doubling, Strain, check_tricks, result_msg
from .values import InvalidInput, Line, Msg

__all__ = [
    "DOUBLED_OVERTRICK",
    "GAME",
    "GAME_BONUS",
    "GRAND_SLAM",
    "HONOURS",
    "INSULT",
    "PART_SCORE_BONUS",
    "SMALL_SLAM",
    "UNDOUBLED_UNDERTRICK",
    "insult",
    "overtricks",
    "slam_bonus",
    "undertrick_steps",
    "Honours",
    "RubberScore",
    "game_bonus",
    "score_duplicate",
    "score_rubber",
    "sum_line",
    "trick_score",
    "undertrick_penalty",
    "vul_msg",
]

GAME = 100  # trick points that make a game (Law 77: "100 points or more ... is GAME")
PART_SCORE_BONUS = 50
GAME_BONUS = (300, 500)  # (not vulnerable, vulnerable)
SMALL_SLAM = (500, 750)
GRAND_SLAM = (1000, 1500)
INSULT = {Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
DOUBLED_OVERTRICK = (100, 200)  # redoubled: twice these
UNDOUBLED_UNDERTRICK = (50, 100)
HONOURS = (100, 150)

_DOUBLING_MSG = {d: Msg(f"cb.{w}") for d, w in zip(
    Doubling, ("undoubled", "doubled", "redoubled"), strict=True)}
_DOUBLING_WORD = {Doubling.UNDOUBLED: "undoubled", Doubling.DOUBLED: "doubled",
                  Doubling.REDOUBLED: "redoubled"}


def vul_msg(vulnerable: bool) -> Msg:
    return Msg("cb.vul") if vulnerable else Msg("cb.nonvul")


# --- the parts -------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def trick_score(contract: Contract) -> tuple[int, tuple[Line, ...]]:
    """Trick points of the odd tricks bid and made (Law 77 trick score): C/D 20, H/S 30,
    NT 40 then 30; doubled ×2, redoubled ×4. Overtricks are not trick score."""
    level, strain = contract.level, contract.strain
    named = f"{level}{strain.abbr}"
    if strain is Strain.NOTRUMP:
        base = 40 + 30 * (level - 1)
        if level == 1:
            line = Line(Msg.of("cb.trick_nt_one", contract=named), base)
        else:
            line = Line(Msg.of("cb.trick_nt", contract=named, later=level - 1, points=base),
                        base)
    else:
        value = strain.later_tricks
        base = level * value
        line = Line(Msg.of("cb.trick_suit", contract=named, n=level, value=value, points=base),
                    base)
    doubling = contract.doubling
    if doubling is Doubling.UNDOUBLED:
        return base, (line,)
    points = base * doubling.multiplier
    word = _DOUBLING_WORD[doubling]
    return points, (line, Line(Msg.of(f"line.{word}", points=base, result=points), points))


@lru_cache(maxsize=512)
def game_bonus(trick: int, vulnerable: bool) -> Line:
    """Duplicate: 300/500 for a game (trick score 100 or more), else 50 for a part score."""
    if trick >= GAME:
        points = GAME_BONUS[vulnerable]
        return Line(Msg.of("cb.game", trick=trick, vul=vul_msg(vulnerable), points=points),
                    points)
    return Line(Msg.of("cb.part", trick=trick, points=PART_SCORE_BONUS), PART_SCORE_BONUS)


@lru_cache(maxsize=512)
def slam_bonus(contract: Contract, vulnerable: bool) -> tuple[Line, ...]:
    if contract.level < 6:
        return ()
    grand = contract.level == 7
    points = (GRAND_SLAM if grand else SMALL_SLAM)[vulnerable]
    name = "grand" if grand else "small"
    return (Line(Msg.of(f"cb.{name}_slam", vul=vul_msg(vulnerable), points=points), points),)


@lru_cache(maxsize=512)
def insult(contract: Contract) -> tuple[Line, ...]:
    """50 for making a doubled contract, 100 for a redoubled one."""
    points = INSULT.get(contract.doubling)
    if points is None:
        return ()
    word = _DOUBLING_WORD[contract.doubling]
    return (Line(Msg.of(f"cb.insult_{word}", points=points), points),)


@lru_cache(maxsize=2048)
def overtricks(contract: Contract, over: int, vulnerable: bool) -> tuple[Line, ...]:
    """Undoubled: trick value each (30 in no-trump); doubled 100/200; redoubled 200/400."""
    if over <= 0:
        return ()
    doubling = contract.doubling
    if doubling is Doubling.UNDOUBLED:
        value = contract.strain.later_tricks
        points = over * value
        return (Line(Msg.of("cb.over_plain", n=over, value=value, points=points), points),)
    each = DOUBLED_OVERTRICK[vulnerable] * (doubling.multiplier // 2)
    points = over * each
    name = _DOUBLING_WORD[doubling]
    return (Line(Msg.of(f"cb.over_{name}", n=over, vul=vul_msg(vulnerable), each=each,
                        points=points), points),)


def undertrick_steps(down: int, doubling: Doubling, vulnerable: bool,
                     ) -> list[tuple[int, int, int]]:
    """The penalty as (first, last, points each) runs of undertricks: undoubled 50/100 each;
    doubled not vulnerable 100, 200, 200, then 300 each; doubled vulnerable 200, then 300 each;
    redoubled twice doubled."""
    if doubling is Doubling.UNDOUBLED:
        return [(1, down, UNDOUBLED_UNDERTRICK[vulnerable])]
    factor = doubling.multiplier // 2
    if vulnerable:
        runs = [(1, 1, 200), (2, down, 300)]
    else:
        runs = [(1, 1, 100), (2, min(3, down), 200), (4, down, 300)]
    return [(a, b, each * factor) for a, b, each in runs if b >= a]


@lru_cache(maxsize=2048)
def undertrick_penalty(contract: Contract, down: int, vulnerable: bool,
                       ) -> tuple[int, tuple[Line, ...]]:
    lines: list[Line] = []
    total = 0
    for first, last, each in undertrick_steps(down, contract.doubling, vulnerable):
        n = last - first + 1
        points = n * each
        total += points
        lines.append(Line(Msg.of(
            "cb.under", n=n, first=first, last=last, doubling=_DOUBLING_MSG[contract.doubling],
            vul=vul_msg(vulnerable), each=each, points=points), points))
    return total, tuple(lines)


def _down_line(contract: Contract, tricks: int) -> Line:
    needed = contract.tricks_needed
    down = needed - tricks
    return Line(Msg.of("cb.down", contract=str(contract), needed=needed, tricks=tricks,
                       down=down), down)


def sum_line(key: str, parts: list[int], single_key: str) -> Line:
    """The line that adds up a side's parts ('... scores 240 + 500 + 50 = 790')."""
    total = sum(parts)
    if len(parts) == 1:
        return Line(Msg.of(single_key, points=total), total)
    shown = " + ".join(str(p) for p in parts)
    return Line(Msg.of(key, sum=shown, points=total), total)


# --- duplicate -------------------------------------------------------------------------------


def score_duplicate(contract: Contract, tricks: int, vulnerable: bool) -> ContractScore:
    """Score one contract by Law 77 (duplicate): the declarer's side's score when made, the
    defenders' when failed; with every line of the arithmetic."""
    return _score_duplicate(contract, check_tricks(tricks), bool(vulnerable))


@lru_cache(maxsize=4096)
def _score_duplicate(contract: Contract, tricks: int, vulnerable: bool) -> ContractScore:
    """Scores are immutable values, so each (contract, tricks, vulnerability) is scored once."""
    needed = contract.tricks_needed
    if tricks < needed:
        penalty, penalty_lines = undertrick_penalty(contract, needed - tricks, vulnerable)
        parts = [line.points for line in penalty_lines]
        lines = [_down_line(contract, tricks), *penalty_lines]
        lines.append(sum_line("cb.defenders_sum", parts, "line.defenders_score"))
        return ContractScore(contract, tricks, False, 0, penalty, tuple(lines))
    trick, trick_lines = trick_score(contract)
    lines = list(trick_lines)
    parts = [trick]
    for part in (game_bonus(trick, vulnerable), *slam_bonus(contract, vulnerable),
                 *insult(contract), *overtricks(contract, tricks - needed, vulnerable)):
        lines.append(part)
        parts.append(part.points)
    total = sum_line("cb.declarer_sum", parts, "line.declarer_scores")
    lines.append(total)
    return ContractScore(contract, tricks, True, total.points, 0, tuple(lines))


# --- rubber ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours held in one hand (rubber bridge): 100 for four of the five trump honours,
    150 for all five, or for all four aces at no-trump; scored by the side that held them,
    declarer's side or the defenders, whatever the result."""

    declarer_side: bool
    points: int

    def __post_init__(self) -> None:
        if self.points not in HONOURS:
            raise InvalidInput("honors", self.points, "is not 100 or 150")

    @classmethod
    def parse(cls, text: str) -> Honours:
        """Read ``declarer:100``, ``defenders:150``."""
        side, _, points = str(text).strip().lower().partition(":")
        allowed = "is not one of declarer:100, declarer:150, defenders:100, defenders:150"
        if side not in ("declarer", "defenders") or points not in ("100", "150"):
            raise InvalidInput("honors", text, allowed)
        return cls(side == "declarer", int(points))

    def check(self, contract: Contract) -> Honours:
        if contract.strain is Strain.NOTRUMP and self.points != 150:
            raise InvalidInput("honors", str(self), "is not allowed at no-trump (only the four "
                               "aces in one hand score: 150)")
        return self

    def line(self, contract: Contract) -> Line:
        side_msg = Msg("cb.side_declarer" if self.declarer_side else "cb.side_defenders")
        if contract.strain is Strain.NOTRUMP:
            key = "cb.honors_aces"  # all four aces in one hand at no-trump
        elif self.points == 150:
            key = "cb.honors_five"  # all five trump honours in one hand
        else:
            key = "cb.honors_four"  # four of the five trump honours in one hand
        return Line(Msg.of(key, side=side_msg, points=self.points), self.points)

    def __str__(self) -> str:
        return f"{'declarer' if self.declarer_side else 'defenders'}:{self.points}"


@dataclass(frozen=True, slots=True)
class RubberScore:
    """One contract scored for a rubber sheet: trick points below the line for declarer's
    side, premium points above the line for each side, and why."""

    contract: Contract
    tricks: int
    made: bool
    declarer_below: int
    declarer_above: int
    defenders_above: int
    lines: tuple[Line, ...]

    @property
    def declarer_points(self) -> int:
        """What the hand alone gives declarer's side: below and above the line."""
        return self.declarer_below + self.declarer_above

    @property
    def alone(self) -> tuple[Line, ...]:
        """The lines that close one hand scored on its own (``scorer check rubber``, Check a
        score): a hand is not a rubber, so no game or rubber bonus is in its points, and a
        line says what its trick score does in one (decision 123); then declarer's side's
        points, below and above the line together, where it has any."""
        lines: list[Line] = []
        if self.declarer_below:
            key = "cb.hand_game" if self.declarer_below >= GAME else "cb.hand_part"
            lines.append(Line(Msg.of(key, below=self.declarer_below), 0))
        if self.declarer_points:
            lines.append(Line(Msg.of("cb.hand_total", below=self.declarer_below,
                                     above=self.declarer_above, points=self.declarer_points),
                              self.declarer_points))
        return tuple(lines)

    def to_dict(self) -> dict[str, object]:
        """The figures as ``scorer check --json`` names them (``declarer`` and ``defenders``:
        each side's points from this hand alone, as for a duplicate hand)."""
        return {
            "made": self.made,
            "declarer": self.declarer_points,
            "defenders": self.defenders_above,
            "declarer_below": self.declarer_below,
            "declarer_above": self.declarer_above,
            "defenders_above": self.defenders_above,
        }

    @property
    def result(self) -> Msg:
        """'made', 'made +2' or 'down 3', as said at the table."""
        return result_msg(self.contract, self.tricks)


def score_rubber(contract: Contract, tricks: int, vulnerable: bool,
                 honours: Honours | None = None) -> RubberScore:
    """Score one contract for a rubber sheet. No game or part-score bonus: games are counted
    below the line and the rubber bonus (scored by the rubber, not the deal) rewards them."""
    tricks = check_tricks(tricks)
    if honours is not None:
        honours.check(contract)
    return _score_rubber(contract, tricks, bool(vulnerable), honours)


@lru_cache(maxsize=4096)
def _score_rubber(contract: Contract, tricks: int, vulnerable: bool,
                  honours: Honours | None) -> RubberScore:
    needed = contract.tricks_needed
    lines: list[Line] = []
    below = 0
    above: list[int] = []
    defenders: list[int] = []
    if tricks < needed:
        lines.append(_down_line(contract, tricks))
        _, penalty = undertrick_penalty(contract, needed - tricks, vulnerable)
        lines.extend(penalty)
        defenders.extend(line.points for line in penalty)
    else:
        below, trick_lines = trick_score(contract)
        lines.extend(trick_lines)
        lines.append(Line(Msg.of("cb.below", points=below), below))
        for part in (*overtricks(contract, tricks - needed, vulnerable),
                     *slam_bonus(contract, vulnerable), *insult(contract)):
            lines.append(part)
            above.append(part.points)
    if honours is not None:
        lines.append(honours.line(contract))
        (above if honours.declarer_side else defenders).append(honours.points)
    if above:
        lines.append(sum_line("cb.above_declarer", above, "cb.above_declarer_one"))
    if defenders:
        lines.append(sum_line("cb.above_defenders", defenders, "cb.above_defenders_one"))
    return RubberScore(contract, tricks, tricks >= needed, below, sum(above), sum(defenders),
                       tuple(lines))
