"""A Flet app built the way ``flet publish`` builds it, offline (bench_web.py).

What a user gets from ``flet publish main.py --no-cdn`` (flet-cli 1.0.5) for
a script with no dependencies: flet-web's files, its Pyodide, ``app.tar.gz``
of the script folder and a ``requirements.txt`` that micropip installs at
every start. None of the app build's speedups (no pre-unpacked wheels, no
bytecode, no pruning, no start-up or worker changes). Only what serving it
without a network needs:

* publish runs offline as ``build_web`` runs it (``run_publish``: a local
  python-build manifest, a Flet cache seeded with flet-web's own Pyodide);
* the requirement ``flet==1.0.5`` (publish's default) becomes the wheels
  micropip would fetch from PyPI for it (flet and, under Emscripten, repath,
  six, msgpack), shipped in ``wheels/`` and named by relative URL;
* flet 1.0.5's ``--no-cdn`` Pyodide URL ``pyodide/pyodide.mjs`` is made
  ``./pyodide/pyodide.mjs`` (the module worker refuses the bare specifier:
  without it the published site never starts).

The Rive runtime stays on jsDelivr as publish leaves it; with no network the
request fails at once (the bench's browser resolves no other host), so the
counter never pays for Rive, which the app loads (3 MB) from its own site.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from scorekeeper.webbuild import BuildReport, build, downloads, patches, renderers

FLET_RUNTIME = ("flet", "repath", "six", "msgpack")
"""What micropip installs for ``flet==1.0.5`` under Emscripten (flet's
metadata: repath, msgpack; repath needs six)."""


def runtime_wheels() -> list[Path]:
    """flet's runtime wheels from the build's cache (pinned as the app's)."""
    cache = downloads.default_cache_dir() / "wheels"
    pins = [
        pin
        for pin in downloads.app_pins(build.PROJECT_ROOT / "requirements.txt")
        if downloads.canonical(pin.name) in FLET_RUNTIME
    ]
    wheels = downloads.ensure_wheels(pins, cache, log=lambda _: None)
    if len(wheels) != len(FLET_RUNTIME):
        raise RuntimeError(f"flet's runtime wheels: {wheels}")
    return wheels


def publish(out: Path, entry_source: str) -> BuildReport:
    """``flet publish --no-cdn`` of a folder holding only ``entry_source`` as
    ``main.py`` (and its ``requirements.txt``), into ``out``."""
    started = time.monotonic()
    wheels = runtime_wheels()
    with tempfile.TemporaryDirectory(prefix="plain-publish-") as tmp:
        work = Path(tmp)
        staging = work / "app"
        staging.mkdir()
        script = staging / "main.py"
        script.write_text(entry_source, encoding="utf-8")
        (staging / "requirements.txt").write_text(
            "".join(f"./wheels/{wheel.name}\n" for wheel in wheels), encoding="utf-8"
        )
        dist = work / "dist"
        # publish's own default renderer (flet-cli 1.0.5: canvaskit)
        build.run_publish(script, dist, work, "/", renderers.CANVASKIT)
        index = dist / "index.html"
        index.write_text(
            patches.replace_once(
                index.read_text(encoding="utf-8"),
                patches.PYODIDE_URL_BROKEN,
                patches.PYODIDE_URL_FIXED,
                "index.html",
                "Pyodide URL line",
            ),
            encoding="utf-8",
        )
        (dist / "wheels").mkdir()
        for wheel in wheels:
            shutil.copyfile(wheel, dist / "wheels" / wheel.name)
        if out.exists():
            shutil.rmtree(out)
        shutil.move(str(dist), str(out))
    files = [path for path in out.rglob("*") if path.is_file()]
    return BuildReport(
        out=out,
        files=len(files),
        total_bytes=sum(path.stat().st_size for path in files),
        version="flet publish",
        wheels=tuple(wheel.name for wheel in wheels),
        seconds=time.monotonic() - started,
    )
