"""The installed app's colours agree with the theme: both manifests (server mode's
assets and the browser build's template) carry the theme's seed colour."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.ui.kit.theme import SEED_COLOR
from scorekeeper.webbuild import build

PACKAGE = Path(__file__).resolve().parents[3] / "scorekeeper"
GREEN_800 = "#2E7D32"  # Material green 800, what ft.Colors.GREEN_800 names


@pytest.mark.parametrize(
    "manifest", ["ui/page/assets/manifest.json", "webbuild/templates/manifest.json"]
)
def test_every_manifest_uses_the_theme_seed_colour(manifest: str) -> None:
    data = json.loads((PACKAGE / manifest).read_text(encoding="utf-8"))
    assert SEED_COLOR == "green800"
    assert data["theme_color"].upper() == GREEN_800
    assert build.THEME_COLOR == GREEN_800
