"""Every message of the templates and the code, as Babel extracts them (docs/languages.md).

``make messages`` (scripts/messages.py) writes them to ``tourney/locale/tourney.pot``
and merges them into each language's ``.po``; tests/test_i18n.py extracts them again
and checks that the template and every catalog are in step.
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from tourney.i18n.catalog import DOMAIN

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "tourney" / "locale"
POT = LOCALE / f"{DOMAIN}.pot"

KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "N_": None,
    "NP_": ((1, "c"), 2),
    # the engine's tie-break names (Tiebreak("BH", "Buchholz", ...)), shown by render/
    "Tiebreak": (2,),
}
JINJA = {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true", "trimmed": "false"}


def extract() -> Catalog:
    """The messages of ``site_templates/`` and of ``tourney/`` (the code's ``_()``/``N_()``)."""
    catalog = Catalog(project="tourney", domain=DOMAIN, charset="utf-8", fuzzy=False)
    sources = (
        (ROOT / "site_templates", [("**.html", "jinja2.ext:babel_extract")], "site_templates"),
        (ROOT / "tourney", [("**.py", "python")], "tourney"),
    )
    for folder, method_map, prefix in sources:
        found = extract_from_dir(
            str(folder),
            method_map,
            options_map={"**.html": JINJA},
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            path = f"{prefix}/{filename}"
            catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return catalog


def pot_text(catalog: Catalog) -> str:
    """The .pot as written: no dates or line numbers, so it changes only when a message does."""
    out = io.BytesIO()
    write_po(out, catalog, omit_header=True, include_lineno=False, sort_output=True)
    return out.getvalue().decode("utf-8")
