"""The screen tour (``screen_tour.py``) as tests: the tour runs once, each of
its passes in a process of its own started as the session's collection
ended (``ahead.py``), and each stop is a test that fails
with what its shots show wrong
(a text the accessibility tree has in view that OCR does not read on the
pixels, Flutter's grey error box, an exception in the browser's console, a
traceback on the server), each finding with its screenshot's path.

``python -m tests.e2e.screen_tour --gallery`` runs the same tour alone and
writes docs/gallery/.
"""

from __future__ import annotations

import pytest

from tests.e2e import screen_checks
from tests.e2e.ahead import TOUR_PASSES
from tests.e2e.screen_tour import PASSES, STOPS, Results

pytestmark = pytest.mark.e2e

KNOWN: dict[str, pytest.MarkDecorator] = {}
"""A defect the tour finds and nobody has fixed yet: its stop's
``pytest.mark.xfail(strict=True, reason=...)`` (none today)."""


@pytest.fixture(scope="module")
def tour(ahead) -> Results:
    screen_checks.need_tesseract()
    results = Results.merged(
        [Results.of_json(ahead[f"tour-{p}"].result()) for p in TOUR_PASSES]
    )
    print(
        f"screen tour: {len(results.shots)} shots in {results.seconds:.0f} s, "
        f"{len(results.findings)} findings"
    )
    return results


@pytest.mark.parametrize(
    "stop", [pytest.param(s, marks=KNOWN.get(s, ())) for s in STOPS]
)
def test_every_screen_shows_what_it_says_without_errors(tour: Results, stop: str):
    assert stop in tour.reached or tour.of(stop), f"the tour never came to {stop}"
    findings = tour.of(stop)
    assert not findings, "\n".join(str(f) for f in findings)


def test_the_work_ahead_runs_every_pass_of_the_tour() -> None:
    assert tuple(f"{lang}-{theme}" for lang, theme in PASSES) == TOUR_PASSES
