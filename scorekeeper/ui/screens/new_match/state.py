"""What one phone has filled in on the new-match screen so far, and how
another screen opens it (a rematch: the same players and rules)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from random import Random
from typing import TYPE_CHECKING

from scorekeeper.core.model import MatchSetup, Preset, Rules, SpazzinoNumeral, Ties
from scorekeeper.core.names import clean_name
from scorekeeper.table.hand_draft import as_entered, parse_whole
from scorekeeper.ui import routes

if TYPE_CHECKING:
    from scorekeeper.ui.shell.session import Session


@dataclass(frozen=True)
class NewMatchForm:
    """What one phone has filled in on the new-match screen so far (frozen:
    each tap makes the next form)."""

    count: int = 2
    names: tuple[str, ...] = ("", "", "", "")  # four seats, the first count shown
    first_dealer: int = 0  # seat index
    preset: Preset = Preset.CLASSICO
    spazzino_numeral: SpazzinoNumeral = SpazzinoNumeral.FACE
    ties: Ties = Ties.NONE
    scaluneddu: bool = True
    target: str = "31"
    early_win: bool = False
    drawn: bool = False  # first_dealer was drawn by lot, not chosen
    # seats (0-based) whose name field was typed in: an empty name there is
    # an error, elsewhere only a hint of what is still missing
    touched: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        # four seats whatever was given (a list, fewer names)
        names = (*self.names, "", "", "", "")[:4]
        object.__setattr__(self, "names", tuple(names))
        object.__setattr__(self, "touched", frozenset(self.touched))

    @classmethod
    def from_setup(cls, setup: MatchSetup) -> NewMatchForm:
        rules = setup.rules
        return cls(
            count=len(setup.players),
            names=tuple(setup.players),
            first_dealer=setup.dealer_seat,
            preset=rules.preset_name,
            spazzino_numeral=rules.spazzino_numeral,
            ties=rules.ties,
            scaluneddu=rules.scaluneddu,
            target=str(rules.target),
            early_win=rules.early_win,
        )

    def players(self) -> tuple[str, ...]:
        """The names as stored (RULES §4): trimmed, runs of spaces collapsed, NFC."""
        return tuple(clean_name(n) for n in self.names[: self.count])

    def rules(self) -> Rules:
        target = parse_whole(self.target)
        early_win = self.early_win and self.count == 2
        if self.preset is Preset.CUSTOM:
            return Rules(
                target=as_entered(target or 0),
                spazzino_numeral=self.spazzino_numeral,
                ties=self.ties,
                scaluneddu=self.scaluneddu,
                early_win=early_win,
            )
        rules = Rules.preset(self.preset, as_entered(target or 0))
        return Rules(
            target=rules.target,
            spazzino_numeral=rules.spazzino_numeral,
            ties=rules.ties,
            scaluneddu=rules.scaluneddu,
            early_win=early_win,
        )

    def setup(self) -> MatchSetup:
        players = self.players()
        dealer = players[min(self.first_dealer, self.count - 1)]
        return MatchSetup(players, dealer, self.rules())

    def drawn_first_dealer(self, source: Random) -> NewMatchForm:
        """The first dealer by lot ("per sorteggio", RULES §1): any seated
        player, each as likely. ``source`` is the session's random source (a
        test injects a seeded one)."""
        return replace(self, first_dealer=source.randrange(self.count), drawn=True)

    def with_first_dealer(self, seat: int) -> NewMatchForm:
        """The first dealer chosen by the players."""
        return replace(self, first_dealer=seat, drawn=False)

    def with_count(self, count: int) -> NewMatchForm:
        """Two or four players; a first dealer beyond them is the last seat."""
        dealer = min(self.first_dealer, count - 1)
        return replace(self, count=count, first_dealer=dealer, drawn=False)

    def with_name(self, seat: int, name: str, touched: bool = True) -> NewMatchForm:
        """``name`` in ``seat`` (0-based); ``touched``: typed there."""
        names = (*self.names[:seat], name, *self.names[seat + 1 :])
        seats = self.touched | {seat} if touched else self.touched
        return replace(self, names=names, touched=seats)

    def with_names(self, *names: str) -> NewMatchForm:
        """The first seats filled with ``names`` (untouched)."""
        return replace(self, names=(*names, *self.names[len(names) :]))

    def filled_next(self, name: str) -> NewMatchForm:
        """A roster name in the first empty seat (not twice)."""
        if name in self.players():
            return self
        for i in range(self.count):
            if not self.names[i].strip():
                return self.with_name(i, name, touched=False)
        return self


def fresh_form(session: Session) -> NewMatchForm:
    """A form as the settings start it (the preset, the target)."""
    settings = session.table.queries.settings()
    return NewMatchForm(preset=settings.preset, target=str(settings.target))


def open_new_match(session: Session, form: NewMatchForm | None = None) -> None:
    """The new-match screen, filled in with ``form`` (a rematch's), else fresh."""
    session.states.put(form or fresh_form(session))
    session.go(routes.NEW_MATCH)
