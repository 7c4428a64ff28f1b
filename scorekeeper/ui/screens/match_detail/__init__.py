"""One stored match ("/storico/partita"): score, chart, hands, rules, notes."""
