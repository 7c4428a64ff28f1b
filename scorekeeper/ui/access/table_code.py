"""Who may use a server that listens beyond loopback: the table code.

Pure Python (no flet), so it is tested without a browser or a clock.

A server reachable from the LAN (``python main.py --lan``) makes two codes at
start: the *table code* lets a phone in as a player, the *board code* as a
spectator (the read-only "Tabellone"). A session sees no data and changes
nothing until it presents one (``/?t=K7P2QX``, or the code screen).

* The codes use :data:`ALPHABET`: no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B, Q: easy to
  read aloud across a table and to type on a phone. Six symbols of 21 are
  21**6 = 85,766,121 codes (26.4 bits).
* Wrong guesses are bounded per client address and per connection
  (:class:`Gate.check`): after :data:`FREE_TRIES` wrong codes the address (or
  the connection) waits :data:`FIRST_WAIT` seconds, and each further wrong
  code doubles the wait (capped at :data:`MAX_WAIT`). The address is the
  connection's peer as the server sees it (``ui/access/peer.py``), which no
  protocol message can change.
* A code is never logged: :func:`redact` removes it from any log record
  (flet's debug log of routes, uvicorn's access log of ``GET /?t=...``).
"""

from __future__ import annotations

import ipaddress
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from urllib.parse import parse_qsl, urlsplit

ALPHABET = "ACDEFHKMNPRTUVWXY3479"
"""Symbols of a code: letters and digits that cannot be confused when read
aloud or from a screen (no 0/O/Q, 1/I/L/J, 2/Z, 5/S, 6/G, 8/B)."""

CODE_LENGTH = 6
CODE_BITS = CODE_LENGTH * 4.392  # log2(21) = 4.392
QUERY_KEY = "t"
"""The query parameter that carries a code: ``http://host:8550/?t=K7P2QX``."""

FREE_TRIES = 5
FIRST_WAIT = 60.0
MAX_WAIT = 24 * 3600.0
MAX_CODE_INPUT = 64
"""Longer input is not a code: refused without looking at it."""


class Role(Enum):
    """What an admitted session may do."""

    PLAYER = "player"  # everything
    SPECTATOR = "spectator"  # look at the board, change nothing


def new_code() -> str:
    """A fresh code from the operating system's secure random source."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    """What a person typed, as a code: case and spaces, dashes, dots ignored."""
    if len(text) > MAX_CODE_INPUT:
        return ""
    return re.sub(r"[\s\-.]", "", text).upper()


def code_in(route: str | None) -> str | None:
    """The code a route carries (``/partita?t=K7P2QX`` -> ``K7P2QX``)."""
    if not route or "?" not in route:
        return None
    for key, value in parse_qsl(urlsplit(route).query):
        if key == QUERY_KEY:
            return value
    return None


def path_of(route: str | None) -> str:
    """A route without its query (``/partita?t=K7P2QX`` -> ``/partita``)."""
    if not route:
        return "/"
    return urlsplit(route).path or "/"


def with_code(url: str, code: str) -> str:
    """``url`` carrying ``code``: ``http://h:8550`` -> ``http://h:8550/?t=CODE``."""
    base = url if urlsplit(url).path else url.rstrip("/") + "/"
    return f"{base}?{QUERY_KEY}={code}"


def is_loopback(host: str) -> bool:
    """Whether a server bound to ``host`` is reachable from this machine only."""
    if host in ("localhost",):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # "", "*", a name: assume it listens beyond loopback
        return False


class Outcome(Enum):
    ADMITTED = "admitted"
    WRONG = "wrong"
    WAIT = "wait"  # too many wrong codes from this address


@dataclass(frozen=True)
class Verdict:
    """The answer to one code presented."""

    outcome: Outcome
    role: Role | None = None
    wait: float = 0.0  # seconds, for WAIT
    generation: int = 0  # of the table code, for an admitted player


@dataclass
class _Tries:
    wrong: int = 0
    locked_until: float = 0.0
    lockouts: int = 0


