"""The value a change event carries: the newest the phone has sent.

Why not ``e.control.value``: the browser sends a control's new value twice,
as a property update of the control and as the event's data, and flet 1.0.5
applies the first to whichever Python object holds the control's id at that
moment. When a redraw of this phone is under way on the server (the answer to
the previous tap), that is the object being replaced, and the event then goes
to the new one, still holding the value drawn before the tap: a segment
tapped, or a digit typed, on a busy server was read as unchanged and lost
(``tests/unit/ui/test_events.py``, ``tests/e2e/test_entry_in_place.py``).

Why not the event's data alone: while a player types, the property updates
of the next keys arrive before the handler of a key has run; a handler that
stored its own key's text redrew the field with it, over the keys typed
since, and those were lost ("rivincitenica"). So :class:`ClientValues` keeps
the newest value the phone sent for each control id, whatever object got
it, and the guard (``ui/access/event_guard.py``) puts it in the event's data before a
handler runs; the readers below read the event.

Each reader falls back to the control's value when the event has no data
(an event made in a test, or by a client that sent none).
"""

from __future__ import annotations

from typing import Any

# The property a value event reports, by the control's type name and event.
VALUE_FIELDS: dict[tuple[str, str], str] = {
    ("TextField", "change"): "value",
    ("SegmentedButton", "change"): "selected",
    ("Switch", "change"): "value",
    ("Dropdown", "select"): "value",
}


class ClientValues:
    """The newest property values this phone sent, by control id."""

    def __init__(self) -> None:
        self._by_id: dict[int, dict[str, object]] = {}

    def install(self, page: Any) -> None:
        """Record every property update the phone sends (flet's session
        applies it to one object; this keeps it whatever object that was)."""
        messaging = getattr(page, "session", None)
        apply_patch = getattr(messaging, "apply_patch", None)
        if messaging is None or apply_patch is None:  # a test's page
            return

        def recorded(control_id: int, patch: dict[str, Any]) -> None:
            self.record(control_id, patch)
            apply_patch(control_id, patch)

        messaging.apply_patch = recorded

    def record(self, control_id: int, patch: dict[str, Any]) -> None:
        self._by_id.setdefault(control_id, {}).update(patch)

    def fill(self, e: Any, control: object, event_name: str) -> None:
        """Put in ``e.data`` the newest value the phone sent for
        ``control``, for the events that report one."""
        field = VALUE_FIELDS.get((type(control).__name__, event_name))
        sent = self._by_id.get(getattr(control, "_i", -1))
        if field is None or sent is None or field not in sent:
            return
        if hasattr(e, "data"):
            e.data = sent[field]


def _data(e: Any) -> object:
    return getattr(e, "data", None)


def text_of(e: Any) -> str:
    """The text of a ``TextField``'s change event."""
    data = _data(e)
    if isinstance(data, str):
        return data
    return str(getattr(e.control, "value", None) or "")


def choice_of(e: Any) -> list[str]:
    """The selected values of a ``SegmentedButton``'s change event."""
    data = _data(e)
    if isinstance(data, list):
        return [str(value) for value in data]
    return [str(value) for value in getattr(e.control, "selected", None) or []]


def flag_of(e: Any) -> bool:
    """The state of a ``Switch``'s change event."""
    data = _data(e)
    if isinstance(data, bool):
        return data
    return bool(getattr(e.control, "value", False))


def option_of(e: Any) -> str | None:
    """The option key of a ``Dropdown``'s select event."""
    data = _data(e)
    if isinstance(data, str):
        return data
    value = getattr(e.control, "value", None)
    return None if value is None else str(value)
