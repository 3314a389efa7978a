"""Scoring one board of a pairs session from its N-S scores: matchpoints (2 for each result
beaten and 1 for each tie, or the ACBL's 1 and 1/2), Neuberg's formula where the board was
played fewer times than expected, artificial adjusted scores (Law 12C2: average plus 60%,
average 50%, average minus 40% of the top), cross-IMPs and Butler IMPs against a datum, all
with the lines that explain each number. Numbers are exact fractions; :func:`decimal` shows
them (decision 274).

Pure, standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from ..boards import MAX_DIFF, imps
from ..values import InvalidInput, Line, Msg

__all__ = ["ADJUSTED", "IMP_ADJUSTED", "SCALES", "Adjusted", "BoardScore", "ResultScore",
           "butler", "butler_datum", "check_scores", "cross_imps", "decimal", "imp_adjusted",
           "imps_msg", "imps_unmatched", "matchpoints", "percent", "round_datum"]

SCALES = ("wbf", "acbl")  # 2 and 1 (WBF, EBU and most of the world), or 1 and 1/2 (ACBL)
ADJUSTED = {"A+": 60, "A": 50, "A-": 40}  # percentages of the top (Law 12C2)
IMP_ADJUSTED = {"A+": 3, "A": 0, "A-": -3}  # the same at IMPs (Law 12C2(c))
BUTLER_TRIM_FROM = 5  # from 5 results, the top and bottom are left out of the datum
MAX_SCORE = MAX_DIFF // 2  # a board's N-S score: 7NTXX made or down 13 is within 10000


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score for a board not played (Law 12C2): each side's award,
    A+ (60%), A (50%) or A- (40%)."""

    ns: str
    ew: str

    def __post_init__(self) -> None:
        for field, value in (("adjusted N-S", self.ns), ("adjusted E-W", self.ew)):
            if value not in ADJUSTED:
                raise InvalidInput(field, value, "is not A+, A or A-")

    def __str__(self) -> str:
        return f"{self.ns}/{self.ew}"

    @classmethod
    def parse(cls, text: str) -> Adjusted:
        """'A+/A-', 'A/A' or one award for both sides ('A')."""
        ns, _, ew = str(text).strip().upper().partition("/")
        return cls(ns.strip(), (ew or ns).strip())


Result = int | Adjusted


@dataclass(frozen=True, slots=True)
class ResultScore:
    """One table's result on the board scored: what N-S and E-W get, with its lines."""

    ns_score: int | None  # None: an artificial adjusted score
    ns: Fraction
    ew: Fraction
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class BoardScore:
    """Every result of one board scored, in the order given, and what a board is worth: the
    top in matchpoints (None at IMPs), the datum of a Butler board."""

    method: str
    results: tuple[ResultScore, ...]
    top: Fraction | None = None
    datum: int | None = None
    lines: tuple[Line, ...] = ()


def imps_msg(value: Fraction | int) -> Msg:
    """'11 IMPs', '1 IMP', '10.5 IMPs': a count of IMPs as a table writes it, the word's
    plural chosen by the number shown (decision 478)."""
    return Msg.of("pairs.imps_n", n=Decimal(decimal(Fraction(value))))


def decimal(value: Fraction, places: int = 2) -> str:
    """A number as a table writes it: whole numbers plain, others to ``places`` decimals
    (halves rounded up, away from zero), trailing zeros dropped: 19.9, 2.5, 3.67, -3.6."""
    if value.denominator == 1:
        return str(value.numerator)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    shown = exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    text = format(shown, "f").rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def percent(got: Fraction, top: Fraction) -> Fraction:
    """``got`` as a percentage of ``top`` (exact)."""
    return Fraction(0) if top == 0 else got * 100 / top


