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

What a snapshot must fit in, checked here too: the largest memory
``pyodide.asm.wasm`` can grow to (flet-web 1.0.5's: 4 GiB). Pyodide
restores a snapshot by copying it into the module's memory, which the
module defines at 30 MiB (its ``INITIAL_MEMORY`` for a snapshot is ignored
by a module that defines its own), so the worker's loader grows that
memory to the snapshot's size first (``patches.WORKER_SNAPSHOT_LOADER``):
the app's start may import more than 30 MiB of Python. One past the
module's maximum could never be restored: the build ships none
(``build.python_snapshot``) and says so.

Measured (issue 27, docs/BENCHMARKS-web.md): Pyodide under Node.js up in
0.4 s instead of 0.9 s and the app's imports gone from the start.
"""

from __future__ import annotations

import json
import shutil
import struct
from dataclasses import dataclass
from pathlib import Path

from .bytecode import pyodide_failure, run_in_pyodide

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "make_snapshot.mjs"
SCRIPT = HERE / "templates" / "snapshot_main.py"
SNAPSHOT = "python.snapshot"
"""The file of the build, beside ``index.html``."""
REPORT_PREFIX = "spazzino-snapshot:"
HEAP_PREFIX = "spazzino-snapshot-heap:"
WASM = "pyodide.asm.wasm"
WASM_PAGE = 65536
MIB = 1024 * 1024


class SnapshotError(RuntimeError):
    """Pyodide under Node.js could not make the snapshot, or made one that
    would break in the browser."""


class SnapshotTooLarge(SnapshotError):
    """The snapshot's memory is larger than Pyodide's memory can grow to:
    the browser could not restore it."""


class WasmError(ValueError):
    """A ``.wasm`` file this module cannot read its memory from."""


@dataclass(frozen=True)
class SnapshotReport:
    bytes: int
    modules: int
    wasm_memory: int
    """The memory Pyodide starts with (the worker grows it to the
    snapshot's before the restore)."""
    memory: int
    """The memory the snapshot holds."""
    heap_end: int | None
    """Where Python's heap ended when the snapshot was made (``None``: the
    Pyodide did not say)."""

    def summary(self) -> str:
        """The build's log line: how close the app's start is to the limit.

        >>> print(SnapshotReport(38800000, 455, 30 * MIB, 36 * MIB, 31090000)
        ...       .summary())  # doctest: +NORMALIZE_WHITESPACE
        Python snapshot: 455 modules, 38.8 MB; Python's memory 36.00 MiB
        (its heap ends at 29.65 MiB), grown from Pyodide's 30.00 MiB before
        the restore
        """
        heap = (
            ""
            if self.heap_end is None
            else (f" (its heap ends at {self.heap_end / MIB:.2f} MiB)")
        )
        grown = (
            f", grown from Pyodide's {self.wasm_memory / MIB:.2f} MiB before the "
            "restore"
            if self.memory > self.wasm_memory
            else f", within Pyodide's {self.wasm_memory / MIB:.2f} MiB"
        )
        return (
            f"Python snapshot: {self.modules} modules, "
            f"{self.bytes / 1_000_000:.1f} MB; Python's memory "
            f"{self.memory / MIB:.2f} MiB{heap}{grown}"
        )


def make_snapshot(
    tree: Path, pyodide_dir: Path, out: Path, script: Path = SCRIPT
) -> SnapshotReport | None:
    """Write the snapshot of ``tree`` (the app's folder as the archive holds
    it) to ``out``; ``None`` without Node.js (the build then has none).
    ``script``: what Python runs before the snapshot (``snapshot_main.py``;
    the tests pass another). :class:`SnapshotTooLarge` (and no ``out``) if
    it would not fit in the largest memory of ``pyodide_dir``'s Pyodide."""
    node = shutil.which("node")
    if node is None:
        return None
    result = run_in_pyodide(node, RUNNER, pyodide_dir, str(tree), str(out), str(script))
    lines = [
        line[len(REPORT_PREFIX) :]
        for line in result.stdout.splitlines()
        if line.startswith(REPORT_PREFIX)
    ]
    if result.returncode != 0 or not lines or not out.is_file():
        raise SnapshotError(f"no snapshot made: {pyodide_failure(result)}")
    report = json.loads(lines[-1])
    check_report(report)
    wasm_memory, wasm_maximum = memory_limits((pyodide_dir / WASM).read_bytes())
    memory = snapshot_memory(out)
    try:
        check_fits(memory, wasm_maximum)
    except SnapshotTooLarge:
        out.unlink()
        raise
    heap = [
        int(line[len(HEAP_PREFIX) :])
        for line in result.stdout.splitlines()
        if line.startswith(HEAP_PREFIX)
    ]
    return SnapshotReport(
        bytes=out.stat().st_size,
        modules=int(report["modules"]),
        wasm_memory=wasm_memory,
        memory=memory,
        heap_end=heap[-1] if heap and heap[-1] > 0 else None,
    )


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


def snapshot_memory(snapshot: Path) -> int:
    """Bytes of Python's memory in a Pyodide snapshot file: all but its
    header, whose length its second 32-bit word gives (after the magic)."""
    with snapshot.open("rb") as file:
        head = file.read(8)
    if len(head) < 8:
        raise SnapshotError(f"{snapshot}: {len(head)} bytes, not a snapshot")
    _magic, header = struct.unpack("<II", head)
    return snapshot.stat().st_size - header


def check_fits(memory: int, wasm_maximum: int) -> None:
    """A snapshot of ``memory`` bytes restores only into a Pyodide whose
    memory can grow to as much (``wasm_maximum``, :func:`memory_limits`):
    the worker grows it before the restore.

    >>> check_fits(36 * MIB, 4096 * MIB)
    >>> check_fits(36 * MIB, 32 * MIB)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.webbuild.snapshot.SnapshotTooLarge: ... 36.0 MiB ... 32.0 MiB ...
    """
    if memory > wasm_maximum:
        raise SnapshotTooLarge(
            f"Python's memory grew to {memory / MIB:.1f} MiB while the snapshot "
            f"was made, and Pyodide's can grow to {wasm_maximum / MIB:.1f} MiB "
            f"at most ({WASM}): the browser could not restore it. Import less "
            "before the snapshot (scorekeeper.ui.hosting.browser.preload) or "
            "free memory in webbuild/templates/snapshot_main.py."
        )


def initial_memory(wasm: bytes) -> int:
    """Bytes of the memory a WebAssembly module starts with (its first
    memory's, :func:`memory_limits`)."""
    return memory_limits(wasm)[0]


def memory_limits(wasm: bytes) -> tuple[int, int]:
    """Bytes of the memory a WebAssembly module starts with and of the most
    it can grow to (its declared maximum, else the 4 GiB a 32-bit address
    reaches): its first memory, defined (memory section) or imported
    (import section).

    A module defining 2 pages (the memory section: id 5, 3 bytes, 1 memory,
    limits without maximum, 2 pages):

    >>> head = b"\\0asm" + bytes([1, 0, 0, 0])
    >>> memory_limits(head + bytes([5, 3, 1, 0, 2]))
    (131072, 4294967296)

    Importing ``env.memory`` of 3 pages, at most 300 (the import section:
    id 2, 17 bytes, 1 import, "env", "memory", kind 2, limits with maximum;
    300 is 0xAC 0x02 in LEB128):

    >>> imports = bytes([2, 17, 1, 3]) + b"env" + bytes([6]) + b"memory"
    >>> memory_limits(head + imports + bytes([2, 1, 3, 0xAC, 0x02]))
    (196608, 19660800)
    >>> initial_memory(head + bytes([5, 1, 0]))
    Traceback (most recent call last):
    ...
    scorekeeper.webbuild.snapshot.WasmError: no memory defined or imported
    >>> initial_memory(b"\\0asm" + bytes([2, 0, 0, 0]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.webbuild.snapshot.WasmError: not a WebAssembly 1 module: ...
    """
    if wasm[:8] != b"\0asm\1\0\0\0":
        raise WasmError(f"not a WebAssembly 1 module: {wasm[:8]!r}")
    reader = _Reader(wasm, 8)
    while not reader.done():
        section = reader.byte()
        size = reader.uint()
        end = reader.at + size
        if section == _IMPORT:
            for _ in range(reader.uint()):
                reader.name()
                reader.name()
                kind = reader.byte()
                if kind == _KIND_MEMORY:
                    return reader.memory_limits()
                reader.skip_import(kind)
        elif section == _MEMORY and reader.uint() > 0:
            return reader.memory_limits()
        if section not in (_CUSTOM, _TYPE, _IMPORT, _FUNCTION, _TABLE):
            break  # the sections come in order: past where a memory is
        reader.at = end
    raise WasmError("no memory defined or imported")


_CUSTOM, _TYPE, _IMPORT, _FUNCTION, _TABLE, _MEMORY = range(6)
_KIND_FUNCTION, _KIND_TABLE, _KIND_MEMORY, _KIND_GLOBAL, _KIND_TAG = range(5)


class _Reader:
    """The binary format's encodings (LEB128 numbers, names, limits) from
    ``data``, at ``at``."""

    def __init__(self, data: bytes, at: int) -> None:
        self.data = data
        self.at = at

    def done(self) -> bool:
        return self.at >= len(self.data)

    def byte(self) -> int:
        if self.done():
            raise WasmError(f"ends at byte {self.at} inside a section")
        value = self.data[self.at]
        self.at += 1
        return value

    def uint(self) -> int:
        value = shift = 0
        while True:
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value
            if shift > 63:
                raise WasmError(f"a number too long at byte {self.at}")

    def name(self) -> None:
        length = self.uint()
        self.at += length

    def limits(self) -> tuple[int, int, int | None]:
        """The flags, the minimum and the maximum (``None``: none declared)."""
        flags = self.byte()
        minimum = self.uint()
        maximum = self.uint() if flags & 1 else None
        return flags, minimum, maximum

    def memory_limits(self) -> tuple[int, int]:
        flags, pages, most = self.limits()
        # custom-page-sizes proposal: flag 8, the page size's log2 follows
        page = 1 << self.uint() if flags & 8 else WASM_PAGE
        address_space = 1 << (64 if flags & 4 else 32)  # flag 4: a 64-bit memory
        maximum = address_space if most is None else min(address_space, most * page)
        return pages * page, maximum

    def skip_import(self, kind: int) -> None:
        if kind == _KIND_FUNCTION:
            self.uint()
        elif kind == _KIND_TABLE:
            self.byte()  # the element type
            self.limits()
        elif kind == _KIND_GLOBAL:
            self.byte()  # the value type
            self.byte()  # mutable or not
        elif kind == _KIND_TAG:
            self.byte()  # the attribute
            self.uint()
        else:
            raise WasmError(f"an import of unknown kind {kind} at byte {self.at}")
