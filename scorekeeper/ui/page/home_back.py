"""The page script that makes Back from home leave the app, as Android's Back.

Flet 1.0.5 can only push browser history entries (``page.navigate``): the
entries of finished screens stay behind home, and ``ui/shell/trail.py`` shows home
for each, so a player pressing Back on home saw home again, once per screen
visited (issue 23 item 9). Flutter's router numbers the entries it makes
(``history.state.serialCount``, 0 for the app's first entry, one more per
push: ``MultiEntriesBrowserHistory`` in the Flutter engine), so this script,
in the ``<head>`` of the server's and the browser build's ``index.html``
before Flutter starts, can step over them when Back is pressed on home:

* with a page before the app in the tab (found at the first load: history
  longer than this entry), to that page: one press leaves the app;
* with none (an installed app, a new tab), to the app's first entry, its
  address made home's: one press shows home for the last time, and the next
  is the system's (the app closes).

The step it makes is the one a player makes by picking an entry in the
browser's back list: Flutter sees only where it lands (its popstate listener
is not called for the entry stepped off), so the router stays consistent.
Home is the app's base address (``<base href>``). Home has no dialog (a Back
with a dialog open closes it first: ``Drawing.on_route_change``): if one is
ever added there, this script must learn of it. No flet import: the web
build uses it.
"""

from __future__ import annotations

BEFORE_KEY = "spazzino.before"
"""The ``sessionStorage`` key saying whether the tab held a page before the app."""

HOME_BACK_SCRIPT = """<script>
  (function () {
    // Back on home leaves the app (ui/page/home_back.py).
    var base = new URL(document.baseURI).pathname;
    function bare(p) { return p.length > 1 ? p.replace(/\\/+$/, "") : p; }
    function serial(s) {
      return s !== null && typeof s === "object" && typeof s.serialCount === "number"
        ? s.serialCount : null;
    }
    try {
      if (serial(history.state) === null) {  // a first load, not a reload
        sessionStorage.setItem("@BEFORE_KEY@", history.length > 1 ? "1" : "0");
      }
    } catch (e) { console.warn("the page before the app not kept", e); }
    function before() {
      try { return sessionStorage.getItem("@BEFORE_KEY@") === "1"; }
      catch (e) { console.warn("the page before the app not read", e); return false; }
    }
    var at = { path: location.pathname, serial: serial(history.state) };
    function seen() { at = { path: location.pathname, serial: serial(history.state) }; }
    ["pushState", "replaceState"].forEach(function (name) {
      var own = history[name];
      history[name] = function () {
        var done = own.apply(history, arguments);
        seen();
        return done;
      };
    });
    function homeHere(state) {  // the app's first entry, shown as home
      history.replaceState(state, "", base + location.search);
    }
    var toFirst = false;
    window.addEventListener("popstate", function (event) {
      var was = at, now = serial(event.state);
      if (toFirst) {
        toFirst = false;
        homeHere(event.state);
        return;  // Flutter sees it: home
      }
      var back = was.serial !== null && now !== null && now < was.serial;
      if (back && bare(was.path) === bare(base)) {
        if (before()) {
          event.stopImmediatePropagation();
          history.go(-(now + 1));  // the page before the app
          return;
        }
        if (now > 0) {
          event.stopImmediatePropagation();
          toFirst = true;
          history.go(-now);
          return;
        }
        homeHere(event.state);
        return;
      }
      seen();
    }, true);
  })();
</script>""".replace("@BEFORE_KEY@", BEFORE_KEY)
