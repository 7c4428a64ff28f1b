"""The pure parts of the web build: the staging copy, the file list of the
service worker, the checked patches, the wheel pins (no flet publish here;
tests/e2e/test_web_build.py builds for real)."""

from __future__ import annotations

import doctest
import gzip
import json
import tarfile
from pathlib import Path

import pytest

from scorekeeper.webbuild import build, downloads, patches, renderers, snapshot
from scorekeeper.webbuild.build import BuildError
from scorekeeper.webbuild.patches import PatchError

ROOT = Path(__file__).resolve().parents[3]

INDEX = """<html><head>
<script>
flet.pyodide = true;
flet.pyodideUrl="pyodide/pyodide.mjs";
flet.webRenderer="canvaskit";
</script>
</head><body>
  <div id="loading"><img src="icons/loading-animation.png" alt="" /></div>
  <script src="flutter_bootstrap.js" async></script>
</body></html>
"""
BOOTSTRAP = (
    "_flutter.loader.load({\n"
    "    config: flutterConfig,\n"
    "    serviceWorkerSettings: {\n"
    '        serviceWorkerVersion: "1804020039" /* deprecated */,\n'
    "    },\n"
    "    onEntrypointLoaded: start,\n"
    "});\n"
)
MAIN_DART_JS = (
    'dvv(){return"https://cdn.jsdelivr.net/npm/@rive-app/'
    'flutter-native-wasm@44.0.0/"},\nb2F(a,b){k.src=A.dvv()+a}\n'
    + 'p.name="viewport"\n'
    + patches.VIEWPORT_LOCKED
    + "\n"
)
SW_STUB = "self.addEventListener('activate', () => self.registration.unregister());"
PYTHON_WORKER = (
    patches.WORKER_LOAD
    + "            stdout: out,\n        });\n"
    + patches.WORKER_UNPACK
    + patches.WORKER_MESSAGE
)
MAIN_DART_WASM = (
    b"\0asm\1\0\0\0"
    + patches.RIVE_CDN_URL.encode()
    + b"\x4a"
    + patches.WASM_VIEWPORT_LOCKED.encode()
    + b"do"
)
FLET_WEB = Path(__import__("flet_web").__file__).resolve().parent / "web"


# -- staging -------------------------------------------------------------------


def staged_names(staging: Path) -> set[str]:
    return {p.relative_to(staging).as_posix() for p in staging.rglob("*")}


def test_staging_holds_the_package_and_entry_only(tmp_path):
    source = tmp_path / "project"
    package = source / "scorekeeper"
    for name in (
        "__init__.py",
        "ui/hosting/browser.py",
        "core/engine.py",
        "core/__pycache__/engine.cpython-311.pyc",
        "ui/__pycache__/browser.cpython-311.pyc",
        "webbuild/build.py",
        "ui/app.py",
        "ui/page/assets/manifest.json",
        "ui/NOTES.md",
        "stray.pyc",
    ):
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text("x")
    for name in ("data/matches.json", "tests/test_x.py", "dist/web/index.html"):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text("x")

    staging = tmp_path / "staging"
    staging.mkdir()
    script = build.stage_app(staging, source)

    names = staged_names(staging)
    code = {n for n in names if n.startswith("scorekeeper")}
    assert code == {
        "scorekeeper",
        "scorekeeper/__init__.py",
        "scorekeeper/ui/hosting",
        "scorekeeper/ui/hosting/browser.py",
        "scorekeeper/ui/page",
        "scorekeeper/core",
        "scorekeeper/core/engine.py",
        "scorekeeper/ui",
        "scorekeeper/ui/app.py",
    }
    top = {n.split("/")[0] for n in names}
    # No requirements.txt: nothing for micropip to install at start.
    assert top == {"scorekeeper", "main.py", "assets"}
    assert script == staging / "main.py"
    assert "scorekeeper.ui.hosting.browser import run" in script.read_text()
    assert {"assets/manifest.json", "assets/icons/icon-512.png"} <= names


def test_staging_of_the_real_package_leaves_out_caches_and_the_build_code(tmp_path):
    build.stage_app(tmp_path, ROOT)
    names = staged_names(tmp_path)
    assert "scorekeeper/ui/app.py" in names
    assert "scorekeeper/ui/hosting/browser.py" in names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
    assert not any(n.startswith("scorekeeper/webbuild") for n in names)


