"""The hand entry: counting a hand's cards, spades and play after it."""

WORDS: dict[str, tuple[str, str]] = {
    "entry.title": ("Conta della mano {number}", "Scoring hand {number}"),
    "entry.edit_title": ("Modifica la mano {number}", "Edit hand {number}"),
    "entry.changed_elsewhere": (
        "Intanto un altro telefono ha cambiato le mani della partita: la conta "
        "riparte da capo.",
        "Another phone changed this match's hands in the meantime: this hand is "
        "counted again from the start.",
    ),
    "entry.count_form": ("Contiamo solo il numero di spade", "Just count the spades"),
    "entry.count_form.fr": (
        "Contiamo solo il numero di picche",
        "Just count the spades",
    ),
    "entry.spade_to": ("Una carta toccata va a:", "A card you tap goes to:"),
    "entry.spade_rest": ("Tutte le altre a {side}", "All the rest to {side}"),
    "entry.spade_rest_ad": ("Tutte le altre ad {side}", "All the rest to {side}"),
    "entry.spade_count": ("Spade di {side}", "Spades of {side}"),
    "entry.spade_count.fr": ("Picche di {side}", "Spades of {side}"),
    "entry.other_count": (
        "{side}: {count} (il resto fino a {total})",
        "{side}: {count} (the rest, to make {total})",
    ),
    "entry.other_rest": (
        "{side}: il resto fino a {total}",
        "{side}: the rest, to make {total}",
    ),
    "entry.napola_of": ("Napola di {side}", "Napola of {side}"),
    "entry.napola_hint": (
        "Napola: 0 se nessuna, altrimenti da 3 a 10.",
        "Napola: 0 if nobody has one, otherwise 3 to 10.",
    ),
    "entry.nobody": ("Nessuno", "Nobody"),
    "entry.cards_of": ("Carte prese da {side}", "Cards taken by {side}"),
    "entry.page.mazzo": ("Spade e settebello", "Spades & settebello"),
    "entry.page.mazzo.fr": ("Picche e settebello", "Spades & settebello"),
    "entry.page.gioco": ("Carte e gioco", "Cards & play"),
    "entry.play": ("Punti fatti giocando", "Points scored during play"),
    "entry.spazzini_hint": (
        "Spazzini: tocca la carta che ha spazzato",
        "Spazzini: tap the card that swept the table",
    ),
    "entry.remove_last": ("Togli {item}", "Remove {item}"),
    "entry.preview_title": ("Punti di questa mano:", "This hand's points:"),
    "entry.preview_side": ("{side}: {points}", "{side}: {points}"),
    "entry.incomplete": (
        "Mancano dei dati: completa la mano.",
        "Part of the hand is still missing.",
    ),
    "entry.fix_problems": ("{count} cose da correggere", "{count} things to fix"),
    "entry.fix_problems.one": ("Una cosa da correggere", "One thing to fix"),
    "entry.save": ("Salva la mano", "Save the hand"),
    "entry.save_edit": ("Salva le modifiche", "Save the changes"),
    "entry.taken": (
        "L'altro telefono ha già salvato la mano {number}",
        "Another phone has already saved hand {number}",
    ),
    "entry.taken_summary": (
        "Salvata: {side1} {points1}, {side2} {points2} (carte {cards1} e {cards2})",
        "Saved: {side1} {points1}, {side2} {points2} (cards {cards1} and {cards2})",
    ),
    "entry.taken_replace": ("Sostituiscila con la mia", "Replace it with mine"),
    "entry.taken_drop": ("Scarta la mia", "Discard mine"),
    "entry.counting": (
        "Un altro telefono sta contando la mano {number}",
        "Another phone is counting hand {number}",
    ),
    "entry.counting_too": (
        "Anche un altro telefono sta contando la mano {number}: salvatela da un "
        "telefono solo.",
        "Another phone is counting hand {number} too: save it from one phone only.",
    ),
    "entry.breakdown_item": ("{item} +{points}", "{item} +{points}"),
    "entry.breakdown_none": ("nessun punto", "no points"),
    "entry.taken_why": (
        "Non salvata: l'altro telefono ha già salvato la mano {number}. In cima: "
        "sostituiscila con la tua o scarta la tua.",
        "Not saved: the other phone saved hand {number} first. At the top, choose: "
        "replace it with yours, or discard yours.",
    ),
    "entry.live_added": (
        "La conta dal vivo ha segnato altri punti dopo che questa mano è stata "
        "inserita: sono aggiunti a quelli già qui, nulla è stato tolto.",
        "The live tally recorded more points after this hand was entered: they are "
        "added to the ones already here; nothing was taken away.",
    ),
    "entry.settebello": ("Settebello", "Settebello"),
    "entry.settebello.fr": ("Settebello (7 di quadri)", "Settebello (7 of diamonds)"),
}
