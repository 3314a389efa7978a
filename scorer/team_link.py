"""A team match's other table as an address (issue 32, item 2), as games travel today: the
other table's phone shows its results as a QR code, the match's phone opens it and merges
(``store.rooms.merge``: the same result is one, a difference a conflict, nothing overwritten).

``<data>`` is made as a game's link is (:mod:`scorer.link`: version, ``~``, base64url of raw
deflate) and read with the same caps; it carries ``{"match": <the match's id>, "names": [two
names], "room": RoomResults.to_dict()}``, read back through the core's checks. The match's
phone gives the other table the same kind of link with no results yet (``/r/<data>`` too):
its phone then keeps the match's id and team names and enters its boards.
"""

from __future__ import annotations

from dataclasses import dataclass

from .fields import check_game_id
from .link import InvalidLink, decode, fitted, pack, start_of
from .rules import InvalidInput
from .rules.team_rooms import RoomResults
from .rules.values import Msg
from .store.errors import InvalidImport
from .store.transfer import load_document

__all__ = ["ROOM_ROUTE", "RoomLink", "encode_room", "read_room_link", "room_link"]

ROOM_ROUTE = "/r/"


@dataclass(frozen=True)
class RoomLink:
    """What a link carries: the match, its teams, and one table's results."""

    match: str
    teams: tuple[str, str]
    room: RoomResults


def encode_room(match: str, teams: tuple[str, str], room: RoomResults) -> str:
    doc = {"match": match, "names": list(teams), "room": room.to_dict()}
    return pack(doc)


def room_link(match: str, teams: tuple[str, str], room: RoomResults, site_url: str,
              fragment: bool = True) -> str:
    """The address of ``site_url`` carrying the table's results (``#/r/<data>``; ``fragment``
    False: ``/r/<data>``, for ``scorer serve``). InvalidInput when it does not fit."""
    return fitted(start_of(site_url, ROOM_ROUTE, fragment) + encode_room(match, teams, room),
                  "results", match, "do not")


def read_room_link(data: str) -> RoomLink:
    """The table's results a link's ``<data>`` carries, every step capped and checked;
    InvalidLink (one sentence) otherwise. Nothing is stored."""
    raw = decode(data.strip())
    try:
        doc = load_document(raw)
    except InvalidImport as error:
        raise InvalidLink("link", "data", error.allowed, Msg.of("link.not_game")) from None
    try:
        if not isinstance(doc, dict):
            raise InvalidInput("link", type(doc).__name__, "is a table's results")
        match = check_game_id(doc.get("match"))
        teams = doc.get("names")
        if not isinstance(teams, list) or len(teams) != 2 \
                or not all(isinstance(t, str) and 0 < len(t) <= 40 for t in teams):
            raise InvalidInput("names", teams, "are the two teams' names")
        room = RoomResults.from_dict(doc.get("room"))
    except (InvalidInput, TypeError, AttributeError, KeyError) as error:
        raise InvalidLink("link", "data", f"is not a team match's table ({error})",
                          Msg.of("rooms.link_not")) from None
    return RoomLink(match, (teams[0], teams[1]), room)
