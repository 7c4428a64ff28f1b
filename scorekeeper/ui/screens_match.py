"""Match screens: new match, scoreboard (with the hand list and a hand's
breakdown, edit, delete and undo), match over and the rematch.

Every point shown here is read from the core's ``MatchState`` /
``HandResult`` / ``SidePoints``; nothing is added up in the UI. Every change
goes through ``app.apply`` (saved by the repository, then broadcast).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.core.engine import Ending, HandResult, MatchState, Status
from scorekeeper.core.model import MatchSetup, Preset, Rules, SpazzinoNumeral, Ties
from scorekeeper.core.scoring import ITEMS
from scorekeeper.core.validation import setup_problems
from scorekeeper.entry import HandDraft, parse_whole
from scorekeeper.storage import StoredMatch
from scorekeeper.ui.screens_common import (
    SIDE_COLORS,
    SMALL_TARGET,
    big_button,
    dialog_button,
    error_banner,
    problem_lines,
    rows_of,
    screen,
    section_title,
    segmented,
    semantic,
)

if TYPE_CHECKING:  # pragma: no cover
    from scorekeeper.ui.app import TableApp

MATCH_ROUTE = "/partita"
HAND_ROUTE = "/partita/mano"
DECLARE_ROUTE = "/partita/dichiara"
NEW_ROUTE = "/nuova"

"""A 40 px segment + 16 px of padding: a 56 px touch target."""


# -- new match ---------------------------------------------------------------
@dataclass
class NewMatchForm:
    """What one phone has filled in on the new-match screen so far."""

    count: int = 2
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    first_dealer: int = 0  # seat index
    preset: Preset = Preset.CLASSICO
    spazzino_numeral: SpazzinoNumeral = SpazzinoNumeral.FACE
    ties: Ties = Ties.NONE
    scaluneddu: bool = True
    target: str = "31"
    early_win: bool = False

    @classmethod
    def from_setup(cls, setup: MatchSetup) -> NewMatchForm:
        rules = setup.rules
        names = [*setup.players, "", "", ""][:4]
        return cls(
            count=len(setup.players),
            names=names,
            first_dealer=setup.dealer_seat,
            preset=rules.preset_name,
            spazzino_numeral=rules.spazzino_numeral,
            ties=rules.ties,
            scaluneddu=rules.scaluneddu,
            target=str(rules.target),
            early_win=rules.early_win,
        )

    def players(self) -> tuple[str, ...]:
        return tuple(n.strip() for n in self.names[: self.count])

    def rules(self) -> Rules:
        target = parse_whole(self.target)
        early_win = self.early_win and self.count == 2
        if self.preset is Preset.CUSTOM:
            return Rules(
                target=target,  # type: ignore[arg-type]  (the core reports text)
                spazzino_numeral=self.spazzino_numeral,
                ties=self.ties,
                scaluneddu=self.scaluneddu,
                early_win=early_win,
            )
        rules = Rules.preset(self.preset, target)  # type: ignore[arg-type]
        return Rules(
            target=rules.target,
            spazzino_numeral=rules.spazzino_numeral,
            ties=rules.ties,
            scaluneddu=rules.scaluneddu,
            early_win=early_win,
        )

    def setup(self) -> MatchSetup:
        players = self.players()
        dealer = players[min(self.first_dealer, self.count - 1)]
        return MatchSetup(players, dealer, self.rules())

    def fill_next(self, name: str) -> None:
        """Put a roster name in the first empty seat (not twice)."""
        if name in self.players():
            return
        for i in range(self.count):
            if not self.names[i].strip():
                self.names[i] = name
                return


def setup_problem_texts(app: TableApp, form: NewMatchForm) -> list[str]:
    """The core's objections to the form's setup, in the session's language."""
    setup = form.setup()
    problems = setup_problems(setup)
    return [p.text(app.lang) for p in problems]


def open_new_match(app: TableApp, form: NewMatchForm | None = None) -> None:
    settings = app.shared.repo.settings()
    app.new_match = form or NewMatchForm(
        preset=settings.preset, target=str(settings.target)
    )
    app.go(NEW_ROUTE)


