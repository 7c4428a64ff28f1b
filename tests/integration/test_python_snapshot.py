"""The web build's memory snapshot of Python (``webbuild/snapshot.py``), made
and restored by Pyodide under Node.js as the build and the browser's worker
do: the app's start is imported in it, a module imported later still loads,
and a damaged snapshot is refused by Pyodide (the worker then starts Python
plainly: ``patches.WORKER_SNAPSHOT_LOADER``); one larger than the memory
Pyodide starts with is restored (the loader grows the memory first). The
snapshot is made as the build makes it: from the app's folder
and Pyodide's standard library compiled to bytecode (``bytecode.py``), in
a copy of flet-web's Pyodide (the compile replaces its standard library).
The browser side runs in tests/e2e/test_web_build.py."""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import flet_web
import pytest

from scorekeeper.webbuild import build, bundle, bytecode, patches, snapshot
from scorekeeper.webbuild.downloads import app_pins, default_cache_dir, ensure_wheels

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")

PYODIDE = Path(flet_web.__file__).resolve().parent / "web" / "pyodide"

RESTORE_JS = """
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const [pyodideMjs, tree, snap, bytes, loaderJs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideMjs).href);
// the worker's own loader (patches.WORKER_SNAPSHOT_LOADER), its fetch served
// from the file
globalThis.self = globalThis;
globalThis.fetch = async () => new Response(readFileSync(snap));
(0, eval)(readFileSync(loaderJs, "utf8"));
const warnings = [];
console.warn = (...args) => warnings.push(args.join(" "));
self.spazzinoSnapshot = self.spazzinoFetchSnapshot("python.snapshot", Number(bytes));
const pyodide = await self.spazzinoLoadPyodide(loadPyodide, {});
const cwd = pyodide.runPython("import os; os.getcwd()");
function copy(source, target) {
  for (const name of readdirSync(source)) {
    const from = join(source, name), to = `${target}/${name}`;
    if (statSync(from).isDirectory()) { pyodide.FS.mkdirTree(to); copy(from, to); }
    else pyodide.FS.writeFile(to, readFileSync(from));
  }
}
copy(tree, cwd);  // the worker unpacks the archive after Python is up
const result = JSON.parse(pyodide.runPython(`
import json, sys
if "__pypackages__" not in sys.path:
    sys.path.insert(0, "__pypackages__")  # as the worker does
started = sorted(m for m in ("scorekeeper.ui.app", "scorekeeper.table", "flet")
                 if m in sys.modules)
later = "scorekeeper.ui.screens.history.view" in sys.modules
import scorekeeper.ui.screens.history.view
json.dumps({"started": started, "later_before": later,
            "later_after": "scorekeeper.ui.screens.history.view" in sys.modules,
            "pad": len(globals().get("_pad", b""))})
`));
result.warnings = warnings;
// the worker's loader lets the snapshot's buffer go once Python is up
result.snapshot_kept = pyodide._api.config._loadSnapshot !== undefined;
console.log("RESULT " + JSON.stringify(result));
"""


@dataclass(frozen=True)
class Made:
    tree: Path
    """The app's folder as the archive holds it, compiled to bytecode."""
    snap: Path
    pyodide: Path
    """The build's Pyodide: flet-web's with the compiled standard library."""
    report: snapshot.SnapshotReport
    log: tuple[str, ...]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Made:
    """The app's folder and its snapshot, made as ``build.build_web`` does."""
    work = tmp_path_factory.mktemp("snapshot")
    staging = work / "staging"
    staging.mkdir()
    build.stage_app(staging, build.PROJECT_ROOT)
    wheels = ensure_wheels(
        app_pins(build.PROJECT_ROOT / "requirements.txt"),
        default_cache_dir() / "wheels",
        lambda line: None,
    )
    tree = bundle.make_app_tree(staging, wheels, work / "tree")
    pyodide = work / "pyodide"
    shutil.copytree(PYODIDE, pyodide)
    compiled = bytecode.compile_python(
        tree, pyodide, default_cache_dir() / "pyc", work, lambda line: None
    )
    assert compiled is not None
    out = work / snapshot.SNAPSHOT
    log: list[str] = []
    report = build.python_snapshot(tree, pyodide, out, log.append)
    assert report is not None and report.bytes == out.stat().st_size
    return Made(tree, out, pyodide, report, tuple(log))


