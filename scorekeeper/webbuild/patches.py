"""Edits of the files ``flet publish`` (flet 1.0.5) writes, each checked first.

Each patch names the text it expects in flet-web's output. When a flet
upgrade changes that text, the patch raises :class:`PatchError` naming the
file and what it looked for, instead of quietly shipping a build that breaks
in the browser (or calls a CDN). Pure functions of text, so they are tested
without a build.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path

from scorekeeper.ui.hosting.flet_fixes import (  # re-exported: the build uses them
    RIVE_CDN_URL as RIVE_CDN_URL,
)
from scorekeeper.ui.hosting.flet_fixes import (
    RIVE_LOCAL_DIR as RIVE_LOCAL_DIR,
)
from scorekeeper.ui.hosting.flet_fixes import (
    UNUSED_FONT_FOLDER as UNUSED_FONT_FOLDER,
)
from scorekeeper.ui.hosting.flet_fixes import (
    VIEWPORT_LOCKED as VIEWPORT_LOCKED,
)
from scorekeeper.ui.hosting.flet_fixes import (
    VIEWPORT_ZOOMABLE as VIEWPORT_ZOOMABLE,
)
from scorekeeper.ui.hosting.flet_fixes import (
    WASM_VIEWPORT_LOCKED as WASM_VIEWPORT_LOCKED,
)
from scorekeeper.ui.hosting.flet_fixes import (
    WASM_VIEWPORT_ZOOMABLE as WASM_VIEWPORT_ZOOMABLE,
)
from scorekeeper.ui.hosting.flet_fixes import (
    PatchError as PatchError,
)
from scorekeeper.ui.hosting.flet_fixes import (
    drop_unused_fonts as drop_unused_fonts,
)
from scorekeeper.ui.hosting.flet_fixes import (
    patch_main_dart_js as patch_main_dart_js,
)
from scorekeeper.ui.hosting.flet_fixes import (
    patch_main_dart_wasm as patch_main_dart_wasm,
)
from scorekeeper.ui.hosting.flet_fixes import (
    patch_viewport as patch_viewport,
)
from scorekeeper.ui.hosting.flet_fixes import (
    replace_once as replace_once,
)

PYODIDE_URL_BROKEN = 'flet.pyodideUrl="pyodide/pyodide.mjs";'
PYODIDE_URL_FIXED = 'flet.pyodideUrl="./pyodide/pyodide.mjs";'
RENDERER_LINE = 'flet.webRenderer="{}";'
BOOTSTRAP_SCRIPT = '<script src="flutter_bootstrap.js" async></script>'
SW_STUB_MARKER = "self.registration.unregister()"
SERVICE_WORKER_TEMPLATE = "templates/flutter_service_worker.js"
CACHE_PREFIX = "spazzino-web-"
"""Every cache of this app's service worker; older builds' are deleted."""


def _count(text: str, needle: str) -> int:
    return text.count(needle)


def patch_index_html(text: str, head_snippet: str, renderer: str) -> str:
    """Fix the Pyodide URL of ``--no-cdn`` and add our ``<script>`` (service
    worker registration, storage persistence request) before the bootstrap.

    flet 1.0.5 writes ``pyodide/pyodide.mjs``, a bare module specifier that
    the module worker's ``import()`` refuses; ``./`` makes it a relative URL.
    The renderer must be the one the build was made for (it drops the
    files of the others).
    """
    file = "index.html"
    text = replace_once(
        text, PYODIDE_URL_BROKEN, PYODIDE_URL_FIXED, file, "Pyodide URL line"
    )
    line = RENDERER_LINE.format(renderer)
    if line not in text:
        raise PatchError(file, f"the {renderer} renderer ({line!r})")
    return replace_once(
        text,
        BOOTSTRAP_SCRIPT,
        head_snippet.rstrip("\n") + "\n  " + BOOTSTRAP_SCRIPT,
        file,
        "bootstrap script tag",
    )


def check_service_worker_stub(text: str) -> None:
    """flet-web's ``flutter_service_worker.js`` must be the unregistering stub
    that ours replaces (a real Flutter worker would mean the build changed)."""
    if SW_STUB_MARKER not in text or len(text) > 4000:
        raise PatchError(
            "flutter_service_worker.js",
            f"flet-web's small stub that calls {SW_STUB_MARKER}",
        )


WORKER_LOAD = "        self.pyodide = await loadPyodide({\n"
WORKER_MESSAGE = "        self.pythonModuleName = event.data.pythonModuleName;\n"
WORKER_SNAPSHOT_LOADER = """\
// Spazzino (scorekeeper/webbuild/patches.py): Python from the build's
// memory snapshot (snapshot.py) when the page names one, fetched beside
// Pyodide's own files; a plain start if it is missing, not the size the build
// wrote (Pyodide checks its header, not its length) or refused by Pyodide.
self.spazzinoSnapshot = Promise.resolve(null);
self.spazzinoFetchSnapshot = function (url, bytes) {
    if (!url) return Promise.resolve(null);
    return fetch(url)
        .then((response) => (response.ok ? response.arrayBuffer() : null))
        .then((buffer) => {
            if (buffer && buffer.byteLength !== bytes) {
                console.warn("Spazzino: Python snapshot not used: "
                    + `${buffer.byteLength} bytes, not ${bytes}`);
                return null;
            }
            return buffer;
        })
        .catch((error) => {
            console.warn("Spazzino: Python snapshot not used:", error);
            return null;
        });
};
// Pyodide restores a snapshot by copying it over its memory, which
// pyodide.asm.wasm defines at 30 MiB: the snapshot of a Python that grew past
// it would not fit ("offset is out of bounds"). Its module factory is wrapped
// (loadPyodide's createPyodideModule) so that the module's memory is grown to
// the snapshot's size (Emscripten's growMemory, which renews the heap's
// views) once the module is made, before loadPyodide restores the snapshot.
self.spazzinoGrowingFactory = function (bytes, factory) {
    return async function (settings) {
        // Pyodide's own factory: pyodide.asm.mjs where Pyodide finds its files
        const create = factory
            || (await import(settings.locateFile("pyodide.asm.mjs"))).default;
        const module = await create(settings);
        if (module.HEAP8.length < bytes && !module.growMemory(bytes)) {
            throw new Error(`Python's memory could not grow to ${bytes} bytes`);
        }
        return module;
    };
};
self.spazzinoLoadPyodide = async function (loadPyodide, options) {
    const snapshot = await self.spazzinoSnapshot;
    self.spazzinoSnapshot = null;
    if (snapshot) {
        try {
            const pyodide = await loadPyodide({
                ...options,
                _loadSnapshot: snapshot,
                // the header's few KiB included: a page more at most
                createPyodideModule: self.spazzinoGrowingFactory(
                    snapshot.byteLength, options.createPyodideModule),
            });
            // Pyodide keeps its options (API.config): without this the
            // snapshot's 31 MB stay in the worker beside Python's memory.
            if (pyodide._api && pyodide._api.config) {
                delete pyodide._api.config._loadSnapshot;
            }
            return pyodide;
        } catch (error) {
            console.warn("Spazzino: Python snapshot not used:", error);
        }
    }
    return await loadPyodide(options);
};
"""
WORKER_SNAPSHOT_FETCH = """\
        self.spazzinoSnapshot = self.spazzinoFetchSnapshot(
            event.data.snapshotUrl, event.data.snapshotBytes);
