"""The entry drawn from its draft: the hand entry and the declaration."""

from __future__ import annotations

import flet as ft

from scorekeeper.core.model import MatchSetup
from scorekeeper.core.scoring import SidePoints, score_valid_hand
from scorekeeper.storage import StoredMatch
from scorekeeper.ui import routes
from scorekeeper.ui.kit.formatting import card_text, item_label
from scorekeeper.ui.kit.widgets import (
    ERROR_COLOR,
    SIDE_TEXT_COLORS,
    TOUCH_TARGET,
    error_banner,
    full_width,
    hint_lines,
    initials,
    problem_lines,
    screen,
    section_title,
    segmented,
    semantic,
    wrapped,
)
from scorekeeper.ui.parts.counting import other_phone_counting
from scorekeeper.ui.screens.hand_entry.actions import (
    choose_settebello,
    drop_mine,
    keep_typed_in_sight,
    settled,
    show_page,
)
from scorekeeper.ui.screens.hand_entry.outcome import replace_checked, save_checked
from scorekeeper.ui.screens.hand_entry.problems import (
    declaration_hints,
    next_steps,
    place_of,
    problems_by_place,
    spades_given,
    unchosen,
    untouched_places,
    visible_problems,
)
from scorekeeper.ui.screens.hand_entry.sections import (
    cards_section,
    declaration_section,
    play_section,
    side_choice,
)
from scorekeeper.ui.screens.hand_entry.spades import spades_section
from scorekeeper.ui.screens.hand_entry.state import EntryPage, EntryState
from scorekeeper.ui.screens.hand_entry.verdict import confirm_declaration, verdict_text
from scorekeeper.ui.shell.session import Session

# A side's name in the preview bar is whole up to this many characters (two
# lines at most in half a 360 px phone), its players' initials beyond.
PREVIEW_NAME = 16


def taken_panel(session: Session, stored: StoredMatch, entry: EntryState) -> ft.Control:
    """Another phone saved the hand this one is entering: say so in one
    sentence, show that hand, and offer to replace it with this phone's
    entries or to drop them. Hidden (not removed) when there is nothing to
    ask, so the controls below keep their place."""
    index = entry.taken
    results = stored.state.hands
    if index is None or index >= len(results):
        return semantic("entry-taken", ft.Container(), visible=False)
    setup = stored.match.setup
    shown = stored.match.hands[index]  # replaced only if it is still this one
    points = results[index].points
    cards = [side.cards for side in shown.sides]
    summary = session.t(
        "entry.taken_summary",
        side1=setup.side_name(0),
        points1=points[0].total,
        side2=setup.side_name(1),
        points2=points[1].total,
        cards1=cards[0],
        cards2=cards[1],
    )

    mine = entry.draft
    valid = mine.complete and not mine.problems(setup)
    return semantic(
        "entry-taken",
        ft.Container(
            bgcolor=ft.Colors.AMBER_50,
            border=ft.Border.all(2, ft.Colors.AMBER_900),
            border_radius=8,
            padding=12,
            content=ft.Column(
                spacing=8,
                controls=[
                    semantic(
                        "entry-taken-text",
                        ft.Text(
                            session.t("entry.taken", number=index + 1),
                            weight=ft.FontWeight.BOLD,
                            color=ft.Colors.BLACK,
                        ),
                    ),
                    semantic(
                        "entry-taken-summary",
                        ft.Text(summary, color=ft.Colors.BLACK),
                    ),
                    full_width(
                        "entry-taken-replace",
                        ft.FilledButton(
                            content=session.t("entry.taken_replace"),
                            height=TOUCH_TARGET,
                            disabled=not valid,
                            on_click=lambda _: replace_checked(
                                session, stored, index, shown
                            ),
                        ),
                    ),
                    full_width(
                        "entry-taken-drop",
                        ft.OutlinedButton(
                            content=session.t("entry.taken_drop"),
                            height=TOUCH_TARGET,
                            on_click=lambda _: drop_mine(session),
                        ),
                    ),
                ],
            ),
        ),
    )


