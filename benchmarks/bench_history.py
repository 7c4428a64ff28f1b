"""Benchmark of the history screens with a large store (plain script).

    python -m benchmarks.bench_history [--matches 10000] [--runs 7]

Builds two data folders with generated matches (imported in one batch, as a
restored backup would be), then measures in one run:

1. the history screen's first page (``history_view`` built for a session)
   with N stored matches against the same with 100: target ratio <= 2;
2. one player's statistics over all of them (``core.stats.player_stats``
   scoring each match itself) against the core scoring those matches once
   (``evaluate`` on each): target ratio <= 1.5.

It also prints, for information, the statistics screen's whole cost from
storage (reading the archive shards, parsing, scoring) against the same
scoring pass, and the slowest hand save made while that runs in a worker
thread (as the statistics screen runs it): the repository lock is held one
shard at a time, so a save waits at most for one shard read, not the whole.
Each ratio and its target is printed on its own line; medians
of ``--runs`` runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.core import Match, MatchSetup, Rules, Status, evaluate  # noqa: E402
from scorekeeper.core.matchfile import dump_match  # noqa: E402
from scorekeeper.core.stats import PlayedMatch, player_stats  # noqa: E402
from scorekeeper.storage import open_repository  # noqa: E402
from scorekeeper.table import TableService  # noqa: E402
from tests.builders import hand, plain_hand, side  # noqa: E402
from tests.unit.fakes import make_session  # noqa: E402

POOL = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco")
NAPOLA = hand(side(20, "A2345", sb=True, bag=(3,)), side(20, "67FCR", sca=1))


def make_match(rng: random.Random) -> Match:
    players = tuple(rng.sample(POOL, rng.choice((2, 2, 2, 4))))
    setup = MatchSetup(players, rng.choice(players), Rules(target=31))
    hands = []
    totals = [0, 0]
    while max(totals) < 31 or totals[0] == totals[1]:
        h = (
            NAPOLA
            if rng.random() < 0.1
            else plain_hand(rng.randint(0, 9), rng.randint(0, 9))
        )
        hands.append(h)
        m = Match(setup, tuple(hands))
        totals = list(evaluate(m).totals)
    return Match(setup, tuple(hands))


def build(folder: Path, n: int, seed: int = 7) -> float:
    """Store *n* generated matches in *folder*; the seconds it took."""
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, 12, tzinfo=UTC)
    docs = []
    for i in range(n):
        m = make_match(rng)
        created = (start + timedelta(minutes=37 * i)).isoformat(timespec="seconds")
        docs.append(dump_match(m, {"id": f"m{i:06d}", "created": created}))
    t0 = time.perf_counter()
    repo = open_repository(folder)
    repo.import_documents(docs)
    repo.close()
    return time.perf_counter() - t0


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def slowest_save(repo) -> float:
    """The slowest of the hand saves made while ``stored_matches`` runs."""
    import threading

    m = repo.create_match(MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=500)))
    loader = threading.Thread(target=repo.stored_matches, args=("Anna",))
    loader.start()
    worst = 0.0
    while loader.is_alive():
        t0 = time.perf_counter()
        repo.add_hand(m.id, plain_hand())
        worst = max(worst, time.perf_counter() - t0)
        time.sleep(0.05)
    loader.join()
    repo.delete_match(m.id)
    repo.compact_history()
    return worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    from scorekeeper.ui.kit.formatting import played
    from scorekeeper.ui.screens.history.view import history_view

    with tempfile.TemporaryDirectory() as tmp:
        small_dir, big_dir = Path(tmp, "small"), Path(tmp, "big")
        print(f"building 100 matches: {build(small_dir, 100):.1f} s")
        print(f"building {args.matches} matches: {build(big_dir, args.matches):.1f} s")

        small, big = open_repository(small_dir), open_repository(big_dir)
        big.close()
        t0 = time.perf_counter()
        big = open_repository(big_dir)
        print(f"opening the store of {args.matches}: {time.perf_counter() - t0:.2f} s")

        def first_page(repo):
            session = make_session(TableService(repo), lang="it")
            return lambda: history_view(session)

        first_page(small)()  # warm imports and caches
        first_page(big)()
        # interleaved, so that a busy moment of the machine hits both sides
        pairs = [
            (median_time(first_page(small), 3), median_time(first_page(big), 3))
            for _ in range(args.runs)
        ]
        t_small = statistics.median(p[0] for p in pairs)
        t_big = statistics.median(p[1] for p in pairs)
        ratio = t_big / t_small
        print(f"history first page, 100 matches: {t_small * 1000:.1f} ms")
        print(f"history first page, {args.matches} matches: {t_big * 1000:.1f} ms")
        print(f"history first page ratio: {ratio:.2f} (target <= 2.0)")

        stored = big.stored_matches("Anna")
        bare = [PlayedMatch(m.match, m.id, m.created, m.abandoned) for m in stored]
        finished = sum(m.state.status is Status.WON for m in stored)
        print(f"matches of Anna: {len(bare)} ({finished} finished)")
        pairs = [
            (
                median_time(lambda: [evaluate(pm.match) for pm in bare], 1),
                median_time(lambda: player_stats(bare, "Anna"), 1),
            )
            for _ in range(args.runs)
        ]
        t_score = statistics.median(p[0] for p in pairs)
        t_stats = statistics.median(p[1] for p in pairs)
        print(f"core scoring once: {t_score * 1000:.0f} ms")
        print(f"player statistics (scoring included): {t_stats * 1000:.0f} ms")
        print(f"statistics ratio: {t_stats / t_score:.2f} (target <= 1.5)")

        def from_storage():
            player_stats([played(m) for m in big.stored_matches("Anna")], "Anna")

        t_full = median_time(from_storage, max(1, args.runs // 2))
        print(f"statistics screen from storage: {t_full * 1000:.0f} ms")
        print(
            f"statistics from storage ratio: {t_full / t_score:.2f} "
            "(information: includes reading and parsing the archive)"
        )
        print(f"hand save while statistics load: {slowest_save(big) * 1000:.0f} ms")
        small.close()
        big.close()
    ok = ratio <= 2.0 and t_stats / t_score <= 1.5
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
