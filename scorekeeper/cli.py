"""Command line: the app by default, and the ``score``, ``tournament``, storage
and ``build-web`` subcommands.

A thin shell: it reads arguments and files, calls the core (or the storage
repository), and prints. Exit status 0 on success, 2 on bad input with one line
on stderr naming the place. Heavy modules (flet, tinydb) are imported only by
the subcommands that need them.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from .core.engine import evaluate
from .core.matchfile import MatchFileError, parse_match, score_document, score_table
from .jsonfile import JsonFileError, read_json
from .shown import shown_path

EXIT_OK = 0
EXIT_BAD_INPUT = 2


InputError = JsonFileError
"""A file that cannot be read or decoded (``jsonfile``): the message names it."""


def _one_line(message: str) -> str:
    return " ".join(str(message).split())


def cmd_score(args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO) -> int:
    try:
        doc = parse_match(read_json(args.file, stdin))
        state = evaluate(doc.match)
    except (InputError, MatchFileError, ValueError) as e:
        print(_one_line(str(e)), file=err)
        return EXIT_BAD_INPUT
    except RecursionError:  # a value nested just too deep to be shown in a message
        name = "stdin" if args.file == "-" else shown_path(args.file)
        print(f"{name}: nested too deeply", file=err)
        return EXIT_BAD_INPUT
    if args.json:
        out.write(
            json.dumps(score_document(state), ensure_ascii=False, indent=2) + "\n"
        )
    else:
        out.write(score_table(state) + "\n")
    return EXIT_OK


def cmd_tournament_standings(
    args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO
) -> int:
    """``tournament standings FILE [--json]`` (docs/TOURNAMENT.md); exit codes
    and messages as ``score``'s."""
    from .core.tournament import (
        parse_tournament,
        standings_document,
        standings_table,
    )

    try:
        tournament = parse_tournament(read_json(args.file, stdin))
        text = (
            json.dumps(standings_document(tournament), ensure_ascii=False, indent=2)
            if args.json
            else standings_table(tournament)
        )
    except (InputError, ValueError) as e:
        print(_one_line(str(e)), file=err)
        return EXIT_BAD_INPUT
    except RecursionError:
        name = "stdin" if args.file == "-" else shown_path(args.file)
        print(f"{name}: nested too deeply", file=err)
        return EXIT_BAD_INPUT
    out.write(text + "\n")
    return EXIT_OK