def check_scores(scores: Sequence[object], least: int = 1) -> list[Result]:
    """N-S scores (whole multiples of 10 within ±10000) or adjusted scores, as given."""
    checked: list[Result] = []
    for index, score in enumerate(scores, start=1):
        if isinstance(score, Adjusted):
            checked.append(score)
            continue
        if isinstance(score, bool) or not isinstance(score, int):
            raise InvalidInput(f"score {index}", score, "is not a whole number of points")
        if not -MAX_SCORE <= score <= MAX_SCORE or score % 10:
            raise InvalidInput(f"score {index}", score, f"is not a multiple of 10 between "
                               f"-{MAX_SCORE} and {MAX_SCORE}",
                               Msg.of("pairs.error_score", index=index, value=score,
                                      most=MAX_SCORE))
        checked.append(score)
    if len(checked) < least:
        raise InvalidInput("scores", len(checked), f"is too few results (at least {least})",
                           Msg.of("pairs.error_few", n=least))
    return checked


def _scale(scale: str) -> int:
    if scale not in SCALES:
        raise InvalidInput("scale", scale, "is not wbf or acbl",
                           Msg.of("pairs.error_scale", value=scale))
    return 2 if scale == "wbf" else 1


def matchpoints(scores: Sequence[object], scale: str = "wbf",
                expected: int | None = None) -> BoardScore:
    """Matchpoint one board: ``scores`` are its N-S scores (ints) or artificial adjusted
    scores; ``expected`` the number of results a board of the session has (by default as many
    as given). The real results are compared with each other; where there are fewer of them
    than expected they are factored by Neuberg's formula; an adjusted score gets its
    percentage of the top. E-W get the top less N-S."""
    unit = _scale(scale)
    results = check_scores(scores)
    wanted = len(results) if expected is None else expected
    if wanted < len(results):
        raise InvalidInput("expected", expected, f"is fewer than the {len(results)} results")
    if wanted < 2:
        raise InvalidInput("scores", wanted, "is too few results (at least 2)",
                           Msg.of("pairs.error_few", n=2))
    top = Fraction(unit * (wanted - 1))
    real = [s for s in results if isinstance(s, int)]
    half = Fraction(unit, 2)  # what a tie is worth
    scored = []
    for score in results:
        if isinstance(score, Adjusted):
            ns, ew = top * ADJUSTED[score.ns] / 100, top * ADJUSTED[score.ew] / 100
            adjusted = Line(Msg.of("pairs.adjusted", ns=score.ns, ns_pct=ADJUSTED[score.ns],
                                   ew=score.ew, ew_pct=ADJUSTED[score.ew], top=decimal(top),
                                   ns_mp=decimal(ns), ew_mp=decimal(ew)), 0)
            scored.append(ResultScore(None, ns, ew, (adjusted,)))
            continue
        beaten = sum(1 for other in real if other < score)
        tied = sum(1 for other in real if other == score) - 1
        raw = unit * beaten + half * tied
        line_key = "pairs.mp_wbf" if unit == 2 else "pairs.mp_acbl"
        raw_top = unit * (len(real) - 1)
        lines = [Line(Msg.of(line_key, score=score, beaten=beaten, tied=tied,
                             mp=decimal(raw), top=decimal(Fraction(raw_top))), 0)]
        ns = raw
        if len(real) < wanted:
            ns = (raw + half) * wanted / len(real) - half
            lines.append(Line(Msg.of("pairs.neuberg", mp=decimal(raw), half=decimal(half),
                                     expected=wanted, played=len(real), n=len(real),
                                     result=decimal(ns),
                                     top=decimal(top)), 0))
        ew = top - ns
        lines.append(Line(Msg.of("pairs.ew_mp", top=decimal(top), ns=decimal(ns),
                                 ew=decimal(ew)), 0))
        scored.append(ResultScore(score, ns, ew, tuple(lines)))
    return BoardScore("matchpoints", tuple(scored), top)


