"""The new-match screen: players (roster or typed), seats, first dealer, rules,
target and the early-win agreement; the core says what is wrong. Starting a
match while another is being played asks first: resume it, abandon it, or
keep both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import flet as ft

from scorekeeper.core.model import Preset, SpazzinoNumeral, Ties
from scorekeeper.core.problems import Code
from scorekeeper.core.setup_checks import name_display_problems, setup_problems
from scorekeeper.storage import StoredMatch
from scorekeeper.ui import routes
from scorekeeper.ui.kit.formatting import card_text, percent, problem_text
from scorekeeper.ui.kit.widgets import (
    SMALL_TARGET,
    big_button,
    error_banner,
    hint_lines,
    problem_lines,
    rows_of,
    screen,
    section_title,
    segmented,
    semantic,
)
from scorekeeper.ui.parts.questions import Choice, ask
from scorekeeper.ui.screens.hand_entry.state import EntryState
from scorekeeper.ui.screens.new_match.state import NewMatchForm, fresh_form
from scorekeeper.ui.shell.event_values import flag_of, text_of
from scorekeeper.ui.shell.rating_board import current_board
from scorekeeper.ui.shell.session import Session


def setup_problem_texts(session: Session, form: NewMatchForm) -> list[str]:
    """The core's objections to the form's setup, in the session's language."""
    setup = form.setup()
    # A typed name must also be drawable (no emoji boxes on the phones).
    problems = setup_problems(setup) + name_display_problems(setup.players)
    return [problem_text(session, p) for p in problems]


def errors_and_hints(
    session: Session, form: NewMatchForm
) -> tuple[list[str], list[str]]:
    """The form's problems as errors, and as hints what is only missing: the
    name of a seat nobody has typed in yet (a fresh form is unfinished, not
    wrong). A name typed and rubbed out again is an error."""
    errors: list[str] = []
    hints: list[str] = []
    untyped: list[int] = []
    setup = form.setup()
    # A typed name must also be drawable (no emoji boxes on the phones).
    for p in setup_problems(setup) + name_display_problems(setup.players):
        seat = p.params.get("seat")
        if (
            p.code is Code.PLAYER_NAME_EMPTY
            and isinstance(seat, int)
            and seat - 1 not in form.touched
        ):
            untyped.append(seat)
            hints.append(problem_text(session, p))
        else:
            errors.append(problem_text(session, p))
    if len(untyped) > 1:  # one sentence, not "Scrivi il nome del giocatore" x4
        hints = [names_to_type(session, untyped)]
    return errors, hints


def names_to_type(session: Session, seats: list[int]) -> str:
    """ "Scrivi i nomi dei giocatori 1, 2, 3 e 4." """
    listed = ", ".join(map(str, seats[:-1]))
    return session.t(
        "say.player_names_empty",
        seats=session.t("say.and", first=listed, last=seats[-1]),
    )


def form_now(session: Session) -> NewMatchForm:
    """The form as it is when a tap arrives; a phone that came to the screen
    by its address (no form opened) starts a fresh one here, at its first
    tap, not while the screen is drawn."""
    form = session.states.find(NewMatchForm)
    if form is None:
        form = fresh_form(session)
        session.states.put(form)
    return form


def start_match(session: Session) -> None:
    """Start the form's match; with a match being played, ask first."""
    form = form_now(session)
    if setup_problem_texts(session, form):
        return
    playing = session.table.playing()
    if playing is not None:
        ask_about_match_in_progress(session, playing)
        return
    begin_match(session)


def begin_match(session: Session) -> None:
    """Start the form's match: the form is done, Back from the scoreboard
    leads home, never to the form again."""
    form = session.states.find(NewMatchForm)
    if form is None:
        return
    setup = form.setup()
    session.states.drop(EntryState)
    stored = session.apply(
        lambda table: table.start_match(setup), routes.MATCH, finished=True
    )
    if stored is not None:
        session.states.drop(NewMatchForm)