def test_another_entry_replaces_only_the_generated_main_py(tmp_path):
    default = tmp_path / "default"
    other = tmp_path / "other"
    default.mkdir()
    other.mkdir()
    build.stage_app(default, ROOT)
    source = "import flet as ft\nft.run(lambda page: None)\n"
    script = build.stage_app(other, ROOT, entry_source=source)

    assert script == other / "main.py"
    assert script.read_text(encoding="utf-8") == source
    assert staged_names(other) == staged_names(default)
    for name in ("scorekeeper/ui/app.py", "assets/manifest.json"):
        assert (other / name).read_bytes() == (default / name).read_bytes()


def test_build_web_hands_the_entry_source_to_the_staging(tmp_path, monkeypatch):
    staged: list[str | None] = []

    class Staged(Exception):
        pass

    def stage(staging, source, entry_source=None):
        staged.append(entry_source)
        raise Staged

    monkeypatch.setattr(build, "check_flet", lambda: None)
    monkeypatch.setattr(build.downloads, "ensure_wheels", lambda *a, **k: [])
    monkeypatch.setattr(build, "stage_app", stage)
    for entry in (None, "print('counter')\n"):
        with pytest.raises(Staged):
            build.build_web(tmp_path / "out", entry_source=entry, log=lambda _: None)
    assert staged == [None, "print('counter')\n"]
    assert not (tmp_path / "out").exists()


# -- patches -------------------------------------------------------------------


def test_index_html_gets_the_relative_pyodide_url_and_our_script():
    patched = patches.patch_index_html(
        INDEX, "  <script>ours()</script>\n", "canvaskit"
    )
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs";' in patched
    assert patched.index("ours()") < patched.index("flutter_bootstrap.js")


@pytest.mark.parametrize(
    ("broken", "expected"),
    [
        (INDEX.replace('"pyodide/pyodide.mjs"', '"x.mjs"'), "Pyodide URL"),
        (INDEX.replace('"canvaskit"', '"auto"'), "canvaskit renderer"),
        (INDEX.replace(" async></script>", "></script>"), "bootstrap script tag"),
    ],
)
def test_an_unexpected_index_html_fails_naming_the_file_and_the_text(broken, expected):
    with pytest.raises(PatchError) as caught:
        patches.patch_index_html(broken, "<script></script>", "canvaskit")
    message = str(caught.value)
    assert message.startswith("index.html: expected")
    assert expected in message
    assert "flet 1.0.5" in message


def test_a_wasm_build_needs_flutters_own_choice_of_renderer_in_index_html():
    auto = INDEX.replace('"canvaskit"', '"auto"')
    assert "./pyodide/pyodide.mjs" in patches.patch_index_html(auto, "", "auto")
    with pytest.raises(PatchError, match="the auto renderer"):
        patches.patch_index_html(INDEX, "", "auto")


def test_the_wasm_build_asks_the_site_for_rive_and_lets_the_phone_zoom():
    patched = patches.patch_main_dart_wasm(MAIN_DART_WASM)
    assert len(patched) == len(MAIN_DART_WASM)  # no offset in the module moves
    assert b"jsdelivr" not in patched and b"user-scalable=no" not in patched
    assert patches.WASM_VIEWPORT_ZOOMABLE.encode() in patched
    assert patched.endswith(
        b"/rive/\x4a" + patches.WASM_VIEWPORT_ZOOMABLE.encode() + b"do"
    )
    with pytest.raises(PatchError, match="viewport content"):
        patches.patch_main_dart_wasm(MAIN_DART_WASM.replace(b"user-scalable=no", b"x"))


def test_flet_webs_own_wasm_and_worker_take_the_patches():
    """The texts the patches look for are in the installed flet-web 1.0.5."""
    wasm = (FLET_WEB / "main.dart.wasm").read_bytes()
    assert len(patches.patch_main_dart_wasm(wasm)) == len(wasm)
    worker = (FLET_WEB / "python-worker.js").read_text(encoding="utf-8")
    patched = patches.patch_python_worker(worker)
    assert "self.spazzinoLoadPyodide(loadPyodide, {" in patched
    assert 'extractall(filter="fully_trusted")' in patched
    assert patched.index("self.spazzinoSnapshot = self.spazzinoFetchSnapshot(") > (
        patched.index("self.pythonModuleName = event.data.pythonModuleName")
    )


