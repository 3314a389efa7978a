"""What the published site ships, made smaller without changing what runs (issue 21: the
first visit): Python source without its documentation strings and comments (decisions 89 and
102), and the Material icon font cut to the icons the app and Flutter's own widgets draw
(decision 103). Used by :mod:`scorer.ui.site.publish`."""

from __future__ import annotations

import ast
import bisect
import functools
import io
import itertools
import json
import re
import tokenize
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

__all__ = ["DOCS_READ", "FLUTTER_ICONS", "ICON_USE", "STDLIB_DROPPED", "STRINGS_AND_COMMENTS",
           "app_icons", "icon_font", "icon_table", "slimmed", "stdlib_dropped", "trimmed_stdlib",
           "without_comments", "without_comments_tokenized", "without_docstrings"]

# Icons Flutter's Material widgets and Flet's client draw on their own (back and close
# buttons, dropdowns, menus, pickers, text fields, expansion tiles, error screens), by their
# name in Flutter's `Icons` (the font names each glyph NAME_baseline). Kept whether or not
# Scorer shows the widget today: each costs about a hundred bytes.
FLUTTER_ICONS = (
    "arrow_back", "arrow_back_ios", "arrow_back_ios_new", "arrow_forward", "arrow_forward_ios",
    "arrow_upward", "arrow_downward", "arrow_drop_down", "arrow_drop_up", "close", "cancel",
    "clear", "check", "done", "menu", "more_vert", "more_horiz", "expand_more", "expand_less",
    "keyboard_arrow_down", "keyboard_arrow_up", "keyboard_arrow_left", "keyboard_arrow_right",
    "chevron_left", "chevron_right", "first_page", "last_page", "unfold_more", "drag_handle",
    "edit", "calendar_today", "access_time", "keyboard", "search", "visibility",
    "visibility_off", "error", "error_outline", "warning", "info", "info_outline", "refresh",
    "add", "remove", "content_copy", "content_cut", "content_paste", "select_all",
    "check_box", "check_box_outline_blank", "indeterminate_check_box",
    "radio_button_checked", "radio_button_unchecked", "star", "star_border", "wifi_off",
    "cloud_off",
)
ICON_USE = re.compile(rb"\bIcons\.([A-Z][A-Z0-9_]*)\b")

# Parts of Pyodide's standard library (python_stdlib.zip) that the app never imports, left out of
# the site (decision 88): what no import statement of the app's code (scorer, flet, ...) reaches,
# directly or through the standard library's own module-level imports, and that Python itself
# never asks for by name. tests/test_publish.py checks that against the archive's code, and the
# browser tests import every module of the app in the published site.
STDLIB_DROPPED = (
    # tools, debuggers, REPLs, test frameworks, profilers
    "_pyrepl/", "unittest/", "pdb.py", "bdb.py", "doctest.py", "pydoc.py", "trace.py",
    "profile.py", "cProfile.py", "pstats.py", "timeit.py", "modulefinder.py", "compileall.py",
    "tabnanny.py", "pyclbr.py", "symtable.py", "zipapp.py", "pickletools.py", "cmd.py",
    "antigravity.py", "this.py", "__hello__.py", "__phello__/", "_pyio.py", "argparse.py",
    "optparse.py", "configparser.py", "logging/config.py", "logging/handlers.py",
    # processes, servers and mail, which a page in a browser cannot have
    "multiprocessing/", "concurrent/futures/process.py", "concurrent/futures/interpreter.py",
    "concurrent/interpreters/", "xmlrpc/", "wsgiref/", "http/server.py", "socketserver.py",
    "imaplib.py", "poplib.py", "smtplib.py", "mailbox.py", "ftplib.py", "getpass.py", "pty.py",
    # data formats and files the app has no use for
    "sqlite3/", "tomllib/", "xml/dom/", "shelve.py", "wave.py", "sched.py", "filecmp.py",
    "fileinput.py", "statistics.py",
    # single-byte code pages (the app reads and writes UTF-8 only)
    "encodings/cp", "encodings/mac_", "encodings/iso8859_", "encodings/koi8_",
    "encodings/kz1048.py", "encodings/ptcp154.py", "encodings/palmos.py",
    "encodings/hp_roman8.py", "encodings/tis_620.py",
)
# Kept all the same: zipfile reads names in cp437; cp1252 is what many files from Windows are.
STDLIB_KEPT = ("encodings/cp437.py", "encodings/cp1252.py")
# Standard-library modules whose code reads docstrings as data, which keep theirs: email's
# policies build each class's docstring from its base's (`_extend_docstrings` splits them).
DOCS_READ = ("email/",)


