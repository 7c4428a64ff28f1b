"""The widget kit: the few building blocks every screen is made of.

Touch targets, side colours, the screen frame, big buttons, segmented
choices, the error banner and semantics wrappers (the stable identifiers the
browser tests select by). No screen of its own, no state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from scorekeeper.ui.kit import palette
from scorekeeper.ui.shell.event_values import choice_of

TOUCH_TARGET = 56
"""Height of the main buttons in logical pixels (Material minimum: 48)."""

SMALL_TARGET = 48
"""The smallest touch target we draw (chips, steppers)."""

# Every colour comes from the palette, whose contrast a test checks in both
# themes: SIDE_COLORS are fills under white text, SIDE_TEXT_COLORS a side's
# colour for text and lines on the page (a theme role: light on dark).
SIDE_COLORS = palette.SIDE_FILL
ON_SIDE_COLOR = palette.ON_SIDE_FILL
SIDE_TEXT_COLORS = palette.SIDE_TEXT
SIDE_LINE_COLORS = palette.SIDE_TEXT
ERROR_COLOR = ft.Colors.ERROR


def semantic(
    identifier: str,
    control: ft.Control,
    expand: bool | int = False,
    visible: bool = True,
) -> ft.Semantics:
    """Give ``control`` a stable identifier for tests and accessibility tools.

    ``expand`` and ``visible`` go on the wrapper: in a ``Row`` it is the
    ``Semantics`` that must expand, and flet refuses a ``Semantics`` whose
    content is hidden ("Semantics.content must be provided and visible").
    """
    # The key lets flet match a rebuilt control by its identifier rather than
    # by position: when a row gains or loses a button, the browser's ids would
    # otherwise be changed in place and point at the wrong button.
    return ft.Semantics(
        identifier=identifier,
        content=control,
        expand=expand,
        visible=visible,
        key=identifier,
    )


def locale_of(lang: str) -> ft.LocaleConfiguration:
    """The page's locale in the session's language: Flutter's own texts (the
    title bar's back arrow read by a screen reader, "Back" in English) follow
    it, as the app's do."""
    country = {"it": "IT", "en": "GB"}.get(lang, "IT")
    return ft.LocaleConfiguration(
        supported_locales=[ft.Locale("it", "IT"), ft.Locale("en", "GB")],
        current_locale=ft.Locale(lang, country),
    )


def back_arrow(label: str, on_back: Callable[[], object]) -> ft.Semantics:
    """A title bar's back arrow of our own (``ui/shell/layers.py``), a button named
    ``label`` for screen readers and tests.

    The name is the icon's semantics label, which the button takes as its
    own; an ``IconButton``'s tooltip names a wrapper, not the button, in
    flet 1.0.5 (checked in the browser)."""
    return semantic(
        "nav-back",
        ft.IconButton(
            icon=ft.Icon(ft.Icons.ARROW_BACK, semantics_label=label),
            on_click=lambda _: on_back(),
        ),
    )


def full_width(identifier: str, control: ft.Control) -> ft.Row:
    """``control`` across the whole row, with its ``semantic`` identifier."""
    return ft.Row(controls=[semantic(identifier, control, expand=True)])


BUTTON_KINDS: dict[
    str, type[ft.Button] | type[ft.FilledButton] | type[ft.OutlinedButton]
] = {
    "filled": ft.FilledButton,  # the screen's main action
    "outlined": ft.OutlinedButton,  # the other actions
    "plain": ft.Button,  # ways to other screens
}


def big_button(
    identifier: str,
    text: str,
    on_click: Callable[[], object] | None,
    icon: ft.IconData | None = None,
    kind: str = "filled",
    disabled: bool = False,
) -> ft.Control:
    """A full-width 56 px button in a row (``on_click`` takes no argument);
    ``kind`` is one of ``BUTTON_KINDS``."""
    button = BUTTON_KINDS[kind](
        content=text,
        icon=icon,
        height=TOUCH_TARGET,
        disabled=disabled or on_click is None,
        on_click=(lambda _: on_click()) if on_click else None,
    )
    return full_width(identifier, button)


