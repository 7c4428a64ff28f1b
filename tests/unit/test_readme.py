"""README is a user's page (issue 36): the two set-up commands first, at most
250 lines, the reference in docs/ linked; and every link between the project's
pages (README, ARCHITECTURE, docs/) leads to a file and a heading that exist."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGES = [
    ROOT / "README.md",
    ROOT / "ARCHITECTURE.md",
    *sorted((ROOT / "docs").glob("*.md")),
]
LINK = re.compile(r"\]\(([^)#\s]*)(?:#([^)\s]+))?\)")


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces
    as hyphens."""
    text = heading.strip().lower()
    text = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    return {anchor(m) for m in re.findall(r"^#+ (.+)$", text, re.M)}


def test_the_anchor_of_a_heading_is_githubs():
    assert anchor("The table code's guarantees") == "the-table-codes-guarantees"
    assert anchor("Exit codes") == "exit-codes"


def test_readme_opens_with_the_two_set_up_commands_and_stays_short():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    assert blocks[0].strip() == "pip install -r requirements.txt && python main.py"
    assert blocks[1].strip().endswith("python -m mypy && python -m pytest")
    assert text.index("```sh") < text.index("\n## ")
    assert len(text.splitlines()) <= 250
    assert "docs/REFERENCE.md" in text


def test_every_link_between_the_pages_leads_somewhere():
    broken = []
    for page in PAGES:
        for target, fragment in LINK.findall(page.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            path = (page.parent / target).resolve() if target else page
            if not path.exists():
                broken.append(f"{page.name}: {target}")
            elif fragment and path.suffix == ".md" and fragment not in anchors(path):
                broken.append(f"{page.name}: {target}#{fragment}")
    assert not broken


def test_architectures_six_walks_each_open_at_most_two_files_that_exist():
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    table = text.split("## Six walks", 1)[1].split("\n## ", 1)[0]
    rows = [r for r in table.splitlines() if r.startswith("| ") and "---" not in r]
    walks = rows[1:]  # under the header
    assert len(walks) == 6
    for row in walks:
        opened = row.split("|")[2]
        files = [
            f
            for f in re.findall(r"`([\w/]+\.py)`", opened)
            if not f.startswith("tests/")
        ]
        assert 1 <= len(set(files)) <= 2, row
        for f in files:
            assert (ROOT / "scorekeeper" / f).exists(), f