NBSP = "\u00a0"
BREAKDOWN = (
    "cards",
    "spades",
    "settebello",
    "due_di_spade",
    "fante_di_spade",
    "napola",
    "piccole",
    "spazzini",
    "bagari",
    "scaluneddu",
)


def breakdown_text(session: Session, points: SidePoints) -> str:
    """What a side's points of the hand are made of, the items it scores:
    "Carte 2 · Spade 2 · Napola 6"; "nessun punto" when none."""
    items = [
        session.t("entry.breakdown_item", item=item_label(session, name), points=n)
        for name in BREAKDOWN
        if (n := getattr(points, name))
    ]
    # an item never split across lines ("Due di spade" here, "1" there)
    whole = [item.replace(" ", NBSP) for item in items]
    return " · ".join(whole) or session.t("entry.breakdown_none")


def breakdown_section(
    session: Session, setup: MatchSetup, preview: tuple[SidePoints, SidePoints] | None
) -> ft.Control:
    """What each side's points of the hand are made of, every item, at the
    end of the form (hidden until the hand is valid): the side's name and
    total, then its items at the full width, wrapping."""
    sides: list[ft.Control] = []
    for s in (0, 1):
        sides += [
            wrapped(
                session.t(
                    "entry.preview_side",
                    side=setup.side_name(s),
                    points=preview[s].total if preview else "-",
                ),
                size=16,
                weight=ft.FontWeight.BOLD,
                color=SIDE_TEXT_COLORS[s],
            ),
            semantic(
                f"entry-breakdown-{s}",
                wrapped(
                    breakdown_text(session, preview[s]) if preview else "",
                    size=14,
                    color=SIDE_TEXT_COLORS[s],
                ),
            ),
        ]
    return ft.Container(
        visible=preview is not None,
        padding=ft.Padding.only(top=4, bottom=8),
        content=ft.Column(
            spacing=2,
            controls=[
                section_title(session.t("entry.preview_title"), ft.Icons.CALCULATE),
                *sides,
            ],
        ),
    )


def save_refusal(session: Session, entry: EntryState) -> str:
    """Why Save was refused, said beside it (the player is at the bottom of
    the long form, where the banner on top is out of sight): another phone
    saved this hand first, or the refusal's sentence."""
    if entry.taken is not None:
        return session.t("entry.taken_why", number=entry.taken + 1)
    return session.error or ""


def _entry_view(session: Session, route: str) -> ft.View:
    """The hand entry or the declaration (``route``): the entry as the match
    now is (``actions.settled``: ``actions.settle`` kept it before this
    draw), drawn (:func:`entry_view`)."""
    stored: StoredMatch | None = session.current()
    if stored is None:
        return screen(
            route,
            session.t("score.title"),
            [ft.Text(session.t("score.no_match"))],
        )
    entry, notice = settled(session, stored, route == routes.DECLARE)
    return entry_view(session, stored, entry, route, notice=notice)


