"""Draw Scorer's app icons (a white card with a spade on the app's green) as PNG files in
scorer/assets/icons, with the standard library only. Run once; the PNGs are committed.

    .venv/bin/python docs/icons/make_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

GREEN = (0x2E, 0x7D, 0x32)
DARK = (0x1B, 0x5E, 0x20)
WHITE = (0xFF, 0xFF, 0xFF)
SAMPLES = 3  # per axis, for smooth edges


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y), both from -1 to 1, y downwards."""
    # The card (a rounded rectangle), inside the safe zone of a maskable icon.
    dx, dy, r = max(abs(x) - 0.34, 0.0), max(abs(y) - 0.48, 0.0), 0.08
    if dx * dx + dy * dy > r * r:
        return GREEN
    in_lobe = any((x - cx) ** 2 + (y - 0.04) ** 2 <= 0.145 ** 2 for cx in (-0.13, 0.13))
    in_body = -0.34 <= y <= 0.04 and abs(x) <= (y + 0.34) / 0.38 * 0.27
    in_stem = 0.02 <= y <= 0.30 and abs(x) <= (y - 0.02) / 0.28 * 0.10
    return DARK if in_lobe or in_body or in_stem else WHITE


def png(size: int) -> bytes:
    rows = []
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            total = [0, 0, 0]
            for sj in range(SAMPLES):
                for si in range(SAMPLES):
                    x = ((i + (si + 0.5) / SAMPLES) / size) * 2 - 1
                    y = ((j + (sj + 0.5) / SAMPLES) / size) * 2 - 1
                    for k, c in enumerate(colour_at(x, y)):
                        total[k] += c
            row += bytes(round(t / SAMPLES ** 2) for t in total)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def main() -> None:
    folder = Path(__file__).resolve().parents[2] / "scorer" / "assets" / "icons"
    folder.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (folder / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