def screen(
    route: str,
    title: str | ft.AppBar,
    controls: Sequence[ft.Control],
    *,
    spacing: int = 12,
    scroll: bool = True,
    padding: int = 16,
    horizontal_alignment: ft.CrossAxisAlignment = ft.CrossAxisAlignment.START,
) -> ft.View:
    """A screen: its route, a title bar (a title, or an ``AppBar`` with
    actions), its controls in a column that scrolls unless told otherwise."""
    appbar = title if isinstance(title, ft.AppBar) else ft.AppBar(title=ft.Text(title))
    return ft.View(
        route=route,
        padding=padding,
        spacing=spacing,
        scroll=ft.ScrollMode.AUTO if scroll else None,
        appbar=appbar,
        controls=list[ft.BaseControl](controls),
        horizontal_alignment=horizontal_alignment,
    )


def dialog_button(
    identifier: str | None,
    text: str,
    on_click: Callable[[], object],
    icon: ft.IconData | None = None,
    filled: bool = False,
) -> ft.Control:
    """An action of a dialog, 48 px tall (``on_click`` takes no argument)."""
    kind = ft.FilledButton if filled else ft.TextButton
    button = kind(
        content=text, icon=icon, height=SMALL_TARGET, on_click=lambda _: on_click()
    )
    return button if identifier is None else semantic(identifier, button)


def error_banner(message: str | None) -> ft.Control:
    """The session's last refused change, in its language (hidden when none).

    Always present in the tree (``visible`` toggles), so the controls below it
    keep their position and the diff does not rebuild them.
    """
    return semantic(
        "error-banner",
        ft.Container(
            bgcolor=ft.Colors.ERROR_CONTAINER,
            border=ft.Border.all(2, ERROR_COLOR),
            border_radius=8,
            padding=12,
            content=ft.Row(
                controls=[
                    ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ON_ERROR_CONTAINER),
                    ft.Text(
                        message or "",
                        color=ft.Colors.ON_ERROR_CONTAINER,
                        weight=ft.FontWeight.BOLD,
                        expand=True,
                    ),
                ]
            ),
        ),
        visible=bool(message),
    )


def section_title(text: str, icon: ft.IconData | None = None) -> ft.Control:
    controls: list[ft.Control] = []
    if icon is not None:
        controls.append(ft.Icon(icon))
    controls.append(ft.Text(text, size=18, weight=ft.FontWeight.BOLD))
    return ft.Row(controls=controls)


def problem_lines(identifier: str, texts: list[str]) -> ft.Control:
    """The problems of one field, right under it, in the error colour.

    Always in the tree (empty and hidden when the field is fine): a field's
    problems appear and disappear while the players type, and a stable tree
    keeps the text field they are typing in focused.
    """
    return semantic(
        identifier,
        ft.Column(
            spacing=2,
            controls=[
                ft.Text(t, color=ERROR_COLOR, weight=ft.FontWeight.W_500) for t in texts
            ],
        ),
        visible=bool(texts),
    )


def hint_lines(identifier: str, texts: list[str]) -> ft.Control:
    """What is still missing from a field nobody has touched yet: the same
    texts as ``problem_lines`` but in the normal text colour, because an
    empty form is not wrong, only unfinished. Always in the tree, hidden when
    there is nothing to say (see ``problem_lines``)."""
    return semantic(
        identifier,
        ft.Column(
            spacing=2,
            controls=[
                ft.Text(t, color=ft.Colors.ON_SURFACE_VARIANT, italic=True)
                for t in texts
            ],
        ),
        visible=bool(texts),
    )


def rows_of(controls: list[ft.Control], per_row: int, spacing: int = 6) -> ft.Column:
    """Controls laid out ``per_row`` to a row.

    Not ``Row(wrap=True)``: in the browser a wrapping row whose children are
    ``ft.Semantics`` draws Flutter's grey error box instead of the row.
    """
    return ft.Column(
        spacing=spacing,
        controls=[
            ft.Row(spacing=spacing, controls=controls[i : i + per_row])
            for i in range(0, len(controls), per_row)
        ],
    )


