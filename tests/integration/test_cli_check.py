"""``python main.py check``: every data file read, each problem one line naming
its file, exit 0 clean and 1 otherwise, and nothing in the folder changed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.storage.repository import open_repository
from tests.integration.commands import run
from tests.integration.storage.helpers import (
    BIG,
    OTHER,
    SMALL,
    Clock,
    as_written,
    fail_writes,
    setup,
)

ROOT = Path(__file__).resolve().parents[2]


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under *folder* (the lock file too), its bytes and mtime."""
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in folder.rglob("*")
        if p.is_file()
    }


@pytest.fixture
def folder(tmp_path) -> Path:
    """A data folder with one of each kind of match: in progress, won,
    abandoned, deleted, and a won one reopened by an undo (live.json holds
    it, the archive its old copy)."""
    data = tmp_path / "data"
    with open_repository(data, clock=Clock()) as repo:
        playing = repo.create_match(setup("Anna", "Bruno"))
        repo.add_hand(playing.id, SMALL)
        for players in (("Carla", "Dario"), ("Elena", "Franco"), ("Gino", "Ivo")):
            m = repo.create_match(setup(*players))
            repo.add_hand(m.id, BIG)
            repo.add_hand(m.id, BIG)
        reopened = repo.list_history(status="won").items[0].id
        repo.undo(reopened)
        abandoned = repo.create_match(setup("Luca", "Marta"))
        repo.add_hand(abandoned.id, OTHER)
        repo.abandon_match(abandoned.id)
        repo.delete_match(repo.list_history(status="won").items[-1].id)
    return data


def json_of(path: Path) -> dict:
    return json.loads(path.read_text())


def put(path: Path, value: dict) -> None:
    """*value* written as the app writes (its checksum right): the damage is
    one the app could have stored, and ``check`` must still see it."""
    path.write_text(as_written(value))


def test_a_clean_folder_passes_with_one_ok_line_and_nothing_changed(folder):
    before = snapshot(folder)
    status, out, err = run("--data", str(folder), "check")
    assert (status, err) == (0, "")
    assert out.startswith(f"ok: {folder}: 4 data files, 2 matches in live.json,")
    assert "4 archived, 10 players" in out and out.count("\n") == 1
    assert snapshot(folder) == before


def test_an_empty_folder_is_clean_and_a_missing_one_is_a_problem(tmp_path):
    (tmp_path / "empty").mkdir()
    assert run("check", "--data", str(tmp_path / "empty"))[0] == 0
    status, out, _ = run("check", "--data", str(tmp_path / "nowhere"))
    assert (status, out) == (1, f"{tmp_path / 'nowhere'}: no data folder here\n")
    assert not (tmp_path / "nowhere").exists()


def test_a_truncated_archive_shard_is_named(folder):
    shard = folder / "archive" / "matches-0000.json"
    shard.write_bytes(shard.read_bytes()[:-40])
    before = snapshot(folder)
    status, out, err = run("--data", str(folder), "check")
    assert status == 1
    assert out.splitlines() == [
        f"{shard}: the file is truncated (it ends after {shard.stat().st_size} "
        "bytes, in the middle of the data)"
    ]
    assert err == f"check: 1 problem in 1 file of {folder}\n"
    assert snapshot(folder) == before  # not moved aside, not repaired


def test_an_index_that_disagrees_with_its_shard_is_named(folder):
    index = folder / "archive" / "index-0000.json"
    data = json_of(index)
    lines = data["summaries"]
    dropped = lines.pop(sorted(lines)[0])
    changed = lines[sorted(lines)[0]]
    changed["players"] = ["Zeno", "Ugo"]
    put(index, data)
    status, out, _ = run("--data", str(folder), "check")
    assert status == 1
    shard = folder / "archive" / "matches-0000.json"
    assert out.splitlines() == [
        f"{index}: match {changed['id']!r}: the index says players ['Zeno', 'Ugo'] "
        f"(its record: {['Elena', 'Franco']!r})",
        f"{shard}: match {dropped['id']!r} (seq 0) is missing from "
        "archive/index-0000.json",
    ]


