"""Entry point: ``python main.py`` serves the app; subcommands score and store."""

import sys

from scorekeeper.cli import main

if __name__ == "__main__":
    sys.exit(main())
