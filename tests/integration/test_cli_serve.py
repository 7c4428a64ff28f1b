"""``python main.py`` itself: serves the app, stops on Ctrl-C, refuses bad data."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from tests.integration.servers import free_port, wait_for

ROOT = Path(__file__).resolve().parents[2]


def start(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "main.py", "--no-browser", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_main_serves_the_app_and_stops_cleanly_on_ctrl_c(tmp_path):
    port = free_port()
    proc = start("--port", str(port), "--data", str(tmp_path))
    try:
        assert wait_for(f"http://127.0.0.1:{port}/", proc) == 200
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert f"http://127.0.0.1:{port}" in out


def test_main_refuses_to_serve_a_damaged_data_file_and_recovers_on_request(tmp_path):
    from scorekeeper.storage import open_repository

    open_repository(tmp_path).close()  # a real data folder, then damage it
    (tmp_path / "live.json").write_text("{ broken")
    port = free_port()
    refused = start("--port", str(port), "--data", str(tmp_path))
    out, err = refused.communicate(timeout=60)
    assert refused.returncode == 2
    assert "live.json" in err and "--recover" in err
    assert (tmp_path / "live.json").read_text() == "{ broken"
    proc = start("--port", str(port), "--data", str(tmp_path), "--recover")
    try:
        assert wait_for(f"http://127.0.0.1:{port}/", proc) == 200
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert "moved aside" in err
    assert len(list(tmp_path.glob("live.json.damaged-*"))) == 1
