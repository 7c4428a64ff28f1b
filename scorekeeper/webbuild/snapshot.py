"""A memory snapshot of the app's Python, made at build time: a start
restores it instead of booting Python and importing the app.

Pyodide can write the whole memory of a Python it runs (``_makeSnapshot``,
``makeMemorySnapshot``) and start a later Python from those bytes
(``_loadSnapshot``), skipping the interpreter's own start and every import
done before the snapshot. The build runs Pyodide under Node.js (the same
``pyodide.asm.wasm`` the browser loads: a snapshot names its build, and
Pyodide refuses another's), copies the app's folder where the browser's
worker unpacks it, imports what the app starts with
(``scorekeeper.ui.hosting.browser.preload``) and writes ``python.snapshot``. The
browser's worker (``patches.patch_python_worker``) fetches it beside
Pyodide and falls back to a plain start if it is missing or refused.

What a snapshot must not hold, checked here: a loaded native module (its
WebAssembly instance is not in the memory). Pyodide itself refuses one that
holds a reference to a JavaScript object.

What it fixes for every start of a build: the hash seed (0) and, while it
is made, the clock and the random bytes (``make_snapshot.mjs``), so the same
app gives the same bytes and an update that leaves the Python alone does
not download it again. The app undoes what matters: ``browser.run``
reseeds ``random``; importlib's cached folder times are the fixed clock's,
so the folders the worker unpacks at start (newer) are listed afresh. Left
as the build machine had them (Pyodide has no ``time.tzset``):
``time.tzname``, ``time.timezone`` and ``os.environ`` (``LANG`` is
``C.UTF-8``). The app reads neither: its times are UTC offsets
(``records.now``) shown as ``%H:%M`` (``formatting.when``), and its
language is Italian or the one chosen in the settings (``session``), so
nothing on screen differs from a plain start; new code must not read them
in the browser.

Measured (issue 27, docs/BENCHMARKS-web.md): Pyodide under Node.js up in
0.4 s instead of 0.9 s and the app's imports gone from the start.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from .bytecode import pyodide_failure, run_in_pyodide

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "make_snapshot.mjs"
SCRIPT = HERE / "templates" / "snapshot_main.py"
SNAPSHOT = "python.snapshot"
"""The file of the build, beside ``index.html``."""
REPORT_PREFIX = "spazzino-snapshot:"


class SnapshotError(RuntimeError):
    """Pyodide under Node.js could not make the snapshot, or made one that
    would break in the browser."""


@dataclass(frozen=True)
class SnapshotReport:
    bytes: int
    modules: int


def make_snapshot(tree: Path, pyodide_dir: Path, out: Path) -> SnapshotReport | None:
    """Write the snapshot of ``tree`` (the app's folder as the archive holds
    it) to ``out``; ``None`` without Node.js (the build then has none)."""
    node = shutil.which("node")
    if node is None:
        return None
    result = run_in_pyodide(node, RUNNER, pyodide_dir, str(tree), str(out), str(SCRIPT))
    lines = [
        line[len(REPORT_PREFIX) :]
        for line in result.stdout.splitlines()
        if line.startswith(REPORT_PREFIX)
    ]
    if result.returncode != 0 or not lines or not out.is_file():
        raise SnapshotError(f"no snapshot made: {pyodide_failure(result)}")
    report = json.loads(lines[-1])
    check_report(report)
    return SnapshotReport(bytes=out.stat().st_size, modules=int(report["modules"]))


def check_report(report: dict[str, object]) -> None:
    """A snapshot with a native module loaded would call code the browser
    never instantiated: refused.

    >>> check_report({"modules": 420, "native": []})
    >>> check_report({"modules": 420, "native": ["msgpack._cmsgpack"]})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.webbuild.snapshot.SnapshotError: ... msgpack._cmsgpack ...
    """
    native = report.get("native")
    if not isinstance(native, list) or native:
        names = (
            ", ".join(str(name) for name in native)
            if isinstance(native, list)
            else repr(native)
        )
        raise SnapshotError(
            "the snapshot would hold native modules: "
            f"{names} "
            "(import them after the start, not in preload)"
        )