"""
WORKER_UNPACK = "            await response.unpack_archive(format=_archive_format)\n"
WORKER_UNPACK_TRUSTED = """\
            if _archive_format == "gztar":
                # Spazzino (webbuild/patches.py): the build's own archive, from
                # the site that sent this worker: unpacked without tarfile's
                # "data" filter, which checks every member's path and mode at
                # every start.
                import io as _io
                import tarfile as _tarfile

                _bytes = _io.BytesIO(await response.bytes())
                with _tarfile.open(fileobj=_bytes, mode="r:gz") as _tar:
                    _tar.extractall(filter="fully_trusted")
            else:
                await response.unpack_archive(format=_archive_format)
"""


def patch_python_worker(text: str) -> str:
    """flet-web's ``python-worker.js`` made to start Python from the build's
    memory snapshot (``snapshot.py``): the page's first message names it
    (``snapshotUrl``), the worker fetches it at once, while Pyodide's own
    files load, and passes it to ``loadPyodide``. A message without it (flet's
    own ``jsConnect``) starts Python as before. The app's ``.tar.gz`` is
    unpacked as trusted (it is the build's, from the worker's own site)."""
    file = "python-worker.js"
    text = replace_once(
        text, WORKER_UNPACK, WORKER_UNPACK_TRUSTED, file, "archive unpacking"
    )
    text = replace_once(
        text,
        WORKER_LOAD,
        "        self.pyodide = await self.spazzinoLoadPyodide(loadPyodide, {\n",
        file,
        "loadPyodide call",
    )
    text = replace_once(
        text,
        WORKER_MESSAGE,
        WORKER_MESSAGE + WORKER_SNAPSHOT_FETCH,
        file,
        "python module name from the first message",
    )
    return WORKER_SNAPSHOT_LOADER + text


PYODIDE_SNAPSHOT_HOOKS = {
    "pyodide/pyodide.mjs": (
        # loadPyodide takes the module factory from its options,
        "if(e.createPyodideModule)return e.createPyodideModule;",
        # hands it settings whose locateFile finds pyodide.asm.mjs,
        'locateFile:o(i=>e.indexURL+i,"locateFile")',
        # and makes the module (Re) before it restores the snapshot (Ae)
        "r=await Re(i,n);Fe(r,t);let a=Ae(r,s,t)",
    ),
    "pyodide/pyodide.asm.mjs": (
        'Module["growMemory"]=growMemory',
        # the restore: the snapshot's memory copied over the module's
        "return Module.HEAP8.set(t),l",
    ),
}


def check_pyodide_snapshot_hooks(files: dict[str, str]) -> None:
    """The worker's snapshot loader (:data:`WORKER_SNAPSHOT_LOADER`) grows
    Pyodide's memory through ``loadPyodide``'s ``createPyodideModule``
    option before the restore; ``files`` (path -> text, the keys of
    :data:`PYODIDE_SNAPSHOT_HOOKS`) must work as Pyodide 314.0.7's do."""
    for file, needles in PYODIDE_SNAPSHOT_HOOKS.items():
        text = files.get(file, "")
        for needle in needles:
            if _count(text, needle) != 1:
                raise PatchError(file, f"one {needle!r} (the snapshot loader's hook)")


