"""Helpers of the integration tests that start ``python main.py`` as a
server: the port it chose (``--port 0``), and waiting until it answers.

A server chooses its own port: a port the test found free was taken, now
and then, by another process's connection while the server started (the
browser tests beside these take ports from the same range)."""

from __future__ import annotations

import re
import subprocess
import time
import urllib.request
from pathlib import Path

PRINTED = re.compile(r"^Spazzino segnapunti: (http://127\.0\.0\.1:(\d+))", re.M)
"""The local address a server prints first (1), and its port (2); the
browser tests' harness reads it too (``tests/e2e/conftest.py``)."""


def printed_port(proc: subprocess.Popen, out: Path | None = None) -> int:
    """The port a server started with ``--port 0`` printed: on the first
    line of its stdout, a pipe, or in the file *out* its stdout goes to."""
    if out is None:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        found = PRINTED.match(first)
        assert found, f"no address printed first: {first!r}"
        return int(found.group(2))
    deadline = time.monotonic() + 60
    while (found := PRINTED.search(out.read_text())) is None:
        assert proc.poll() is None, f"server exited early: {out.read_text()}"
        assert time.monotonic() < deadline, f"no address printed: {out.read_text()}"
        time.sleep(0.1)
    return int(found.group(2))


def wait_for(url: str, proc: subprocess.Popen, seconds: float = 60) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited early: {proc.communicate()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                return r.status
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer in {seconds} s")
