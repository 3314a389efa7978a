"""Schema versions: every stored game carries ``schema_version``; older ones are migrated on
load, newer ones (written by a newer Scorer) are refused and left untouched."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game import SCHEMA_VERSION
from ..rules import InvalidInput
from .errors import NewerSchema

__all__ = ["MIGRATIONS", "migrate"]


def _v0_to_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (before schema_version): the variant was stored as "game"."""
    data = dict(data)
    data["variant"] = data.pop("game", data.get("variant"))
    data.setdefault("history", [])
    data.setdefault("revision", 0)
    return data


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _v0_to_v1}


def migrate(data: Any) -> dict[str, Any]:
    """Bring a stored game document to the current schema version."""
    if not isinstance(data, dict):
        raise InvalidInput("game", type(data).__name__, "is not a game record")
    version = data.get("schema_version", 0)
    # Version 0 is the one before the field existed: a file that names it was not written
    # by Scorer (issue 30).
    lowest = 1 if "schema_version" in data else 0
    if isinstance(version, bool) or not isinstance(version, int) or version < lowest:
        raise InvalidInput("schema_version", version,
                           f"is not a schema version (1 to {SCHEMA_VERSION})")
    if version > SCHEMA_VERSION:
        raise NewerSchema(f"written by a newer Scorer (schema {version}; this one reads up to "
                          f"{SCHEMA_VERSION}); update Scorer to open it")
    migrated: dict[str, Any] = data
    while version < SCHEMA_VERSION:
        migrated = MIGRATIONS[version](migrated)
        version += 1
        migrated["schema_version"] = version
    return migrated
