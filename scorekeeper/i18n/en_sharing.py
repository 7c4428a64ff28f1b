"""The English catalog's words of sharing a match (the picture, the link,
``ui/parts/share.py``) and of the browser build's page (its start
screen, offline and update notes); merged into ``i18n/en.py``'s
``CATALOG``."""

SHARING: dict[str, str] = {
    "share.title": "Share",
    "share.json": "Download the match (JSON)",
    "share.csv": "Download the table (CSV)",
    "share.copy": "Copy the summary",
    "share.copied": "Summary copied: paste it into the chat.",
    "share.summary": "Summary",
    "share.downloaded": "File ready: {name}",
    "share.imported": "{n} matches imported.",
    "share.imported_one": "Match imported.",
    "share.already": "Match already stored: nothing changed.",
    "share.refused": "File refused, nothing changed: {reason}",
    "share.not_json": "not a JSON file ({error})",
    "share.cancelled": "No file chosen.",
    "share.picture": "Share the picture",
    "share.link": "Share the link",
    "share.copy_link": "Copy the link",
    "share.link_copied": "Link copied: whoever opens it sees the match and can "
    "save it.",
    "share.download_picture": "Download the picture",
    "share.no_picture": "This version of the app cannot draw the picture.",
    "share.qr": "Scan the code to open the match on another phone.",
    "share.qr_too_long": "The link is too long for a QR code: send it with "
    '"Share the link".',
    "share.shared_title": "Shared match",
    "share.save": "Save to my history",
    "share.saved": "Match saved to your history.",
    "share.close": "Close",
    "share.bad_link": "The link is damaged or incomplete: nothing changed.",
    "share.link_refused": "Link refused, nothing changed: {reason}",
    "share.winners": "{name} win",
    "share.early_win": "with declarations",
    "web.start.loading": "Loading the app...",
    "web.start.python": "Starting the scorekeeper...",
    "web.start.opening": "Opening the matches...",
    "web.offline_ready": "Ready: from now on it works offline too.",
    "web.update_ready": "New version ready",
    "web.update_action": "Update",
}
