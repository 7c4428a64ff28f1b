"""The secondary screens: rules, settings, connect a phone, live tally.

Each screen is a plain function ``(app) -> ft.View`` (see :mod:`.app`);
:data:`EXTRA_SCREENS` maps their routes and ``app.py`` merges it into
``SCREENS``. The builders read only ``app.t``, ``app.translator``, ``app.page``
and ``app.shared`` (its ``repository`` and ``live_tallies``), so unit tests
drive them with a fake app and no browser.

This module does not import :mod:`.app` at import time: ``app.py`` imports it
to register the routes, and the topic for broadcasts is looked up when one is
sent.

Per session, :func:`start_extras` (called from ``TableApp.start``) applies the
stored language and theme and keeps the screen awake while a match is in
progress (:class:`ScreenAwake`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorekeeper.core.model import (
    RANKS,
    TARGET_MAX,
    TARGET_MIN,
    Preset,
    Rank,
    Rules,
)
from scorekeeper.entry import LiveTally
from scorekeeper.i18n import LANGUAGES
from scorekeeper.rules_text import rules_sections
from scorekeeper.ui.lan import lan_info, qr_base64
from scorekeeper.ui.live import repository_of, tallies_of
from scorekeeper.ui.screens_common import (
    TOUCH_TARGET,
    big_button,
    dialog_button,
    full_width,
    screen,
    segmented,
    semantic,
)

log = logging.getLogger(__name__)

RULES_ROUTE = "/regole"
SETTINGS_ROUTE = "/impostazioni"
CONNECT_ROUTE = "/collega"
LIVE_ROUTE = "/live"
NEW_MATCH_ROUTE = "/nuova"
HAND_ENTRY_ROUTE = "/partita/mano"
"""Where "end of hand" leads; the hand-entry screen calls ``live_draft``."""


THEMES = ("system", "light", "dark")
THEME_MODES = {
    "system": ft.ThemeMode.SYSTEM,
    "light": ft.ThemeMode.LIGHT,
    "dark": ft.ThemeMode.DARK,
}
PRESETS = (Preset.CLASSICO, Preset.VARIANTE_NORD)
IN_PROGRESS = ("in_progress", "tie_break")


# -- small helpers ---------------------------------------------------------------


def _heading(text: str) -> ft.Control:
    return ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM)


def _broadcast(app: object, message: dict[str, object], others: bool = False) -> None:
    """Tell the sessions that the table changed (each one redraws)."""
    from scorekeeper.ui.app import TOPIC  # at call time: app.py imports us

    pubsub = app.page.pubsub
    if others:
        pubsub.send_others_on_topic(TOPIC, message)
    else:
        pubsub.send_all_on_topic(TOPIC, message)


def _side_names(players: tuple[str, ...]) -> tuple[str, str]:
    """Side 1 is seats 1 & 3, side 2 seats 2 & 4 (with 2 players: one each)."""
    return (" & ".join(players[0::2]), " & ".join(players[1::2]))


@dataclass(frozen=True)
class CurrentMatch:
    """The match in progress, as the secondary screens need it."""

    id: str
    rules: Rules
    sides: tuple[str, str]
    hands: int  # hands saved so far
    deals_per_hand: int


def _newest_in_progress(repository: object) -> object | None:
    newest = None
    for status in IN_PROGRESS:
        page = repository.list_history(status=status, limit=1)
        if page.items and (newest is None or page.items[0].created > newest.created):
            newest = page.items[0]
    return None if newest is None else repository.get_match(newest.id)


def current_match(shared: object) -> CurrentMatch | None:
    """The table's match if it is in progress (or in a tie-break), else None.

    ``SharedTable.current()`` keeps the table's match in memory; a table
    without it is asked through its repository.
    """
    current = getattr(shared, "current", None)
    if callable(current):
        stored = current()
    else:
        repository = repository_of(shared)
        stored = None if repository is None else _newest_in_progress(repository)
    if stored is None or stored.status not in IN_PROGRESS:
        return None
    setup = stored.match.setup
    return CurrentMatch(
        id=stored.id,
        rules=setup.rules,
        sides=_side_names(setup.players),
        hands=len(stored.match.hands),
        deals_per_hand=setup.deals_per_hand,
    )


def default_rules(shared: object) -> Rules:
    """The rules a new match starts with: the stored default preset and target."""
    repository = repository_of(shared)
    if repository is None:
        return Rules()
    settings = repository.settings()
    preset = settings.preset if settings.preset in PRESETS else Preset.CLASSICO
    return Rules.preset(preset, settings.target)


def parse_target(text: str | None) -> int | None:
    """The typed target as an int when it is a whole number in range, else None."""
    try:
        value = int(str(text or "").strip())
    except ValueError:
        return None
    return value if TARGET_MIN <= value <= TARGET_MAX else None


# -- per-session settings and wakelock ---------------------------------------------
def apply_theme(page: ft.Page, theme: str) -> None:
    """Set the page's theme mode; the dark theme gets the light one's seed and
    density (without it Flutter's default dark theme is compact on desktops)."""
    page.theme_mode = THEME_MODES.get(theme, ft.ThemeMode.SYSTEM)
    light = page.theme
    page.dark_theme = ft.Theme(
        color_scheme_seed=getattr(light, "color_scheme_seed", None),
        visual_density=ft.VisualDensity.STANDARD,
    )


def apply_session_settings(app: object) -> None:
    """Give a new session the stored default language and theme."""
    repository = repository_of(app.shared)
    if repository is None:
        return
    settings = repository.settings()
    app.translator.lang = settings.language
    apply_theme(app.page, settings.theme)


class ScreenAwake:
    """Keeps this phone's screen on while a match is in progress.

    ``ft.Wakelock`` is a service: it must be created in ``main`` (it registers
    with the page of the current context), never in a pubsub handler. Every
    call is bounded by :attr:`TIMEOUT` and runs as a task on the session's own
    loop, so a browser that never answers (reported once with Flet 1.0.5; a
    phone on ``http://<LAN address>`` is not a secure context and may not offer
    the Wake Lock API) cannot block anything: the first failure is logged and
    the wakelock is not tried again in this session.
    """

    TIMEOUT = 3.0

    def __init__(
        self, page: ft.Page, on_change: Callable[[], None] | None = None
    ) -> None:
        self.page = page
        self.on_change = on_change  # called once it is known whether it works
        self.wakelock = ft.Wakelock()
        self.wanted = False
        self.enabled = False
        self.available: bool | None = None  # None: not tried yet
        self._busy = False

    def want(self, on: bool) -> None:
        """Ask for the screen to stay on (or not); returns at once."""
        if self.available is False or on == self.wanted:
            return
        self.wanted = on
        if not self._busy:
            self._busy = True
            self.page.run_task(self._apply)

    async def _apply(self) -> None:
        try:
            # Loop: the wish may change while a call is on its way.
            while self.enabled != self.wanted and self.available is not False:
                on = self.wanted
                call = self.wakelock.enable() if on else self.wakelock.disable()
                try:
                    await asyncio.wait_for(call, self.TIMEOUT)
                except Exception as error:  # timeout or a client-side failure
                    self.available = False
                    log.warning(
                        "wakelock %s failed (%s); the screen may turn off",
                        "enable" if on else "disable",
                        type(error).__name__,
                    )
                    break
                self.enabled, self.available = on, True
        finally:
            self._busy = False
        if self.on_change is not None:
            self.on_change()


def sync_awake(app: object) -> None:
    """Screen on while a match is in progress, off otherwise."""
    awake = getattr(app, "awake", None)
    if awake is not None:
        awake.want(current_match(app.shared) is not None)


def start_extras(app: object) -> None:
    """Per-session set-up for these screens; call from ``TableApp.start``."""
    from scorekeeper.ui.app import TOPIC

    apply_session_settings(app)

    def awake_changed() -> None:
        # Only the live tally shows whether the screen stays on.
        if app.route == LIVE_ROUTE:
            app.render()

    app.awake = ScreenAwake(app.page, awake_changed)

    async def on_table_change(topic: str, message: object) -> None:
        sync_awake(app)

    app.page.pubsub.subscribe_topic(TOPIC, on_table_change)
    sync_awake(app)


# -- rules -------------------------------------------------------------------------
def _preset_label(app: object, rules: Rules) -> str:
    return app.t(f"rules.preset.{rules.preset_name.value}")


def rules_view(app: object) -> ft.View:
    """The rules for the match in progress, else for the default settings."""
    match = current_match(app.shared)
    if match is not None:
        rules = match.rules
        intro = app.t("rules.of_match", sides=" - ".join(match.sides))
    else:
        rules = default_rules(app.shared)
        intro = app.t("rules.of_defaults")
    controls: list[ft.Control] = [
        semantic("rules-intro", ft.Text(intro, size=16)),
        semantic(
            "rules-summary",
            ft.Text(
                app.t(
                    "rules.summary",
                    preset=_preset_label(app, rules),
                    target=rules.target,
                ),
                size=16,
                weight=ft.FontWeight.BOLD,
            ),
        ),
    ]
    for number, section in enumerate(rules_sections(rules, app.translator.lang)):
        controls.append(ft.Divider())
        controls.append(semantic(f"rules-section-{number}", _heading(section.title)))
        for line_number, line in enumerate(section.lines):
            controls.append(
                semantic(
                    f"rules-line-{number}-{line_number}",
                    ft.Text(line, size=16),
                )
            )
    return screen(RULES_ROUTE, app.t("rules.title"), controls, spacing=10)


# -- settings ----------------------------------------------------------------------
def _save_settings(app: object, **changes: object) -> bool:
    """Store the defaults at once; tell the user if the write failed."""
    repository = repository_of(app.shared)
    if repository is None:
        return False
    try:
        repository.update_settings(**changes)
    except Exception as error:  # StorageError, SettingsError: show, never crash
        log.warning("settings not saved: %s", error)
        app.page.show_dialog(
            ft.SnackBar(content=ft.Text(app.t("settings.save_failed", error=error)))
        )
        return False
    # Other phones showing the settings redraw; this one keeps its own controls
    # (a redraw here would rebuild the target field under the user's fingers).
    _broadcast(app, {"settings": sorted(changes)}, others=True)
    return True


def set_language(app: object, lang: str) -> None:
    """This phone's language now, and the stored default."""
    app.translator.lang = lang
    _save_settings(app, language=app.translator.lang)
    app.render()


def set_theme(app: object, theme: str) -> None:
    """This phone's theme now, and the stored default."""
    apply_theme(app.page, theme)
    _save_settings(app, theme=theme)
    app.render()


def set_preset(app: object, preset: str) -> None:
    _save_settings(app, preset=Preset(preset).value)
    app.render()


@dataclass(frozen=True)
class TargetEntry:
    """What this phone typed in the target field, and what came of it.

    Kept on the session (``app.target_entry``) because the screen is rebuilt
    on every change: once flet has diffed a rebuilt view, its controls are
    frozen and a handler may not set their properties (verified: "Frozen
    controls cannot be updated"). State in, view out, as in the match screens.
    """

    text: str
    valid: bool
    saved: bool


def set_target(app: object, text: str | None) -> None:
    """Validate the typed target; save it when it is a whole number in range."""
    value = parse_target(text)
    saved = value is not None and _save_settings(app, target=value)
    app.target_entry = TargetEntry(text or "", value is not None, saved)
    app.render()


def settings_view(app: object) -> ft.View:
    """Language, theme, default preset and target; each change saved at once."""
    repository = repository_of(app.shared)
    settings = repository.settings() if repository is not None else None
    theme = settings.theme if settings is not None else "system"
    preset = settings.preset.value if settings is not None else Preset.CLASSICO.value
    if preset not in [p.value for p in PRESETS]:
        preset = Preset.CLASSICO.value
    target = settings.target if settings is not None else Rules().target

    entry = getattr(app, "target_entry", None)
    help_text = app.t("settings.target_help", low=TARGET_MIN, high=TARGET_MAX)
    target_field = ft.TextField(
        label=app.t("settings.target"),
        value=entry.text if entry is not None else str(target),
        keyboard_type=ft.KeyboardType.NUMBER,
        helper=app.t("settings.saved") if entry and entry.saved else help_text,
        error=(
            app.t("settings.target_error", low=TARGET_MIN, high=TARGET_MAX)
            if entry is not None and not entry.valid
            else None
        ),
        max_length=3,
        on_change=lambda e: set_target(app, e.control.value),
    )

    controls: list[ft.Control] = []
    if repository is None:
        controls.append(ft.Text(app.t("settings.no_storage")))
    controls += [
        _heading(app.t("settings.language")),
        segmented(
            "settings-language",
            [(lang, app.t(f"language.{lang}")) for lang in LANGUAGES],
            app.translator.lang,
            lambda lang: set_language(app, lang),
        ),
        ft.Text(app.t("settings.language_help")),
        ft.Divider(),
        _heading(app.t("settings.theme")),
        segmented(
            "settings-theme",
            [(t, app.t(f"settings.theme.{t}")) for t in THEMES],
            theme,
            lambda t: set_theme(app, t),
        ),
        ft.Divider(),
        _heading(app.t("settings.new_matches")),
        ft.Text(app.t("settings.preset")),
        segmented(
            "settings-preset",
            [(p.value, app.t(f"rules.preset.{p.value}")) for p in PRESETS],
            preset,
            lambda p: set_preset(app, p),
        ),
        semantic(
            "settings-preset-help", ft.Text(app.t(f"settings.preset_help.{preset}"))
        ),
        full_width("settings-target", target_field),
        ft.Divider(),
        big_button(
            "settings-connect",
            app.t("settings.connect"),
            lambda: app.go(CONNECT_ROUTE),
            icon=ft.Icons.QR_CODE,
            kind="plain",
        ),
    ]
    return screen(SETTINGS_ROUTE, app.t("settings.title"), controls)


# -- connect a phone ----------------------------------------------------------------
def connect_view(app: object) -> ft.View:
    """The LAN address of this server and a QR code of it."""
    info = lan_info(getattr(app.page, "url", None))
    controls: list[ft.Control] = []
    if info.url is None:
        controls.append(
            semantic("connect-message", ft.Text(app.t("connect.no_network")))
        )
    elif info.reachable:
        controls += [
            semantic("connect-message", ft.Text(app.t("connect.scan"), size=16)),
            semantic(
                "connect-url",
                ft.Text(info.url, size=24, weight=ft.FontWeight.BOLD),
            ),
            ft.Row(
                alignment=ft.MainAxisAlignment.CENTER,
                controls=[
                    semantic(
                        "connect-qr",
                        ft.Image(
                            src=qr_base64(info.url),
                            width=264,
                            height=264,
                            # crisp modules: no smoothing when scaled
                            filter_quality=ft.FilterQuality.NONE,
                            semantics_label=app.t("connect.qr", url=info.url),
                        ),
                    )
                ],
            ),
            ft.Text(app.t("connect.same_wifi")),
        ]
    else:
        controls += [
            semantic("connect-message", ft.Text(app.t("connect.local_only"), size=16)),
            ft.Text(
                app.t("connect.lan_command"),
                size=18,
                weight=ft.FontWeight.BOLD,
                font_family="monospace",
            ),
            semantic(
                "connect-url", ft.Text(app.t("connect.lan_would_be", url=info.url))
            ),
        ]
    return screen(CONNECT_ROUTE, app.t("connect.title"), controls, spacing=16)


# -- live tally ---------------------------------------------------------------------
def record(
    app: object, match: CurrentMatch, step: Callable[[LiveTally], LiveTally]
) -> LiveTally:
    """Apply one tap to the shared tally of the current hand and broadcast it."""
    tally = tallies_of(app.shared).change(match.id, match.hands, step)
    _broadcast(app, {"live": match.id})
    return tally


def last_entry_label(app: object, match: CurrentMatch, tally: LiveTally) -> str:
    """The undo button's text: what the last tap recorded, and for whom."""
    if not tally.log:
        return app.t("live.undo")
    kind, side_text = tally.log[-1].split(":")
    side = int(side_text)
    if kind == "bagari":
        what = app.t("live.bagari", value=tally.bagari[side][-1])
    elif kind == "spazzino":
        what = app.t("live.spazzino_rank", rank=tally.spazzini[side][-1].value)
    else:
        what = app.t(f"live.{kind}")
    return app.t("live.undo_of", what=what, side=match.sides[side])


def ask_spazzino_rank(app: object, match: CurrentMatch, side: int) -> ft.AlertDialog:
    """Open the card picker for a spazzino of ``side``; the tap records it."""

    def pick(rank: Rank) -> None:
        app.page.pop_dialog()
        record(app, match, lambda t: t.spazzino(side, rank))

    dialog = ft.AlertDialog(
        title=ft.Text(app.t("live.spazzino_of", side=match.sides[side])),
        # Rows of four, not a wrapping Row: AlertDialog sizes its content by
        # intrinsic width, which a wrapping Row cannot give (the picker was not
        # drawn at all). 4 x 56 px + gaps fits a dialog on a 360 px phone.
        content=ft.Column(
            tight=True,
            spacing=8,
            controls=[
                ft.Row(
                    spacing=8,
                    controls=[
                        semantic(
                            f"live-rank-{rank.value}",
                            ft.Button(
                                content=rank.value,
                                width=TOUCH_TARGET,
                                height=TOUCH_TARGET,
                                on_click=lambda _, r=rank: pick(r),
                            ),
                        )
                        for rank in RANKS[start : start + 4]
                    ],
                )
                for start in range(0, len(RANKS), 4)
            ],
        ),
        actions=[dialog_button(None, app.t("live.cancel"), app.page.pop_dialog)],
    )
    app.page.show_dialog(dialog)
    return dialog


def end_of_hand(app: object) -> None:
    """Open the count of the hand being played, pre-filled from this tally.

    As the scoreboard's "add hand" does: a draft this phone left behind (an
    entry opened too early, or the correction of a past hand left unsaved) is
    dropped, or it would hide what was recorded here, or even open that past
    hand for correction.
    """
    app.draft, app.edit_index, app.draft_key = None, None, None
    app.go(HAND_ENTRY_ROUTE)


def _side_column(
    app: object, match: CurrentMatch, tally: LiveTally, side: int, points: int
) -> ft.Control:
    def button(key: str, ident: str, on_click, **params: object) -> ft.Control:
        return semantic(
            f"live-{ident}-{side}",
            ft.Button(
                content=app.t(key, **params),
                height=TOUCH_TARGET,
                on_click=on_click,
            ),
        )

    none = app.t("live.none")
    buttons = [
        button(
            "live.piccola",
            "piccola",
            lambda _: record(app, match, lambda t: t.piccola(side)),
        ),
        button(
            "live.spazzino",
            "spazzino",
            lambda _: ask_spazzino_rank(app, match, side),
        ),
        button(
            "live.bagari",
            "bagari3",
            lambda _: record(app, match, lambda t: t.bagari_of(side, 3)),
            value=3,
        ),
        button(
            "live.bagari",
            "bagari4",
            lambda _: record(app, match, lambda t: t.bagari_of(side, 4)),
            value=4,
        ),
    ]
    if match.rules.scaluneddu:
        buttons.append(
            button(
                "live.scaluneddu",
                "scaluneddu",
                lambda _: record(app, match, lambda t: t.scaluneddu_for(side)),
            )
        )
    counts = [
        app.t("live.count.piccole", count=tally.piccole[side]),
        app.t(
            "live.count.spazzini",
            ranks=", ".join(r.value for r in tally.spazzini[side]) or none,
        ),
        app.t(
            "live.count.bagari",
            values=", ".join(str(v) for v in tally.bagari[side]) or none,
        ),
    ]
    if match.rules.scaluneddu:
        counts.append(app.t("live.count.scaluneddu", count=tally.scaluneddu[side]))
    return ft.Column(
        expand=True,
        spacing=8,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        controls=[
            ft.Text(
                match.sides[side],
                weight=ft.FontWeight.BOLD,
                text_align=ft.TextAlign.CENTER,
                max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            semantic(
                f"live-points-{side}",
                ft.Text(
                    app.t("live.points", points=points),
                    size=44,
                    weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER,
                ),
            ),
            *buttons,
            *(
                semantic(f"live-count-{side}-{i}", ft.Text(line))
                for i, line in enumerate(counts)
            ),
        ],
    )


def _no_match_view(app: object) -> ft.View:
    return screen(
        LIVE_ROUTE,
        app.t("live.title"),
        [
            semantic("live-no-match", ft.Text(app.t("live.no_match"), size=16)),
            big_button(
                "live-new-match",
                app.t("live.new_match"),
                lambda: app.go(NEW_MATCH_ROUTE),
                icon=ft.Icons.PLAY_ARROW,
                kind="plain",
            ),
        ],
        scroll=False,
    )


def live_view(app: object) -> ft.View:
    """Big buttons per side for what happens in play, shared by every phone."""
    match = current_match(app.shared)
    if match is None:
        return _no_match_view(app)
    tally = tallies_of(app.shared).get(match.id, match.hands)
    points = tally.running_points(match.rules)
    deals = match.deals_per_hand

    deal_row = ft.Row(
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        controls=[
            semantic(
                "live-deal-previous",
                ft.IconButton(
                    icon=ft.Icons.REMOVE,
                    icon_size=28,
                    tooltip=app.t("live.deal_previous"),
                    disabled=tally.deal <= 1,
                    on_click=lambda _: record(app, match, lambda t: t.previous_deal()),
                ),
            ),
            semantic(
                "live-deal",
                ft.Text(
                    app.t("live.deal", deal=tally.deal, deals=deals),
                    size=18,
                    weight=ft.FontWeight.BOLD,
                ),
            ),
            semantic(
                "live-deal-next",
                ft.IconButton(
                    icon=ft.Icons.ADD,
                    icon_size=28,
                    tooltip=app.t("live.deal_next"),
                    disabled=tally.deal >= deals,
                    on_click=lambda _: record(app, match, lambda t: t.next_deal(deals)),
                ),
            ),
        ],
    )
    undo_label = last_entry_label(app, match, tally)
    controls: list[ft.Control] = [
        ft.Text(app.t("live.hand", number=match.hands + 1)),
        deal_row,
        ft.Row(
            vertical_alignment=ft.CrossAxisAlignment.START,
            spacing=12,
            controls=[_side_column(app, match, tally, s, points[s]) for s in (0, 1)],
        ),
        ft.Text(app.t("live.points_help"), size=13),
    ]
    if tally.deal >= deals:
        controls.append(semantic("live-last-deal", ft.Text(app.t("live.last_deal"))))
    controls += [
        big_button(
            "live-undo",
            undo_label,
            lambda: record(app, match, lambda t: t.undo()),
            icon=ft.Icons.UNDO,
            kind="outlined",
            disabled=not tally.log,
        ),
        big_button(
            "live-to-hand-entry",
            app.t("live.to_hand_entry"),
            lambda: end_of_hand(app),
            icon=ft.Icons.CHECKLIST,
            kind="plain",
        ),
    ]
    awake = getattr(app, "awake", None)
    if awake is not None and awake.available is not None:
        controls.append(
            semantic(
                "live-awake",
                ft.Text(
                    app.t("live.awake_on" if awake.available else "live.awake_off"),
                    size=13,
                ),
            )
        )
    return screen(LIVE_ROUTE, app.t("live.title"), controls)


EXTRA_SCREENS: dict[str, Callable[[object], ft.View]] = {
    RULES_ROUTE: rules_view,
    SETTINGS_ROUTE: settings_view,
    CONNECT_ROUTE: connect_view,
    LIVE_ROUTE: live_view,
}
"""The routes of this module; ``app.py`` merges them into ``SCREENS``."""