def cmd_season_standings(
    args: argparse.Namespace, stdin: TextIO, out: TextIO, err: TextIO
) -> int:
    """``season standings NIGHT.json... [--best K] [--json]`` (README's "The
    club's season"): each night read as ``tournament standings`` reads it."""
    from .core.tournament import Tournament, parse_tournament
    from .core.tournament.season import (
        SeasonError,
        night_finished,
        season_standings,
    )

    if args.best is not None and args.best < 1:
        print(f"--best: {args.best} nights; at least 1", file=err)
        return EXIT_BAD_INPUT
    nights: list[Tournament] = []
    for name in args.files:
        try:
            night = parse_tournament(read_json(name, stdin))
        except (InputError, ValueError) as e:
            print(_one_line(str(e)), file=err)
            return EXIT_BAD_INPUT
        except RecursionError:
            print(f"{name}: nested too deeply", file=err)
            return EXIT_BAD_INPUT
        if nights and night.players_per_side != nights[0].players_per_side:
            print(
                f"{name}: {night.players_per_side} player(s) per side, "
                f"{args.files[0]} has {nights[0].players_per_side}: "
                "one season is of one kind of night",
                file=err,
            )
            return EXIT_BAD_INPUT
        nights.append(night)
    try:
        lines = season_standings(nights, args.best)
    except SeasonError as e:
        print(_one_line(str(e)), file=err)
        return EXIT_BAD_INPUT
    if args.json:
        doc = {
            "standings": [
                {
                    "rank": s.rank,
                    "entrant": s.entrant,
                    "nights": s.nights,
                    "points": s.points,
                    "first_places": s.first_places,
                }
                for s in lines
            ]
        }
        out.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
        return EXIT_OK
    rows = [("#", "entrant", "nights", "points", "first places")]
    rows += [
        (str(s.rank), s.entrant, str(s.nights), str(s.points), str(s.first_places))
        for s in lines
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        out.write("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))
        out.write("\n")
    unfinished = [
        name
        for name, night in zip(args.files, nights, strict=True)
        if not night_finished(night)
    ]
    if unfinished:  # a night counts once all its rounds' results are in
        out.write(f"not finished (not counted): {', '.join(unfinished)}\n")
    return EXIT_OK


def cmd_build_web(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pathlib import Path

    from .webbuild import BuildError, build_web
    from .webbuild.build import DEFAULT_OUT
    from .webbuild.downloads import DownloadError

    def log(line: str) -> None:
        print(line, file=out, flush=True)

    try:
        report = build_web(
            Path(args.out) if args.out else DEFAULT_OUT,
            wheels_dir=Path(args.wheels) if args.wheels else None,
            base_url=args.base_url,
            log=log,
        )
    except (BuildError, DownloadError, RuntimeError) as e:
        print(f"build-web: {e}", file=err)
        return EXIT_BAD_INPUT
    log(report.summary())
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``simulate --seed N [--players 2|4] [--json]``: a match played card by
    card (README's "simulate"); the same seed prints the same match."""
    from .core.simulation import simulate_match, simulation_document, simulation_log

    sim = simulate_match(args.seed, args.players)
    if args.json:
        out.write(json.dumps(simulation_document(sim), ensure_ascii=False) + "\n")
    else:
        out.write(simulation_log(sim) + "\n")
    return EXIT_OK


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusal is one line (exit 2), as every other
    refusal of the command line: no usage block above it."""

    def error(self, message: str) -> NoReturn:
        said = _one_line(message)
        if len(said) > MAX_ERROR:  # a megabyte value is never echoed whole
            said = said[:MAX_ERROR] + "…"
        self.exit(
            EXIT_BAD_INPUT, f"{self.prog}: error: {said} (-h lists the options)\n"
        )


MAX_ERROR = 300
"""Characters of argparse's refusal shown at most."""


MAX_PORT = 65535


def _port(text: str) -> int:
    """``--port``: a TCP port, 1 to 65535, or 0 (the system chooses a free one,
    and the address printed says which)."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= MAX_PORT:
        raise argparse.ArgumentTypeError(
            f"{text[:20]!r} is not a port (1 to {MAX_PORT}, or 0 for any free one)"
        )
    return port


def _host(text: str) -> str:
    """``--host``: an address; an IPv6 one may come in its URL's brackets."""
    if text.startswith("[") and text.endswith("]"):
        return text[1:-1]
    return text


def _data_problem(data: str | None) -> str | None:
    """Why the data folder (``--data``, else ``$SPAZZINO_DATA``) cannot be a
    folder's path at all (a path longer than the system takes), or None:
    said once, in one line, instead of a traceback at its first use."""
    from .storage.paths import resolve_data_dir

    folder = resolve_data_dir(data)
    try:
        os.stat(folder)
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG:
            return (
                "error: --data: the path, or a name in it, is too long for this "
                f"system ({len(str(folder)):,} characters): {shown_path(folder)}"
            )
    return None


def _add_data_option(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "--data",
        metavar="DIR",
        default=default,
        help="data folder (default: $SPAZZINO_DATA, else the project's data/)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python main.py",
        description="Spazzino segnapunti: the app (default) and its commands.",
    )
    _add_data_option(parser, None)
    parser.add_argument(
        "--recover",
        action="store_true",
        help="move a damaged data file aside to a timestamped copy and go on",
    )
    parser.add_argument(
        "--host", type=_host, default="127.0.0.1", help="address to serve on"
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=8550,
        help="port to serve on (0: any free one, printed)",
    )
    parser.add_argument(
        "--lan",
        action="store_true",
        help="listen on all interfaces and show the LAN address (for phones)",
    )
    parser.add_argument(
        "--require-code",
        action="store_true",
        help="ask every browser for the table code even on a loopback address "
        "(--lan and any other --host always ask)",
    )
    parser.add_argument(
        "--trust-proxy",
        action="store_true",
        help="the server is behind a reverse proxy: take the phone's address "
        "from X-Forwarded-For (otherwise that header is ignored)",
    )
    parser.add_argument(
        "--desktop", action="store_true", help="open a native window (flet-desktop)"
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="serve without opening a browser"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    score = sub.add_parser("score", help="score a match file (FORMAT.md)")
    score.add_argument("file", help="the match file, or - for stdin")
    score.add_argument("--json", action="store_true", help="print the result as JSON")
    _add_data_option(score, argparse.SUPPRESS)

    tournament = sub.add_parser(
        "tournament", help="a tournament document (docs/TOURNAMENT.md)"
    )
    tournament_sub = tournament.add_subparsers(
        dest="tournament_command", metavar="COMMAND", required=True
    )
    standings = tournament_sub.add_parser(
        "standings", help="the standings of a tournament document"
    )
    standings.add_argument("file", help="the tournament document, or - for stdin")
    standings.add_argument(
        "--json", action="store_true", help="print the standings as JSON"
    )

    simulate = sub.add_parser(
        "simulate", help="play a whole match card by card from a seed (RULES §7)"
    )
    simulate.add_argument("--seed", type=int, required=True, help="the random seed")
    simulate.add_argument(
        "--players", type=int, choices=(2, 4), default=2, help="2 (default) or 4"
    )
    simulate.add_argument(
        "--json", action="store_true", help="print the match and its plays as JSON"
    )

    season = sub.add_parser("season", help="a club's season of nights")
    season_sub = season.add_subparsers(
        dest="season_command", metavar="COMMAND", required=True
    )
    season_standings = season_sub.add_parser(
        "standings", help="the season's standings from its nights' documents"
    )
    season_standings.add_argument(
        "files", nargs="+", metavar="NIGHT", help="a tournament document (or -)"
    )
    season_standings.add_argument(
        "--best",
        type=int,
        default=None,
        metavar="K",
        help="count each entrant's K best nights",
    )
    season_standings.add_argument(
        "--json", action="store_true", help="print the standings as JSON"
    )

    from .data_commands import add_storage_commands

    add_storage_commands(sub)
    from .sharing.commands import add_share_command

    add_share_command(sub)
    from .ratings.commands import add_ratings_command

    add_ratings_command(sub)
    build_web = sub.add_parser(
        "build-web",
        help="build the offline web app (Pyodide) into a folder for a static host",
    )
    build_web.add_argument(
        "--out", metavar="DIR", default=None, help="output folder (default: dist/web)"
    )
    build_web.add_argument(
        "--wheels",
        metavar="DIR",
        default=None,
        help="cache of the app's wheels (default: ~/.cache/spazzino-web/wheels)",
    )
    build_web.add_argument(
        "--base-url",
        default="/",
        help="path the site is served under, e.g. /spazzino/ (default: /)",
    )
    _add_data_option(sub.choices["ratings"], argparse.SUPPRESS)
    for name in ("import", "export", "history", "share"):
        _add_data_option(sub.choices[name], argparse.SUPPRESS)
        sub.choices[name].add_argument(
            "--recover",
            action="store_true",
            default=argparse.SUPPRESS,
            help="move a damaged data file aside and go on",
        )
    _add_data_option(sub.choices["check"], argparse.SUPPRESS)
    return parser


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    stdin = stdin or sys.stdin
    if stdout is None and hasattr(sys.stdout, "reconfigure"):
        # names may be in any script: never fail to print them on a narrow locale
        sys.stdout.reconfigure(encoding="utf-8")
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    args = build_parser().parse_args(argv)
    if args.command not in ("score", "tournament", "build-web"):
        problem = _data_problem(getattr(args, "data", None))
        if problem is not None:
            print(problem, file=err)
            return EXIT_BAD_INPUT
    if args.command == "score":
        return cmd_score(args, stdin, out, err)
    if args.command == "tournament":
        return cmd_tournament_standings(args, stdin, out, err)
    if args.command in ("import", "export", "history", "check", "share", "ratings"):
        return args.run(args, out, err)
    if args.command == "season":
        return cmd_season_standings(args, stdin, out, err)
    if args.command == "simulate":
        return cmd_simulate(args, out, err)
    if args.command == "build-web":
        return cmd_build_web(args, out, err)
    from .ui.hosting.server import serve

    host = "0.0.0.0" if args.lan else args.host
    return (
        serve(
            host=host,
            port=args.port,
            data_dir=args.data,
            open_browser=not args.no_browser,
            desktop=args.desktop,
            recover=args.recover,
            require_code=True if args.require_code else None,
            trust_proxy=args.trust_proxy,
        )
        or EXIT_OK
    )
