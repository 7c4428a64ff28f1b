"""``score`` and ``import`` given hostile files: one reader, the same rules,
exit 2 and one line naming the file, no traceback, nothing stored.

In-process where the process does not matter (``cli.main`` with string
streams); as a subprocess for what only a process shows: a closed standard
input, a FIFO nobody writes to, a recursion deep in the decoder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.core.matchfile import dump_match
from tests.builders import match, plain_hand
from tests.integration.commands import run

ROOT = Path(__file__).resolve().parents[2]


def a_match(**meta: object) -> dict:
    doc = dump_match(match(("Anna", "Bruno"), [plain_hand()] * 2))
    if meta:
        doc["meta"] = meta
    return doc


def refused(status: int, out: str, err: str) -> str:
    """The one line of a refusal (exit 2, nothing on stdout)."""
    assert status == 2, (status, out, err)
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


def stored(data: str) -> list[dict]:
    status, out, err = run("--data", data, "history", "--json")
    assert status == 0, err
    return json.loads(out)


def both_refuse(path: Path, data: str) -> tuple[str, str]:
    """What score and import say of *path*; import stored nothing."""
    said_score = refused(*run("score", str(path)))
    said_import = refused(*run("--data", data, "import", str(path)))
    assert stored(data) == []
    return said_score, said_import


def test_a_key_twice_is_refused_by_import_as_by_score(tmp_path, data):
    path = tmp_path / "twice.json"
    text = json.dumps(a_match())
    path.write_text(text.replace('"version": 1', '"version": 1, "version": 1'))
    for said in both_refuse(path, data):
        assert said == f"{path}: the key 'version' appears twice in one object"


def test_a_byte_order_mark_is_skipped_by_import_as_by_score(tmp_path, data):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(a_match()).encode())
    assert run("score", str(path))[0] == 0
    status, out, err = run("--data", data, "import", str(path))
    assert status == 0, err
    assert len(stored(data)) == 1


def test_an_integer_of_5000_digits_is_one_line(tmp_path, data):
    path = tmp_path / "long.json"
    text = json.dumps(a_match()).replace('"cards": 20', '"cards": 1' + "0" * 5000, 1)
    assert "0" * 5000 in text
    path.write_text(text)
    for said in both_refuse(path, data):
        assert said.startswith(f"{path}: not readable JSON: a number of 5001 digits")
        assert len(said) < 200  # never the number itself


def test_a_lone_surrogate_in_the_notes_or_an_edits_by_is_refused(tmp_path, data):
    edit = {"by": "\udc80", "action": "abandon", "at": "2026-01-01T10:00:00+00:00"}
    for meta, where in (
        ({"notes": "ok \ud800"}, "meta: notes"),
        ({"edits": [edit]}, "meta: edits, item 1: by"),
    ):
        path = tmp_path / "surrogate.json"
        path.write_text(json.dumps(a_match(**meta)))  # ensure_ascii: \\ud800
        for said in both_refuse(path, data):
            assert said.startswith(f"{path}: {where}: a lone surrogate"), said


@pytest.mark.parametrize(
    ("meta", "says"),
    [
        ({"note": "a typo"}, "meta: 'note' is not a meta key (known: id, created"),
        ({"notes": "x" * 2001}, "meta: notes: 2001 characters, at most 2000"),
        ({"id": "20260101-abc\n"}, "meta: id: '20260101-abc\\n' is not a match id"),
        (
            {"id": "x" * 1_000_000},
            "meta: id: '" + "x" * 40 + "…' is not a match id",
        ),
    ],
    ids=["unknown key", "notes too long", "id with a newline", "a megabyte id"],
)
def test_import_refuses_meta_that_would_be_lost_or_break_later(
    tmp_path, data, meta, says
):
    path = tmp_path / "meta.json"
    path.write_text(json.dumps(a_match(**meta)))
    said = refused(*run("--data", data, "import", str(path)))
    assert said.startswith(f"{path}: match: {says}"), said
    assert len(said) < 300
    assert stored(data) == []


def test_an_edit_log_whose_undo_would_fail_is_refused_at_import(tmp_path, data):
    at = "2026-01-01T10:00:00+00:00"
    for index in (10**19, 7, 3):  # past a C long; past the hands; no hand 4
        doc = a_match(edits=[{"by": None, "action": "add", "at": at, "index": index}])
        path = tmp_path / "log.json"
        path.write_text(json.dumps(doc))
        said = refused(*run("--data", data, "import", str(path)))
        assert "edits: entry 1" in said, said
        assert stored(data) == []
    # a log that can be undone imports, and undoes
    doc = a_match(edits=[{"by": None, "action": "add", "at": at, "index": 1}])
    path.write_text(json.dumps(doc))
    assert run("--data", data, "import", str(path))[0] == 0


def test_an_edit_entry_with_a_bad_time_names_its_entry_once(tmp_path, data):
    doc = a_match(edits=[{"by": None, "action": "abandon", "at": "soon"}])
    path = tmp_path / "at.json"
    path.write_text(json.dumps(doc))
    said = refused(*run("--data", data, "import", str(path)))
    assert "entry 1: at" in said and "entry 1: entry 1" not in said


def process(*argv: str, **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        **kwargs,
    )


def one_line_exit_2(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    return done.stderr.strip()


def test_nesting_10000_deep_is_one_line(tmp_path, data):
    path = tmp_path / "deep.json"
    doc = json.dumps(a_match())
    path.write_text(
        doc[:-1] + ', "meta": {"notes": ' + "[" * 10_000 + "]" * 10_000 + "}}"
    )
    for argv in (("score", str(path)), ("--data", data, "import", str(path))):
        said = one_line_exit_2(process(*argv))
        assert said == f"{path}: not valid JSON: nested too deeply"


def test_a_closed_standard_input_is_one_line(data):
    for argv in (("score", "-"), ("--data", data, "import", "-")):
        said = one_line_exit_2(
            process(*argv, stdin=None, preexec_fn=lambda: os.close(0))
        )
        assert said.endswith("stdin: standard input is closed"), said


def test_a_fifo_with_no_writer_is_refused_at_once(tmp_path, data):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for argv in (("score", str(fifo)), ("--data", data, "import", str(fifo))):
        said = one_line_exit_2(process(*argv))  # the timeout: it must not hang
        assert said == f"{fifo}: not a regular file"


# -- names: the one rule at every door (core/names.py) ---------------------------
BAD_NAMES = {
    "ANSI escape": ("\x1b[31mAnna", "'\\x1b[31mAnna' has U+001B (a control"),
    "NUL": ("An\x00na", "'An\\x00na' has U+0000 (a control character)"),
    "RTL override": ("\u202eAnna", "'\\u202eAnna' has U+202E RIGHT-TO-LEFT OVERRIDE"),
    "zero-width joiner": ("An\u200dna", "'An\\u200dna' has U+200D ZERO WIDTH JOINER"),
}


@pytest.mark.parametrize("name", list(BAD_NAMES), ids=list(BAD_NAMES))
def test_score_and_import_refuse_a_name_no_player_has(tmp_path, data, name):
    bad, says = BAD_NAMES[name]
    doc = a_match()
    doc["players"] = ["Anna", bad]
    doc["first_dealer"] = "Anna"
    path = tmp_path / "name.json"
    path.write_text(json.dumps(doc))
    said_score, said_import = both_refuse(path, data)
    assert said_score.startswith(f"players: {says}"), said_score
    assert said_import.startswith(f"{path}: match: players: {says}"), said_import
    assert "letters, digits, punctuation and spaces only" in said_score
    assert bad not in said_score + said_import  # escaped, never printed raw


def test_a_megabyte_bad_name_is_never_echoed_whole(tmp_path, data):
    for bad in ("A" * 1_000_000, "A" * 1_000_000 + "\x00"):
        doc = a_match()
        doc["players"] = [bad, "Bruno"]
        doc["first_dealer"] = "Bruno"
        path = tmp_path / "big.json"
        path.write_text(json.dumps(doc))
        for said in both_refuse(path, data):
            assert "'" + "A" * 60 + "…'" in said, said[:200]
            assert len(said) < 300


def test_a_declarer_or_first_dealer_of_a_megabyte_is_cut(tmp_path, data):
    doc = a_match()
    doc["first_dealer"] = "x" * 1_000_000
    path = tmp_path / "dealer.json"
    path.write_text(json.dumps(doc))
    for said in both_refuse(path, data):
        assert said.endswith(
            "first_dealer: '" + "x" * 60 + "…' is not one of the players"
        )


# -- file names: shown escaped and cut -------------------------------------------
def test_a_file_name_that_is_not_utf8_is_shown_escaped_and_the_next_file_imported(
    tmp_path, data
):
    odd = tmp_path / os.fsdecode(b"partita-Nicol\xf2.json")
    odd.write_text(json.dumps(a_match()))
    after = tmp_path / "dopo.json"
    other = dump_match(match(("Carla", "Dario"), [plain_hand()] * 2))
    after.write_text(json.dumps(other))
    for _ in range(2):  # the second run finds both stored: no crash either
        done = process("--data", data, "import", str(odd), str(after))
        assert done.returncode == 0, done.stderr[-2000:]
        assert "Traceback" not in done.stderr
        assert "partita-Nicol\\xf2.json" in done.stdout
        assert str(after) in done.stdout
    assert len(stored(data)) == 2


def test_a_tournament_mark_whose_name_breaks_the_name_rule_is_refused(tmp_path, data):
    mark = {"id": "20260101-abcdef", "name": "\x1b]0;x\x07Circolo", "round": 1}
    mark["table"] = 1
    path = tmp_path / "marked.json"
    path.write_text(json.dumps(a_match(tournament=mark)))
    status, out, err = run("--data", data, "import", str(path))
    said = refused(status, out, err)
    assert said.startswith(f"{path}: "), said
    assert "tournament: name: '\\x1b]0;x\\x07Circolo' has U+001B" in said
    assert "\x1b" not in said
    assert stored(data) == []


def test_a_path_of_5000_characters_is_cut_in_the_one_line(tmp_path, data):
    path = tmp_path / ("partita" * 700 + ".json")
    for said in both_refuse(path, data):
        assert said.endswith("partita.json: cannot read the file: File name too long")
        assert said.startswith(str(tmp_path)[:40]) and "…" in said
        assert len(said) < 200, said
