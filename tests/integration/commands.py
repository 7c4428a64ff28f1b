"""The command line run in the test's own process, as ``python main.py``
would run it: :func:`run` gives the exit status and what it printed."""

from __future__ import annotations

import io

from scorekeeper.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    """``main(argv)``: its status, its standard output and its errors."""
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()