JS_CONNECT = "globalThis.jsConnect = async function (appId, args, dartOnMessage)"


def check_python_js(text: str) -> None:
    """Our page script wraps flet-web's ``jsConnect`` (the Flutter client's
    call that starts Python) to register the service worker once Python is
    up; the function must be there, as flet-web 1.0.5 defines it."""
    if _count(text, JS_CONNECT) != 1:
        raise PatchError("python.js", f"one definition {JS_CONNECT!r}")


def check_pyodide_lock(text: str, version: str) -> dict[str, object]:
    """The parsed ``pyodide-lock.json`` of flet-web, with ``info.version`` set
    (flet-cli checks that key to accept a cached Pyodide; Pyodide itself
    checks only ``abi_version``)."""
    file = "flet_web/web/pyodide/pyodide-lock.json"
    try:
        lock = json.loads(text)
    except json.JSONDecodeError as error:
        raise PatchError(file, "JSON", str(error)) from error
    info = lock.get("info") if isinstance(lock, dict) else None
    if not isinstance(info, dict) or "abi_version" not in info:
        raise PatchError(file, 'an "info" object with "abi_version"')
    if info.get("version") not in (None, version):
        raise PatchError(file, f'no "version" or "{version}"', str(info["version"]))
    info["version"] = version
    return lock


