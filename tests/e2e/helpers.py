"""Reliable taps and typing on a Flet page, shared by the browser tests.

Flutter draws on a canvas; tests reach controls through the semantics tree.
A tap or a fill that lands while the server redraws the screen can be lost,
so each helper repeats its action until the server's redraw shows it.
"""

from __future__ import annotations

import io
import operator
import re
import time
from collections.abc import Callable
from typing import TypeVar

from PIL import Image, ImageChops
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.e2e import screen_checks

T = TypeVar("T")

BACK = re.compile("^(Back|Indietro)$")
"""A title bar's back arrow: Flutter's ("Back") on most screens, the app's
own, in the phone's language, on the scoreboard and the screens over it
(ui/shell/layers.py)."""


def node(page, identifier: str):
    """The semantics node of ``ft.Semantics(identifier=...)``."""
    return page.locator(f"[flt-semantics-identifier='{identifier}']")


def button(page, identifier: str):
    """The button of the control ``identifier`` names: the node itself when
    Flutter merged the button into it (a button alone in its ``Semantics``,
    as the organizer's laptop row has them), else the button under it."""
    return (
        node(page, identifier)
        .locator("xpath=descendant-or-self::*[@role='button']")
        .first
    )


def snackbar(page, text):
    """A snackbar's text: Flutter gives it as a text node, or (while it
    slides in, seen under load) as the name of the group holding its action."""
    found = page.get_by_text(text, exact=True).or_(page.get_by_role("group", name=text))
    return found.first


def tap(target, timeout_ms: float | None = None) -> None:
    """Tap ``target`` through its semantics node, wherever it is drawn.

    A click at the control's on-screen position is not enough on a long,
    scrolling screen: after a scroll or a redraw, Flutter can hit-test a
    layout other than the one the page's semantics nodes show, and the tap
    lands on another control. A click event on the node's tappable element
    is Flutter's accessibility tap: it reaches that control only.
    """
    tappable = target.locator("xpath=descendant-or-self::*[@flt-tappable]").first
    tappable.dispatch_event("click", timeout=timeout_ms)


def tap_until(
    target, echo, text, exact: bool = False, by_position: bool = False
) -> None:
    """Tap ``target`` until the server has redrawn ``echo`` with ``text``.

    ``by_position`` clicks where the control is drawn, as a finger does,
    instead of tapping its semantics node.
    """
    check = expect(echo).to_have_text if exact else expect(echo).to_contain_text
    _until(
        lambda: _tap_now(target, by_position),
        lambda timeout: check(text, timeout=timeout),
        again=lambda: _tap_if_drawn(target, by_position),
    )


def _until(act, check, again=None) -> None:
    """``act``, then ``check(timeout)`` with a short deadline, up to three
    times (``again`` instead of ``act`` after the first, if given); then
    ``check`` once more with the default deadline (its failure is the
    test's)."""
    for attempt in range(3):
        (act if attempt == 0 or again is None else again)()
        try:
            check(2000)
            return
        except AssertionError:
            continue
    check(None)


def type_into(page, name, text, echo=None, click: bool = False) -> None:
    """Type in the text field labelled ``name``, again until the server has
    drawn ``echo`` (a locator and a text), or the field shows ``text``.

    Flutter only takes a fill into the focused field, and now and then the
    browser shows the text while the server never hears of it. ``click``
    focuses the field by clicking it, as a finger does, and again if the
    tap did not leave it focused: a tap that raced the field's autofocus lost
    the focus (busy run b6 of stop 46, the table code: in, out, in, out
    within 2 ms, then none), and a person whose keyboard did not come up taps
    again.
    """
    box = page.get_by_role("textbox", name=name)
    page.evaluate(FOLLOW_FOCUS)
    for attempt in range(3):
        if click:
            box.click()
        else:
            box.focus()
        if click and attempt < 2:
            try:
                ready_to_type(page, box, timeout_ms=2000)
            except AssertionError:
                continue
        else:
            ready_to_type(page, box)
        box.fill("")
        box.fill(text)
        try:
            if echo is not None:
                expect(echo[0]).to_contain_text(echo[1], timeout=2000)
            else:
                expect(box).to_have_value(text, timeout=2000)
            return
        except AssertionError:
            continue
    if echo is not None:
        expect(echo[0]).to_contain_text(echo[1])
    expect(box).to_have_value(text)


