"""Share a match from a phone, and open a match someone shared.

*Sending*: :func:`share_controls` gives the match's "Condividi" buttons: the
picture through Flet's ``Share`` service (share_plus: the Web Share API,
``navigator.share`` with the PNG as a file where ``canShare`` allows it, a
download otherwise), the link through ``ShareText`` (inside the tap, the only
moment a browser lets a page share) or copied, the picture downloaded, and a
QR of the link for the phone next to you. The link points at the address this
phone loaded the app from (:func:`link_base`).

*Receiving*: the link's fragment never reaches Python (Flutter's route is the
path; the server never sees what follows ``#``). ``ui/page/link_inbox.py``'s
script, in the page's ``<head>`` before Flutter starts, moves a ``#m=``
fragment into ``localStorage`` for Flutter's shared preferences and drops it
from the address bar; ``app.open_shared_link`` reads it once at the
session's start (``context_page.take_link``) and :func:`show_shared` shows
the match and offers "Salva nel mio storico" (an import: saved twice, stored
once).
"""

from __future__ import annotations

import importlib
import logging
import re
import sys
from collections.abc import Awaitable, Callable
from datetime import date
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import flet as ft

from scorekeeper.core.engine import evaluate
from scorekeeper.core.export import summary_text
from scorekeeper.core.matchfile import MatchFileError, parse_match
from scorekeeper.core.problems import HandError
from scorekeeper.core.sharelink import LinkError, match_link
from scorekeeper.core.stats import HeadToHead, SideStats
from scorekeeper.jsonfile import JsonFileError, read_link
from scorekeeper.sharing.commands import shared_document
from scorekeeper.storage import ImportResult, StoredMatch
from scorekeeper.ui import routes
from scorekeeper.ui.access import event_guard as guard
from scorekeeper.ui.kit.widgets import TOUCH_TARGET, full_width, section_title, semantic
from scorekeeper.ui.parts.files import download
from scorekeeper.ui.parts.questions import say
from scorekeeper.ui.screens.match_detail.state import show_match
from scorekeeper.ui.shell.context_page import on_page
from scorekeeper.ui.shell.session import Session

log = logging.getLogger(__name__)


def link_base(session: Session) -> str:
    """The address this phone loaded the app from: in the browser build the
    page's own location, on the server the address the phone connected to
    (what the server printed), without route, query (the table code) or
    fragment."""
    if sys.platform == "emscripten":  # Pyodide, in the site's Web Worker
        import js  # type: ignore[import-not-found]

        return site_of_worker(str(js.location.href))
    url = urlsplit(session.page.url or "ws://127.0.0.1:8550")
    scheme = "https" if url.scheme in ("wss", "https") else "http"
    return f"{scheme}://{url.netloc}/"


def site_of_worker(worker_url: str) -> str:
    """The browser build's address, from its Python worker's script
    (``<site>/python-worker.js``, loaded from the page's base): the worker's
    ``location`` is the script's, not the page's, and the site may live in
    a sub-folder (``--base-url``)."""
    return worker_url.split("#", 1)[0].split("?", 1)[0].rsplit("/", 1)[0] + "/"


def _dark(session: Session) -> bool:
    """Whether this phone shows the dark theme (chosen, or the system's)."""
    mode = session.page.theme_mode
    return mode == ft.ThemeMode.DARK or (
        mode != ft.ThemeMode.LIGHT
        and session.page.platform_brightness == ft.Brightness.DARK
    )


def match_link_of(session: Session, stored: StoredMatch) -> str:
    doc = shared_document(session.table.queries.export_match(stored.id))
    return match_link(doc, link_base(session))


def _look(session: Session) -> Any:
    """This phone's look for a picture; None if Pillow is missing (a browser
    build made without it): the picture buttons then say so."""
    try:
        from scorekeeper.sharing.picture import Look
    except ImportError:
        log.warning("no Pillow: no picture can be drawn")
        return None
    return Look(
        lang=session.lang, dark=_dark(session), french_cards=session.french_cards
    )


def picture_of(session: Session, stored: StoredMatch) -> bytes | None:
    """The match's picture in this phone's language, theme and deck (None
    without Pillow)."""
    look = _look(session)
    if look is None:
        return None
    from scorekeeper.sharing.picture import match_picture

    return match_picture(
        stored.state, look, played=stored.created, abandoned=stored.abandoned
    )


