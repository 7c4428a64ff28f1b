"""Files in and out of a phone's browser: download a match or all of them (JSON,
CSV), copy a summary, import a match file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from typing import Any

import flet as ft

from scorekeeper.core.export import match_csv, matches_csv
from scorekeeper.jsonfile import JsonFileError, decode
from scorekeeper.storage import ImportResult, StoredMatch
from scorekeeper.ui.kit.formatting import played
from scorekeeper.ui.kit.widgets import (
    TOUCH_TARGET,
    full_width,
    section_title,
    semantic,
)
from scorekeeper.ui.parts.questions import say
from scorekeeper.ui.screens.match_detail.state import show_match
from scorekeeper.ui.shell.context_page import on_page
from scorekeeper.ui.shell.session import Session


# -- sharing: files in and out -----------------------------------------------------
def _picker(session: Session) -> ft.FilePicker:
    """The session's FilePicker (created once, on the session's page, when a
    screen first offers it: a service of the page, not a screen's state)."""

    def made() -> ft.FilePicker:
        with on_page(session):
            return ft.FilePicker(on_result=lambda e: imported(session, e))

    return session.states.services.get("picker", made)


async def download(session: Session, name: str, data: bytes) -> None:
    """Offer *data* to the browser as the file *name* (a download on a phone)."""
    picker = _picker(session)
    on = session.route  # the screen that offered the file says it is ready
    await picker.save_file(file_name=name, src_bytes=data)
    say(session, session.t("share.downloaded", name=name), on)
    session.render()


def _json_bytes(doc: object) -> bytes:
    return (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


MAX_IMPORT_BYTES = 32 * 2**20
"""A file to import larger than this is refused unread (a whole history of
thousands of matches is a few MB)."""


def import_bytes(session: Session, data: bytes) -> None:
    """Import a match file (one match or a list) and say what came of it.

    A refused file changes nothing (the repository imports all or nothing)
    and the sentence says why.
    """
    if len(data) > MAX_IMPORT_BYTES:
        _say(session, session.t("share.too_big", mb=MAX_IMPORT_BYTES // 2**20))
        session.render()
        return
    try:  # the CLI's reader, with its rules: the same file reads the same
        doc = decode(data, "")
    except JsonFileError as error:
        reason = session.t("share.not_json", error=str(error).removeprefix(": "))
        _say(session, session.t("share.refused", reason=reason))
        session.render()
        return
    docs = doc if isinstance(doc, list) else [doc]

    def done(results: list[ImportResult]) -> None:
        created = sum(r.created for r in results)
        if created == 0:
            _say(session, session.t("share.already"))
        elif len(results) == 1:
            show_match(session, results[0].id)
            _say(session, session.t("share.imported_one"))
        else:
            _say(session, session.t("share.imported", n=created))

    session.apply(
        lambda table: table.import_documents(docs),
        done=done,
        failed=lambda error: _say(
            session, session.t("share.refused", reason=str(error))
        ),
    )


def _say(session: Session, sentence: str) -> None:
    say(session, sentence)


def imported(session: Session, e: Any) -> None:
    """The file picker's answer: import the chosen file, if any."""
    files = getattr(e, "files", None) or []
    data = files[0].bytes if files else None
    if data is not None and len(data) > MAX_IMPORT_BYTES:
        _say(session, session.t("share.too_big", mb=MAX_IMPORT_BYTES // 2**20))
        session.render()
    elif data is None:
        _say(session, session.t("share.cancelled"))
        session.render()
    else:
        import_bytes(session, bytes(data))


def sharing_all(session: Session, prefix: str = "history") -> list[ft.Control]:
    """Export every match (JSON as FORMAT.md documents, or CSV), import a file;
    the identifiers start with ``prefix`` (the screen they are on)."""

    async def all_json(_: object) -> None:
        docs = session.table.queries.export_all()
        await download(
            session, f"spazzino-{date.today():%Y%m%d}.json", _json_bytes(docs)
        )
        # a copy of everything exists now: the backup reminder starts over
        session.apply(lambda table: table.exported_all())

    async def all_csv(_: object) -> None:
        text = matches_csv(played(m) for m in session.table.queries.stored_matches())
        await download(
            session, f"spazzino-{date.today():%Y%m%d}.csv", text.encode("utf-8-sig")
        )

    picker = _picker(session)
    with on_page(session):
        pick = ft.PickFiles(
            picker,
            file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=["json"],
            with_data=True,
        )
    return [
        _button(f"{prefix}-export-json", session.t("hist.export_all"), all_json),
        _button(f"{prefix}-export-csv", session.t("hist.export_all_csv"), all_csv),
        full_width(
            f"{prefix}-import",
            ft.OutlinedButton(
                content=session.t("hist.import"),
                icon=ft.Icons.UPLOAD_FILE,
                height=TOUCH_TARGET,
                action=pick,
            ),
        ),
    ]


def _button(
    identifier: str,
    text: str,
    handler: Callable[[ft.Event[ft.OutlinedButton]], object],
    icon: ft.IconData = ft.Icons.DOWNLOAD,
) -> ft.Control:
    return full_width(
        identifier,
        ft.OutlinedButton(
            content=text, icon=icon, height=TOUCH_TARGET, on_click=handler
        ),
    )


def sharing_one(
    session: Session, stored: StoredMatch, summary: str
) -> list[ft.Control]:
    stem = f"spazzino-{stored.id}"

    async def as_json(_: object) -> None:
        await download(
            session,
            f"{stem}.json",
            _json_bytes(session.table.queries.export_match(stored.id)),
        )

    async def as_csv(_: object) -> None:
        text = match_csv(stored.state, stored.id, stored.created)
        await download(session, f"{stem}.csv", text.encode("utf-8-sig"))

    def copied(_: object) -> None:
        say(session, session.t("share.copied"))
        session.render()

    with on_page(session):
        copy = ft.CopyToClipboard(summary)
    return [
        section_title(session.t("share.title"), ft.Icons.SHARE),
        full_width(
            "detail-copy",
            ft.FilledButton(
                content=session.t("share.copy"),
                icon=ft.Icons.CONTENT_COPY,
                height=TOUCH_TARGET,
                action=copy,
                on_click=copied,
            ),
        ),
        _button("detail-export-json", session.t("share.json"), as_json),
        _button("detail-export-csv", session.t("share.csv"), as_csv),
        semantic(
            "detail-summary",
            ft.TextField(
                label=session.t("share.summary"),
                value=summary,
                multiline=True,
                read_only=True,
                text_size=12,
            ),
        ),
    ]
