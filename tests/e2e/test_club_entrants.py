"""Typing a club night's entrants as an organizer does (issue 37, item 11):
Enter adds the name and the next one is typed at once (no tap: the field
keeps the focus), a pasted list adds every name, and each remove button says
whom it takes out."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.helpers import node


def test_enter_keeps_the_focus_and_a_pasted_list_adds_every_name(
    new_phone, app_server, open_app, shot
):
    page = new_phone(app_server.url)
    open_app(page, app_server.url + "/torneo/nuovo")
    field = page.get_by_role("textbox", name="Nome del giocatore")
    field.click()
    expect(field).to_be_focused()
    # keys go to Flutter's editing element, made a moment after the
    # semantics node says focused: typed before it, "Anna" was lost (load 13)
    page.wait_for_function(
        "() => ['INPUT', 'TEXTAREA'].includes(document.activeElement?.tagName)"
    )
    for i, name in enumerate(("Anna", "Bruno", "Carla"), start=1):
        # no click between names: the keys go where the focus is, the next
        # name's field once the name is added
        page.keyboard.type(name)
        page.keyboard.press("Enter")
        expect(node(page, f"club-entrant-{i}")).to_have_text(f"{i}. {name}")
        expect(field).to_be_focused()
    page.keyboard.insert_text("Dario\nElena\n\nFabio\n")
    for i, name in enumerate(("Dario", "Elena", "Fabio"), start=4):
        expect(node(page, f"club-entrant-{i}")).to_have_text(f"{i}. {name}")
    remove = node(page, "club-entrant-2-remove")
    expect(remove).to_have_accessible_name("Togli Bruno")
    shot(page, "entrants")
    remove.click()
    expect(node(page, "club-entrant-2")).to_have_text("2. Carla")
    expect(node(page, "club-entrant-6")).to_have_count(0)
