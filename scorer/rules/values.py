"""The values every rules module shares: a message to render in the player's language (Msg),
an explanation line (Line), the domain error naming a field (InvalidInput), and field checks.
Pure, standard library only."""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Mapping
from typing import Any, NamedTuple

__all__ = [
    "HIDDEN",
    "clean_name",
    "hidden_character",
    "InvalidInput",
    "Line",
    "Msg",
    "ascii_digits",
    "house_rule",
    "check_int",
    "kept_numbers",
    "parse_switch",
    "settings_from",
    "switch_settings",
    "whole_number",
]


class Msg(NamedTuple):
    """A message for a person, in no language yet: a catalog key and its parameters.

    ``scorer.i18n`` renders it in the player's language (scorer/assets/i18n/*.json). A parameter may
    itself be a Msg (rendered first); the parameter ``n`` chooses the plural form. A named tuple
    because explanations make millions of them (see benchmarks/bench_core.py)."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> Msg:
        return _new_tuple(cls, (key, tuple(params.items())))


_new_tuple = tuple.__new__  # Msg.of skips the named tuple's argument handling: it is hot


def house_rule(name: str) -> Msg:
    """'(house rule: eight or more)': a house rule named as players read it, by its title in
    the catalog (``houserule_title.<name>``), never by its key."""
    return Msg.of("rules.house_rule", name=Msg.of(f"houserule_title.{name}"))


class InvalidInput(ValueError):
    """Invalid input: names the field, the value given and what is allowed.

    ``str(error)`` is one line a person can read, e.g. ``tricks: 14 is not between 0 and 13``;
    ``msg`` (where given) is the same message to render in another language.
    """

    def __init__(self, field: str, value: object, allowed: str, msg: Msg | None = None) -> None:
        self.field = field
        self.value = value
        self.allowed = allowed
        self.msg = msg
        super().__init__(f"{field}: {_show(value)} {allowed}")


def _show(value: object) -> str:
    if value is None:
        return "missing"
    if isinstance(value, str):
        return repr(value) if value == "" or value != value.strip() else value
    if isinstance(value, (list, tuple)):
        return ",".join(_show(v) for v in value)
    return str(value)


# Digits a player types: ASCII, and Devanagari (०-९, from Nepali and Hindi keyboards). Every
# number typed in the app or on the command line is read through ascii_digits (decision 110).
_DEVANAGARI = str.maketrans("०१२३४५६७८९", "0123456789")
# At most 30 digits: int() refuses a string of more than 4300 (a ValueError, not InvalidInput).
_WHOLE = re.compile(r"[ \t]*-?[0-9]{1,30}[ \t]*")


def ascii_digits(text: str) -> str:
    """``text`` with its Devanagari digits as ASCII digits ('४२' -> '42'), the rest as given.
    Only these: int() would also take Arabic-Indic, full-width or '0_4', which we refuse."""
    return text.translate(_DEVANAGARI)


def whole_number(text: str) -> int | None:
    """The whole number a player typed ('42', ' 7 ', '-3', '४२'), or None if it is not one."""
    plain = ascii_digits(text)
    return int(plain) if _WHOLE.fullmatch(plain) else None


def kept_numbers(field: str, value: Any) -> Any:
    """``value`` as a file or link keeps numbers: a JSON number (or a list of them), never
    text. A player may type '10' or '४२' (:func:`check_int` reads them); a stored deal whose
    tricks are "10" was not written by Scorer and is refused (issue 30). Returned as given,
    for the checks of its range."""
    for item in value if isinstance(value, list) else (value,):
        if isinstance(item, str):
            raise InvalidInput(field, item, "is text, not a number (a file or link keeps "
                               "numbers as numbers)")
    return value


def check_int(field: str, value: object, low: int, high: int) -> int:
    """Return ``value`` (an int, or a whole number typed as text: :func:`whole_number`) as an
    int in ``low..high`` or raise :class:`InvalidInput`."""
    if isinstance(value, bool) or not isinstance(value, int):
        number = whole_number(value) if isinstance(value, str) else None
        if number is not None:
            value = number
        else:
            raise InvalidInput(field, value, f"is not a whole number between {low} and {high}",
                               Msg.of("error.not_whole", field=field, value=str(value),
                                      low=low, high=high))
    assert isinstance(value, int)
    if not low <= value <= high:
        raise InvalidInput(field, value, f"is not between {low} and {high}",
                           Msg.of("error.range", field=field, value=value, low=low, high=high))
    return value


_ON = {"on", "true", "yes", "1"}


_OFF = {"off", "false", "no", "0"}


def parse_switch(field: str, value: object) -> bool:
    """Read a house-rule switch given as a bool or as on/off, true/false, yes/no, 1/0."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _ON:
        return True
    if text in _OFF:
        return False
    raise InvalidInput(field, value, "is not allowed (use on or off)")


class Line(NamedTuple):
    """One line of an explanation: the rule and its arithmetic as a message (rendered in the
    player's language by ``scorer.i18n``), and the number it arrives at."""

    msg: Msg
    points: int


def switch_settings(cls: type[Any], mapping: Mapping[str, object] | None, variant: str) -> Any:
    """House rules made only of on/off switches: a frozen dataclass of bool fields."""
    known = {f.name: f.default for f in dataclasses.fields(cls)}
    given = settings_from(mapping, known, variant)
    return cls(**{name: parse_switch(name, value) for name, value in given.items()})


def settings_from(
    mapping: Mapping[str, object] | None, known: Mapping[str, object], variant: str
) -> dict[str, object]:
    """Reject unknown setting names; return the given ones (values checked by the caller)."""
    given = dict(mapping or {})
    for name in given:
        if name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise InvalidInput("rule", name, f"is not a house rule of {variant} (known: {names})")
    return given


# Control and format characters (bidi overrides, zero-width), surrogates and the line and
# paragraph separators: invisible, or able to change how a line around them is shown.
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
ZWJ = "\u200d"  # allowed inside an emoji sequence (👩‍🌾), and as below
ZWNJ = "\u200c"
# A joiner right after a virama and before a letter is how Devanagari (and the other Indic
# scripts) asks for a half form or a visible virama (Nepali र्‍य): allowed there too.
VIRAMA = 9  # the canonical combining class of every virama


def clean_name(name: str) -> str:
    """A name as stored: NFC, every run of spaces (any width) one space, none at the ends."""
    nfc = unicodedata.normalize("NFC", name)
    spaced = "".join(" " if unicodedata.category(c) == "Zs" else c for c in nfc)
    return " ".join(part for part in spaced.split(" ") if part)


def hidden_character(name: str) -> str | None:
    """The first character of ``name`` that is invisible or can change how the line around it
    is shown (control, format, separator), except the joiners an emoji or a virama needs."""
    for i, c in enumerate(name):
        if unicodedata.category(c) not in HIDDEN:
            continue
        inside = 0 < i < len(name) - 1
        if (c == ZWJ and inside
                and unicodedata.category(name[i - 1]) in ("So", "Sk", "Mn")
                and unicodedata.category(name[i + 1]) == "So"):
            continue
        if (c in (ZWJ, ZWNJ) and inside and unicodedata.combining(name[i - 1]) == VIRAMA
                and unicodedata.category(name[i + 1]) == "Lo"):
            continue
        return c
    return None
