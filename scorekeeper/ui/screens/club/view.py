"""The club night's screens where a tournament is chosen or made: "Torneo"
(``/torneo``: the tournaments, "Nuovo torneo", a table's code to join it)
and the new tournament (``/torneo/nuovo``). Every club screen is a pure
function of the phone's state (``state.py``) and the table's data; its
buttons call ``actions.py``. The organizer's screens are in ``night.py``, a
table's phone and the club's board in ``seat.py``."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import flet as ft

from scorekeeper.core.model import Preset
from scorekeeper.core.tournament import System
from scorekeeper.ui import routes
from scorekeeper.ui.kit.widgets import (
    SMALL_TARGET,
    big_button,
    error_banner,
    full_width,
    one_line,
    rows_of,
    screen,
    section_title,
    segmented,
    semantic,
)
from scorekeeper.ui.screens.club import actions
from scorekeeper.ui.screens.club.state import ClubState
from scorekeeper.ui.shell.event_values import text_of
from scorekeeper.ui.shell.session import Session

MAX_NAME = 80  # a tournament's name (docs/TOURNAMENT.md)


# -- "Torneo" ------------------------------------------------------------------------
def club_view(session: Session) -> ft.View:
    """The tournaments kept, a new one, and a table's code to join it."""
    club = session.states.of(ClubState)
    nights = session.table.club.all()
    field = ft.TextField(
        key="club-code",
        label=session.t("club.code_field"),
        value=club.typed_code,
        max_length=10,
        capitalization=ft.TextCapitalization.CHARACTERS,
        autocorrect=False,
        enable_suggestions=False,
        on_change=lambda e: actions.type_code(session, text_of(e)),
        on_submit=lambda e: actions.join(session),
    )
    return screen(
        routes.CLUB,
        session.t("club.title"),
        [
            error_banner(club.message),
            big_button(
                "club-new",
                session.t("club.new"),
                lambda: session.go(routes.CLUB_NEW),
                ft.Icons.ADD,
            ),
            *(
                big_button(
                    f"club-night-{i + 1}",
                    session.t(
                        "club.night_line",
                        name=s.tournament.name,
                        rounds=len(s.tournament.rounds),
                    ),
                    partial(actions.open_night, session, s.id),
                    ft.Icons.EMOJI_EVENTS,
                    "plain",
                )
                for i, s in enumerate(reversed(nights))
            ),
            ft.Divider(),
            section_title(session.t("club.join_title"), ft.Icons.TABLE_RESTAURANT),
            ft.Text(session.t("club.join_help")),
            full_width("club-code-field", field),
            big_button(
                "club-join",
                session.t("club.join"),
                lambda: actions.join(session),
                ft.Icons.LOGIN,
                "outlined",
            ),
        ],
    )


# -- the new tournament -----------------------------------------------------------
def season_fields(session: Session) -> list[ft.Control]:
    """The club's season the night counts in (issue 38): typed, or one of
    the seasons of the nights kept, a tap away."""
    form = session.states.of(ClubState).form

    def typed(text: str) -> None:
        session.states.put(
            replace(
                session.states.of(ClubState),
                form=replace(session.states.of(ClubState).form, season=text),
            )
        )

    def chosen(name: str) -> None:
        actions.edit_form(
            session, replace(session.states.of(ClubState).form, season=name)
        )

    seasons = session.table.club.seasons()
    return [
        full_width(
            "club-season",
            ft.TextField(
                key=f"club-season-{form.season}",
                label=session.t("club.season_field"),
                value=form.season,
                max_length=MAX_NAME,
                on_change=lambda e: typed(text_of(e)),
            ),
        ),
        rows_of(
            [
                semantic(
                    f"club-season-{i + 1}",
                    ft.OutlinedButton(
                        content=name,
                        height=SMALL_TARGET,
                        on_click=lambda _, n=name: chosen(n),
                    ),
                )
                for i, name in enumerate(seasons)
            ],
            2,
        ),
    ]


