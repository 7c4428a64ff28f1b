"""Connecting a phone: the LAN address, its QR code, the table's and the
board's codes."""

WORDS: dict[str, tuple[str, str]] = {
    "connect.title": ("Collega un telefono", "Connect a phone"),
    "connect.scan": (
        "Sullo stesso Wi-Fi, inquadra il codice con la fotocamera del telefono o apri "
        "questo indirizzo:",
        "On the same Wi-Fi, scan the code with the phone's camera or open this "
        "address:",
    ),
    "connect.qr": ("Codice QR dell'indirizzo {url}", "QR code of the address {url}"),
    "connect.qr_too_long": (
        "L'indirizzo è troppo lungo per un codice QR: scrivilo a mano.",
        "The address is too long for a QR code: type it in.",
    ),
    "connect.local_only": (
        "Questo server accetta solo questo dispositivo. Per collegare altri telefoni "
        "riavvialo con:",
        "This server accepts this device only. To connect other phones, restart it "
        "with:",
    ),
    "connect.with_code": (
        "Gli altri telefoni entrano con il codice del tavolo, qui sotto.",
        "The other phones join with the table code, below.",
    ),
    "connect.lan_command": ("python main.py --lan", "python main.py --lan"),
    "connect.lan_would_be": (
        "Poi gli altri telefoni apriranno: {url}",
        "Then the other phones open: {url}",
    ),
    "connect.no_network": (
        "Questo dispositivo non è collegato a una rete locale: collegalo al Wi-Fi e "
        "riapri questa schermata.",
        "This device is not on a local network: connect it to the Wi-Fi and open this "
        "screen again.",
    ),
    "connect.same_wifi": (
        "Il telefono deve essere sulla stessa rete Wi-Fi.",
        "The phone must be on the same Wi-Fi network.",
    ),
    "connect.board": (
        "Tabellone (solo lettura, per una TV o un tablet)",
        "Scoreboard (read only, for a TV or a tablet)",
    ),
    "connect.board_code": ("Codice del tabellone: {code}", "Scoreboard code: {code}"),
    "connect.table_code": ("Codice del tavolo: {code}", "Table code: {code}"),
    "connect.open_board": (
        "Apri il tabellone su questo schermo",
        "Open the scoreboard on this screen",
    ),
}
