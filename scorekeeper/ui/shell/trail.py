"""The browser's history of one phone, mirrored, so that Back never reopens a
screen whose work is done.

Flet 1.0.5 can only *push* an address onto the browser's history
(``page.push_route``): it can neither replace the current entry nor go back.
So the entries of a finished screen stay behind: the new-match form after the
match started, the hand entry after its hand was saved. :class:`Trail` keeps
a copy of the entries this phone's browser holds, tells a browser Back or
Forward apart from the echo of the app's own pushes, and marks the entries of
finished screens *done*: a Back that lands on one shows the parent of the
screen on display instead (``routes.parent``), never the finished screen.

Pure Python (no flet), so the rules are unit-tested on their own.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Landing:
    """Where the browser went by itself (Back, Forward, a typed address)."""

    route: str
    done: bool
    """The entry belongs to a finished screen: do not show ``route``."""


class Trail:
    """The browser history entries of one phone, and which are done."""

    def __init__(self, route: str) -> None:
        self.entries: list[str] = [route]
        self.done: list[bool] = [False]
        self.index = 0
        # Routes the app pushed whose route-change event has not come back yet.
        self._echoes: list[str] = []

    @property
    def address(self) -> str:
        """The address the browser shows (or will once it hears of a push)."""
        return self.entries[self.index]

    def push(self, route: str) -> bool:
        """The app goes to ``route``: ``True`` when the browser must be told
        (``page.navigate``), ``False`` when it already shows that address."""
        if route == self.address:
            self.done[self.index] = False  # the entry shows its own screen again
            return False
        del self.entries[self.index + 1 :]
        del self.done[self.index + 1 :]
        self.entries.append(route)
        self.done.append(False)
        self.index += 1
        self._echoes.append(route)
        return True

    def finish(self, back_to: str | None = None) -> None:
        """The screen on display has done its work: Back never shows it again.

        With ``back_to`` (the screen the app returns to, as Save returns to
        the scoreboard), the earlier entry of ``back_to`` and every entry
        after it are done too: the push that follows stands for it, so Back
        from there leads to its parent, as if the finished screen had been
        popped off the stack.
        """
        first = self.index
        if back_to is not None:
            for i in range(self.index - 1, -1, -1):
                if self.entries[i] == back_to:
                    first = i
                    break
        for i in range(first, self.index + 1):
            self.done[i] = True

    def finish_all(self) -> None:
        """Every entry up to the one on display is done: the app goes home,
        and Back from home leaves the app's screens (Android's Back), never
        walking into old scoreboards and entries. The browser still holds
        those entries (flet cannot drop them): a Back on home steps over
        them all at once (the page script of ``ui/page/home_back.py``), and a
        Back that lands on one otherwise shows home."""
        for i in range(self.index + 1):
            self.done[i] = True

    def arrive(self, route: str) -> Landing | None:
        """The browser reports ``route``: ``None`` when it is the echo of the
        app's own push (or no move at all), else where it landed."""
        if self._echoes:
            if self._echoes[0] == route:
                self._echoes.pop(0)
                return None
            self._echoes.clear()  # an echo was lost: the browser is the truth
        if route == self.address:
            return None
        if self.index > 0 and self.entries[self.index - 1] == route:
            self.index -= 1  # Back
        elif (
            self.index + 1 < len(self.entries) and self.entries[self.index + 1] == route
        ):
            self.index += 1  # Forward
        else:  # a typed address: the browser pushed it
            del self.entries[self.index + 1 :]
            del self.done[self.index + 1 :]
            self.entries.append(route)
            self.done.append(False)
            self.index += 1
        return Landing(route, self.done[self.index])
