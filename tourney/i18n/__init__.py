"""The languages of the site and the PDFs (docs/languages.md).

``catalog`` holds the current language of a render (a context variable set
with ``language("nl")``) and the gettext functions that templates and
``render/`` call; the catalogs themselves are ``tourney/locale/*/LC_MESSAGES/
tourney.po``, compiled in memory when first used. ``extract`` collects every
message of the templates and the code (scripts/messages.py writes it to
``tourney/locale/tourney.pot``).
Rule: imports nothing of tourney, so every layer may use it.
"""

from tourney.i18n.catalog import (
    LANGUAGES,
    N_,
    NP_,
    Translated,
    format_date,
    gettext,
    language,
    ngettext,
    pgettext,
)

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
