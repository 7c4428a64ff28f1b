"""``python main.py share ID --link / --png`` and ``import LINK``."""

from __future__ import annotations

import base64
import json
import os
import stat
import threading
import zlib
from pathlib import Path

import pytest

from scorekeeper.core import sharelink
from scorekeeper.core.matchfile import dump_match
from tests.integration.commands import run
from tests.long_match import long_match


@pytest.fixture
def played(tmp_path) -> tuple[str, str]:
    """A data folder holding the 40-hand match (with notes), and its id."""
    data = str(tmp_path / "played")
    f = tmp_path / "m.json"
    f.write_text(json.dumps(dump_match(long_match(), {"notes": "da Gino"})))
    status, out, err = run("--data", data, "import", str(f))
    assert status == 0, err
    return data, out.split()[1]


def link_of(data: str, match_id: str, *extra: str) -> str:
    status, out, err = run("--data", data, "share", match_id, "--link", *extra)
    assert (status, err) == (0, "")
    return out.strip()


def exported(data: str, match_id: str) -> dict:
    status, out, err = run("--data", data, "export", match_id)
    assert status == 0, err
    return json.loads(out)


def score(doc: dict, tmp_path: Path) -> dict:
    f = tmp_path / "score.json"
    f.write_text(json.dumps(doc))
    status, out, err = run("score", str(f), "--json")
    assert status == 0, err
    return json.loads(out)


def test_a_shared_link_imported_into_an_empty_folder_exports_the_same_match(
    played, tmp_path
):
    data, match_id = played
    link = link_of(data, match_id)
    fresh = str(tmp_path / "fresh")
    status, out, err = run("--data", fresh, "import", link)
    assert (status, err) == (0, "")
    assert out == f"imported {match_id} from the link http://127.0.0.1:8550/#m=…\n"
    before, after = exported(data, match_id), exported(fresh, match_id)
    for key in ("players", "first_dealer", "rules", "hands"):
        assert after[key] == before[key]
    assert after["meta"] == before["meta"]
    assert score(after, tmp_path) == score(before, tmp_path)
    assert score(after, tmp_path)["status"] == "won"


def test_a_link_saved_twice_is_stored_once(played, tmp_path):
    data, match_id = played
    link = link_of(data, match_id)
    fresh = str(tmp_path / "fresh")
    assert run("--data", fresh, "import", link)[0] == 0
    status, out, _ = run("--data", fresh, "import", link)
    assert (status, out.split()[:3]) == (0, ["already", "stored", match_id])
    status, out, _ = run("--data", fresh, "history", "--json")
    assert [m["id"] for m in json.loads(out)] == [match_id]


def test_a_link_opened_where_the_match_was_played_is_already_stored(played):
    data, match_id = played
    status, out, err = run("--data", data, "import", link_of(data, match_id))
    assert (status, err) == (0, "")
    assert out.startswith(f"already stored {match_id}")


def test_the_link_points_at_the_given_address(played):
    data, match_id = played
    link = link_of(data, match_id, "--base", "https://carte.example/spazzino/")
    assert link.startswith("https://carte.example/spazzino/#m=1.")