def entry_view(
    session: Session,
    stored: StoredMatch,
    entry: EntryState,
    route: str,
    stopped: bool | None = None,
    notice: str | None = None,
) -> ft.View:
    """The entry of ``route`` drawn from ``entry`` (``notice``: a sentence for
    the error line when the session has none): a pure function of the
    session's facts and the entry (it writes nothing; the taps' actions do).
    ``stopped``: the declaration's sections (by default: ``route`` is the
    declaration's; a correction from the history says it).
    """
    setup = stored.match.setup
    state = stored.state
    stopped = route == routes.DECLARE if stopped is None else stopped
    draft = entry.draft
    problems = draft.problems(setup)
    shown = [p for p in visible_problems(draft, problems) if not unchosen(draft, p)]
    untouched = untouched_places(draft)
    errors = [p for p in shown if place_of(p) not in untouched]
    # Keyed by place for the errors, by "hint-" and the place for the hints
    # (an untouched section says what to do next).
    places = problems_by_place(session, setup, errors)
    places.update(next_steps(session, setup, draft, shown))
    places["hint-declaration"] = declaration_hints(session, draft)
    valid = not problems and draft.complete
    preview = score_valid_hand(draft.to_hand(), setup.rules) if valid else None

    editing = entry.edit_index
    if editing is not None:
        title = session.t("entry.edit_title", number=editing + 1)
    elif stopped:
        title = session.t("declare.title")
    else:
        title = session.t("entry.title", number=state.next_hand_number)

    first: list[ft.Control] = []
    if stopped:
        first += declaration_section(session, setup, draft)
        first += [
            problem_lines("entry-problems-declaration", places.get("declaration", [])),
            hint_lines("entry-hints-declaration", places["hint-declaration"]),
        ]
    first += spades_section(session, setup, draft, stopped, places, entry.spade_side)
    given = spades_given(draft, problems)
    first += [
        section_title(card_text(session, "entry.settebello"), ft.Icons.STAR),
        side_choice(
            session,
            "entry-settebello",
            setup,
            draft.settebello,
            lambda v: choose_settebello(session, v, given),
            nobody=stopped,
        ),
        problem_lines("entry-problems-settebello", places.get("settebello", [])),
        hint_lines("entry-hints-settebello", places.get("hint-settebello", [])),
    ]
    second: list[ft.Control] = [
        # room for the cards field's label, which floats over its box (at
        # the column's top edge it was cut); a declaration's two fields of
        # half the width each may take two lines of it
        ft.Container(height=14 if stopped else 2),
        *cards_section(session, setup, draft, stopped, places),
        hint_lines(
            "entry-live-added",
            [session.t("entry.live_added")] if entry.live_added else [],
        ),
        ft.Row(
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.START,
            controls=[
                play_section(session, setup, draft, 0),
                play_section(session, setup, draft, 1),
            ],
        ),
        # below both sides: a problem appearing moves none of their buttons
        *(
            problem_lines(f"entry-problems-play-{s}", places.get(f"play-{s}", []))
            for s in (0, 1)
        ),
    ]
    if preview is not None:
        status = session.t("entry.preview_title")
    elif (
        not draft.complete
        or len(shown) > len(errors)
        or declaration_hints(session, draft)
    ):
        status = session.t("entry.incomplete")
    else:
        status = session.t("entry.fix_problems", count=len(errors))
    preview_row = ft.Row(
        controls=[
            semantic(
                f"entry-preview-{s}",
                # The points must stay visible in the bar's fixed room: a long
                # name becomes initials (never cut with "…"), and wraps if even
                # those do not fit.
                wrapped(
                    session.t(
                        "entry.preview_side",
                        side=initials(setup.side_name(s), PREVIEW_NAME),
                        points=preview[s].total if preview else "-",
                    ),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                    color=SIDE_TEXT_COLORS[s],
                ),
                expand=True,
            )
            for s in (0, 1)
        ]
    )
    # A new declaration says what it will decide, and asks once before it
    # ends the match (verdict.py); a correction asks when it changes the
    # result (outcome.py).
    declaring = stopped and editing is None
    verdict = verdict_text(session, stored, draft) if declaring and valid else None
    # The breakdown is the form's last part, whole (every item, wrapping at
    # the full width): the players read what the total shown is made of by
    # scrolling to the end, where the form leads anyway. In the bar over
    # Save, a room of fixed height hid the items past its fourth line (a
    # napoleone's "Napola +10" under "Anna & Carla: 17"), and a room growing
    # with each item took a third of the screen (half of it with the
    # keyboard up) and covered the form's buttons as it grew.
    second.append(breakdown_section(session, setup, preview))
    why = save_refusal(session, entry)
    number = len(stored.match.hands) + 1
    counting = entry.new_index is not None and other_phone_counting(session, stored)
    save_label = (
        "declare.confirm"
        if declaring
        else "entry.save_edit"
        if editing is not None
        else "entry.save"
    )
    bottom = ft.Container(
        padding=ft.Padding.only(top=8),
        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.GREY_500)),
        content=ft.Column(
            spacing=6,
            controls=[
                semantic("entry-status", ft.Text(status)),
                preview_row,
                semantic(
                    "declare-verdict",
                    ft.Text(verdict or "", weight=ft.FontWeight.BOLD),
                    visible=verdict is not None,
                ),
                semantic(
                    "entry-counting",
                    ft.Text(session.t("entry.counting_too", number=number)),
                    visible=counting,
                ),
                semantic(
                    "entry-save-why",
                    ft.Text(why, color=ERROR_COLOR, weight=ft.FontWeight.W_500),
                    visible=bool(why),
                ),
                full_width(
                    "entry-save",
                    ft.FilledButton(
                        content=session.t(save_label),
                        icon=ft.Icons.SAVE,
                        height=TOUCH_TARGET,
                        disabled=not valid or entry.taken is not None,
                        on_click=lambda _: (
                            confirm_declaration if declaring else save_checked
                        )(session),
                    ),
                ),
            ],
        ),
    )
    shown_page = entry.page

    async def keep_in_sight(e: ft.LayoutSizeChangeEvent[ft.LayoutControl]) -> None:
        if isinstance(e.control, ft.Column):
            await keep_typed_in_sight(session, e.control, e.height)

    return screen(
        route,
        title,
        [
            error_banner(session.error or notice),
            taken_panel(session, stored, entry),
            ft.Container(
                content=page_switch(session, shown_page, places),
                padding=ft.Padding.only(bottom=6),
            ),
            # one scrolling column a page, each keeping its own place; its
            # end a little room over the bar, so its last line scrolls whole
            # into sight
            *(
                ft.Column(
                    key=f"entry-page-{page.value}",
                    controls=[*controls, ft.Container(height=4)],
                    expand=True,
                    scroll=ft.ScrollMode.AUTO,
                    spacing=6,
                    visible=page is shown_page,
                    # the keyboard up: the field typed in kept in sight
                    on_size_change=keep_in_sight,
                )
                for page, controls in (
                    (EntryPage.MAZZO, first),
                    (EntryPage.GIOCO, second),
                )
            ),
            bottom,
        ],
        spacing=0,
        scroll=False,
        padding=12,
    )