def new_view(session: Session) -> ft.View:
    """Name, rules preset, players or pairs, the entrants, the system."""
    club = session.states.of(ClubState)
    form = club.form

    def edit(**changes: object) -> None:
        form = session.states.of(ClubState).form
        actions.edit_form(session, replace(form, **changes))  # type: ignore[arg-type]

    def typed(name: str) -> None:
        session.states.put(
            replace(
                session.states.of(ClubState),
                form=replace(session.states.of(ClubState).form, name=name),
            )
        )

    def target(text: str) -> None:
        session.states.put(
            replace(
                session.states.of(ClubState),
                form=replace(session.states.of(ClubState).form, target=text),
            )
        )

    def typing(text: str) -> None:
        if "\n" in text or "\r" in text:  # a list pasted: one name a line
            actions.edit_form(
                session, session.states.of(ClubState).form.with_names(text)
            )
            return
        session.states.put(
            replace(
                session.states.of(ClubState),
                form=replace(session.states.of(ClubState).form, typed=text),
            )
        )

    def add(name: str) -> None:
        actions.edit_form(session, session.states.of(ClubState).form.with_name(name))

    picked = {n.casefold() for n in form.picked}
    roster = [
        p.name
        for p in session.table.queries.players()
        if p.name.casefold() not in picked
    ]
    entrants = form.entrants()
    half = form.picked[len(entrants) * form.size :]
    entrant_rows: list[ft.Control] = [
        ft.Row(
            controls=[
                semantic(
                    f"club-entrant-{i + 1}",
                    one_line(f"{i + 1}. " + " & ".join(e), size=16),
                    expand=True,
                ),
                ft.Semantics(  # a screen reader names whom it takes out
                    identifier=f"club-entrant-{i + 1}-remove",
                    label=session.t("club.remove_name", name=" & ".join(e)),
                    button=True,
                    container=True,
                    exclude_semantics=True,  # the icon's own node says nothing more
                    content=ft.IconButton(
                        icon=ft.Icons.CLOSE,
                        on_click=lambda _, i=i: actions.edit_form(
                            session, session.states.of(ClubState).form.without(i)
                        ),
                    ),
                ),
            ]
        )
        for i, e in enumerate(entrants)
    ]
    if half:
        entrant_rows.append(
            semantic(
                "club-entrant-half",
                ft.Text(session.t("club.half_pair", name=half[0]), italic=True),
            )
        )
    return screen(
        routes.CLUB_NEW,
        session.t("club.new"),
        [
            error_banner(club.message),
            full_width(
                "club-name",
                ft.TextField(
                    key="club-name",
                    label=session.t("club.name"),
                    value=form.name,
                    max_length=MAX_NAME,
                    on_change=lambda e: typed(text_of(e)),
                ),
            ),
            ft.Text(session.t("club.rules")),
            segmented(
                "club-preset",
                [
                    (p.value, session.t(f"opt.preset.{p.value}"))
                    for p in (Preset.CLASSICO, Preset.VARIANTE_NORD)
                ],
                form.preset.value,
                lambda v: edit(preset=Preset(v or Preset.CLASSICO)),
            ),
            full_width(
                "club-target",
                ft.TextField(
                    key="club-target",
                    label=session.t("club.target"),
                    value=form.target,
                    max_length=3,
                    keyboard_type=ft.KeyboardType.NUMBER,
                    on_change=lambda e: target(text_of(e)),
                ),
            ),
            segmented(
                "club-kind",
                [("1", session.t("club.players")), ("2", session.t("club.pairs"))],
                str(form.size),
                lambda v: edit(pairs=v == "2", picked=()),
            ),
            segmented(
                "club-system",
                [
                    (System.ROUND_ROBIN.value, session.t("club.round_robin")),
                    (System.SWISS.value, session.t("club.swiss")),
                ],
                form.system.value,
                lambda v: edit(system=System(v or System.ROUND_ROBIN)),
            ),
            *season_fields(session),
            section_title(session.t("club.entrants", n=len(entrants)), ft.Icons.PEOPLE),
            *entrant_rows,
            full_width(
                "club-entrant-field",
                ft.TextField(
                    # a new field after each name (it comes empty) that takes
                    # the focus (Flutter's Enter leaves a field): Enter, then
                    # the next name, no tap
                    key=f"club-entrant-field-{len(form.picked)}",
                    autofocus=bool(form.picked),
                    label=session.t(
                        "club.pair_name" if form.pairs else "club.player_name"
                    ),
                    hint_text=session.t("club.paste_hint"),
                    value=form.typed,
                    # lines, so that a pasted list keeps them (a one-line
                    # field drops the line breaks); Enter still adds the name
                    multiline=True,
                    shift_enter=True,
                    min_lines=1,
                    max_lines=3,
                    on_change=lambda e: typing(text_of(e)),
                    on_submit=lambda e: add(text_of(e)),
                ),
            ),
            big_button(
                "club-entrant-add",
                session.t("club.add"),
                lambda: add(session.states.of(ClubState).form.typed),
                ft.Icons.PERSON_ADD,
                "outlined",
            ),
            rows_of(
                [
                    semantic(
                        f"club-roster-{name}",
                        ft.OutlinedButton(
                            content=name,
                            height=SMALL_TARGET,
                            on_click=lambda _, n=name: add(n),
                        ),
                    )
                    for name in roster
                ],
                3,
            ),
            big_button(
                "club-create",
                session.t("club.create"),
                lambda: actions.create(session),
                ft.Icons.CHECK,
            ),
        ],
    )
