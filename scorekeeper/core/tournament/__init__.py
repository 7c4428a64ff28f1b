"""Tournaments (issue 26): a club night of many tables, one standings sheet.

The tournament document (``document``, docs/TOURNAMENT.md), its values
(``model``), the standings (``standings``) and the draw of each round
(``pairing``), and how the command prints them (``report``). Pure, like the
rest of the core.
"""

from .acceptance import (
    Acceptance,
    AcceptanceError,
    Waiting,
    accept,
    acceptance_problem,
    acceptors,
    parse_acceptance,
    redrawn_rounds,
    results_key,
    waiting_tables,
)
from .document import (
    TournamentDocument,
    TournamentFileError,
    dump_tournament,
    parse_tournament,
    read_tournament_document,
    table_match_problem,
)
from .model import Round, System, Table, Tournament, TournamentError
from .pairing import PairingError, circle_rounds, next_round
from .report import standings_document, standings_table
from .standings import LiveTable, Result, Standing, live_tables, results, standings

__all__ = [
    "Acceptance",
    "AcceptanceError",
    "LiveTable",
    "PairingError",
    "Result",
    "Round",
    "Standing",
    "System",
    "Table",
    "Tournament",
    "TournamentDocument",
    "TournamentError",
    "TournamentFileError",
    "Waiting",
    "accept",
    "acceptance_problem",
    "acceptors",
    "circle_rounds",
    "dump_tournament",
    "live_tables",
    "next_round",
    "parse_acceptance",
    "parse_tournament",
    "read_tournament_document",
    "redrawn_rounds",
    "results",
    "results_key",
    "standings",
    "standings_document",
    "standings_table",
    "table_match_problem",
    "waiting_tables",
]