SEGMENT_STYLE = ft.ButtonStyle(padding=ft.Padding.symmetric(vertical=16, horizontal=8))
"""A 40 px segment plus 16 px of padding: a 56 px touch target."""


def segmented(
    identifier: str,
    options: list[tuple[str, str]],
    selected: str | None,
    on_change: Callable[[str | None], object],
    allow_empty: bool = False,
    sides: Sequence[int | None] = (),
) -> ft.Control:
    """A one-of-N choice; ``on_change`` gets the chosen value or ``None``.
    ``sides``: the side each option stands for (``None``: no side, such as
    "nessuno"): its name in the side's colour, filled with it when chosen,
    as the side's chips and columns are."""
    side_of = dict(zip((v for v, _ in options), sides, strict=False))
    chosen = side_of.get(selected) if selected is not None else None
    style = SEGMENT_STYLE
    if chosen is not None:
        style = SEGMENT_STYLE.copy(
            bgcolor={ft.ControlState.SELECTED: SIDE_COLORS[chosen]}
        )

    def label_of(value: str, label: str) -> ft.Text:
        side = side_of.get(value)
        if side is None:
            return one_line(label)
        on_fill = value == selected
        return one_line(
            label, color=ON_SIDE_COLOR if on_fill else SIDE_TEXT_COLORS[side]
        )

    button = ft.SegmentedButton(
        # one line each, "…" when a long name does not fit its segment
        segments=[
            ft.Segment(value=v, label=label_of(v, label)) for v, label in options
        ],
        selected=[selected] if selected is not None else [],
        allow_empty_selection=allow_empty,
        show_selected_icon=False,
        style=style,
        on_change=lambda e: on_change(next(iter(choice_of(e)), None)),
    )
    return full_width(identifier, button)


def one_line(
    text: str,
    *,
    expand: bool | int = False,
    size: float | None = None,
    weight: ft.FontWeight | None = None,
    color: ft.ColorValue | None = None,
    max_lines: int = 1,
    text_align: ft.TextAlign = ft.TextAlign.START,
) -> ft.Text:
    """A text that never overflows its width: cut with an ellipsis after
    ``max_lines`` lines (a 40-character name on a 360 px phone). Give it a
    bounded width: ``expand`` in a ``Row``, or a sized parent."""
    return ft.Text(
        text,
        size=size,
        weight=weight,
        color=color,
        max_lines=max_lines,
        overflow=ft.TextOverflow.ELLIPSIS,
        no_wrap=max_lines == 1,
        expand=expand,
        text_align=text_align,
    )


SHORT_NAME = 12
"""How many characters of a name a one-line summary keeps (``shorten``)."""


def initials(name: str, limit: int = SHORT_NAME) -> str:
    """A side's name where the room is fixed (a field's label, a button of
    one height): whole when it fits ``limit`` characters, else each player's
    initials ("Bartolomeo Rossi & Dario" -> "BR & D"), never cut with "…".

    >>> initials("Anna & Carla"), initials("Bartolomeo Rossi & Dario")
    ('Anna & Carla', 'BR & D')
    """
    if len(name) <= limit:
        return name
    return " & ".join(
        "".join(word[0] for word in player.split()).upper() or player
        for player in name.split(" & ")
    )


def wrapped(
    text: str,
    *,
    expand: bool | int = False,
    size: float | None = None,
    weight: ft.FontWeight | None = None,
    color: ft.ColorValue | None = None,
    text_align: ft.TextAlign = ft.TextAlign.START,
) -> ft.Text:
    """A text shown whole on as many lines as it needs: a name where points
    are read (the points after it, or under it, are never pushed out, and
    the name is never cut with "…")."""
    return ft.Text(
        text,
        size=size,
        weight=weight,
        color=color,
        no_wrap=False,
        expand=expand,
        text_align=text_align,
    )


def heading(text: str) -> ft.Control:
    """A section heading of a settings-like screen."""
    return ft.Text(text, theme_style=ft.TextThemeStyle.TITLE_MEDIUM)