def enter_code(page, code: str) -> None:
    """Type ``code`` on the table-code screen and tap "Entra".

    The field is tapped where it is drawn, as a finger does, once it is at
    rest (it is drawn anew, empty, after a refused code).
    """
    field = page.get_by_role("textbox", name="Codice")
    settled(page, lambda: (field.bounding_box(), field.input_value()))
    type_into(page, "Codice", code, click=True)
    # the server empties the field once it has judged the code: that is the
    # tap heard (a wrong code's banner reads the same every time, so it
    # cannot tell a fifth attempt from a fourth); a tap that landed while the
    # screen was redrawn is made again, as a finger makes it
    judged = (
        "() => !document.querySelector(\"[flt-semantics-identifier='code-enter']\")"
        " || document.querySelector('input[aria-label=\"Codice\"]')?.value === ''"
    )
    for _ in range(3):
        tap(node(page, "code-enter").get_by_role("button"))
        try:
            page.wait_for_function(judged, timeout=10_000)  # let in, or emptied
            return
        except PlaywrightTimeoutError:
            continue
    page.wait_for_function(judged)


def choose(segmented, name: str, by_position: bool = False) -> None:
    """Tap the segment ``name`` of ``segmented`` until it is drawn selected
    (``aria-current="true"``). ``by_position``: as in ``tap_until``."""
    segment = segmented.get_by_role("button", name=name)
    _until(
        lambda: _tap_now(segment, by_position),
        lambda timeout: expect(segment).to_have_attribute(
            "aria-current", "true", timeout=timeout
        ),
    )


ENTRY_PAGES = {
    "it": ("Spade e settebello", "Carte e gioco"),
    "en": ("Spades & settebello", "Cards & play"),
}
"""The hand entry's two pages, as their tabs read: the spades and the
settebello; the cards and the play points."""


def entry_page(page, number: int, lang: str = "it", by_position: bool = False) -> None:
    """Show the hand entry's page ``number`` (1 or 2) by its tab, unless it
    is shown. ``by_position``: as in ``tap_until``."""
    tab = node(page, "entry-page").get_by_role(
        "button", name=ENTRY_PAGES[lang][number - 1]
    )
    if tab.get_attribute("aria-current") != "true":
        choose(node(page, "entry-page"), ENTRY_PAGES[lang][number - 1], by_position)


def settebello_to(page, side: str, lang: str = "it", by_position: bool = False) -> None:
    """Tap who has the settebello, and show the entry's second page: the
    tap turns to it by itself in a new hand with every spade given (the
    settebello is the first page's last question); else the segment is
    drawn chosen and the page's tab is tapped. ``by_position``: as in
    ``tap_until``."""
    segment = node(page, "entry-settebello").get_by_role("button", name=side)
    second = node(page, "entry-page").get_by_role("button", name=ENTRY_PAGES[lang][1])

    def turned_or_chosen(timeout) -> None:
        expect(
            second.and_(page.locator("[aria-current='true']")).or_(
                segment.and_(page.locator("[aria-current='true']"))
            )
        ).to_be_visible(timeout=timeout)

    _until(
        lambda: _tap_now(segment, by_position),
        turned_or_chosen,
        again=lambda: _tap_if_drawn(segment, by_position),
    )
    entry_page(page, 2, lang, by_position)


def tap_until_shown(target, shown, by_position: bool = False) -> None:
    """Tap ``target`` (a button that leaves its screen) until ``shown`` is
    drawn; a tap is repeated only while ``target`` is still there.
    ``by_position``: as in ``tap_until``."""
    _until(
        lambda: _tap_now(target, by_position),
        lambda timeout: expect(shown).to_be_visible(timeout=timeout),
        again=lambda: _tap_if_drawn(target, by_position),
    )


def tap_until_gone(target, by_position: bool = False) -> None:
    """Tap ``target`` (a dialog's button) until it is no longer drawn."""
    _until(
        lambda: _tap_now(target, by_position),
        lambda timeout: expect(target).to_have_count(0, timeout=timeout),
        again=lambda: _tap_if_drawn(target, by_position),
    )


def _tap_now(target, by_position: bool) -> None:
    """The first tap: made once ``target`` is drawn, within the page's
    deadline. Looked for a second only, a button drawn late under load was
    never tapped (a serial run beside the screen tour: "Inizia il turno 2"
    drawn, three taps skipped, no question)."""
    if by_position:
        target.click()
    else:
        tap(target)


def go_back(page, shown) -> None:
    """Tap the title bar's back arrow once, and wait until ``shown`` is drawn.

    Never tapped again: every screen has one, and a second tap made while
    the first one's screen was on its way went a screen further (a run in
    three workers: the organizer's Back from the roster, again after 2 s,
    left the club's night for the tournaments' screen)."""
    tap(page.get_by_role("button", name=BACK).first)
    expect(shown).to_be_visible()


TAP_TIMEOUT_MS = 5000
"""How long a tap waits for its control to be tappable before it looks
whether the control is still there."""


