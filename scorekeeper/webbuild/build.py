"""``python main.py build-web``: the app as a static, offline web site.

The ``scorekeeper`` package runs in the browser on Pyodide, inside flet-web's
Flutter client, made by ``flet publish --no-cdn`` (flet-cli 1.0.5) and then
completed here:

1. a clean staging copy: ``scorekeeper/`` (no ``__pycache__``, no
   ``webbuild/``, no ``ui/assets/``) and a generated ``main.py``; publish tars
   the whole folder it is given, so ``data/``, ``tests/`` or an old ``dist/``
   must never be in it;
2. publish offline: a local python-build manifest and a Flet cache seeded with
   the Pyodide runtime that the flet-web wheel already ships;
3. the published files patched (each patch checks the text it expects, see
   ``patches.py``): the Pyodide URL, the Rive runtime's address on this site
   instead of jsDelivr (the build ships no Rive: see ``patches.py``), a
   zoomable viewport, the Python worker's snapshot loader, our service
   worker and manifest; files that no browser loads with the build's
   renderer are dropped (``renderers.py``);
4. publish's ``app.tar.gz`` replaced by ours (``bundle.py``): the package and
   every wheel already unpacked in ``__pypackages__``, so no micropip runs in
   the browser; that folder and Pyodide's standard library compiled to
   ``.pyc`` by Pyodide itself under Node.js (``bytecode.py``);
5. a memory snapshot of Python with the app's start imported
   (``snapshot.py``), which the worker restores instead of booting Python;
6. ``flutter_service_worker.js`` generated last, precaching every file.

The build is made in a temporary folder and moved to ``out`` at the end, so a
failed build leaves the previous one in place.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from scorekeeper.ui.page.link_inbox import PAGE_SCRIPTS

from . import bundle, bytecode, downloads, patches, snapshot
from .renderers import DEFAULT_RENDERER, Renderer, prune_unused

PROJECT_ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "scorekeeper"
TEMPLATES = Path(__file__).resolve().parent / "templates"
APP_ASSETS = PROJECT_ROOT / PACKAGE / "ui" / "page" / "assets"
DEFAULT_OUT = PROJECT_ROOT / "dist" / "web"

FLET_VERSION = "1.0.5"
PYTHON_SHORT = "3.14"
PYODIDE_VERSION = "314.0.7"
PYTHON_BUILD_MANIFEST = {
    "pythons": {
        PYTHON_SHORT: {
            "full_version": "3.14.2",
            "pyodide_version": PYODIDE_VERSION,
            "android_abis": [],
        }
    },
    "default_python_version": PYTHON_SHORT,
}
"""What flet-cli would fetch from GitHub; only the Pyodide row matters here."""

APP_NAME = "Spazzino segnapunti"
APP_SHORT_NAME = "Spazzino"
APP_DESCRIPTION = "Segnapunti per lo Spazzino, gioco di carte italiano"
THEME_COLOR = "#2E7D32"  # ft.Colors.GREEN_800, the app's seed colour
BACKGROUND_COLOR = "#FFFFFF"

SERVICE_WORKER = "flutter_service_worker.js"
BUILD_INFO = "spazzino-build.json"
"""Written in every build: marks a folder that a new build may replace."""

STAGING_SKIP = ("webbuild", "ui/page/assets")
"""Parts of the package not needed in the browser (relative to the package):
the build code itself, and the web assets (served as files of the site)."""

COMPRESSIBLE = (
    ".js",
    ".mjs",
    ".wasm",
    ".json",
    ".html",
    ".ttf",
    ".otf",
    ".txt",
    ".snapshot",
)
"""Files that get a ``.gz`` twin (zip, tar.gz, png and woff2 are compressed
already)."""

Log = Callable[[str], None]


class BuildError(RuntimeError):
    """The web build cannot be made; the message says why and what to do."""


@dataclass(frozen=True)
class BuildReport:
    """What a build produced."""

    out: Path
    files: int
    total_bytes: int
    version: str
    wheels: tuple[str, ...]
    seconds: float

    def summary(self) -> str:
        mb = self.total_bytes / 1_000_000
        return (
            f"Web app built in {self.seconds:.1f} s: {self.files} files, "
            f"{mb:.1f} MB in {self.out}"
        )


# -- checks ------------------------------------------------------------------


def check_flet() -> None:
    """flet, flet-web and flet-cli must be the 1.0.5 this build patches."""
    from importlib.metadata import PackageNotFoundError, version

    for package in ("flet", "flet-web", "flet-cli"):
        try:
            installed = version(package)
        except PackageNotFoundError:
            installed = None
        if installed != FLET_VERSION:
            found = (
                f"{package} {installed} is installed"
                if installed
                else (f"{package} is not installed")
            )
            raise BuildError(
                f"the web build is made for {package}=={FLET_VERSION}; {found} "
                "(pip install -r requirements.txt)"
            )


def check_out_dir(out: Path) -> None:
    """``out`` may be replaced only if it is missing, empty or a former build."""
    if out.exists() and not out.is_dir():
        raise BuildError(f"{out} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / BUILD_INFO).exists():
        raise BuildError(
            f"{out} is not empty and holds no previous web build "
            f"({BUILD_INFO}): choose another --out"
        )


# -- staging -----------------------------------------------------------------


def _ignore_for(package_root: Path) -> Callable[[str, list[str]], set[str]]:
    skip = {package_root / part for part in STAGING_SKIP}

    def ignore(folder: str, names: list[str]) -> set[str]:
        here = Path(folder)
        return {
            name
            for name in names
            if name == "__pycache__"
            or name.endswith((".pyc", ".pyo", ".md"))
            or here / name in skip
        }

    return ignore


def stage_app(
    staging: Path,
    source: Path,
    entry_source: str | None = None,
) -> Path:
    """Fill ``staging`` with what publish packs and copies; return the entry
    script. ``source`` is the project folder holding the package;
    ``entry_source``, if given, is the ``main.py`` to run instead of the
    generated entry (the package is staged all the same). No
    ``requirements.txt``: the wheels go into our archive, unpacked."""
    package_root = source / PACKAGE
    shutil.copytree(package_root, staging / PACKAGE, ignore=_ignore_for(package_root))
    script = staging / "main.py"
    if entry_source is None:
        shutil.copyfile(TEMPLATES / "entry_main.py", script)
    else:
        script.write_text(entry_source, encoding="utf-8")
    # publish copies assets/ over flet-web's files: our icons and manifest.
    assets = staging / "assets"
    assets.mkdir()
    shutil.copyfile(APP_ASSETS / "favicon.png", assets / "favicon.png")
    shutil.copytree(APP_ASSETS / "icons", assets / "icons")
    shutil.copyfile(TEMPLATES / "manifest.json", assets / "manifest.json")
    return script


def flet_web_dir() -> Path:
    """flet-web's installed folder, found without importing it: the build
    tool reads flet-web's files, it runs none of its code."""
    spec = importlib.util.find_spec("flet_web")
    if spec is None or not spec.submodule_search_locations:
        raise BuildError(f"flet-web is not installed (flet-web=={FLET_VERSION})")
    return Path(next(iter(spec.submodule_search_locations))).resolve()


