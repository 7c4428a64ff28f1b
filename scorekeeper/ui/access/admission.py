"""One phone's standing with the table code (``ui/access/table_code.py``): whether it is
admitted, as a player or a spectator, and what the code screen shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.ui import routes
from scorekeeper.ui.access.club_codes import Place
from scorekeeper.ui.access.peer import Peer
from scorekeeper.ui.access.table_code import Gate, Outcome, Role, path_of

Builder = Callable[[Any], ft.View]


class Admission:
    """Without a gate every phone is a player; with one, nothing is shown or
    changed until the phone presents a code. ``screens``: the code screen
    and the spectator board."""

    def __init__(
        self, gate: Gate | None, screens: tuple[Builder, Builder] | None
    ) -> None:
        self.gate = gate
        self.screens = screens
        self.role: Role | None = None if gate is not None else Role.PLAYER
        self.admitted_at = 0  # the gate's generation when admitted
        # Let in by a club night's table code (ui/access/club_codes.py): this phone
        # sees its table's match only (routes.SEAT), whatever it types, and
        # stays in when the table code is renewed (the QR card on the table
        # is the same all night). Leaving the table, it must present a code.
        self.seat_only = False
        self.code_typed = ""
        self.code_message: str | None = None
        self.codes_judged = 0  # a new, empty field after each code judged

    @property
    def admitted(self) -> bool:
        """Whether this phone may see the table's data."""
        if self.gate is None:
            return True
        if self.seat_only and self.role is Role.PLAYER:
            return True
        return self.gate.still_valid(self.role, self.admitted_at)

    def allows(self, route: str) -> bool:
        """Whether this phone may see ``route``'s screen: any, except for a
        phone let in by a club table's code (its table's screens only)."""
        return not self.seat_only or path_of(route) in routes.SEAT

    def leave_seat(self) -> None:
        """This phone leaves its club table: one let in by the table's code
        alone must present a code again (the server's code, or a table's)."""
        if self.seat_only and self.gate is not None:
            self.role = None
        self.seat_only = False

    @property
    def may_change(self) -> bool:
        """Whether this phone may change the table (a player, admitted)."""
        return self.admitted and self.role is Role.PLAYER

    def gated_views(self, session: Any, page: ft.Page) -> list[ft.View] | None:
        """The code screen (not admitted) or the spectator's board, drawn
        instead of the route's screen; ``None``: the route's screen."""
        if self.gate is None or self.screens is None:
            return None
        code_screen, board = self.screens
        if not self.admitted:
            self.role = None
            while page.pop_dialog() is not None:  # a dialog left open
                pass
            return [code_screen(session)]
        if self.role is Role.SPECTATOR:
            return [board(session)]
        return None

    def present(
        self,
        peer: Peer | None,
        text: str,
        t: Callable[..., str],
        club: Place | None = None,
    ) -> bool:
        """Present ``text`` as a code from ``peer`` (the connection as the
        server saw it); the code screen's message (``t``: in the phone's
        language) says why not. ``club``: where ``text`` leads as a club
        night's code (a table's: a player; the board's: a spectator)."""
        if self.gate is None:
            return True
        if club is not None:
            self.role = Role.SPECTATOR if club.board else Role.PLAYER
            self.seat_only = not club.board
            self.admitted_at = self.gate.generation
            self.code_typed, self.code_message = "", None
            return True
        verdict = self.gate.check(
            peer.address if peer else None, text, peer.connection if peer else None
        )
        self.code_typed = ""
        self.codes_judged += 1
        if verdict.outcome is Outcome.ADMITTED:
            self.role = verdict.role
            self.seat_only = False
            self.admitted_at = verdict.generation
            self.code_message = None
        elif verdict.wait > 0:
            self.code_message = t("code.wait", seconds=round(verdict.wait))
        else:
            self.code_message = t("code.wrong")
        return verdict.outcome is Outcome.ADMITTED

    def renew(self) -> bool:
        """A new table code: this phone stays admitted (``False``: not a
        player, nothing renewed)."""
        if self.gate is None or not self.may_change or self.seat_only:
            return False
        self.gate.renew_table_code()
        self.admitted_at = self.gate.generation
        return True
