"""The app's Python as one archive: no package is installed at start.

flet-web's Python worker fetches ``app.tar.gz``, unpacks it in the current
folder, puts ``__pypackages__`` first on ``sys.path`` when it exists, and runs
micropip only for a ``requirements.txt`` inside the archive. The archive made
here holds the entry ``main.py``, the ``scorekeeper`` package and every wheel
already unpacked in ``__pypackages__`` (as micropip would have installed
them), and no ``requirements.txt``: a start unpacks one file and imports,
instead of micropip reading, checking and installing 8 wheels each time.

The archive is reproducible (sorted names, no timestamps, owner or gzip
date): the same sources give the same bytes, so a rebuild that changed
nothing keeps the file's content hash and the service worker does not fetch
it again.
"""

from __future__ import annotations

import gzip
import io
import shutil
import tarfile
import zipfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

PACKAGES_DIR = "__pypackages__"
"""The folder flet-web's worker adds to ``sys.path`` (python-worker.js)."""

APP_ARCHIVE = "app.tar.gz"
FLUTTER_SOURCES = "flutter"
"""A Flet extension wheel's Dart sources (flet_charts: ``flutter/flet_charts/``),
read by ``flet build`` to compile a client, never by the Python that runs:
left out (20 files fewer to unpack at every start)."""


class BundleError(RuntimeError):
    """A wheel cannot be unpacked safely."""


def _wheel_members(wheel: zipfile.ZipFile) -> Iterable[zipfile.ZipInfo]:
    """The files a wheel installs in site-packages: not its ``.data`` scripts
    or man pages, not its ``RECORD`` (it would list files we compile away),
    not a Flet extension's Dart sources."""
    for info in wheel.infolist():
        name = PurePosixPath(info.filename)
        if info.is_dir():
            continue
        if name.is_absolute() or ".." in name.parts:
            raise BundleError(f"{wheel.filename}: unsafe member {info.filename!r}")
        top = name.parts[0]
        if top.endswith(".data") or top == FLUTTER_SOURCES:
            continue
        if top.endswith(".dist-info") and name.name in ("RECORD", "INSTALLER"):
            continue
        yield info


def unpack_wheels(wheels: Iterable[Path], target: Path) -> list[str]:
    """Unpack each wheel's installed files into ``target``; return the
    top-level names (packages, modules, dist-info folders) written.

    Two wheels writing the same file is a build error (micropip would have
    overwritten one with the other silently)."""
    target.mkdir(parents=True, exist_ok=True)
    written: set[str] = set()
    tops: set[str] = set()
    for path in wheels:
        with zipfile.ZipFile(path) as wheel:
            for info in _wheel_members(wheel):
                if info.filename in written:
                    raise BundleError(f"{path.name}: {info.filename} already unpacked")
                written.add(info.filename)
                tops.add(PurePosixPath(info.filename).parts[0])
                out = target / info.filename
                out.parent.mkdir(parents=True, exist_ok=True)
                with wheel.open(info) as source, out.open("wb") as sink:
                    shutil.copyfileobj(source, sink)
    return sorted(tops)


def make_app_tree(staging: Path, wheels: Iterable[Path], tree: Path) -> Path:
    """The folder the archive is made of: ``main.py`` and ``scorekeeper/``
    from the staging copy, the wheels unpacked in ``__pypackages__``."""
    tree.mkdir(parents=True)
    shutil.copyfile(staging / "main.py", tree / "main.py")
    shutil.copytree(staging / "scorekeeper", tree / "scorekeeper")
    unpack_wheels(wheels, tree / PACKAGES_DIR)
    return tree


def write_archive(tree: Path, archive: Path) -> int:
    """``tree`` as a reproducible ``.tar.gz`` at ``archive``; return its size."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for path in sorted(tree.rglob("*")):
            if not path.is_file():
                continue
            name = path.relative_to(tree).as_posix()
            info = tarfile.TarInfo(name)
            info.size = path.stat().st_size
            info.mtime = 0
            info.mode = 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            with path.open("rb") as data:
                tar.addfile(info, data)
    packed = gzip.compress(buffer.getvalue(), compresslevel=9, mtime=0)
    archive.write_bytes(packed)
    return len(packed)
