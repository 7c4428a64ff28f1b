""" "Allenamento: contatori" (``/allenamento``): the app plays a hand card by
card at the player's pace, drawing the cards as cards (Italian or French, as
the settings say); at the end of each deal the player taps the counters (or
the full count) and sees the right ones and which rank went wrong; before the
last deal it says which ranks the opponent holds. The score of the session
stays on the screen."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable

import flet as ft

from scorekeeper.core.model import Rank, Suit
from scorekeeper.core.play import Card
from scorekeeper.core.training import OPPONENT, YOU, Level
from scorekeeper.i18n.cards import rank_label
from scorekeeper.ui import routes
from scorekeeper.ui.kit.widgets import (
    SMALL_TARGET,
    big_button,
    screen,
    section_title,
    segmented,
    semantic,
)
from scorekeeper.ui.screens.trainer.state import Phase, Progress, TrainerState
from scorekeeper.ui.shell.phone_choice import recall, remember
from scorekeeper.ui.shell.session import Session

SUIT_COLOURS = {  # each reads at 4.5:1 at least on the white card
    Suit.SPADE: "#212121",
    Suit.COPPE: "#B71C1C",
    Suit.DENARI: "#7A5F00",  # a dark gold
    Suit.BASTONI: "#1B5E20",
}
CARD = "#FFFFFF"  # a card is white in either theme
WRONG_FILL, CHOSEN_FILL, ON_FILL = "#B71C1C", "#1B5E20", "#FFFFFF"


def state_of(session: Session) -> TrainerState:
    """This phone's trainer; before its first tap, a hand of its own drawn
    from the session (the same at every draw: a draw changes nothing, the
    first tap keeps it)."""
    held = session.states.find(TrainerState)
    return TrainerState(id(session) % 2**31) if held is None else held


PROGRESS_KEY = "spazzino.trainer"
"""Where this phone keeps its trainer's score over the sessions (its own
browser, as its language: the trainer is its player's)."""

log = logging.getLogger(__name__)


def settle(session: Session) -> None:
    """Before the screen is drawn (``app.SETTLE``): read the score this phone
    kept, once (the screen shows the session's own meanwhile)."""
    if session.states.find(Progress) is None:
        session.states.put(Progress())
        session.page.run_task(load_progress, session)


async def load_progress(session: Session) -> None:
    try:
        kept = Progress.from_json(await recall(session, PROGRESS_KEY))
    except Exception as error:  # a convenience: the session's score still counts
        log.warning("the trainer's score kept on this phone not read: %r", error)
        return
    now = session.states.find(Progress) or Progress()
    session.states.put(kept.plus(now))
    if session.route == routes.TRAINER:
        session.render()


def _act(session: Session, change: Callable[[TrainerState], TrainerState]) -> None:
    before = state_of(session)
    after = change(before)
    session.states.put(after)
    progress = session.states.find(Progress) or Progress()
    if after.asked > before.asked:
        progress = progress.counted(after.level, after.right > before.right)
    if after.phase is Phase.DONE and before.phase is not Phase.DONE:
        progress = progress.finished(after.level)
    if progress != session.states.find(Progress):
        session.states.put(progress)
        remember(session, PROGRESS_KEY, progress.to_json())
    session.render()


def suit_word(session: Session, suit: Suit) -> str:
    key = f"trainer.suit.{suit.value}" + (".fr" if session.french_cards else "")
    return session.t(key)


def card_face(session: Session, card: Card) -> ft.Control:
    """A card as a small card: its rank big, its suit's name under it."""
    colour = SUIT_COLOURS[card.suit]
    label = rank_label(card.rank, session.french_cards)
    return ft.Container(
        width=52,
        height=72,
        bgcolor=CARD,
        border=ft.Border.all(1, ft.Colors.GREY_600),
        border_radius=6,
        alignment=ft.Alignment.CENTER,
        content=ft.Column(
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Text(label, size=22, weight=ft.FontWeight.BOLD, color=colour),
                ft.Text(suit_word(session, card.suit), size=10, color=colour),
            ],
        ),
    )


