"""Read the worked-example tables of the rules pages (scorer/assets/rules/*.md), so the
rules shown in the app, the docs and the tests share one source."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "scorer" / "assets" / "rules"
_BLOCK = re.compile(r"<!-- examples: ([\w-]+) -->\n(.*?)<!-- end examples -->", re.S)


def examples(name: str) -> list[dict[str, str]]:
    """Rows of the example table called ``name``, as dicts keyed by the header."""
    for path in sorted(DOCS.glob("*.md")):
        for block_name, body in _BLOCK.findall(path.read_text(encoding="utf-8")):
            if block_name != name:
                continue
            rows = [line.strip().strip("|").split("|") for line in body.strip().splitlines()]
            header = [cell.strip() for cell in rows[0]]
            table = [dict(zip(header, (c.strip() for c in row), strict=True))
                     for row in rows[2:]]
            assert table, f"example table {name} is empty"
            return table
    raise LookupError(f"no example table {name!r} in {DOCS}")


def rule_map(text: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in text.split() if part)
