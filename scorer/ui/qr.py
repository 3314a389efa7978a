"""A QR code as an image a screen shows (the Join screen, a game's link), or as text in a
terminal (`scorer serve`, `scorer link --qr`)."""

from __future__ import annotations

import io
import sys
from typing import TextIO

__all__ = ["qr_png", "qr_terminal"]

# Two rows of modules per line of text: by (top dark, bottom dark).
HALF_BLOCKS = {(False, False): " ", (True, False): "\u2580", (False, True): "\u2584",
               (True, True): "\u2588"}
BLACK_ON_WHITE, PLAIN = "\033[30;107m", "\033[0m"


def qr_png(url: str, error: str = "m", scale: int = 8) -> bytes:
    """A QR code of ``url`` as a PNG image (the Join screen; a game's link: error level "l",
    the largest modules for the data, since a screen is not smudged like paper)."""
    import segno  # only when a code is drawn: the phone build's start does not pay for it

    buffer = io.BytesIO()
    segno.make(url, error=error).save(buffer, kind="png", scale=scale, border=2)
    return buffer.getvalue()


def qr_terminal(url: str, error: str = "m", out: TextIO | None = None) -> None:
    """Print a QR code of ``url`` with its dark modules drawn dark, whatever the terminal's
    colours: segno's drawing made the light modules the blocks, so a light terminal showed
    the code inverted, which some phone cameras refuse (issue 30). On a terminal the code is
    black on a white ground it paints itself; written elsewhere (a file, a pipe), its dark
    modules are the blocks, as on paper."""
    import segno

    out = out or sys.stdout
    rows = [[bool(module) for module in row]
            for row in segno.make(url, error=error).matrix_iter(border=4)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    coloured = out.isatty()
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        line = "".join(HALF_BLOCKS[pair] for pair in zip(top, bottom, strict=True))
        print(f"{BLACK_ON_WHITE}{line}{PLAIN}" if coloured else line, file=out)
    out.flush()