@dataclass
class Gate:
    """The codes of one server and the wrong guesses of each client address.

    ``clock`` is injected (tests use a fake one); ``report`` gets the one line
    the server prints when an address has to wait (it names the address and
    the wait, never a code).
    """

    table_code: str = field(default_factory=new_code)
    board_code: str = field(default_factory=new_code)
    clock: Callable[[], float] = time.monotonic
    report: Callable[[str], None] = print
    generation: int = 0
    _tries: dict[str, _Tries] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        while self.board_code == self.table_code:
            self.board_code = new_code()

    def secrets(self) -> tuple[str, str]:
        return (self.table_code, self.board_code)

    def renew_table_code(self) -> str:
        """A new table code: every player admitted with an older one must
        present it (``generation`` moves on)."""
        with self._lock:
            code = new_code()
            while code in (self.table_code, self.board_code):
                code = new_code()
            self.table_code = code
            self.generation += 1
            return code

    def still_valid(self, role: Role | None, generation: int) -> bool:
        """Whether a session admitted as ``role`` at ``generation`` still is."""
        if role is Role.SPECTATOR:
            return True
        return role is Role.PLAYER and generation == self.generation

    def check(
        self, address: str | None, text: str, connection: int | None = None
    ) -> Verdict:
        """Present ``text`` as a code from ``address`` over ``connection``.

        ``address`` is the connection's peer as the server sees it
        (``ui/access/peer.py``), never a value the client sends. Wrong codes are
        counted per address and, when given, per connection too: either one
        being held up makes the code wait.
        """
        keys = [f"address {address or '?'}"]
        if connection is not None:
            keys.append(f"connection {connection}")
        with self._lock:
            now = self.clock()
            counts = [self._tries.setdefault(key, _Tries()) for key in keys]
            held = max(tries.locked_until for tries in counts)
            if held > now:
                return Verdict(Outcome.WAIT, wait=held - now)
            code = normalize_code(text)
            for secret, role in (
                (self.table_code, Role.PLAYER),
                (self.board_code, Role.SPECTATOR),
            ):
                if code and secrets.compare_digest(code, secret):
                    for key in keys:
                        self._tries.pop(key, None)
                    generation = self.generation if role is Role.PLAYER else 0
                    return Verdict(Outcome.ADMITTED, role, 0.0, generation)
            wait = 0.0
            for tries in counts:
                tries.wrong += 1
                if tries.wrong < FREE_TRIES:
                    continue
                wait = max(wait, min(FIRST_WAIT * 2**tries.lockouts, MAX_WAIT))
                tries.lockouts += 1
                tries.wrong = FREE_TRIES - 1  # the next wrong code waits again
            if not wait:
                return Verdict(Outcome.WRONG)
            for tries in counts:
                tries.locked_until = max(tries.locked_until, now + wait)
        self.report(
            f"Spazzino segnapunti: {FREE_TRIES} wrong table codes from "
            f"{address or '?'}: it waits {wait:.0f} s"
        )
        return Verdict(Outcome.WRONG, wait=wait)


# -- no code in any log --------------------------------------------------------------
REDACTED = "<code>"


def redact(text: str, codes: tuple[str, ...]) -> str:
    """``text`` with every ``t=`` value and every code in ``codes`` hidden."""
    text = re.sub(rf"([?&]{QUERY_KEY}=)[^&\s\"']*", rf"\1{REDACTED}", text)
    for code in codes:
        if code:
            text = text.replace(code, REDACTED)
    return text


def install_log_redaction(codes: Callable[[], tuple[str, ...]]) -> None:
    """Make every log record of this process free of the codes ``codes()``.

    One record factory, so it covers every logger (uvicorn's access log
    prints ``GET /?t=...`` at INFO; flet logs routes at DEBUG), whatever
    handlers are set up later. A record is only built when its level is on.
    """
    previous = logging.getLogRecordFactory()
    if getattr(previous, "redacts_codes", False):
        return

    def factory(*args: object, **kwargs: object) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # a broken format string is logging's business
            return record
        clean = redact(message, codes())
        if clean != message:
            record.msg = clean
            record.args = ()
        return record

    factory.redacts_codes = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)