def seed_pyodide_cache(cache_root: Path) -> Path:
    """Put flet-web's own Pyodide in a Flet cache, as flet-cli expects it
    (``pyodide/<version>/`` with ``info.version`` in the lock file), so
    publish does not download it."""
    source = flet_web_dir() / "web" / "pyodide"
    lock_path = source / "pyodide-lock.json"
    if not lock_path.exists():
        raise BuildError(f"{lock_path}: missing (flet-web {FLET_VERSION} ships it)")
    lock = patches.check_pyodide_lock(
        lock_path.read_text(encoding="utf-8"), PYODIDE_VERSION
    )
    target = cache_root / "pyodide" / PYODIDE_VERSION
    shutil.copytree(source, target)
    (target / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return target


def run_publish(
    script: Path, dist: Path, work: Path, base_url: str, renderer: Renderer
) -> None:
    """``flet publish --no-cdn`` of ``script`` into ``dist``, offline."""
    manifest = work / "python-build-manifest.json"
    manifest.write_text(json.dumps(PYTHON_BUILD_MANIFEST), encoding="utf-8")
    cache_root = work / "flet-cache"
    seed_pyodide_cache(cache_root)
    env = dict(os.environ)
    env["FLET_PYTHON_BUILD_MANIFEST"] = str(manifest)
    env["FLET_CACHE_DIR"] = str(cache_root)
    for name in ("FLET_WEB_RENDERER", "FLET_WEB_ROUTE_URL_STRATEGY", "FLET_ASSETS_DIR"):
        env.pop(name, None)
    command = [
        sys.executable,
        "-m",
        "flet_cli.cli",
        "publish",
        str(script),
        "--no-cdn",
        "--distpath",
        str(dist),
        "--python-version",
        PYTHON_SHORT,
        "--app-name",
        APP_NAME,
        "--app-short-name",
        APP_SHORT_NAME,
        "--app-description",
        APP_DESCRIPTION,
        "--pwa-theme-color",
        THEME_COLOR,
        "--pwa-background-color",
        BACKGROUND_COLOR,
        "--web-renderer",
        renderer.name,
        "--route-url-strategy",
        "path",
        "--base-url",
        base_url,
    ]
    result = subprocess.run(
        command, cwd=script.parent, env=env, capture_output=True, text=True
    )
    if result.returncode != 0 or not (dist / "index.html").exists():
        raise BuildError(
            f"flet publish failed (status {result.returncode}):\n"
            f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        )


# -- after publish -------------------------------------------------------------


def _edit(path: Path, change: Callable[[str], str]) -> None:
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")


def check_manifest(dist: Path) -> None:
    """publish rewrote our manifest's names and colours: they must be ours."""
    path = dist / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    expected = {
        "name": APP_NAME,
        "short_name": APP_SHORT_NAME,
        "theme_color": THEME_COLOR,
    }
    for key, value in expected.items():
        if manifest.get(key) != value:
            raise patches.PatchError(
                "manifest.json", f"{key} = {value!r}", repr(manifest.get(key))
            )
    if not any(icon.get("src") == "icons/icon-512.png" for icon in manifest["icons"]):
        raise patches.PatchError("manifest.json", "our icons (icons/icon-512.png)")


def start_words() -> dict[str, dict[str, str]]:
    """The page's own words (start screen, offline and update notes), from
    the app's catalogs, by language."""
    from scorekeeper.i18n import CATALOGS

    keys = {
        "title": "app.title",
        "loading": "web.start.loading",
        "python": "web.start.python",
        "opening": "web.start.opening",
        "offline_ready": "web.offline_ready",
        "update": "web.update_ready",
        "update_action": "web.update_action",
    }
    return {
        lang: {name: catalog[key] for name, key in keys.items()}
        for lang, catalog in CATALOGS.items()
    }


def page_script(version: str, python_snapshot: Path | None = None) -> str:
    """``templates/head.html`` filled in, plus the shared-link script and
    Back on home's (``ui/page/home_back.py``). ``python_snapshot``: the build's
    memory snapshot of Python (``snapshot.py``), if it has one: the worker
    asks for it by its hash (a browser's HTTP cache never gives an older
    build's; the service worker ignores the query) and takes only its size."""
    from scorekeeper.ui.hosting.browser import DRAWN_MESSAGE

    head = patches.fill_template(
        (TEMPLATES / "head.html").read_text(encoding="utf-8"),
        {
            "BUILD_VERSION": version,
            "WORDS": json.dumps(start_words(), ensure_ascii=False),
            "DRAWN_MESSAGE": DRAWN_MESSAGE,
            "PYTHON_SNAPSHOT": json.dumps(
                None
                if python_snapshot is None
                else {
                    "url": snapshot.SNAPSHOT
                    + "?v="
                    + patches.file_hash(python_snapshot),
                    "bytes": python_snapshot.stat().st_size,
                }
            ),
        },
        "templates/head.html",
    )
    return head + PAGE_SCRIPTS  # the #m= link and Back on home (ui/page/link_inbox.py)


def write_gzip_twins(dist: Path, files: list[str]) -> int:
    """A ``.gz`` beside each compressible file (``gzip_static`` hosts serve
    it to browsers that accept gzip); return the bytes the twins hold."""
    total = 0
    for name in files:
        path = dist / name
        if not name.endswith(COMPRESSIBLE) or path.stat().st_size < 1024:
            continue
        packed = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
        (dist / f"{name}.gz").write_bytes(packed)
        total += len(packed)
    return total


def cached_files(dist: Path) -> dict[str, str]:
    """What the service worker serves: every file of the build but its
    ``.gz`` twins, the build's own record and itself, by content hash."""
    names = patches.build_files(dist, exclude=(BUILD_INFO, SERVICE_WORKER))
    return {
        name: patches.file_hash(dist / name)
        for name in names
        if not is_gzip_twin(dist, name)
    }


def is_gzip_twin(dist: Path, name: str) -> bool:
    """``name`` is the ``.gz`` twin of another file (``app.tar.gz`` is not)."""
    return name.endswith(".gz") and (dist / name[: -len(".gz")]).is_file()


def complete_build(
    dist: Path,
    tree: Path,
    built: str,
    wheels: list[str],
    renderer: Renderer = DEFAULT_RENDERER,
) -> tuple[str, list[str]]:
    """Patch, prune, write our ``app.tar.gz`` of ``tree`` (``bundle.py``),
    write the service worker and the ``.gz`` twins; return the build's
    version hash and the files the worker serves. ``wheels`` names what
    ``tree`` has unpacked; the page names ``python.snapshot`` if ``dist``
    has one."""
    patches.check_service_worker_stub(
        (dist / SERVICE_WORKER).read_text(encoding="utf-8")
    )
    patches.check_python_js((dist / "python.js").read_text(encoding="utf-8"))
    patches.check_pyodide_snapshot_hooks(
        {
            name: (dist / name).read_text(encoding="utf-8")
            for name in patches.PYODIDE_SNAPSHOT_HOOKS
        }
    )
    _edit(dist / "python-worker.js", patches.patch_python_worker)
    _edit(
        dist / "main.dart.js",
        lambda text: patches.patch_viewport(patches.patch_main_dart_js(text)),
    )
    if "main.dart.wasm" not in renderer.unused:
        wasm = dist / "main.dart.wasm"
        wasm.write_bytes(patches.patch_main_dart_wasm(wasm.read_bytes()))
    # the KaTeX fonts: fetched at every start, never drawn (flet_fixes.py)
    _edit(dist / "assets" / "FontManifest.json", patches.drop_unused_fonts)
    shutil.rmtree(dist / patches.UNUSED_FONT_FOLDER, ignore_errors=True)
    _edit(dist / "flutter_bootstrap.js", patches.drop_bootstrap_service_worker)
    _edit(dist / "index.html", patches.drop_flet_loading_image)
    check_manifest(dist)
    prune_unused(dist, renderer)
    bundle.write_archive(tree, dist / bundle.APP_ARCHIVE)
    (dist / SERVICE_WORKER).unlink()

    snapshot_file = dist / snapshot.SNAPSHOT
    made_snapshot = snapshot_file if snapshot_file.is_file() else None
    # The version covers every file as it is before the version is written in.
    version = patches.build_hash(dist, patches.build_files(dist))[:16]
    _edit(
        dist / "index.html",
        lambda text: patches.patch_index_html(
            text, page_script(version, made_snapshot), renderer.name
        ),
    )
    info = {
        "app": APP_NAME,
        "version": version,
        "built": built,
        "flet": FLET_VERSION,
        "pyodide": PYODIDE_VERSION,
        "wheels": wheels,
        "renderer": renderer.name,
        "python_snapshot": made_snapshot and snapshot.SNAPSHOT,
    }
    (dist / BUILD_INFO).write_text(json.dumps(info, indent=2), encoding="utf-8")
    files = cached_files(dist)
    variants = {
        group: [name for name in names if name in files]
        for group, names in renderer.variants.items()
    }
    template = (TEMPLATES / SERVICE_WORKER).read_text(encoding="utf-8")
    (dist / SERVICE_WORKER).write_text(
        patches.service_worker(template, files, version, variants), encoding="utf-8"
    )
    write_gzip_twins(dist, [*files, SERVICE_WORKER])
    return version, sorted(files)


def python_snapshot(
    tree: Path,
    pyodide_dir: Path,
    out: Path,
    log: Log = print,
    script: Path = snapshot.SCRIPT,
) -> snapshot.SnapshotReport | None:
    """The build's memory snapshot of Python (``snapshot.make_snapshot``),
    or none, said in one log line, when it is larger than Pyodide's memory
    can grow to: every start would download it and then refuse it.

    Not a failed build: the app works without a snapshot (it starts as
    flet publish's does, its imports after Flutter connects), while a
    failed build would hold back every fix until someone made the start
    import less. The browser build's test (tests/e2e/test_web_build.py)
    fails without the snapshot, so it is not lost unseen. Other
    ``SnapshotError``s (a native module imported, Pyodide failing) are
    mistakes in the app's start and fail the build."""
    try:
        report = snapshot.make_snapshot(tree, pyodide_dir, out, script)
    except snapshot.SnapshotTooLarge as error:
        log(
            f"No memory snapshot of Python (the app starts without it, slower): {error}"
        )
        return None
    if report is not None:
        log(report.summary())
    return report


def _replace_dir(built: Path, out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(built), str(out))


def build_web(
    out: Path = DEFAULT_OUT,
    *,
    wheels_dir: Path | None = None,
    cache_dir: Path | None = None,
    base_url: str = "/",
    source: Path = PROJECT_ROOT,
    entry_source: str | None = None,
    log: Log = print,
) -> BuildReport:
    """Build the offline web app into ``out`` and return what was built.

    ``wheels_dir`` holds (or receives) the app's wheels, ``cache_dir`` the
    compiled standard library; both default to ``~/.cache/spazzino-web/``.
    ``base_url`` is the path the site is served under (``/`` for a whole
    host, ``/spazzino/`` for a sub-folder).
    ``entry_source`` replaces the generated ``main.py`` (the entry Pyodide
    runs) with the given source, everything else built the same way: the
    benchmarks build a bare Flet app with it to compare against.
    """
    started = time.monotonic()
    out = Path(out).resolve()
    check_out_dir(out)
    check_flet()
    cache = Path(cache_dir) if cache_dir else downloads.default_cache_dir()
    wheels_dir = Path(wheels_dir) if wheels_dir else cache / "wheels"
    pins = downloads.app_pins(source / "requirements.txt")
    wheels = downloads.ensure_wheels(pins, wheels_dir, log)

    with tempfile.TemporaryDirectory(prefix="spazzino-web-") as tmp:
        work = Path(tmp)
        staging = work / "app"
        staging.mkdir()
        script = stage_app(staging, source, entry_source)
        dist = work / "dist"
        log("Publishing with flet (offline)...")
        run_publish(script, dist, work, base_url, DEFAULT_RENDERER)
        built = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        tree = bundle.make_app_tree(staging, wheels, work / "tree")
        compiled = bytecode.compile_python(
            tree, dist / "pyodide", cache / "pyc", work, log
        )
        if compiled is not None:  # a snapshot of sources would be as slow
            log("Making the memory snapshot of Python...")
            python_snapshot(tree, dist / "pyodide", dist / snapshot.SNAPSHOT, log)
        wheel_names = [wheel.name for wheel in wheels]
        version, files = complete_build(dist, tree, built, wheel_names)
        total = sum((dist / name).stat().st_size for name in files)
        total += (dist / SERVICE_WORKER).stat().st_size
        _replace_dir(dist, out)

    return BuildReport(
        out=out,
        files=len(files) + 1,
        total_bytes=total,
        version=version,
        wheels=tuple(wheel.name for wheel in wheels),
        seconds=time.monotonic() - started,
    )