def test_flet_webs_pyodide_has_the_hooks_the_snapshot_loader_grows_memory_with():
    """The loader passes ``createPyodideModule`` to ``loadPyodide`` and
    grows the module's memory (``growMemory``) before Pyodide restores the
    snapshot; Pyodide 314.0.7 works so, another may not: the build fails
    naming the file and the text."""
    files = {
        name: (FLET_WEB / name).read_text(encoding="utf-8")
        for name in patches.PYODIDE_SNAPSHOT_HOOKS
    }
    patches.check_pyodide_snapshot_hooks(files)
    assert "createPyodideModule: self.spazzinoGrowingFactory(" in (
        patches.WORKER_SNAPSHOT_LOADER
    )
    for name, needles in patches.PYODIDE_SNAPSHOT_HOOKS.items():
        for needle in needles:
            changed = {**files, name: files[name].replace(needle, "x")}
            with pytest.raises(PatchError) as error:
                patches.check_pyodide_snapshot_hooks(changed)
            assert name in str(error.value) and repr(needle) in str(error.value)


def test_a_python_worker_without_the_expected_lines_fails_naming_them():
    for line, what in (
        (patches.WORKER_LOAD, "loadPyodide call"),
        (patches.WORKER_UNPACK, "archive unpacking"),
        (patches.WORKER_MESSAGE, "python module name"),
    ):
        with pytest.raises(PatchError, match=what):
            patches.patch_python_worker(PYTHON_WORKER.replace(line, ""))


def test_the_rive_runtime_is_asked_of_the_site_not_of_jsdelivr():
    patched = patches.patch_main_dart_js(MAIN_DART_JS)
    assert 'dvv(){return"rive/"}' in patched
    assert "jsdelivr" not in patched


def test_a_main_dart_js_without_the_rive_url_or_with_two_fails():
    with pytest.raises(PatchError, match=r"^main\.dart\.js: expected exactly one"):
        patches.patch_main_dart_js("no url here")
    with pytest.raises(PatchError, match="found 2"):
        patches.patch_main_dart_js(MAIN_DART_JS + MAIN_DART_JS)


def test_the_bootstrap_no_longer_registers_a_worker_or_waits_for_one():
    patched = patches.drop_bootstrap_service_worker(BOOTSTRAP)
    assert "serviceWorker" not in patched
    assert patched == (
        "_flutter.loader.load({\n    config: flutterConfig,\n"
        "    onEntrypointLoaded: start,\n});\n"
    )
    with pytest.raises(PatchError, match=r"^flutter_bootstrap\.js: expected"):
        patches.drop_bootstrap_service_worker("_flutter.loader.load({});")


def test_the_viewport_lets_the_phone_pinch_zoom():
    patched = patches.patch_viewport(MAIN_DART_JS)
    assert patches.VIEWPORT_ZOOMABLE in patched
    assert "user-scalable=no" not in patched and "maximum-scale=1.0" not in patched
    with pytest.raises(PatchError, match="viewport content"):
        patches.patch_viewport("p.content=x")


def test_flets_logo_is_not_the_start_screen():
    patched = patches.drop_flet_loading_image(INDEX)
    assert "loading-animation.png" not in patched
    with pytest.raises(PatchError, match="Flet's logo"):
        patches.drop_flet_loading_image(patched)


def test_only_flet_webs_unregistering_stub_may_be_replaced():
    patches.check_service_worker_stub(SW_STUB)
    with pytest.raises(PatchError, match="flutter_service_worker.js"):
        patches.check_service_worker_stub("self.addEventListener('fetch', f);")


def test_the_page_script_needs_flet_webs_js_connect():
    patches.check_python_js("x;\n" + patches.JS_CONNECT + " { };")
    with pytest.raises(PatchError, match=r"^python\.js: expected one definition"):
        patches.check_python_js("globalThis.jsConnect = (a) => a;")


