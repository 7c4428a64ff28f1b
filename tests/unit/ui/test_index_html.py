"""Our copy of flet-web's index.html differs from it only by the app's name
and the script of the connection-lost message (``assets/connection.js``).

flet-web takes ``index.html`` from the assets folder when there is one, and
``ft.run`` has no way to pass an app name: the copy is how the browser tab and
an iPhone home-screen shortcut say "Spazzino". If a flet-web upgrade changes
its page, this test says the copy must be made again.
"""

from pathlib import Path

import flet_web

OURS = Path(__file__).resolve().parents[3] / "scorekeeper/ui/page/assets/index.html"
THEIRS = Path(flet_web.__file__).parent / "web" / "index.html"
NAMED = (
    "<title>",
    "apple-mobile-web-app-title",
    'name="description"',
    "connection.js",
    "the phone's language while the server",
)


def without_names(text: str) -> list[str]:
    return [line for line in text.splitlines() if not any(n in line for n in NAMED)]


def test_the_app_page_is_flet_webs_own_page_with_our_name():
    ours = OURS.read_text(encoding="utf-8")
    assert without_names(ours) == without_names(THEIRS.read_text(encoding="utf-8"))
    assert "<title>Spazzino segnapunti</title>" in ours
    assert 'apple-mobile-web-app-title" content="Spazzino"' in ours


def test_the_page_loads_the_connection_message_before_flutter_starts():
    ours = OURS.read_text(encoding="utf-8")
    script = ours.index('<script src="connection.js"></script>')
    assert script < ours.index("flutter_bootstrap.js")


def test_the_served_page_is_ours_with_the_shared_link_script(tmp_path):
    """The server's page keeps our title and connection script once the
    shared-link script is added (it once replaced ours with flet-web's own, and
    a phone that lost the server showed flet's "Working..." instead)."""
    from scorekeeper.ui.hosting.server import runtime_assets
    from scorekeeper.ui.page.link_inbox import with_page_scripts

    served = (runtime_assets(tmp_path / "assets") / "index.html").read_text()
    assert served == with_page_scripts(OURS.read_text(encoding="utf-8"))
    assert '<script src="connection.js"></script>' in served
    assert "<title>Spazzino segnapunti</title>" in served
