"""The table code is never written to a log, even with every log turned on.

uvicorn's access log prints each request line (``GET /?t=K7P2QX``) at INFO
and flet logs routes at DEBUG; the server is started here with the root
logger at DEBUG and asked for the address with the code (on 127.0.0.1).
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.integration.servers import printed_port, wait_for

ROOT = Path(__file__).resolve().parents[2]

SERVE_WITH_DEBUG_LOGS = (
    "import logging, sys; logging.basicConfig(level=logging.DEBUG); "
    "from scorekeeper.cli import main; sys.exit(main(sys.argv[1:]))"
)


def test_a_request_with_the_code_leaves_no_code_in_any_log(tmp_path):
    out_path, err_path = tmp_path / "out.txt", tmp_path / "err.txt"
    with out_path.open("w") as out, err_path.open("w") as err:
        proc = subprocess.Popen(
            [sys.executable, "-c", SERVE_WITH_DEBUG_LOGS, "--no-browser"]
            + ["--require-code", "--port", "0", "--data", str(tmp_path / "d")],
            cwd=ROOT,
            stdout=out,
            stderr=err,
            text=True,
        )
        try:
            port = printed_port(proc, out_path)
            wait_for(f"http://127.0.0.1:{port}/", proc)
            deadline = time.monotonic() + 10
            while "?t=" not in out_path.read_text() and time.monotonic() < deadline:
                time.sleep(0.1)
            code = re.search(r"\?t=(\w+)", out_path.read_text()).group(1)
            with urllib.request.urlopen(
                f"http://127.0.0.1:{port}/partita?t={code}", timeout=5
            ) as response:
                assert response.status == 200
            time.sleep(0.5)
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(timeout=30)
    printed, logged = out_path.read_text(), err_path.read_text()
    # the access log did log the request, without its code
    assert re.search(r"GET /partita\?t=<code>", logged), logged[-2000:]
    assert code not in logged
    # stdout: the addresses the server prints for people, and nothing else
    lines_with_code = [line for line in printed.splitlines() if code in line]
    assert lines_with_code == [
        f"Spazzino segnapunti: http://127.0.0.1:{port}/?t={code}"
    ]
