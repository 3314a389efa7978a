"""Each game's rules as we score them, in the player's language, from ``scorer/assets/rules/``.

``rules/<game>.md`` is English (and holds the worked examples the tests read);
``rules/<lang>/<game>.md`` is the same page in Spanish, Bulgarian, Afrikaans, Nepali or Hindi.
They are package data (read with importlib.resources), so a wheel and the browser build have
them. Pure.
"""

from __future__ import annotations

import re
from importlib.resources import files
from importlib.resources.abc import Traversable

__all__ = ["RULES_DIR", "has_rules_page", "rules_page"]

RULES_DIR: Traversable = files("scorer") / "assets" / "rules"
HOUSE_RULES = "<!-- house-rules -->"
_COMMENT = re.compile(r"<!--.*?-->\n?", re.S)


def _page(game: str) -> str:
    """The page a game's rules are on (the contract bridge games share one)."""
    from .rules import InvalidInput, hints_of, variant

    try:
        return hints_of(variant(game)).rules_page
    except InvalidInput:
        return game


def has_rules_page(game: str) -> bool:
    """Whether ``game`` has a rules page (in English at least): a variant may come without one
    (the rules screen then says so)."""
    return (RULES_DIR / f"{_page(game)}.md").is_file()


def rules_page(game: str, lang: str, house_rules_first: bool = False) -> str:
    """The rules page of ``game`` in ``lang`` (English where no translation exists), as
    Markdown without HTML comments; optionally with the house rules section first."""
    game = _page(game)
    path = RULES_DIR / lang / f"{game}.md"
    if lang == "en" or not path.is_file():
        path = RULES_DIR / f"{game}.md"
    text = path.read_text(encoding="utf-8")
    if house_rules_first and HOUSE_RULES in text:
        title, _, rest = text.partition("\n")
        before, _, after = rest.partition(HOUSE_RULES)
        after = after.lstrip("\n")
        end = after.find("\n## ", 1)
        section, tail = (after, "") if end < 0 else (after[:end], after[end + 1:])
        text = f"{title}\n\n{section.strip()}\n\n{before.strip()}\n\n{tail}"
    return _COMMENT.sub("", text)
