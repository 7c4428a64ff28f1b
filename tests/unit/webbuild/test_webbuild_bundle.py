"""The app's Python archive of the browser build (``webbuild/bundle.py``):
wheels unpacked as micropip would install them, a reproducible archive."""

from __future__ import annotations

import tarfile
import time
import zipfile
from pathlib import Path

import pytest

from scorekeeper.webbuild import bundle


def make_wheel(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as wheel:
        for name, text in files.items():
            wheel.writestr(name, text)
    return path


def test_a_wheel_is_unpacked_as_installed_without_its_data_and_record(tmp_path):
    wheel = make_wheel(
        tmp_path / "segno-1.6.6-py3-none-any.whl",
        {
            "segno/__init__.py": "x = 1",
            "segno/py.typed": "",
            "segno-1.6.6.dist-info/METADATA": "Name: segno",
            "segno-1.6.6.dist-info/RECORD": "segno/__init__.py,,",
            "segno-1.6.6.data/data/share/man/man1/segno.1": "man",
        },
    )
    tops = bundle.unpack_wheels([wheel], tmp_path / "pp")
    assert tops == ["segno", "segno-1.6.6.dist-info"]
    found = sorted(
        p.relative_to(tmp_path / "pp").as_posix()
        for p in (tmp_path / "pp").rglob("*")
        if p.is_file()
    )
    assert found == [
        "segno-1.6.6.dist-info/METADATA",
        "segno/__init__.py",
        "segno/py.typed",
    ]


@pytest.mark.parametrize("bad", ["../evil.py", "/etc/evil.py"])
def test_a_wheel_member_outside_the_folder_is_refused(tmp_path, bad):
    wheel = make_wheel(tmp_path / "x-1-py3-none-any.whl", {bad: "boom"})
    with pytest.raises(bundle.BundleError, match="unsafe member"):
        bundle.unpack_wheels([wheel], tmp_path / "pp")


def test_two_wheels_writing_one_file_fail(tmp_path):
    one = make_wheel(tmp_path / "a-1-py3-none-any.whl", {"common.py": "a"})
    two = make_wheel(tmp_path / "b-1-py3-none-any.whl", {"common.py": "b"})
    with pytest.raises(bundle.BundleError, match="common.py already unpacked"):
        bundle.unpack_wheels([one, two], tmp_path / "pp")


def test_the_tree_holds_the_entry_the_package_and_the_unpacked_wheels(tmp_path):
    staging = tmp_path / "staging"
    (staging / "scorekeeper").mkdir(parents=True)
    (staging / "scorekeeper" / "__init__.py").write_text("")
    (staging / "main.py").write_text("run()")
    (staging / "assets").mkdir()
    wheel = make_wheel(tmp_path / "six-1-py3-none-any.whl", {"six.py": "six"})
    tree = bundle.make_app_tree(staging, [wheel], tmp_path / "tree")
    names = sorted(p.relative_to(tree).as_posix() for p in tree.rglob("*"))
    assert names == [
        "__pypackages__",
        "__pypackages__/six.py",
        "main.py",
        "scorekeeper",
        "scorekeeper/__init__.py",
    ]


def test_the_archive_has_the_same_bytes_whenever_it_is_made(tmp_path):
    tree = tmp_path / "tree"
    (tree / "pkg").mkdir(parents=True)
    (tree / "pkg" / "b.py").write_text("b")
    (tree / "a.py").write_text("a")
    first = tmp_path / "one.tar.gz"
    bundle.write_archive(tree, first)
    time.sleep(1.1)
    (tree / "a.py").write_text("a")  # touched: a new mtime, same bytes
    second = tmp_path / "two.tar.gz"
    bundle.write_archive(tree, second)
    assert first.read_bytes() == second.read_bytes()
    with tarfile.open(first) as archive:
        assert archive.getnames() == ["a.py", "pkg/b.py"]
        assert {m.mtime for m in archive.getmembers()} == {0}
