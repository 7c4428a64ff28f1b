"""UI strings for the secondary screens (Italian, English).

Live tally, rules, settings, LAN address and QR code. Merged into the
catalogs by :mod:`scorekeeper.i18n`; keys must not clash.
"""

IT: dict[str, str] = {
    # rules screen
    "rules.title": "Regole",
    "rules.of_match": "Regole della partita in corso: {sides}.",
    "rules.of_defaults": "Regole predefinite per le nuove partite (Impostazioni).",
    "rules.summary": "{preset}, si gioca a {target} punti.",
    "rules.preset.classico": "Classico",
    "rules.preset.variante_nord": "Variante Nord",
    "rules.preset.custom": "Regole personalizzate",
    # settings screen
    "settings.title": "Impostazioni",
    "settings.language": "Lingua",
    "settings.language_help": "Per questo telefono e come predefinita.",
    "settings.theme": "Tema",
    "settings.theme.system": "Sistema",
    "settings.theme.light": "Chiaro",
    "settings.theme.dark": "Scuro",
    "settings.new_matches": "Nuove partite",
    "settings.preset": "Regole predefinite",
    "settings.preset_help.classico": "Spazzino di numerale: il valore della carta; "
    "carte o spade pari: nessuno prende i punti; con lo scaluneddu.",
    "settings.preset_help.variante_nord": "Spazzino di numerale: 1 punto; carte o "
    "spade pari: 1 punto a testa; senza scaluneddu.",
    "settings.target": "Punteggio da raggiungere",
    "settings.target_help": "Un numero intero da {low} a {high}.",
    "settings.target_error": "Scrivi un numero intero da {low} a {high}.",
    "settings.saved": "Salvato.",
    "settings.save_failed": "Non salvato: {error}",
    "settings.no_storage": "Archivio non disponibile: le impostazioni valgono "
    "solo per questo telefono.",
    "settings.connect": "Collega un telefono",
    # connect a phone (LAN address and QR code)
    "connect.title": "Collega un telefono",
    "connect.scan": "Sullo stesso Wi-Fi, inquadra il codice con la fotocamera "
    "del telefono o apri questo indirizzo:",
    "connect.qr": "Codice QR dell'indirizzo {url}",
    "connect.local_only": "Questo server accetta solo questo dispositivo. Per "
    "collegare altri telefoni riavvialo con:",
    "connect.lan_command": "python main.py --lan",
    "connect.lan_would_be": "Poi gli altri telefoni apriranno: {url}",
    "connect.no_network": "Questo dispositivo non è collegato a una rete locale: "
    "collegalo al Wi-Fi e riapri questa schermata.",
    "connect.same_wifi": "Il telefono deve essere sulla stessa rete Wi-Fi.",
    # live tally
    "live.title": "Conta dal vivo",
    "live.open": "Conta dal vivo",
    "live.no_match": "Nessuna partita in corso.",
    "live.new_match": "Nuova partita",
    "live.hand": "Mano {number}",
    "live.deal": "Tornata {deal} di {deals}",
    "live.deal_previous": "Tornata precedente",
    "live.deal_next": "Tornata seguente",
    "live.points": "{points}",
    "live.points_help": "Punti fatti in gioco in questa mano (il mazzo si conta "
    "alla fine).",
    "live.piccola": "Piccola",
    "live.spazzino": "Spazzino",
    "live.bagari": "Bagari {value}",
    "live.scaluneddu": "Scaluneddu",
    "live.spazzino_rank": "Spazzino {rank}",
    "live.spazzino_of": "Spazzino di {side}: con quale carta?",
    "live.cancel": "Annulla",
    "live.count.piccole": "Piccole: {count}",
    "live.count.spazzini": "Spazzini: {ranks}",
    "live.count.bagari": "Bagari: {values}",
    "live.count.scaluneddu": "Scaluneddu: {count}",
    "live.none": "-",
    "live.undo": "Annulla l'ultima",
    "live.undo_of": "Annulla: {what} ({side})",
    "live.last_deal": "Ultima tornata: l'ultima carta giocata della mano non fa "
    "piccola, spazzino né bagari.",
    "live.to_hand_entry": "Fine mano: conta il mazzo",
    "live.awake_on": "Lo schermo resta acceso.",
    "live.awake_off": "Questo browser non tiene lo schermo acceso: toccalo ogni "
    "tanto o allunga lo spegnimento automatico.",
}