def record_picture_of(
    session: Session, stats: SideStats, versus: HeadToHead | None
) -> bytes | None:
    """A record's picture in this phone's look (None without Pillow)."""
    look = _look(session)
    if look is None:
        return None
    from scorekeeper.sharing.picture import record_picture

    chosen = () if versus is None else (versus,)
    return record_picture(stats, look, versus=chosen, today=date.today())


def picture_handlers(
    session: Session, name: str, draw: Callable[[], bytes | None], text: str | None
) -> tuple[Callable[[object], Awaitable[None]], Callable[[object], Awaitable[None]]]:
    """Share (the Web Share API, with *text*) and download the picture *draw*
    makes, as the file *name*; a message if it cannot be drawn."""

    async def drawn() -> bytes | None:
        png = None
        if _look(session) is not None:  # None: no Pillow, no picture
            from scorekeeper.sharing.picture import off_the_loop, ready

            await ready()  # a browser build: the canvas's font
            png = await off_the_loop(draw)  # the other phones do not wait
        if png is None:
            _say(session, session.t("share.no_picture"))
        return png

    async def share_picture(_: object) -> None:
        png = await drawn()
        if png is None:
            return
        with on_page(session):
            share = ft.Share()
        file = ft.ShareFile.from_bytes(png, mime_type="image/png", name=name)
        await share.share_files([file], text=text)

    async def download_picture(_: object) -> None:
        png = await drawn()
        if png is not None:
            await download(session, name, png)

    return share_picture, download_picture


@lru_cache(maxsize=8)
def link_qr(link: str) -> str | None:
    """The QR of *link* (base64 PNG), drawn once per link: a long link's QR
    takes a quarter of a second, and a screen is drawn again at every change.
    ``None`` when the link is longer than a QR code holds. ``ui.lan`` (segno,
    ~50 ms to import in Pyodide) is imported at the first QR, not with this
    screen."""
    from scorekeeper.ui.hosting.lan import qr_base64

    return qr_base64(link, scale=3)


def _say(session: Session, text: str) -> None:
    say(session, text)
    session.render()


def share_controls(
    session: Session, stored: StoredMatch, prefix: str = "detail", titled: bool = True
) -> list[ft.Control]:
    """The "Condividi" section of a match: picture, link, QR (under its own
    title unless *titled* is false)."""
    link = match_link_of(session, stored)
    name = f"spazzino-{stored.id}.png"

    share_picture, download_picture = picture_handlers(
        session, name, lambda: picture_of(session, stored), link
    )

    with on_page(session):
        share_link = ft.ShareText(link, title=session.t("share.shared_title"))
        copy_link = ft.CopyToClipboard(link)

    def button(key: str, text: str, icon: ft.IconData, **kw: Any) -> ft.Control:
        kind = ft.FilledButton if key == "share-picture" else ft.OutlinedButton
        return full_width(
            f"{prefix}-{key}", kind(content=text, icon=icon, height=TOUCH_TARGET, **kw)
        )

    title = [section_title(session.t("share.title"), ft.Icons.SHARE)] if titled else []
    return [
        *title,
        button(
            "share-picture",
            session.t("share.picture"),
            ft.Icons.IMAGE,
            on_click=share_picture,
        ),
        button("share-link", session.t("share.link"), ft.Icons.LINK, action=share_link),
        button(
            "copy-link",
            session.t("share.copy_link"),
            ft.Icons.CONTENT_COPY,
            action=copy_link,
            on_click=lambda _: _say(session, session.t("share.link_copied")),
        ),
        button(
            "download-picture",
            session.t("share.download_picture"),
            ft.Icons.DOWNLOAD,
            on_click=download_picture,
        ),
        *_qr(session, prefix, link),
    ]


def _qr(session: Session, prefix: str, link: str) -> list[ft.Control]:
    """The link's QR under its one line, or the line saying why there is
    none (a link longer than a QR code holds: the buttons still send it)."""
    src = link_qr(link)
    if src is None:
        return [semantic(f"{prefix}-no-qr", ft.Text(session.t("share.qr_too_long")))]
    return [
        ft.Text(session.t("share.qr")),
        semantic(f"{prefix}-link-qr", ft.Image(src=src, width=300, height=300)),
    ]


