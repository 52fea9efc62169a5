"""`make messages`: extract every message of the site and the PDFs into
tourney/locale/tourney.pot and merge it into each language's .po (docs/languages.md).

New messages arrive with an empty translation, messages no longer used are dropped;
tests/test_i18n.py fails until every language translates every message again.
"""

from __future__ import annotations

import datetime
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from tourney.i18n.catalog import DOMAIN, LANGUAGES
from tourney.i18n.extract import LOCALE, POT, extract, pot_text


def main() -> None:
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
    main()
