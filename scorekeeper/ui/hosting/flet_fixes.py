"""The edits flet-web's client needs to run here, offline: the Rive runtime
asked of this origin instead of jsDelivr, a viewport that lets a phone
pinch-zoom, and a font list without the fonts the app never draws. The
server applies them to flet-web's files at each start
(``server.runtime_assets``) and the web build to its own copy
(``scorekeeper/webbuild/patches.py``); each checks first that the text it
edits is there (:class:`PatchError` otherwise)."""

from __future__ import annotations

import json

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


class PatchError(RuntimeError):
    """A file of the build is not what this flet version is known to write."""

    def __init__(self, file: str, expected: str, found: str = "") -> None:
        message = (
            f"{file}: expected {expected}"
            + (f", found {found}" if found else "")
            + ". The browser build is made for flet 1.0.5; check the patch in "
            "scorekeeper/webbuild/patches.py against this flet version."
        )
        super().__init__(message)
        self.file = file
        self.expected = expected


def replace_once(text: str, old: str, new: str, file: str, what: str) -> str:
    """``text`` with the one occurrence of ``old`` replaced; PatchError if it
    occurs zero or several times."""
    n = text.count(old)
    if n != 1:
        raise PatchError(file, f"exactly one {what} ({old!r})", f"{n}")
    return text.replace(old, new)


WASM_VIEWPORT_LOCKED = (
    "width=device-width, initial-scale=1.0, maximum-scale=1.0, user-scalable=no"
)
"""The viewport Flutter's engine writes: no pinch-zoom."""
WASM_VIEWPORT_ZOOMABLE = (
    "width=device-width, initial-scale=1.0, maximum-scale=5.0,user-scalable=yes"
)
"""Pinch-zoom up to 5x (Lighthouse's bar); as long as the locked one, so the
wasm keeps every offset and size."""


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


def _replace_bytes_once(data: bytes, old: str, new: str, what: str) -> bytes:
    file = "main.dart.wasm"
    if len(new) != len(old):
        raise ValueError(f"{file}: {what}: {new!r} is not as long as {old!r}")
    if data.count(old.encode("ascii")) != 1:
        raise PatchError(file, f"exactly one {what} ({old!r})")
    return data.replace(old.encode("ascii"), new.encode("ascii"))


def patch_main_dart_wasm(data: bytes) -> bytes:
    """The WebAssembly build (``main.dart.wasm``, run by Chromium with the
    skwasm renderer, in server mode and in a ``WASM`` web build) given the
    same two edits as ``main.dart.js``: the Rive runtime asked of this origin,
    and a viewport that lets the phone pinch-zoom.

    Both are string constants imported by name: each is replaced by a string
    of the same length, so no offset or section size in the module changes.
    """
    data = _replace_bytes_once(
        data, RIVE_CDN_URL, same_length_local_rive(), "Rive CDN URL"
    )
    return _replace_bytes_once(
        data, WASM_VIEWPORT_LOCKED, WASM_VIEWPORT_ZOOMABLE, "viewport content"
    )


VIEWPORT_LOCKED = f'p.content="{WASM_VIEWPORT_LOCKED}"'
VIEWPORT_ZOOMABLE = f'p.content="{WASM_VIEWPORT_ZOOMABLE}"'
"""The same viewport with either renderer (the wasm's must keep its length)."""


def patch_viewport(text: str) -> str:
    """Let the phone pinch-zoom: Flutter's engine writes a viewport that
    forbids it (``maximum-scale=1.0, user-scalable=no``), which Lighthouse
    flags and a player with poor sight needs."""
    return replace_once(
        text, VIEWPORT_LOCKED, VIEWPORT_ZOOMABLE, "main.dart.js", "viewport content"
    )


UNUSED_FONT_PACKAGE = "packages/flutter_math_fork/"
"""The font families flet-web lists for Markdown's LaTeX (20 KaTeX files,
640 KB): Flutter's web engine downloads and registers every font of
``assets/FontManifest.json`` at each start, and the app draws no Markdown."""

UNUSED_FONT_FOLDER = "assets/packages/flutter_math_fork"
"""Where a build of flet-web keeps those fonts (the web build drops it)."""


def drop_unused_fonts(text: str) -> str:
    """flet-web's ``assets/FontManifest.json`` without the KaTeX families
    (:data:`UNUSED_FONT_PACKAGE`), every other family kept as it is.

    >>> drop_unused_fonts(
    ...     '[{"family": "MaterialIcons", "fonts": []},'
    ...     ' {"family": "packages/flutter_math_fork/KaTeX_Main", "fonts": []}]'
    ... )
    '[{"family": "MaterialIcons", "fonts": []}]'
    """
    families = json.loads(text)
    kept = [f for f in families if not f["family"].startswith(UNUSED_FONT_PACKAGE)]
    if len(kept) == len(families):
        raise PatchError(
            "assets/FontManifest.json", f"font families of {UNUSED_FONT_PACKAGE}"
        )
    return json.dumps(kept)