def cross_imps(scores: Sequence[object]) -> BoardScore:
    """Cross-IMPs: each N-S score against every other real result, by the WBF scale; a
    result's score is the average of its comparisons (E-W: the negative). An adjusted score
    gets +3, 0 or -3 IMPs (Law 12C2)."""
    results = check_scores(scores, least=2)
    real = [s for s in results if isinstance(s, int)]
    scored = []
    for index, score in enumerate(results):
        if isinstance(score, Adjusted):
            scored.append(imp_adjusted(score))
            continue
        others = [o for i, o in enumerate(results) if i != index and isinstance(o, int)]
        lines = [Line(Msg.of("pairs.cross_one", score=score, other=other, diff=score - other,
                             imps=imps_msg(imps(score - other))), imps(score - other))
                 for other in others]
        total = sum(line.points for line in lines)
        ns = Fraction(total, len(others)) if others else Fraction(0)
        lines.append(Line(Msg.of("pairs.cross_total", total=imps_msg(total), n=len(others),
                                 result=decimal(ns)), total))
        scored.append(ResultScore(score, ns, -ns, tuple(lines)))
    if len(real) < 2:
        raise InvalidInput("scores", len(real), "is too few results played (at least 2)",
                           Msg.of("pairs.error_few", n=2))
    return BoardScore("cross-imps", tuple(scored))


def imp_adjusted(score: Adjusted) -> ResultScore:
    """An artificial adjusted score at IMPs: +3, 0 or -3 for each side (Law 12C2)."""
    ns, ew = IMP_ADJUSTED[score.ns], IMP_ADJUSTED[score.ew]
    line = Line(Msg.of("pairs.adjusted_imps", ns=score.ns, ew=score.ew, ns_imps=imps_msg(ns),
                       ew_imps=imps_msg(ew)), ns)
    return ResultScore(None, Fraction(ns), Fraction(ew), (line,))


def imps_unmatched(scores: Sequence[object], method: str) -> BoardScore:
    """A board at IMPs with fewer than two results played (so far): the played one has
    nothing to be compared with yet (0), adjusted scores get their IMPs."""
    scored = [imp_adjusted(s) if isinstance(s, Adjusted) else
              ResultScore(s, Fraction(0), Fraction(0),
                          (Line(Msg.of("pairs.no_comparison", score=s), 0),))
              for s in check_scores(scores)]
    return BoardScore(method, tuple(scored))


def round_datum(mean: Fraction) -> int:
    """A datum to the nearest 10 points, an exact half (a mean ending in 5) away from zero."""
    tens = abs(mean) / 10
    whole = int(tens) + (1 if tens - int(tens) >= Fraction(1, 2) else 0)
    return whole * 10 * (1 if mean >= 0 else -1)


def butler_datum(scores: Sequence[int], trim: bool | None = None) -> tuple[int, Line]:
    """The datum: the mean of the N-S scores, without the top and bottom one where there are
    at least five (``trim`` forces either way), rounded to the nearest 10."""
    kept = sorted(scores)
    trimmed = len(kept) >= BUTLER_TRIM_FROM if trim is None else trim
    if trimmed:
        kept = kept[1:-1]
    mean = Fraction(sum(kept), len(kept))
    datum = round_datum(mean)
    key = "pairs.datum_trimmed" if trimmed else "pairs.datum_mean"
    return datum, Line(Msg.of(key, total=sum(kept), n=len(kept), mean=decimal(mean),
                              datum=datum), datum)


def butler(scores: Sequence[object], trim: bool | None = None) -> BoardScore:
    """Butler IMPs: each N-S score against the datum, by the WBF scale (E-W the negative)."""
    results = check_scores(scores, least=2)
    real = [s for s in results if isinstance(s, int)]
    if len(real) < 2:
        raise InvalidInput("scores", len(real), "is too few results played (at least 2)",
                           Msg.of("pairs.error_few", n=2))
    datum, datum_line = butler_datum(real, trim)
    scored = []
    for score in results:
        if isinstance(score, Adjusted):
            scored.append(imp_adjusted(score))
            continue
        won = imps(score - datum)
        line = Line(Msg.of("pairs.butler_one", score=score, datum=datum, diff=score - datum,
                           imps=imps_msg(won)), won)
        scored.append(ResultScore(score, Fraction(won), Fraction(-won), (line,)))
    return BoardScore("butler", tuple(scored), None, datum, (datum_line,))
