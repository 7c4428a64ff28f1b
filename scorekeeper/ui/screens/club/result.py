"""The night's result from the organizer's screen (issue 37, item 12), while
the server runs: the standings as a picture for the club's group chat
(shared through the browser's Web Share, or downloaded: the match
picture's buttons, ``share_match.picture_handlers``) and as a page to print
(an HTML file, ``sharing/night_page.py``). Both are drawn from the
tournament as the server holds it now; nothing is asked of the storage's
files (the command line's export refuses while the app runs)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import flet as ft

from scorekeeper.sharing.night_page import standings_page
from scorekeeper.storage.tournaments import StoredTournament
from scorekeeper.ui.kit.widgets import TOUCH_TARGET, semantic
from scorekeeper.ui.parts.files import download
from scorekeeper.ui.parts.share import picture_handlers
from scorekeeper.ui.shell.session import Session


def file_stem(stored: StoredTournament) -> str:
    """The files' name: the night's name in letters and digits.

    >>> from types import SimpleNamespace as N
    >>> file_stem(N(tournament=N(name="Sera d'inverno / 2"), id="t1"))
    'spazzino-Sera_d_inverno_2'
    """
    name = re.sub(r"[^\w]+", "_", stored.tournament.name).strip("_") or stored.id
    return f"spazzino-{name}"


def picture_png(session: Session, stored: StoredTournament) -> bytes | None:
    """The standings' picture in this phone's language and theme (None
    without Pillow: ``picture_handlers`` then says so)."""
    try:
        from scorekeeper.sharing.night_picture import standings_picture
        from scorekeeper.sharing.picture import Look
    except ImportError:
        return None
    mode = session.page.theme_mode
    dark = mode == ft.ThemeMode.DARK or (
        mode != ft.ThemeMode.LIGHT
        and session.page.platform_brightness == ft.Brightness.DARK
    )
    look = Look(lang=session.lang, dark=dark)

    day = stored.created.astimezone().date()
    return standings_picture(stored.tournament, look, day=day)


def page_html(session: Session, stored: StoredTournament) -> bytes:
    """The page to print, in this phone's language."""
    day = stored.created.astimezone().date()
    return standings_page(stored.tournament, session.lang, day=day).encode("utf-8")


def result_controls(
    session: Session, stored: StoredTournament, height: int = TOUCH_TARGET
) -> list[ft.Control]:
    """ "Condividi la classifica", "Scarica l'immagine", "Pagina da stampare"."""
    stem = file_stem(stored)
    tid = stored.id

    def current() -> StoredTournament:
        # the night as it is at the tap, not as it was drawn
        return session.table.club.get(tid)

    share, save = picture_handlers(
        session,
        f"{stem}.png",
        lambda: picture_png(session, current()),
        stored.tournament.name,
    )

    async def print_page(_: object) -> None:
        await download(session, f"{stem}.html", page_html(session, current()))

    def button(
        ident: str,
        text: str,
        icon: ft.IconData,
        handler: Callable[[object], Awaitable[None]],
        kind: type[ft.FilledButton] | type[ft.OutlinedButton],
    ) -> ft.Control:
        return ft.Row(
            controls=[
                semantic(
                    ident,
                    kind(content=text, icon=icon, height=height, on_click=handler),
                    expand=True,
                )
            ]
        )

    return [
        button(
            "club-result-share",
            session.t("night.share_picture"),
            ft.Icons.IMAGE,
            share,
            ft.FilledButton,
        ),
        button(
            "club-result-picture",
            session.t("night.download_picture"),
            ft.Icons.DOWNLOAD,
            save,
            ft.OutlinedButton,
        ),
        button(
            "club-result-print",
            session.t("night.print_page"),
            ft.Icons.PRINT,
            print_page,
            ft.OutlinedButton,
        ),
    ]
