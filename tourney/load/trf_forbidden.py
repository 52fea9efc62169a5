"""Forbidden pairings and acceleration in a TRF: 260, XXP, the XXO dialect, 192 ``_BAKU``.

The records, as :mod:`tourney.render.trf.individual` and :mod:`tourney.render.trf.team` write them:

- ``260`` (TRF-2026, "for both individual and team tournaments"): first round at
  columns 5-7, last round at 9-11, then the ids from column 13, five columns each:
  players, or teams in a team event. ``260 001 007    1    4``.
- ``XXP`` (the engines' TRF(x)): players who must not meet, every round. ``XXP 1 4``.
- ``XXO`` (this project's dialect, docs/trf.md): ``XXO team-forbidden 3 11 16 @1-2``
  (teams, a rule), ``XXO team-soft-pairs 2 4`` (teams, a wish), ``XXO soft-pairs 7 12 @5-``
  (players, a wish); ``@3``, ``@1-2``, ``@5-``, ``@-2`` give the rounds, none means all.
- ``192`` ending in ``_BAKU`` (``FIDE_DUTCH_2025_BAKU``): Baku acceleration (C.04.5.1)
  of an individual Swiss. TRF-2026 ``250`` records (accelerated rounds) that give exactly
  the Baku method's virtual points for the file's players and rounds are Baku
  acceleration too; 250 records of another method and the engines' ``XXA`` are reported
  and not applied (250 records are kept and written back).

Each record is read into a ``ForbiddenRecord`` as it comes (syntax errors name the line
and column); :func:`forbidden_pairings` turns them into the model's rules once the
players and teams are known (a number without its 001 or 310 line is an error).

>>> from tourney.load.trf import loads
>>> head = "012 T\\n001    1      A\\n001    2      B\\n001    3      C\\n"
>>> [(r.members, r.rounds) for r in loads(head + "260 001 002    1    3\\n").settings.forbidden]
[(('1', '3'), RoundWindow(first=1, last=2))]
"""

from __future__ import annotations

import re
from collections.abc import Collection
from fractions import Fraction

from tourney.load.trf_document import ForbiddenRecord, TrfDocument
from tourney.load.trf_lines import Line, column, parse_int
from tourney.model import ForbiddenPairing, Format, RoundWindow, RuleStrength

# XXO keyword -> (names teams, strength)
XXO_KINDS: dict[str, tuple[bool, RuleStrength]] = {
    "team-forbidden": (True, RuleStrength.RULE),
    "team-soft-pairs": (True, RuleStrength.WISH),
    "soft-pairs": (False, RuleStrength.WISH),
}
_WINDOW = re.compile(r"@(\d*)(-?)(\d*)")
_WINDOW_HINT = "@N, @FIRST-LAST, @FIRST- or @-LAST, last on the line"


def _numbers(
    doc: TrfDocument, line: Line, tokens: list[re.Match[str]], first: int, what: str
) -> tuple[tuple[int, int], ...] | None:
    """The numbers in ``tokens`` (matches in ``line.text[first - 1:]``), or None after an error."""
    found: list[tuple[int, int]] = []
    for token in tokens:
        col = first + token.start()
        number = parse_int(token.group(0))
        if not number:
            doc.error(
                "E302",
                line,
                col,
                f"bad number '{token.group(0)}' in record {line.code}",
                f"{what}: whole numbers from 1, separated by blanks",
            )
            return None
        twice = next((c for n, c in found if n == number), None)
        if twice is not None:
            doc.error(
                "E305",
                line,
                col,
                f"record {line.code} names {number} twice",
                f"first at column {twice}",
            )
            return None
        found.append((number, col))
    if len(found) < 2:
        doc.error(
            "E309",
            line,
            first,
            f"record {line.code} needs at least two {what}, found {len(found)}",
            f"the {what} who must not meet, separated by blanks",
        )
        return None
    return tuple(found)


def _tokens(line: Line, first: int) -> list[re.Match[str]]:
    return list(re.finditer(r"\S+", line.text[first - 1 :]))


