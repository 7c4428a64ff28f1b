"""Every route of the app, once, and where each screen's back arrow leads."""

from __future__ import annotations

HOME = "/"
NEW_MATCH = "/nuova"
MATCH = "/partita"
HAND = "/partita/mano"
DECLARE = "/partita/dichiara"
LIVE = "/live"
HISTORY = "/storico"
DETAIL = "/storico/partita"
CORRECT = "/storico/partita/mano"  # a hand of a stored match corrected
DELETED = "/storico/eliminate"
STATS = "/statistiche"
LEADERBOARD = "/classifica"
TRAINER = "/allenamento"
DEMO = "/prova"
RULES = "/regole"
SETTINGS = "/impostazioni"
CONNECT = "/collega"
BOARD = "/tabellone"
CLUB = "/torneo"
CLUB_NEW = "/torneo/nuovo"
CLUB_NIGHT = "/torneo/serata"
CLUB_CARDS = "/torneo/qr"
CLUB_ROSTER = "/torneo/iscritti"  # late arrivals and withdrawals (issue 37)

PARENTS: dict[str, str] = {
    HAND: MATCH,
    DECLARE: MATCH,
    LIVE: MATCH,
    CONNECT: SETTINGS,
    BOARD: CONNECT,
    DETAIL: HISTORY,
    CORRECT: DETAIL,
    DELETED: HISTORY,
    CLUB_NEW: CLUB,
    CLUB_NIGHT: CLUB,
    CLUB_CARDS: CLUB_NIGHT,
    CLUB_ROSTER: CLUB_NIGHT,
    DEMO: RULES,
}
"""Where a screen's back arrow leads when it is not home."""


SEAT = (HOME, MATCH, HAND, DECLARE, LIVE, RULES)
"""The screens of a phone let in by a club night's table code: its table's
match (home is the table's screen, ``screens/club/seat.py``) and the rules.
Another address typed there draws home (``ui/admission.Admission.allows``)."""


OVER: dict[str, str] = {HAND: MATCH, DECLARE: MATCH}
"""Screens drawn as a layer over another in one view (``ui/shell/layers.py``): the
scoreboard stays built, unseen, under the hand entry and the declaration, so
Save only shows it again with its new totals."""


def parent(route: str) -> str:
    """The screen the back arrow of ``route`` leads to."""
    return PARENTS.get(route, HOME)