def card_row(session: Session, identifier: str, cards: tuple[Card, ...]) -> ft.Control:
    words = ", ".join(card_words(session, c) for c in cards) or "-"
    return ft.Semantics(
        identifier=identifier,
        label=words,
        container=True,
        content=ft.Row(  # cards (no Semantics among them: FLET_NOTES, wrap)
            wrap=True,
            spacing=6,
            run_spacing=6,
            controls=[card_face(session, c) for c in cards]
            or [ft.Text(session.t("trainer.empty"))],
        ),
    )


def card_words(session: Session, card: Card) -> str:
    return (
        f"{rank_label(card.rank, session.french_cards)} {suit_word(session, card.suit)}"
    )


def last_play(session: Session, st: TrainerState) -> str:
    if st.shown == 0:
        return session.t("trainer.start")
    _, play = st.drill.plays[st.shown - 1]
    who = session.t("trainer.you" if play.seat == YOU else "trainer.opponent")
    card = card_words(session, play.card)
    if not play.took:
        return session.t("trainer.plays", who=who, card=card)
    took = ", ".join(card_words(session, c) for c in play.took)
    return session.t("trainer.takes", who=who, card=card, took=took)


def rank_buttons(session: Session, st: TrainerState) -> ft.Control:
    """One button a rank: its value as the player says it, or, checked, the
    right one (a wrong one in red)."""
    drill = st.drill
    checked = st.phase is Phase.CHECKED
    right = drill.answer_after(st.deal) if checked else ()
    wrong = set(drill.wrong_ranks(st.deal, st.answer)) if checked else set()
    buttons: list[ft.Control] = []
    for i, rank in enumerate(st.level.ranks):
        value = right[i] if checked else st.answer[i]
        bad = rank in wrong
        buttons.append(
            semantic(
                f"trainer-rank-{rank.value}",
                ft.Button(
                    content=f"{rank_label(rank, session.french_cards)}: {value}",
                    height=SMALL_TARGET,
                    color=ON_FILL if bad else None,
                    bgcolor=WRONG_FILL if bad else None,
                    on_click=(lambda _, i=i: _act(session, lambda s: s.flip(i)))
                    if not checked
                    else None,
                ),
            )
        )
    return ft.Row(wrap=False, controls=[]) if not buttons else _grid(buttons)


def _grid(buttons: list[ft.Control], per_row: int = 4) -> ft.Control:
    rows = [
        ft.Row(spacing=6, controls=buttons[i : i + per_row])
        for i in range(0, len(buttons), per_row)
    ]
    return ft.Column(spacing=6, controls=list[ft.Control](rows))


def guess_buttons(session: Session, st: TrainerState) -> ft.Control:
    held = st.drill.opponent_ranks()
    checked = st.phase is Phase.CHECKED_LAST
    buttons: list[ft.Control] = []
    for rank in Rank:
        chosen = rank in st.guessed
        bad = checked and (chosen != (rank in held))
        buttons.append(
            semantic(
                f"trainer-guess-{rank.value}",
                ft.Button(
                    content=rank_label(rank, session.french_cards),
                    height=SMALL_TARGET,
                    color=ON_FILL if bad or chosen else None,
                    bgcolor=WRONG_FILL if bad else (CHOSEN_FILL if chosen else None),
                    on_click=(lambda _, r=rank: _act(session, lambda s: s.guess(r)))
                    if not checked
                    else None,
                ),
            )
        )
    return _grid(buttons, per_row=5)


