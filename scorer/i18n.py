"""Every word a player reads, in English, Spanish, Bulgarian, Afrikaans, Nepali or Hindi.

Catalogs are JSON files in ``scorer/assets/i18n/`` (package data; one per language,
``{"key": "text"}``), which a translator edits without touching code. A text may name
parameters (``{points}``); a text that depends on a count is ``{"one": ..., "other": ...}``,
chosen by the parameter ``n`` with the language's plural rule (:func:`plural`). The core
describes what to say as :class:`~scorer.rules.values.Msg` values; :class:`Translator` renders
them. Pure: the standard library and the catalogs only.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from .rules.contract import Contract, Strain
from .rules.values import InvalidInput, Msg

__all__ = ["LANGUAGES", "DEFAULT", "CATALOG_DIR", "Translator", "catalog", "choose_language",
           "placeholders", "plural"]

# Each named in its own language and script, as the home screen lists them.
LANGUAGES = {"en": "English", "es": "Español", "bg": "Български", "af": "Afrikaans",
             "ne": "नेपाली", "hi": "हिन्दी"}
DEFAULT = "en"
CATALOG_DIR: Traversable = files("scorer") / "assets" / "i18n"  # package data, in a wheel too


@cache
def catalog(lang: str) -> Mapping[str, Any]:
    """The catalog of ``lang`` (one of LANGUAGES)."""
    if lang not in LANGUAGES:
        raise InvalidInput("lang", lang, f"is not one of {', '.join(LANGUAGES)}")
    data: dict[str, Any] = json.loads((CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def choose_language(*preferences: str | None) -> str:
    """The first supported language among locale strings like 'es-ES', 'bg', 'af_ZA'."""
    for preference in preferences:
        if not preference:
            continue
        code = preference.replace("_", "-").split("-")[0].strip().lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


# CLDR's cardinal plural rules, for the whole numbers we count: 'one' for 1 only, except Hindi,
# where 0 takes it too (i = 0 or n = 1). Every language here has only 'one' and 'other'.
_ONE: dict[str, frozenset[int]] = {"hi": frozenset({0, 1})}
_ONLY_ONE = frozenset({1})


def plural(lang: str, count: object) -> str:
    """The plural form ('one' or 'other') that ``lang`` uses for ``count`` things."""
    return "one" if count in _ONE.get(lang, _ONLY_ONE) else "other"


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


class Translator:
    """Renders catalog keys and Msg values in one language."""

    def __init__(self, lang: str = DEFAULT, suits: bool = False) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT
        self.entries = catalog(self.lang)
        # Contracts with their suits as symbols (4♥X), as the app shows them in every
        # language; plain notation (4HX) for the command line, files and accessible names.
        self.suits = suits

    @property
    def plain(self) -> Translator:
        """The same language, contracts in plain notation."""
        return Translator(self.lang) if self.suits else self

    def __call__(self, key: str, **params: Any) -> str:
        """``key`` with ``params`` in this language. The parameter ``unit`` (a variant's
        ``deal_word``: "board" in a team match) is no placeholder: it chooses the text
        ``key.unit`` where the catalog has one ("Board 4" for ``ui.deal_n``), else ``key``'s."""
        unit = params.pop("unit", None)
        entry = self._entry(f"{key}.{unit}") if unit and unit != "deal" else None
        if entry is None:
            entry = self._entry(key)
        if entry is None:
            entry = key
        if isinstance(entry, dict):
            entry = entry[plural(self.lang, params.get("n"))]
        values = {name: self.render(value) if isinstance(value, Msg) else value
                  for name, value in params.items()}
        if "field" in values:
            values["field"] = self.field(str(values["field"]))
        if self.suits and isinstance(values.get("contract"), str):
            values["contract"] = self.contract(values["contract"])
        return str(entry).format_map(values)

    def _entry(self, key: str) -> Any:
        entry = self.entries.get(key)
        return catalog(DEFAULT).get(key) if entry is None else entry

    def contract(self, text: str) -> str:
        """A contract as the screen shows it: its suit as a symbol and no-trump as the
        language's table abbreviates it (``3NT`` is ``3SA`` in Spanish, ``3БК`` in Bulgarian;
        decision 143). Plain notation, typed and read in every language, is ``str(contract)``.
        Text that is not a contract is returned as it is."""
        try:
            contract = Contract.parse(text)
        except InvalidInput:
            return text
        if contract.strain is not Strain.NOTRUMP:
            return contract.symbols
        return f"{contract.level}{self('contract.NT')}{contract.doubling.value}"

    def render(self, msg: Msg) -> str:
        return self(msg.key, **dict(msg.params))

    def sentence(self, msg: Msg) -> str:
        """``msg`` standing alone on the screen: rendered, with a capital first letter (catalog
        texts start in lower case so that they also fit inside other sentences)."""
        text = self.render(msg)
        return text[:1].upper() + text[1:]

    def field(self, name: str) -> str:
        """A field name ('tricks', 'hcp N', 'deal 3 tricks') in the player's words."""
        words = [self.entries.get(f"field.{part}", part) for part in name.split(" ")]
        return " ".join(str(w) for w in words)

    def error(self, error: Exception) -> str:
        """An error for a person: its Msg where it has one, else its English text."""
        msg = getattr(error, "msg", None)
        if isinstance(msg, Msg):
            return self.render(msg)
        return str(error)

    def line(self, line: Any) -> str:
        """An explanation line (scorer.rules.values.Line)."""
        return self.render(line.msg)

    def summary(self, score: Any) -> str:
        """A deal's summary ('4S by Ana: made +1') from its DealScore."""
        return self.render(score.summary)
