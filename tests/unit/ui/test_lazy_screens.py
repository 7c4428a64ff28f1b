"""The app's start imports only what home draws (issue 27: in the browser
build every module imported is Python start-up time, measured in Pyodide;
``app.Lazy``). Each check runs in a fresh interpreter, so that what other
tests imported does not count. Each route still reaches its screen's view."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from scorekeeper.ui.app import SCREENS
from scorekeeper.ui.screens.connect import view as connect
from scorekeeper.ui.screens.live_tally import view as live_tally
from scorekeeper.ui.screens.rules import view as rules
from scorekeeper.ui.screens.settings import view as settings

REPO_ROOT = Path(__file__).resolve().parents[3]

HOME_SCREENS = {
    "scorekeeper.ui.screens.home",
    "scorekeeper.ui.screens.home.view",
    "scorekeeper.ui.screens.home.state",
    "scorekeeper.ui.screens.club",
    "scorekeeper.ui.screens.club.actions",
    "scorekeeper.ui.screens.club.seat",
    "scorekeeper.ui.screens.club.state",
    "scorekeeper.ui.screens.club.words",
    "scorekeeper.ui.screens.match_detail",
    "scorekeeper.ui.screens.match_detail.state",
}
"""What home (and the session under it) imports of the screens."""

NOT_AT_START = ("segno", "flet_charts", "scorekeeper.ui.hosting.lan")


def modules_after(code: str) -> set[str]:
    """The names in ``sys.modules`` once ``code`` has run in a new Python."""
    script = code + "\nimport sys\nprint('\\n'.join(sorted(sys.modules)))\n"
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=True,
    )
    return set(result.stdout.split())


def test_the_browser_start_imports_no_screen_but_home():
    loaded = modules_after("import scorekeeper.ui.hosting.browser, scorekeeper.ui.app")
    screens = {name for name in loaded if name.startswith("scorekeeper.ui.screens.")}
    assert screens == HOME_SCREENS
    assert not [name for name in NOT_AT_START if name in loaded]


def test_a_screen_module_is_imported_at_its_first_draw_and_once():
    loaded = modules_after(
        "import sys\n"
        "from scorekeeper.ui import app, routes\n"
        "lazy = app.SCREENS[routes.MATCH]\n"
        "assert 'scorekeeper.ui.screens.scoreboard.view' not in sys.modules\n"
        "from scorekeeper.ui.screens.scoreboard import view as scoreboard\n"
        "assert lazy.function() is scoreboard.scoreboard_view\n"
        "assert lazy.function() is lazy.function()\n"
    )
    assert "scorekeeper.ui.screens.scoreboard" in loaded
    assert "scorekeeper.ui.screens.stats" not in loaded


def test_the_app_routes_rules_settings_connect_and_live_to_these_screens():
    # app.Lazy: each screen's module is imported at its first draw
    assert SCREENS["/regole"].function() is rules.rules_view
    assert SCREENS["/impostazioni"].function() is settings.settings_view
    assert SCREENS["/collega"].function() is connect.connect_view
    assert SCREENS["/live"].function() is live_tally.live_view
