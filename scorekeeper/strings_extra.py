"""UI strings for live tally, rules, settings, LAN/QR and other secondary screens (Italian, English).

Merged into the catalogs by :mod:`scorekeeper.i18n`; keys must not clash.
"""

IT: dict[str, str] = {}

EN: dict[str, str] = {}
