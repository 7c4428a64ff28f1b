"""The end-of-hand count (``/partita/mano``) and the declaration
(``/partita/dichiara``): taps fill a :class:`HandDraft`, the core validates and
scores it live, and Save stays off until the hand is valid.

``state`` is the entry's frozen state (:class:`~.state.EntryState`, pure),
``problems`` decides which problems show where, ``sections`` draws the
entry's parts, ``view`` the screens, ``actions`` what the taps and Save do.
This ``__init__`` imports none of them: the session imports ``state``
without running the screen's flet modules.
"""
