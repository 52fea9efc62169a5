"""Message catalogs and the language of the render in progress.

English is the language of the messages themselves: it needs no catalog. Any
other language is read from its ``.po`` (package data) with Babel and compiled
in memory once per process, so nothing generated sits in git to go stale.
The current language is a context variable: ``render/`` code calls
``gettext("Round")`` without a translator handed down every call chain, and a
render for another language (a club whose events differ) sets its own.
"""

from __future__ import annotations

import datetime as dt
import gettext as _gettext
import io
from collections.abc import Hashable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

from tourney.i18n.languages import LANGUAGES as LANGUAGES  # also read from here

DOMAIN = "tourney"
K = TypeVar("K", bound=Hashable)

_NULL = _gettext.NullTranslations()
_current: ContextVar[tuple[str, _gettext.NullTranslations]] = ContextVar(
    "tourney_language", default=("en", _NULL)
)


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; translated where it is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """``N_`` for a message with a context, shown with ``pgettext(context, message)``."""
    return message


_catalogs: dict[str, _gettext.NullTranslations] = {"en": _NULL}


def register(lang: str, catalog: _gettext.NullTranslations) -> None:
    """Use ``catalog`` for ``lang`` in this process (the tests' pseudo-language)."""
    _catalogs[lang] = catalog


def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: the messages as they are)."""
    found = _catalogs.get(lang)
    if found is None:
        found = _catalogs[lang] = _compile(lang)
    return found


def _compile(lang: str) -> _gettext.NullTranslations:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}'")
    from importlib import resources  # only when a catalog is read: short commands never

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = resources.files("tourney").joinpath(f"locale/{lang}/LC_MESSAGES/{DOMAIN}.po")
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Everything rendered inside speaks ``lang``."""
    token = _current.set((lang, translations(lang)))
    try:
        yield
    finally:
        _current.reset(token)


def current() -> str:
    """The code of the current language ("en", "nl")."""
    return _current.get()[0]


def gettext(message: str) -> str:
    return _current.get()[1].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.get()[1].ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A message whose translation depends on where it stands ("W" the colour, not "win")."""
    return _current.get()[1].pgettext(context, message)


_SEPARATORS: dict[str, str] = {"en": "."}


def decimal_separator() -> str:
    """The decimal sign of the current language ("." in English, "," in Dutch; CLDR)."""
    lang = current()
    found = _SEPARATORS.get(lang)
    if found is None:
        if lang in LANGUAGES:
            from babel.numbers import get_decimal_symbol

            found = str(get_decimal_symbol(lang))
        else:
            found = "."
        _SEPARATORS[lang] = found
    return found


def format_date(day: dt.date) -> str:
    """A date as the current language writes it: ISO 8601 in English (as ever), else Babel's
    medium format (Dutch: "5 apr 2026")."""
    lang = current()
    if lang == "en" or lang not in LANGUAGES:
        return day.isoformat()
    from babel.dates import format_date as babel_date

    return str(babel_date(day, format="medium", locale=lang))


class Translated(Mapping[K, str]):
    """A table of messages (``BYE_TEXT[kind]``) that answers in the current language.

    The messages are marked with ``N_`` where the table is written; each lookup
    translates, so a table defined at import time still follows the render.
    """

    __slots__ = ("_messages",)

    def __init__(self, messages: Mapping[K, str]) -> None:
        self._messages = dict(messages)

    def __getitem__(self, key: K) -> str:
        return gettext(self._messages[key])

    def __iter__(self) -> Iterator[K]:
        return iter(self._messages)

    def __len__(self) -> int:
        return len(self._messages)
