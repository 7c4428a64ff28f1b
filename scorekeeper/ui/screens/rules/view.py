"""The rules screen: the rules of the match being played, else of the defaults."""

from __future__ import annotations

import flet as ft

from scorekeeper.core.model import (
    NAMED_PRESETS,
    Preset,
    Rules,
)
from scorekeeper.rules_text import rules_sections
from scorekeeper.ui import routes
from scorekeeper.ui.kit.widgets import (
    big_button,
    heading,
    screen,
    semantic,
)
from scorekeeper.ui.screens.club.state import ClubState
from scorekeeper.ui.shell.session import Session


def default_rules(session: Session) -> Rules:
    """The rules a new match starts with: the stored default preset and target."""
    settings = session.table.queries.settings()
    preset = settings.preset if settings.preset in NAMED_PRESETS else Preset.CLASSICO
    return Rules.preset(preset, settings.target)


# -- rules -------------------------------------------------------------------------
def _preset_label(session: Session, rules: Rules) -> str:
    return session.t(f"rules.preset.{rules.preset_name.value}")


def rules_view(session: Session) -> ft.View:
    """The rules for the match in progress (this phone's: a club table's when
    it sits at one), else for the default settings."""
    stored = session.current()
    playing = stored is not None and session.table.is_playing(stored)
    if stored is not None and playing:
        setup = stored.match.setup
        rules = setup.rules
        sides = f"{setup.side_name(0)} - {setup.side_name(1)}"
        intro = session.t("rules.of_match", sides=sides)
    else:
        rules = default_rules(session)
        intro = session.t("rules.of_defaults")
    controls: list[ft.Control] = [
        semantic("rules-intro", ft.Text(intro, size=16)),
        semantic(
            "rules-summary",
            ft.Text(
                session.t(
                    "rules.summary",
                    preset=_preset_label(session, rules),
                    target=rules.target,
                ),
                size=16,
                weight=ft.FontWeight.BOLD,
            ),
        ),
    ]
    if session.states.of(ClubState).seat is None:  # a club table's phone sees its table
        controls.append(
            big_button(
                "rules-demo",
                session.t("demo.open"),
                lambda: session.go(routes.DEMO),
                ft.Icons.PLAY_CIRCLE_OUTLINE,
                "outlined",
            )
        )
    sections = rules_sections(rules, session.lang, session.french_cards)
    for number, section in enumerate(sections):
        controls.append(ft.Divider())
        controls.append(semantic(f"rules-section-{number}", heading(section.title)))
        for line_number, line in enumerate(section.lines):
            controls.append(
                semantic(
                    f"rules-line-{number}-{line_number}",
                    ft.Text(line, size=16),
                )
            )
    return screen(routes.RULES, session.t("rules.title"), controls, spacing=10)