def restore(made: Made, snap: Path, made_bytes: int, tmp_path: Path) -> dict:
    """Python started by the worker's loader from ``snap`` (the build wrote
    ``made_bytes``): what was imported at once, what the loader warned."""
    script = tmp_path / "restore.mjs"
    script.write_text(RESTORE_JS, encoding="utf-8")
    loader = tmp_path / "loader.js"
    loader.write_text(patches.WORKER_SNAPSHOT_LOADER, encoding="utf-8")
    command = [
        "node",
        str(script),
        str(made.pyodide / "pyodide.mjs"),
        str(made.tree),
        str(snap),
        str(made_bytes),
        str(loader),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    line = next(x for x in result.stdout.splitlines() if x.startswith("RESULT "))
    return json.loads(line[len("RESULT ") :])


def test_a_restored_snapshot_has_the_apps_start_imported_and_imports_the_rest(
    made, tmp_path
):
    result = restore(made, made.snap, made.snap.stat().st_size, tmp_path)
    assert result["warnings"] == []
    assert result["snapshot_kept"] is False
    assert result["started"] == ["flet", "scorekeeper.table", "scorekeeper.ui.app"]
    # a screen the start does not draw is imported from the unpacked files
    assert result["later_before"] is False and result["later_after"] is True


def test_the_same_app_gives_the_same_snapshot_bytes(made, tmp_path):
    """An update that leaves the Python alone keeps the snapshot's hash, so
    the service worker does not download its 31 MB again."""
    again = snapshot.make_snapshot(made.tree, made.pyodide, tmp_path / "again")
    assert again is not None
    assert (tmp_path / "again").read_bytes() == made.snap.read_bytes()


def test_the_memory_read_from_a_snapshot_is_the_memory_python_had(made):
    """A snapshot holds the whole memory, at least what the module starts
    with; its heap ends within it, and the build says both."""
    wasm = (made.pyodide / snapshot.WASM).read_bytes()
    memory = snapshot.snapshot_memory(made.snap)
    assert memory == made.report.memory >= snapshot.initial_memory(wasm)
    assert memory % snapshot.WASM_PAGE == 0
    assert made.report.wasm_memory == snapshot.initial_memory(wasm)
    heap_end = made.report.heap_end
    assert heap_end is not None and 0 < heap_end <= memory
    assert made.log == (made.report.summary(),)
    assert f"Python's memory {memory / snapshot.MIB:.2f} MiB" in made.log[0]
    assert f"heap ends at {heap_end / snapshot.MIB:.2f} MiB" in made.log[0]


def test_a_snapshot_larger_than_the_memory_pyodide_starts_with_is_restored(
    made, tmp_path
):
    """Python's memory grown past the 30 MiB Pyodide's module defines while
    the snapshot is made (as an app importing more at its start does):
    Pyodide alone refuses it at every start ("offset is out of bounds");
    the worker's loader grows the memory first, so it is made, shipped and
    restored with everything it held."""
    padded = tmp_path / "snapshot_main.py"
    padded.write_text(
        snapshot.SCRIPT.read_text(encoding="utf-8")
        + "\nglobals()['_pad'] = bytearray(8_000_000)\n",
        encoding="utf-8",
    )
    out = tmp_path / snapshot.SNAPSHOT
    lines: list[str] = []
    report = build.python_snapshot(made.tree, made.pyodide, out, lines.append, padded)
    assert report is not None and out.is_file()
    wasm_memory = snapshot.initial_memory((made.pyodide / snapshot.WASM).read_bytes())
    assert report.heap_end is not None and report.memory >= report.heap_end
    assert report.heap_end > wasm_memory  # the padding is past the 30 MiB
    assert lines == [report.summary()] and "grown from Pyodide's" in lines[0]
    result = restore(made, out, out.stat().st_size, tmp_path)
    assert result["warnings"] == []
    assert result["started"] == ["flet", "scorekeeper.table", "scorekeeper.ui.app"]
    assert result["pad"] == 8_000_000
    assert result["later_after"] is True


@pytest.mark.parametrize("damage", ["truncated", "another header"])
def test_a_damaged_snapshot_is_not_run_python_starts_plainly(made, tmp_path, damage):
    """Pyodide checks a snapshot's header, not its length: the loader checks
    the size the build wrote (a truncated one would restore half a heap)."""
    data = made.snap.read_bytes()
    bad = tmp_path / "bad.snapshot"
    if damage == "truncated":
        bad.write_bytes(data[: len(data) // 3])
    else:
        bad.write_bytes(b"\0" * 64 + data[64:])
    result = restore(made, bad, len(data), tmp_path)
    assert result["started"] == []  # a plain start: nothing imported yet
    assert result["later_after"] is True  # and the app imports
    assert len(result["warnings"]) == 1
    assert result["warnings"][0].startswith("Spazzino: Python snapshot not used")