def parse_260(doc: TrfDocument, line: Line) -> None:
    """260: first round (5-7), last round (9-11), ids from column 13."""
    first, last = parse_int(column(line, 5, 7)), parse_int(column(line, 9, 11))
    if not first or not last or line.text[7:8].strip() or line.text[11:12].strip():
        doc.error(
            "E302",
            line,
            5,
            f"bad rounds '{line.text[4:11]}' in record 260",
            "first round at columns 5-7, last round at 9-11, ids from column 13: 260 001 003    1    4",
        )
        return
    if first > last:
        doc.error(
            "E309",
            line,
            9,
            f"record 260: last round {last} is before first round {first}",
            "the first round at columns 5-7, the last at 9-11",
        )
        return
    numbers = _numbers(doc, line, _tokens(line, 13), 13, "ids")
    if numbers is not None:
        window = RoundWindow(first, last)
        doc.forbidden.append(ForbiddenRecord("260", None, numbers, RuleStrength.RULE, window, line))


def parse_xxp(doc: TrfDocument, line: Line) -> None:
    """XXP: the starting ranks of players who must not meet, in every round."""
    numbers = _numbers(doc, line, _tokens(line, 5), 5, "players")
    if numbers is not None:
        doc.forbidden.append(
            ForbiddenRecord("XXP", False, numbers, RuleStrength.RULE, RoundWindow(), line)
        )


def _window(text: str) -> RoundWindow | None:
    match = _WINDOW.fullmatch(text)
    if match is None or not (match.group(1) or match.group(3)):
        return None
    first = int(match.group(1)) if match.group(1) else None
    last = int(match.group(3)) if match.group(3) else None
    if not match.group(2):
        last = first
    if first == 0 or last == 0 or (first is not None and last is not None and first > last):
        return None
    return RoundWindow(first, last)


def parse_xxo(doc: TrfDocument, line: Line) -> None:
    """XXO KIND N N ... [@ROUNDS] (docs/trf.md, "Forbidden pairings: the XXO dialect")."""
    tokens = _tokens(line, 5)
    kind = tokens[0].group(0).lower() if tokens else ""
    if kind not in XXO_KINDS:
        doc.error(
            "E303",
            line,
            5 + (tokens[0].start() if tokens else 0),
            f"unknown XXO record '{kind}'",
            "XXO team-forbidden, XXO team-soft-pairs or XXO soft-pairs, then numbers",
        )
        return
    teams, strength = XXO_KINDS[kind]
    rest = tokens[1:]
    window = RoundWindow()
    if rest and rest[-1].group(0).startswith("@"):
        found = _window(rest[-1].group(0))
        if found is None:
            doc.error(
                "E302",
                line,
                5 + rest[-1].start(),
                f"bad rounds '{rest[-1].group(0)}'",
                _WINDOW_HINT,
            )
            return
        window, rest = found, rest[:-1]
    for token in rest:
        if token.group(0).startswith("@"):
            doc.error(
                "E302",
                line,
                5 + token.start(),
                f"rounds '{token.group(0)}' before a number",
                _WINDOW_HINT,
            )
            return
    # The tokens were found from column 5; _numbers adds its own first column.
    numbers = _numbers(doc, line, rest, 5, "teams" if teams else "players")
    if numbers is not None:
        doc.forbidden.append(ForbiddenRecord("XXO", teams, numbers, strength, window, line))


