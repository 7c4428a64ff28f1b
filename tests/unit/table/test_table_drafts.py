"""The table service's draft of the hand being played: saved as typed, read
back by any phone and after a restart, cleared when the hand is saved, tied
to its hand; the spade form remembered; a hand saved twice refused, typed."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from scorekeeper.core import MatchSetup, Rules
from scorekeeper.core.model import Rank
from scorekeeper.storage import HandAlreadySavedError, MatchDraft
from scorekeeper.storage.backends import MemoryBackend
from scorekeeper.storage.errors import StorageWriteError
from scorekeeper.storage.repository import TinyDBRepository
from scorekeeper.table import Change, TableEvent, TableService
from scorekeeper.table.hand_draft import HandDraft, LiveTally, SpadeForm
from tests.builders import ANNA_BRUNO, plain_hand


class Server:
    """A table on one data folder (in memory) that can be restarted."""

    def __init__(self) -> None:
        self.backend = MemoryBackend()
        self.table = TableService(TinyDBRepository(self.backend))

    def restart(self) -> TableService:
        self.table.close()
        self.table = TableService(TinyDBRepository(self.backend))
        return self.table


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.table.close()


def typed() -> HandDraft:
    return HandDraft().cycle_spade(Rank.ASSO).with_cards(0, 22).with_settebello(1)


def test_a_saved_draft_is_what_the_entry_opens_on_after_a_restart(server):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    changed = table.save_draft(m.id, 0, typed())
    assert changed.event == TableEvent(Change.DRAFT, m.id)

    assert server.restart().entry_draft(m.id) == typed()


def test_without_a_draft_the_entry_opens_empty(server):
    m = server.table.start_match(ANNA_BRUNO).value
    assert server.table.entry_draft(m.id) == HandDraft()


def test_saving_the_hand_clears_the_draft_and_it_never_comes_back(server):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    table.save_draft(m.id, 0, typed())
    table.add_hand(m.id, plain_hand(), expected_index=0)
    assert table.entry_draft(m.id) == HandDraft()
    table.tidy()  # what the UI does once the saved hand is shown
    record = table.queries.get_draft(m.id)
    assert record is not None and record.entry is None and record.hand_index == 1

    table.undo(m.id, expected=None)  # back to no hands: still no draft
    assert server.restart().entry_draft(m.id) == HandDraft()


def test_an_undo_before_the_upkeep_does_not_bring_the_saved_hand_s_draft_back(
    server,
):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    table.save_draft(m.id, 0, typed())
    table.add_hand(m.id, plain_hand(), expected_index=0)
    table.undo(m.id, expected=None)  # no tidy() in between
    assert table.entry_draft(m.id) == HandDraft()
    assert server.restart().entry_draft(m.id) == HandDraft()


def test_the_upkeep_keeps_a_draft_of_the_next_hand_typed_before_it(server):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    table.save_draft(m.id, 0, typed())
    table.add_hand(m.id, plain_hand(), expected_index=0)
    table.save_draft(m.id, 1, typed())  # the next hand, already typed
    table.tidy()
    assert server.restart().entry_draft(m.id) == typed()


def test_a_draft_of_an_earlier_hand_reads_as_none(server):
    """Even when clearing it failed: it is tied to its hand index."""
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    table.save_draft(m.id, 0, typed())
    stale = table.queries.get_draft(m.id)
    table.add_hand(m.id, plain_hand())
    table._repository.put_draft(stale)  # as if the clearing write had failed
    assert table.entry_draft(m.id) == HandDraft()


def test_has_draft_is_true_only_for_what_is_stored_of_the_next_hand(server):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    assert not table.has_draft(m.id)
    table.save_draft(m.id, 0, typed())
    assert server.restart().has_draft(m.id)
    table = server.table
    table.add_hand(m.id, plain_hand(), expected_index=0)
    assert not table.has_draft(m.id)  # that draft was of the saved hand
    table.record_live(m.id, lambda t: t.piccola(0))
    assert table.has_draft(m.id)  # the live tally of the next hand counts


def test_a_draft_of_a_hand_another_phone_saved_is_not_stored(server):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    table.add_hand(m.id, plain_hand())
    table.save_draft(m.id, 0, typed())  # the slow phone still typing hand 1
    assert table.entry_draft(m.id) == HandDraft()


def test_the_live_tally_survives_a_restart_and_is_gone_once_the_hand_is_saved(
    server,
):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    table.record_live(m.id, lambda t: t.piccola(0))
    table.record_live(m.id, lambda t: t.spazzino(1, Rank.RE))

    table = server.restart()
    tally = table.live_tally(m.id)
    assert tally.piccole == (1, 0) and tally.spazzini == ((), (Rank.RE,))
    assert table.live_tally(m.id).undo().spazzini == ((), ())

    table.add_hand(m.id, plain_hand())
    assert server.restart().live_tally(m.id) == LiveTally()


def test_what_the_tally_records_after_the_entry_was_typed_is_added_to_it(server):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    table.record_live(m.id, lambda t: t.piccola(0))
    table.save_draft(m.id, 0, table.entry_draft(m.id).with_cards(0, 20))
    assert table.entry_draft(m.id).piccole == (1, 0)

    table.record_live(m.id, lambda t: t.spazzino(1, Rank.RE))

    draft = server.restart().entry_draft(m.id)
    assert draft.cards == (20, 20)  # what was typed stays
    assert draft.spazzini == ((), (Rank.RE,))  # and the new spazzino is there


def test_a_play_field_changed_in_the_entry_stays_while_the_tally_does_not_change(
    server,
):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    table.record_live(m.id, lambda t: t.piccola(0))
    fixed = table.entry_draft(m.id).with_piccole(0, 2)
    table.save_draft(m.id, 0, fixed)
    assert table.entry_draft(m.id).piccole == (2, 0)


def test_the_count_form_is_remembered_per_match_and_is_the_new_matches_default(
    server,
):
    table = server.table
    first = table.start_match(ANNA_BRUNO).value
    table.save_draft(first.id, 0, HandDraft().with_form(SpadeForm.COUNT))
    table.add_hand(first.id, plain_hand())
    assert table.entry_draft(first.id).form is SpadeForm.COUNT  # the next hand

    table = server.restart()
    second = table.start_match(ANNA_BRUNO).value
    assert table.entry_draft(second.id).form is SpadeForm.COUNT  # a new match
    table.save_draft(second.id, 0, HandDraft())  # the list again, here
    assert table.entry_draft(first.id).form is SpadeForm.COUNT  # per match
    third = table.start_match(ANNA_BRUNO).value
    assert table.entry_draft(third.id).form is SpadeForm.LIST  # the last choice


def test_two_phones_saving_the_same_hand_the_slower_one_is_told_which_hand(server):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    faster, slower = plain_hand(), plain_hand(0, 5)
    table.add_hand(m.id, faster, expected_index=0)

    with pytest.raises(HandAlreadySavedError) as refused:
        table.add_hand(m.id, slower, expected_index=0)
    assert refused.value.stored == faster and refused.value.index == 0
    assert table.current().match.hands == (faster,)

    # "replace it with mine": a correction of the stored hand, as it was seen
    replaced = table.correct_hand(m.id, 0, slower, expected=refused.value.stored)
    assert replaced.value.match.hands == (slower,)


def test_a_tally_that_cannot_be_stored_is_not_counted(server):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    server.backend.fail_writes = OSError(28, "No space left on device")
    with pytest.raises(StorageWriteError):
        table.record_live(m.id, lambda t: t.piccola(0))
    server.backend.fail_writes = None
    assert table.live_tally(m.id) == LiveTally()


def test_a_damaged_stored_entry_opens_a_fresh_entry(server):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    table.save_draft(m.id, 0, typed())
    record = table.queries.get_draft(m.id)
    table._repository.put_draft(replace(record, entry={"draft": {"v": 1}}))
    assert table.entry_draft(m.id) == HandDraft()


def test_an_old_record_without_a_form_falls_back_to_the_setting(server):
    table = server.table
    m = table.start_match(ANNA_BRUNO).value
    table._repository.put_draft(MatchDraft(m.id, 0))
    table.update_settings(spade_form="count")
    assert table.spade_form(m.id) is SpadeForm.COUNT


def test_the_hand_that_wins_the_match_leaves_no_draft_behind(server):
    table = server.table
    m = table.start_match(MatchSetup(("Anna", "Bruno"), "Anna", Rules(target=10)))
    m = m.value
    table.save_draft(m.id, 0, typed())
    won = table.add_hand(m.id, plain_hand(20), expected_index=0).value
    assert won.state.winner == 0
    assert table.entry_draft(m.id) == HandDraft()
    table.tidy()  # what the UI does once the saved hand is shown
    assert table.queries.get_draft(m.id) is None