def without_docstrings(source: bytes, tree: ast.Module | None = None) -> bytes:
    """Python source with its documentation strings emptied (decision 89): each string that
    stands alone as a statement (a module's, class's or function's docstring, or an
    attribute's, as Flet documents every property) becomes ``""`` followed by as many line
    ends as it had, so every line keeps its number. A class keeps the first line of its
    docstring (a class without one has ``dataclass`` work out a signature for it). Source
    that does not parse here is kept as it is. ``tree``: the source already parsed."""
    if tree is None:
        tree = _parsed(source)
        if tree is None:
            return source
    spans: list[tuple[int, int, int, int, bytes]] = []
    for node, field, statements in _statement_lists(tree):
        for index, statement in enumerate(statements):
            if not (isinstance(statement, ast.Expr)
                    and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str)):
                continue
            text = '""'
            if isinstance(node, ast.ClassDef) and field == "body" and index == 0:
                text = repr(statement.value.value.strip().split("\n")[0].strip()
                            or node.name)
            assert statement.end_lineno is not None and statement.end_col_offset is not None
            spans.append((statement.lineno, statement.col_offset, statement.end_lineno,
                          statement.end_col_offset, text.encode()))
    starts = _line_starts(source.splitlines(keepends=True))
    out = bytearray(source)
    for first, column, last, end_column, replacement in sorted(spans, reverse=True):
        out[starts[first - 1] + column:starts[last - 1] + end_column] = \
            replacement + b"\n" * (last - first)
    return bytes(out)


def _line_starts(lines: Sequence[str] | Sequence[bytes]) -> list[int]:
    """Where each of ``lines`` (kept ends) starts in their text, and where the text ends."""
    return [0, *itertools.accumulate(len(line) for line in lines)]


def _statement_lists(tree: ast.Module) -> Iterator[tuple[ast.AST, str, list[ast.stmt]]]:
    """Every list of statements in ``tree`` with its owner and field (a body, an ``else``,
    a ``finally``, an ``except``'s or a ``case``'s body): where a docstring can stand. Only
    statements are visited (expressions hold no statements), a tenth of ``ast.walk``'s
    nodes: slimming Pyodide's standard library took seconds in that walk."""
    owners: list[ast.AST] = [tree]
    while owners:
        node = owners.pop()
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            statements = getattr(node, field, None)
            if isinstance(statements, list):
                if field not in ("handlers", "cases"):
                    yield node, field, statements
                owners.extend(statements)


# A Python source's string literals (any prefix: it only precedes the quote; a raw string ends
# where any other does) and its comments, and in between runs of anything else: the comments
# are what is left over once the strings are passed by, in one regular-expression pass.
STRINGS_AND_COMMENTS = re.compile(r"""
    (?P<string>\'\'\'(?:\\.|[^\\])*?\'\'\'|\"\"\"(?:\\.|[^\\])*?\"\"\"
              |'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*")
  | (?P<comment>\#[^\r\n]*)
  | [^'"\#]+
""", re.VERBOSE | re.DOTALL)


def without_comments(source: bytes, parsed: bool = False) -> bytes:
    """Python source without its comments (decision 102), each line kept (a comment alone on
    its line leaves the line empty), so tracebacks name the same lines. The first two lines
    keep theirs (an encoding declaration, ``#!``). Source that does not parse here is kept as
    it is (``parsed``: known to parse). Comments are found by passing over the string
    literals with one regular expression, not by Python's tokenizer, which took ten seconds
    of a build; both give the same bytes for every file the site ships (a test compares
    them)."""
    if not parsed and _parsed(source) is None:
        return source
    decoded = _decoded(source)
    if decoded is None or "#" not in decoded[1]:
        return source
    encoding, text = decoded
    lines = text.splitlines(keepends=True)
    starts = _line_starts(lines)
    for found in STRINGS_AND_COMMENTS.finditer(text):
        if found.lastgroup != "comment":
            continue
        row = bisect.bisect_right(starts, found.start()) - 1
        if row >= 2:
            lines[row] = _cut(lines[row], found.start() - starts[row])
    return "".join(lines).encode(encoding)


