"""Pyodide's runtime (``pyodide.asm.mjs``) as the published site ships it: two changes to
Emscripten's code in it that make each start of Python cheaper with the same result (its
dynamic linker's report, decision 601; the main module's exports, decision 604). Each piece
relied on is a marker of ``flet_files.MARKERS``, checked and replaced exactly once: a Pyodide
that changes one fails the build, naming its version."""

from __future__ import annotations

import re

from .flet_files import (
    EXPORT_FUNCTION,
    EXPORT_GLOBAL,
    EXPORTS,
    EXPORTS_HEAD,
    EXPORTS_TAIL,
    GOT_REPORT,
    GOT_REPORT_HEAD,
    GOT_REPORT_TAIL,
    GOT_TABLE,
    GOT_UNRESOLVED,
    IDENTIFIER,
    LINKER,
    PYODIDE_ASM,
    WRAPPER,
    WRAPPER_COMPILE,
    FletChanged,
    need_once,
)

__all__ = ["pyodide_exports", "pyodide_linker", "shipped"]


def shipped(text: str) -> str:
    """``pyodide.asm.mjs`` as the site ships it: both changes."""
    return pyodide_exports(pyodide_linker(text))


def pyodide_linker(text: str) -> str:
    """Pyodide's ``pyodide.asm.mjs`` with a faster report of unresolved symbols in its dynamic
    linker (decision 601). At every start, a snapshot's restore too, once the main module is
    in, ``reportUndefinedSymbols`` resolves the symbols the module imports and does not
    define: 40-90 ms of the Python worker's thread on a repeat visit, before Python is ready.
    Two things take most of it, and both are done here with less work and the same result:

    - It walks the whole table of global symbols (about 8,500 entries, one for each function
      and global the module exports) for those ``GOTHandler`` created unresolved (-1) and
      nothing has resolved since (10-15 ms). Here ``GOTHandler`` also notes each entry it
      creates unresolved, and the report looks at those only, in the order they were
      created, which is their order in the table. An entry it does not get to (a symbol it
      cannot resolve stops it) is looked at again at the next call, as before.
    - Each of the 259 JavaScript functions it resolves is made a wasm function by compiling a
      module for it alone (15-45 ms), though the module's bytes depend on the function's
      signature only (52 of them). Here a signature's module is compiled once and
      instantiated for each function.

    The same entries are resolved to the same values, the same functions go to the same
    table slots, in the same order."""
    need_once(PYODIDE_ASM, text, LINKER)
    text = text.replace(WRAPPER, WRAPPER.replace(
        WRAPPER_COMPILE, "var scorerModules=convertJsFunctionToWasm.scorerModules??=new Map;"
        "var module=scorerModules.get(sig);if(!module){module=new WebAssembly.Module(bytes);"
        "scorerModules.set(sig,module)}"), 1)
    text = text.replace(GOT_TABLE, f"{GOT_TABLE}var scorerUnresolved=[];", 1)
    text = text.replace(GOT_UNRESOLVED,
                        GOT_UNRESOLVED[:-1] + ";scorerUnresolved.push(symName)}", 1)
    report = GOT_REPORT.replace(
        GOT_REPORT_HEAD,
        "var reportUndefinedSymbols=()=>{var scorerLooked=scorerUnresolved;scorerUnresolved=[];"
        "try{for(var symName of scorerLooked){var entry=GOT[symName];if(entry.value==-1){", 1)
    report = report[:-len(GOT_REPORT_TAIL)] + (
        "}}}catch(scorerError){scorerUnresolved=scorerLooked.concat(scorerUnresolved);"
        "throw scorerError}};var loadDylibs=")
    return text.replace(GOT_REPORT, report, 1)


def pyodide_exports(text: str) -> str:
    """Pyodide's ``pyodide.asm.mjs`` with the exports of its main module assigned by two loops
    over their names where no code of the file reads them by name (decision 604). Emscripten
    writes one statement for each export, ``_X=Module["_X"]=wasmExports["X"]``, each setting
    a variable of the module's closure as well as Module's property: 387 KB of the file's
    1.25 MB, which V8 parses three times at every start, a snapshot's restore too (the
    module's first compile, the module function's, the call's), on the Python worker's
    thread. Of its 4,870 variables, 135 are read anywhere else in the file.

    Here every property of Module gets the same value as before; the statements of the
    variables read elsewhere (and of the few exports of another shape) stay as they are;
    the other variables, which nothing reads, are no longer declared. Only code compiled
    from a side module (its EM_JS, run by ``eval`` in the closure) could have read them, and
    the site ships no side module (no ``.so`` file, no package in Pyodide's lock file)."""
    need_once(PYODIDE_ASM, text, EXPORTS)
    head = text.index(EXPORTS_HEAD)
    declared = text.rindex("var ", 0, head)
    names = text[declared + len("var "):head].split(",")
    if not all(IDENTIFIER.fullmatch(name) for name in names):
        raise FletChanged(PYODIDE_ASM, [f"var {{exports}}{EXPORTS_HEAD}"])
    body = head + len(EXPORTS_HEAD)
    end = text.index(EXPORTS_TAIL, body)
    read = set(IDENTIFIER.findall(text[:declared])) | set(IDENTIFIER.findall(text[end:]))
    kept: list[str] = []
    looped: dict[re.Pattern[str], list[str]] = {EXPORT_FUNCTION: [], EXPORT_GLOBAL: []}
    for statement in text[body:end].split(";"):
        for shape, exports in looped.items():
            found = shape.fullmatch(statement)
            if found and found[1] == "_" + found[2] and found[1] not in read:
                exports.append(found[2])
                break
        else:
            kept.append(statement)
    gone = {"_" + name for exports in looped.values() for name in exports}
    loops = "".join(
        f';for(var scorerExport of "{",".join(exports)}".split(","))'
        f'Module["_"+scorerExport]=wasmExports[scorerExport]{suffix}'
        for exports, suffix in ((looped[EXPORT_FUNCTION], ""),
                                (looped[EXPORT_GLOBAL], ".value>>>0")) if exports)
    declaration = "var " + ",".join([*(name for name in names if name not in gone),
                                     EXPORTS_HEAD[1:]])
    return text[:declared] + declaration + ";".join(kept) + loops + text[end:]
