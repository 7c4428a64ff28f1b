"""The app servers of the browser tests, forked from a process that imported
the server once (multiprocessing's fork server, its modules preloaded): a
server then starts without Python importing flet, FastAPI and the app again,
0.6 of the 0.75 CPU-s a start took as ``python -c`` (68 servers a run).

A forked server runs the same ``serve(...)`` call as a new interpreter would,
after the same test prelude, with the same environment, folder and output
(its log file); :class:`ForkedServer` is what the tests use of a
``subprocess.Popen``: ``pid``, ``poll``, ``wait``, ``send_signal``, ``kill``.
multiprocessing prepares a forked process as a spawned one: a script run as
a file that starts servers needs its ``if __name__ == "__main__":`` guard (a
module run with ``-m``, pytest included, is imported, not run).
"""

from __future__ import annotations

import io
import multiprocessing
import os
import signal
import subprocess
import sys
from pathlib import Path

PRELOADED = (
    "flet",
    "flet_web.fastapi",
    "uvicorn",
    "scorekeeper.table",
    "scorekeeper.ui.app",
    "scorekeeper.ui.hosting.server",
)
"""What every server imports before it serves (``hosting.server.serve``)."""

_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(list(PRELOADED))


def _run(code: str, log_path: str, cwd: str, env: dict[str, str]) -> None:
    """In the forked process: its output to ``log_path``, nothing to read,
    ``env`` and ``cwd`` as a new interpreter's, then ``code`` (the prelude
    and ``raise SystemExit(serve(...))``) as its ``-c``."""
    log = os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)
    os.close(nothing)
    # unbuffered, as PYTHONUNBUFFERED made a new interpreter: the tests read
    # the printed address as it is printed
    sys.stdout = io.TextIOWrapper(
        io.FileIO(1, "w", closefd=False), line_buffering=True, write_through=True
    )
    sys.stderr = io.TextIOWrapper(
        io.FileIO(2, "w", closefd=False), line_buffering=True, write_through=True
    )
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    exec(compile(code, "<server>", "exec"), {"__name__": "__main__"})


class ForkedServer:
    """A server forked by :func:`start`, as a ``subprocess.Popen`` is used:
    ``returncode`` is its exit status, or minus the signal that ended it."""

    def __init__(self, process: multiprocessing.process.BaseProcess) -> None:
        self._process = process

    @property
    def pid(self) -> int:
        assert self._process.pid is not None
        return self._process.pid

    @property
    def returncode(self) -> int | None:
        return self._process.exitcode

    def poll(self) -> int | None:
        return self._process.exitcode

    def wait(self, timeout: float | None = None) -> int:
        self._process.join(timeout)
        if self._process.exitcode is None:
            raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0)
        return self._process.exitcode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:  # a pid ended and waited for may be another's
            os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def start(code: str, log_path: Path, cwd: Path, env: dict[str, str]) -> ForkedServer:
    """Fork a process that runs ``code`` as ``python -c`` would (daemonic:
    a server a test left running ends with the test process)."""
    log_path.write_bytes(b"")  # there to read before the server has printed
    process = _CONTEXT.Process(
        target=_run, args=(code, str(log_path), str(cwd), env), daemon=True
    )
    process.start()
    return ForkedServer(process)
