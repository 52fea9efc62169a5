"""Every message of the templates and the code, as Babel extracts them (docs/languages.md).

``make messages`` writes them to ``tourney/locale/tourney.pot`` and merges them into
each language's ``.po``; tests/test_i18n.py extracts them again and checks that
the template and every catalog are in step.
"""

from __future__ import annotations

import datetime
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from tourney.i18n.catalog import DOMAIN, LANGUAGES

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


def update() -> None:
    """Write the .pot and merge it into every language's .po (new messages empty, old dropped)."""
    template = extract()
    POT.write_text(pot_text(template), encoding="utf-8")
    for lang in LANGUAGES[1:]:
        path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        with path.open("rb") as f:
            po = read_po(f, locale=lang, domain=DOMAIN)
        po.update(template, no_fuzzy_matching=True)
        _stable_header(po)
        out = io.BytesIO()
        write_po(out, po, include_lineno=False, sort_output=True, ignore_obsolete=True)
        path.write_bytes(out.getvalue())


def _stable_header(po: Catalog) -> None:
    """No dates or placeholders in the header: a .po changes only when a message does."""
    po.project, po.version = "tourney", ""
    po.msgid_bugs_address = "docs/languages.md"
    po.last_translator = po.language_team = "tourney contributors"
    po.creation_date = po.revision_date = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    po.header_comment = f"# {po.locale_identifier} messages of tourney (docs/languages.md)."


if __name__ == "__main__":
    update()