def _tap_if_drawn(target, by_position: bool) -> None:
    """Tap ``target`` if it is drawn. Drawn when looked at, it may be gone by
    the tap: the tap before took its screen away, slower than the check that
    followed it (busy run 5 of stop 43: the tap waited 30 s for a button
    gone). Gone, it is not tapped; still there and never tappable, the tap's
    timeout is the test's failure."""
    if not drawn(target):
        return
    try:
        if by_position:
            target.click(timeout=TAP_TIMEOUT_MS)
        else:
            tap(target, TAP_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        if drawn(target):
            raise


def drawn(target, timeout_ms: int = 1000) -> bool:
    """Whether ``target`` is in the page, waiting at most ``timeout_ms``
    (``Locator.count()`` has no deadline: a busy page would hang the test)."""
    try:
        target.first.wait_for(state="attached", timeout=timeout_ms)
    except PlaywrightTimeoutError:
        return False
    return True


FRAMES_DRAWN = """(n) => new Promise(r => {
  const next = (left) => left ? requestAnimationFrame(() => next(left - 1)) : r(true);
  next(n);
})"""

FRAME_DEADLINE_MS = 20_000
"""How long the page may take to draw a frame: a page whose main thread never
yields fails the test at it (``page.evaluate`` has no deadline: a run hung
12 minutes on a page whose main thread and render worker spun)."""


def next_frames(page, n: int = 1, timeout_ms: float = FRAME_DEADLINE_MS) -> None:
    """Wait until the page has drawn ``n`` more animation frames, at most
    ``timeout_ms`` (PlaywrightTimeoutError)."""
    page.wait_for_function(FRAMES_DRAWN, arg=n, timeout=timeout_ms)


FRAMES_ASKED = """(() => {
  if (window.__framesAsked) return;
  const ask = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  const pending = new Set();
  window.__framesAsked = () => pending.size;
  window.__framesAskedInAll = 0;
  window.requestAnimationFrame = (callback) => {
    const id = ask((time) => { pending.delete(id); callback(time); });
    pending.add(id);
    window.__framesAskedInAll += 1;
    return id;
  };
  window.cancelAnimationFrame = (id) => { pending.delete(id); cancel(id); };
})()"""
"""An init script that keeps the frames the page has asked for: those not
yet drawn (``window.__framesAsked()``, for ``at_rest``) and how many in all
(``window.__framesAskedInAll``). Flutter asks a ``requestAnimationFrame``
for each frame it draws (Playwright's own scripts run in a world of their
own and are not counted)."""


def at_rest(page, frames: int = 3, timeout_ms: int = 10_000) -> None:
    """Until the page has asked for no frame ``frames`` frames in a row: no
    animation runs (a dialog fading in, a ripple). Two pictures alike 200 ms
    apart did not say so: under load Flutter drew no frame for longer, and
    the tour photographed a dialog half faded in (busy run b11 of stop 49).
    The page must have ``FRAMES_ASKED`` as an init script."""

    def asked() -> int:
        pending = page.evaluate("() => window.__framesAsked?.() ?? null")
        assert pending is not None, "the page has no FRAMES_ASKED init script"
        return pending

    settled(page, asked, frames, timeout_ms, alike=lambda now, last: now == last == 0)


FOLLOW_FOCUS = """() => {
  if (window.__focusMoves) return;
  window.__focusMoves = [];
  const name = (el) =>
    el ? `${el.tagName}[${el.getAttribute('aria-label') ?? ''}]` : '-';
  for (const kind of ['focusin', 'focusout']) {
    document.addEventListener(kind, (e) => window.__focusMoves.push(
      `${Math.round(performance.now())} ms ${kind} ${name(e.target)}`
      + ` -> ${name(e.relatedTarget)} value=${e.target?.value ?? ''}`), true);
  }
}"""
"""Keeps where the focus went, and when (``focus_moves``): a test that loses a
typed key says what took the focus."""


def ready_to_type(page, field, timeout_ms: float | None = None) -> None:
    """``field`` focused within ``timeout_ms`` (else: where the focus went)
    and the keyboard up (``keyboard_up``); ``FOLLOW_FOCUS`` ran on ``page``
    before the tap."""
    try:
        expect(field).to_be_focused(timeout=timeout_ms)
    except AssertionError as error:  # what took the focus, said
        raise AssertionError(
            f"{field}: the focus moved:\n{focus_story(page)}"
        ) from error
    keyboard_up(page, field)


def keyboard_up(page, field, frames: int = 3) -> None:
    """Wait until ``field`` (a text field's locator) holds the focus
    ``frames`` animation frames in a row, as a person sees the keyboard up
    before typing.

    Flutter's editing element takes the DOM focus at the tap, before the
    framework's next frames: keys typed (or a fill) at once, under load, went
    to that element and the focus then to the page's body ("22" typed, "2"
    kept; a table code shown typed that the server never heard)."""
    holds = "(e) => e === document.activeElement"
    if not settled(page, lambda: field.evaluate(holds), frames=frames):
        raise AssertionError(f"{field}: the focus left it:\n{focus_story(page)}")


SOCKET_SPY = """
window.__frames = [];
const Socket = window.WebSocket;
function Spied(url, protocols) {
  const ws = protocols === undefined ? new Socket(url) : new Socket(url, protocols);
  const keep = (way, data) => {
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data)
      : ArrayBuffer.isView(data)
        ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : null;
    window.__frames.push([Math.round(performance.now()), way,
      bytes ? Array.from(bytes.slice(0, 2000)) : String(data).slice(0, 200)]);
    if (window.__frames.length > 400) window.__frames.shift();
  };
  ws.addEventListener('message', (e) => keep('in', e.data));
  const send = ws.send.bind(ws);
  ws.send = (data) => { keep('out', data); return send(data); };
  return ws;
}
Spied.prototype = Socket.prototype;
for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) Spied[k] = Socket[k];
window.WebSocket = Spied;
"""
"""An init script (``page.add_init_script``) keeping the page's last websocket
frames, each way (``socket_frames``): a test that loses a typed key says what
the server sent meanwhile."""


def socket_frames(page, since_ms: float = 0) -> list[str]:
    """The frames ``SOCKET_SPY`` kept from ``since_ms`` (the page's clock),
    decoded (flet's frames: a type byte, then msgpack), each cut short."""
    import msgpack

    said = []
    for at, way, data in page.evaluate("() => window.__frames ?? []"):
        if at < since_ms:
            continue
        if isinstance(data, list):
            try:
                data = msgpack.unpackb(bytes(data[1:]), strict_map_key=False)
            except ValueError as error:  # cut short at 2000 bytes
                data = f"<{len(data)} bytes: {error}>"
        said.append(f"{at} ms {way} {str(data)[:600]}")
    return said


def focus_moves(page) -> list[str]:
    """The focus's moves since ``FOLLOW_FOCUS`` ran on ``page``."""
    return page.evaluate("() => window.__focusMoves ?? []")


def focus_story(page, last: int = 12) -> str:
    """The ``last`` moves of the focus, a line each, for a failure's message."""
    return "\n".join(focus_moves(page)[-last:])


SEMANTICS_TREE = "() => document.querySelector('flt-semantics-host')?.innerHTML ?? ''"
"""The page's semantics nodes as HTML: where every control is, as a test reads
it."""


def settled(
    page,
    read: Callable[[], T],
    frames: int = 3,
    timeout_ms: int = 10_000,
    alike: Callable[[T, T], bool] = operator.eq,
) -> T:
    """``read()`` once it gave the same answer (``alike``) ``frames``
    animation frames in a row: a scroll or a layout has come to rest (where
    controls are drawn, ``bounding_box``), waited for as it happens, not for
    a guessed time."""
    deadline = time.monotonic() + timeout_ms / 1000
    last, same = read(), 0
    while same < frames:
        if time.monotonic() > deadline:
            raise AssertionError(f"still moving after {timeout_ms} ms")
        next_frames(page, timeout_ms=timeout_ms)
        now = read()
        same = same + 1 if alike(now, last) else 0
        last = now
    return last


def painted(page, timeout_ms: int = 15_000) -> bytes:
    """A screenshot of the page once two taken one after the other are alike
    and it is neither blank nor flet's "Working..." picture: CanvasKit has
    painted what the semantics tree already says (it can lag it by a frame,
    or by that picture for seconds after a load)."""

    def ready(now: bytes, before: bytes) -> bool:
        drawn = not screen_checks.blank(now) and not screen_checks.loading(now)
        return drawn and caret_apart(now, before)

    return settled(page, page.screenshot, frames=1, timeout_ms=timeout_ms, alike=ready)


def caret_apart(a: bytes, b: bytes) -> bool:
    """Two screenshots the same but for a text field's caret (it blinks:
    a thin upright line drawn or not; 2 device pixels a CSS pixel)."""
    if a == b:
        return True
    first, second = (Image.open(io.BytesIO(png)).convert("RGB") for png in (a, b))
    if first.size != second.size:
        return False
    box = ImageChops.difference(first, second).getbbox()
    return box is None or (box[2] - box[0] <= 8 and box[3] - box[1] <= 100)
