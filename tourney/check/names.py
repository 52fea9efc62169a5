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
from tourney.model import Club

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
    entries: Sequence[tuple[str, str, str]],
    place: dict[str, Where],
    kind: str,
    elsewhere: frozenset[str] | set[str] = frozenset(),
) -> list[Diagnostic]:
    """W270 for each entry (id, name, FIDE ID) whose name an earlier entry already shows;
    two entries both in ``elsewhere`` are warned about by another file's check."""
    first: dict[str, tuple[str, str, str]] = {}
    found = []
    for pid, name, fide in entries:
        key = skeleton(name)
        if not key:
            continue
        earlier = first.setdefault(key, (pid, name, fide))
        if earlier[0] == pid or (pid in elsewhere and earlier[0] in elsewhere):
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


def member_diagnostics(club: Club, place: dict[str, Where]) -> list[Diagnostic]:
    """W270 for members.yaml: one member entered twice."""
    return twice([(m.id, m.name, m.fide_id) for m in club.members], place, "member")


def guest_diagnostics(ctx: Context, club: Club, member_place: dict[str, Where]) -> list[Diagnostic]:
    """W270 for a guest of a club event who has the name of a member not in it.

    A member who plays the event under their name instead of ``member:`` is a guest to
    the club's ratings (FIDE B.02) and series: their game is lost to their history. A
    member who plays under ``member:`` is in ``ctx.tournament.players`` already, so the
    event's own check (``name_diagnostics``) sees both."""
    playing = {p.member for p in ctx.tournament.players if p.member}
    members = {skeleton(m.name): m for m in club.members if m.id not in playing}
    found = []
    for p in ctx.tournament.players:
        member = members.get(skeleton(p.name)) if not p.member else None
        if member is None or (p.fide_id and member.fide_id and p.fide_id != member.fide_id):
            continue
        how = "the same name as" if member.name == p.name else "a name that looks like"
        other = member_place.get(member.id) or Where("members.yaml")
        found.append(
            at(
                ctx.sources.players.get(p.id) or Where(""),
                "W270",
                f"player {p.id}, {p.name!r}, a guest, has {how} club member {member.id}, "
                f"{member.name!r} ({other.file} line {other.line})",
                f"if this is the member, write 'member: {member.id}' in place of the name "
                "(and rating), so the club's ratings and series count the games; two people "
                "of one name: give them their FIDE IDs",
                severity="warning",
            )
        )
    return found


def name_diagnostics(ctx: Context) -> list[Diagnostic]:
    t = ctx.tournament
    # Two members of one name are members.yaml's to warn about (member_diagnostics), once.
    members = {p.id for p in t.players if p.member}
    players = [(p.id, p.name, p.fide_id) for p in t.players]
    found = twice(players, dict(ctx.sources.players), "player", members)
    if t.is_team:
        teams = [(team.id, team.name, "") for team in t.teams]
        found += twice(teams, dict(ctx.sources.teams), "team")
    return found
