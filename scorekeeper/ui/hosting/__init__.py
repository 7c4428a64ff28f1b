"""Where the app runs: the local web server (with its flet-web fixes, the LAN
address) and the browser build's runtime (Pyodide)."""