def start_match(app: TableApp) -> None:
    form = app.new_match
    if form is None or setup_problem_texts(app, form):
        return
    setup = form.setup()
    app.draft = None
    stored = app.apply(lambda repo: repo.create_match(setup), MATCH_ROUTE)
    if stored is not None:
        app.new_match = None


def new_match_view(app: TableApp) -> ft.View:
    """Players (roster or typed), seats, first dealer, rules, target, early win."""
    if app.new_match is None:
        settings = app.shared.repo.settings()
        app.new_match = NewMatchForm(
            preset=settings.preset, target=str(settings.target)
        )
    form = app.new_match

    def changed(mutate):
        def handler(value):
            mutate(value)
            app.render()

        return handler

    def set_name(i: int):
        def handler(e):
            form.names[i] = e.control.value
            app.render()

        return handler

    def set_count(value):
        form.count = int(value)
        form.first_dealer = min(form.first_dealer, form.count - 1)

    name_fields = [
        semantic(
            f"new-player-{i + 1}",
            ft.TextField(
                key=f"new-player-{i + 1}",
                label=app.t("new.player", seat=i + 1),
                value=form.names[i],
                on_change=set_name(i),
            ),
        )
        for i in range(form.count)
    ]
    roster = [p.name for p in app.shared.repo.players() if p.name not in form.players()]
    roster_chips = rows_of(
        [
            semantic(
                f"new-roster-{name}",
                ft.OutlinedButton(
                    content=name,
                    height=SMALL_TARGET,
                    on_click=lambda _, n=name: (form.fill_next(n), app.render()),
                ),
            )
            for name in roster
        ],
        3,
    )
    players = form.players()
    shown = [n or app.t("new.player", seat=i + 1) for i, n in enumerate(players)]
    teams = app.t(
        "new.teams",
        side1=" & ".join(shown[0::2]),
        side2=" & ".join(shown[1::2]),
    )
    dealer = segmented(
        "new-first-dealer",
        [(str(i), n) for i, n in enumerate(shown)],
        str(form.first_dealer),
        changed(lambda v: setattr(form, "first_dealer", int(v))),
    )
    preset = segmented(
        "new-preset",
        [(p.value, app.t(f"opt.preset.{p.value}")) for p in Preset],
        form.preset.value,
        changed(lambda v: setattr(form, "preset", Preset(v))),
    )
    custom = ft.Column(
        visible=form.preset is Preset.CUSTOM,
        controls=[
            ft.Text(app.t("opt.spazzino_numeral")),
            segmented(
                "new-spazzino-numeral",
                [
                    (v.value, app.t(f"opt.spazzino_numeral.{v.value}"))
                    for v in SpazzinoNumeral
                ],
                form.spazzino_numeral.value,
                changed(
                    lambda v: setattr(form, "spazzino_numeral", SpazzinoNumeral(v))
                ),
            ),
            ft.Text(app.t("opt.ties")),
            segmented(
                "new-ties",
                [(v.value, app.t(f"opt.ties.{v.value}")) for v in Ties],
                form.ties.value,
                changed(lambda v: setattr(form, "ties", Ties(v))),
            ),
            semantic(
                "new-scaluneddu",
                ft.Switch(
                    label=app.t("opt.scaluneddu"),
                    value=form.scaluneddu,
                    on_change=lambda e: (
                        setattr(form, "scaluneddu", bool(e.control.value)),
                        app.render(),
                    ),
                ),
            ),
        ],
    )
    target = semantic(
        "new-target",
        ft.TextField(
            key="new-target",
            label=app.t("new.target"),
            value=form.target,
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: (
                setattr(form, "target", e.control.value),
                app.render(),
            ),
        ),
    )
    early = semantic(
        "new-early-win",
        ft.Switch(
            label=app.t("new.early_win"),
            value=form.early_win,
            on_change=lambda e: (
                setattr(form, "early_win", bool(e.control.value)),
                app.render(),
            ),
        ),
        visible=form.count == 2,
    )
    problems = setup_problem_texts(app, form)
    return screen(
        NEW_ROUTE,
        app.t("home.new_match"),
        [
            error_banner(app),
            section_title(app.t("new.players"), ft.Icons.GROUP),
            segmented(
                "new-count",
                [("2", app.t("new.two_players")), ("4", app.t("new.four_players"))],
                str(form.count),
                changed(set_count),
            ),
            ft.Text(app.t("new.seat_order")),
            *name_fields,
            roster_chips,
            semantic("new-teams", ft.Text(teams, size=16, weight=ft.FontWeight.BOLD)),
            section_title(app.t("new.first_dealer"), ft.Icons.STYLE),
            dealer,
            section_title(app.t("new.rules"), ft.Icons.MENU_BOOK),
            preset,
            custom,
            target,
            early,
            problem_lines("new-problems", problems),
            big_button(
                "new-start",
                app.t("new.start"),
                lambda: start_match(app),
                icon=ft.Icons.PLAY_ARROW,
                disabled=bool(problems),
            ),
        ],
    )


