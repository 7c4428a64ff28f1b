"""The settings screen: this phone's language and theme (kept in its browser),
the table's card names, default rules and target; each saved at once."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.core.model import (
    NAMED_PRESETS,
    TARGET_MAX,
    TARGET_MIN,
    Preset,
)
from scorekeeper.i18n import LANGUAGES
from scorekeeper.ui import routes
from scorekeeper.ui.access.event_guard import show_dialog
from scorekeeper.ui.kit.formatting import card_text
from scorekeeper.ui.kit.widgets import (
    big_button,
    full_width,
    heading,
    screen,
    segmented,
    semantic,
)
from scorekeeper.ui.parts.files import sharing_all
from scorekeeper.ui.parts.questions import confirm, message_line
from scorekeeper.ui.screens.settings.state import TargetEntry
from scorekeeper.ui.shell.event_values import flag_of, text_of
from scorekeeper.ui.shell.phone_choice import (
    THEMES,
    choose_language,
    choose_theme,
    theme_of,
)
from scorekeeper.ui.shell.session import Session

log = logging.getLogger(__name__)


def parse_target(text: str | None) -> int | None:
    """The typed target as an int when it is a whole number in range, else None."""
    try:
        value = int(str(text or "").strip())
    except ValueError:
        return None
    return value if TARGET_MIN <= value <= TARGET_MAX else None


# -- settings ----------------------------------------------------------------------
def _save_settings(
    session: Session, then: Callable[[bool], None] | None = None, **changes: Any
) -> None:
    """Store the defaults at once; tell the user if the write failed.
    ``then(saved)`` runs when it is known whether they were saved."""

    def failed(error: Exception) -> None:
        log.warning("settings not saved: %s", error)
        show_dialog(
            session,
            ft.SnackBar(
                content=ft.Text(session.t("settings.save_failed", error=error))
            ),
        )
        if then is not None:
            then(False)

    session.apply(
        lambda table: table.update_settings(**changes),
        done=lambda _: then(True) if then is not None else None,
        failed=failed,
    )


def set_language(session: Session, lang: str) -> None:
    """This phone's language (kept in its browser; no other phone's)."""
    choose_language(session, lang)


def set_theme(session: Session, theme: str) -> None:
    """This phone's theme (kept in its browser; no other phone's)."""
    choose_theme(session, theme)


def set_french_cards(session: Session, french: bool) -> None:
    """Name the cards as in a French deck on every phone (a shared setting:
    the others redraw from the broadcast); back as stored if the save failed."""
    session.french_cards = french

    def saved(ok: bool) -> None:
        if not ok:
            session.refresh_settings()

    _save_settings(session, saved, french_cards=french)


def set_preset(session: Session, preset: str) -> None:
    _save_settings(session, preset=Preset(preset).value)


def set_target(session: Session, text: str | None) -> None:
    """Validate the typed target; save it when it is a whole number in range."""
    typed = text or ""
    value = parse_target(text)
    session.states.put(TargetEntry(typed, value is not None, False))
    if value is None:
        session.render()
        return

    def saved(ok: bool) -> None:
        session.states.put(TargetEntry(typed, True, ok))

    _save_settings(session, saved, target=value)


def settings_view(session: Session) -> ft.View:
    """Language, theme, default preset and target; each change saved at once."""
    settings = session.table.queries.settings()
    theme = theme_of(session.page)
    preset = settings.preset.value
    if preset not in [p.value for p in NAMED_PRESETS]:
        preset = Preset.CLASSICO.value
    target = settings.target

    entry = session.states.find(TargetEntry)
    help_text = session.t("settings.target_help", low=TARGET_MIN, high=TARGET_MAX)
    target_field = ft.TextField(
        label=session.t("settings.target"),
        value=entry.text if entry is not None else str(target),
        keyboard_type=ft.KeyboardType.NUMBER,
        helper=session.t("settings.saved") if entry and entry.saved else help_text,
        error=(
            session.t("settings.target_error", low=TARGET_MIN, high=TARGET_MAX)
            if entry is not None and not entry.valid
            else None
        ),
        max_length=3,
        on_change=lambda e: set_target(session, text_of(e)),
    )

    controls: list[ft.Control] = [
        heading(session.t("settings.language")),
        segmented(
            "settings-language",
            [(lang, session.t(f"language.{lang}")) for lang in LANGUAGES],
            session.translator.lang,
            lambda lang: set_language(session, lang) if lang else None,
        ),
        heading(session.t("settings.theme")),
        segmented(
            "settings-theme",
            [(t, session.t(f"settings.theme.{t}")) for t in THEMES],
            theme,
            lambda t: set_theme(session, t) if t else None,
        ),
        ft.Text(session.t("settings.language_help")),
        ft.Divider(),
        heading(session.t("settings.cards")),
        semantic(
            "settings-french-cards",
            ft.Switch(
                label=session.t("settings.french_cards"),
                value=session.french_cards,
                on_change=lambda e: set_french_cards(session, flag_of(e)),
            ),
        ),
        ft.Text(session.t("settings.french_cards_help")),
        ft.Divider(),
        heading(session.t("settings.new_matches")),
        ft.Text(session.t("settings.preset")),
        segmented(
            "settings-preset",
            [(p.value, session.t(f"rules.preset.{p.value}")) for p in NAMED_PRESETS],
            preset,
            lambda p: set_preset(session, p) if p else None,
        ),
        semantic(
            "settings-preset-help",
            ft.Text(card_text(session, f"settings.preset_help.{preset}")),
        ),
        full_width("settings-target", target_field),
    ]
    if session.mode.backups_in_settings:
        controls += backups(session)
    if session.mode.other_phones:
        controls += [
            ft.Divider(),
            big_button(
                "settings-connect",
                session.t("settings.connect"),
                lambda: session.go(routes.CONNECT),
                icon=ft.Icons.QR_CODE,
                kind="plain",
            ),
        ]
    if session.admission.gate is not None:  # the table code (ui/access/table_code.py)
        controls += [
            semantic(
                "settings-table-code",
                ft.Text(
                    session.t("code.current", code=session.admission.gate.table_code),
                    size=18,
                ),
            ),
            big_button(
                "settings-new-code",
                session.t("code.new"),
                # it sends every other phone back to the code screen: asked first
                lambda: confirm(
                    session, session.t("code.new_confirm"), session.renew_code
                ),
                icon=ft.Icons.LOCK_RESET,
                kind="outlined",
            ),
        ]
    return screen(routes.SETTINGS, session.t("settings.title"), controls)


def backups(session: Session) -> list[ft.Control]:
    """Where the data lives and a copy of it: for a storage the browser may
    evict (the browser build)."""
    kept = session.mode.persistent_storage()
    state = {True: "granted", False: "denied", None: "unknown"}[kept]
    return [
        ft.Divider(),
        heading(session.t("settings.backup")),
        semantic(
            "settings-persistence", ft.Text(session.t(f"settings.persist.{state}"))
        ),
        ft.Text(session.t("settings.backup_help")),
        semantic(
            "settings-unexported",
            ft.Text(
                session.t("settings.unexported", n=session.table.unexported_finished())
            ),
        ),
        message_line(session),
        *sharing_all(session, prefix="settings"),
    ]