def ask_about_match_in_progress(session: Session, playing: StoredMatch) -> None:
    """A match is being played: resume it, abandon it and start, keep both
    and start, or cancel. Without asking, a second match would take the
    table (and "Riprendi") away from the one being played."""
    state = playing.state
    setup = state.setup

    def abandon() -> None:
        abandoned = session.apply(lambda table: table.abandon(playing.id))
        if abandoned is not None:
            begin_match(session)

    body = session.t(
        "new.in_progress.body",
        side1=setup.side_name(0),
        side2=setup.side_name(1),
        total1=state.totals[0],
        total2=state.totals[1],
    )
    ask(
        session,
        "new-in-progress",
        session.t("new.in_progress.title"),
        body,
        [
            Choice(
                "resume",
                session.t("new.in_progress.resume"),
                lambda: session.go(routes.MATCH, finished=True),
                ft.Icons.PLAY_CIRCLE,
                filled=True,
            ),
            Choice("abandon", session.t("new.in_progress.abandon"), abandon),
            Choice(
                "keep",
                session.t("new.in_progress.keep"),
                lambda: begin_match(session),
            ),
        ],
    )


def chance_line(session: Session, form: NewMatchForm) -> ft.Control:
    """Each side's chance to win from the players' ratings (issue 38), once
    every seat is named and the ratings are worked out; nothing otherwise."""
    players = form.players()
    board, _ = current_board(session)
    if board is None or not board.lines or not all(players):
        return ft.Container(visible=False)
    sides = (players[0::2], players[1::2])
    first, second = board.chance(sides)
    return semantic(
        "new-chance",
        ft.Text(
            session.t(
                "ranking.chance",
                a=" & ".join(sides[0]),
                pa=percent(first),
                b=" & ".join(sides[1]),
                pb=percent(second),
            ),
            size=14,
        ),
    )


