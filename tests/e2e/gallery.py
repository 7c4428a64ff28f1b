"""The gallery in docs/: a choice of the screen tour's shots (``screen_tour.py``),
phone-sized and compressed, with a caption in Italian and in English
(docs/GALLERY.md). Written by ``python -m tests.e2e.screen_tour --gallery``,
or by ``python -m tests.e2e.gallery`` from the shots the last tour left in
tests/e2e/output/tour/.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from PIL import Image

from tests.e2e.screen_tour import SCALE, Shot

DOCS = Path(__file__).resolve().parents[2] / "docs"

PICTURES: tuple[tuple[str, str, str, str, str], ...] = (
    # stop, pass, size, Italian caption, English caption
    ("home", "it-light", "360x740", "La schermata iniziale", "Home"),
    (
        "new-match-filled",
        "it-light",
        "360x740",
        "Nuova partita a quattro",
        "A new four-player match",
    ),
    (
        "scoreboard-empty",
        "it-light",
        "360x740",
        "Il tabellone dei punti",
        "The scoreboard",
    ),
    (
        "entry-half",
        "it-light",
        "360x740",
        "Una mano a metà: le spade toccate",
        "A hand half entered: the spades tapped",
    ),
    (
        "entry-full",
        "it-light",
        "360x740",
        "Una mano con la napola fino al re, e i punti che fa",
        "A hand with a napola up to the king, and its points",
    ),
    (
        "dialog-hand",
        "it-light",
        "360x740",
        "Il dettaglio di una mano",
        "One hand in detail",
    ),
    (
        "declaration",
        "it-light",
        "360x740",
        "Dichiaro vittoria",
        "Declaring a win",
    ),
    ("live", "it-light", "360x740", "Conta dal vivo", "Counting live"),
    ("match-over", "it-light", "360x740", "Partita finita", "Match over"),
    ("history", "it-light", "360x740", "Lo storico", "History"),
    (
        "match-detail",
        "it-light",
        "360x740",
        "Una partita dello storico",
        "A match's page",
    ),
    ("statistics", "it-light", "360x740", "Le statistiche", "Statistics"),
    ("rules", "it-light", "360x740", "Le regole", "The rules"),
    ("settings", "it-light", "360x740", "Le impostazioni", "Settings"),
    (
        "scoreboard-one-hand",
        "en-dark",
        "360x740",
        "Il tabellone, in inglese e scuro",
        "The scoreboard, English and dark",
    ),
    (
        "entry-full",
        "en-dark",
        "360x740",
        "Una mano, in inglese e scuro",
        "A hand, English and dark",
    ),
    (
        "club-night",
        "it-light",
        "1280x720",
        "Serata di torneo: l'organizzatore",
        "A club night: the organizer",
    ),
    (
        "club-qr",
        "it-light",
        "1280x720",
        "I codici QR da stampare",
        "The QR cards to print",
    ),
    ("club-seat", "it-light", "360x740", "Il telefono di un tavolo", "A table's phone"),
    (
        "club-board",
        "it-light",
        "1920x1080",
        "Il tabellone del torneo, su una TV",
        "The night's board, on a TV",
    ),
)


def compact(source: Path, target: Path) -> None:
    """``source`` at one device pixel per CSS pixel (a TV's halved), in a
    palette of 128 colours: a phone screen in about 50 KB."""
    image = Image.open(source).convert("RGB")
    scale = SCALE * (2 if image.width >= 1920 * SCALE else 1)
    image = image.resize((image.width // scale, image.height // scale), Image.LANCZOS)
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(
        target, optimize=True
    )


def write_gallery(shots: list[Shot], docs: Path = DOCS) -> list[Path]:
    """docs/gallery/*.png and docs/GALLERY.md from ``shots``; the pictures
    written."""
    folder = docs / "gallery"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    by_key = {
        (s.stop, f"{s.lang}-{s.theme}", f"{s.size['width']}x{s.size['height']}"): s
        for s in shots
    }
    lines = [
        "# Galleria / Gallery",
        "",
        "Le schermate dell'app, fotografate dal giro delle schermate",
        "(`python -m tests.e2e.screen_tour --gallery`). / The app's screens, as",
        "the screen tour photographs them.",
        "",
    ]
    written = []
    for stop, where, size, italian, english in PICTURES:
        shot = by_key.get((stop, where, size))
        if shot is None:
            continue
        name = f"{stop}-{where}-{size}.png"
        compact(shot.path, folder / name)
        written.append(folder / name)
        lines += [
            f"**{italian}** / *{english}*",
            "",
            f"![{english}](gallery/{name})",
            "",
        ]
    (docs / "GALLERY.md").write_text("\n".join(lines), encoding="utf-8")
    return written


def shots_on_disk(folder: Path) -> list[Shot]:
    """The shots a tour left in ``folder`` (``<lang>-<theme>/<stop>-<W>x<H>.png``)."""
    shots = []
    for path in sorted(folder.glob("*-*/*.png")):
        lang, theme = path.parent.name.split("-", 1)
        found = re.fullmatch(r"(.+)-(\d+)x(\d+)", path.stem)
        if found:
            size = {"width": int(found.group(2)), "height": int(found.group(3))}
            shots.append(Shot(found.group(1), lang, theme, size, path))
    return shots


if __name__ == "__main__":
    from tests.e2e.conftest import OUTPUT_DIR

    written = write_gallery(shots_on_disk(OUTPUT_DIR / "tour"))
    total = sum(p.stat().st_size for p in written)
    print(f"{len(written)} pictures, {total / 1e6:.1f} MB")
    sys.exit(0 if written else 1)
