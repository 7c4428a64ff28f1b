"""Each data file carries a checksum the app writes and verifies; ``check``
verifies it too (issue 24 item 9).

Before, a plausible edit by hand (piccole +1 in a match in progress, a match
removed) went unseen: the app and ``check`` took the file as it was. Now the
file is "changed outside the app": the app refuses to start on it and names
it (nothing touched), ``--recover`` takes it as it is now and keeps the file
as found aside (nothing lost), ``check`` reports it. An archive shard edited
by hand still gives every match it can: each record is checked when read.
Checksums are bytes on disk: these run on a real folder only.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.storage.check import check_folder
from scorekeeper.storage.errors import DataFileError
from tests.integration.storage.helpers import BIG, SMALL, Store, setup


def _filled(store: Store) -> tuple[str, str]:
    repo = store.open()
    live = repo.create_match(setup("Anna", "Bruno"))
    repo.add_hand(live.id, SMALL)
    won = repo.create_match(setup("Carla", "Dario"))
    repo.add_hand(won.id, BIG)
    repo.add_hand(won.id, BIG)
    store.close()
    return live.id, won.id


def _plus_one_piccole(path) -> str:
    """The file with piccole +1 for side 1 of its first hand, as a hand edit."""
    text = path.read_text()
    data = json.loads(text)
    record = next(iter(data["matches"].values()))
    side = record["match"]["hands"][0]["sides"][0]
    side["piccole"] += 1
    edited = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    path.write_text(edited)
    return edited


def test_every_data_file_starts_with_its_checksum(file_store):
    _filled(file_store)
    for path in sorted(file_store.folder.rglob("*.json")):
        assert path.read_bytes().startswith(b'{"_checksum":"'), path
    assert check_folder(file_store.folder).problems == []


def test_a_hand_edit_of_live_json_is_changed_outside_the_app(file_store):
    live_id, _ = _filled(file_store)
    path = file_store.folder / "live.json"
    edited = _plus_one_piccole(path)
    report = check_folder(file_store.folder)
    assert [p.message for p in report.problems if p.path == str(path)] == [
        "changed outside the app (its checksum is not the one the app wrote: "
        "edited by hand or by another program)"
    ]
    with pytest.raises(DataFileError) as e:
        file_store.open()
    assert e.value.code == "changed" and str(path) in str(e.value)
    assert "--recover" in str(e.value)
    assert path.read_text() == edited  # left untouched
    # --recover: taken as it is now, the file as found kept aside
    repo = file_store.open(on_damage="move_aside")
    assert [w.code for w in repo.warnings] == ["changed"]
    copy = repo.warnings[0].params["copy"]
    assert Path(copy).read_text() == edited
    assert repo.get_match(live_id).match.hands[0].sides[0].piccole == 1  # taken
    file_store.close()
    assert check_folder(file_store.folder).problems == []  # the app's again
    file_store.open()  # and it opens


def test_a_reformatted_file_is_changed_too(file_store):
    _filled(file_store)
    path = file_store.folder / "meta.json"
    path.write_text(json.dumps(json.loads(path.read_text()), indent=2))
    with pytest.raises(DataFileError) as e:
        file_store.open()
    assert e.value.code == "changed"


def test_an_edited_archive_shard_is_said_at_start_and_still_exports(file_store):
    _, won_id = _filled(file_store)
    path = file_store.folder / "archive" / "matches-0000.json"
    _plus_one_piccole(path)
    repo = file_store.open()  # the app starts: one shard edited blocks nothing
    (warning,) = [w for w in repo.warnings if w.code == "changed"]
    assert str(path) in warning.message
    missing: list[DataFileError] = []
    assert won_id in [d["meta"]["id"] for d in repo.export_all(missing)]
    assert missing == []
    assert any(str(path) in str(p) for p in check_folder(file_store.folder).problems)


def test_an_edited_index_is_rebuilt_from_its_matches(file_store):
    _, won_id = _filled(file_store)
    path = file_store.folder / "archive" / "index-0000.json"
    data = json.loads(path.read_text())
    line = next(iter(data["summaries"].values()))
    line["totals"] = [0, 0]
    path.write_text(json.dumps(data, separators=(",", ":")))
    repo = file_store.open()
    assert repo.summary(won_id).totals != (0, 0)
    assert "changed" in [w.code for w in repo.warnings]


def test_a_file_an_older_version_wrote_reads_as_it_is(file_store):
    live_id, _ = _filled(file_store)
    path = file_store.folder / "live.json"
    data = json.loads(path.read_text())
    del data["_checksum"]
    path.write_text(json.dumps(data))
    repo = file_store.open()
    assert repo.warnings == [] and repo.get_match(live_id).match.hands == (SMALL,)
