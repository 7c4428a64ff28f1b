"""``python main.py`` itself: serves the app, stops on Ctrl-C, refuses bad data."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from tests.integration.servers import printed_port, wait_for

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
    proc = start("--port", "0", "--data", str(tmp_path))
    try:
        port = printed_port(proc)
        assert wait_for(f"http://127.0.0.1:{port}/", proc) == 200
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert out.rstrip().endswith("Stopped."), out  # its address was the first line


def test_main_refuses_to_serve_a_damaged_data_file_and_recovers_on_request(tmp_path):
    from scorekeeper.storage import open_repository

    open_repository(tmp_path).close()  # a real data folder, then damage it
    (tmp_path / "live.json").write_text("{ broken")
    refused = start("--port", "0", "--data", str(tmp_path))
    out, err = refused.communicate(timeout=60)
    assert refused.returncode == 2
    assert "live.json" in err and "--recover" in err
    assert (tmp_path / "live.json").read_text() == "{ broken"
    proc = start("--port", "0", "--data", str(tmp_path), "--recover")
    try:
        port = printed_port(proc)
        assert wait_for(f"http://127.0.0.1:{port}/", proc) == 200
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert "moved aside" in err
    assert len(list(tmp_path.glob("live.json.damaged-*"))) == 1


def test_a_port_out_of_range_is_refused_with_one_line_exit_2(tmp_path):
    for port in ("70000", "-1", "eighty"):
        done = subprocess.run(
            [sys.executable, "main.py", "--no-browser", "--port", port],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2, done.stderr[-2000:]
        assert done.stdout == ""
        assert done.stderr == (
            f"python main.py: error: argument --port: '{port}' is not a port "
            "(1 to 65535, or 0 for any free one) (-h lists the options)\n"
        )


def test_port_0_serves_on_a_free_port_and_prints_it(tmp_path):
    proc = start("--port", "0", "--data", str(tmp_path))
    try:
        assert proc.stdout is not None
        port = printed_port(proc)
        assert port > 0
        assert wait_for(f"http://127.0.0.1:{port}/", proc) == 200
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
    assert proc.returncode == 0


def test_an_ipv6_address_is_printed_in_brackets():
    from scorekeeper.ui.hosting.server import display_urls

    assert display_urls("::1", 8621) == ["http://[::1]:8621"]
    assert display_urls("fe80::1%eth0", 80) == ["http://[fe80::1%eth0]:80"]
    assert display_urls("127.0.0.1", 8621) == ["http://127.0.0.1:8621"]