# -- resume (home) -------------------------------------------------------------
def resume_controls(app: TableApp) -> list[ft.Control]:
    """Home's one-tap resume of the match in progress (nothing when none)."""
    stored = app.current()
    if stored is None or stored.abandoned or stored.state.decided:
        return []
    state = stored.state
    setup = state.setup
    text = app.t(
        "home.resume",
        side1=setup.side_name(0),
        side2=setup.side_name(1),
        total1=state.totals[0],
        total2=state.totals[1],
    )
    return [
        big_button(
            "home-resume", text, lambda: app.go(MATCH_ROUTE), icon=ft.Icons.PLAY_CIRCLE
        )
    ]


# -- scoreboard ------------------------------------------------------------------
def draft_key(stored: StoredMatch, index: int | None, declaring: bool) -> tuple:
    """What a hand draft belongs to: the match, whether it is a declaration
    and, for a new hand, how many hands the match had (another phone saving
    the hand ends this draft); for the correction of hand ``index``, that
    hand as it is (other phones may add hands meanwhile: the correction
    stays, unless its own hand changed or went)."""
    if index is None:
        return (stored.id, declaring, len(stored.match.hands))
    hands = stored.match.hands
    return (stored.id, declaring, index, hands[index] if index < len(hands) else None)


def start_hand(app: TableApp) -> None:
    """Open the hand entry on a fresh draft (or the live tally's, see
    ``screens_hand.current_draft``)."""
    app.draft, app.edit_index, app.draft_key = None, None, None
    app.go(HAND_ROUTE)


def start_declaration(app: TableApp) -> None:
    app.draft, app.edit_index, app.draft_key = None, None, None
    app.go(DECLARE_ROUTE)


def edit_hand(app: TableApp, index: int) -> None:
    stored = app.current()
    if stored is None:
        return
    app.page.pop_dialog()
    hand = stored.match.hands[index]
    app.draft = HandDraft.from_hand(hand)
    app.edit_index = index
    app.edit_original = hand  # saved over only if still there (another phone)
    app.draft_key = draft_key(stored, index, hand.declaration is not None)
    app.go(DECLARE_ROUTE if hand.declaration is not None else HAND_ROUTE)


def undo_last(app: TableApp, expected: int | None = None) -> None:
    """Undo the last change; with ``expected`` only if it is still that edit
    (another phone may have changed the match since this one drew it)."""
    stored = app.current()
    if stored is not None:
        app.apply(lambda repo: repo.undo(stored.id, expected=expected))


def confirm_delete(app: TableApp, index: int) -> None:
    stored = app.current()
    if stored is None:
        return
    app.page.pop_dialog()
    shown = stored.match.hands[index]  # deleted only if still there

    def delete() -> None:
        app.page.pop_dialog()
        done = app.apply(
            lambda repo: repo.delete_hand(stored.id, index, expected=shown)
        )
        if done is not None:
            app.page.show_dialog(
                ft.SnackBar(
                    content=ft.Text(app.t("hand.deleted", number=index + 1)),
                    action=app.t("act.undo"),
                    on_action=lambda _: undo_last(app, done.undo_target),
                )
            )

    app.page.show_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text(app.t("hand.delete_title", number=index + 1)),
            content=ft.Text(app.t("hand.delete_body")),
            actions=[
                dialog_button(
                    "confirm-cancel", app.t("act.cancel"), app.page.pop_dialog
                ),
                dialog_button(
                    "confirm-delete", app.t("act.delete"), delete, filled=True
                ),
            ],
        )
    )


