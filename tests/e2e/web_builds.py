"""The two web builds ``test_web_build.py`` serves, made ahead (``ahead.py``):
the app's (v1), and v2, the same app with one line added to its entry, as a
new version deployed over v1 would be. ``python -m tests.e2e.web_builds
--results=FILE`` builds both into ``output/ahead/web/`` and saves their
reports as JSON.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import sys
from pathlib import Path

from scorekeeper.webbuild import BuildReport, build_web
from scorekeeper.webbuild.build import TEMPLATES
from tests.e2e import ahead

FOLDER = ahead.FOLDER / "web"
UPDATED_ENTRY_COMMENT = "# v2: deployed over v1 by test_web_build\n"


def build_both() -> dict[str, BuildReport]:
    shutil.rmtree(FOLDER, ignore_errors=True)
    FOLDER.mkdir(parents=True)
    entry = (TEMPLATES / "entry_main.py").read_text(encoding="utf-8")
    return {
        "v1": build_web(FOLDER / "v1", log=print),
        "v2": build_web(
            FOLDER / "v2", entry_source=entry + UPDATED_ENTRY_COMMENT, log=print
        ),
    }


def report_of(saved: dict) -> BuildReport:
    """A report as :func:`main` saved it."""
    return BuildReport(
        **{**saved, "out": Path(saved["out"]), "wheels": tuple(saved["wheels"])}
    )


def main(argv: list[str]) -> int:
    reports = build_both()
    for saved in (a.split("=", 1)[1] for a in argv if a.startswith("--results=")):
        Path(saved).write_text(
            json.dumps(
                {
                    name: {**dataclasses.asdict(r), "out": str(r.out)}
                    for name, r in reports.items()
                }
            ),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
