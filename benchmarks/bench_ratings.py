"""Benchmark of the ratings (issue 38) over a large store (plain script).

    python -m benchmarks.bench_ratings [--matches 10000] [--runs 5]

Builds a data folder of generated won matches (2 and 4 players, as
``bench_history`` does) and prints, medians of ``--runs`` runs of CPU time
(user + system of this process: the machine is shared, wall time is not
steady):

1. the ratings of every match computed from the history's lines (the
   server's work when "Classifica" opens): target <= 1 s;
2. the whole ``ratings`` command in process (open the folder, read the
   lines, rate), for information;
3. one new match rated on top of the others (the incremental step) against
   rating everything again: the ratio, for information.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_history import build  # noqa: E402
from scorekeeper.cli import main as cli_main  # noqa: E402
from scorekeeper.ratings.rating import (  # noqa: E402
    RatedMatch,
    rate,
    rated_matches,  # noqa: E402
)
from scorekeeper.storage import open_repository  # noqa: E402


def cpu(fn) -> float:  # type: ignore[no-untyped-def]
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "data")
        print(f"building {args.matches} matches: {build(folder, args.matches):.1f} s")
        repo = open_repository(folder)
        lines = repo.list_history(limit=repo.count(), status="won").items
        repo.close()
        matches = rated_matches(lines)
        print(f"won matches to rate: {len(matches)}")
        whole = statistics.median(cpu(lambda: rate(matches)) for _ in range(args.runs))
        print(f"ratings of {len(matches)} matches: {whole:.3f} s CPU (target <= 1 s)")

        def command() -> None:
            out = io.StringIO()
            cli_main(["--data", str(folder), "ratings", "--json"], None, out, out)

        print(
            "the ratings command in process: "
            f"{statistics.median(cpu(command) for _ in range(args.runs)):.3f} s CPU"
        )
        newest = max(m.created for m in matches) + timedelta(minutes=1)
        extra = RatedMatch("zz-new", newest, (("Anna",), ("Bruno",)), 0)
        steps = []
        for _ in range(args.runs):
            r = rate(matches)  # not timed: the ratings as the server keeps them
            steps.append(cpu(lambda r=r: r.update([*matches, extra])))
            assert r.recomputed == 0
        step = statistics.median(steps)
        print(
            f"one new match on top: {step:.4f} s CPU, {step / whole:.3f} of "
            "rating everything again"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
