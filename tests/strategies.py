"""Hypothesis strategies shared by the tests: valid inputs are *built*, not filtered.

Every strategy constructs its value inside the limits of RULES.md section 4
(spades split between the sides, settebello to one side, each side's cards
before the play events they must hold, piccole ≤ 17, spazzini ≤ 18,
scaluneddu 0–6 when the option is on, a stopped hand within the cards put
down by its deal, both spade forms); a match takes hands until the list
ends or the engine says it is won, so hands after the deciding one are never
built rather than filtered out.

* :func:`rules_st` — any mix of the rule options (RULES.md section 6);
* :func:`hand_st` — a valid hand, full or stopped by a declaration;
* :func:`declared_hand_st` — a hand stopped by an early-win declaration;
* :func:`names_st` — distinct valid player names;
* :func:`match_st` — a valid match, possibly ended by a declaration;
* :func:`played_st`, :func:`history_st` — stored matches among the
  :data:`POOL` players, for the statistics and export tests;
* :data:`meta_st`, :func:`json_junk_st` — match-file meta and any JSON value;
* :func:`draft_st`, :func:`tally_st` — the hand entry and the live tally *as
  typed* (not valid hands: what a phone may hold), one strategy per kind of
  ``table.hand_fields``, so a field added to the table is drawn too.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from scorekeeper.core import (
    Declaration,
    Hand,
    Match,
    MatchSetup,
    Rank,
    Rules,
    SideTally,
    SpadeCount,
    SpadeList,
    SpazzinoNumeral,
    Ties,
    declaration_allowed,
    evaluate,
)
from scorekeeper.core.names import clean_name
from scorekeeper.core.stats import PlayedMatch
from scorekeeper.core.validation import napola_of
from scorekeeper.table.hand_draft import HandDraft, LiveTally, SpadeForm
from scorekeeper.table.hand_fields import FIELDS, PLAY, HandField, Kind

RANKS = list(Rank)
POOL = ("Anna", "Bruno", "Carla", "Dario", "Elena")
ANY_TARGET = st.integers(1, 500)
SHORT_TARGET = st.integers(5, 40)  # small targets: matches end within a few hands


# -- rules, spades, hands ------------------------------------------------------


@st.composite
def rules_st(
    draw, players: int = 2, targets: st.SearchStrategy[int] = ANY_TARGET
) -> Rules:
    """Any mix of the rule options of RULES.md section 6, target from *targets*.

    early_win is only ever on with 2 players.
    """
    return Rules(
        target=draw(targets),
        spazzino_numeral=draw(st.sampled_from(SpazzinoNumeral)),
        ties=draw(st.sampled_from(Ties)),
        scaluneddu=draw(st.booleans()),
        early_win=draw(st.booleans()) if players == 2 else False,
    )


def spade_form(ranks: tuple[Rank, ...], counted: bool) -> SpadeList | SpadeCount:
    """The spades *ranks* as listed, or counted with the due, fante and napola."""
    if not counted:
        return SpadeList(ranks)
    held = set(ranks)
    return SpadeCount(
        count=len(held),
        due_di_spade=Rank.DUE in held,
        fante_di_spade=Rank.FANTE in held,
        napola=napola_of(held),
    )


@st.composite
def _bagari_st(draw, cards: int) -> list[int]:
    """Bagari of 3 or 4 cards, built one by one while they fit in *cards*."""
    bagari: list[int] = []
    room = cards
    for _ in range(draw(st.integers(0, 5))):
        if room < 3:
            break
        value = draw(st.sampled_from((3, 4))) if room >= 4 else 3
        bagari.append(value)
        room -= value
    return bagari


@st.composite
def hand_st(
    draw,
    rules: Rules | None = None,
    stopped: bool = False,
    counted: bool | None = None,
    deal: int = 5,
    players: int = 2,
) -> Hand:
    """A valid hand; *stopped* builds one cut short by a declaration in *deal*.

    Each spade and the settebello go to side 0 or 1 (or, in a stopped hand,
    possibly to nobody, and only while they fit in the 4 + 3 × players × deal
    cards put down so far). Each side's cards are then drawn between what its
    spades and settebello need and what the other side leaves (all 40 in a
    full hand), and the play events inside those cards: bagari (3 or 4 each),
    then piccole (2 cards each, 17 at most in all) in what the bagari leave,
    spazzini (2 cards each, 18 in all) and scaluneddu (6 a side, or deal ×
    players of the side in a stopped hand). The spades are listed, counted
    (*counted*) or either (``None``).
    """
    rules = rules or Rules()
    cap = min(40, 4 + 3 * players * deal) if stopped else 40
    owners = (0, 1, None) if stopped else (0, 1)
    taken = 0
    spade_owner: list[int | None] = []
    for _ in RANKS:
        owner = draw(st.sampled_from(owners if taken < cap else (None,)))
        taken += owner is not None
        spade_owner.append(owner)
    ranks = [
        tuple(r for r, o in zip(RANKS, spade_owner, strict=True) if o == s)
        for s in (0, 1)
    ]
    sb_owner = draw(st.sampled_from(owners if taken < cap else (None,)))
    need = [len(ranks[s]) + (sb_owner == s) for s in (0, 1)]
    cards0 = draw(st.integers(need[0], cap - need[1]))
    cards1 = draw(st.integers(need[1], cap - cards0)) if stopped else 40 - cards0
    cards = (cards0, cards1)
    bagari = [draw(_bagari_st(cards[s])) for s in (0, 1)]
    pic_room = [(cards[s] - sum(bagari[s])) // 2 for s in (0, 1)]
    pic0 = draw(st.integers(0, min(17, pic_room[0])))
    pic1 = draw(st.integers(0, min(17 - pic0, pic_room[1])))
    spz0 = draw(st.lists(st.sampled_from(RANKS), max_size=min(18, cards0 // 2)))
    spz1 = draw(
        st.lists(st.sampled_from(RANKS), max_size=min(18 - len(spz0), cards1 // 2))
    )
    side_players = players // 2
    sca_max = (deal * side_players if stopped else 6) if rules.scaluneddu else 0
    if counted is None:
        counted = draw(st.booleans())
    sides = tuple(
        SideTally(
            cards=cards[s],
            spades=spade_form(ranks[s], counted),
            settebello=sb_owner == s,
            piccole=(pic0, pic1)[s],
            spazzini=tuple((spz0, spz1)[s]),
            bagari=tuple(bagari[s]),
            scaluneddu=draw(st.integers(0, min(6, sca_max))),
        )
        for s in (0, 1)
    )
    return Hand(sides)


@st.composite
def declared_hand_st(draw, players: tuple[str, str], rules: Rules) -> Hand:
    """A valid hand stopped by an early-win declaration in deal 1–5."""
    deal = draw(st.integers(1, 5))
    hand = draw(hand_st(rules, stopped=True, deal=deal))
    by = draw(st.sampled_from(players))
    return replace(hand, declaration=Declaration(by, deal))


# -- players and matches -------------------------------------------------------


def _pool_names_st(n: int, pool: tuple[str, ...]) -> st.SearchStrategy[tuple[str, ...]]:
    return st.permutations(pool).map(lambda names: tuple(names[:n]))


NAME_CHARACTERS = st.characters(categories=("L", "N", "P", "Zs"))
"""What the one name rule lets into a name (``core/names.name_fault``): any
letter, digit, punctuation or space, of any script."""


@st.composite
def _made_up_names_st(draw, n: int) -> tuple[str, ...]:
    stems = draw(
        st.lists(st.text(NAME_CHARACTERS, max_size=30), min_size=n, max_size=n)
    )
    # stored as a new match would store them (RULES §4: trimmed, spaces
    # collapsed, NFC); the "#i" keeps them non-blank and distinct players
    return tuple(clean_name(f"{stem}#{i}") for i, stem in enumerate(stems))


def names_st(
    n: int, pool: tuple[str, ...] | None = None
) -> st.SearchStrategy[tuple[str, ...]]:
    """*n* distinct, non-blank names of at most 40 characters.

    With *pool*, *n* of its names in any order (tests that look players up by
    name); without, either names from :data:`POOL` or any text the name rule
    takes, ending ``#i``.
    """
    if pool is not None:
        return _pool_names_st(n, pool)
    return _pool_names_st(n, POOL) | _made_up_names_st(n)


@st.composite
def match_st(
    draw,
    targets: st.SearchStrategy[int] = ANY_TARGET,
    declarations: bool = True,
    pool: tuple[str, ...] | None = None,
) -> Match:
    """A valid match: hands added until the list ends or the match is decided.

    The target comes from *targets*, the players from :func:`names_st`
    (*pool*). With early_win on (2 players) and *declarations*, the last hand
    may be a declaration, unless the match is in a tie-break (RULES §5).
    """
    n = draw(st.sampled_from((2, 4)))
    players = draw(names_st(n, pool))
    rules = draw(rules_st(n, targets))
    setup = MatchSetup(players, draw(st.sampled_from(players)), rules)
    hands: list[Hand] = []
    for _ in range(draw(st.integers(0, 8))):
        hands.append(draw(hand_st(rules)))
        if evaluate(Match(setup, tuple(hands))).decided:
            break
    else:
        state = evaluate(Match(setup, tuple(hands)))
        if declarations and declaration_allowed(state) and draw(st.booleans()):
            hands.append(draw(declared_hand_st(players, rules)))
    return Match(setup, tuple(hands))


# -- stored history --------------------------------------------------------------


@st.composite
def played_st(draw, pool: tuple[str, ...] = POOL) -> PlayedMatch:
    """A stored match among *pool* with a short target, possibly abandoned.

    Storage refuses to abandon a won match: only an open one may be abandoned.
    """
    match = draw(match_st(SHORT_TARGET, pool=pool))
    won = evaluate(match).decided
    abandoned = False if won else draw(st.booleans())
    return PlayedMatch(match, abandoned=abandoned)


def history_st(
    pool: tuple[str, ...] = POOL, max_size: int = 8
) -> st.SearchStrategy[list[PlayedMatch]]:
    """A list of played matches with distinct ids ``m0``, ``m1`` …"""
    return st.lists(played_st(pool), max_size=max_size).map(
        lambda ms: [replace(m, id=f"m{i}") for i, m in enumerate(ms)]
    )


# -- match files -----------------------------------------------------------------

meta_st = st.fixed_dictionaries(
    {},
    optional={
        "id": st.text(),
        "created": st.just("2024-05-01T20:15:00+02:00"),
        "updated": st.just("2024-05-01T21:40:00+02:00"),
        "notes": st.text(),
    },
)
"""The meta of a match file: any subset of id, created, updated and notes."""


def json_junk_st() -> st.SearchStrategy[object]:
    """Any JSON value, NaN and Infinity included: scalars, lists and objects."""
    leaves = (
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=True, allow_infinity=True)
        | st.text(max_size=5)
    )
    return st.recursive(
        leaves,
        lambda kids: (
            st.lists(kids, max_size=3)
            | st.dictionaries(st.text(max_size=5), kids, max_size=3)
        ),
        max_leaves=8,
    )


# -- the hand entry as typed -------------------------------------------------------

_SIDES = st.sampled_from([None, 0, 1])


def _entry_value_st(f: HandField, whole: bool) -> st.SearchStrategy[object]:
    """One side's value of *f* as the entry may hold it; *whole*: counts are
    whole numbers (the live tally counts taps), else text typed too."""
    kind = f.kind
    if kind is Kind.FORM:
        return st.sampled_from(SpadeForm)
    if kind is Kind.SPADES:
        return st.tuples(*([_SIDES] * len(RANKS)))
    if kind is Kind.SIDE:
        return _SIDES
    if kind is Kind.TYPED:
        return st.none() | st.integers(0, 50) | st.sampled_from(["", "1O", "x"])
    if kind is Kind.COUNT:
        counts = st.integers(0, 12)
        return counts if whole else counts | st.sampled_from(["3a"])
    if kind is Kind.RANKS:
        return st.lists(st.sampled_from(RANKS), max_size=4).map(tuple)
    if kind is Kind.VALUES:
        return st.lists(st.sampled_from(f.values or (0,)), max_size=3).map(tuple)
    assert kind is Kind.DECLARATION, kind
    return st.none() | st.builds(
        Declaration, st.sampled_from(["Anna"]), st.integers(1, 5)
    )


def _field_st(f: HandField, whole: bool = False) -> st.SearchStrategy[object]:
    one = _entry_value_st(f, whole)
    return st.tuples(one, one) if f.per_side else one


def draft_st() -> st.SearchStrategy[HandDraft]:
    """A hand entry as typed: every field of ``hand_fields.FIELDS``."""
    return st.builds(HandDraft, **{f.name: _field_st(f) for f in FIELDS})


def tally_st(
    log: st.SearchStrategy[str] | None = None,
) -> st.SearchStrategy[LiveTally]:
    """A live tally: the deal, every field made during play, an undo log of
    the words the fields log (*log*: other words too)."""
    words = st.sampled_from([f"{f.log}:{s}" for f in PLAY for s in (0, 1)])
    return st.builds(
        LiveTally,
        deal=st.integers(1, 6),
        **{f.name: _field_st(f, whole=True) for f in PLAY},
        log=st.lists(words if log is None else log).map(tuple),
    )