@pytest.mark.parametrize(
    "damage",
    [
        lambda link: link[:-7],
        lambda link: link[: len(link) // 2],
        lambda link: link.split("#")[0],
        lambda link: link[:-40] + ("A" if link[-40] != "A" else "B") + link[-39:],
    ],
    ids=["cut-at-the-end", "cut-in-half", "fragment-lost", "one-character-changed"],
)
def test_a_damaged_link_is_refused_with_one_line_and_nothing_stored(
    played, tmp_path, damage
):
    data, match_id = played
    fresh = str(tmp_path / "fresh")
    status, out, err = run("--data", fresh, "import", damage(link_of(data, match_id)))
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("the link http://127.0.0.1:8550/")
    assert run("--data", fresh, "history", "--json")[1] == "[]\n"


def test_share_of_an_unknown_match_or_without_link_is_refused(played):
    data, match_id = played
    status, _, err = run("--data", data, "share", "nessuna", "--link")
    assert status == 2 and "nessuna" in err and err.count("\n") == 1
    status, _, err = run("--data", data, "share", match_id)
    assert status == 2 and "--link" in err


def test_a_match_played_at_the_table_links_without_its_edit_log(tmp_path):
    """The edit log stays on the phone it was played on; the link carries
    the match, its id, dates and notes, and saving it back changes nothing."""
    from scorekeeper.storage.repository import open_repository
    from scorekeeper.table import TableService

    data = str(tmp_path / "table")
    m = long_match(hands=12)
    repo = open_repository(data)
    service = TableService(repo)
    match_id = service.start_match(m.setup).value.id
    for h in m.hands:
        service.add_hand(match_id, h)
    repo.close()
    assert len(exported(data, match_id)["meta"]["edits"]) == 12
    link = link_of(data, match_id)
    fresh = str(tmp_path / "fresh")
    assert run("--data", fresh, "import", link)[0] == 0
    assert "edits" not in exported(fresh, match_id)["meta"]
    assert exported(fresh, match_id)["hands"] == exported(data, match_id)["hands"]
    status, out, _ = run("--data", data, "import", link)
    assert (status, out.split()[:2]) == (0, ["already", "stored"])


def test_share_png_writes_the_matchs_picture_in_the_asked_language(played, tmp_path):
    from PIL import Image, ImageChops

    data, match_id = played
    pictures = {}
    for lang in ("it", "en"):
        f = tmp_path / f"{lang}.png"
        status, out, err = run(
            "--data", data, "share", match_id, "--png", str(f), "--lang", lang
        )
        assert (status, out, err) == (0, "", "")
        pictures[lang] = Image.open(f).convert("RGB")
        assert pictures[lang].size == (1080, 1350)
    assert ImageChops.difference(pictures["it"], pictures["en"]).getbbox()


def test_share_png_into_a_missing_folder_fails_with_one_line(played, tmp_path):
    data, match_id = played
    f = tmp_path / "no" / "such" / "dir" / "m.png"
    status, out, err = run("--data", data, "share", match_id, "--png", str(f))
    assert status == 1 and out == "" and err.count("\n") == 1, err


def test_share_png_to_a_symlink_or_a_fifo_writes_through_and_replaces_neither(
    played, tmp_path
):
    data, match_id = played
    target = tmp_path / "real.png"
    link = tmp_path / "link.png"
    link.symlink_to(target)  # a link to a file not made yet: the shell makes it
    status, out, err = run("--data", data, "share", match_id, "--png", str(link))
    assert (status, out, err) == (0, "", "")
    assert link.is_symlink() and target.read_bytes().startswith(b"\x89PNG")

    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    status, out, err = run("--data", data, "share", match_id, "--png", str(fifo))
    reader.join(10)
    assert (status, out, err) == (0, "", "")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got == [target.read_bytes()]


def link_carrying(data: bytes) -> str:
    """A link whose check passes around *data* (what anyone can make)."""
    packed = sharelink._deflate(data)
    raw = zlib.crc32(packed).to_bytes(4, "big") + packed
    payload = base64.urlsafe_b64encode(raw).decode().rstrip("=")
    return f"http://127.0.0.1:8550/#m=1.{payload}"


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        (
            lambda text: text.replace('"notes": "da Gino"', '"notes": "\\ud800"'),
            "meta: notes: a lone surrogate (U+D800) is not text",
        ),
        (
            lambda text: text.replace('"cards": 20', '"cards": 1' + "0" * 3999, 1),
            "not readable JSON: a number of 4000 digits (at most 20)",
        ),
        (
            lambda text: text.replace('{"format"', '{"version": 1, "format"', 1),
            "the key 'version' appears twice in one object",
        ),
    ],
    ids=["lone surrogate", "4000 digits", "a key twice"],
)
def test_a_links_match_is_read_by_the_file_reader_with_its_messages(
    played, tmp_path, bad, says
):
    data, match_id = played
    text = bad(json.dumps(exported(data, match_id)))  # ensure_ascii: \\ud800
    f = tmp_path / "same.json"
    f.write_text(text)
    fresh = str(tmp_path / "fresh")
    as_file = run("--data", fresh, "import", str(f))
    as_link = run("--data", fresh, "import", link_carrying(text.encode()))
    assert as_file == (2, "", f"{f}: {says}\n")
    assert as_link == (2, "", f"the link http://127.0.0.1:8550/#m=…: {says}\n")
    assert run("--data", fresh, "history", "--json")[1] == "[]\n"
