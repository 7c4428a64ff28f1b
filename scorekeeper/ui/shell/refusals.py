"""A refused change told in one sentence of the phone's language."""

from __future__ import annotations

from scorekeeper.core.problems import HandError, Problem
from scorekeeper.i18n import Translator
from scorekeeper.i18n.sentences import Sides, sentence
from scorekeeper.storage import StorageError


def error_sentence(
    error: Exception,
    translator: Translator,
    french_cards: bool = False,
    sides: Sides | None = None,
) -> str:
    """A refused change as one sentence in the translator's language, the
    cards named as the deck setting says, a side by its players (the
    error's, else ``sides``: the match on screen)."""
    t = translator.t
    if isinstance(error, HandError):
        # the sentences of a screen, not the command line's "hand 2, side 2
        # (Bruno): napola: ..." (error.message())
        if error.side_names is not None or sides is None:
            sides = Sides.named(error.side_names)
        reason = " ".join(
            sentence(p, translator, sides, french_cards) for p in error.problems
        )
        return t("err.refused", reason=reason)
    if isinstance(error, StorageError):
        problem = error.params.get("problem")
        if isinstance(problem, Problem):  # the core's words (a name refused)
            reason = sentence(problem, translator, Sides.named(None), french_cards)
            return t("err.refused", reason=reason)
        key = f"err.storage.{error.code}"
        text = t(key)
        if text == key:  # a code without its own sentence
            text = t("err.storage.generic", code=error.code)
        return text
    return t("err.unexpected", kind=type(error).__name__)
