"""Unfinished matches against the cost of a Save and of an import (issue 34).

Run ``python -m benchmarks.bench_unfinished`` (``--quick``: 1,000
matches, 260 unfinished; ``--dir DIR`` to build under DIR). It builds a
folder of 10,000 matches, 2,600 of them unfinished (imported: in progress,
3 to 7 hands each), and an empty folder, then measures in one run, the two
folders interleaved so that machine noise hits them alike:

* ``import one``: ``python main.py import FILE --data FOLDER`` as a process
  of its own (a new match without an id, so the identical-match check runs);
  the median CPU time of the process, large/empty (``bench_trust.py`` says
  why CPU, not wall), the wall ratio beside it. Target <= 1.3.
* ``save``: a Save in process, as the app makes it: ``TableService.add_hand``
  (and its ``tidy``) on a new match of a table opened whole on the folder;
  the median CPU time of the Save (``time.process_time``), large/empty, the
  wall ratio beside it, and the Python calls a Save makes in each folder
  (``cProfile``: the work itself, no clock). Target <= 1.3. CPU, not wall: a
  Save's wall time is mostly the fsync of ``live.json`` (a few KB in both
  folders), which on this shared disk moved the wall ratio of one build
  between 0.71 and 1.51 from run to run.
* (info, no target) the same Save with ``LIVE_MAX`` (32) unfinished matches
  played within the hour, the most ``live.json`` keeps: the worst a Save
  meets, whatever the history.

Before issue 34 every unfinished match stayed in ``live.json``, read at
every open and written whole at every Save: an import took 6.8 times as
long in such a folder.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_storage import (  # noqa: E402
    START,
    finished_match_docs,
    ratio_line,
)
from benchmarks.bench_trust import (  # noqa: E402
    CHILD_ENV,
    new_match_file,
    run,
)
from scorekeeper.core import Match, MatchSetup, Rules, add_hand  # noqa: E402
from scorekeeper.core.matchfile import dump_match  # noqa: E402
from scorekeeper.storage import matches as matches_module  # noqa: E402
from scorekeeper.storage.repository import open_repository  # noqa: E402
from scorekeeper.table import TableService  # noqa: E402
from tests.builders import plain_hand  # noqa: E402

HAND = plain_hand()  # 2 - 1: a match to 31 stays in progress for 15 hands


def unfinished_docs(count: int, first: int) -> list[dict]:
    """*count* matches in progress (3 to 7 hands), ids from *first* on."""
    templates = []
    for n in range(3, 8):
        m = Match(MatchSetup(("Gina", "Ugo"), "Gina", Rules(target=31)))
        for _ in range(n):
            m = add_hand(m, HAND)
        templates.append(dump_match(m))
    docs = []
    for i in range(count):
        created = START + timedelta(days=3 * i, hours=20)
        doc = dict(templates[i % len(templates)])
        doc["meta"] = {
            "id": f"u{first + i:06d}",
            "created": created.isoformat(),
            "updated": (created + timedelta(minutes=40)).isoformat(),
        }
        docs.append(doc)
    return docs


def build(folder: Path, finished: int, unfinished: int, batch: int = 250) -> float:
    """Import *finished* won and *unfinished* in-progress matches; seconds."""
    docs: list[object] = [*finished_match_docs(finished)]
    docs += unfinished_docs(unfinished, finished)
    t = time.perf_counter()
    with open_repository(folder) as repo:
        for i in range(0, len(docs), batch):
            repo.import_documents(docs[i : i + batch])
        assert repo.count() == finished + unfinished
        page = repo.list_history(status="in_progress", limit=unfinished + 1)
        assert len(page.items) == unfinished
    return time.perf_counter() - t


def time_saves(
    folder: Path,
    hands: int,
    playing: int = 0,
    profile: cProfile.Profile | None = None,
) -> tuple[list[float], list[float], int]:
    """Wall and CPU seconds of each Save of *hands* hands in a new match
    (after *playing* other matches started, each with a hand), and the bytes
    of live.json; *profile*, if given, runs during the Saves only."""
    table = TableService(open_repository(folder))
    try:
        others = [
            table.start_match(MatchSetup((f"P{n}", f"Q{n}"), f"P{n}")).value.id
            for n in range(playing)
        ]
        for match_id in others:
            table.add_hand(match_id, HAND)
        m = table.start_match(MatchSetup(("Elena", "Franco"), "Elena")).value
        times, cpu = [], []
        for i in range(hands):
            t, c = time.perf_counter(), time.process_time()
            if profile is not None:
                profile.enable()
            table.add_hand(m.id, HAND, expected_index=i)
            table.tidy()
            if profile is not None:
                profile.disable()
            cpu.append(time.process_time() - c)
            times.append(time.perf_counter() - t)
        size = (folder / "live.json").stat().st_size
        table.abandon(m.id)  # out of live.json, as a finished match goes
        for match_id in others:
            table.abandon(match_id)
    finally:
        table.close()
    return times, cpu, size


def calls_per_save(folder: Path, hands: int = 8) -> float:
    """The Python calls a Save makes, on average over *hands* Saves."""
    profile = cProfile.Profile()
    time_saves(folder, hands, profile=profile)
    return pstats.Stats(profile).total_calls / hands  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 matches")
    parser.add_argument("--dir", help="build the data here (default: a temp folder)")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args(argv)
    n = 1_000 if args.quick else 10_000
    unfinished = n * 26 // 100
    base = Path(tempfile.mkdtemp(prefix="bench-unfinished-", dir=args.dir))
    try:
        empty, large = base / "empty", base / "large"
        open_repository(empty).close()
        print(f"building {n} matches ({unfinished} unfinished) under {base} ...")
        print(f"built in {build(large, n - unfinished, unfinished):.1f} s", flush=True)
        live = json.loads((large / "live.json").read_text())["matches"]
        print(f"live.json holds {len(live)} matches after the build")
        CHILD_ENV["PYTHONPYCACHEPREFIX"] = str(base / "pycache")
        subprocess.run(  # the app's modules compiled once, before any timing
            [sys.executable, "-m", "compileall", "-q", "scorekeeper"],
            cwd=ROOT,
            env=CHILD_ENV,
            check=True,
        )
        wall: dict[str, list[float]] = {"empty": [], "large": []}
        cpu: dict[str, list[float]] = {"empty": [], "large": []}
        saves: dict[str, list[float]] = {"empty": [], "large": [], "busy": []}
        save_cpu: dict[str, list[float]] = {"empty": [], "large": [], "busy": []}
        sizes: dict[str, int] = {}
        folders = {"empty": empty, "large": large}
        for r in range(args.repeats):
            # the imports first, then the Saves, each in the order of this
            # turn (empty first, then large first): a Save right after an
            # import of its folder waited on that import's writes reaching
            # the disk (one run: 1.1 ms Saves empty, 8.5 ms large, the same
            # 640 calls; 0.82 and 0.86 ms with no import before them)
            order = ("empty", "large") if r % 2 == 0 else ("large", "empty")
            for name in order:
                new = new_match_file(base, 2 * r + (name == "large"))
                seconds, cpu_seconds, _ = run(
                    "import", str(new), "--data", str(folders[name])
                )
                wall[name].append(seconds)
                cpu[name].append(cpu_seconds)
            for name in order:
                times, cpu_times, sizes[name] = time_saves(folders[name], 8)
                saves[name] += times
                save_cpu[name] += cpu_times
            # a folder of its own (its matches stay there), in the same turn
            times, cpu_times, sizes["busy"] = time_saves(
                base / "busy", 8, playing=matches_module.LIVE_MAX - 1
            )
            saves["busy"] += times
            save_cpu["busy"] += cpu_times
        calls = {
            name: calls_per_save(folder)
            for name, folder in (("empty", empty), ("large", large))
        }
        med = statistics.median
        print()

        def both(name: str) -> str:
            return (
                f"{med(wall[name]) * 1000:.0f} ms ({med(cpu[name]) * 1000:.0f} ms CPU)"
            )

        print(f"import one: empty {both('empty')}, {n} matches {both('large')}")

        def save_of(name: str) -> str:
            return (
                f"{med(saves[name]) * 1000:.2f} ms "
                f"({med(save_cpu[name]) * 1000:.2f} ms CPU)"
            )

        print(
            f"save: empty {save_of('empty')}, {n} matches {save_of('large')} "
            f"(live.json {sizes['large']} bytes at the last; "
            f"{len(saves['large'])} saves each)"
        )
        print(
            f"python calls per save: empty {calls['empty']:.0f}, "
            f"{n} matches {calls['large']:.0f}"
        )
        print(
            f"(info) save with {matches_module.LIVE_MAX} matches being played: "
            f"{save_of('busy')} (live.json {sizes['busy']} bytes), "
            f"{med(save_cpu['busy']) / med(save_cpu['empty']):.2f} times the "
            "empty's CPU"
        )
        print()
        import_ratio = med(cpu["large"]) / med(cpu["empty"])
        wall_ratio = med(wall["large"]) / med(wall["empty"])
        save_ratio = med(save_cpu["large"]) / med(save_cpu["empty"])
        save_wall = med(saves["large"]) / med(saves["empty"])
        tag = f"{n // 1000}k/{unfinished} unfinished"
        print(ratio_line(f"import one {tag}/empty ratio (CPU)", import_ratio, 1.3))
        print(f"(info) import one {tag}/empty wall ratio: {wall_ratio:.2f}")
        print(ratio_line(f"save {tag}/empty ratio (CPU)", save_ratio, 1.3))
        print(f"(info) save {tag}/empty wall ratio: {save_wall:.2f}")
        return 0 if import_ratio <= 1.3 and save_ratio <= 1.3 else 1
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
