"""The Flet user interface: the app (``app``) and the web server (``server``)."""