def item_label(app: TableApp, item: str) -> str:
    return app.t(f"pts.{item}")


def breakdown_table(app: TableApp, setup: MatchSetup, result: HandResult):
    """A hand's points item by item, both sides, as the core scored them."""
    header = ft.Row(
        controls=[
            ft.Text("", expand=3),
            *(
                ft.Text(
                    setup.side_name(s),
                    expand=2,
                    weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.RIGHT,
                )
                for s in (0, 1)
            ),
        ]
    )
    rows = [header]
    for item in (*ITEMS, "total"):
        values = [
            result.points[s].total
            if item == "total"
            else getattr(result.points[s], item)
            for s in (0, 1)
        ]
        bold = ft.FontWeight.BOLD if item == "total" else None
        rows.append(
            ft.Row(
                controls=[
                    ft.Text(item_label(app, item), expand=3, weight=bold),
                    *(
                        semantic(
                            f"detail-{item}-{s}",
                            ft.Text(
                                str(values[s]),
                                weight=bold,
                                text_align=ft.TextAlign.RIGHT,
                            ),
                            expand=2,
                        )
                        for s in (0, 1)
                    ),
                ]
            )
        )
    return ft.Column(controls=rows, spacing=4, tight=True)


def show_hand_detail(app: TableApp, index: int) -> None:
    stored = app.current()
    if stored is None or index >= len(stored.state.hands):
        return
    state = stored.state
    result = state.hands[index]
    lines = [
        ft.Text(app.t("hand.dealt_by", dealer=result.seats.dealer)),
        breakdown_table(app, state.setup, result),
        ft.Text(
            app.t("hand.totals_after", total1=result.totals[0], total2=result.totals[1])
        ),
    ]
    if result.declaration is not None:
        lines.append(ft.Text(declaration_sentence(app, state, result)))
    app.page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(app.t("hand.title", number=result.number)),
            scrollable=True,
            content=ft.Column(controls=lines, tight=True, spacing=8),
            actions=[
                dialog_button(
                    "detail-edit",
                    app.t("act.edit"),
                    lambda: edit_hand(app, index),
                    ft.Icons.EDIT,
                ),
                dialog_button(
                    "detail-delete",
                    app.t("act.delete"),
                    lambda: confirm_delete(app, index),
                    ft.Icons.DELETE,
                ),
                dialog_button("detail-close", app.t("act.close"), app.page.pop_dialog),
            ],
        )
    )


RECENT_HANDS = 6
"""Hands listed on the scoreboard until "show all" is tapped: the screen is
rebuilt after every Save, and a long list makes that slower in the browser
(the match detail in the history always has every hand)."""


