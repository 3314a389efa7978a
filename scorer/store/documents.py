"""A game as a TinyDB document: ``{"game": {"1": game.to_dict()}}``, read and written through
any TinyDB :class:`~tinydb.storages.Storage` (the JSON file on disk, or memory in tests).

Writing is one ``storage.write`` of the whole document: a new game's first save and every
later save are one atomic write (never TinyDB's upsert, which writes an empty table first)."""

from __future__ import annotations

from typing import Any

from tinydb.storages import Storage

from ..game import Game
from ..rules import InvalidInput
from .errors import CorruptFile
from .migrate import migrate

__all__ = ["GAME_TABLE", "game_document", "game_from_document", "read_game", "write_game"]

GAME_TABLE = "game"


def game_document(game: Game) -> dict[str, dict[str, Any]]:
    return {GAME_TABLE: {"1": game.to_dict()}}


def game_from_document(document: dict[str, dict[str, Any]], name: str) -> Game:
    """The game in a document; CorruptFile or InvalidInput (or NewerSchema) if it is not one
    this Scorer can read."""
    docs = document.get(GAME_TABLE, {})
    if len(docs) != 1:
        raise CorruptFile(f"{name} does not hold exactly one game")
    try:
        return Game.from_dict(migrate(next(iter(docs.values()))))
    except InvalidInput:
        raise
    except (TypeError, AttributeError, KeyError, ValueError, RecursionError) as error:
        raise CorruptFile(f"{name} is not a well-formed game ({type(error).__name__})") from None


def read_game(storage: Storage, name: str) -> Game | None:
    """The stored game, None where there is none."""
    document = storage.read()
    return None if document is None else game_from_document(document, name)


def write_game(storage: Storage, game: Game) -> None:
    storage.write(game_document(game))
