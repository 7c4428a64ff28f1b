"""Bytecode for the browser, compiled by the Python that runs it.

Run **inside Pyodide** (under Node.js, by ``compile_python.mjs``) at build
time: ``.pyc`` files only load in the exact CPython version that wrote them
(3.14 for Pyodide 314), and this machine's Python is another. Plain Python
3.11+ code otherwise (it is imported by the unit tests under CPython too).

Without this, Pyodide compiles every module it imports from source at every
start: the standard library it boots with (asyncio, typing, inspect,
dataclasses...), flet and the app. Flet 1.1.1 did the same for its standard
library ("start Python 2-3x faster in web apps").

Two jobs, described by a JSON file (:func:`main`):

* ``stdlib``: Pyodide's ``python_stdlib.zip`` rewritten with each module as
  a source-less ``.pyc``; top-level modules and packages that nothing kept
  imports (the app's bundle, Pyodide's own boot, the rest of the kept
  library; measured on the code's import instructions) are left out.
* ``tree``: every ``.py`` of the app's folder replaced by its ``.pyc`` (the
  legacy source-less layout, found by the normal path finder), ``.pyi`` and
  ``py.typed`` removed.

The ``.pyc`` files are unchecked-hash ones (PEP 552): no timestamp inside, so
the same source gives the same bytes at every build.
"""

from __future__ import annotations

import dis
import importlib.util
import json
import os
import sys
import types
import zipfile
from collections.abc import Iterable, Iterator
from importlib import _bootstrap_external

ALWAYS_KEEP = frozenset(
    {
        # Looked up by name at run time (codecs.lookup -> encodings.<name>).
        "encodings",
        # Pyodide's own packages and the parts its boot imports.
        "pyodide",
        "_pyodide",
        "site-packages",
    }
)

DROP_CANDIDATES = frozenset(
    {
        "_pyrepl",
        "pydoc",
        "pydoc_data",
        "doctest",
        "pdb",
        "bdb",
        "unittest",
        "xmlrpc",
        "mailbox",
        "imaplib",
        "ftplib",
        "smtplib",
        "poplib",
        "nntplib",
        "pickletools",
        "idlelib",
        "turtle",
        "turtledemo",
        "tkinter",
        "ensurepip",
        "venv",
        "lib2to3",
        "curses",
        "dbm",
        "sqlite3",
        "multiprocessing",
        "wsgiref",
        "sched",
        "tabnanny",
        "trace",
        "profile",
        "cProfile",
        "pstats",
        "timeit",
        "code",
        "_pydatetime",
        "_pydecimal",
        "_pyio",
        "difflib",
        "calendar",
        "cmd",
        "shelve",
        "tomllib",
        "zipapp",
        "compileall",
        "py_compile",
        "filecmp",
        "netrc",
        "mimetypes",
        "getpass",
        "imghdr",
        "sndhdr",
        "this",
        "antigravity",
        "__phello__",
        "__hello__",
    }
)
"""Left out of the browser's library unless something kept imports them
(then they stay: the import check decides, not this list)."""


