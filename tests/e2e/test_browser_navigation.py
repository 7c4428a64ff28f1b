"""Browser test of Back on home: one press leaves the app, whatever entries
the form and the scoreboard left behind (``ui/page/home_back.py``, a script in
the page: only a browser runs it), on an empty table of its own
(``fresh_server``).

That Back and the back arrow never reopen a finished screen (a started
match's form, a saved hand's entry) and that a new match while another is
played asks first is decided by the server's mirror of the browser history
(``ui/shell/trail.py``): tests/unit/test_navigation.py checks it on a real session
whose fake page moves as the browser's history does.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.ui.page.home_back import BEFORE_KEY
from tests.e2e.conftest import load_app
from tests.e2e.flows import (
    new_match,
    tap_until_shown,
    totals,
)
from tests.e2e.helpers import BACK, node

pytestmark = pytest.mark.e2e


def resume_button(page):
    return node(page, "home-resume").get_by_role("button")


def back_home_from_a_started_match(page, base: str) -> None:
    """Start a match, then the back arrow: home, its address the app's."""
    new_match(page, ["Anna", "Bruno"])
    expect(page).to_have_url(re.compile(r"/partita$"))
    page.get_by_role("button", name=BACK).click()
    expect(resume_button(page)).to_have_text("Continua: Anna 0 - Bruno 0")
    expect(page).to_have_url(base + "/")


def test_back_on_home_leaves_the_app_in_one_press(new_phone, fresh_server):
    """Issue 23 item 9: the entries of the form and the scoreboard are behind
    home; one Back on home leaves the app (ui/page/home_back.py), not home again
    once per entry. With nothing before the app (an installed app, a new tab)
    it reaches the app's first entry, shown as home (the next Back is the
    system's) and the app goes on from there; with a page before it (here
    the about:blank Playwright opens a page on: history 2 long at the first
    load, which the script found), it goes to that page."""
    base = fresh_server.url.rstrip("/")
    page = new_phone(fresh_server.url)
    load_app(page, fresh_server.url)
    found = page.evaluate(f"sessionStorage.getItem({BEFORE_KEY!r})")
    assert found == "1"  # about:blank before the app
    # as an installed app's launch finds it: nothing before the app
    page.evaluate(f"sessionStorage.setItem({BEFORE_KEY!r}, '0')")
    back_home_from_a_started_match(page, base)
    page.go_back()
    expect(page).to_have_url(base + "/")
    assert page.evaluate("history.state && history.state.serialCount") == 0
    expect(resume_button(page)).to_have_text("Continua: Anna 0 - Bruno 0")
    tap_until_shown(resume_button(page), node(page, "score-total-0"))
    totals(page, 0, 0)
    page.get_by_role("button", name=BACK).click()
    expect(resume_button(page)).to_be_visible()
    page.go_back()  # once more: the first entry again, nothing walked into
    expect(page).to_have_url(base + "/")
    assert page.evaluate("history.state && history.state.serialCount") == 0
    # what the script found at the first load: a page before the app
    page.evaluate(f"sessionStorage.setItem({BEFORE_KEY!r}, {found!r})")
    tap_until_shown(resume_button(page), node(page, "score-total-0"))
    page.get_by_role("button", name=BACK).click()
    expect(resume_button(page)).to_be_visible()
    expect(page).to_have_url(base + "/")
    page.go_back()
    expect(page).to_have_url("about:blank")