def test_the_pyodide_lock_gets_its_version_and_a_strange_lock_fails():
    lock = patches.check_pyodide_lock(
        json.dumps({"info": {"abi_version": "2026_0"}, "packages": {}}), "314.0.7"
    )
    assert lock["info"] == {"abi_version": "2026_0", "version": "314.0.7"}
    with pytest.raises(PatchError, match="pyodide-lock.json"):
        patches.check_pyodide_lock(json.dumps({"packages": {}}), "314.0.7")
    with pytest.raises(PatchError, match="found 0.27"):
        patches.check_pyodide_lock(
            json.dumps({"info": {"abi_version": "x", "version": "0.27"}}), "314.0.7"
        )


def test_a_template_must_have_each_placeholder_and_keep_none():
    assert patches.fill_template("a __X__ b", {"X": "1"}, "t") == "a 1 b"
    with pytest.raises(PatchError, match="the placeholder __Y__"):
        patches.fill_template("a __X__", {"Y": "1"}, "t")
    with pytest.raises(PatchError, match="__Z__"):
        patches.fill_template("__X__ __Z__", {"X": "1"}, "t")


# -- the whole post-publish step on a miniature publish output ----------------


def fake_publish_output(
    dist: Path, renderer: str = renderers.DEFAULT_RENDERER.name
) -> None:
    files = {
        "index.html": INDEX.replace('"canvaskit"', f'"{renderer}"'),
        "flutter_bootstrap.js": BOOTSTRAP,
        "main.dart.js": MAIN_DART_JS,
        "flutter_service_worker.js": SW_STUB,
        "python.js": patches.JS_CONNECT + " {};\n",
        "python-worker.js": PYTHON_WORKER,
        "app.tar.gz": "tar",
        "canvaskit/canvaskit.wasm": "wasm",
        "canvaskit/skwasm.wasm": "skwasm",
        "canvaskit/skwasm_heavy.wasm": "skwasm with its own codecs",
        "canvaskit/wimp.wasm": "unused",
        "main.dart.mjs": "mjs",
        "canvaskit/canvaskit.js.symbols": "unused",
        # what the worker's snapshot loader relies on in Pyodide
        **{
            name: ";".join(needles)
            for name, needles in patches.PYODIDE_SNAPSHOT_HOOKS.items()
        },
        "pyodide/python.exe": "unused",
        "assets/fonts/roboto.woff2": "font",
        "assets/FontManifest.json": json.dumps(
            [
                {"family": "MaterialIcons", "fonts": []},
                {"family": "packages/flutter_math_fork/KaTeX_Main", "fonts": []},
            ]
        ),
        f"{patches.UNUSED_FONT_FOLDER}/lib/katex_fonts/fonts/KaTeX_Main.ttf": "f",
        "manifest.json": json.dumps(
            {
                "name": build.APP_NAME,
                "short_name": build.APP_SHORT_NAME,
                "theme_color": build.THEME_COLOR,
                "icons": [{"src": "icons/icon-512.png"}],
            }
        ),
    }
    for name, text in files.items():
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        (dist / name).write_text(text)
    (dist / "main.dart.wasm").write_bytes(MAIN_DART_WASM)


def fake_tree(tree: Path) -> Path:
    (tree / "__pypackages__").mkdir(parents=True)
    (tree / "__pypackages__" / "six.py").write_text("# six")
    (tree / "main.py").write_text("run()")
    return tree


def listed_in(worker: str, name: str) -> object:
    start = worker.index(f"const {name} = ") + len(f"const {name} = ")
    return json.loads(worker[start : worker.index(";\n", start)])