def new_match_view(session: Session) -> ft.View:
    """Players (roster or typed), seats, first dealer, rules, target, early win.

    Drawn from the form the session holds (a fresh one when it holds none,
    which the first tap keeps); every handler reads the form as it is when
    the tap arrives (:func:`form_now`)."""
    form = session.states.find(NewMatchForm) or fresh_form(session)

    def change(make: Callable[[NewMatchForm], NewMatchForm]) -> None:
        """The next form, made from the form when the tap arrives, drawn."""
        session.states.put(make(form_now(session)))
        session.render()

    def changed(
        make: Callable[[NewMatchForm, str], NewMatchForm],
    ) -> Callable[[str | None], None]:
        def handler(value: str | None) -> None:
            # these segmented choices do not allow an empty selection
            assert value is not None, "a segmented choice without allow_empty"
            change(lambda f: make(f, value))

        return handler

    def set_name(i: int) -> Callable[[ft.Event[ft.TextField]], None]:
        def handler(e: ft.Event[ft.TextField]) -> None:
            change(lambda f: f.with_name(i, text_of(e)))

        return handler

    name_fields = [
        semantic(
            f"new-player-{i + 1}",
            ft.TextField(
                key=f"new-player-{i + 1}",
                label=session.t("new.player", seat=i + 1),
                value=form.names[i],
                on_change=set_name(i),
            ),
        )
        for i in range(form.count)
    ]
    roster = [
        p.name for p in session.table.queries.players() if p.name not in form.players()
    ]
    roster_chips = rows_of(
        [
            semantic(
                f"new-roster-{name}",
                ft.OutlinedButton(
                    content=name,
                    height=SMALL_TARGET,
                    on_click=lambda _, n=name: change(lambda f: f.filled_next(n)),
                ),
            )
            for name in roster
        ],
        3,
    )
    players = form.players()
    shown = [n or session.t("new.player", seat=i + 1) for i, n in enumerate(players)]
    teams = session.t(
        "new.teams",
        side1=" & ".join(shown[0::2]),
        side2=" & ".join(shown[1::2]),
    )
    dealer = segmented(
        "new-first-dealer",
        [(str(i), n) for i, n in enumerate(shown)],
        str(form.first_dealer),
        changed(lambda f, v: f.with_first_dealer(int(v))),
    )
    draw_row = ft.Column(
        controls=[
            semantic(
                "new-draw-dealer",
                ft.OutlinedButton(
                    content=session.t("new.draw_dealer"),
                    icon=ft.Icons.CASINO,
                    height=SMALL_TARGET,
                    on_click=lambda _: change(
                        lambda f: f.drawn_first_dealer(session.states.random)
                    ),
                ),
            ),
            semantic(
                "new-drawn-dealer",
                ft.Text(
                    session.t("new.drawn_dealer", name=shown[form.first_dealer]),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                ),
                visible=form.drawn,
            ),
        ],
    )
    preset = segmented(
        "new-preset",
        [(p.value, session.t(f"opt.preset.{p.value}")) for p in Preset],
        form.preset.value,
        changed(lambda f, v: replace(f, preset=Preset(v))),
    )
    custom = ft.Column(
        visible=form.preset is Preset.CUSTOM,
        controls=[
            ft.Text(session.t("opt.spazzino_numeral")),
            segmented(
                "new-spazzino-numeral",
                [
                    (v.value, session.t(f"opt.spazzino_numeral.{v.value}"))
                    for v in SpazzinoNumeral
                ],
                form.spazzino_numeral.value,
                changed(lambda f, v: replace(f, spazzino_numeral=SpazzinoNumeral(v))),
            ),
            ft.Text(card_text(session, "opt.ties")),
            segmented(
                "new-ties",
                [(v.value, session.t(f"opt.ties.{v.value}")) for v in Ties],
                form.ties.value,
                changed(lambda f, v: replace(f, ties=Ties(v))),
            ),
            semantic(
                "new-scaluneddu",
                ft.Switch(
                    label=session.t("opt.scaluneddu"),
                    value=form.scaluneddu,
                    on_change=lambda e: change(
                        lambda f: replace(f, scaluneddu=flag_of(e))
                    ),
                ),
            ),
        ],
    )
    target = semantic(
        "new-target",
        ft.TextField(
            key="new-target",
            label=session.t("new.target"),
            value=form.target,
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: change(lambda f: replace(f, target=text_of(e))),
        ),
    )
    early = semantic(
        "new-early-win",
        ft.Switch(
            label=session.t("new.early_win"),
            value=form.early_win,
            on_change=lambda e: change(lambda f: replace(f, early_win=flag_of(e))),
        ),
        visible=form.count == 2,
    )
    errors, hints = errors_and_hints(session, form)
    return screen(
        routes.NEW_MATCH,
        session.t("home.new_match"),
        [
            error_banner(session.error),
            section_title(session.t("new.players"), ft.Icons.GROUP),
            segmented(
                "new-count",
                [
                    ("2", session.t("new.two_players")),
                    ("4", session.t("new.four_players")),
                ],
                str(form.count),
                changed(lambda f, v: f.with_count(int(v))),
            ),
            ft.Text(session.t("new.seat_order")),
            *name_fields,
            roster_chips,
            semantic("new-teams", ft.Text(teams, size=16, weight=ft.FontWeight.BOLD)),
            chance_line(session, form),
            section_title(session.t("new.first_dealer"), ft.Icons.STYLE),
            dealer,
            draw_row,
            section_title(session.t("new.rules"), ft.Icons.MENU_BOOK),
            preset,
            custom,
            target,
            early,
            problem_lines("new-problems", errors),
            hint_lines("new-hints", hints),
            big_button(
                "new-start",
                session.t("new.start"),
                lambda: start_match(session),
                icon=ft.Icons.PLAY_ARROW,
                disabled=bool(errors or hints),
            ),
        ],
    )