def forbidden_pairings(
    doc: TrfDocument, players: Collection[str], teams: Collection[str]
) -> tuple[ForbiddenPairing, ...]:
    """The rules of the records read, on the reader's ids (starting ranks, team numbers).

    A record that names players in a team event (XXP, ``XXO soft-pairs``) or teams in
    an individual one is left out with a warning; a number nobody has is an error.
    """
    rules: list[ForbiddenPairing] = []
    for record in doc.forbidden:
        teams_named = doc.team_event if record.teams is None else record.teams
        if teams_named != doc.team_event:
            named, event = ("teams", "an individual") if teams_named else ("players", "a team")
            doc.warn(
                "W327",
                record.line,
                5,
                f"record {record.code} names {named}; this is {event} event: left out",
                "a team event keeps teams apart (XXO team-forbidden, 260 with team numbers)"
                if doc.team_event
                else "players are kept apart by 260, XXP or XXO soft-pairs",
            )
            continue
        known = teams if teams_named else players
        missing = [(n, c) for n, c in record.numbers if str(n) not in known]
        for number, col in missing:
            doc.error(
                "E306",
                record.line,
                col,
                f"record {record.code} names {'team' if teams_named else 'player'} {number}, "
                f"who is not in this file",
                "a team number of a 310 (or 013) record"
                if teams_named
                else "a starting rank of a 001 record",
            )
        if missing:
            continue
        rules.append(
            ForbiddenPairing(
                teams=teams_named,
                members=tuple(str(n) for n, _ in record.numbers),
                strength=record.strength,
                rounds=record.rounds,
            )
        )
    return tuple(rules)


def acceleration(doc: TrfDocument, fmt: Format, rounds: int = 0) -> str:
    """``"baku"`` when record 192 ends in ``_BAKU`` for an individual Swiss, or when its
    250 records give exactly the Baku method's virtual points; else ``"none"``.

    Other accelerated points (250 records of another method, the engines' XXA) are
    reported: the pairing does not use them (250 records are kept and written back),
    and by TRF-2026 250 records make a 192 acceleration method disregarded.
    """
    if doc.accelerated and fmt is Format.SWISS and _baku_250(doc, rounds):
        return "baku"
    points = [lines[0] for code in ("XXA",) if (lines := doc.other.get(code))]
    points += [record.line for record in doc.accelerated[:1]]
    for line in points:
        doc.warn(
            "W328",
            line,
            1,
            f"accelerated points (record {line.code}) are not read: the pairing ignores them"
            if line.code != "250"
            else "accelerated rounds (record 250) that are not the Baku method of this "
            "field: kept and written back, the pairing ignores them",
            "tourney accelerates by the Baku method only: record 192 ending in _BAKU, "
            "or 250 records that give its points",
        )
    system = doc.header.get("system", "")
    if "BAKU" not in system.upper().replace(" ", "").split("_"):
        return "none"
    where = Line(doc.header_lines.get("system", 0), "192")
    if points:
        doc.warn(
            "W328", where, 5, "record 250 or XXA is present: the _BAKU of record 192 is disregarded"
        )
        return "none"
    if fmt is not Format.SWISS:
        doc.warn(
            "W328",
            where,
            5,
            f"Baku acceleration of a {fmt.value} is not supported: paired without it",
            "tourney accelerates an individual Swiss only",
        )
        return "none"
    return "baku"


def _baku_250(doc: TrfDocument, rounds: int) -> bool:
    """Whether the 250 records give the Baku method's virtual points (C.04.5.1): to the
    first ``ga_size`` starting ranks of the file, 1 point (a win) before the first half
    of the accelerated rounds and ½ before the rest."""
    from tourney.engine.pairing.swiss_baku import last_ga_number, virtual_points

    win = doc.scoring.get("W", doc.scoring.get("XXS:WW", doc.scoring.get("XXS:W", Fraction(1))))
    given: dict[tuple[int, int], Fraction] = {}
    for record in doc.accelerated:
        if record.match_points:
            return False
        for number in range(record.rounds[0], record.rounds[1] + 1):
            for ident in range(record.ids[0], record.ids[1] + 1):
                given[(number, ident)] = given.get((number, ident), Fraction(0)) + record.points
    starts = sorted({r.start for r in doc.players})
    last = last_ga_number(starts)
    expected = {
        (number, start): value
        for number in range(1, rounds + 1)
        for start in starts
        if (value := virtual_points(number, rounds, start <= last, win))
    }
    return given == expected
