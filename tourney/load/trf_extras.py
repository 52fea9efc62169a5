"""TRF-2026 records around the 001 lines: national ratings (and 172), 299 abnormal
points, club codes in the federation column, and a name for a file without 012.

- **National rating records** (TRF-2026 "National Rating Support"): the 001 layout
  under a FIDE federation code; the national rating (49-52) and number (58-68) of
  the player of the same starting rank become ``national_rating`` and
  ``national_id``. Record 172 (mandatory with them) gives the federation and the
  starting-rank method, kept in tournament.yaml as ``national_federation`` and
  ``starting_rank_method``.
- **299** penalties and bonuses (blank type): ``Player.adjustments`` (round, points),
  round 0 for the event as a whole; the standings add them (docs/results.md). A typed
  299 (a result scored outside the point system) or one of a team event is kept
  verbatim and written back, not applied (W368).
- **Club codes in the federation column** (Irish and club programs): a value that is
  no FIDE federation code is the player's ``club`` (W366), and tournament.yaml gets
  ``trf_clubs: true`` so that the export writes it there again.
- **No 012**: the event is named after the file (W367), so that the folder has a name.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import PurePath

from tourney.load.fide_federations import FIDE_CODES
from tourney.load.trf_document import TrfDocument
from tourney.load.trf_lines import Line, column
from tourney.model import Player, Settings


def national_ratings(
    doc: TrfDocument, players: tuple[Player, ...], settings: Settings
) -> tuple[tuple[Player, ...], Settings]:
    """Players with the national ratings of the file's national rating records, and the
    settings with record 172's federation and method."""
    if not doc.national and "ranking_method" not in doc.header:
        return players, settings
    method_line = Line(doc.header_lines.get("ranking_method", 0), "172")
    text = " " * 4 + doc.header.get("ranking_method", "")
    federation, method = column(Line(0, text), 5, 7), column(Line(0, text), 9, 13).upper()
    if "ranking_method" in doc.header and federation not in FIDE_CODES:
        doc.error(
            "E319",
            method_line,
            5,
            f"record 172: '{federation}' is not a FIDE federation code",
            "172 layout: federation 5-7, method 9-13 (FIDE, NRO, FIDON, NIDOF, HBFN, LBFN, OTHER)",
        )
        return players, settings
    if not federation and doc.national:
        federation = doc.national[0].federation
        doc.warn(
            "W369",
            doc.national[0].line,
            1,
            f"national rating records without record 172: read as {federation}'s ratings",
            "TRF-2026 asks for a 172 record (federation and starting-rank method) with them",
        )
    by_start = {int(p.id): p for p in players}  # ids are the 001 starting ranks
    found: dict[str, Player] = {}
    for record in doc.national:
        player = by_start.get(record.start)
        if player is None:
            doc.error(
                "E306",
                record.line,
                5,
                f"national rating record names {record.start}, who has no 001 line",
            )
            continue
        if record.federation != federation:
            doc.warn(
                "W369",
                record.line,
                1,
                f"a national rating of {record.federation}, not of {federation} (record "
                "172): left out",
                "players.yaml keeps one national rating per player",
            )
            continue
        found[player.id] = replace(
            player, national_rating=record.rating, national_id=record.national_id
        )
    players = tuple(found.get(p.id, p) for p in players)
    settings = replace(settings, national_federation=federation, starting_rank_method=method)
    return players, settings


def abnormal_points(
    doc: TrfDocument, players: tuple[Player, ...], team_event: bool
) -> tuple[tuple[Player, ...], tuple[str, ...]]:
    """Players with the penalties and bonuses of the 299 records, and the 299 lines kept
    verbatim (typed ones and those of a team event: written back, not applied)."""
    ids = {p.id for p in players}
    adjustments: dict[str, dict[int, Fraction]] = {}
    kept: list[str] = []
    for record in doc.abnormal:
        if team_event or record.kind or record.points is None:
            kept.append(record.line.text)
            doc.warn(
                "W368",
                record.line,
                5,
                "record 299 "
                + (
                    "of a team event"
                    if team_event
                    else f"of type '{record.kind}' (a result scored outside the point system)"
                )
                + ": kept and written back, not applied to the standings",
                "tourney applies penalties and bonuses of players (299 with a blank type); "
                "docs/trf.md",
            )
            continue
        for number in record.ids:
            if str(number) not in ids:
                doc.error(
                    "E306", record.line, 24, f"record 299 names {number}, who has no 001 line"
                )
                continue
            own = adjustments.setdefault(str(number), {})
            own[record.round] = own.get(record.round, Fraction(0)) + record.points
    out = tuple(
        replace(p, adjustments=tuple(sorted((n, v) for n, v in adjustments[p.id].items() if v)))
        if p.id in adjustments
        else p
        for p in players
    )
    return out, tuple(kept)


def club_codes(
    doc: TrfDocument, players: tuple[Player, ...], lines: dict[str, int]
) -> tuple[tuple[Player, ...], bool]:
    """Federation columns that hold no FIDE federation code: the players' clubs (W366).

    A FIDE code (``IRL``, or ``irl`` from older writers) stays the federation; anything
    else (``Bal``, ``UCD``, a code FIDE does not have) is the club, as Irish and club
    programs write it.
    """
    out = []
    moved: list[tuple[Player, str]] = []
    for player in players:
        code = player.federation.strip()
        if (
            not 2 <= len(code) <= 3
            or not any(c.isalpha() for c in code)  # a shifted column ('8'), not a code
            or code in FIDE_CODES
            or (code.islower() and code.upper() in FIDE_CODES)
        ):
            out.append(player)
            continue
        moved.append((player, code))
        out.append(replace(player, federation="", club=player.club or code))
    if moved:
        shown = sorted({code for _, code in moved})
        first = moved[0][0]
        doc.warn(
            "W366",
            Line(lines.get(first.id, 0), ""),
            54,
            f"the federation column of {len(moved)} player line{'s' if len(moved) > 1 else ''} "
            f"holds no FIDE federation code ({', '.join(shown[:5])}"
            f"{', ...' if len(shown) > 5 else ''}): read as the club",
            "players.yaml gets 'club:', tournament.yaml 'trf_clubs: true' (an export "
            "writes the clubs there again); docs/trf.md",
        )
    return tuple(out), bool(moved)


def event_name(doc: TrfDocument, settings: Settings) -> Settings:
    """A file without a 012 name is named after the file (W367)."""
    if settings.name.strip():
        return settings
    stem = PurePath(doc.file).stem.strip() or "Imported tournament"
    if stem.startswith("<"):
        stem = "Imported tournament"
    doc.warn(
        "W367",
        Line(doc.header_lines.get("name", 0), ""),
        0 if "name" not in doc.header_lines else 5,
        f"no tournament name (record 012): named '{stem}' after the file",
        "write the name in 012, or change 'name:' in tournament.yaml",
    )
    return replace(settings, name=stem)
