"""The organizer's "Arrivi e ritiri" (``/torneo/iscritti``, issue 37, 9):
between the rounds of a Swiss night, a late arrival entered (paired from the
next round; the screen says each round missed counts as a lost match,
without points) and an entrant withdrawn (not drawn again; the matches
played stand). A round robin under way says why neither can be done.
Its buttons call ``roster_actions.py``."""

from __future__ import annotations

from functools import partial

import flet as ft

from scorekeeper.core.tournament import Tournament
from scorekeeper.ui import routes
from scorekeeper.ui.kit.widgets import (
    SMALL_TARGET,
    big_button,
    error_banner,
    full_width,
    one_line,
    screen,
    section_title,
    semantic,
)
from scorekeeper.ui.screens.club import roster_actions as act
from scorekeeper.ui.screens.club.state import ClubState
from scorekeeper.ui.screens.club.words import stored_of
from scorekeeper.ui.shell.event_values import text_of
from scorekeeper.ui.shell.session import Session


def entrant_words(session: Session, t: Tournament, e: int) -> str:
    """An entrant on this screen: its name, and when it came or went."""
    name = t.entrant_name(e)
    after = t.withdrawn_after(e)
    if after is not None:
        return session.t("club.roster_line_gone", name=name, round=after)
    if t.missed(e):
        return session.t(
            "club.roster_line_late", name=name, round=t.first_round(e), n=t.missed(e)
        )
    return session.t("club.roster_line", name=name)


def _entrant_row(session: Session, t: Tournament, e: int) -> ft.Control:
    name = t.entrant_name(e)
    words = semantic(
        f"club-roster-entrant-{e + 1}",
        one_line(entrant_words(session, t, e), size=16, max_lines=2),
        expand=True,
    )
    if t.withdrawn_after(e) is not None or act.fixed(t):
        return ft.Row(controls=[words])
    if session.states.of(ClubState).roster.withdrawing == e:
        return semantic(
            f"club-roster-sure-{e + 1}",
            ft.Container(
                border=ft.Border.all(1, ft.Colors.OUTLINE),
                border_radius=12,
                padding=12,
                content=ft.Column(
                    spacing=8,
                    controls=[
                        ft.Text(session.t("club.roster_sure", name=name), size=16),
                        ft.Row(
                            wrap=False,
                            controls=[
                                semantic(
                                    f"club-roster-yes-{e + 1}",
                                    ft.FilledButton(
                                        content=session.t("club.roster_yes"),
                                        height=SMALL_TARGET,
                                        on_click=lambda _: act.withdraw(session, e),
                                    ),
                                ),
                                semantic(
                                    f"club-roster-no-{e + 1}",
                                    ft.TextButton(
                                        content=session.t("club.roster_no"),
                                        height=SMALL_TARGET,
                                        on_click=lambda _: act.ask_withdraw(
                                            session, None
                                        ),
                                    ),
                                ),
                            ],
                        ),
                    ],
                ),
            ),
        )
    return ft.Row(
        controls=[
            words,
            ft.Semantics(  # a screen reader names whom it withdraws
                identifier=f"club-roster-withdraw-{e + 1}",
                label=session.t("club.roster_withdraw_name", name=name),
                button=True,
                container=True,
                exclude_semantics=True,
                content=ft.OutlinedButton(
                    content=session.t("club.roster_withdraw"),
                    height=SMALL_TARGET,
                    on_click=partial(lambda e, _: act.ask_withdraw(session, e), e),
                ),
            ),
        ]
    )


def _late_fields(session: Session, t: Tournament) -> list[ft.Control]:
    roster = session.states.of(ClubState).roster
    pairs = t.players_per_side == 2
    keys = ("first", "second") if pairs else ("first",)
    labels = (
        ("club.roster_late_first", "club.roster_late_second")
        if pairs
        else ("club.roster_late_name",)
    )
    fields: list[ft.Control] = []
    for which, label in zip(keys, labels, strict=True):
        fields.append(
            full_width(
                f"club-roster-{which}",
                ft.TextField(
                    # a new field after each entrant added (it comes empty)
                    key=f"club-roster-{which}-{len(t.entrants)}",
                    label=session.t(label),
                    value=getattr(roster, which),
                    max_length=40,
                    on_change=lambda ev, w=which: act.type_name(
                        session, w, text_of(ev)
                    ),
                    on_submit=lambda _: act.add(session),
                ),
            )
        )
    return [
        *fields,
        big_button(
            "club-roster-add",
            session.t("club.roster_add", round=len(t.rounds) + 1),
            lambda: act.add(session),
            ft.Icons.PERSON_ADD,
        ),
    ]


def roster_view(session: Session) -> ft.View:
    """Who came late, who withdrew; add one, withdraw one."""
    club = session.states.of(ClubState)
    stored = stored_of(session, club.night)
    if stored is None:
        return screen(
            routes.CLUB_ROSTER,
            session.t("club.roster"),
            [semantic("club-none", ft.Text(session.t("club.none")))],
        )
    t = stored.tournament
    controls: list[ft.Control] = [error_banner(club.message or session.error)]
    if club.roster.note:
        controls.append(
            semantic(
                "club-roster-note",
                ft.Text(club.roster.note, size=16, weight=ft.FontWeight.BOLD),
            )
        )
    if act.fixed(t):
        controls.append(
            semantic("club-roster-help", ft.Text(session.t("club.roster_fixed")))
        )
    else:
        controls += [
            semantic(
                "club-roster-help",
                ft.Text(
                    session.t("club.roster_help", round=len(t.rounds) + 1)
                    if t.rounds
                    else session.t("club.roster_help_first")
                ),
            ),
            *_late_fields(session, t),
        ]
    controls += [
        section_title(session.t("club.entrants", n=len(t.entrants)), ft.Icons.PEOPLE),
        *(_entrant_row(session, t, e) for e in range(len(t.entrants))),
    ]
    return screen(routes.CLUB_ROSTER, session.t("club.roster"), controls)
