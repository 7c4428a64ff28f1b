"""UI strings for the secondary screens (Italian, English).

Live tally, rules, settings, LAN address and QR code. Merged into the
catalogs by :mod:`scorekeeper.i18n`; keys must not clash.
"""

IT: dict[str, str] = {}

EN: dict[str, str] = {}
