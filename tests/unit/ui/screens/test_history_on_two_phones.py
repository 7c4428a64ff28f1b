"""Two phones on one history, without a browser: a match's notes and a
compaction made on one phone show on the other at once (both were silent
before the table service: issue 9). Two real sessions on one table in a
temporary folder; what the first phone sends the others is handed to the
second as flet's pubsub hands it (``Session._on_table_event``).

Moved from tests/e2e/test_history_two_phones.py: the broadcast and the
redraw it causes are the server's; the browser added only time. That a
broadcast reaches another browser is tests/e2e/test_match_flows.py's.
"""

from __future__ import annotations

from dataclasses import replace

import flet as ft
import pytest

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.table import TableService
from scorekeeper.ui import routes
from scorekeeper.ui.screens.match_detail.state import MatchPage
from scorekeeper.ui.shell.session import TOPIC, Session
from tests.builders import plain_hand
from tests.event_loops import run_coroutine
from tests.unit.fakes import click, find, make_session, texts, type_into


@pytest.fixture
def kept(table: TableService) -> str:
    """A won match (Anna 22 - 1 Bruno) and a deleted one; the won one's id."""
    won = table.start_match(MatchSetup(("Anna", "Bruno"), "Anna", Rules(10))).value
    table.add_hand(won.id, plain_hand(20))
    gone = table.start_match(MatchSetup(("Carla", "Dario"), "Carla", Rules())).value
    table.add_hand(gone.id, plain_hand(0, 8))  # in progress
    table.delete_match(gone.id)
    return won.id


def view(session: Session) -> ft.View:
    return session.page.views[-1]


def told_to_the_others(sender: Session, others: list[Session]) -> None:
    """What ``sender`` broadcast, handed to each of ``others``."""
    sent = [m for kind, topic, m in sender.page.pubsub.sent if kind == "others"]
    assert sent, "nothing was broadcast"
    for message in sent:
        for other in others:
            run_coroutine(other._on_table_event(TOPIC, message))


def on_detail(table: TableService, match_id: str) -> Session:
    session = make_session(table, routes.HISTORY)
    session.states.put(replace(session.states.of(MatchPage), match_id=match_id))
    session.go(routes.DETAIL)
    assert find(view(session), "detail-score").value == "Anna 22 - 1 Bruno"
    return session


def test_notes_saved_on_one_phone_show_on_the_other_at_once(table, kept):
    first, second = on_detail(table, kept), on_detail(table, kept)

    # Save turns on once the server has heard the text.
    type_into(find(view(first), "detail-notes"), "rivincita domenica")
    assert not find(view(first), "detail-notes-save").disabled
    click(find(view(first), "detail-notes-save"))
    assert find(view(first), "history-message").value == "Note salvate."

    # No reload, no tap: the other phone redraws from the broadcast.
    told_to_the_others(first, [second])
    assert find(view(second), "detail-notes").value == "rivincita domenica"


def yes(dialog: ft.AlertDialog) -> None:
    buttons = [b.content if isinstance(b, ft.Semantics) else b for b in dialog.actions]
    [button] = [b for b in buttons if b.content == "Sì"]
    button.on_click(None)


def test_compacting_on_one_phone_empties_the_deleted_list_on_the_other(table, kept):
    phones = [make_session(table, routes.HISTORY) for _ in range(2)]
    for phone in phones:
        assert find(view(phone), "history-deleted").content == "Partite eliminate (1)"
        click(find(view(phone), "history-deleted"))
        assert phone.route == routes.DELETED
        assert "Nessuna partita eliminata." not in texts(view(phone))
    first, second = phones

    click(find(view(first), "deleted-compact"))
    assert "Compattare lo storico?" in " ".join(texts(first.page.dialogs[-1]))
    yes(first.page.dialogs[-1])
    assert find(view(first), "history-message").value == (
        "Storico compattato: 1 partita cancellata per sempre."
    )

    told_to_the_others(first, [second])
    assert "Nessuna partita eliminata." in texts(view(second))
    second.page.go_back()
    assert find(view(second), "history-deleted").content == "Partite eliminate (0)"
