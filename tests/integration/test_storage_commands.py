"""``python main.py import / export / history``, each honouring ``--data``."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

from scorekeeper.core.matchfile import dump_match
from scorekeeper.data_commands import HISTORY_PAGE
from tests.builders import match, plain_hand
from tests.integration.commands import run

ROOT = Path(__file__).resolve().parents[2]


def match_doc(players=("Anna", "Bruno"), hands=2, **meta) -> dict:
    doc = dump_match(match(players, [plain_hand()] * hands))
    if meta:
        doc["meta"] = meta
    return doc


def write(path: Path, value) -> str:
    path.write_text(value if isinstance(value, str) else json.dumps(value))
    return str(path)


def history(data: str, *extra: str) -> list[dict]:
    status, out, err = run("--data", data, "history", "--json", *extra)
    assert status == 0, err
    return json.loads(out)


def test_an_imported_match_is_listed_with_its_id(data, tmp_path):
    f = write(tmp_path / "m.json", match_doc(id="sunday-1", notes="al bar"))
    status, out, err = run("--data", data, "import", f)
    assert (status, err) == (0, "")
    assert out == f"imported sunday-1 from {f}\n"
    [line] = history(data)
    assert line["id"] == "sunday-1"
    assert (line["players"], line["totals"], line["status"]) == (
        ["Anna", "Bruno"],
        [4, 2],
        "in_progress",
    )
    assert set(line) >= {"id", "date", "players", "totals", "status", "winner"}


def test_refused_files_are_named_and_change_nothing_while_the_good_ones_import(
    data, tmp_path
):
    good = write(tmp_path / "good.json", match_doc(id="good"))
    not_json = write(tmp_path / "notjson.json", "{nope")
    bad = match_doc(id="bad")
    bad["hands"][1]["sides"][0]["cards"] = 25  # 25 + 20 cards
    bad_hand = write(tmp_path / "badhand.json", bad)
    missing = str(tmp_path / "missing.json")
    status, out, err = run("--data", data, "import", not_json, good, bad_hand, missing)

    assert status == 2
    assert out == f"imported good from {good}\n"
    lines = err.splitlines()
    assert lines[0].startswith(f"{not_json}: not valid JSON")  # as score says
    assert lines[1].startswith(f"{bad_hand}: match: hand 2: cards: ")
    assert "cards add up to 45" in lines[1]
    assert lines[2].startswith(f"{missing}: cannot read the file")  # as score says
    assert [m["id"] for m in history(data)] == ["good"]


def test_a_file_with_an_array_imports_each_match_or_none(data, tmp_path):
    many = write(
        tmp_path / "many.json",
        [match_doc(id="a"), match_doc(("Carla", "Dario"), 1, id="b")],
    )
    status, out, _ = run("--data", data, "import", many)
    assert status == 0
    assert out.splitlines() == [f"imported a from {many}", f"imported b from {many}"]

    broken = [match_doc(id="c"), dict(match_doc(id="d"), players=["Solo"])]
    status, _, err = run("--data", data, "import", write(tmp_path / "x.json", broken))
    assert status == 2 and ": match 2: " in err
    assert sorted(m["id"] for m in history(data)) == ["a", "b"]


def test_importing_the_same_file_twice_keeps_one_copy(data, tmp_path):
    f = write(tmp_path / "m.json", match_doc(id="once"))
    assert run("--data", data, "import", f)[0] == 0
    status, out, _ = run("--data", data, "import", f)
    assert (status, out) == (0, f"already stored once from {f}\n")
    assert len(history(data)) == 1


def test_a_file_without_ids_imported_twice_keeps_one_copy_of_each_match(data, tmp_path):
    f = write(
        tmp_path / "noids.json",
        [match_doc(), match_doc(("Carla", "Dario"), 1), match_doc(hands=1)],
    )

    def main_py(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "main.py", "--data", data, *argv],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )

    first = main_py("import", f)
    assert (first.returncode, first.stderr) == (0, "")
    ids = [line.split()[1] for line in first.stdout.splitlines()]
    assert first.stdout.splitlines() == [f"imported {i} from {f}" for i in ids]
    assert len(set(ids)) == 3

    again = main_py("import", f)
    assert (again.returncode, again.stderr) == (0, "")
    assert again.stdout.splitlines() == [f"already stored {i} from {f}" for i in ids]
    assert sorted(m["id"] for m in history(data)) == sorted(ids)


def test_export_prints_the_stored_match_with_its_meta(data, tmp_path):
    run("--data", data, "import", write(tmp_path / "m.json", match_doc(id="x1")))
    status, out, _ = run("--data", data, "export", "x1")
    assert status == 0
    doc = json.loads(out)
    assert doc["format"] == "spazzino-match" and len(doc["hands"]) == 2
    assert {"id", "created", "updated"} <= set(doc["meta"]) and doc["meta"][
        "id"
    ] == "x1"

    status, out, _ = run("--data", data, "export", "--all")
    assert [d["meta"]["id"] for d in json.loads(out)] == ["x1"]

    target = tmp_path / "out.json"
    status, out, _ = run("--data", data, "export", "x1", "-o", str(target))
    assert (status, out) == (0, "")
    assert json.loads(target.read_text()) == doc

    status, _, err = run("--data", data, "export", "nope")
    assert status == 2 and "nope" in err


def test_export_then_import_into_an_empty_folder_gives_the_same_matches(data, tmp_path):
    docs = [
        match_doc(id="a", notes="n"),
        match_doc(("A", "B", "C", "D"), 3, id="b"),
        dump_match(match(hands=[plain_hand(40)])),
    ]
    run("--data", data, "import", write(tmp_path / "m.json", docs))
    _, exported, _ = run("--data", data, "export", "--all")
    other = str(tmp_path / "other")
    status, _, _ = run("--data", other, "import", write(tmp_path / "e.json", exported))
    assert status == 0
    assert run("--data", other, "export", "--all")[1] == exported
    assert history(other) == history(data)


def test_history_filters_by_player_and_status_and_prints_a_table(data, tmp_path):
    docs = [
        match_doc(id="a"),
        match_doc(("Carla", "Bruno"), 1, id="b"),
        dump_match(match(("Carla", "Dario"), [plain_hand(40)]), {"id": "c"}),
    ]
    run("--data", data, "import", write(tmp_path / "m.json", docs))
    assert {m["id"] for m in history(data, "--player", "Bruno")} == {"a", "b"}
    [won] = history(data, "--status", "won")
    assert (won["id"], won["winner"], won["totals"]) == ("c", 1, [42, 1])

    status, out, _ = run("--data", data, "history")
    header, *rows = out.splitlines()
    assert header.split() == ["id", "date", "players", "totals", "status", "winner"]
    assert any("Carla v Dario" in r and "42-1" in r and "won" in r for r in rows)


def test_history_prints_the_newest_page_and_says_how_to_see_every_match(data, tmp_path):
    """Before, `history` printed every match (10,000 lines); now the newest
    HISTORY_PAGE and a line saying how many more; --all and --json every one."""
    n = HISTORY_PAGE + 3
    docs = [
        match_doc(id=f"k{i:02d}", created=f"2026-01-{i + 1:02d}T20:00:00+00:00")
        for i in range(n)
    ]
    assert run("--data", data, "import", write(tmp_path / "m.json", docs))[0] == 0
    status, out, _ = run("--data", data, "history")
    header, *rows, more = out.splitlines()
    assert status == 0 and header.split()[0] == "id"
    newest = [f"k{i:02d}" for i in reversed(range(n))]
    assert [r.split()[0] for r in rows] == newest[:HISTORY_PAGE]
    assert more == (
        f"... and 3 older matches ({n} in all): `history --all` lists every one"
    )
    status, out, _ = run("--data", data, "history", "--all")
    assert [r.split()[0] for r in out.splitlines()[1:]] == newest
    assert [m["id"] for m in history(data)] == newest  # --json: every one
    # a filter pages the same way, the count being the filter's
    status, out, _ = run("--data", data, "history", "--player", "anna")
    assert out.splitlines()[-1].startswith(f"... and 3 older matches ({n} in all)")


def test_the_data_folder_comes_from_the_environment_unless_given(tmp_path, monkeypatch):
    env_dir = tmp_path / "env"
    monkeypatch.setenv("SPAZZINO_DATA", str(env_dir))
    f = write(tmp_path / "m.json", match_doc(id="e1"))
    assert run("import", f)[0] == 0
    assert (env_dir / "live.json").exists()
    assert run("history", "--json")[1].count('"e1"') == 1
    explicit = str(tmp_path / "explicit")
    (tmp_path / "explicit").mkdir()
    assert json.loads(run("history", "--json", "--data", explicit)[1]) == []


def test_a_second_instance_is_told_the_folder_is_in_use(data):
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys,time\n"
            "from scorekeeper.storage import open_repository\n"
            "r = open_repository(sys.argv[1])\n"
            "print('open', flush=True)\n"
            "time.sleep(60)",
            data,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "open"
        status, out, err = run("--data", data, "history")
        assert status == 1 and out == ""
        assert "already in use by another instance" in err
    finally:
        holder.kill()
        holder.wait()


KILLER = textwrap.dedent(
    """
    import os, signal, sys
    from scorekeeper.cli import main
    status = main(["--data", sys.argv[1], "import", sys.argv[2]])
    print(status, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


def test_an_import_that_returned_0_survives_a_kill_right_after(data, tmp_path):
    f = write(tmp_path / "m.json", [match_doc(id="k1"), match_doc(id="k2", hands=1)])
    proc = subprocess.run(
        [sys.executable, "-c", KILLER, data, f],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == -signal.SIGKILL
    assert proc.stdout.splitlines()[-1] == "0"
    assert sorted(m["id"] for m in history(data)) == ["k1", "k2"]


def test_a_damaged_file_is_refused_then_moved_aside_with_recover(data, tmp_path):
    code, _, _ = run("import", write(tmp_path / "m.json", match_doc()), "--data", data)
    assert code == 0
    live = Path(data) / "live.json"
    live.write_text("not json at all")
    code, out, err = run("history", "--data", data)
    assert code == 1 and out == ""
    assert "live.json" in err and "--recover" in err
    assert live.read_text() == "not json at all"  # never overwritten
    code, out, err = run("history", "--data", data, "--recover")
    assert code == 0 and "moved aside" in err
    moved = list(Path(data).glob("live.json.damaged-*"))
    assert len(moved) == 1 and moved[0].read_text() == "not json at all"


def test_a_data_command_leaves_the_garbage_collector_as_it_found_it(data, tmp_path):
    """The commands open with the collector off and the index frozen (cheaper
    at 10,000 matches); a caller that goes on (a test, a script) gets it back."""
    import gc

    assert (
        run("--data", data, "import", write(tmp_path / "m.json", match_doc()))[0] == 0
    )
    assert run("--data", data, "history")[0] == 0
    assert gc.isenabled() and gc.get_freeze_count() == 0


# -- export -o: what is at the path is written as the shell's > writes it ---------
def read_fifo(fifo: Path, into: list[bytes]) -> threading.Thread:
    def reader() -> None:
        with open(fifo, "rb") as f:
            into.append(f.read())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    return thread


def test_export_to_a_symlink_writes_its_target_and_keeps_the_link(data, tmp_path):
    run("--data", data, "import", write(tmp_path / "m.json", match_doc(id="x1")))
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    status, out, err = run("--data", data, "export", "x1", "-o", str(link))
    assert (status, out, err) == (0, "", "")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert json.loads(target.read_text())["meta"]["id"] == "x1"


def test_export_to_a_fifo_writes_through_it_and_leaves_the_fifo(data, tmp_path):
    run("--data", data, "import", write(tmp_path / "m.json", match_doc(id="x1")))
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    thread = read_fifo(fifo, got)
    status, out, err = run("--data", data, "export", "x1", "-o", str(fifo))
    thread.join(10)
    assert (status, out, err) == (0, "", "")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert json.loads(got[0])["meta"]["id"] == "x1"


def test_export_to_a_folder_is_refused_with_one_line(data, tmp_path):
    run("--data", data, "import", write(tmp_path / "m.json", match_doc(id="x1")))
    folder = tmp_path / "a folder"
    folder.mkdir()
    status, out, err = run("--data", data, "export", "x1", "-o", str(folder))
    assert (status, out) == (1, "")
    assert (
        err == f"error: could not write {folder}: it is a folder; nothing was "
        "written (a file there before is unchanged, the data folder too)\n"
    )
    assert folder.is_dir() and not any(folder.iterdir())


def test_export_to_dev_fd_1_appended_by_the_shell_keeps_what_the_file_held(
    data, tmp_path
):
    run("--data", data, "import", write(tmp_path / "m.json", match_doc(id="x1")))
    kept = tmp_path / "kept.txt"
    kept.write_text("already here\n")
    with kept.open("a") as appended:  # the shell's >>
        done = subprocess.run(
            [
                sys.executable,
                "main.py",
                "--data",
                data,
                "export",
                "x1",
                "-o",
                "/dev/fd/1",
            ],
            cwd=ROOT,
            stdout=appended,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert (done.returncode, done.stderr) == (0, "")
    head, _, rest = kept.read_text().partition("\n")
    assert head == "already here"
    assert json.loads(rest)["meta"]["id"] == "x1"
