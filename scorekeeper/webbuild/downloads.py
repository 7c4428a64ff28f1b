"""The files the browser build ships but this project does not contain: the
app's wheels (unpacked into the app's archive at build time).

They come from PyPI through the ordinary client (``pip download``) into a
cache folder, so a rebuild needs no network. A cached wheel is used only if
it is the pinned version. (The Rive web runtime once fetched from npm here is
shipped no more: ``patches.RIVE_LOCAL_DIR``.)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
"""The wheel platform tag of Pyodide 314 (ABI 2026_0), the one flet-web ships."""
PYODIDE_PYTHON = "3.14"

REQUIRED_FROM_REQUIREMENTS = (
    "flet",
    "flet-charts",
    "tinydb",
    "segno",
    "openskill",
)
"""What the app imports at run time, at the versions pinned in requirements.txt."""

EXTRA_PINS = {"repath": "0.9.0", "six": "1.17.0", "msgpack": "1.2.4"}
"""flet's own dependencies under Emscripten (its metadata: repath, msgpack;
repath needs six). oauthlib and httpx are marked ``platform_system !=
"Emscripten"``. msgpack is compiled: its wheel must carry the Pyodide tag."""

COMPILED = frozenset({"msgpack"})

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
                # whole or absent: another build may look at the cache now
                part = cache / f"{wheel.name}.part"
                shutil.copyfile(wheel, part)
                os.replace(part, cache / wheel.name)
    wheels: list[Path] = []
    for pin in pins:
        found = cached(pin)
        if found is None:
            raise DownloadError(f"no Pyodide wheel for {pin} in {cache}")
        wheels.append(found)
    return wheels
