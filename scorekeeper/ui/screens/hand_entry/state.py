"""The hand entry's state: which hand this phone is entering, and its draft.

One frozen :class:`EntryState` per phone, held by the session while an entry
is open. Its :data:`Target` says what Save does: add the new hand ``New(index)``
(refused if another phone saved that index first) or correct hand ``index``
(``Edit(index, original)``: saved over only while that hand is still
``original``). No flet, no session: the actions make new states, the view
draws one.

>>> from scorekeeper.table.hand_draft import HandDraft
>>> entry = EntryState("m1", declaring=False, target=New(2), draft=HandDraft())
>>> entry.new_index, entry.edit_index
(2, None)
>>> entry.tapped(HandDraft().with_cards(0, "20")).draft.cards
('20', None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from scorekeeper.core.model import Hand
from scorekeeper.storage import StoredMatch
from scorekeeper.table.hand_draft import HandDraft

# The declaration as first drawn: nobody chosen, no deal (a hurried confirm
# must not record a declarer nobody picked). Confirm stays off until both are.
NO_DECLARER = ""
NO_DEAL = 0


class EntryPage(StrEnum):
    """The entry's two pages, each whole on a 360x740 phone (issue 35: a
    hand with play points took five swipes on one long form): the cards
    known by name (the spades, the settebello; a declaration's who and
    when) and the count with the play (the cards taken, each side's
    piccole, spazzini, bagari, scaluneddu; the points' breakdown)."""

    MAZZO = "mazzo"
    GIOCO = "gioco"


@dataclass(frozen=True)
class New:
    """A new hand, the match's ``index``-th (0-based): the number of hands the
    match had when the entry opened."""

    index: int


@dataclass(frozen=True)
class Edit:
    """The correction of saved hand ``index``, which was ``original`` when the
    entry opened (``None``: the match had no such hand)."""

    index: int
    original: Hand | None


Target = New | Edit


@dataclass(frozen=True)
class EntryState:
    """What one phone is entering: the match, the screen (the count or the
    declaration), the hand it is for, the draft, and ``taken``: the index of
    the new hand another phone saved first (the entry keeps the draft and
    asks, ``view.taken_panel``), and ``spade_side``: the side a tap on a
    spade chip gives that spade to (the two-choice control above the chips,
    ``None``: nobody, offered in a stopped hand; this phone's, not the
    draft's); ``page``: the page of the entry shown, ``focused`` the field
    typed in and ``page_height`` the room the page had (this phone's too:
    ``actions.keep_typed_in_sight``)."""

    match_id: str
    declaring: bool
    target: Target
    draft: HandDraft
    taken: int | None = None
    spade_side: int | None = 0
    live_added: bool = False  # opened with the live tally's points added
    page: EntryPage = EntryPage.MAZZO
    focused: str | None = None  # the field being typed in (its identifier)
    page_height: float | None = None  # the shown page's, as last laid out

    @classmethod
    def open_new(
        cls, stored: StoredMatch, declaring: bool, draft: HandDraft
    ) -> EntryState:
        """An entry of the match's next hand, on ``draft``."""
        return cls(stored.id, declaring, New(len(stored.match.hands)), draft)

    @classmethod
    def open_edit(cls, stored: StoredMatch, index: int) -> EntryState:
        """The correction of hand ``index``, on that hand as saved."""
        hand = stored.match.hands[index]
        return cls(
            stored.id,
            hand.declaration is not None,
            Edit(index, hand),
            HandDraft.from_hand(hand),
        )

    @property
    def new_index(self) -> int | None:
        """The index of the new hand entered (``None`` for a correction)."""
        return self.target.index if isinstance(self.target, New) else None

    @property
    def edit_index(self) -> int | None:
        """The index of the hand corrected (``None`` for a new hand)."""
        return self.target.index if isinstance(self.target, Edit) else None

    def on_screen(self, stored: StoredMatch, declaring: bool) -> bool:
        """Whether this entry is of ``stored`` and of that screen."""
        return (self.match_id, self.declaring) == (stored.id, declaring)

    def belongs_to(self, stored: StoredMatch, declaring: bool) -> bool:
        """Whether the entry still fits the match as it is: a new hand while
        no phone saved it, a correction while its hand is unchanged (other
        phones may add hands meanwhile)."""
        if not self.on_screen(stored, declaring):
            return False
        hands = stored.match.hands
        if isinstance(self.target, New):
            return self.target.index == len(hands)
        index = self.target.index
        return (hands[index] if index < len(hands) else None) == self.target.original

    def tapped(self, draft: HandDraft) -> EntryState:
        """The entry with ``draft``, as a tap leaves it."""
        return replace(self, draft=draft)

    def with_taken(self, index: int | None) -> EntryState:
        """The entry with ``taken`` set (or cleared): itself if unchanged."""
        return self if self.taken == index else replace(self, taken=index)

    def with_spade_side(self, side: int | None) -> EntryState:
        """The entry whose chip taps give spades to ``side``."""
        return replace(self, spade_side=side)

    def on_page(self, page: EntryPage) -> EntryState:
        """The entry showing ``page``."""
        return replace(self, page=page)

    def with_focus(self, identifier: str | None) -> EntryState:
        """The entry whose field ``identifier`` is typed in (``None``: none)."""
        return replace(self, focused=identifier)

    def laid_out(self, height: float) -> EntryState:
        """The entry whose page was laid out ``height`` tall."""
        return replace(self, page_height=height)