def record_share_controls(
    session: Session, stats: SideStats, versus: HeadToHead | None = None
) -> list[ft.Control]:
    """Share or download the picture of a player's or a pair's record (the
    statistics screen's choice: *versus* the chosen opponent, if any)."""
    # a name may hold any character: the file's name keeps letters and digits
    who = re.sub(r"[^\w]+", "_", "-".join(stats.players)).strip("_") or "record"
    name = f"spazzino-{who}.png"

    share_picture, download_picture = picture_handlers(
        session, name, lambda: record_picture_of(session, stats, versus), None
    )

    return [
        full_width(
            "stats-share-picture",
            ft.FilledButton(
                content=session.t("share.picture"),
                icon=ft.Icons.IMAGE,
                height=TOUCH_TARGET,
                on_click=share_picture,
            ),
        ),
        full_width(
            "stats-download-picture",
            ft.OutlinedButton(
                content=session.t("share.download_picture"),
                icon=ft.Icons.DOWNLOAD,
                height=TOUCH_TARGET,
                on_click=download_picture,
            ),
        ),
    ]


# -- receiving --------------------------------------------------------------------
def warm_detail(link: str) -> None:
    """What the match's screen needs at its first draw, made beforehand:
    the chart's module (``flet_charts``, imported by that first draw: 0.7 s
    on a quiet 2-core server, several seconds on a busy or slow one, with
    the phone showing the screen it left) and the QR of the link it will
    show. Run in a thread while the phone shows the shared match, so that
    "Salva nel mio storico" shows the match at once."""
    importlib.import_module("flet_charts")
    link_qr(link)


def _refused(session: Session, text: str) -> None:
    """Say why a link opened no match, in a dialog over the screen the phone
    is on (home, at the session's start: it shows no message line)."""

    def close(_: object = None) -> None:
        session.page.pop_dialog()

    dialog = ft.AlertDialog(
        modal=True,
        title=ft.Text(session.t("share.shared_title")),
        content=semantic("shared-refused", ft.Text(text)),
        actions=[ft.TextButton(content=session.t("share.close"), on_click=close)],
    )
    guard.show_dialog(session, dialog)


def show_shared(session: Session, link: str) -> None:
    """A dialog with the match *link* carries and "Salva nel mio storico"; a
    message instead if the link carries none."""
    try:  # the file reader, with its rules: a link reads as its file would
        doc = read_link(link, "")
        state = evaluate(parse_match(doc).match)
    except LinkError as error:
        log.info("a shared link was refused: %s", error)
        _refused(session, session.t("share.bad_link"))
        return
    except (JsonFileError, MatchFileError, HandError) as error:
        # what import and the file's import say of the same match
        log.info("a shared link's match was refused: %s", error)
        reason = str(error).removeprefix(": ")
        _refused(session, session.t("share.link_refused", reason=reason))
        return
    text = summary_text(state, session.lang, hands=False)
    if sys.platform != "emscripten":  # a server: while the phone reads
        session.page.run_thread(warm_detail, match_link(doc, link_base(session)))

    def close(_: object = None) -> None:
        session.page.pop_dialog()

    def save(_: object) -> None:
        close()

        def done(results: list[ImportResult]) -> None:
            [result] = results
            said = session.t("share.saved" if result.created else "share.already")
            # said on the match's page, where the phone goes next
            say(session, said, routes.DETAIL)
            show_match(session, result.id)

        session.apply(
            lambda table: table.import_documents([doc]),
            go_to=routes.DETAIL,
            done=done,
            failed=lambda error: _say(
                session, session.t("share.refused", reason=str(error))
            ),
        )

    dialog = ft.AlertDialog(
        modal=True,
        title=ft.Text(session.t("share.shared_title")),
        content=semantic("shared-match", ft.Text(text)),
        actions=[
            ft.TextButton(content=session.t("share.close"), on_click=close),
            ft.FilledButton(content=session.t("share.save"), on_click=save),
        ],
    )
    guard.show_dialog(session, dialog)
