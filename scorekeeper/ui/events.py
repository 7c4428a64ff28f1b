"""The value a change event carries: what the phone shows at that tap.

Why not ``e.control.value``: the browser sends a control's new value twice,
as a property update of the control and as the event's data, and flet 1.0.5
applies the first to whichever Python object holds the control's id at that
moment. When a redraw of this phone is under way on the server (the answer to
the previous tap), that is the object being replaced, and the event then goes
to the new one, still holding the value drawn before the tap: a segment
tapped, or a digit typed, on a busy server was read as unchanged and lost
(``tests/unit/test_events.py``, ``tests/e2e/test_entry_in_place.py``). The
event's data is the value the phone sent with the event itself.

Each reader falls back to the control's value when the event has no data
(an event made in a test, or by a client that sent none).
"""

from __future__ import annotations

from typing import Any


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