# The places (problems_by_place) each page shows.
PAGE_PLACES = {
    EntryPage.MAZZO: ("declaration", "spades", "settebello"),
    EntryPage.GIOCO: ("cards", "play-0", "play-1"),
}


def page_switch(
    session: Session, shown: EntryPage, places: dict[str, list[str]]
) -> ft.Control:
    """The entry's two pages, one choice of two over the form: "Spade e
    settebello", "Carte e gioco". A page with something to correct says so
    on its tab (the bar says how many; the page shows what)."""

    def label(page: EntryPage) -> str:
        text = card_text(session, f"entry.page.{page.value}")
        wrong = any(places.get(place) for place in PAGE_PLACES[page])
        return f"{text} (!)" if wrong and page is not shown else text

    return segmented(
        "entry-page",
        [(page.value, label(page)) for page in EntryPage],
        shown.value,
        lambda v: show_page(session, EntryPage(v)) if v else None,
    )


def hand_entry_view(session: Session) -> ft.View:
    """The end-of-hand count of a new hand, or of a hand being corrected."""
    return _entry_view(session, routes.HAND)


def declaration_view(session: Session) -> ft.View:
    """ "Dichiaro vittoria": who, in which deal, and the captures so far."""
    return _entry_view(session, routes.DECLARE)