def hand_rows(app: TableApp, state: MatchState) -> list[ft.Control]:
    """The hands played, newest first; a tap opens the breakdown."""
    setup = state.setup
    header = ft.Row(
        controls=[
            ft.Text(app.t("score.hand_column"), expand=2, weight=ft.FontWeight.BOLD),
            *(
                ft.Text(
                    setup.side_name(s),
                    expand=3,
                    weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.RIGHT,
                    no_wrap=False,
                )
                for s in (0, 1)
            ),
        ]
    )
    rows: list[ft.Control] = [header]
    shown = state.hands
    if len(shown) > RECENT_HANDS and not app.show_all_hands:
        shown = shown[-RECENT_HANDS:]
    for result in reversed(shown):
        marks = []
        if result.tie_break:
            marks.append(app.t("score.tie_break_mark"))
        if result.declaration is not None:
            marks.append(app.t("score.declaration_mark"))
        label = str(result.number) + (f" ({', '.join(marks)})" if marks else "")
        cells = [ft.Text(label, expand=2)]
        for s in (0, 1):
            cells.append(
                ft.Text(
                    app.t(
                        "score.hand_cell",
                        points=result.points[s].total,
                        total=result.totals[s],
                    ),
                    expand=3,
                    text_align=ft.TextAlign.RIGHT,
                )
            )
        index = result.number - 1
        rows.append(
            semantic(
                f"hand-row-{result.number}",
                ft.Container(
                    content=ft.Row(controls=cells),
                    height=SMALL_TARGET,
                    padding=ft.Padding.symmetric(horizontal=8),
                    border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.GREY_400)),
                    ink=True,
                    on_click=lambda _, i=index: show_hand_detail(app, i),
                ),
            )
        )
    if len(shown) < len(state.hands):
        rows.append(
            big_button(
                "score-all-hands",
                app.t("score.all_hands", count=len(state.hands)),
                lambda: show_all_hands(app),
                icon=ft.Icons.EXPAND_MORE,
                kind="outlined",
            )
        )
    return rows


def show_all_hands(app: TableApp) -> None:
    app.show_all_hands = True
    app.render()


def total_card(app: TableApp, state: MatchState, side: int) -> ft.Control:
    setup = state.setup
    return ft.Container(
        expand=True,
        bgcolor=SIDE_COLORS[side],
        border_radius=12,
        padding=12,
        content=ft.Column(
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=2,
            controls=[
                semantic(
                    f"score-side-{side}",
                    ft.Text(
                        setup.side_name(side),
                        color=ft.Colors.WHITE,
                        size=16,
                        weight=ft.FontWeight.BOLD,
                        text_align=ft.TextAlign.CENTER,
                    ),
                ),
                semantic(
                    f"score-total-{side}",
                    ft.Text(
                        str(state.totals[side]),
                        color=ft.Colors.WHITE,
                        size=56,
                        weight=ft.FontWeight.BOLD,
                    ),
                ),
                semantic(
                    f"score-missing-{side}",
                    ft.Text(
                        app.t("score.missing", count=state.missing(side)),
                        color=ft.Colors.WHITE,
                        size=16,
                    ),
                ),
            ],
        ),
    )


def seat_line(identifier: str, icon: ft.IconData, text: str) -> ft.Control:
    return ft.Row(
        controls=[ft.Icon(icon), semantic(identifier, ft.Text(text, size=16))]
    )


