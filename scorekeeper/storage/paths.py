"""Where the data lives: ``--data DIR`` > ``$SPAZZINO_DATA`` > ``<project>/data``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

ENV_VAR = "SPAZZINO_DATA"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATA_DIR = PROJECT_ROOT / "data"


def resolve_data_dir(
    explicit: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
) -> Path:
    """The data folder: the explicit argument, else the environment, else default.

    An empty string counts as "not given". The folder is not created here;
    the repository creates it on first run.
    """
    env = os.environ if env is None else env
    if explicit:
        return Path(explicit).expanduser()
    from_env = env.get(ENV_VAR)
    if from_env:
        return Path(from_env).expanduser()
    return DEFAULT_DATA_DIR
