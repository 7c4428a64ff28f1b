"""The files the browser build ships but this project does not contain: the
app's wheels (for micropip in the browser) and the Rive web runtime.

Both come from their registries through the ordinary clients (``pip
download``, ``npm pack``) into a cache folder, so a rebuild needs no network.
A cached file is used only if it is the pinned version (and, for the npm
tarball, has the registry's published integrity hash).
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
"""The wheel platform tag of Pyodide 314 (ABI 2026_0), the one flet-web ships."""
PYODIDE_PYTHON = "3.14"

REQUIRED_FROM_REQUIREMENTS = ("flet", "flet-charts", "tinydb", "segno", "filelock")
"""What the app imports at run time, at the versions pinned in requirements.txt."""

EXTRA_PINS = {"repath": "0.9.0", "six": "1.17.0", "msgpack": "1.2.4"}
"""flet's own dependencies under Emscripten (its metadata: repath, msgpack;
repath needs six). oauthlib and httpx are marked ``platform_system !=
"Emscripten"``. msgpack is compiled: its wheel must carry the Pyodide tag."""

COMPILED = frozenset({"msgpack"})

RIVE_PACKAGE = "@rive-app/flutter-native-wasm"
RIVE_VERSION = "44.0.0"
RIVE_TARBALL = f"rive-app-flutter-native-wasm-{RIVE_VERSION}.tgz"
RIVE_INTEGRITY = (
    "sha512-hi8FaCl08+Qix2TxqyeUnzJOaE4ER9//itoQN4S0EsrxIaCNX58a7SPLqICmBXdOhfL"
    "Qx5FQPNWUGmHjKo30rQ=="
)
"""``npm view @rive-app/flutter-native-wasm@44.0.0 dist.integrity``."""
RIVE_REGISTRY_URL = (
    "https://registry.npmjs.org/@rive-app/flutter-native-wasm/-/"
    f"flutter-native-wasm-{RIVE_VERSION}.tgz"
)
"""``npm view ... dist.tarball``: what ``npm pack`` fetches."""
RIVE_FILES = (
    "wasm/rive_native.js",
    "wasm/rive_native.wasm",
    "wasm_compatibility/rive_native.js",
    "wasm_compatibility/rive_native.wasm",
)

Log = Callable[[str], None]


class DownloadError(RuntimeError):
    """A file the build needs could not be fetched (and is not cached)."""


def default_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/spazzino-web`` (``~/.cache/spazzino-web``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "spazzino-web"


def canonical(name: str) -> str:
    """A distribution name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True)
class Pin:
    name: str
    version: str

    @property
    def compiled(self) -> bool:
        return canonical(self.name) in COMPILED

    def matches(self, wheel: Path) -> bool:
        """Whether ``wheel`` is this pin's wheel, usable in Pyodide."""
        parts = wheel.name[: -len(".whl")].split("-")
        if not wheel.name.endswith(".whl") or len(parts) < 5:
            return False
        if canonical(parts[0]) != canonical(self.name) or parts[1] != self.version:
            return False
        platform = parts[-1]
        return platform == PYODIDE_PLATFORM if self.compiled else platform == "any"

    def __str__(self) -> str:
        return f"{self.name}=={self.version}"


def read_pins(requirements: Path) -> dict[str, str]:
    """``name -> version`` of every ``name==version`` line of ``requirements``."""
    pins: dict[str, str] = {}
    for raw in requirements.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;]+)", line)
        if match:
            pins[canonical(match[1])] = match[2]
    return pins


def app_pins(requirements: Path) -> list[Pin]:
    """The wheels the browser needs: the app's pins from ``requirements`` plus
    flet's Emscripten dependencies."""
    pins = read_pins(requirements)
    missing = [n for n in REQUIRED_FROM_REQUIREMENTS if canonical(n) not in pins]
    if missing:
        raise DownloadError(
            f"{requirements}: no 'name==version' line for {', '.join(missing)}"
        )
    chosen = [Pin(n, pins[canonical(n)]) for n in REQUIRED_FROM_REQUIREMENTS]
    return chosen + [Pin(n, v) for n, v in EXTRA_PINS.items()]


