"""The languages of the site and the PDFs (docs/languages.md).

``catalog`` holds the current language of a render (a context variable set
with ``language("nl")``) and the gettext functions that templates and
``render/`` call; the catalogs themselves are ``tourney/locale/*/LC_MESSAGES/
tourney.po``, compiled in memory when first used. ``extract`` collects every
message of the templates and the code (scripts/messages.py writes it to
``tourney/locale/tourney.pot``).
Rule: imports nothing of tourney, so every layer may use it.
"""

from typing import TYPE_CHECKING

from tourney.i18n.languages import LANGUAGES

if TYPE_CHECKING:
    from tourney.i18n.catalog import (
        N_,
        NP_,
        Translated,
        format_date,
        gettext,
        language,
        ngettext,
        pgettext,
    )


def __getattr__(name: str) -> object:
    """The catalog's names, imported on first use: reading a folder needs ``LANGUAGES``
    only, not gettext (start-up, docs/robustness.md)."""
    if name in __all__:
        from tourney.i18n import catalog

        return getattr(catalog, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "LANGUAGES",
    "NP_",
    "N_",
    "Translated",
    "format_date",
    "gettext",
    "language",
    "ngettext",
    "pgettext",
]