def test_the_service_worker_lists_every_file_of_the_build_by_content(tmp_path):
    dist = tmp_path / "dist"
    fake_publish_output(dist, "canvaskit")
    tree = fake_tree(tmp_path / "tree")
    version, files = build.complete_build(
        dist, tree, "now", ["w.whl"], renderers.CANVASKIT
    )

    on_disk = set(patches.build_files(dist))
    twins = {name for name in on_disk if build.is_gzip_twin(dist, name)}
    served = on_disk - twins - {build.SERVICE_WORKER, build.BUILD_INFO}
    assert set(files) == served
    worker = (dist / build.SERVICE_WORKER).read_text()
    listed = listed_in(worker, "FILES")
    assert listed == {name: patches.file_hash(dist / name) for name in files}
    variants = listed_in(worker, "VARIANTS")
    # the Chromium CanvasKit is not in this miniature output
    assert variants["chromium"] == ["main.dart.js"]
    assert variants["other"] == ["main.dart.js", "canvaskit/canvaskit.wasm"]
    assert set(variants) == {"chromium", "other"}
    assert f'"{patches.CACHE_PREFIX}{version}"' in worker
    assert f'const VERSION = "{version}"' in worker
    assert not any(name.startswith("wheels/") for name in files)
    with tarfile.open(dist / "app.tar.gz") as archive:
        assert archive.getnames() == ["__pypackages__/six.py", "main.py"]
    # no Rive runtime: the app draws no Rive animation (patches.RIVE_LOCAL_DIR)
    assert not [name for name in on_disk if name.startswith("rive/")]
    # dropped: never loaded with the CanvasKit renderer, or not for browsers
    for gone in (
        "canvaskit/skwasm.wasm",
        "main.dart.wasm",
        "main.dart.mjs",
        "canvaskit/canvaskit.js.symbols",
        "pyodide/python.exe",
        "pyodide/micropip-0.11.1-py3-none-any.whl",
        "flutter.js",
    ):
        assert gone not in on_disk
    # the page registers the worker with this build's version; the bootstrap
    # does not touch workers any more
    index = (dist / "index.html").read_text()
    assert f'const BUILD = "{version}"' in index
    assert "'flutter_service_worker.js?renderer=' + flutterVariant()" in index
    assert "const PYTHON_SNAPSHOT = null;" in index  # none made here
    assert "serviceWorker" not in (dist / "flutter_bootstrap.js").read_text()
    assert "loading-animation.png" not in index
    # compressible files get a .gz twin holding the same bytes
    assert {"index.html.gz", "flutter_service_worker.js.gz"} <= twins
    assert "app.tar.gz.gz" not in twins
    for twin in twins:
        original = (dist / twin[: -len(".gz")]).read_bytes()
        assert gzip.decompress((dist / twin).read_bytes()) == original


def test_a_wasm_build_precaches_skwasm_for_chromium_and_canvaskit_elsewhere(tmp_path):
    dist = tmp_path / "dist"
    fake_publish_output(dist, "auto")
    tree = fake_tree(tmp_path / "tree")
    (dist / "python.snapshot").write_bytes(b"\0snp" + bytes(4092))
    _version, files = build.complete_build(dist, tree, "now", ["w.whl"], renderers.WASM)
    worker = (dist / build.SERVICE_WORKER).read_text()
    variants = listed_in(worker, "VARIANTS")
    assert variants["skwasm"] == [
        "main.dart.wasm",
        "main.dart.mjs",
        "canvaskit/skwasm.wasm",
    ]
    # Chromium on a page that is not secure (no ImageDecoder: plain http)
    assert variants["skwasm_heavy"] == [
        "main.dart.wasm",
        "main.dart.mjs",
        "canvaskit/skwasm_heavy.wasm",
    ]
    assert "canvaskit/skwasm_heavy.wasm" in files
    assert variants["other"] == ["main.dart.js", "canvaskit/canvaskit.wasm"]
    assert "canvaskit/wimp.wasm" not in files
    assert b"jsdelivr" not in (dist / "main.dart.wasm").read_bytes()
    index = (dist / "index.html").read_text()
    digest = patches.file_hash(dist / "python.snapshot")
    assert (
        f'const PYTHON_SNAPSHOT = {{"url": "python.snapshot?v={digest}", '
        '"bytes": 4096};' in index
    )
    assert "snapshotBytes: PYTHON_SNAPSHOT ? PYTHON_SNAPSHOT.bytes" in index
    assert "spazzinoLoadPyodide" in (dist / "python-worker.js").read_text()
    info = json.loads((dist / build.BUILD_INFO).read_text())
    assert info["renderer"] == "auto" and info["python_snapshot"] == "python.snapshot"


