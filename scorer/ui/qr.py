"""A QR code as an image a screen shows (the Join screen, a game's link)."""

from __future__ import annotations

import io

__all__ = ["qr_png"]


def qr_png(url: str, error: str = "m", scale: int = 8) -> bytes:
    """A QR code of ``url`` as a PNG image (the Join screen; a game's link: error level "l",
    the largest modules for the data, since a screen is not smudged like paper)."""
    import segno  # only when a code is drawn: the phone build's start does not pay for it

    buffer = io.BytesIO()
    segno.make(url, error=error).save(buffer, kind="png", scale=scale, border=2)
    return buffer.getvalue()
