"""Which of flet-web's files a browser loads, by the Flutter renderer the web
build is made for (``build.py``): the rest is not shipped, and the service
worker precaches, per browser, only the variant that browser loads.

>>> DEFAULT_RENDERER.name
'auto'
>>> sorted(CANVASKIT.variants), sorted(WASM.variants)
(['chromium', 'other'], ['chromium', 'other', 'skwasm', 'skwasm_heavy'])
>>> "main.dart.wasm" in CANVASKIT.unused, "main.dart.wasm" in WASM.unused
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

COMMON_UNUSED = (
    # Never requested by Flutter's loader in any browser: the wimp and
    # experimental renderers (flet sets neither).
    "canvaskit/wimp.js",
    "canvaskit/wimp.wasm",
    "canvaskit/experimental_webparagraph/canvaskit.js",
    "canvaskit/experimental_webparagraph/canvaskit.wasm",
    # Debug symbols and source maps, fetched only by developer tools.
    "flutter.js.map",
    # Pyodide's command-line launchers and type declarations (Node, not web).
    "pyodide/python",
    "pyodide/python.bat",
    "pyodide/python.exe",
    "pyodide/python_cli_entry.mjs",
    "pyodide/ffi.d.ts",
    "pyodide/pyodide.d.ts",
    # Never requested by the page (a cold open, listed by the browser):
    # micropip and its packaging (nothing is installed at start), the classic
    # Pyodide script (the worker imports pyodide.mjs), npm's package file,
    # Flutter's separate loader (flutter_bootstrap.js carries its own) and
    # version file, flet's logo (our start screen replaces it).
    "pyodide/micropip-0.11.1-py3-none-any.whl",
    "pyodide/packaging-26.1-py3-none-any.whl",
    "pyodide/pyodide.js",
    "pyodide/package.json",
    "flutter.js",
    "version.json",
    "icons/loading-animation.png",
)
UNUSED_SUFFIXES = (".symbols",)
WASM_FILES = ("main.dart.wasm", "main.dart.mjs")
"""The dart2wasm build."""
SKWASM = {
    # Flutter's loader runs skwasm where the browser has ImageDecoder and
    # V8's break iterators, skwasm_heavy (its own codecs and ICU) elsewhere:
    # Chromium on a page that is not secure (plain http on a LAN address)
    # has no ImageDecoder.
    "skwasm": [*WASM_FILES, "canvaskit/skwasm.js", "canvaskit/skwasm.wasm"],
    "skwasm_heavy": [
        *WASM_FILES,
        "canvaskit/skwasm_heavy.js",
        "canvaskit/skwasm_heavy.wasm",
    ],
}
CANVASKIT_JS = {
    # Flutter's loader picks the Chromium CanvasKit where the browser has
    # ImageDecoder and V8's break iterators, the full one elsewhere.
    "chromium": [
        "main.dart.js",
        "canvaskit/chromium/canvaskit.js",
        "canvaskit/chromium/canvaskit.wasm",
    ],
    "other": ["main.dart.js", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm"],
}


@dataclass(frozen=True)
class Renderer:
    """How Flutter draws the app in the browser, and so which of flet-web's
    files a browser loads. ``variants``: the files only some browsers load,
    by the name the page announces to the service worker (``head.html``:
    the same choice as Flutter's loader), which precaches those only."""

    name: str
    """``flet publish --web-renderer``'s value, written in index.html."""
    unused: tuple[str, ...]
    variants: dict[str, list[str]]


CANVASKIT = Renderer(
    "canvaskit",
    (*COMMON_UNUSED, *sorted({name for names in SKWASM.values() for name in names})),
    CANVASKIT_JS,
)
"""dart2js and CanvasKit everywhere (publish's default)."""
WASM = Renderer(
    "auto",
    COMMON_UNUSED,
    {**SKWASM, **CANVASKIT_JS},
)
"""Flutter's own choice: dart2wasm and skwasm where the browser has
WebAssembly GC and WebGL and is Chromium (the engine's allow list), dart2js
and CanvasKit elsewhere (Safari, Firefox)."""
DEFAULT_RENDERER = WASM


def prune_unused(dist: Path, renderer: Renderer) -> int:
    """Delete the files no browser loads with this build; return bytes freed."""
    freed = 0
    doomed = [dist / name for name in renderer.unused]
    doomed += [p for p in dist.rglob("*") if p.name.endswith(UNUSED_SUFFIXES)]
    for path in doomed:
        if path.is_file():
            freed += path.stat().st_size
            path.unlink()
    for folder in sorted(dist.rglob("*"), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    return freed
