"""`scorer check duplicate | rubber | imps`: one contract bridge hand outside a game (a duplicate
score, a rubber bridge score with honours, or a difference in points as IMPs). Each mode reads
its options as a variant's ``check_hand`` does and answers a :class:`~.base.HandCheck`, so the
command line only reads options and prints (decision 174)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .boards import board_dealer, board_vulnerable, check_board, check_diff, imps_line
from .contract_bridge import Honours, score_duplicate, score_rubber, vul_msg
from .contract_deals import contract_check, option_contract
from .parts import HandCheck
from .seats import seat_index, seat_msg
from .values import InvalidInput, Line, Msg

__all__ = ["CHECK_MODES", "CheckMode"]

Options = Mapping[str, str | None]


@dataclass(frozen=True)
class CheckMode:
    """A way to check one contract bridge hand: the options it reads (their names without
    dashes) and what it makes of them (None where an option was not given)."""

    name: str
    check_options: tuple[str, ...]
    check_hand: Callable[[Options], HandCheck]


def _yes_no(field: str, value: str | None) -> bool:
    text = (value or "").strip().lower()
    if text not in ("yes", "no"):
        raise InvalidInput(field, value, "is not yes or no")
    return text == "yes"


def _vulnerable(options: Options) -> tuple[bool, list[Line]]:
    """Declarer's side's vulnerability: --vulnerable, or --board with --declarer (Law 2), with
    the line that says what the board set."""
    board_text, declarer, vulnerable = (options.get("board"), options.get("declarer"),
                                        options.get("vulnerable"))
    if board_text is None and declarer is None:
        if vulnerable is None:
            raise InvalidInput("vulnerable", None, "(give --vulnerable yes|no, or --board N "
                               "--declarer N|E|S|W)")
        return _yes_no("vulnerable", vulnerable), []
    if vulnerable is not None:
        raise InvalidInput("--vulnerable", vulnerable,
                           "is not allowed with --board (the board sets the vulnerability)")
    if board_text is None:
        raise InvalidInput("board", None, "(--declarer needs --board N, 1 to 999)")
    if declarer is None:
        raise InvalidInput("declarer", None, "(--board needs --declarer N, E, S or W)")
    board = check_board(board_text)
    seat = seat_index(declarer, "declarer")
    vul = board_vulnerable(board)[seat % 2]
    line = Line(Msg.of("cb.board", board=board, dealer=seat_msg(board_dealer(board)),
                       declarer=seat_msg(seat), vul=vul_msg(vul)), 0)
    return vul, [line]


def _duplicate(options: Options) -> HandCheck:
    contract, tricks = option_contract(options, "4HX or 3NT")
    vulnerable, board_lines = _vulnerable(options)
    return contract_check(score_duplicate(contract, tricks, vulnerable),
                                 before=board_lines)


def _rubber(options: Options) -> HandCheck:
    contract, tricks = option_contract(options, "4HX or 3NT")
    if options.get("vulnerable") is None:
        raise InvalidInput("vulnerable", None, "(give --vulnerable yes|no)")
    honors = options.get("honors")
    honours = None if honors is None else Honours.parse(honors)
    rubber = score_rubber(contract, tricks, _yes_no("vulnerable", options.get("vulnerable")),
                          honours)
    summary = Msg.of("cli.result_rubber", result=rubber.result, total=rubber.declarer_points,
                     below=rubber.declarer_below, above=rubber.declarer_above,
                     defenders=rubber.defenders_above)
    return HandCheck(rubber.to_dict(), (*rubber.lines, *rubber.alone), rubber.result,
                     summary=summary)


def _imps(options: Options) -> HandCheck:
    diff = options.get("diff")
    if diff is None:
        raise InvalidInput("diff", None, "(give --diff, the difference in points, e.g. 470)")
    line = imps_line(check_diff(diff))
    return HandCheck({"imps": line.points}, summary=line.msg)


CHECK_MODES: dict[str, CheckMode] = {mode.name: mode for mode in (
    CheckMode("duplicate", ("contract", "tricks", "vulnerable", "board", "declarer"),
              _duplicate),
    CheckMode("rubber", ("contract", "tricks", "vulnerable", "honors"), _rubber),
    CheckMode("imps", ("diff",), _imps),
)}