def scoreboard_view(app: TableApp) -> ft.View:
    """Both totals, "mancano N", the hand number and seats, the hand list."""
    stored = app.current()
    if stored is None:
        return screen(
            MATCH_ROUTE,
            app.t("score.title"),
            [
                ft.Text(app.t("score.no_match")),
                big_button(
                    "score-new-match",
                    app.t("home.new_match"),
                    lambda: open_new_match(app),
                    icon=ft.Icons.PLAY_ARROW,
                ),
            ],
        )
    if stored.state.decided:
        return match_over_view(app, stored)
    state = stored.state
    seats = state.next_seats
    assert seats is not None  # not decided
    number = state.next_hand_number
    tie_break = state.status is Status.TIE_BREAK
    banner = semantic(
        "score-tiebreak",
        ft.Container(
            bgcolor=ft.Colors.AMBER_100,
            border=ft.Border.all(2, ft.Colors.BROWN_900),
            border_radius=8,
            padding=12,
            content=ft.Row(
                controls=[
                    ft.Icon(ft.Icons.BALANCE, color=ft.Colors.BROWN_900),
                    ft.Text(
                        app.t("score.tie_break", total=state.totals[0]),
                        color=ft.Colors.BROWN_900,
                        weight=ft.FontWeight.BOLD,
                        expand=True,
                    ),
                ]
            ),
        ),
        visible=tie_break,
    )
    actions = [
        big_button(
            "score-add-hand",
            app.t("score.add_hand", number=number),
            lambda: start_hand(app),
            icon=ft.Icons.EDIT_NOTE,
        )
    ]
    actions.append(
        big_button(
            "score-live",
            app.t("live.open"),
            lambda: app.go("/live"),
            icon=ft.Icons.TOUCH_APP,
            kind="outlined",
        )
    )
    if state.declaration_allowed:
        actions.append(
            big_button(
                "score-declare",
                app.t("score.declare"),
                lambda: start_declaration(app),
                icon=ft.Icons.EMOJI_EVENTS,
                kind="outlined",
            )
        )
    if stored.can_undo:
        actions.append(
            big_button(
                "score-undo",
                app.t("score.undo"),
                lambda: undo_last(app, stored.undo_target),
                icon=ft.Icons.UNDO,
                kind="outlined",
            )
        )
    return screen(
        MATCH_ROUTE,
        app.t("score.title"),
        [
            error_banner(app),
            ft.Row(controls=[total_card(app, state, 0), total_card(app, state, 1)]),
            semantic(
                "score-hand-number",
                ft.Text(
                    app.t("score.hand_number", number=number),
                    size=20,
                    weight=ft.FontWeight.BOLD,
                ),
            ),
            banner,
            seat_line(
                "score-dealer", ft.Icons.STYLE, app.t("score.dealer", name=seats.dealer)
            ),
            seat_line(
                "score-cutter",
                ft.Icons.CONTENT_CUT,
                app.t("score.cutter", name=seats.cutter),
            ),
            seat_line(
                "score-first",
                ft.Icons.PLAY_ARROW,
                app.t("score.first_player", name=seats.first_player),
            ),
            *actions,
            ft.Divider(),
            *hand_rows(app, state),
        ],
        spacing=10,
    )


# -- match over ------------------------------------------------------------------
def declaration_sentence(app: TableApp, state: MatchState, result: HandResult) -> str:
    outcome = result.declaration
    assert outcome is not None
    key = "over.declaration_right" if outcome.correct else "over.declaration_wrong"
    return app.t(
        key,
        by=outcome.by,
        deal=outcome.deal,
        total=result.totals[outcome.side],
        target=state.setup.rules.target,
    )


def ending_sentence(app: TableApp, state: MatchState) -> str:
    if state.ending in (Ending.DECLARATION_RIGHT, Ending.DECLARATION_WRONG):
        return declaration_sentence(app, state, state.hands[-1])
    if state.ending is Ending.TIE_BREAK:
        return app.t("over.tie_break", target=state.setup.rules.target)
    return app.t("over.target", target=state.setup.rules.target)


def rematch(app: TableApp) -> None:
    stored = app.current()
    if stored is None:
        return
    setup = stored.match.setup
    app.draft = None
    app.apply(lambda repo: repo.create_match(setup, rematch_of=stored.id), MATCH_ROUTE)


def match_over_view(app: TableApp, stored: StoredMatch) -> ft.View:
    state = stored.state
    setup = state.setup
    winner = state.winner
    assert winner is not None
    return screen(
        MATCH_ROUTE,
        app.t("over.title"),
        [
            error_banner(app),
            ft.Container(
                bgcolor=SIDE_COLORS[winner],
                border_radius=12,
                padding=16,
                content=ft.Row(
                    controls=[
                        ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.WHITE, size=40),
                        semantic(
                            "over-winner",
                            ft.Text(
                                app.t("over.winner", name=setup.side_name(winner)),
                                color=ft.Colors.WHITE,
                                size=24,
                                weight=ft.FontWeight.BOLD,
                            ),
                            expand=True,
                        ),
                    ]
                ),
            ),
            ft.Row(controls=[total_card(app, state, 0), total_card(app, state, 1)]),
            semantic("over-ending", ft.Text(ending_sentence(app, state), size=16)),
            big_button(
                "over-rematch",
                app.t("over.rematch"),
                lambda: rematch(app),
                icon=ft.Icons.REPLAY,
            ),
            big_button(
                "over-home",
                app.t("over.home"),
                lambda: app.go("/"),
                icon=ft.Icons.HOME,
                kind="outlined",
            ),
            ft.Divider(),
            *hand_rows(app, state),
        ],
    )
