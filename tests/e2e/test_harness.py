"""Tests of the browser-test harness: a server that never answers fails fast."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest


def _process(tmp_path, code: str, harness):
    log_path = tmp_path / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-c", code], stdout=log, stderr=subprocess.STDOUT
        )
    return harness.ServerProcess("http://127.0.0.1:9", process, log_path)


def test_a_server_that_crashes_fails_with_its_output(tmp_path, harness):
    server = _process(
        tmp_path,
        "print('boom: bad data folder', flush=True); raise SystemExit(3)",
        harness,
    )
    with pytest.raises(pytest.fail.Exception, match="(?s)status 3.*boom"):
        harness.wait_until_ready(server, timeout=20)


def test_a_server_that_never_answers_fails_at_the_deadline(tmp_path, harness):
    server = _process(tmp_path, "import time; time.sleep(60)", harness)
    started = time.monotonic()
    with pytest.raises(pytest.fail.Exception, match="not ready after 1 s"):
        harness.wait_until_ready(server, timeout=1)
    assert time.monotonic() - started < 10
    assert server.process.poll() is not None, "the stuck server was stopped"
