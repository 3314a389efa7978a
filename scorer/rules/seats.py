"""The four seats of a bridge table (N, E, S, W, clockwise) and the two sides (N-S, E-W).

Pure, standard library only: reading a seat a person typed, and its name as a message.
"""

from __future__ import annotations

from .values import InvalidInput, Msg, check_int

__all__ = ["SEATS", "SIDES", "SIDE_MSGS", "seat_index", "seat_msg"]

SEATS = ("N", "E", "S", "W")
_SEAT_WORDS = ("NORTH", "EAST", "SOUTH", "WEST")  # also accepted when a seat is typed
SIDES = ("N-S", "E-W")
SIDE_MSGS = (Msg("side.NS"), Msg("side.EW"))
_SEAT_MSGS = tuple(Msg(f"seat.{seat}") for seat in SEATS)


def seat_index(text: object, field: str = "seat") -> int:
    """Seat index 0-3 from 'N', 'north', 'E', ... or an int 0-3."""
    if isinstance(text, int) and not isinstance(text, bool):
        return check_int(field, text, 0, 3)
    key = str(text).strip().upper()
    for index, (seat, word) in enumerate(zip(SEATS, _SEAT_WORDS, strict=True)):
        if key in (seat, word):
            return index
    raise InvalidInput(field, text, "is not one of N, E, S, W")


def seat_msg(seat: int) -> Msg:
    """The seat's name ('North'), to render in the player's language."""
    return _SEAT_MSGS[seat]
