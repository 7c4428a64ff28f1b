"""The work started ahead of the browser tests (tests/e2e/ahead.py), without a
browser: what a test reads of it, and what it says when the work failed."""

from __future__ import annotations

import json

import pytest

from tests.e2e.ahead import Ahead, needed, start
from tests.e2e.screen_tour import Finding, Results, Shot


def test_work_that_ends_without_its_results_fails_with_what_it_printed():
    # json.tool refuses --results: it ends at once, its complaint printed
    work = Ahead("unit-refused", "json.tool").start()
    with pytest.raises(AssertionError) as failed:
        work.result(timeout=60)
    assert "unit-refused ended (2) without its results" in str(failed.value)
    assert "--results" in str(failed.value)  # the module's own words


def test_only_the_work_the_collected_tests_read_is_started():
    assert start({"test_home.py", "test_share.py"}) == {}


def test_a_worker_reads_the_work_another_process_started_once_it_ended():
    """An xdist worker did not start the work: it reads it by its files."""
    started = Ahead("unit-elsewhere", "json.tool").start()
    attached = Ahead("unit-elsewhere", "json.tool")
    assert attached.process is None
    with pytest.raises(AssertionError, match=r"ended \(2\) without its results"):
        attached.result(timeout=60)
    # the starter's shell ended on its own, having written the status read
    assert started.process is not None and started.process.wait(timeout=60) == 0


def test_work_killed_before_it_ended_fails_at_once_with_what_it_printed(
    tmp_path, monkeypatch
):
    (tmp_path / "unit_long_work.py").write_text("import time\ntime.sleep(600)\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # child_env keeps it
    work = Ahead("unit-killed", "unit_long_work").start()
    work.stop()
    with pytest.raises(AssertionError, match="unit-killed was stopped"):
        work.result(timeout=600)


def test_the_tours_results_read_back_as_they_were_saved(tmp_path):
    shot = Shot("home", "it", "light", {"width": 360, "height": 740}, tmp_path / "a")
    results = Results(
        shots=[shot],
        findings=[
            Finding("home", "it-light 360x740", "not on the screen: 'x'", shot.path),
            Finding("code", "it-light", "not reached", None),
        ],
        reached={"home"},
        seconds=12.5,
        http_errors={"404 /rive"},
    )
    saved = tmp_path / "results.json"
    results.save(saved)
    again = Results.of_json(json.loads(saved.read_text(encoding="utf-8")))
    assert again.shots == results.shots
    assert again.findings == results.findings
    assert (again.reached, again.seconds, again.http_errors) == (
        {"home"},
        12.5,
        {"404 /rive"},
    )


def test_the_tours_passes_run_apart_read_as_one_tour(tmp_path):
    size = {"width": 360, "height": 740}
    light = Results(
        shots=[Shot("home", "it", "light", size, tmp_path / "a")],
        findings=[Finding("code", "it-light", "not reached", None)],
        reached={"home"},
        seconds=100.0,
    )
    dark = Results(
        shots=[Shot("code", "en", "dark", size, tmp_path / "b")],
        reached={"home", "code"},
        seconds=120.0,
        http_errors={"404 /rive"},
    )
    tour = Results.merged([light, dark])
    assert tour.shots == light.shots + dark.shots
    assert tour.of("code") == light.findings  # the light pass never came to it
    assert (tour.reached, tour.seconds, tour.http_errors) == (
        {"home", "code"},
        120.0,
        {"404 /rive"},
    )


def test_each_pass_of_the_tour_is_a_work_of_its_own():
    works = needed({"test_screen_tour.py"})
    assert sorted(works) == ["tour-en-dark", "tour-it-light"]
    assert works["tour-en-dark"].args == ("--pass=en-dark",)
