"""Typing a club night's entrants as an organizer does (issue 37, item 11):
Enter adds the name and the next one is typed at once (no tap: the field
keeps the focus), a pasted list adds every name, and each remove button says
whom it takes out."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.helpers import FOLLOW_FOCUS, node, ready_to_type


def test_enter_keeps_the_focus_and_a_pasted_list_adds_every_name(
    new_phone, app_server, open_app, shot
):
    page = new_phone(app_server.url)
    open_app(page, app_server.url + "/torneo/nuovo")
    field = page.get_by_role("textbox", name="Nome del giocatore")
    page.evaluate(FOLLOW_FOCUS)
    field.click()
    for i, name in enumerate(("Anna", "Bruno", "Carla"), start=1):
        # keys typed as soon as the field says focused went, under load, to
        # an editing element that lost the focus a frame later ("Anna" never
        # added, stop 46's last run): typed once the focus holds, as a person
        # types once the keyboard is up. No tap between names: the next
        # name's field takes the focus itself once the name is added
        ready_to_type(page, field)
        page.keyboard.type(name)
        page.keyboard.press("Enter")
        expect(node(page, f"club-entrant-{i}")).to_have_text(f"{i}. {name}")
    ready_to_type(page, field)
    page.keyboard.insert_text("Dario\nElena\n\nFabio\n")
    for i, name in enumerate(("Dario", "Elena", "Fabio"), start=4):
        expect(node(page, f"club-entrant-{i}")).to_have_text(f"{i}. {name}")
    remove = node(page, "club-entrant-2-remove")
    expect(remove).to_have_accessible_name("Togli Bruno")
    shot(page, "entrants")
    remove.click()
    expect(node(page, "club-entrant-2")).to_have_text("2. Carla")
    expect(node(page, "club-entrant-6")).to_have_count(0)
