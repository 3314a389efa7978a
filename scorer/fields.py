"""The checks of what a player types into a game and what a stored game is named by: player
names (cleaned and checked), game ids, stored times. Pure, standard library only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from .rules import InvalidInput, Variant
from .rules.values import HIDDEN, Msg, check_int, clean_name, hidden_character

__all__ = ["HIDDEN", "MAX_NAME", "check_game_id", "check_players", "check_time", "check_type_name",
           "check_whole", "clean_name", "moment"]

MAX_NAME = 40


def check_time(field: str, value: object, required: bool = True) -> str:
    """An ISO 8601 time, as given (``datetime.fromisoformat`` must read it). Missing (None or
    '') is allowed where not ``required`` and gives ''."""
    if value in (None, "") and not required:
        return ""
    if not isinstance(value, str) or len(value) > 40:
        raise InvalidInput(field, value, "is not an ISO 8601 time")
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise InvalidInput(field, value, "is not an ISO 8601 time") from None
    return value


def moment(stamp: str) -> datetime | None:
    """A time checked by :func:`check_time` as a moment (no zone given: UTC); None where it is
    missing."""
    if not stamp:
        return None
    found = datetime.fromisoformat(stamp)
    return found if found.tzinfo is not None else found.replace(tzinfo=UTC)


# Names Windows keeps for devices, whatever the case and the extension: a game file named
# con.json cannot be made or copied there (issue 30). COM0 and LPT0 are reserved too.
RESERVED_IDS = frozenset({"con", "prn", "aux", "nul",
                          *(f"{port}{n}" for port in ("com", "lpt") for n in range(10))})


def check_game_id(value: object) -> str:
    """A game id: 1-64 letters, digits, '-' or '_', the first a letter or digit (it names the
    game's file, and a command line never takes it for an option: `--all`, `-rf`), and not a
    name Windows keeps for a device (CON, NUL, COM1, ...)."""
    if (not isinstance(value, str) or not 1 <= len(value) <= 64
            or not all(c.isascii() and (c.isalnum() or c in "-_") for c in value)
            or not value[0].isalnum()):
        raise InvalidInput("id", value, "is not 1-64 letters, digits, - or _ beginning with a "
                                        "letter or digit")
    if value.casefold() in RESERVED_IDS:
        raise InvalidInput("id", value, "is a name Windows keeps for a device (CON, PRN, AUX, "
                           "NUL, COM0-COM9, LPT0-LPT9) and cannot name a game's file")
    return value


def check_players(v: Variant[Any, Any], players: object) -> tuple[str, ...]:
    """Player names: as many as the game seats, each 1-40 visible characters (NFC, inner
    spaces collapsed; control and format characters refused), no two alike ignoring case."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise InvalidInput("players", players, f"is not a list of {v.player_count} names",
                           Msg.of("error.player_count", n=v.player_count))
    if len(players) != v.player_count:
        raise InvalidInput("players", len(players),
                           f"is the wrong number of players; {v.title} has {v.player_count}",
                           Msg.of("error.player_count", n=v.player_count))
    names = []
    for i, raw in enumerate(players):
        name = clean_name(raw) if isinstance(raw, str) else ""
        if not name:
            raise InvalidInput(f"player {i + 1}", raw, "is empty; give every player a name",
                               Msg.of("error.name_empty", player=i + 1))
        hidden = hidden_character(name)
        if hidden is not None:
            code = f"U+{ord(hidden):04X}"
            raise InvalidInput(f"player {i + 1}", name.encode("unicode_escape").decode("ascii"),
                               f"contains an invisible or control character ({code}); "
                               "names may hold only visible characters and spaces",
                               Msg.of("error.name_hidden", player=i + 1, code=code))
        if len(name) > MAX_NAME:
            raise InvalidInput(f"player {i + 1}", name,
                               f"is longer than {MAX_NAME} characters",
                               Msg.of("error.name_long", player=i + 1, n=MAX_NAME))
        names.append(name)
    seen = {n.casefold() for n in names}
    if len(seen) != len(names):
        raise InvalidInput("players", names, "has the same name twice; names must differ",
                           Msg.of("error.name_twice"))
    return tuple(names)


def check_whole(field: str, value: object, low: int, high: int) -> int:
    """A stored whole number (exactly an int: not a bool, not a float) from low to high."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(field, value, f"is not a whole number between {low} and {high}")
    return check_int(field, value, low, high)


def check_type_name(data: Mapping[str, Any], name: str) -> str:
    """The name of a game's type as stored (``data[name]``), text and not blank."""
    value = data.get(name)
    if value is None:  # 'variant: missing is missing or not text' said it twice (issue 30)
        raise InvalidInput(name, None, "(every game names its type, e.g. draw-bridge)")
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(name, value, "is not the name of a game type, e.g. draw-bridge")
    return str(value)
