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

RIVE_CDN_URL = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
"""Where flet-web's Flutter client loads the Rive runtime from, at every start."""

RIVE_LOCAL_DIR = "rive/"
"""The same-origin address, resolved against the page's ``<base href>``.

Neither server mode nor the web build ships anything there (issue 27): the
app draws no Rive animation, and loading the runtime cost every start of
the web build ~3 MB of WebAssembly compiled beside Flutter's own start
(a probe with it blocked: every step of a warm open 0.3-0.8 s earlier). The
client's script request fails at once (a 404 online, the service worker's
network error offline) and its Rive promise never settles, with no visible
effect, as on a failing CDN request; nothing leaves the site."""

PYODIDE_URL_BROKEN = 'flet.pyodideUrl="pyodide/pyodide.mjs";'
PYODIDE_URL_FIXED = 'flet.pyodideUrl="./pyodide/pyodide.mjs";'
RENDERER_CANVASKIT = 'flet.webRenderer="canvaskit";'
BOOTSTRAP_SCRIPT = '<script src="flutter_bootstrap.js" async></script>'
SW_STUB_MARKER = "self.registration.unregister()"
SERVICE_WORKER_TEMPLATE = "templates/flutter_service_worker.js"
CACHE_PREFIX = "spazzino-web-"
"""Every cache of this app's service worker; older builds' are deleted."""


class PatchError(RuntimeError):
    """A file of the build is not what this flet version is known to write."""

    def __init__(self, file: str, expected: str, found: str = "") -> None:
        message = (
            f"{file}: expected {expected}"
            + (f", found {found}" if found else "")
            + ". The browser build is made for flet 1.0.5; check the patch in "
            "scorekeeper/ui/webbuild/patches.py against this flet version."
        )
        super().__init__(message)
        self.file = file
        self.expected = expected


def _count(text: str, needle: str) -> int:
    return text.count(needle)


def replace_once(text: str, old: str, new: str, file: str, what: str) -> str:
    """``text`` with the one occurrence of ``old`` replaced; PatchError if it
    occurs zero or several times."""
    n = _count(text, old)
    if n != 1:
        raise PatchError(file, f"exactly one {what} ({old!r})", f"{n}")
    return text.replace(old, new)


def patch_index_html(text: str, head_snippet: str) -> str:
    """Fix the Pyodide URL of ``--no-cdn`` and add our ``<script>`` (service
    worker registration, storage persistence request) before the bootstrap.

    flet 1.0.5 writes ``pyodide/pyodide.mjs``, a bare module specifier that
    the module worker's ``import()`` refuses; ``./`` makes it a relative URL.
    The renderer must be CanvasKit: the build drops the skwasm files.
    """
    file = "index.html"
    text = replace_once(
        text, PYODIDE_URL_BROKEN, PYODIDE_URL_FIXED, file, "Pyodide URL line"
    )
    if RENDERER_CANVASKIT not in text:
        raise PatchError(file, f"the CanvasKit renderer ({RENDERER_CANVASKIT!r})")
    return replace_once(
        text,
        BOOTSTRAP_SCRIPT,
        head_snippet.rstrip("\n") + "\n  " + BOOTSTRAP_SCRIPT,
        file,
        "bootstrap script tag",
    )


def patch_main_dart_js(text: str) -> str:
    """Ask this site for the Rive runtime instead of jsDelivr (it has none:
    :data:`RIVE_LOCAL_DIR`)."""
    return replace_once(
        text,
        f'"{RIVE_CDN_URL}"',
        f'"{RIVE_LOCAL_DIR}"',
        "main.dart.js",
        "Rive CDN URL string",
    )


def same_length_local_rive() -> str:
    """A same-origin address of the Rive folder as long as :data:`RIVE_CDN_URL`
    (``/././…/rive/``: the dot segments vanish when the browser resolves it)."""
    pad = len(RIVE_CDN_URL) - len(RIVE_LOCAL_DIR)
    return ("/" if pad % 2 else "") + "./" * (pad // 2) + RIVE_LOCAL_DIR


def patch_main_dart_wasm(data: bytes) -> bytes:
    """Load the Rive runtime from this origin in the WebAssembly build.

    Chromium runs flet-web's ``main.dart.wasm`` (skwasm), not ``main.dart.js``.
    The CDN address is a string constant imported by name: replaced by an
    address of the same length, no offset or section size in the module
    changes.
    """
    old = RIVE_CDN_URL.encode("ascii")
    if data.count(old) != 1:
        raise PatchError(
            "main.dart.wasm", f"exactly one Rive CDN URL ({RIVE_CDN_URL!r})"
        )
    new = same_length_local_rive().encode("ascii")
    assert len(new) == len(old)
    return data.replace(old, new)


def check_service_worker_stub(text: str) -> None:
    """flet-web's ``flutter_service_worker.js`` must be the unregistering stub
    that ours replaces (a real Flutter worker would mean the build changed)."""
    if SW_STUB_MARKER not in text or len(text) > 4000:
        raise PatchError(
            "flutter_service_worker.js",
            f"flet-web's small stub that calls {SW_STUB_MARKER}",
        )


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


VIEWPORT_LOCKED = (
    'p.content="width=device-width, initial-scale=1.0, maximum-scale=1.0, '
    'user-scalable=no"'
)
VIEWPORT_ZOOMABLE = 'p.content="width=device-width, initial-scale=1.0"'


def patch_viewport(text: str) -> str:
    """Let the phone pinch-zoom: Flutter's engine writes a viewport that
    forbids it (``maximum-scale=1.0, user-scalable=no``), which Lighthouse
    flags and a player with poor sight needs."""
    return replace_once(
        text, VIEWPORT_LOCKED, VIEWPORT_ZOOMABLE, "main.dart.js", "viewport content"
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
