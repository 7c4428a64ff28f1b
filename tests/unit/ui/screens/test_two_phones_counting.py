"""Two phones counting the same hand, without a browser (issue 23 item 6):
the others are told a phone is entering it, and a refused Save says why
beside the Save button, where the player scrolled to, not only at the top of
the long form. Real sessions on one table service, fake pages."""

from __future__ import annotations

import flet as ft
import pytest

from scorekeeper.i18n import Translator
from scorekeeper.storage import StorageWriteError
from scorekeeper.table import TableService
from scorekeeper.table.events import Change, TableEvent
from scorekeeper.ui import routes
from scorekeeper.ui.screens.hand_entry import actions
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.scoreboard import view as scoreboard
from scorekeeper.ui.shell.session import Session
from tests.unit.fakes import (
    click,
    find,
    make_session,
    select,
    start_from_form,
    type_into,
    walk,
)


@pytest.fixture
def phones(table: TableService) -> tuple[Session, Session]:
    first = make_session(table)
    start_from_form(first)
    second = make_session(table, "/partita")
    return first, second


def view(session: Session) -> ft.View:
    return session.page.views[-1]


def shown(session: Session, identifier: str) -> str | None:
    """The text of ``identifier`` if it is drawn visible, else ``None``."""
    for c in walk(view(session)):
        if isinstance(c, ft.Semantics) and c.identifier == identifier:
            return c.content.value if c.visible else None
    raise LookupError(identifier)


def whole_hand(session: Session) -> None:
    for rank in "A23456":
        click(find(view(session), f"entry-spade-{rank}"))
    click(find(view(session), "entry-spade-rest-1"))
    select(find(view(session), "entry-settebello"), "0")
    type_into(find(view(session), "entry-cards-0"), "22")


def test_the_other_phones_are_told_a_phone_is_counting_the_hand(phones):
    first, second = phones
    assert shown(second, "score-counting") is None
    scoreboard.start_hand(first)
    click(find(view(first), "entry-spade-A"))
    # the first tap is news for the others (once, not at every tap)
    event = TableEvent(Change.DRAFT, first.current().id)
    assert first.page.pubsub.sent.count(("others", "table", event)) == 1
    click(find(view(first), "entry-spade-2"))
    assert first.page.pubsub.sent.count(("others", "table", event)) == 1

    second.render()  # the broadcast's redraw
    assert shown(second, "score-counting") == (
        "Un altro telefono sta contando la mano 1"
    )
    scoreboard.start_hand(second)
    assert shown(second, "entry-counting") == (
        "Anche un altro telefono sta contando la mano 1: salvatela da un telefono solo."
    )
    # the phone counting is not told about itself
    assert shown(first, "entry-counting") is None

    whole_hand(first)
    actions.save_hand(first)
    assert len(first.current().match.hands) == 1
    # the Save's own broadcast redraws the others: no second one for the mark
    assert first.page.pubsub.sent.count(("others", "table", event)) == 1
    second.render()
    assert shown(second, "entry-counting") is None  # hand 2: nobody counts it


LEAVINGS = {
    # the entry's back arrow: the draft kept, not counting
    "back arrow": lambda phone: phone.go(routes.MATCH),
    # flet-web's page.on_disconnect: the tab closed or the phone went away;
    # the others are told at once, not counting.FRESH (2 minutes) later
    "tab closed": lambda phone: phone.page.on_disconnect(None),
}


@pytest.mark.parametrize("leaving", LEAVINGS)
def test_a_phone_that_leaves_the_entry_is_no_longer_said_to_count(phones, leaving):
    first, second = phones
    scoreboard.start_hand(first)
    click(find(view(first), "entry-spade-A"))
    second.render()
    assert shown(second, "score-counting") is not None
    LEAVINGS[leaving](first)
    event = TableEvent(Change.DRAFT, first.current().id)
    assert first.page.pubsub.sent.count(("others", "table", event)) == 2
    second.render()  # that broadcast's redraw
    assert shown(second, "score-counting") is None
    # back in the entry, the next tap is news again
    scoreboard.start_hand(first)
    click(find(view(first), "entry-spade-2"))
    assert first.page.pubsub.sent.count(("others", "table", event)) == 3
    second.render()
    assert shown(second, "score-counting") == (
        "Un altro telefono sta contando la mano 1"
    )


def test_a_save_another_phone_made_first_says_why_beside_save(phones):
    first, second = phones
    scoreboard.start_hand(first)
    scoreboard.start_hand(second)
    whole_hand(second)
    whole_hand(first)
    actions.save_hand(first)

    second.render()  # the broadcast's redraw
    save = find(view(second), "entry-save")
    assert save.disabled
    assert shown(second, "entry-save-why") == (
        "Non salvata: l'altro telefono ha già salvato la mano 1. In cima: "
        "sostituiscila con la tua o scarta la tua."
    )
    # in English, in the words of the buttons above ("Discard mine")
    second.translator = Translator("en")
    second.render()
    assert shown(second, "entry-save-why") == (
        "Not saved: the other phone saved hand 1 first. At the top, choose: "
        "replace it with yours, or discard yours."
    )


def test_a_save_refused_by_the_disk_says_why_beside_save(phones, monkeypatch):
    first, _ = phones
    scoreboard.start_hand(first)
    whole_hand(first)

    def full(*args, **kwargs):
        raise StorageWriteError("could not save: disk full", code="disk_full")

    monkeypatch.setattr(first.table, "add_hand", full)
    click(find(view(first), "entry-save"))
    why = first.error_text(StorageWriteError("x", code="disk_full"))
    assert shown(first, "entry-save-why") == why
    assert first.states.find(EntryState) is not None  # nothing typed lost
