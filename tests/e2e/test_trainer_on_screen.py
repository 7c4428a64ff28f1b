"""The contatori trainer on a phone (issue 39): from home, the cards drawn
as cards, a deal watched card by card, the counters tapped and checked on
the screen; no Flutter exception while it draws."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.helpers import node, tap_until_shown


def test_a_deal_is_watched_and_its_counters_checked_on_a_phone(phone, shot):
    errors: list[str] = []
    phone.on("console", lambda m: errors.append(m.text))
    tap_until_shown(
        node(phone, "home-trainer").get_by_role("button"), node(phone, "trainer-table")
    )
    table = node(phone, "trainer-table")
    box = table.bounding_box()
    assert box is not None and box["height"] >= 60  # cards, not a line of text
    shot(phone, "start")
    # the cards of deal 1 are played one tap at a time until it is over
    for _ in range(6):
        node(phone, "trainer-next").get_by_role("button").click()
        if node(phone, "trainer-check").count():
            break
    expect(node(phone, "trainer-check")).to_have_count(1)
    expect(node(phone, "trainer-rank-A")).to_be_visible()
    node(phone, "trainer-rank-A").get_by_role("button").click()
    expect(node(phone, "trainer-rank-A")).to_contain_text("A: 1")
    node(phone, "trainer-check").get_by_role("button").click()
    verdict = node(phone, "trainer-verdict")
    expect(verdict).to_contain_text("giust")  # "Tutto giusto!" or "Sbagliati: … giusti"
    expect(node(phone, "trainer-score")).to_contain_text("su 1")
    shot(phone, "checked")
    flutter = [e for e in errors if "EXCEPTION CAUGHT" in e or "overflowed" in e]
    assert not flutter, flutter


def test_the_trial_match_is_tapped_through_hand_by_hand(phone, open_app, shot):
    """Issue 39, "Partita di prova": from the rules, each hand's entry and
    points on the screen, the totals growing."""
    tap_until_shown(
        node(phone, "home-rules").get_by_role("button"), node(phone, "rules-demo")
    )
    tap_until_shown(
        node(phone, "rules-demo").get_by_role("button"), node(phone, "demo-totals")
    )
    expect(node(phone, "demo-totals")).to_have_text("Anna 0 - 0 Bruno")
    for _ in range(2):
        node(phone, "demo-next").get_by_role("button").click()
    expect(node(phone, "demo-points-0")).to_contain_text("Punti:")
    box = node(phone, "demo-points-1").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 740
    shot(phone, "trial")