def test_an_unchanged_file_keeps_its_hash_and_a_changed_one_gets_another(tmp_path):
    listed = []
    for text in ("one", "two"):
        dist = tmp_path / text
        fake_publish_output(dist)
        tree = fake_tree(tmp_path / f"tree-{text}")
        (tree / "main.py").write_text(text)
        build.complete_build(dist, tree, f"built {text}", [])
        worker = (dist / build.SERVICE_WORKER).read_text()
        listed.append(listed_in(worker, "FILES"))
    one, two = listed
    assert one.keys() == two.keys()
    changed = {name for name in one if one[name] != two[name]}
    # the app's archive, and the page that carries the build's version
    assert changed == {"app.tar.gz", "index.html"}


def test_the_page_speaks_the_phones_language_from_the_catalogs():
    words = build.start_words()
    assert words["it"]["update"] == "Nuova versione pronta"
    assert words["it"]["update_action"] == "Aggiorna"
    assert words["en"]["update_action"] == "Update"
    assert words["it"]["title"] == "Spazzino segnapunti"
    assert words["en"]["title"] == "Spazzino scorekeeper"
    assert words["it"].keys() == words["en"].keys()
    script = build.page_script("v123")
    assert 'const BUILD = "v123"' in script
    assert '"Apro le partite..."' in script
    assert "__" not in script.replace("__pypackages__", "")
    from scorekeeper.ui.page.home_back import HOME_BACK_SCRIPT
    from scorekeeper.ui.page.link_inbox import LINK_SCRIPT

    assert LINK_SCRIPT in script and HOME_BACK_SCRIPT in script


def test_another_build_gets_another_cache(tmp_path):
    versions = []
    for text in ("one", "two"):
        dist = tmp_path / text
        fake_publish_output(dist)
        tree = fake_tree(tmp_path / f"tree-{text}")
        (tree / "main.py").write_text(text)
        versions.append(build.complete_build(dist, tree, "now", [])[0])
    assert versions[0] != versions[1]