def test_a_stored_total_that_does_not_re_score_is_named(folder):
    index = folder / "archive" / "index-0000.json"
    data = json_of(index)
    line = next(x for x in data["summaries"].values() if x["status"] == "won")
    line["totals"] = [40, 2]
    put(index, data)
    status, out, _ = run("--data", str(folder), "check")
    assert status == 1
    assert out == (
        f"{index}: match {line['id']!r}: stored totals 40-2, its hands in "
        "archive/matches-0000.json score 44-2\n"
    )


def test_a_malformed_live_file_names_each_damaged_record(folder):
    live = folder / "live.json"
    data = json_of(live)
    records = data["matches"]
    first, second = sorted(records)
    records["x1"] = records.pop(first)
    del records[second]["abandoned"]
    put(live, data)
    status, out, _ = run("--data", str(folder), "check")
    assert status == 1
    assert out.splitlines() == [
        f"{live}: match record {second}: abandoned: missing",
        f"{live}: match record x1: its key 'x1' is not a whole number",
    ]


def test_a_live_file_that_is_not_json_and_a_roster_with_a_bad_player(folder):
    (folder / "live.json").write_text("{not json")
    meta = json_of(folder / "meta.json")
    meta["players"]["1"]["name"] = ""
    put(folder / "meta.json", meta)
    status, out, _ = run("--data", str(folder), "check")
    assert status == 1
    assert out.splitlines() == [
        f"{folder / 'live.json'}: not valid JSON (Expecting property name enclosed "
        "in double quotes at line 1 column 2)",
        f"{folder / 'meta.json'}: player 1: name: '' is not a name",
    ]


def test_a_hand_edit_is_named_changed_outside_the_app_and_left_as_it_is(folder):
    """A plausible edit made by hand (the roster's name changed, the file
    written back by a text editor) is seen by its checksum, not taken."""
    meta = folder / "meta.json"
    data = json_of(meta)
    data["players"]["1"]["name"] = "Zeno"
    meta.write_text(json.dumps(data))
    before = snapshot(folder)
    status, out, _ = run("--data", str(folder), "check")
    assert status == 1
    assert out.splitlines() == [
        f"{meta}: changed outside the app (its checksum is not the one the app "
        "wrote: edited by hand or by another program)"
    ]
    assert snapshot(folder) == before


def test_a_folder_in_use_is_read_without_taking_its_lock(folder):
    with open_repository(folder) as repo:  # the app holds the folder
        status, out, err = run("--data", str(folder), "check")
        assert status == 0 and out.startswith("ok: ")
        assert "in use by the running app" in err
        m = repo.create_match(setup())  # the app's lock is still its own
        assert repo.add_hand(m.id, SMALL).match.hands == (SMALL,)


def test_while_check_reads_the_app_cannot_take_the_folder(folder):
    from scorekeeper.storage.check import folder_lock
    from scorekeeper.storage.errors import DataInUseError

    with folder_lock(folder) as in_use:
        assert in_use is False
        with pytest.raises(DataInUseError):
            open_repository(folder)
    open_repository(folder).close()  # free again


def test_the_command_line_exits_1_on_a_problem_and_0_when_clean(folder):
    def check() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "main.py", "check", "--data", str(folder)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=60,
        )

    assert check().returncode == 0
    (folder / "archive" / "index-0000.json").write_text("")
    done = check()
    assert done.returncode == 1
    assert "index-0000.json: the file is empty" in done.stdout


