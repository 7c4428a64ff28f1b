"""Storage benchmark: saving a hand and opening the history, small vs. large.

Run ``python -m benchmarks.bench_storage`` (``--quick`` for smaller
sizes, ``--dir DIR`` to build the data under DIR instead of a temporary
folder). It builds a history of 10,000 finished matches of about 11 hands
each (``--quick``: 1,000), then measures, in the same run:

* the median time to save a hand (``add_hand`` through the repository) in a
  match in progress, with that history and with an empty one, and the
  *floor*: a plain write + fsync + rename of a file of the size the save
  writes. Targets: large/empty <= 1.3, large/floor <= 3.
* the time to get the first page of the history (20 matches) with the large
  history and with 100 matches. Target: large/small <= 3. The time to open
  the repository is reported too.
* peak memory (tracemalloc, and the process's max RSS) with the large history.

Each ratio is printed on its own line with its target.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
import tracemalloc
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.core import Match, MatchSetup, Rules, add_hand  # noqa: E402
from scorekeeper.core.matchfile import dump_match  # noqa: E402
from scorekeeper.storage.repository import open_repository  # noqa: E402
from tests.builders import plain_hand  # noqa: E402

HAND = plain_hand()  # 2 - 1: a match to 31 stays in progress for 15 hands
WINNING_STEP = plain_hand(1)  # 3 - 1: 11 hands to win a match to 31
START = datetime(2000, 1, 2, 15, 0, tzinfo=UTC)  # a Sunday


def finished_match_docs(count: int) -> list[dict]:
    """*count* won matches of 11 hands, two a Sunday, as FORMAT.md documents."""
    players = [
        ("Anna", "Bruno"),
        ("Carla", "Dario"),
        ("Anna", "Carla", "Bruno", "Dario"),
    ]
    templates = []
    for p in players:
        m = Match(MatchSetup(p, p[0], Rules(target=31)))
        for _ in range(11):
            m = add_hand(m, WINNING_STEP)
        templates.append(dump_match(m))
    docs = []
    for i in range(count):
        created = START + timedelta(days=7 * (i // 2), hours=i % 2)
        doc = dict(templates[i % len(templates)])
        doc["meta"] = {
            "id": f"m{i:06d}",
            "created": created.isoformat(),
            "updated": (created + timedelta(hours=1)).isoformat(),
        }
        docs.append(doc)
    return docs


def build_history(folder: Path, count: int, batch: int = 250) -> float:
    """Import *count* finished matches into *folder*; the seconds it took."""
    docs = finished_match_docs(count)
    t = time.perf_counter()
    with open_repository(folder) as repo:
        for i in range(0, count, batch):
            repo.import_documents(docs[i : i + batch])
        assert repo.count() == count
    return time.perf_counter() - t


def time_hand_saves(folder: Path, matches: int, hands: int) -> tuple[list[float], int]:
    """Save *hands* hands in each of *matches* new matches; times and bytes written."""
    times: list[float] = []
    sizes: list[int] = []
    live = folder / "live.json"
    with open_repository(folder) as repo:
        for _ in range(matches):
            m = repo.create_match(MatchSetup(("Elena", "Franco"), "Elena"))
            for _ in range(hands):
                t = time.perf_counter()
                repo.add_hand(m.id, HAND)
                times.append(time.perf_counter() - t)
                sizes.append(live.stat().st_size)
            repo.abandon_match(m.id)  # out of live.json, like a finished match
    return times, round(statistics.mean(sizes))


def time_floor(folder: Path, size: int, repeats: int) -> list[float]:
    """A plain Python write + fsync + rename of *size* bytes in *folder*."""
    data = b"x" * size
    target = folder / "floor.json"
    times = []
    for i in range(repeats):
        t = time.perf_counter()
        tmp = folder / f".floor.{i}.tmp"
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
        times.append(time.perf_counter() - t)
    target.unlink()
    return times


def time_first_page(folder: Path, repeats: int) -> tuple[float, float]:
    """Median seconds to open the repository, and to get the first page."""
    opens, pages = [], []
    for _ in range(repeats):
        t = time.perf_counter()
        repo = open_repository(folder)
        opens.append(time.perf_counter() - t)
        try:
            for _ in range(5):
                t = time.perf_counter()
                page = repo.list_history(limit=20)
                pages.append(time.perf_counter() - t)
            assert len(page.items) == 20
        finally:
            repo.close()
    return statistics.median(opens), statistics.median(pages)


def ratio_line(name: str, value: float, target: float) -> str:
    verdict = "ok" if value <= target else "OVER TARGET"
    return f"{name}: {value:.2f} (target <= {target:g}) {verdict}"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="1,000 matches, fewer runs"
    )
    parser.add_argument("--dir", help="build the data here (default: a temp folder)")
    args = parser.parse_args(argv)
    large_n = 1_000 if args.quick else 10_000
    save_matches = 10 if args.quick else 30
    base = Path(tempfile.mkdtemp(prefix="bench-storage-", dir=args.dir))
    print(f"data under {base}")
    try:
        empty, small, large = base / "empty", base / "small", base / "large"
        print(f"building {large_n} finished matches ...", flush=True)
        built = build_history(large, large_n)
        build_small = build_history(small, 100)
        print(f"built in {built:.1f} s (100 matches: {build_small:.2f} s)")

        hands = 10
        runs: dict[str, list[float]] = {"empty": [], "large": [], "floor": []}
        sizes = {}
        # interleave the three so that machine noise hits them alike
        for _ in range(3):
            for name, folder in (("empty", empty), ("large", large)):
                t, size = time_hand_saves(folder, save_matches // 3, hands)
                runs[name] += t
                sizes[name] = size
            runs["floor"] += time_floor(large, sizes["large"], len(t))
        floor = runs["floor"]
        save_empty = statistics.median(runs["empty"])
        save_large = statistics.median(runs["large"])
        save_floor = statistics.median(floor)
        print(
            f"save-a-hand median: empty {ms(save_empty)}, {large_n} matches "
            f"{ms(save_large)}, floor {ms(save_floor)} "
            f"(live.json ~{sizes['large']} bytes, {len(runs['large'])} saves)"
        )

        open_small, page_small = time_first_page(small, 5)
        open_large, page_large = time_first_page(large, 5)
        tracemalloc.start()  # apart from the timings: it slows Python down
        time_first_page(large, 1)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(
            f"first page of the history: 100 matches {ms(page_small)}, "
            f"{large_n} matches {ms(page_large)}"
        )
        print(
            f"open the repository: 100 matches {ms(open_small)}, "
            f"{large_n} matches {ms(open_large)}"
        )
        rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(
            f"peak memory with {large_n} matches: {peak / 2**20:.1f} MiB traced "
            f"(open + first page), max RSS of the process {rss_kib / 1024:.1f} MiB"
        )
        print()
        tag = "10k" if large_n == 10_000 else f"{large_n // 1000}k"
        checks: list[tuple[str, float, float]] = [
            (f"save-a-hand {tag}/empty ratio", save_large / save_empty, 1.3),
            (f"save-a-hand {tag}/floor ratio", save_large / save_floor, 3),
            (f"first-page {tag}/100 ratio", page_large / page_small, 3),
        ]
        for name, value, target in checks:
            print(ratio_line(name, value, target))
        print(
            f"(info) open {tag}/100 ratio: {open_large / open_small:.2f}, "
            f"open + first page {tag}/100 ratio: "
            f"{(open_large + page_large) / (open_small + page_small):.2f} "
            "(no target: the history index is read once when the app starts)"
        )
        return 0 if all(v <= t for _, v, t in checks) else 1
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
