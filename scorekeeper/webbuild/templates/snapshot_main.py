"""What the build's memory snapshot holds (``snapshot.py``): run inside Pyodide
under Node.js by ``make_snapshot.mjs``, never shipped. It leaves no name
behind in ``__main__`` (the browser runs the app's entry as ``__main__``)."""


def _prepare() -> None:
    import json
    import random
    import sys

    # As flet-web's worker does once it has unpacked the archive.
    sys.path.insert(0, "__pypackages__")
    from scorekeeper.ui.hosting.browser import preload

    preload()
    # Same bytes for the same app (random's state is in the snapshot; the
    # browser reseeds it at start: browser.run).
    random.seed(0)
    native = sorted(
        name
        for name, module in sys.modules.items()
        if (getattr(module, "__file__", None) or "").endswith(".so")
    )
    print(
        "spazzino-snapshot:"
        + json.dumps({"modules": len(sys.modules), "native": native})
    )


_prepare()
del _prepare
