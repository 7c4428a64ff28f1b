"""What ``meta.json`` holds besides its schema: the roster and the settings.

:class:`Roster` keeps the players (with the names they had before, so the
history filtered by an old name still finds their matches); :class:`SettingsStore`
keeps the app settings, each value checked. Both write through the
repository's :class:`~.files.DataFiles`.

Two names are the same player when their :func:`~scorekeeper.core.names.name_key`
is (RULES §4: NFC, runs of spaces collapsed, case ignored); a name is stored as
typed, cleaned by :func:`~scorekeeper.core.names.clean_name`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields, replace
from datetime import datetime
from typing import Any

from scorekeeper.core.model import TARGET_MAX, TARGET_MIN, Preset
from scorekeeper.core.names import clean_name, name_key, undrawable
from scorekeeper.core.setup_checks import name_problem

from .documents import DataFile
from .errors import DataFileError, RosterError, SettingsError, StorageError
from .files import META, PLAYERS_TABLE, SETTINGS_TABLE, DataFiles
from .records import iso, parse_time
from .types import Player, Settings

LANGUAGES = ("it", "en")
THEMES = ("system", "light", "dark")
SPADE_FORMS = ("list", "count")

PlayerDocs = dict[int, dict[str, Any]]


def _player_key(
    players: Mapping[int, Mapping[str, Any]], name: str, *, former: bool = True
) -> int | None:
    """The roster key of the player called *name* (now, or before if *former*)."""
    wanted = name_key(name)
    for key, p in players.items():
        names = [p["name"], *(p.get("former_names", []) if former else [])]
        if wanted in (name_key(n) for n in names):
            return key
    return None


def _player(p: Mapping[str, Any]) -> Player:
    created = p.get("created")
    return Player(
        p["name"],
        tuple(p.get("former_names", [])),
        datetime.fromisoformat(created) if created else None,
    )


def player_problem(p: Mapping[str, Any]) -> str | None:
    """What is wrong with a stored roster entry, None if nothing."""
    names = [p.get("name"), *(p.get("former_names") or [])]
    if not isinstance(p.get("former_names", []), list):
        return "former_names: not a list"
    for name in names:
        if not isinstance(name, str) or not clean_name(name):
            return f"name: {name!r} is not a name"
    created = p.get("created")
    if created is not None:
        try:
            parse_time(created, "created")
        except ValueError as exc:
            return str(exc)
    return None


def _valid_name(name: object) -> str:
    """*name* as stored (:func:`clean_name`), refused by the one name rule
    (``core.names``: empty, too long, a character no name has) or when the
    phones cannot draw it."""
    problem = name_problem(name, 1)
    if problem is not None or not isinstance(name, str):
        text = problem.text() if problem else "a player's name cannot be empty"
        raise RosterError(
            text.removeprefix("players: "), code="name_invalid", problem=problem
        )
    name = clean_name(name)
    if undrawable(name):
        # The phones draw it as empty boxes (core.names.undrawable).
        raise RosterError(
            "a name cannot have emoji or symbols the phones cannot show",
            code="name_undrawable",
        )
    return name


class Roster:
    """The players of ``meta.json``."""

    def __init__(self, files: DataFiles) -> None:
        self._files = files
        self._players: PlayerDocs = {}

    def load(self, meta: DataFile) -> None:
        """Take the players of ``meta.json`` (:class:`DataFileError` if one
        is damaged: the file is then refused, or moved aside, never rewritten)."""
        players: PlayerDocs = {}
        for r in meta.records(PLAYERS_TABLE).load(player_problem):
            if r.problem is not None:
                path = self._files.path_of(META)
                raise DataFileError(
                    f"{path}: player {r.key} is damaged ({r.problem})",
                    code="not_database",
                    path=path,
                )
            players[r.doc_id] = dict(r.doc)
        self._players = players

    def names_of(self, name: str) -> set[str]:
        """Every name (its :func:`name_key`) of the player called *name* now
        or before."""
        key = _player_key(self._players, name)
        if key is None:
            return {name_key(name)}
        p = self._players[key]
        return {name_key(n) for n in [p["name"], *p.get("former_names", [])]}

    def _write(self, players: PlayerDocs) -> None:
        with self._files.change(META, "meta") as db:
            db.records(PLAYERS_TABLE).put(players)
        self._players = players

    @staticmethod
    def _with_new(players: PlayerDocs, name: str, now: str) -> int:
        """Add *name* to *players* (a copy of the roster); its key."""
        key = max(players, default=0) + 1
        players[key] = {"name": name, "former_names": [], "created": now}
        return key

    def register(self, names: Iterable[str]) -> None:
        """Add the names not yet in the roster (a failure only warns)."""
        players = dict(self._players)
        now = iso(self._files.clock())
        for name in names:
            if clean_name(name) and _player_key(players, name) is None:
                self._with_new(players, clean_name(name), now)
        if len(players) != len(self._players):
            try:
                self._write(players)
            except (StorageError, OSError) as exc:
                self._files.warn("roster_not_saved", f"roster not updated: {exc}", {})

    def players(self) -> tuple[Player, ...]:
        return tuple(
            sorted(
                (_player(p) for p in self._players.values()),
                key=lambda p: name_key(p.name),
            )
        )

    def add(self, name: str) -> Player:
        name = _valid_name(name)
        if _player_key(self._players, name) is not None:
            raise RosterError(
                f"there is already a player called {name!r}",
                code="name_taken",
                name=name,
            )
        players = dict(self._players)
        key = self._with_new(players, name, iso(self._files.clock()))
        self._write(players)
        return _player(players[key])

    def rename(self, old: str, new: str) -> Player:
        """Rename a player; matches keep the names used at the table, and the
        history filtered by either name still finds them."""
        new = _valid_name(new)
        key = _player_key(self._players, old, former=False)
        if key is None:
            raise RosterError(
                f"no player called {old!r}", code="player_not_found", name=old
            )
        other = _player_key(self._players, new)
        if other is not None and other != key:
            raise RosterError(
                f"there is already a player called {new!r}",
                code="name_taken",
                name=new,
            )
        p = dict(self._players[key])
        if p["name"] == new:
            return _player(p)
        former = [n for n in p.get("former_names", []) if name_key(n) != name_key(new)]
        if name_key(p["name"]) != name_key(new):
            former.append(p["name"])
        p["name"], p["former_names"] = new, former
        players = dict(self._players)
        players[key] = p
        self._write(players)
        return _player(p)


def make_settings(base: Settings, changes: Mapping[str, Any]) -> Settings:
    """*base* with *changes*, each checked (:class:`SettingsError`)."""
    known = {f.name for f in fields(Settings)}
    unknown = sorted(set(changes) - known)
    if unknown:
        raise SettingsError(
            f"unknown setting {unknown[0]!r}", code="bad_setting", key=unknown[0]
        )
    values = dict(changes)
    checks: dict[str, tuple[Callable[[Any], bool], str]] = {
        "language": (lambda v: v in LANGUAGES, f"one of {', '.join(LANGUAGES)}"),
        "theme": (lambda v: v in THEMES, f"one of {', '.join(THEMES)}"),
        "preset": (
            lambda v: v in [p.value for p in Preset],
            "one of " + ", ".join(p.value for p in Preset),
        ),
        "target": (
            lambda v: (
                isinstance(v, int)
                and not isinstance(v, bool)
                and TARGET_MIN <= v <= TARGET_MAX
            ),
            f"a whole number from {TARGET_MIN} to {TARGET_MAX}",
        ),
        "exported_finished": (
            lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
            "a whole number from 0",
        ),
        "french_cards": (lambda v: isinstance(v, bool), "true or false"),
        "spade_form": (lambda v: v in SPADE_FORMS, f"one of {', '.join(SPADE_FORMS)}"),
    }
    for key, value in values.items():
        ok, expected = checks[key]
        if not ok(value):
            raise SettingsError(
                f"setting {key}: {value!r} is not {expected}",
                code="bad_setting",
                key=key,
                value=value,
            )
    if "preset" in values:
        values["preset"] = Preset(values["preset"])
    return replace(base, **values)


class SettingsStore:
    """The settings of ``meta.json``; bad stored settings fall back to the
    defaults with a warning."""

    def __init__(self, files: DataFiles) -> None:
        self._files = files
        self.current = Settings()

    def load(self, meta: DataFile) -> None:
        raw = meta.records(SETTINGS_TABLE).get(doc_id=1)
        if raw:
            try:
                self.current = make_settings(Settings(), raw)
            except SettingsError as exc:
                self._files.warn("bad_settings", f"{exc}; defaults used", exc.params)

    def update(self, **changes: Any) -> Settings:
        new = make_settings(self.current, changes)
        doc = {
            "language": new.language,
            "theme": new.theme,
            "preset": new.preset.value,
            "target": new.target,
            "exported_finished": new.exported_finished,
            "french_cards": new.french_cards,
            "spade_form": new.spade_form,
        }
        with self._files.change(META, "meta") as db:
            db.records(SETTINGS_TABLE).put({1: doc})
        self.current = new
        return new
