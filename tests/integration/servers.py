"""Helpers of the integration tests that start ``python main.py`` as a
server: a free port on 127.0.0.1, and waiting until it answers."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
