"""The writer of the crash test: saves hands in a loop and reports each one.

``python crash_writer.py DATA_DIR SEED`` opens the repository, then forever:
picks the match in progress (or starts one), adds a hand (sometimes undoes the
last one instead) and, once the call has returned, prints
``saved <id> <hands>`` where ``<hands>`` spells the match's hands (``s`` small,
``b`` big). The parent kills it with SIGKILL at random moments.

``python crash_writer.py DATA_DIR SEED moves``: ``live.json`` keeps one
unfinished match (``LIVE_MAX``), and each save picks one of up to three in
progress at random: most saves bring a match back from the archive and move
another there (issue 34: the moves between ``live.json`` and the archive).
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from scorekeeper.storage import matches  # noqa: E402
from scorekeeper.storage.repository import open_repository  # noqa: E402
from tests.integration.storage.helpers import BIG, SMALL, setup  # noqa: E402

SPELL = {SMALL: "s", BIG: "b"}


def main() -> None:
    folder, seed = sys.argv[1], int(sys.argv[2])
    moves = sys.argv[3:] == ["moves"]
    if moves:
        matches.LIVE_MAX = 1
    rnd = random.Random(seed)
    repo = open_repository(folder)
    os.write(1, b"ready\n")
    while True:
        found = repo.list_history(status="in_progress", limit=3 if moves else 1)
        page = list(found.items)
        if not page or (moves and len(page) < 3 and rnd.random() < 0.3):
            page = [repo.create_match(setup("Anna", "Bruno"))]
        match_id = rnd.choice(page).id if moves else page[0].id
        m = repo.get_match(match_id)
        if m.match.hands and rnd.random() < 0.1:
            m = repo.undo(match_id, by="crash-test")
        else:
            m = repo.add_hand(match_id, BIG if rnd.random() < 0.15 else SMALL)
        # one write per line: print() writes each piece separately, and a kill
        # between them left "saved <id>" looking like a report of no hands
        line = f"saved {match_id} {''.join(SPELL[h] for h in m.match.hands)}\n"
        os.write(1, line.encode())


if __name__ == "__main__":
    main()
