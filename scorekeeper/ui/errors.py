"""A refused change told in one sentence of the phone's language."""

from __future__ import annotations

from scorekeeper.core.problems import HandError, Problem
from scorekeeper.i18n import Translator
from scorekeeper.i18n.cards import problem_wording
from scorekeeper.storage import StorageError


def error_sentence(
    error: Exception, translator: Translator, french_cards: bool = False
) -> str:
    """A refused change as one sentence in the translator's language, the
    cards named as the deck setting says."""
    t = translator.t
    if isinstance(error, HandError):
        wording = problem_wording(translator.lang, french_cards)
        return t("err.refused", reason=error.message(translator.lang, wording))
    if isinstance(error, StorageError):
        problem = error.params.get("problem")
        if isinstance(problem, Problem):  # the core's words (a name refused)
            wording = problem_wording(translator.lang, french_cards)
            return t("err.refused", reason=problem.text(translator.lang, wording))
        key = f"err.storage.{error.code}"
        text = t(key)
        if text == key:  # a code without its own sentence
            text = t("err.storage.generic", code=error.code)
        return text
    return t("err.unexpected", kind=type(error).__name__)
