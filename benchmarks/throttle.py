"""Slow a browser honestly: every process of it stopped 15 ms of every 20.

CDP's ``Emulation.setCPUThrottlingRate`` slows only a page's main thread
(Chromium refuses it for workers), and the app's Python runs in a Web
Worker. Stopping and resuming the browser's processes (``SIGSTOP`` /
``SIGCONT``) slows every thread of them alike: the page, its workers, the
GPU process, the network service. Running 5 ms of every 20 is 4x slower.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path


def descendants(root: int) -> list[int]:
    """``root`` and every process below it (read from ``/proc``)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def browser_root(marker: str) -> int:
    """The pid of the browser process launched with ``marker`` in its
    command line."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if marker.encode() in command and not any(
            part.startswith(b"--type=") for part in command
        ):
            return int(entry.name)
    raise LookupError(f"no browser process with {marker}")


def memory(root: int) -> tuple[int, int]:
    """(the proportional set size of ``root`` and every process below it, that
    of the largest one but ``root``), in bytes, from ``smaps_rollup``."""
    sizes: dict[int, int] = {}
    for pid in descendants(root):
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:  # ended since the list was read
            continue
        for line in rollup.splitlines():
            if line.startswith("Pss:"):
                sizes[pid] = int(line.split()[1]) * 1024
    largest = max((size for pid, size in sizes.items() if pid != root), default=0)
    return sum(sizes.values()), largest


def kind_of(pid: int) -> str:
    """Which of Chromium's processes ``pid`` is: ``browser``, ``renderer``,
    ``gpu-process``, a utility's service (``network.mojom.NetworkService``),
    from its command line."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return "ended"
    # Chromium's children rewrite their command line as one line, spaces
    # between the arguments.
    kind = re.search(r"--type=(\S+)", command)
    sub = re.search(r"--utility-sub-type=(\S+)", command)
    return (sub or kind).group(1) if (sub or kind) else "browser"


def memory_by_kind(root: int) -> dict[str, int]:
    """The proportional set size of ``root``'s processes summed by
    :func:`kind_of`, in bytes, largest first."""
    sizes: dict[str, int] = {}
    for pid in descendants(root):
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        for line in rollup.splitlines():
            if line.startswith("Pss:"):
                kind = kind_of(pid)
                sizes[kind] = sizes.get(kind, 0) + int(line.split()[1]) * 1024
    return dict(sorted(sizes.items(), key=lambda item: -item[1]))


class Throttle:
    """While on, the processes of every browser in ``roots`` run ``run_ms`` of
    every ``period_ms`` (5 of 20: a 4x slower phone)."""

    def __init__(
        self, roots: list[int], run_ms: float = 5, period_ms: float = 20
    ) -> None:
        self.roots = roots
        self.run_s = run_ms / 1000
        self.stop_s = (period_ms - run_ms) / 1000
        self._on = threading.Event()
        self._quit = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    @property
    def factor(self) -> float:
        return (self.run_s + self.stop_s) / self.run_s

    def set(self, on: bool) -> None:
        if on:
            self._on.set()
        else:
            self._on.clear()

    def close(self) -> None:
        self._quit.set()
        self._on.set()
        self._thread.join(timeout=5)

    def _signal(self, pids: list[int], sig: signal.Signals) -> None:
        for pid in pids:
            # a renderer or worker that ended since the list was read
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)

    def _loop(self) -> None:
        pids: list[int] = []
        refreshed = 0.0
        while not self._quit.is_set():
            self._on.wait()
            if self._quit.is_set():
                break
            now = time.monotonic()
            if now - refreshed > 0.5:  # new renderers and workers appear
                pids = [pid for root in self.roots for pid in descendants(root)]
                refreshed = now
            self._signal(pids, signal.SIGSTOP)
            time.sleep(self.stop_s)
            self._signal(pids, signal.SIGCONT)
            time.sleep(self.run_s)
        for root in self.roots:
            self._signal(descendants(root), signal.SIGCONT)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of ``pid`` (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def calibrate(seconds: float = 2.0) -> tuple[float, float]:
    """(cores a busy loop gets, cores it gets throttled): what the throttle
    really does on this machine now (a busy machine already holds a process
    below 25 % of a core, and then stopping it changes little)."""
    loop = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    throttle = Throttle([loop.pid])
    try:
        rates = []
        for on in (False, True):
            throttle.set(on)
            used, started = cpu_seconds(loop.pid), time.monotonic()
            time.sleep(seconds)
            rates.append((cpu_seconds(loop.pid) - used) / (time.monotonic() - started))
        return rates[0], rates[1]
    finally:
        throttle.close()
        loop.kill()
        loop.wait()
