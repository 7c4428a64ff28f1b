// The page's own message while the server cannot be reached.
//
// flet-web's client shows "Working..." (English, compiled into main.dart.js)
// on a blank page while its websocket is down and it reconnects. This script
// watches that websocket (flet's endpoint "/ws") and, while it is closed,
// covers the page with a message in the phone's language (navigator.language:
// English for "en", else Italian, the app's own default), hidden again as
// soon as a new connection opens. The texts are copies of the catalog keys
// "conn.lost" and "conn.retrying" (tests/unit/ui/test_connection_message.py).
(function () {
  "use strict";
  var TEXTS = {
    it: {
      lost: "Connessione persa",
      retrying: "Questo telefono non raggiunge il server del segnapunti: riprovo da solo a collegarmi. Quello che è già salvato non si perde."
    },
    en: {
      lost: "Connection lost",
      retrying: "This phone cannot reach the scorekeeper's server: trying again by itself. Nothing already saved is lost."
    }
  };
  var SHOW_AFTER_MS = 400; // a reconnect that quick is not worth a message
  var lang =
    String(navigator.language || "it").toLowerCase().indexOf("en") === 0 ? "en" : "it";
  var texts = TEXTS[lang];
  var overlay = null;
  var timer = null;
  var open = 0;

  function build() {
    var div = document.createElement("div");
    div.id = "connection-lost";
    div.setAttribute("role", "alert");
    div.setAttribute("lang", lang);
    div.style.cssText = [
      "position:fixed", "inset:0", "z-index:2147483647", "display:none",
      "flex-direction:column", "align-items:center", "justify-content:center",
      "gap:16px", "padding:32px", "box-sizing:border-box", "text-align:center",
      "font-family:Roboto,Arial,sans-serif"
    ].join(";");
    var dark =
      window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
    // the palette's surface and on_surface (scorekeeper/ui/palette.py)
    div.style.background = dark ? "#10140F" : "#F7FBF1";
    div.style.color = dark ? "#E0E4DA" : "#181D17";
    var title = document.createElement("div");
    title.style.cssText = "font-size:24px;font-weight:bold";
    title.textContent = texts.lost;
    var body = document.createElement("div");
    body.style.cssText = "font-size:18px;line-height:1.4;max-width:28em";
    body.textContent = texts.retrying;
    div.appendChild(title);
    div.appendChild(body);
    document.body.appendChild(div);
    return div;
  }

  var covered = false;
  var state = Object.getOwnPropertyDescriptor(Document.prototype, "visibilityState");
  var hidden = Object.getOwnPropertyDescriptor(Document.prototype, "hidden");
  var canCover = !!(state && state.get && hidden && hidden.get);
  if (canCover) {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: function () { return covered ? "hidden" : state.get.call(document); }
    });
    Object.defineProperty(document, "hidden", {
      configurable: true,
      get: function () { return covered || hidden.get.call(document); }
    });
    // Flutter takes a window's focus for "resumed" and its blur for
    // "inactive" (both draw) whatever the visibility: covered, it is told
    // again the page is hidden, once its listener (added after this one) ran
    ["focus", "blur"].forEach(function (name) {
      window.addEventListener(name, function () {
        if (covered) setTimeout(told, 0);
      });
    });
  }
  function told() {
    document.dispatchEvent(new Event("visibilitychange"));
  }
  function cover(on) {
    if (!canCover || covered === on) return;
    covered = on;
    told();
  }

  function show() {
    if (timer !== null || open > 0) return;
    timer = setTimeout(function () {
      timer = null;
      if (open > 0) return;
      overlay = overlay || build();
      overlay.style.display = "flex";
      cover(true);
    }, SHOW_AFTER_MS);
  }

  function hide() {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (overlay) overlay.style.display = "none";
    cover(false);
  }

  var Native = window.WebSocket;
  if (!Native) return;
  function Watched(url, protocols) {
    var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    var path = "";
    try {
      path = new URL(url, location.href).pathname;
    } catch (e) {
      path = "";
    }
    if (/\/ws$/.test(path)) {
      var counted = false;
      ws.addEventListener("open", function () {
        counted = true;
        open += 1;
        hide();
      });
      ws.addEventListener("close", function () {
        if (counted) open -= 1;
        counted = false;
        if (open <= 0) show();
      });
    }
    return ws;
  }
  Watched.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) {
    Object.defineProperty(Watched, k, { value: Native[k] });
  });
  window.WebSocket = Watched;
})();
