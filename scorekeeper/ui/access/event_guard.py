"""The one door every event from a phone passes: the handler guard.

A browser can send any event for any control id it knows, not only the taps
a finger can make. :func:`guard_views` wraps every ``on_*`` handler of the
views a session is about to draw, once per draw, so that an event

* for a control of a view that is not on top (the home screen under another
  screen, a screen the phone has left) is ignored: a *stale-screen* event;
* from a session that is not admitted (the table code, ``ui/access/table_code.py``) is
  ignored, except on the code screen itself;
* carrying a value the control never offered (a dropdown key not in its
  options, a segment that is not there, text longer than the field takes)
  is refused with a message (:func:`refusal`);
* whose handler raises is logged and shown as a message in the phone's
  language instead of flet's red traceback (the data is untouched: changes
  go through ``Session.apply``, which saves all or nothing).

What a value means (a valid hand, a name the roster has) is checked where it
is used: the core, ``forms.py`` and the table service.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Callable
from functools import cache
from types import SimpleNamespace
from typing import Any, cast

import flet as ft

from scorekeeper.ui.access.door import Door
from scorekeeper.ui.shell.event_values import choice_of, option_of, text_of

log = logging.getLogger(__name__)

GUARDED = "__spazzino_guarded__"


@cache
def _event_fields(cls: type) -> tuple[str, ...]:
    names = getattr(cls, "__dataclass_fields__", {})
    return tuple(n for n in names if n.startswith("on_"))


def _param_count(handler: Callable[..., Any]) -> int:
    try:
        return len(inspect.signature(handler).parameters)
    except (TypeError, ValueError):
        return 1


MAX_TEXT = 2000
"""The longest text a field takes when it sets no ``max_length`` of its own
(match notes are the longest thing typed; a name is refused past 40 by the
core). Longer input is refused before its handler sees it."""


def refusal(control: object, e: object = None) -> tuple[str, dict[str, object]] | None:
    """Why the value a browser sent for ``control`` (with the event ``e``,
    ``ui/shell/event_values.py``) cannot be true: text longer than the field takes, a
    choice that was not offered. ``None`` when it can."""
    event = (
        e
        if getattr(e, "control", None) is control
        else SimpleNamespace(control=control, data=None)
    )
    if isinstance(control, ft.TextField):
        cap = control.max_length or MAX_TEXT
        if len(text_of(event)) > cap:
            return "field.too_long", {"max": cap}
    elif isinstance(control, ft.Dropdown):
        keys = {o.key if o.key is not None else o.text for o in control.options or []}
        option = option_of(event)
        if option is not None and option not in keys:
            return "field.not_offered", {}
    elif isinstance(control, ft.SegmentedButton):
        values = {str(seg.value) for seg in control.segments}
        chosen = choice_of(event)
        if any(v not in values for v in chosen) or (
            not chosen and not control.allow_empty_selection
        ):
            return "field.not_offered", {}
    return None


def tell(session: Door, text: str) -> None:
    """A message on whatever screen the phone is on."""
    show_dialog(session, ft.SnackBar(content=ft.Text(text)))


def show_dialog(session: Door, dialog: ft.DialogControl) -> None:
    """Open ``dialog`` (an ``AlertDialog``, a ``SnackBar``) on this phone with
    its handlers through the guard, as the views' are: a handler that raises
    leaves a message, not flet's traceback; a session without the table code
    gets no answer; a value no control offered is refused. Every dialog of
    the app opens here (a test checks it).

    A dialog answers while the screen it was opened on is drawn (one left
    open when the phone moved elsewhere is stale, like that screen); a
    snackbar answers on any screen: an undo offer's own checks
    (``ui/shell/offers.py``) say "too late" for one no longer open.
    """
    key = ANY_SCREEN if isinstance(dialog, ft.SnackBar) else session.drawn_views_key
    _guard(session, key, dialog, set())
    session.page.show_dialog(dialog)


def _wrap(
    session: Door, route: Any, control: object, handler: Callable[..., Any]
) -> Callable[..., Any]:
    takes: list[
        bool
    ] = []  # whether the handler takes the event, found at the first call

    def allowed(e: object) -> bool:
        # the newest value the phone sent, not the one of the event's key
        # nor the control object's (ui/shell/event_values.py)
        session.client_values.fill(e, control, str(getattr(e, "name", "")))
        if route is not ANY_SCREEN and session.drawn_views_key != route:
            log.warning("an event for a screen this phone is not on was ignored")
            return False
        if not session.admitted and route != CODE_VIEW_KEY:
            log.warning("an event from a session without the table code was ignored")
            return False
        refused = refusal(control, e)
        if refused is not None:
            log.warning("a value no control offers was refused (%s)", refused[0])
            tell(session, session.t(refused[0], **refused[1]))
            return False
        return True

    def failed(error: Exception) -> None:
        log.error("a handler failed: %r", error, exc_info=error)
        try:
            session.report(session.t("err.unexpected", kind=type(error).__name__))
        except Exception:  # the first error is the one to report
            log.exception("redraw after a failed handler failed")

    def call(e: object) -> Any:
        if not takes:
            takes.append(_param_count(handler) > 0)
        return handler(e) if takes[0] else handler()

    wrapper: Callable[..., Any]
    if inspect.iscoroutinefunction(handler):

        async def wrapper(e: object = None) -> None:
            if allowed(e):
                try:
                    await call(e)
                except Exception as error:
                    failed(error)

    elif inspect.isgeneratorfunction(handler):

        def wrapper(e: object = None) -> Any:
            if allowed(e):
                try:
                    yield from call(e)
                except Exception as error:
                    failed(error)

    else:

        def wrapper(e: object = None) -> None:
            if allowed(e):
                try:
                    call(e)
                except Exception as error:
                    failed(error)

    setattr(wrapper, GUARDED, True)
    return wrapper


ANY_SCREEN = object()
"""The key of a snackbar's handlers (:func:`show_dialog`): any screen drawn."""

