"""What every command prints with: the exit statuses, text made safe for a terminal, and the
check of a published site's address (``--site-url`` of `scorer serve` and `scorer link`)."""

from __future__ import annotations

from ..rules import InvalidInput

__all__ = ["EXIT_INVALID", "EXIT_PARTIAL", "site_url", "terminal_safe"]

EXIT_INVALID = 2
EXIT_PARTIAL = 3  # export --all: the readable games written, the unreadable ones named


_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def terminal_safe(text: str) -> str:
    """``text`` with control and format characters (ESC, NUL, newlines, bidi overrides,
    zero-width spaces) shown as escapes, so stored names cannot drive the terminal."""
    import unicodedata

    return "".join(c.encode("unicode_escape").decode("ascii")
                   if unicodedata.category(c) in _HIDDEN else c for c in text)


def site_url(given: str) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(given.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise InvalidInput("--site-url", given, "is not an address starting with https:// "
                           "(or http://) and a host, e.g. https://example.org/scorer/")
    return given.strip()
