"""The page script that hands a shared match's ``#m=`` fragment to the app.

What follows ``#`` never reaches a server, nor Flet's route (the path). This
script, in the ``<head>`` of the server's ``index.html`` (``ui/hosting/server.py``)
and of the browser build's (``webbuild/build.py``), runs before Flutter
starts: it moves a ``#m=`` fragment into ``localStorage`` under the key
Flutter's shared preferences read (``flutter.`` + :data:`INBOX_KEY`, the
value JSON-encoded) and takes it off the address bar, so a reload does not
offer the match again. ``context_page.take_link`` reads it.
Where the phone cannot share the picture as a file, ``navigator.canShare``
answers no and copies the link that goes with it: share_plus then downloads
the picture (its fallback), so the phone has the picture and the link.
No flet import: the web build uses it.
"""

from __future__ import annotations

from scorekeeper.ui.page.home_back import HOME_BACK_SCRIPT

INBOX_KEY = "spazzino.link"
"""The shared-preferences key :data:`LINK_SCRIPT` leaves a link under."""

LINK_SCRIPT = """<script>
  (function () {
    // A shared match (#m=...): hand it to the app, keep it off the address bar.
    var h = window.location.hash;
    if (h.indexOf("#m=") !== 0) return;
    try {
      window.localStorage.setItem("flutter.spazzino.link", JSON.stringify(h));
    } catch (e) { console.warn("shared match not kept", e); }
    history.replaceState(null, "", window.location.pathname + window.location.search);
  })();
  (function () {
    // A phone that cannot share the picture (no Web Share API, or none for
    // files): Flutter's share_plus asks canShare, then downloads the picture;
    // the link that goes with it (the share's text) is copied as well.
    var can = navigator.canShare ? navigator.canShare.bind(navigator) : null;
    var able = typeof navigator.share === "function";
    navigator.canShare = function (data) {
      var ok = false;
      try { ok = able && can !== null && can(data); } catch (e) { ok = false; }
      if (!ok && data && data.files && data.text && navigator.clipboard) {
        navigator.clipboard.writeText(data.text).catch(function (e) {
          console.warn("link not copied", e);
        });
      }
      return ok;
    };
  })();
</script>"""


PAGE_SCRIPTS = LINK_SCRIPT + "\n" + HOME_BACK_SCRIPT + "\n"
"""What the head of both index.html pages (the server's, the browser build's)
ends with: :data:`LINK_SCRIPT` and Back on home's (``ui/page/home_back.py``)."""


def with_page_scripts(index_html: str) -> str:
    """*index_html* with :data:`PAGE_SCRIPTS` as the last things of its head."""
    if index_html.count("</head>") != 1:
        raise ValueError("index.html: expected exactly one </head>")
    return index_html.replace("</head>", PAGE_SCRIPTS + "</head>")