def without_comments_tokenized(source: bytes) -> bytes:
    """:func:`without_comments` by Python's tokenizer (slow): what the fast one is checked
    against. Source that does not tokenize here is kept as it is."""
    decoded = _decoded(source)
    if decoded is None:
        return source
    encoding, text = decoded
    try:
        comments = [token.start for token in
                    tokenize.generate_tokens(io.StringIO(text).readline)
                    if token.type == tokenize.COMMENT and token.start[0] > 2]
    except (SyntaxError, tokenize.TokenError):
        return source
    lines = text.splitlines(keepends=True)
    for row, column in comments:
        lines[row - 1] = _cut(lines[row - 1], column)
    return "".join(lines).encode(encoding)


def _decoded(source: bytes) -> tuple[str, str] | None:
    """``source``'s encoding (its declaration, else UTF-8) and its text; None if it does not
    decode."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
        return encoding, source.decode(encoding)
    except (SyntaxError, UnicodeDecodeError):
        return None


def _cut(line: str, column: int) -> str:
    """``line`` without what starts at ``column`` (a comment) and the blanks before it; its
    line ending kept."""
    return line[:column].rstrip() + line[len(line.rstrip("\r\n")):]


@functools.lru_cache(maxsize=4096)
def slimmed(source: bytes, docstrings: bool = False) -> bytes:
    """``source`` without comments, and without docstrings unless ``docstrings``; as it is if
    this Python cannot parse it (Pyodide's Python is newer: its tokenizer reads some strings
    differently, so a ``#`` in one could pass for a comment here). Source this Python parses
    is tokenized the same by both, so only comments go. Kept for the process: a rebuild
    slims the same packages again (the installed ones do not change between builds)."""
    tree = _parsed(source)
    if tree is None:
        return source
    return without_comments(source if docstrings else without_docstrings(source, tree),
                            parsed=True)


def _parsed(source: bytes) -> ast.Module | None:
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


def app_icons(sources: Iterable[Path]) -> set[str]:
    """The icons Python code draws (``ft.Icons.ARROW_BACK`` -> ``arrow_back``)."""
    return {name.decode().lower() for path in sources
            for name in ICON_USE.findall(path.read_bytes())}


def icon_table(table: bytes, names: Iterable[str]) -> bytes:
    """Flet's ``icons.json`` (``{"NAME": code point, ...}``) with only ``names`` (those it
    has), in its order and its compact form. A name left out raises AttributeError where
    code names it, as a misspelt one does: so it keeps every name any shipped module
    names (``ICON_USE``), as the cut font keeps their glyphs."""
    wanted = set(names)
    kept = {name: point for name, point in json.loads(table).items() if name in wanted}
    return json.dumps(kept, separators=(",", ":")).encode()


def icon_font(font: bytes, icons: Iterable[str]) -> bytes:
    """The Material icon font with only ``icons`` (by name) and what Flutter needs besides;
    each keeps its code point, so Flutter draws it as before. Fails naming an icon the font
    does not have."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    original = TTFont(io.BytesIO(font), recalcTimestamp=False)  # the same bytes each build
    by_name = {glyph: point for point, glyph in original.getBestCmap().items()}
    missing = sorted(name for name in icons if f"{name}_baseline" not in by_name)
    if missing:
        raise ValueError(f"the Material icon font has no icon {', '.join(missing)}")
    points = [by_name[f"{name}_baseline"] for name in icons] + [0x20]
    options = subset.Options()
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.glyph_names = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=points)
    subsetter.subset(original)
    out = io.BytesIO()
    original.save(out)
    return out.getvalue()


def stdlib_dropped(name: str) -> bool:
    """Whether the file ``name`` of python_stdlib.zip is left out of the site."""
    return name.startswith(STDLIB_DROPPED) and name not in STDLIB_KEPT


@functools.lru_cache(maxsize=2)
def trimmed_stdlib(original: bytes) -> bytes:
    """Pyodide's python_stdlib.zip (``original``) without ``STDLIB_DROPPED``, its modules
    without docstrings and comments (decision 102); every entry keeps its name and time, so
    the same input gives the same zip. Entries are stored, not deflated: the zip travels as
    LZMA (``python_stdlib.zip.lzma``, offline.py), which finds a third more across the
    plain modules than in each one deflated alone (decision 441). Kept for the process: the
    same Pyodide gives the same zip, and slimming its 350 modules takes seconds."""
    raw = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(original)) as source, \
            zipfile.ZipFile(raw, "w") as trimmed:
        for info in source.infolist():
            if not stdlib_dropped(info.filename):
                data = source.read(info)
                if info.filename.endswith(".py"):
                    data = slimmed(data, docstrings=info.filename.startswith(DOCS_READ))
                trimmed.writestr(info, data, compress_type=zipfile.ZIP_STORED)
    return raw.getvalue()
