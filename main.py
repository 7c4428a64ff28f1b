"""Entry point: ``python main.py`` serves the app; subcommands score and store."""

import gc
import sys

from scorekeeper.cli import main

if __name__ == "__main__":
    status = main()
    # the process ends: what a command read (a 10,000-match history index,
    # 60,000 objects) is left to the system, not walked and freed one by one
    # by the interpreter's last collection (30 ms of `history`)
    gc.freeze()
    sys.exit(status)