def fill_template(template: str, values: dict[str, str], file: str) -> str:
    """Replace each ``__KEY__`` of ``values``; every key must occur, and no
    ``__UPPER__`` placeholder may be left."""
    for key, value in values.items():
        marker = f"__{key}__"
        if marker not in template:
            raise PatchError(file, f"the placeholder {marker}")
        template = template.replace(marker, value)
    left = re.findall(r"__[A-Z][A-Z_]*__", template)
    if left:
        raise PatchError(file, "no placeholder left", ", ".join(sorted(set(left))))
    return template


def build_files(root: Path, exclude: Iterable[str] = ()) -> list[str]:
    """Every file under ``root`` as a sorted list of ``/``-separated relative
    paths, except those in ``exclude``."""
    skip = set(exclude)
    return sorted(
        path.relative_to(root).as_posix()
        for path in root.rglob("*")
        if path.is_file() and path.relative_to(root).as_posix() not in skip
    )


def build_hash(root: Path, files: Iterable[str]) -> str:
    """A hash of the names and contents of ``files``: a new build (any file
    changed) gets a new service-worker cache."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode("utf-8") + b"\0")
        digest.update(hashlib.sha256((root / name).read_bytes()).digest())
    return digest.hexdigest()


def service_worker(
    template: str,
    files: dict[str, str],
    version: str,
    variants: dict[str, list[str]],
) -> str:
    """The service worker of a build: ``files`` (path -> content hash) in a
    cache named by ``version``; the paths in ``variants`` are precached only
    for the browser that loads them (``chromium`` or ``other`` CanvasKit;
    any other group never)."""
    listed = {path for group in variants.values() for path in group}
    unknown = sorted(listed - set(files))
    if unknown:
        raise PatchError(
            SERVICE_WORKER_TEMPLATE, "variants among the files", ", ".join(unknown)
        )
    return fill_template(
        template,
        {
            "VERSION": version,
            "CACHE_NAME": f"{CACHE_PREFIX}{version}",
            "CACHE_PREFIX": CACHE_PREFIX,
            "FILES": json.dumps(files, indent=1, sort_keys=True),
            "VARIANTS": json.dumps(variants, indent=1, sort_keys=True),
        },
        SERVICE_WORKER_TEMPLATE,
    )


SW_SETTINGS = re.compile(
    r"\n[ \t]*serviceWorkerSettings: \{\n[ \t]*serviceWorkerVersion: "
    r'"[^"]*"[^\n]*\n[ \t]*\},'
)


def drop_bootstrap_service_worker(text: str) -> str:
    """Flutter's bootstrap must not touch service workers: with a version it
    re-registers ``flutter_service_worker.js?v=<version>`` and waits up to 4 s
    for it to activate before starting (``timeoutMillis``), which made the
    launch after an update ~4.5 s slower. The page registers ours."""
    file = "flutter_bootstrap.js"
    found = SW_SETTINGS.findall(text)
    if len(found) != 1:
        raise PatchError(
            file, "exactly one serviceWorkerSettings block", f"{len(found)}"
        )
    return SW_SETTINGS.sub("", text)


FLET_LOADING_IMAGE = '<img src="icons/loading-animation.png" alt="" />'


def drop_flet_loading_image(text: str) -> str:
    """flet-web's start screen is its logo; ours (head.html) covers the page
    with the app's name and progress, so the logo is not fetched at all."""
    return replace_once(text, FLET_LOADING_IMAGE, "", "index.html", "Flet's logo")


def file_hash(path: Path) -> str:
    """The first 16 hex digits of a file's SHA-256 (the service worker
    computes the same to check what it downloaded)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