CODE_VIEW_KEY = "code-screen"
"""The key of the code screen's view: its handlers work before admission."""


def guard_views(
    session: Door,
    views: list[ft.View],
    top_key: object = None,
) -> None:
    """Wrap every handler in ``views`` (only the top view's stay live).

    ``top_key``: what the top view's handlers answer to, when not its key
    (a layered view is one key for the screens it shows, ui/shell/layers.py).
    Handlers guarded before keep their key, and a subtree guarded before is
    not walked again (a kept home, a kept layer): a screen no longer shown
    answers no event."""
    top = top_key if top_key is not None else (views[-1].key if views else None)
    session.drawn_views_key = top
    for view in views:
        # a view under the top one answers no event: its key never matches
        _guard(session, top if view is views[-1] else _UNDER, view, set())


_UNDER = object()


def guard_hidden(session: Door, view: ft.View, route: str) -> None:
    """Wrap the handlers of a screen drawn unseen under the one shown
    (``ui/shell/layers.py``): they answer only while ``route`` (that screen's own)
    is the one drawn, so no event while it is unseen. Keyed by its own
    route rather than never: a control it shares with the same screen drawn
    on top (a hand row, ``screens/hand_list.hand_rows``) answers there."""
    _guard(session, route, view, set())


_GUARDED_TREE = "_spazzino_guarded"
"""Set on a control whose whole subtree is guarded: a screen kept from an
earlier render (home under another screen, the scoreboard and the entry of
``ui/shell/layers.py``) is not walked again at every render."""


def _guard(session: Door, route: Any, control: object, seen: set[int]) -> None:
    if id(control) in seen or getattr(control, _GUARDED_TREE, False):
        return
    seen.add(id(control))
    for name in _event_fields(type(control)):  # type: ignore[arg-type]
        handler = getattr(control, name, None)
        if callable(handler) and not getattr(handler, GUARDED, False):
            setattr(control, name, _wrap(session, route, control, handler))
    # flet 1.0.5 keeps a control's set properties in ``_values`` and some
    # (``controls`` lists) as plain attributes: children are in either.
    values = getattr(control, "_values", {})
    for value in [*vars(control).values(), *values.values()]:
        if isinstance(value, ft.BaseControl):
            _guard(session, route, value, seen)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, ft.BaseControl):
                    _guard(session, route, item, seen)
    # Its handlers keep the key they were guarded with: a screen no longer
    # shown answers no event (see guard_views).
    setattr(control, _GUARDED_TREE, True)


def open_dialog(page: Any) -> ft.DialogControl | None:
    """The dialog open on top of ``page``, ``None`` when there is none or a
    snackbar is on top (a snackbar is no dialog for Back: it goes by
    itself). flet 1.0.5 keeps the page's dialogs in ``page._dialogs``
    (pinned; ``show_dialog`` opens them, ``pop_dialog`` closes the top one)."""
    held = getattr(getattr(page, "_dialogs", None), "controls", None) or []
    shown = [d for d in held if getattr(d, "open", False)]
    if not shown or isinstance(shown[-1], ft.SnackBar):
        return None
    return cast(ft.DialogControl, shown[-1])
