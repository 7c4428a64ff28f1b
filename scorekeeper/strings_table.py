"""UI strings for the match flows (Italian, English).

New match, scoreboard, hand entry, declaration, match over. Merged into the
catalogs by :mod:`scorekeeper.i18n`; keys must not clash.
"""

IT: dict[str, str] = {}

EN: dict[str, str] = {}