EN: dict[str, str] = {
    # rules screen
    "rules.title": "Rules",
    "rules.of_match": "Rules of the match in progress: {sides}.",
    "rules.of_defaults": "Default rules for new matches (Settings).",
    "rules.summary": "{preset}, played to {target} points.",
    "rules.preset.classico": "Classico",
    "rules.preset.variante_nord": "Variante Nord",
    "rules.preset.custom": "Custom rules",
    # settings screen
    "settings.title": "Settings",
    "settings.language": "Language",
    "settings.language_help": "For this phone and as the default.",
    "settings.theme": "Theme",
    "settings.theme.system": "System",
    "settings.theme.light": "Light",
    "settings.theme.dark": "Dark",
    "settings.new_matches": "New matches",
    "settings.preset": "Default rules",
    "settings.preset_help.classico": "Numeral spazzino: the card's value; tied "
    "carte or spade: nobody scores; with scaluneddu.",
    "settings.preset_help.variante_nord": "Numeral spazzino: 1 point; tied carte "
    "or spade: 1 point each; no scaluneddu.",
    "settings.target": "Target score",
    "settings.target_help": "A whole number from {low} to {high}.",
    "settings.target_error": "Enter a whole number from {low} to {high}.",
    "settings.saved": "Saved.",
    "settings.save_failed": "Not saved: {error}",
    "settings.no_storage": "Storage not available: settings apply to this phone only.",
    "settings.connect": "Connect a phone",
    # connect a phone (LAN address and QR code)
    "connect.title": "Connect a phone",
    "connect.scan": "On the same Wi-Fi, scan the code with the phone's camera "
    "or open this address:",
    "connect.qr": "QR code of the address {url}",
    "connect.local_only": "This server accepts this device only. To connect "
    "other phones, restart it with:",
    "connect.lan_command": "python main.py --lan",
    "connect.lan_would_be": "Then the other phones open: {url}",
    "connect.no_network": "This device is not on a local network: connect it "
    "to the Wi-Fi and open this screen again.",
    "connect.same_wifi": "The phone must be on the same Wi-Fi network.",
    # live tally
    "live.title": "Live tally",
    "live.open": "Live tally",
    "live.no_match": "No match in progress.",
    "live.new_match": "New match",
    "live.hand": "Hand {number}",
    "live.deal": "Deal {deal} of {deals}",
    "live.deal_previous": "Previous deal",
    "live.deal_next": "Next deal",
    "live.points": "{points}",
    "live.points_help": "Points made in play this hand (the mazzo is counted "
    "at the end).",
    "live.piccola": "Piccola",
    "live.spazzino": "Spazzino",
    "live.bagari": "Bagari {value}",
    "live.scaluneddu": "Scaluneddu",
    "live.spazzino_rank": "Spazzino {rank}",
    "live.spazzino_of": "Spazzino by {side}: with which card?",
    "live.cancel": "Cancel",
    "live.count.piccole": "Piccole: {count}",
    "live.count.spazzini": "Spazzini: {ranks}",
    "live.count.bagari": "Bagari: {values}",
    "live.count.scaluneddu": "Scaluneddu: {count}",
    "live.none": "-",
    "live.undo": "Undo the last one",
    "live.undo_of": "Undo: {what} ({side})",
    "live.last_deal": "Last deal: the last card played in the hand makes no "
    "piccola, spazzino or bagari.",
    "live.to_hand_entry": "End of hand: count the mazzo",
    "live.awake_on": "The screen stays on.",
    "live.awake_off": "This browser does not keep the screen on: touch it now "
    "and then or lengthen the screen timeout.",
}