def test_a_move_or_a_compaction_cut_short_is_not_a_problem(folder):
    """The app finishes both at its next open: the check does not report
    the half-done state (live.json holds what the archive lacks)."""
    from scorekeeper.storage.errors import StorageWriteError

    with open_repository(folder, clock=Clock()) as repo:
        fail_writes(
            repo,
            lambda name: name.startswith("archive/matches-"),
            StorageWriteError("disk full", code="disk_full"),
        )
        assert repo.compact_history() == 1  # the index is purged, not the shard
        m = repo.create_match(setup("Nadia", "Oreste"))
        repo.add_hand(m.id, BIG)
        repo.add_hand(m.id, BIG)  # won: the index gets it, the shard does not
        assert [w.code for w in repo.warnings] == ["pending_purge", "pending_move"]
    status, out, err = run("--data", str(folder), "check")
    assert (status, err) == (0, ""), out
    with open_repository(folder) as repo:  # the app finishes both
        assert not repo.warnings
    assert run("--data", str(folder), "check")[0] == 0


# -- tournaments.json ------------------------------------------------------------
@pytest.fixture
def club_folder(tmp_path) -> Path:
    """A data folder with a club night of 4 whose first round is drawn (two
    matches, one of them won)."""
    from scorekeeper.core.tournament import next_round
    from tests.tournament_builders import one_hand, tournament

    data = tmp_path / "club"
    with open_repository(data) as repo:
        stored = repo.tournaments.create(tournament(4))
        s = repo.tournaments.start_round(stored.id, next_round(stored.tournament))
        repo.add_hand(s.match_id(1, 1), one_hand(31, 20))
    assert run("--data", str(data), "check")[0] == 0
    return data


def test_a_deleted_tournaments_file_is_told_with_the_nights_it_held(club_folder):
    (club_folder / "tournaments.json").unlink()
    status, out, err = run("--data", str(club_folder), "check")
    assert status == 0 and out.startswith("ok: ")
    assert err == (
        f"note: {club_folder / 'tournaments.json'}: missing, while 2 matches are "
        "marked as played at club night 'Circolo' (2 matches): deleted outside "
        "the app? Their rounds and standings are gone; the matches stay in the "
        "history (a match imported alone from another phone's club night is "
        "marked so too)\n"
    )


def test_a_folder_in_place_of_the_tournaments_file_is_told_as_a_folder(club_folder):
    path = club_folder / "tournaments.json"
    path.unlink()
    path.mkdir()
    status, out, err = run("--data", str(club_folder), "check")
    assert status == 1
    assert out == (
        f"{path}: a folder, where the app keeps a data file: move the folder "
        "out of the way\n"
    )
    assert "permissions" not in out + err


# -- the data folder's path: too long, long, not UTF-8 ----------------------------
@pytest.mark.parametrize(
    "command", [["check"], ["history"], ["export", "--all"], ["import", "m.json"]]
)
def test_a_data_path_longer_than_the_system_takes_is_one_line_exit_2(command):
    path = "/tmp/" + "a" * 5000
    done = subprocess.run(
        [sys.executable, "main.py", "--data", path, *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (2, ""), done.stderr[-2000:]
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(
        "error: --data: the path, or a name in it, is too long for this system "
        "(5,005 characters): "
        "/tmp/aaaa"
    )
    assert len(done.stderr) < 300  # cut, as names are


def test_a_long_data_path_is_cut_in_every_line_of_check(tmp_path):
    folder = tmp_path.joinpath(*["cartella" * 25] * 4)  # 800 characters more
    with open_repository(folder):
        pass
    (folder / "live.json").write_text("{ broken")
    status, out, err = run("--data", str(folder), "check")
    assert status == 1
    for line in (out + err).splitlines():
        assert len(line) < 300, line
        assert str(folder) not in line
    assert out.startswith(str(tmp_path)[:20]) and "…" in out
    assert out.rstrip().endswith(
        "live.json: not valid JSON (Expecting property "
        "name enclosed in double quotes at line 1 column 3)"
    )


def test_a_data_folder_whose_name_is_not_utf8_is_checked_and_shown_escaped(
    tmp_path,
):
    folder = tmp_path / os.fsdecode(b"dati-Nicol\xf2")
    with open_repository(folder):
        pass
    done = subprocess.run(
        [sys.executable, "main.py", "--data", str(folder), "check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith(f"ok: {tmp_path}/dati-Nicol\\xf2: ")
