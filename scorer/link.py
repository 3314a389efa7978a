"""A game as an address: the whole game in the fragment of the site's address
(``https://HOST/PATH/#/g/<data>``), so that a QR code or a link carries it from phone to phone
with no network.

``<data>`` is ``<version>~<base64url>``: the version of this encoding, a tilde, then the game's
JSON (as :meth:`Game.to_dict` writes it, without what a re-score derives: each deal's points,
the storage revision) compressed with raw deflate (zlib, no header) against the preset
dictionary of that version, in base64url without padding. A later Scorer keeps reading the
versions it has read before (:data:`DICTIONARIES`).

Reading a link is an import: the data is checked at every step with a cap on what it may cost
(its length, the inflated size, nesting), then the game goes through every check of an import
file (:func:`scorer.store.transfer.parse_games`). A link that fails says so in one sentence
(:class:`InvalidLink`, a Msg); nothing is written by reading one.

No UI here: the app's screens and the command line call :func:`link_for` and :func:`read_link`.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from .game import Game
from .rules import InvalidInput
from .rules.values import Msg
from .store.errors import InvalidImport
from .store.transfer import load_document, parse_games

__all__ = ["DICTIONARIES", "LINK_VERSION", "MAX_ADDRESS", "MAX_DATA", "MAX_INFLATED", "ROUTE",
           "SEPARATOR", "InvalidLink", "Link", "LinkedGame", "TooLongForLink", "decode", "encode",
           "fitted", "link_data", "link_for", "pack", "read_link", "start_of"]

ROUTE = "/g/"  # the app's route of a game carried by a link: /g/<data>
LINK_VERSION = 1
# Between the version and the data: outside base64url, unreserved in an address, and not a dot
# (a last path segment with a dot looks like a file to a server: scorer serve would not route it)
SEPARATOR = "~"
MAX_ADDRESS = 2000  # characters of a whole address we make: a QR code a phone reads at arm's length
MAX_DATA = 4000  # characters of <data> we read (a QR code holds at most 2,953 bytes)
MAX_INFLATED = 256 * 1024  # bytes of JSON a link may inflate to (a zip bomb stops here)

# The preset dictionary of version 1: words every game's JSON repeats. Deflate refers back to
# it from the first byte on, so even a short game is short. Never change it: links made with
# it must read the same forever (a new dictionary is a new version).
DICTIONARIES: dict[int, bytes] = {1: (
    b'"history":[{"deal":1,"before":{"declarer":"N","contract":"1NT","tricks":7},"after":null,'
    b'"at":"2026-12-01T12:00:00.000+00:00"}],"honors":"declarer:100","table1":{"table2":{'
    b'"passed_out":true},{"redeal":true},{"calls":[2,3,4,5],"tricks":[13,0,0,0]}],"pending":null,'
    b'"closed":false,"rules":{"undertricks":false,"redeal_passes":false,"overtrick_limit":2,'
    b'"eight_plus":false,"min_call":2},"unfinished_part_score":100,"scoring":"carried",'
    b'"dealer_vulnerable":true,"honors":false},"end":{"kind":"target","value":500},'
    b'"kind":"deals","value":12},"kind":"rubbers","kind":"open","value":null},"first_dealer":0,'
    b'"created_at":"2026-12-01T12:00:00.000+00:00","updated_at":"2026-12-01T12:00:00.000+00:00",'
    b'"variant":"draw-bridge","variant":"minibridge","variant":"call-break","variant":'
    b'"rubber-bridge","variant":"chicago","variant":"team-match","players":["Ana","Ben"],'
    b'"deals":[{"declarer":1,"contract":"4S","tricks":10},{"declarer":"S","contract":"3NTX",'
    b'"tricks":9},{"schema_version":1,"id":"'
)}
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


class InvalidLink(InvalidImport):
    """A link that cannot be read; ``msg`` says why in one sentence. Nothing was kept."""


class TooLongForLink(InvalidInput):
    """The game does not fit in a link, even without its correction history: send the file."""


@dataclass(frozen=True)
class Link:
    """An address carrying a game; ``history`` is False when the corrections were left out to
    make it fit."""

    address: str
    history: bool


@dataclass(frozen=True)
class LinkedGame:
    """A game read from a link: checked as an import is, not stored. ``history`` is False when
    the link left the game's corrections out (the game's ``history`` is then empty)."""

    game: Game
    history: bool


def _deflate(raw: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY,
                              zdict=DICTIONARIES[LINK_VERSION])
    return packer.compress(raw) + packer.flush()


def encode(game: Game, history: bool = True) -> str:
    """``<data>`` for ``game`` (with its correction history, or without)."""
    doc = game.to_dict()
    del doc["revision"]
    for deal in doc["deals"]:
        deal.pop("points", None)  # re-scored when the link is read
    if not history:
        del doc["history"]  # absent, not empty: the reader knows it was left out
    return pack(doc)


def pack(doc: object) -> str:
    """``<data>`` for a JSON-able document: version, ``~``, base64url of raw deflate (a game,
    a pairs session, a team match's table)."""
    raw = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    text = base64.urlsafe_b64encode(_deflate(raw)).rstrip(b"=").decode("ascii")
    return f"{LINK_VERSION}{SEPARATOR}{text}"


def start_of(site_url: str, route: str, fragment: bool) -> str:
    """An address of ``site_url`` up to its ``<data>``: ``#<route>`` (a site routing by the
    fragment), or ``<route>`` in its path (``fragment`` False: ``scorer serve``)."""
    base = site_url.split("#", 1)[0]
    if not fragment:
        base = base.split("?", 1)[0].rstrip("/")
    return f"{base}#{route}" if fragment else f"{base}{route}"


def fitted(address: str, field: str, value: str, verb: str = "does not") -> str:
    """``address`` when it fits in a link (:data:`MAX_ADDRESS`); else InvalidInput naming
    ``field`` (a pairs session's, a team match's table's results: ``verb`` agrees with it)."""
    if len(address) > MAX_ADDRESS:
        raise InvalidInput(field, value, f"{verb} fit in a link of {MAX_ADDRESS} characters "
                           f"(the address would be {len(address)})",
                           Msg.of("link.too_big", n=MAX_ADDRESS))
    return address


def link_for(game: Game, site_url: str, limit: int | None = None,
             fragment: bool = True) -> Link:
    """The address of ``site_url`` carrying ``game`` in its fragment (``#/g/<data>``, which a
    site routing by the fragment opens; ``fragment`` False: in its path, ``/g/<data>``, for
    ``scorer serve``): with its correction history where that fits in ``limit`` characters
    (:data:`MAX_ADDRESS`), else without; TooLongForLink when even that does not fit."""
    limit = MAX_ADDRESS if limit is None else limit
    start = start_of(site_url, ROUTE, fragment)
    for history in (True, False) if game.history else (True,):
        address = start + encode(game, history)
        if len(address) <= limit:
            return Link(address, history)
    raise TooLongForLink("game", game.id, f"does not fit in a link of {limit} characters "
                         f"(the address would be {len(address)}); send the file instead",
                         Msg.of("link.too_big", n=limit))


def link_data(text: str) -> str:
    """``<data>`` from an address, a route (``/g/<data>``) or the data itself."""
    text = text.strip()
    for marker in (f"#{ROUTE}", ROUTE):
        if marker in text:
            return text.split(marker, 1)[1].split("?", 1)[0]
    return text


def _refuse(what: str, allowed: str, key: str, **params: Any) -> InvalidLink:
    return InvalidLink("link", what, allowed, Msg.of(key, **params))


def decode(data: str) -> bytes:
    """The JSON bytes ``<data>`` carries, every step capped; InvalidLink says what is wrong."""
    if len(data) > MAX_DATA:
        raise _refuse(f"{len(data)} characters", f"is longer than the {MAX_DATA} a link may be",
                      "link.too_long", n=MAX_DATA)
    version, mark, text = data.partition(SEPARATOR)
    if not mark or not version.isascii() or not version.isdigit() or len(version) > 3:
        raise _refuse(data[:12], "is not a Scorer link (it does not start with a version)",
                      "link.not_link")
    if int(version) not in DICTIONARIES:
        raise _refuse(version, f"is a newer link than this Scorer reads (up to "
                      f"{max(DICTIONARIES)}); update Scorer", "link.newer")
    if not _BASE64URL.fullmatch(text) or len(text) % 4 == 1:
        raise _refuse("data", "is not base64url (the link was cut or changed)",
                      "link.bad_base64")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise _refuse("data", "is not base64url (the link was cut or changed)",
                      "link.bad_base64") from None
    unpacker = zlib.decompressobj(-15, zdict=DICTIONARIES[int(version)])
    try:
        raw = unpacker.decompress(packed, MAX_INFLATED)
    except zlib.error:
        raise _refuse("data", "is not deflate data (the link was cut or changed)",
                      "link.bad_deflate") from None
    if unpacker.unconsumed_tail or (len(raw) >= MAX_INFLATED and not unpacker.eof):
        raise _refuse("data", f"inflates to more than {MAX_INFLATED // 1024} KB",
                      "link.too_large", kb=MAX_INFLATED // 1024)
    if not unpacker.eof or unpacker.unused_data:
        raise _refuse("data", "is not whole deflate data (the link was cut or changed)",
                      "link.bad_deflate")
    return raw


def read_link(text: str) -> LinkedGame:
    """The game an address (or route, or data) carries, checked as an import file is: size,
    nesting, types, every deal re-scored, no time in the future. Nothing is stored."""
    raw = decode(link_data(text))
    try:
        doc = load_document(raw)
        if not isinstance(doc, dict) or "format" in doc:
            raise _refuse(type(doc).__name__, "is not one game", "link.not_game")
        complete = "history" in doc
        doc = {"revision": 0, **doc}
        games = parse_games(doc)
    except InvalidLink:
        raise
    except InvalidImport as error:  # the import's own sentence where it has one
        if error.msg is not None and error.msg.key == "import.newer":
            msg = Msg.of("link.newer")
        elif error.msg is not None and error.msg.key == "import.too_deep":
            msg = Msg.of("link.too_deep", **dict(error.msg.params))  # a link, not a file
        elif error.msg is not None:
            msg = Msg.of("link.bad_game", reason=error.msg)
        else:
            msg = Msg.of("link.not_game")
        raise InvalidLink(error.field, error.value, error.allowed, msg) from None
    return LinkedGame(games[0], complete)