def test_a_manifest_that_lost_our_short_name_fails(tmp_path):
    dist = tmp_path / "dist"
    fake_publish_output(dist)
    manifest = json.loads((dist / "manifest.json").read_text())
    manifest["short_name"] = "spazzino-segnapunti"
    (dist / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(PatchError, match="manifest.json: expected short_name"):
        build.check_manifest(dist)


# -- output folder, pins -------------------------------------------------------


def test_an_unrelated_output_folder_is_never_replaced(tmp_path):
    build.check_out_dir(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    build.check_out_dir(tmp_path / "empty")
    previous = tmp_path / "previous"
    previous.mkdir()
    (previous / build.BUILD_INFO).write_text("{}")
    build.check_out_dir(previous)
    (tmp_path / "home" / "notes.txt").parent.mkdir()
    (tmp_path / "home" / "notes.txt").write_text("mine")
    with pytest.raises(BuildError, match="not empty"):
        build.check_out_dir(tmp_path / "home")


def test_the_wheels_are_the_pinned_versions_plus_fletss_emscripten_deps(tmp_path):
    pins = downloads.app_pins(ROOT / "requirements.txt")
    names = [pin.name for pin in pins]
    assert names == [
        "flet",
        "flet-charts",
        "tinydb",
        "segno",
        "openskill",
        "repath",
        "six",
        "msgpack",
    ]
    requirements = (ROOT / "requirements.txt").read_text()
    for pin in pins[:5]:
        assert f"{pin.name}=={pin.version}" in requirements
    bare = tmp_path / "requirements.txt"
    bare.write_text("flet==1.0.5\n")
    with pytest.raises(downloads.DownloadError, match="flet-charts"):
        downloads.app_pins(bare)


def test_a_compiled_wheel_must_carry_the_pyodide_platform_tag():
    msgpack = downloads.Pin("msgpack", "1.2.4")
    assert msgpack.matches(
        Path("msgpack-1.2.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl")
    )
    assert not msgpack.matches(
        Path("msgpack-1.2.4-cp311-cp311-manylinux_2_17_x86_64.whl")
    )
    charts = downloads.Pin("flet-charts", "1.0.5")
    assert charts.matches(Path("flet_charts-1.0.5-py3-none-any.whl"))
    assert not charts.matches(Path("flet_charts-1.0.4-py3-none-any.whl"))


def test_cached_wheels_need_no_download(tmp_path, monkeypatch):
    def no_network(*args, **kwargs):
        raise AssertionError("pip was called")

    monkeypatch.setattr(downloads.subprocess, "run", no_network)
    (tmp_path / "six-1.17.0-py2.py3-none-any.whl").write_text("w")
    wheels = downloads.ensure_wheels([downloads.Pin("six", "1.17.0")], tmp_path)
    assert [w.name for w in wheels] == ["six-1.17.0-py2.py3-none-any.whl"]


def test_the_build_web_command_is_registered():
    from scorekeeper.cli import build_parser

    args = build_parser().parse_args(["build-web", "--out", "x", "--wheels", "w"])
    assert (args.command, args.out, args.wheels, args.base_url) == (
        "build-web",
        "x",
        "w",
        "/",
    )


def test_the_renderer_and_snapshot_examples_hold():
    for module in (renderers, snapshot):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_a_snapshot_past_the_memory_flet_webs_pyodide_starts_with_fits_until_its_max(
    tmp_path: Path,
):
    """The guard against flet-web's own ``pyodide.asm.wasm``, on made-up
    snapshot files (magic, header length, memory): one Wasm page more than
    the memory the module defines fits (the worker grows the memory), more
    than it can ever grow to does not, and the message names both sizes."""
    import flet_web

    wasm = Path(flet_web.__file__).parent / "web" / "pyodide" / snapshot.WASM
    memory, maximum = snapshot.memory_limits(wasm.read_bytes())
    assert memory % snapshot.WASM_PAGE == 0 and memory >= 16 * snapshot.MIB
    assert maximum == 4096 * snapshot.MIB  # flet-web 1.0.5 declares 65536 pages

    def made_up(name: str, memory_bytes: int) -> Path:
        path = tmp_path / name
        with path.open("wb") as file:
            file.write((0x706F6E73).to_bytes(4, "little"))
            file.write((128).to_bytes(4, "little"))
            file.truncate(128 + memory_bytes)  # sparse: no 30 MiB written
        return path

    grown = made_up("grown.snapshot", memory + snapshot.WASM_PAGE)
    snapshot.check_fits(snapshot.snapshot_memory(grown), maximum)
    with pytest.raises(snapshot.SnapshotTooLarge) as refused:  # no 4 GiB file
        snapshot.check_fits(maximum + snapshot.WASM_PAGE, maximum)
    mib = maximum / snapshot.MIB
    assert f"grew to {mib + 1 / 16:.1f} MiB" in str(refused.value)
    assert f"can grow to {mib:.1f} MiB at most" in str(refused.value)


def test_a_build_for_the_canvaskit_renderer_ships_no_wasm_and_the_auto_one_does(
    tmp_path: Path,
):
    for renderer, wasm_kept in ((renderers.CANVASKIT, False), (renderers.WASM, True)):
        dist = tmp_path / renderer.name
        for name in (
            "main.dart.wasm",
            "main.dart.js",
            "canvaskit/wimp.wasm",
            "a.symbols",
        ):
            (dist / name).parent.mkdir(parents=True, exist_ok=True)
            (dist / name).write_bytes(b"x" * 10)
        freed = renderers.prune_unused(dist, renderer)
        assert (dist / "main.dart.wasm").exists() is wasm_kept
        assert (dist / "main.dart.js").exists()
        assert not (dist / "canvaskit").exists()  # emptied folders go too
        assert freed == (30 if not wasm_kept else 20)


def test_the_build_lists_no_katex_font_and_ships_none(tmp_path):
    """Flutter fetches every font of the list at each start (640 KB of KaTeX
    for Markdown's LaTeX, which the app never draws): out of the list and of
    the files the service worker keeps."""
    dist = tmp_path / "dist"
    fake_publish_output(dist, "canvaskit")
    _version, files = build.complete_build(
        dist, fake_tree(tmp_path / "tree"), "now", [], renderers.CANVASKIT
    )
    fonts = json.loads((dist / "assets/FontManifest.json").read_text())
    assert fonts == [{"family": "MaterialIcons", "fonts": []}]
    assert not (dist / patches.UNUSED_FONT_FOLDER).exists()
    assert not [name for name in files if "KaTeX" in name]
