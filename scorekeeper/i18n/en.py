"""The English catalog of the app's own strings."""

from scorekeeper.i18n.en_problems import PROBLEMS
from scorekeeper.i18n.en_sharing import SHARING
from scorekeeper.i18n.en_tables import TABLES

_SCREENS: dict[str, str] = {
    # -- home and navigation
    "app.title": "Spazzino scorekeeper",
    "home.new_match": "New match",
    "home.history": "History",
    "home.rules": "Rules",
    "home.settings": "Settings",
    "home.language": "Language",
    "home.counter": "Shared counter: {count}",
    "home.counter_add": "Add to counter",
    "language.it": "Italiano",
    "language.en": "English",
    "nav.back": "Back",
    # -- the match flows: new match, scoreboard, hand entry, declaration, match over
    # home
    "home.resume": "Continue: {side1} {total1} - {side2} {total2}",
    "home.recent": "Last matches",
    "home.backup_due": "{n} finished matches are in no copy yet: export them "
    "from Settings.",
    # what the storage did on its own (TableService.warnings), on home
    "notice.title": "About the saved data",
    "notice.ok": "Got it",
    "notice.changed": "A data file ({file}) was changed outside the app: "
    "`python main.py check` says what; nothing was deleted.",
    "notice.moved_aside": "A damaged data file ({file}) was moved aside "
    "({moved}): what it held is not in the app.",
    "notice.rebuilt_shard": "A damaged history file ({file}) was written again "
    "with every match that can still be read; the file as found is kept as "
    "{moved}.",
    "notice.missing_shard": "A history file ({file}) is missing: the matches it "
    "held cannot be opened or exported; `python main.py check` says which.",
    "notice.lost_shard": "A history file ({file}) was missing: the matches it held "
    "are lost and have left the history; their lines are kept as {moved}.",
    "notice.recreated": "A data file was missing ({file}): a new, empty one was "
    "created.",
    "notice.rebuilt_index": "The history's index ({file}) was rebuilt: no match "
    "was lost.",
    "notice.migrated": "The data was upgraded to the new format (the previous "
    "file is kept as {backup}).",
    "notice.bad_settings": "The saved settings could not be read: the defaults "
    "are used.",
    "notice.roster_not_saved": "The list of players was not updated; the "
    "matches are safe.",
    "notice.pending_move": "A match (saved) could not be moved to the "
    "history: the app will try again by itself.",
    "notice.pending_round": "A tournament round was being started when the app "
    "stopped: its matches were made now.",
    "notice.pending_purge": "Deleted matches could not be taken out of every "
    "file: the app will try again by itself.",
    "notice.drafts_reset": "A hand being entered could not be read back (a "
    "damaged file) and was dropped: no saved hand is affected.",
    "notice.generic": "About the data ({code}): {message}",
    # new match
    "new.players": "Players",
    "new.two_players": "2 players",
    "new.four_players": "4 players",
    "new.seat_order": "In seating order, counter-clockwise.",
    "new.player": "Player {seat}",
    "new.teams": "{side1} v {side2}",
    "new.first_dealer": "First dealer",
    "new.rules": "Rules",
    "new.target": "Target",
    "new.early_win": "Players may declare victory early",
    "new.start": "Start the match",
    "new.in_progress.title": "A match is in progress",
    "new.in_progress.body": "{side1} {total1} - {side2} {total2} is not over: "
    "resume it, abandon it, or keep both and start the new one?",
    "new.in_progress.resume": "Resume that match",
    "new.in_progress.abandon": "Abandon it, start the new one",
    "new.in_progress.keep": "Keep both",
    "opt.preset.classico": "Classico",
    "opt.preset.variante_nord": "Variante Nord",
    "opt.preset.custom": "Custom",
    "opt.spazzino_numeral": "Spazzino with a number card",
    "opt.spazzino_numeral.face": "Face value",
    "opt.spazzino_numeral.one": "1 point",
    "opt.ties": "Cards 20-20 or spades 5-5",
    "opt.ties.none": "No points",
    "opt.ties.split": "1 point each",
    "opt.scaluneddu": "Scaluneddu",
    # scoreboard
    "score.title": "Match",
    "score.no_match": "No match in progress.",
    "score.missing": "{count} to go",
    "score.hand_number": "Hand {number}",
    "score.dealer": "Shuffles and deals: {name}",
    "score.cutter": "Cuts: {name}",
    "score.first_player": "Plays first: {name}",
    "score.tie_break": "Tie-break: level at {total}, target reached. "
    "Play another hand.",
    "score.add_hand": "Score hand {number}",
    "score.resume_hand": "Resume hand {number}",
    "score.declare": "I declare victory",
    "score.undo": "Undo the last change",
    "score.undo_short": "Undo",
    "score.hand_column": "Hand",
    "score.hand_cell": "+{points} = {total}",
    "score.all_hands": "Show all {count} hands",
    "score.tie_break_mark": "tie-break",
    "score.declaration_mark": "declaration",
    # a hand
    "hand.title": "Hand {number}",
    "hand.dealt_by": "Dealer: {dealer}",
    "hand.totals_after": "Totals after the hand: {total1} - {total2}",
    "act.edit": "Edit",
    "act.delete": "Delete",
    "act.close": "Close",
    "act.cancel": "Cancel",
    "act.undo": "Undo",
    "act.redo": "Redo",
    "change.points": "{side0} {points0} - {side1} {points1}",
    "change.delete": "Hand {number} deleted ({points})",
    "change.add": "Hand {number} put back ({points})",
    "change.replace": "Hand {number} corrected again ({points})",
    "change.abandon": "Match abandoned again",
    "change.resume": "Match resumed again",
    "change.undo.add": "Hand {number} taken off ({points})",
    "change.undo.delete": "Hand {number} put back ({points})",
    "change.undo.replace": "Hand {number} is back as it was ({points})",
    "change.undo.abandon": "The match is being played again",
    "change.undo.resume": "The match is abandoned again",
    "change.other": "Change undone",
    "offer.stale": "Too late to undo: nothing was changed.",
    "pts.cards": "Cards",
    "pts.spades": "Spades",
    "pts.settebello": "Settebello",
    "pts.fante_di_spade": "Fante di spade",
    "pts.due_di_spade": "Due di spade",
    "pts.napola": "Napola",
    "pts.piccole": "Piccole",
    "pts.spazzini": "Spazzini",
    "pts.bagari": "Bagari",
    "pts.scaluneddu": "Scaluneddu",
    "pts.total": "Total",
    # hand entry
    "entry.title": "Scoring hand {number}",
    "entry.edit_title": "Edit hand {number}",
    "entry.changed_elsewhere": "Another phone changed this match's hands in the "
    "meantime: this hand is counted again from the start.",
    "entry.count_form": "Just count the spades",
    "entry.spade_to": "A card you tap goes to:",
    "entry.spade_rest": "All the rest to {side}",
    "entry.spade_rest_ad": "All the rest to {side}",
    "entry.spade_count": "Spades of {side}",
    "entry.other_count": "{side}: {count} (the rest, to make {total})",
    "entry.other_rest": "{side}: the rest, to make {total}",
    "entry.napola_of": "Napola of {side}",
    "entry.napola_hint": "Napola: 0 if nobody has one, otherwise 3 to 10.",
    "entry.nobody": "Nobody",
    "entry.cards_of": "Cards taken by {side}",
    "entry.page.mazzo": "Spades & settebello",
    "entry.page.gioco": "Cards & play",
    "entry.play": "Points scored during play",
    "entry.spazzini_hint": "Spazzini: tap the card that swept the table",
    "entry.remove_last": "Remove {item}",
    "entry.preview_title": "This hand's points:",
    "entry.preview_side": "{side}: {points}",
    "entry.incomplete": "Part of the hand is still missing.",
    "entry.fix_problems": "{count} things to fix",
    "entry.fix_problems.one": "One thing to fix",
    "entry.save": "Save the hand",
    "entry.save_edit": "Save the changes",
    "entry.taken": "Another phone has already saved hand {number}",
    "entry.taken_summary": "Saved: {side1} {points1}, {side2} {points2} "
    "(cards {cards1} and {cards2})",
    "entry.taken_replace": "Replace it with mine",
    "entry.taken_drop": "Discard mine",
    "entry.counting": "Another phone is counting hand {number}",
    "entry.counting_too": "Another phone is counting hand {number} too: "
    "save it from one phone only.",
    "entry.breakdown_item": "{item} +{points}",
    "entry.breakdown_none": "no points",
    "entry.taken_why": "Not saved: the other phone saved hand {number} first. At "
    "the top, choose: replace it with yours, or discard yours.",
    "entry.live_added": "The live tally recorded more points after this hand was "
    "entered: they are added to the ones already here; nothing was taken away.",
    # declaration
    "declare.title": "I declare victory",
    "declare.who": "Who declares",
    "declare.deal": "In which deal",
    "declare.hint": "Count what you have both taken so far.",
    "declare.choose_by": "Choose who is declaring.",
    "declare.choose_deal": "Choose the deal.",
    "declare.confirm": "Confirm the declaration",
    "declare.verdict_right": "With this hand {by} reaches {total}: the "
    "declaration is right, {by} wins.",
    "declare.verdict_wrong": "With this hand {by} reaches {total} ({target} "
    "needed): the declaration is wrong, {winner} wins.",
    "declare.end_title": "End the match?",
    "declare.end": "End the match",
    # match over
    "over.title": "Match over",
    "over.winner": "{name} wins",
    "over.declared_wrongly": "{by} declared wrongly: {name} wins",
    "over.target": "Past the target of {target} points.",
    "over.target_reached": "Reached the target of {target} points exactly.",
    "over.tie_break": "Decided by a tie-break, after a tie at {level}.",
    "over.declaration_right": "{by} declared victory in deal {deal} with "
    "{total} points of {target}: the declaration was right.",
    "over.declaration_wrong": "{by} declared victory in deal {deal} with "
    "{total} points, {target} needed: the declaration was wrong.",
    "over.rematch": "Rematch",
    "over.home": "Back to home",
    # errors
    "err.refused": "Not accepted, nothing was changed. {reason}",
    "err.storage.disk_full": "Disk full: the change was not saved, nothing changed.",
    "err.storage.read_only": "The data folder is read-only: the change was not saved.",
    "err.storage.write_failed": "Writing failed: the change was not saved, "
    "nothing changed.",
    "err.storage.not_found": "This match is no longer in the saved data.",
    "err.storage.match_abandoned": "The match was abandoned: resume it before "
    "editing it.",
    "err.storage.nothing_to_undo": "There is no change to undo.",
    "err.storage.nothing_to_redo": "There is no change to redo.",
    "err.storage.changed_meanwhile": "The match had already changed (on "
    "another phone, or after a double tap): nothing was changed. Check it and "
    "try again.",
    "err.storage.name_undrawable": "That name has emoji or symbols the phones "
    "cannot show: use letters, digits and punctuation.",
    "err.storage.generic": "Data error ({code}): nothing changed.",
    "err.unexpected": "Unexpected error ({kind}): nothing changed.",
    "err.draw_failed": "This screen cannot open: an error in the app ({kind}). "
    "Nothing saved has changed.",
    "err.draw_failed_home": "Back to the start",
    "err.not_durable": "Saved on this phone, but the browser did not confirm "
    "the write: export a copy from Settings.",
    # -- rules, settings, connect a phone, live tally
    # rules screen
    "rules.title": "Rules",
    "rules.of_match": "Rules of the match in progress: {sides}.",
    "rules.of_defaults": "Default rules for new matches (Settings).",
    "rules.summary": "{preset}, played to {target} points.",
    "rules.preset.classico": "Classico",
    "rules.preset.variante_nord": "Variante Nord",
    "rules.preset.custom": "Custom rules",
    "rules.section.capture": "How to take",
    "rules.section.play": "Points during play",
    "rules.section.mazzo": "End-of-hand points (7 of mazzo) and napola",
    "rules.section.end": "Who wins",
    "rules.section.declare": "Declaring victory (dichiararsi vincente)",
    "rules.french_deck": "French deck: drop the jokers, the 8s, 9s and 10s; J, Q "
    "and K stand for fante, cavallo and re, the spades stay the spades and the "
    "seven of diamonds is the settebello.",
    "rules.capture": "A card takes another card of the same value, or several "
    "cards whose values add up to the card played.",
    "rules.figures": "Face cards ({figures}) never take a sum: they take only a "
    "face card of the same rank.",
    "rules.leftover": "At the end of the hand the cards left on the table go to "
    "the side that made the last capture, and count in its cards and {spade}.",
    "rules.piccola": "Piccola: taking, with one card, the card the previous player "
    "just played: 1 point.",
    "rules.spazzino.face": "Spazzino: taking every card on the table. It is worth "
    "the card that takes: from the ace to the 7 its value (a 5 is worth 5 points); "
    "{figure_values}.",
    "rules.spazzino.one": "Spazzino: taking every card on the table. With a card "
    "from the ace to the 7 it is worth 1 point; {figure_values}.",
    "rules.figure_values": "with a figure: {F} {f} points, {C} {c}, {R} {r}",
    "rules.bagari": "Bagari: taking, with one card, two or three cards of the same "
    "suit: one point for each card, the played one included, so 3 or 4.",
    "rules.scaluneddu": "Scaluneddu: a player dealt three cards of one suit in "
    "sequence who declares it scores {points} points.",
    "rules.last_card": "The last card played in a hand makes no piccola, spazzino "
    "or bagari.",
    "rules.carte.none": "Carte: {points} points to the side that took more cards; "
    "at 20-20 nobody scores them.",
    "rules.carte.split": "Carte: {points} points to the side that took more cards; "
    "at 20-20 1 point each.",
    "rules.spade.none": "{Spade}: {points} points to the side that took more "
    "{spade}; at 5-5 nobody scores them.",
    "rules.spade.split": "{Spade}: {points} points to the side that took more "
    "{spade}; at 5-5 1 point each.",
    "rules.honours": "Settebello (seven of coins), fante di spade and due di spade "
    "(jack and two of spades): {points} point each.",
    "rules.honours.fr": "Settebello (seven of diamonds), jack of spades and two of "
    "spades: {points} point each.",
    "rules.napola": "Napola: taking the ace, two and three of {spade} scores 3; "
    "each following {spada} with no gap (4, 5, 6, 7, {F}, {C}, {R}) adds a point. "
    "All ten {spade} are the napoleone: 10 points.",
    "rules.target": "The match is won by the first side to reach or pass {target} "
    "points.",
    "rules.both": "If both sides reach or pass {target} in the same hand, the one "
    "with more points wins; on equal points tie-break hands are played, one at a "
    "time, until one side has more.",
    "rules.declare.on": "Agreed before this match.",
    "rules.declare.off": "Not agreed for this match: it is played to the end.",
    "rules.declare": "Two players only, and only if agreed before the start: up to "
    "the penultimate deal a player who believes they have reached {target} points "
    "may declare victory. Play stops and the captures so far are counted: if "
    "these points bring them to {target} they win, otherwise they lose. No "
    "declaration in the last deal.",
    "rules.choice.threshold": "This app's choice: the threshold for declaring is "
    "the match target, {target}.",
    "rules.choice.stopped": "This app's choice: in a stopped hand carte and "
    "{spade} go only to the side with more; on equal counts (0-0 included) nobody "
    "scores them.",
    "rules.choice.tie_break": "This app's choice: no declaration in a tie-break hand.",
    "card.spade": "spades",
    "card.spade.fr": "spades",
    "card.spada": "spade",
    "card.spada.fr": "spade",
    "card.denari": "coins",
    "card.denari.fr": "diamonds",
    "card.due": "due di spade",
    "card.due.fr": "two of spades",
    "card.fante": "fante di spade",
    "card.fante.fr": "jack of spades",
    "card.due_and_fante": "due and fante di spade",
    "card.due_and_fante.fr": "two and jack of spades",
    # the field a problem of a hand or a match is about (core/problems.py)
    "problem.field.cards": "cards",
    "problem.field.spades": "spades",
    "problem.field.spades.fr": "spades",
    "problem.field.settebello": "settebello",
    "problem.field.due_di_spade": "due di spade",
    "problem.field.due_di_spade.fr": "two of spades",
    "problem.field.fante_di_spade": "fante di spade",
    "problem.field.fante_di_spade.fr": "jack of spades",
    "problem.field.napola": "napola",
    "problem.field.piccole": "piccole",
    "problem.field.spazzini": "spazzini",
    "problem.field.bagari": "bagari",
    "problem.field.scaluneddu": "scaluneddu",
    "problem.field.declaration": "declaration",
    "problem.field.hands": "hands",
    "problem.field.players": "players",
    "problem.field.first_dealer": "first dealer",
    "problem.field.target": "target",
    "problem.field.early_win": "early-win declaration",
    # settings screen
    "settings.title": "Settings",
    "settings.language": "Language",
    "settings.language_help": "Language and theme are for this phone only.",
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
    "settings.target": "Target",
    "settings.target_help": "A whole number from {low} to {high}.",
    "settings.target_error": "Enter a whole number from {low} to {high}.",
    "settings.saved": "Saved.",
    "settings.save_failed": "Not saved: {error}",
    "settings.no_storage": "Storage not available: settings apply to this phone only.",
    "settings.connect": "Connect a phone",
    "settings.backup": "Backup",
    "settings.backup_help": "The matches live only in this browser, which may "
    "delete them to make room. Now and then export everything to a file and keep "
    "it safe; Import brings it back here, even on another phone.",
    "settings.persist.granted": "The browser has promised to keep the data.",
    "settings.persist.denied": "The browser has not promised to keep the data: "
    "export a copy often.",
    "settings.persist.unknown": "Whether the browser will keep the data is not "
    "known: export a copy now and then.",
    "settings.unexported": "Finished matches since the last copy: {n}.",
    # connect a phone (LAN address and QR code)
    "connect.title": "Connect a phone",
    "connect.scan": "On the same Wi-Fi, scan the code with the phone's camera "
    "or open this address:",
    "connect.qr": "QR code of the address {url}",
    "connect.qr_too_long": "The address is too long for a QR code: type it in.",
    "connect.local_only": "This server accepts this device only. To connect "
    "other phones, restart it with:",
    "connect.with_code": "The other phones join with the table code, below.",
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
    "live.spazzino_of": "Spazzino by {side}: with which card?",
    "live.cancel": "Cancel",
    "live.count.piccole": "Piccole: {count}",
    "live.count.spazzini": "Spazzini: {ranks}",
    "live.count.bagari": "Bagari: {values}",
    "live.count.scaluneddu": "Scaluneddu: {count}",
    "live.none": "-",
    "live.undo": "Undo the last one",
    "live.undo.piccola": "Undo {side}'s piccola",
    "live.undo.spazzino": "Undo {side}'s spazzino {rank}",
    "live.undo.bagari": "Undo {side}'s bagari of {value}",
    "live.undo.scaluneddu": "Undo {side}'s scaluneddu",
    "live.last_deal": "Last deal: the last card played in the hand makes no "
    "piccola, spazzino or bagari.",
    "live.to_hand_entry": "End of hand: count the mazzo",
    "live.awake_on": "The screen stays on.",
    "live.awake_off": "This browser does not keep the screen on: touch it now "
    "and then or lengthen the screen timeout.",
    # -- history, match detail, sharing, statistics
    "hist.title": "History",
    "hist.empty": "No match found.",
    "hist.more": "Show more",
    "hist.count": "{shown} matches shown",
    "hist.filter.player": "Player",
    "hist.filter.opponent": "Opponent",
    "hist.filter.status": "Status",
    "hist.filter.period": "Period",
    "hist.filter.any": "All",
    "hist.status.in_progress": "In progress",
    "hist.status.tie_break": "Tie-break",
    "hist.status.won": "Finished",
    "hist.status.abandoned": "Abandoned",
    "hist.period.all": "Any time",
    "hist.period.week": "Last 7 days",
    "hist.period.month": "Last 30 days",
    "hist.period.year": "This year",
    "hist.won_by": "{name} won",
    "hist.ending.target": "target reached",
    "hist.ending.tie_break": "after a tie-break",
    "hist.ending.declaration_right": "right declaration",
    "hist.ending.declaration_wrong": "wrong declaration",
    "hist.hands": "{n} hands",
    "hist.series": "Series {score}",
    "hist.rivincita": "Rematch",
    "hist.bella": "Decider",
    "hist.stats": "Statistics",
    "hist.export_all": "Export all (JSON)",
    "hist.export_all_csv": "Export all (CSV)",
    "hist.import": "Import a match",
    "detail.title": "Match",
    "detail.missing": "Match not found: go back to the history and pick one.",
    "detail.damaged": "This match is damaged: the file holding it can no longer "
    "be read. Started with --recover, the app writes that file again with the "
    "other matches and keeps it as found (nothing is lost).",
    "detail.chart": "How the score went",
    "detail.target_line": "Target {target}",
    "detail.hands": "Hand by hand",
    "detail.hand_title": "Hand {number} · dealer {dealer}",
    "detail.col.total": "Points",
    "detail.col.running": "Total",
    "detail.declared": "{by} declared victory in deal {deal}: {verdict}",
    "detail.right": "right",
    "detail.wrong": "wrong",
    "detail.tie_break_hand": "tie-break",
    "detail.rules": "Rules",
    "detail.rule.target": "Target: {target}",
    "detail.rule.spazzino_numeral.face": "Spazzino with a 1-7: the card's value",
    "detail.rule.spazzino_numeral.one": "Spazzino with a 1-7: 1 point",
    "detail.rule.ties.none": "Tied carte or spade: nobody scores",
    "detail.rule.ties.split": "Tied carte or spade: 1 point each",
    "detail.rule.scaluneddu.on": "Scaluneddu: yes",
    "detail.rule.scaluneddu.off": "Scaluneddu: no",
    "detail.rule.early_win.on": "Early-win declaration: allowed",
    "detail.rule.early_win.off": "Early-win declaration: no",
    "detail.notes": "Notes",
    "detail.notes_save": "Save the notes",
    "detail.notes_saved": "Notes saved.",
    "detail.edits": "Edits",
    "detail.no_edits": "No edits.",
    "detail.edit.add": "hand {hand} added",
    "detail.edit.replace": "hand {hand} corrected",
    "detail.edit.delete": "hand {hand} removed",
    "detail.edit.abandon": "match abandoned",
    "detail.edit.resume": "match resumed",
    "detail.edit.undo": "edit {number} undone",
    "detail.edit.undone": "(undone)",
    "detail.edit.by": "by {by}",
    "detail.abandon": "Abandon the match",
    "detail.abandon_confirm": "Abandon the match? It stays in the history, "
    "marked as abandoned, and does not count for win rates.",
    "detail.resume": "Resume the match",
    "detail.confirm": "Yes",
    "detail.cancel": "No",
    "stats.title": "Statistics",
    "stats.player": "Player",
    "stats.opponent": "Against (optional)",
    "stats.choose": "Choose a player.",
    "stats.none": "No match yet.",
    "stats.played": "Matches: {played} (finished {finished}, in progress {open}, "
    "abandoned {abandoned})",
    "stats.won": "Won {won}, lost {lost}",
    "stats.win_rate": "Win rate: {rate}",
    "stats.win_rate_none": "Win rate: -",
    "stats.per_hand": "Points per hand: {avg} ({points} in {hands})",
    "stats.items": "How the points are made",
    "stats.col.item": "Item",
    "stats.col.made": "Made",
    "stats.col.rate": "% hands",
    "stats.col.avg": "Average",
    "stats.napola_lengths": "Napole by length: {text}",
    "stats.spazzini_cards": "Spazzini by card: {text}",
    "stats.bagari_values": "Bagari: {text}",
    "stats.scaluneddu": "Scaluneddu declared: {n}",
    "stats.comeback": "Best comeback: from {deficit} points behind (hand {hand}), "
    "in the match of {date}",
    "stats.longest": "Longest match: {hands}, on {date}",
    "stats.first_dealer": "As first dealer: won {won} of {finished} ({rate})",
    "stats.h2h": "Head to head",
    "stats.h2h_line": "against {name}: {won}-{lost}",
    "stats.versus": "{a} against {b}: {won}-{lost} in {finished}, "
    "points {pa}-{pb} in {hands}",
    "stats.breakdown": "Where the points come from",
    "hist.deleted": "Deleted matches",
    "hist.deleted_n": "Deleted matches ({n})",
    "hist.deleted_empty": "No deleted match.",
    "hist.deleted_at": "deleted on {date}",
    "hist.deleted_snack": "Match deleted.",
    "demo.title": "Trial match",
    "demo.open": "Watch a trial match",
    "demo.how": "Anna and Bruno play a match simulated card by card. Tap Next "
    "hand: this is what is entered at the end of a hand, and how the totals "
    "grow.",
    "demo.hand": "Hand {number}: {dealer} deals",
    "demo.cards": "{n} cards",
    "demo.spades": "spades {ranks}",
    "demo.points": "Points: {items} = {total}",
    "demo.next": "Next hand",
    "demo.over": "{name} wins, {won} to {lost}.",
    "demo.again": "Another match",
    "trainer.title": "Training: the counters",
    "trainer.open": "Training",
    "trainer.how": "The phone plays a hand card by card. Keep the captured cards "
    "in mind: at the end of each deal tap the counters, and before the last "
    "one say what the opponent holds.",
    "trainer.level.counters": "Counters (0 or 1)",
    "trainer.level.full": "Full count",
    "trainer.score": "{right} right of {asked}",
    "trainer.deal": "deal {deal} of {deals}",
    "trainer.progress": "On this phone so far: {right} right of {asked} in {hands}.",
    "trainer.table": "On the table",
    "trainer.yours": "Your cards",
    "trainer.empty": "no cards",
    "trainer.start": "Tap Next: the first card is played.",
    "trainer.you": "You",
    "trainer.opponent": "The opponent",
    "trainer.plays": "{who}: {card}, left on the table.",
    "trainer.takes": "{who}: {card}, takes {took}.",
    "trainer.next": "Next",
    "trainer.check": "Check",
    "trainer.ask": "End of deal {deal}: tap the counters that are at 1.",
    "trainer.ask_full": "End of deal {deal}: how many cards of each rank have been "
    "taken? Tap to count.",
    "trainer.all_right": "All right!",
    "trainer.wrong": "Wrong: {ranks}. The right ones are above.",
    "trainer.ask_last": "Last deal: which ranks does the opponent hold?",
    "trainer.guess_right": "Right, these were the cards:",
    "trainer.guess_wrong": "Not quite: these were the cards.",
    "trainer.done": "Hand over: {right} right of {asked}.",
    "trainer.another": "Another hand",
    "trainer.suit.spade": "spade",
    "trainer.suit.coppe": "coppe",
    "trainer.suit.denari": "denari",
    "trainer.suit.bastoni": "bastoni",
    "trainer.suit.spade.fr": "spades",
    "trainer.suit.coppe.fr": "hearts",
    "trainer.suit.denari.fr": "diamonds",
    "trainer.suit.bastoni.fr": "clubs",
    "ranking.title": "Leaderboard",
    "ranking.open": "Leaderboard",
    "ranking.how": "Everyone starts at 1000 and climbs by winning: "
    "1000 + 20 × (skill - 3 × uncertainty), from the OpenSkill system.",
    "ranking.none": "No finished match yet: the leaderboard starts with the first.",
    "ranking.loading": "Working out the leaderboard...",
    "ranking.line": "{rank}. {name}: {rating}",
    "ranking.record": "{matches} · won {won}",
    "ranking.trend_flat": "=",
    "ranking.chart": "{name} over time",
    "ranking.chart_hint": "Tap a player to see their rating over time.",
    "ranking.pairs": "The best pairs",
    "ranking.pair_line": "{a} and {b}: won {won}, lost {lost}",
    "ranking.chance": "Chance to win: {a} {pa} · {b} {pb}",
    "hist.undo": "Undo",
    "correct.title": "Correcting a hand",
    "correct.gone": "This hand is no longer there to correct: the match has "
    "changed or is gone.",
    "correct.back": "Back to the match",
    "correct.result_title": "The result changes",
    "correct.result_save": "Save the correction",
    "correct.wins": "{name} wins",
    "correct.wins_pair": "{name} win",
    "correct.result_winner": "With this correction {wins}, {won} to {lost}.",
    "correct.result_ends": "With this correction the match ends: {wins}, "
    "{won} to {lost}.",
    "correct.result_declared_wrongly": "With this correction {by} declared "
    "wrongly: {wins}, {won} to {lost}.",
    "correct.result_reopens": "With this correction the match is open again: "
    "{first} {a}, {second} {b}.",
    "correct.result_tie_break": "With this correction the match goes to a "
    "tie-break: level at {total}.",
    "detail.correct": "Correct hand {number}",
    "hist.corrected": "corrected",
    "hist.damaged": "Damaged: it cannot be opened or exported. Started with "
    "--recover, the app writes its file again with the other matches and keeps "
    "it as found.",
    "hist.restore": "Restore",
    "hist.restored": "Match restored.",
    "hist.compact": "Compact the history",
    "hist.compact_confirm": "Compact the history? The deleted matches ({n}) "
    "will be erased for good and can no longer be restored.",
    "hist.compacted": "History compacted: {n} matches erased for good.",
    "hist.compact_help": "Deleted matches can be restored until the history "
    "is compacted.",
    "detail.delete": "Delete the match",
    "detail.delete_confirm": "Delete the match? It leaves the history and the "
    'statistics; it can be restored from "Deleted matches" until the history '
    "is compacted.",
    "detail.edit.delete_match": "match deleted",
    "detail.edit.restore_match": "match restored",
    "stats.loading": "Computing the statistics",
    "stats.partner": "Partnered with (optional)",
    "stats.team": "As a team: {a} & {b}",
    # -- French card names (Settings: Carte francesi), first dealer by lot
    "pts.spades.fr": "Spades",
    "pts.fante_di_spade.fr": "Jack of spades",
    "pts.due_di_spade.fr": "Two of spades",
    "entry.settebello": "Settebello",
    "entry.page.mazzo.fr": "Spades & settebello",
    "entry.settebello.fr": "Settebello (7 of diamonds)",
    "entry.count_form.fr": "Just count the spades",
    "entry.spade_count.fr": "Spades of {side}",
    "opt.ties.fr": "Cards 20-20 or spades 5-5",
    "detail.rule.ties.none.fr": "Tied carte or spades: nobody scores",
    "detail.rule.ties.split.fr": "Tied carte or spades: 1 point each",
    "settings.preset_help.classico.fr": "Numeral spazzino: the card's value; tied "
    "carte or spades: nobody scores; with scaluneddu.",
    "settings.preset_help.variante_nord.fr": "Numeral spazzino: 1 point; tied carte "
    "or spades: 1 point each; no scaluneddu.",
    "settings.cards": "Cards",
    "settings.french_cards": "French cards",
    "settings.french_cards_help": "Shows J, Q, K and the French suits instead of "
    "F, C, R and the Italian ones. The rules and the saved data do not change.",
    "new.draw_dealer": "Draw",
    "new.drawn_dealer": "Dealer drawn by lot: {name}",
    # -- singular forms: "key.one" is used when the count ("n" or "count") is 1
    "home.backup_due.one": "1 finished match is in no copy yet: export it "
    "from Settings.",
    "score.missing.one": "{count} to go",
    "hist.hands.one": "{n} hand",
    "hist.compacted.one": "History compacted: 1 match erased for good.",
    "count.hands": "{n} hands",
    "count.hands.one": "{n} hand",
    "count.finished_matches": "{n} finished matches",
    "count.finished_matches.one": "{n} finished match",
    "count.matches": "{n} matches",
    "count.matches.one": "{n} match",
    "count.nights": "{n} nights",
    "count.nights.one": "{n} night",
    "count.points": "{n} points",
    "count.points.one": "{n} point",
    # -- the page's own message while the server cannot be reached
    # (assets/connection.js carries a copy: a unit test keeps them equal)
    "conn.lost": "Connection lost",
    "conn.retrying": "This phone cannot reach the scorekeeper's server: "
    "trying again by itself. Nothing already saved is lost.",
}

CATALOG: dict[str, str] = {**_SCREENS, **TABLES, **SHARING, **PROBLEMS}
"""Every key of the app; the table code's, the board's and the club night's
words are in ``en_tables.py``, sharing's and the browser build's page's in
``en_sharing.py``, a problem's sentences on a screen in
``en_problems.py``."""
