"""The page's connection-lost message (``ui/assets/connection.js``) says
what the catalogs say, in both languages (a browser test checks it shows)."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.i18n import CATALOGS

SCRIPT = (
    Path(__file__).resolve().parents[3] / "scorekeeper/ui/page/assets/connection.js"
)


def test_the_script_carries_the_catalog_texts_of_both_languages():
    script = SCRIPT.read_text(encoding="utf-8")
    for lang in ("it", "en"):
        catalog = CATALOGS[lang]
        for key, field in (("conn.lost", "lost"), ("conn.retrying", "retrying")):
            text = json.dumps(catalog[key], ensure_ascii=False)
            assert f"{field}: {text}" in script, (lang, key)


def test_the_script_watches_flets_websocket_endpoint():
    script = SCRIPT.read_text(encoding="utf-8")
    assert r"/\/ws$/" in script
    assert "window.WebSocket = Watched" in script
