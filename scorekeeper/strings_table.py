"""UI strings for the match flows: new match, scoreboard, hand entry, declaration, match over (Italian, English).

Merged into the catalogs by :mod:`scorekeeper.i18n`; keys must not clash.
"""

IT: dict[str, str] = {}

EN: dict[str, str] = {}
