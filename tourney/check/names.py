"""W270: one person (or team) entered twice, in one spelling or in two that look alike.

Names are read in NFC (``tourney.load.people``), but two entries can still show the
same name: typed twice, or once with a lookalike letter from another script (Cyrillic
``а``, Greek ``ο`` for Latin ``a``, ``o``), a compatibility form (full-width letters,
a ligature) or other capitals. A pairing program cannot tell them apart and nor can a
reader of the standings, so ``check`` warns, naming both lines (docs/security.md
"One spelling per name"). The comparison key (``skeleton``) is NFKC, case-folded, with
the common Cyrillic and Greek lookalikes of Latin letters replaced (after Unicode's
confusables list, UTS #39, for the letters a name on a rating list uses), invisible
format characters dropped and spaces collapsed. Two entries with the same name but
different FIDE IDs are two people, and are not warned about.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from tourney.check.context import Context, at
from tourney.errors import Diagnostic
from tourney.load.sourcemap import Where

# Lowercase Cyrillic and Greek letters that look like a Latin one (after casefold).
_LOOKALIKE = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "ё": "ë", "з": "3", "һ": "h", "і": "i", "ї": "ï",
        "ј": "j", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
        "у": "y", "ү": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l",
        # Greek
        "α": "a", "β": "b", "γ": "y", "ε": "e", "ζ": "z", "η": "n", "ι": "i", "κ": "k",
        "μ": "m", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ϲ": "c",
        # Latin letters that look like another
        "ı": "i", "ɩ": "i", "ȷ": "j",
    }
)  # fmt: skip
_SPACES = re.compile(r"\s+")


def skeleton(name: str) -> str:
    """The key two spellings of one name share: ``skeleton("Іvanov,  Petr") == skeleton
    ("ivanov, petr")`` (the first with a Cyrillic capital І)."""
    text = unicodedata.normalize("NFKC", name).casefold().translate(_LOOKALIKE)
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return _SPACES.sub(" ", text.replace(" ,", ",")).strip()


def _line(where: Where) -> str:
    return f"line {where.line}" if where.line else where.file


def twice(
    entries: Sequence[tuple[str, str, str]], place: dict[str, Where], kind: str
) -> list[Diagnostic]:
    """W270 for each entry (id, name, FIDE ID) whose name an earlier entry already shows."""
    first: dict[str, tuple[str, str, str]] = {}
    found = []
    for pid, name, fide in entries:
        key = skeleton(name)
        if not key:
            continue
        earlier = first.setdefault(key, (pid, name, fide))
        if earlier[0] == pid:
            continue
        if earlier[2] and fide and earlier[2] != fide:
            continue  # two FIDE IDs: two people of one name
        where = place.get(pid) or Where("")
        other = place.get(earlier[0]) or Where("")
        how = "the same name as" if earlier[1] == name else "a name that looks like"
        found.append(
            at(
                where,
                "W270",
                f"{kind} {pid}, {name!r}, has {how} {kind} {earlier[0]}, {earlier[1]!r} "
                f"({_line(other)})",
                "one entered twice, or two spellings of one name? Remove one, or tell them "
                "apart (a FIDE ID); a letter from another alphabet that looks Latin is one "
                'spelling too many (docs/security.md "One spelling per name")',
                severity="warning",
            )
        )
    return found


def name_diagnostics(ctx: Context) -> list[Diagnostic]:
    t = ctx.tournament
    players = [(p.id, p.name, p.fide_id) for p in t.players]
    found = twice(players, dict(ctx.sources.players), "player")
    if t.is_team:
        teams = [(team.id, team.name, "") for team in t.teams]
        found += twice(teams, dict(ctx.sources.teams), "team")
    return found
