"""The browser build: ``build_web`` makes the offline static web app (Pyodide).

Not shipped in the build itself; ``scorekeeper.ui.hosting.browser`` is its runtime.
"""

from .build import BuildError, BuildReport, build_web

__all__ = ["BuildError", "BuildReport", "build_web"]
