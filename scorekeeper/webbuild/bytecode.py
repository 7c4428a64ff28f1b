"""Precompiled Python for the browser build: the app's folder and Pyodide's
standard library as ``.pyc``, written by Pyodide itself under Node.js.

``pyodide_compile.py`` does the compiling inside Pyodide (its CPython 3.14
writes the bytecode the browser will load); this module runs it
(``compile_python.mjs``), caches the compiled standard library (it depends
only on Pyodide's zip and the compiler, not on the app) and writes the
library the build ships: without the modules nothing kept imports.

Node.js is needed at build time.
Without it the build ships the sources, as flet publish does, and says so.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import pyodide_compile

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "compile_python.mjs"
COMPILER = HERE / "pyodide_compile.py"
STDLIB = "python_stdlib.zip"

WORKER_IMPORTS = frozenset(
    {"flet_js", "os", "runpy", "sys", "traceback", "tomllib", "urllib", "tarfile"}
)
"""What flet-web's python-worker.js imports around the app (not in the app's
code, so not seen by the import scan)."""

Log = Callable[[str], None]


def run_in_pyodide(
    node: str, runner: Path, pyodide_dir: Path, *args: str
) -> subprocess.CompletedProcess[str]:
    """``node runner pyodide.mjs args...`` (a build-time ``.mjs`` of this
    folder driving flet-web's own Pyodide), its output kept."""
    return subprocess.run(
        [node, str(runner), str(pyodide_dir / "pyodide.mjs"), *args],
        capture_output=True,
        text=True,
    )


def pyodide_failure(result: subprocess.CompletedProcess[str]) -> str:
    """What a failed :func:`run_in_pyodide` says: its status and the ends of
    its output."""
    return (
        f"Pyodide under Node.js failed (status {result.returncode}):\n"
        f"{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
    )


class CompileError(RuntimeError):
    """Pyodide under Node.js could not compile the app's Python."""


@dataclass(frozen=True)
class CompileReport:
    python: str
    modules: int
    dropped: tuple[str, ...]
    stdlib_bytes_before: int
    stdlib_bytes_after: int


def _key(stdlib: Path) -> str:
    digest = hashlib.sha256()
    for path in (stdlib, COMPILER, RUNNER):
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:20]


def compile_python(
    tree: Path, pyodide_dir: Path, cache: Path, work: Path, log: Log = print
) -> CompileReport | None:
    """Compile ``tree`` in place and replace ``pyodide_dir``'s standard
    library by the compiled one; ``None`` (sources kept) without Node.js."""
    node = shutil.which("node")
    if node is None:
        log(
            "Node.js not found: the browser build ships Python sources "
            "(each start compiles them; install nodejs for a faster app)"
        )
        return None
    stdlib = pyodide_dir / STDLIB
    key = _key(stdlib)
    cache.mkdir(parents=True, exist_ok=True)
    compiled = cache / f"stdlib-{key}.zip"
    imports = cache / f"stdlib-{key}.json"
    job = {"tree": _inside(tree, work), "report": "/work/report.json"}
    if not (compiled.exists() and imports.exists()):
        log("Compiling Python's standard library with Pyodide (once)...")
        shutil.copyfile(stdlib, work / "stdlib-source.zip")
        job["stdlib_in"] = "/work/stdlib-source.zip"
        job["stdlib_out"] = "/work/stdlib-compiled.zip"
    (work / "compile-job.json").write_text(json.dumps(job), encoding="utf-8")
    result = run_in_pyodide(node, RUNNER, pyodide_dir, str(work), "compile-job.json")
    report_path = work / "report.json"
    if result.returncode != 0 or not report_path.exists():
        raise CompileError(pyodide_failure(result))
    report = json.loads(report_path.read_text(encoding="utf-8"))
    if "stdlib_imports" in report:
        # each file whole or absent (moved into place): another build may
        # look at the cache meanwhile (the tests build two at once)
        written = work / "stdlib-imports.json"
        written.write_text(json.dumps(report["stdlib_imports"]), encoding="utf-8")
        shutil.move(str(work / "stdlib-compiled.zip"), compiled)
        shutil.move(str(written), imports)
    graph = json.loads(imports.read_text(encoding="utf-8"))
    roots = set(report["tree_imports"]) | set(report["boot_modules"]) | WORKER_IMPORTS
    before = stdlib.stat().st_size
    dropped = pyodide_compile.select_stdlib(str(compiled), graph, roots, str(stdlib))
    return CompileReport(
        python=report["python"],
        modules=sum(1 for _ in tree.rglob("*.pyc")),
        dropped=tuple(dropped),
        stdlib_bytes_before=before,
        stdlib_bytes_after=stdlib.stat().st_size,
    )


def _inside(path: Path, work: Path) -> str:
    """``path`` as Pyodide sees it (``work`` is mounted at ``/work``)."""
    try:
        return "/work/" + path.resolve().relative_to(work.resolve()).as_posix()
    except ValueError as error:
        raise CompileError(f"{path} is not inside {work}") from error
