"""Duplicate boards and IMPs: dealer and vulnerability from a board number (Law 2, the
16-board cycle) and the WBF IMP scale (Law 78B). Pure, standard library only."""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from .values import InvalidInput, Line, Msg, check_int

__all__ = ["IMP_SCALE", "MAX_BOARD", "MAX_DIFF", "board_dealer", "board_vulnerable", "check_board",
           "check_diff", "imps", "imps_line"]

MAX_BOARD = 999
MAX_DIFF = 20_000  # no two results on one board differ by more (7NTXX made against down 13)

# Law 2: boards 1-16, repeated for 17-32 and so on. Index = (board - 1) % 16; (N-S, E-W).
_NONE, _NS, _EW, _ALL = (False, False), (True, False), (False, True), (True, True)
_CYCLE = (_NONE, _NS, _EW, _ALL, _NS, _EW, _ALL, _NONE,
          _EW, _ALL, _NONE, _NS, _ALL, _NONE, _NS, _EW)

# Law 78B, the WBF IMP scale: the lowest difference of each step; step i gives i IMPs.
IMP_SCALE = (0, 20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
             1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def check_board(board: object) -> int:
    return check_int("board", board, 1, MAX_BOARD)


def board_dealer(board: object) -> int:
    """The dealer's seat (0-3 = N, E, S, W): board 1 North, 2 East, 3 South, 4 West, ..."""
    return (check_board(board) - 1) % 4


def board_vulnerable(board: object) -> tuple[bool, bool]:
    """Whether (N-S, E-W) are vulnerable on ``board``."""
    return _CYCLE[(check_board(board) - 1) % 16]


def check_diff(value: object) -> int:
    """A difference between two bridge scores: a whole multiple of 10 within ±20000."""
    diff = check_int("diff", value, -MAX_DIFF, MAX_DIFF)
    if diff % 10:
        raise InvalidInput("diff", diff, "is not a multiple of 10 (every bridge score is)")
    return diff


def imps(diff: object) -> int:
    """IMPs for a difference in points (negative differences give negative IMPs)."""
    if isinstance(diff, bool) or not isinstance(diff, int):
        raise InvalidInput("diff", diff, "is not a whole number of points")
    step = bisect_right(IMP_SCALE, abs(diff)) - 1
    return step if diff >= 0 else -step


@lru_cache(maxsize=4096)
def imps_line(diff: int) -> Line:
    """The IMPs for ``diff`` with the step of the scale that gives them."""
    result = imps(diff)
    step = abs(result)
    low = IMP_SCALE[step]
    if step == len(IMP_SCALE) - 1:
        return Line(Msg.of("cb.imps_top", diff=diff, low=low, imps=result, n=step), result)
    high = IMP_SCALE[step + 1] - 10
    return Line(Msg.of("cb.imps", diff=diff, low=low, high=high, imps=result, n=step), result)
