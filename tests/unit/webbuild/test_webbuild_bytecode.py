"""The precompiled Python of the browser build (``webbuild/pyodide_compile.py``
under CPython here: the pure parts; ``bytecode.py``'s run without Node.js).
The real compile runs in Pyodide under Node.js in tests/e2e/test_web_build.py."""

from __future__ import annotations

import importlib.util
import marshal
import zipfile
from pathlib import Path

from scorekeeper.webbuild import bytecode, pyodide_compile


def code_of(source: str):
    return compile(source, "x.py", "exec", dont_inherit=True)


def test_every_absolute_import_is_found_also_inside_functions_and_classes():
    code = code_of(
        "import os, json.decoder\n"
        "from . import sibling\n"
        "from .pkg import thing\n"
        "def later():\n"
        "    import tomllib\n"
        "    from email import message\n"
        "class K:\n"
        "    def m(self):\n"
        "        import zipapp\n"
    )
    assert set(pyodide_compile.imported_names(code)) == {
        "os",
        "json.decoder",
        "tomllib",
        "email",
        "zipapp",
    }


def test_a_drop_candidate_is_kept_when_something_kept_imports_it():
    graph = {
        "asyncio": {"concurrent"},
        "concurrent": {"multiprocessing"},
        "multiprocessing": {"pickle"},
        "pickle": set(),
        "pydoc": {"tomllib"},
        "tomllib": set(),
        "encodings": set(),
    }
    keep = pyodide_compile.kept_tops(
        graph,
        roots={"asyncio.events"},
        candidates={"multiprocessing", "pydoc", "tomllib"},
    )
    # multiprocessing: imported by concurrent (kept); pydoc and what only it
    # imports are left out.
    assert keep == {"asyncio", "concurrent", "multiprocessing", "pickle", "encodings"}
    keep = pyodide_compile.kept_tops(
        graph, roots={"pydoc"}, candidates={"multiprocessing", "pydoc", "tomllib"}
    )
    assert {"pydoc", "tomllib"} <= keep


def test_a_pyc_has_no_timestamp_so_the_same_source_gives_the_same_bytes():
    source = b"x = 1\n"
    _, first = pyodide_compile.to_pyc(source, "a.py")
    _, second = pyodide_compile.to_pyc(source, "a.py")
    assert first == second
    assert first[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(first[4:8], "little") == 0b01  # hash-based, unchecked
    assert first[8:16] == importlib.util.source_hash(source)
    namespace: dict[str, object] = {}
    exec(marshal.loads(first[16:]), namespace)
    assert namespace["x"] == 1


def test_the_tree_keeps_only_bytecode_and_the_entry_as_source(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("import json\n")
    (tmp_path / "pkg" / "__init__.pyi").write_text("")
    (tmp_path / "pkg" / "py.typed").write_text("")
    (tmp_path / "pkg" / "icons.json").write_text("{}")
    (tmp_path / "main.py").write_text("import pkg\n")
    imports = pyodide_compile.compile_tree(str(tmp_path))
    assert imports == {"json", "pkg"}
    names = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.*"))
    assert names == ["main.py", "pkg/__init__.pyc", "pkg/icons.json"]


def test_the_shipped_library_leaves_out_what_nothing_imports(tmp_path):
    compiled = tmp_path / "all.zip"
    pyodide_compile.write_zip(
        str(compiled),
        {"json/__init__.pyc": b"j", "pydoc.pyc": b"p", "encodings/utf_8.pyc": b"e"},
    )
    graph = {"json": [], "pydoc": ["json"], "encodings": []}
    target = tmp_path / "python_stdlib.zip"
    dropped = pyodide_compile.select_stdlib(str(compiled), graph, {"json"}, str(target))
    assert dropped == ["pydoc"]
    with zipfile.ZipFile(target) as shipped:
        assert shipped.namelist() == ["encodings/utf_8.pyc", "json/__init__.pyc"]
        assert {i.date_time for i in shipped.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_without_node_the_sources_are_shipped_and_the_build_says_so(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(bytecode.shutil, "which", lambda name: None)
    said: list[str] = []
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "a.py").write_text("x = 1")
    assert (
        bytecode.compile_python(tree, tmp_path, tmp_path, tmp_path, said.append) is None
    )
    assert (tree / "a.py").exists()
    assert "Node.js not found" in said[0]


def test_the_cache_key_follows_the_library_and_the_compiler(tmp_path):
    stdlib = tmp_path / "python_stdlib.zip"
    stdlib.write_bytes(b"one")
    first = bytecode._key(stdlib)
    stdlib.write_bytes(b"two")
    assert bytecode._key(stdlib) != first
    assert Path(bytecode.COMPILER).exists() and Path(bytecode.RUNNER).exists()