def ensure_wheels(pins: list[Pin], cache: Path, log: Log = print) -> list[Path]:
    """The wheel of each pin, from ``cache`` or else ``pip download``ed into it."""
    cache.mkdir(parents=True, exist_ok=True)

    def cached(pin: Pin) -> Path | None:
        return next((w for w in sorted(cache.glob("*.whl")) if pin.matches(w)), None)

    missing = [pin for pin in pins if cached(pin) is None]
    if missing:
        log(f"Downloading {len(missing)} wheel(s) into {cache}...")
        with tempfile.TemporaryDirectory(prefix="spazzino-wheels-") as tmp:
            command = [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--only-binary=:all:",
                "--platform",
                PYODIDE_PLATFORM,
                "--python-version",
                PYODIDE_PYTHON,
                "--implementation",
                "cp",
                "--disable-pip-version-check",
                "-d",
                tmp,
                *(str(pin) for pin in missing),
            ]
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                raise DownloadError(
                    "pip download failed (the first build needs PyPI; later "
                    f"builds use the cache {cache}):\n{result.stderr.strip()}"
                )
            for wheel in Path(tmp).glob("*.whl"):
                shutil.move(str(wheel), cache / wheel.name)
    wheels: list[Path] = []
    for pin in pins:
        found = cached(pin)
        if found is None:
            raise DownloadError(f"no Pyodide wheel for {pin} in {cache}")
        wheels.append(found)
    return wheels


def integrity_of(path: Path) -> str:
    """The npm ``integrity`` string (SRI sha512) of a file."""
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


def ensure_rive_tarball(cache: Path, log: Log = print) -> Path:
    """``npm pack``ed ``@rive-app/flutter-native-wasm@44.0.0``, from ``cache``
    or the npm registry; its integrity is checked either way."""
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / RIVE_TARBALL
    if not (tarball.exists() and integrity_of(tarball) == RIVE_INTEGRITY):
        log(f"Downloading {RIVE_PACKAGE}@{RIVE_VERSION} into {cache}...")
        npm = shutil.which("npm")
        if npm is not None:
            result = subprocess.run(
                [npm, "pack", f"{RIVE_PACKAGE}@{RIVE_VERSION}", "--silent"],
                cwd=cache,
                capture_output=True,
                text=True,
            )
            if result.returncode != 0 or not tarball.exists():
                raise DownloadError(f"npm pack failed:\n{result.stderr.strip()}")
        else:
            # Without Node: the same tarball, from the registry's own address.
            _download(RIVE_REGISTRY_URL, tarball)
    if integrity_of(tarball) != RIVE_INTEGRITY:
        raise DownloadError(
            f"{tarball}: not the published {RIVE_PACKAGE}@{RIVE_VERSION} "
            f"(integrity differs from {RIVE_INTEGRITY}); delete it and build again"
        )
    return tarball


def _download(url: str, target: Path) -> None:
    import urllib.request

    partial = target.with_suffix(".part")
    try:
        with (
            urllib.request.urlopen(url, timeout=60) as response,
            partial.open("wb") as out,
        ):
            shutil.copyfileobj(response, out)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise DownloadError(
            f"cannot download {url} ({error}); the first build needs the npm "
            f"registry, or {target.name} in {target.parent}"
        ) from error
    partial.replace(target)


def extract_rive(tarball: Path, dest: Path) -> list[Path]:
    """Write the runtime's four files (``wasm/``, ``wasm_compatibility/``)
    under ``dest``; nothing else of the package."""
    written = []
    with tarfile.open(tarball, "r:gz") as archive:
        for name in RIVE_FILES:
            try:
                member = archive.extractfile(f"package/{name}")
            except KeyError:
                member = None
            if member is None:
                raise DownloadError(f"{tarball}: no package/{name}")
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            with member, target.open("wb") as out:
                shutil.copyfileobj(member, out)
            written.append(target)
    return written