def phase_controls(session: Session, st: TrainerState) -> list[ft.Control]:
    drill = st.drill
    nxt = big_button(
        "trainer-next",
        session.t("trainer.next"),
        lambda: _act(session, TrainerState.next),
        ft.Icons.ARROW_FORWARD,
    )
    check = big_button(
        "trainer-check",
        session.t("trainer.check"),
        lambda: _act(session, TrainerState.check),
        ft.Icons.CHECK,
    )
    if st.phase is Phase.WATCH:
        return [nxt]
    if st.phase is Phase.ASK:
        key = "trainer.ask" if st.level is Level.COUNTERS else "trainer.ask_full"
        return [ft.Text(session.t(key, deal=st.deal)), rank_buttons(session, st), check]
    if st.phase is Phase.CHECKED:
        wrong = drill.wrong_ranks(st.deal, st.answer)
        said = (
            session.t(
                "trainer.wrong",
                ranks=", ".join(rank_label(r, session.french_cards) for r in wrong),
            )
            if wrong
            else session.t("trainer.all_right")
        )
        return [
            semantic("trainer-verdict", ft.Text(said, weight=ft.FontWeight.BOLD)),
            rank_buttons(session, st),
            nxt,
        ]
    if st.phase is Phase.ASK_LAST:
        return [
            ft.Text(session.t("trainer.ask_last")),
            guess_buttons(session, st),
            check,
        ]
    if st.phase is Phase.CHECKED_LAST:
        held = drill.hand.deals[-1].dealt[OPPONENT]
        good = st.guessed == drill.opponent_ranks()
        return [
            semantic(
                "trainer-verdict",
                ft.Text(
                    session.t("trainer.guess_right" if good else "trainer.guess_wrong"),
                    weight=ft.FontWeight.BOLD,
                ),
            ),
            card_row(session, "trainer-opponent", held),
            guess_buttons(session, st),
            nxt,
        ]
    return [
        semantic(
            "trainer-done",
            ft.Text(
                session.t("trainer.done", right=st.right, asked=st.asked),
                weight=ft.FontWeight.BOLD,
            ),
        ),
        big_button(
            "trainer-another",
            session.t("trainer.another"),
            lambda: _act(session, lambda s: s.another(secrets.randbelow(2**31))),
            ft.Icons.REPLAY,
        ),
    ]


def progress_line(session: Session, level: Level) -> list[ft.Control]:
    """The score over every session on this phone, at this level."""
    progress = session.states.find(Progress)
    right, asked, hands = progress.of(level) if progress else (0, 0, 0)
    if not asked:
        return []
    return [
        semantic(
            "trainer-progress",
            ft.Text(
                session.t(
                    "trainer.progress",
                    right=right,
                    asked=asked,
                    hands=session.translator.count("hands", hands),
                ),
                size=13,
            ),
        )
    ]


def trainer_view(session: Session) -> ft.View:
    st = state_of(session)
    drill = st.drill

    def level(value: str | None) -> None:
        chosen = Level(value or Level.COUNTERS)
        session.states.put(TrainerState(secrets.randbelow(2**31), chosen))
        session.render()

    deal_text = session.t("trainer.deal", deal=st.deal, deals=drill.last_deal)
    return screen(
        routes.TRAINER,
        session.t("trainer.title"),
        [
            ft.Text(session.t("trainer.how"), size=13),
            segmented(
                "trainer-level",
                [
                    (Level.COUNTERS.value, session.t("trainer.level.counters")),
                    (Level.FULL.value, session.t("trainer.level.full")),
                ],
                st.level.value,
                level,
            ),
            semantic(
                "trainer-score",
                ft.Text(
                    session.t("trainer.score", right=st.right, asked=st.asked)
                    + " · "
                    + deal_text,
                    size=14,
                ),
            ),
            *progress_line(session, st.level),
            section_title(session.t("trainer.table")),
            card_row(session, "trainer-table", drill.table_after(st.shown)),
            section_title(session.t("trainer.yours")),
            card_row(session, "trainer-hand", drill.your_cards(st.shown)),
            semantic("trainer-play", ft.Text(last_play(session, st), size=15)),
            *phase_controls(session, st),
        ],
        spacing=8,
    )