def to_pyc(source: bytes, filename: str) -> tuple[types.CodeType, bytes]:
    """The code object of ``source`` and its unchecked-hash ``.pyc`` bytes."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    data = _bootstrap_external._code_to_hash_pyc(  # type: ignore[attr-defined]
        code, importlib.util.source_hash(source), checked=False
    )
    return code, bytes(data)


def imported_names(code: types.CodeType) -> Iterator[str]:
    """Every absolute module name imported anywhere in ``code`` (functions
    and classes included): what a later call may import."""
    stack = [code]
    while stack:
        current = stack.pop()
        instructions = list(dis.get_instructions(current))
        for index, instruction in enumerate(instructions):
            if instruction.opname != "IMPORT_NAME":
                continue
            # IMPORT_NAME pops (level, fromlist): the level is loaded first.
            level = instructions[index - 2].argval if index >= 2 else 0
            if level == 0:
                yield str(instruction.argval)
        stack.extend(c for c in current.co_consts if isinstance(c, types.CodeType))


def top_of(name: str) -> str:
    """The top-level part of a zip member or module name."""
    return name.replace("\\", "/").split("/")[0].split(".")[0]


def kept_tops(
    imports_by_top: dict[str, set[str]],
    roots: Iterable[str],
    candidates: Iterable[str],
) -> set[str]:
    """The library's top-level names to keep: every name that is no drop
    candidate, plus each candidate imported by something kept (to a fixed
    point). ``roots`` are imports from outside the library (the app)."""
    candidates = set(candidates)
    keep = set(imports_by_top) - candidates
    wanted = {top_of(name) for name in roots}
    changed = True
    while changed:
        changed = False
        for top in list(keep):
            wanted |= imports_by_top.get(top, set())
        for top in wanted & candidates - keep:
            keep.add(top)
            changed = True
    return keep & set(imports_by_top)


def compile_stdlib(source_zip: str, target_zip: str) -> dict[str, list[str]]:
    """Every module of ``source_zip`` as a ``.pyc`` in ``target_zip`` (other
    files as they are); return each top-level name's imports."""
    imports_by_top: dict[str, set[str]] = {}
    entries: dict[str, bytes] = {}
    with zipfile.ZipFile(source_zip) as source:
        for info in source.infolist():
            if info.is_dir():
                continue
            data = source.read(info)
            top = top_of(info.filename)
            imports_by_top.setdefault(top, set())
            if info.filename.endswith(".py"):
                code, pyc = to_pyc(data, "/lib/python314.zip/" + info.filename)
                imports_by_top[top] |= {top_of(n) for n in imported_names(code)}
                entries[info.filename[:-3] + ".pyc"] = pyc
            else:
                entries[info.filename] = data
    write_zip(target_zip, entries)
    return {top: sorted(names) for top, names in sorted(imports_by_top.items())}


def write_zip(path: str, entries: dict[str, bytes]) -> None:
    """A reproducible zip (sorted, fixed dates) of ``entries``."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, entries[name])


def select_stdlib(
    compiled_zip: str,
    imports_by_top: dict[str, list[str]],
    roots: Iterable[str],
    target_zip: str,
) -> list[str]:
    """``compiled_zip`` without the drop candidates nothing kept imports,
    written to ``target_zip``; return the top-level names left out."""
    graph = {top: set(names) for top, names in imports_by_top.items()}
    keep = kept_tops(graph, roots, DROP_CANDIDATES - ALWAYS_KEEP)
    with zipfile.ZipFile(compiled_zip) as source:
        entries = {
            info.filename: source.read(info)
            for info in source.infolist()
            if top_of(info.filename) in keep
        }
    write_zip(target_zip, entries)
    return sorted(set(graph) - keep)


def compile_tree(root: str) -> set[str]:
    """Replace each ``.py`` under ``root`` (except ``root/main.py``, the
    entry run by name) with its ``.pyc``; return every absolute import."""
    imports: set[str] = set()
    for folder, _dirs, files in os.walk(root):
        for name in sorted(files):
            path = os.path.join(folder, name)
            if name.endswith(".pyi") or name == "py.typed":
                os.remove(path)
                continue
            if not name.endswith(".py"):
                continue
            with open(path, "rb") as handle:
                source = handle.read()
            relative = os.path.relpath(path, root)
            code, pyc = to_pyc(source, relative)
            imports.update(imported_names(code))
            if relative == "main.py":
                continue
            with open(path[:-3] + ".pyc", "wb") as handle:
                handle.write(pyc)
            os.remove(path)
    return imports


def main(job_path: str) -> None:
    """Run the job described in ``job_path`` (JSON: ``tree`` and ``report``;
    ``stdlib_in``, ``stdlib_out`` when the compiled library is not cached)."""
    with open(job_path, encoding="utf-8") as handle:
        job = json.load(handle)
    report: dict[str, object] = {"python": sys.version.split()[0]}
    report["tree_imports"] = sorted(compile_tree(job["tree"]))
    report["boot_modules"] = sorted(sys.modules)  # what Pyodide's boot imported
    if job.get("stdlib_in"):
        report["stdlib_imports"] = compile_stdlib(job["stdlib_in"], job["stdlib_out"])
    with open(job["report"], "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=1)
