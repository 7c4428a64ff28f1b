"""Value types of the game: ranks, rule options, side tallies, hands, match setup.

Everything here is a frozen dataclass or an enum and imports nothing outside the
standard library. A value may hold a wrong number (a tally typed by a player is
checked later by ``validation``); only its *shape* is fixed here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from .names import MAX_NAME_LENGTH as MAX_NAME_LENGTH
from .names import name_key

DECK_SIZE = 40
SPADES_IN_DECK = 10
MAX_PICCOLE = 17  # 36 plays, two per piccola, the last makes none
MAX_SPAZZINI = 18
MAX_NOTES_LENGTH = 2000
"""A match's notes: what the app's notes field takes (``ui/guard.MAX_TEXT``);
an import and the table service refuse longer ones."""
TARGET_MIN, TARGET_MAX = 1, 500


class Rank(StrEnum):
    """A card rank, spelled as in the match file (``"A"``, ``"2"`` … ``"R"``)."""

    ASSO = "A"
    DUE = "2"
    TRE = "3"
    QUATTRO = "4"
    CINQUE = "5"
    SEI = "6"
    SETTE = "7"
    FANTE = "F"
    CAVALLO = "C"
    RE = "R"

    @property
    def number(self) -> int:
        """1 for the ace … 10 for the re: the position in the napola run."""
        return _RANK_ORDER.index(self) + 1

    @property
    def is_figure(self) -> bool:
        return self in (Rank.FANTE, Rank.CAVALLO, Rank.RE)

    @classmethod
    def parse(cls, value: object) -> Rank:
        """The rank spelled by *value*; ``ValueError`` naming it otherwise."""
        if isinstance(value, Rank):
            return value
        if isinstance(value, str):
            try:
                return cls(value)
            except ValueError:
                pass
        raise ValueError(f"not a rank: {value!r} (expected one of {RANK_SPELLINGS})")

    def __str__(self) -> str:
        return self.value


_RANK_ORDER = list(Rank)
RANKS: tuple[Rank, ...] = tuple(Rank)
RANK_SPELLINGS = " ".join(r.value for r in RANKS)


class Suit(StrEnum):
    SPADE = "spade"
    COPPE = "coppe"
    DENARI = "denari"
    BASTONI = "bastoni"


class SpazzinoNumeral(StrEnum):
    """What a spazzino made with a numeral card (A–7) is worth."""

    FACE = "face"
    ONE = "one"


class Ties(StrEnum):
    """What a tie on carte (20–20) or spade (5–5) scores."""

    NONE = "none"
    SPLIT = "split"


class Preset(StrEnum):
    CLASSICO = "classico"
    VARIANTE_NORD = "variante_nord"
    CUSTOM = "custom"


NAMED_PRESETS = (Preset.CLASSICO, Preset.VARIANTE_NORD)
"""The presets a player picks by name (``CUSTOM`` is rules set one by one)."""


@dataclass(frozen=True)
class Rules:
    """The rule options of one match (RULES.md section 6)."""

    target: int = 31
    spazzino_numeral: SpazzinoNumeral = SpazzinoNumeral.FACE
    ties: Ties = Ties.NONE
    scaluneddu: bool = True
    early_win: bool = False

    def __post_init__(self) -> None:
        # Accept the file's spellings ("face", "split") as well as the enums.
        object.__setattr__(
            self, "spazzino_numeral", SpazzinoNumeral(self.spazzino_numeral)
        )
        object.__setattr__(self, "ties", Ties(self.ties))

    @classmethod
    def preset(cls, preset: Preset | str, target: int = 31) -> Rules:
        preset = Preset(preset)
        if preset is Preset.VARIANTE_NORD:
            return cls(
                target=target,
                spazzino_numeral=SpazzinoNumeral.ONE,
                ties=Ties.SPLIT,
                scaluneddu=False,
            )
        return cls(target=target)

    @property
    def preset_name(self) -> Preset:
        """Which preset these options are (target and early_win aside)."""
        for p in (Preset.CLASSICO, Preset.VARIANTE_NORD):
            ref = Rules.preset(p, self.target)
            if replace(self, early_win=False) == ref:
                return p
        return Preset.CUSTOM


@dataclass(frozen=True)
class SpadeList:
    """Spades entered card by card: the ranks of the spades a side captured."""

    ranks: tuple[Rank | str, ...] = ()


@dataclass(frozen=True)
class SpadeCount:
    """Spades entered as a count, with the honours and the napola said aloud."""

    count: int = 0
    due_di_spade: bool = False
    fante_di_spade: bool = False
    napola: int = 0


Spades = SpadeList | SpadeCount


@dataclass(frozen=True)
class SideTally:
    """What one side made in one hand, as entered (validated separately)."""

    cards: int = 0
    spades: Spades = field(default_factory=SpadeList)
    settebello: bool = False
    piccole: int = 0
    spazzini: tuple[Rank | str, ...] = ()
    bagari: tuple[int, ...] = ()
    scaluneddu: int = 0


@dataclass(frozen=True)
class Declaration:
    """An early-win declaration that stopped a hand during deal ``deal``."""

    by: str
    deal: int


@dataclass(frozen=True)
class Hand:
    """One hand: side 1's tally, side 2's tally, and the declaration if any."""

    sides: tuple[SideTally, SideTally]
    declaration: Declaration | None = None


@dataclass(frozen=True)
class MatchSetup:
    """Who plays, in counter-clockwise seat order, who deals first, which rules.

    With 4 players, side 1 is seats 1 & 3 and side 2 is seats 2 & 4; with 2,
    each player is a side. Seat *i* (0-based) belongs to side ``i % 2``.
    """

    players: tuple[str, ...]
    first_dealer: str | None = None
    rules: Rules = field(default_factory=Rules)

    @property
    def dealer_seat(self) -> int:
        if self.first_dealer is None:
            return 0
        return self.seat_of(self.first_dealer)

    def seat_of(self, player: str) -> int:
        """The seat (0-based) of *player*, named any way that is the same player
        (RULES §4: :func:`~scorekeeper.core.names.name_key`); ``ValueError`` if
        nobody sits there under that name."""
        keys = [name_key(p) if isinstance(p, str) else p for p in self.players]
        return keys.index(name_key(player))

    def has_player(self, player: object) -> bool:
        """Whether *player* (any value) names one of the players."""
        if not isinstance(player, str):
            return False
        try:
            self.seat_of(player)
        except ValueError:
            return False
        return True

    @property
    def deals_per_hand(self) -> int:
        return 6 if len(self.players) == 2 else 3

    def side_players(self, side: int) -> tuple[str, ...]:
        return tuple(p for i, p in enumerate(self.players) if i % 2 == side)

    def side_name(self, side: int) -> str:
        return " & ".join(self.side_players(side))

    def side_of(self, player: str) -> int:
        return self.seat_of(player) % 2


@dataclass(frozen=True)
class Match:
    """A match is its setup and its hands in order; everything else is derived."""

    setup: MatchSetup
    hands: tuple[Hand, ...] = ()
