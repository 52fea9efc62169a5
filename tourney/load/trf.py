"""Read a TRF file (TRF16 or TRF-2026, individual events) into a ``Tournament``.

>>> text = '''012 Tiny
... 042 2026/04/01
... 142 2
... 001    1      A                                 2000                             1.5    1     2 w =     3 b 1
... 001    2      B                                 1900                             1.0    2     1 b =  0000 - H
... 001    3      C                                 1800                             1.0    2  0000 - U     1 w 0
... '''
>>> t = loads(text)
>>> t.settings.format.value, t.settings.rounds, [p.id for p in t.players]
('swiss', 2, ['1', '2', '3'])
>>> [(g.white, g.black, g.result.value) for g in t.rounds[0].games]
[('1', '2', '½-½')]
>>> [(b.participant, b.kind.value) for b in t.rounds[0].byes + t.rounds[1].byes]
[('3', 'pab'), ('2', 'half')]

Player ids are the starting ranks as strings, and ``Player.start`` is the
starting rank. Results map onto the model like this:

- ``1``/``=``/``0`` against an opponent: a played game; ``W``/``D``/``L``: the
  ``*u`` results (decided before a move was made); ``+``/``-``: forfeits;
  ``-`` on both lines: a double forfeit; ``0`` on both lines: ``0-0``.
- No opponent (``0000`` or blank): ``U`` pairing-allocated bye, ``H`` half-point
  bye, ``F`` full-point bye, ``Z`` or blank zero-point bye. ``+`` without an
  opponent is a point without playing (read as a full-point bye); ``-`` is an
  absence. A 001 line that stops early is absent in the missing rounds: that
  covers the three ways a withdrawal is written.
- 240 records repeat or give the bye of a round; they win over a blank or ``Z``.
- Columns after the last round in which someone has an opponent are the round about
  to be paired (JaVaFo's TRF(x) convention): their entries, 240 records for them and
  ``XXZ`` become the players' ``absent`` and ``byes``
  (:mod:`tourney.load.trf_conventions`, which also reads bye placeholder lines and
  checks the points column).
- ``XXC rank``: the pairing order (``Player.start``) is the order of the 001 lines.
- Forbidden pairings (260, XXP, XXO) become ``Settings.forbidden``, and a 192 code
  ending in ``_BAKU`` ``Settings.acceleration`` (:mod:`tourney.load.trf_forbidden`).
- A Double-Swiss (192 ``FIDE_DOUBLESWISS``, FIDE C.04.5) has two columns a round, game
  1 and game 2 of each match: they are folded into rounds of matches
  (:mod:`tourney.load.trf_double`).

Bad input raises ``InvalidInput`` with every problem found.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from tourney.engine.double_games import match_forfeited
from tourney.engine.tiebreaks.descriptor import DescriptorError, parse_descriptor
from tourney.errors import Diagnostic, InvalidInput
from tourney.load.trf_conventions import (
    Requests,
    blank_opponent_byes,
    coming_round_requests,
    find_placeholders,
    placeholder_bye,
    played_rounds,
    points_warnings,
    stated_points_warnings,
    team_player_points,
)
from tourney.load.trf_document import PlayerRecord, RosterRecord, RoundCell, TrfDocument
from tourney.load.trf_double import (
    double_points_warnings,
    fold_player,
    fold_rounds,
    fold_settings,
)
from tourney.load.trf_extras import abnormal_points, club_codes, event_name, national_ratings
from tourney.load.trf_forbidden import acceleration, forbidden_pairings
from tourney.load.trf_lines import Line, decode, parse_date, split_lines
from tourney.load.trf_records import read_records
from tourney.load.trf_teams import (
    check_013_columns,
    check_totals,
    team_requests,
    team_rounds,
    team_settings,
)
from tourney.model import (
    Bye,
    ByeKind,
    Colour,
    Descriptor,
    Format,
    Game,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from tourney.records import dataclass

# Record 192 codes, tested in order: the first contained word wins.
FORMAT_CODES: tuple[tuple[str, Format], ...] = (
    ("TEAM_DOUBLEROUNDROBIN", Format.TEAM_ROUND_ROBIN),
    ("TEAM_ROUNDROBIN", Format.TEAM_ROUND_ROBIN),
    ("TEAM", Format.TEAM_SWISS),
    ("DOUBLEROUNDROBIN", Format.DOUBLE_ROUND_ROBIN),
    ("ROUNDROBIN_G2", Format.DOUBLE_ROUND_ROBIN),
    ("ROUNDROBIN", Format.ROUND_ROBIN),
    ("SCHEVENINGEN", Format.ROUND_ROBIN),
    ("SCHILLER", Format.ROUND_ROBIN),
    ("KEIZER", Format.KEIZER),
)
# Record 092 is free text: a few words are enough.
TYPE_WORDS: tuple[tuple[tuple[str, ...], Format], ...] = (
    (("team", "robin"), Format.TEAM_ROUND_ROBIN),
    (("team",), Format.TEAM_SWISS),
    (("double", "robin"), Format.DOUBLE_ROUND_ROBIN),
    (("robin",), Format.ROUND_ROBIN),
    (("berger",), Format.ROUND_ROBIN),
    (("keizer",), Format.KEIZER),
)
_INDIVIDUAL = {Format.TEAM_SWISS: Format.SWISS, Format.TEAM_ROUND_ROBIN: Format.ROUND_ROBIN}

PAIR_RESULTS: dict[tuple[str, str], Result | None] = {
    ("1", "0"): Result.WHITE_WINS,
    ("=", "="): Result.DRAW,
    ("0", "1"): Result.BLACK_WINS,
    ("+", "-"): Result.WHITE_FORFEIT_WIN,
    ("-", "+"): Result.BLACK_FORFEIT_WIN,
    ("-", "-"): Result.DOUBLE_FORFEIT,
    ("0", "0"): Result.NO_CONTEST,
    ("W", "L"): Result.WHITE_WINS_UNPLAYED,
    ("D", "D"): Result.DRAW_UNPLAYED,
    ("L", "W"): Result.BLACK_WINS_UNPLAYED,
    ("", ""): None,
    ("Z", "Z"): None,  # lichess: a game still being played (no result yet)
}
# A round without an opponent.
BYE_CODES: dict[str, ByeKind] = {
    "U": ByeKind.PAB,
    "H": ByeKind.HALF,
    "F": ByeKind.FULL,
    "Z": ByeKind.ZERO,
    "": ByeKind.ZERO,
    "+": ByeKind.FULL,
    "1": ByeKind.FULL,
    "W": ByeKind.FULL,
    "=": ByeKind.HALF,
    "D": ByeKind.HALF,
    "-": ByeKind.ZERO,
    "0": ByeKind.ZERO,
    "L": ByeKind.ZERO,
}
_240_KINDS = {"F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO, "U": ByeKind.PAB}


@dataclass(frozen=True, slots=True)
class TrfRead:
    """A tournament read from TRF, with the warnings found on the way."""

    tournament: Tournament
    warnings: tuple[Diagnostic, ...]
    document: TrfDocument | None = None  # the records read (the engines' view of the file)


def read_trf(path: Path) -> Tournament:
    """The tournament in a TRF file; raises ``InvalidInput`` on errors."""
    return parse_trf(path.read_bytes(), str(path)).tournament


def loads(text: str, file: str = "<trf>") -> Tournament:
    """The tournament in TRF text; raises ``InvalidInput`` on errors."""
    return parse_trf(text, file).tournament


def parse_trf(source: bytes | str, file: str = "<trf>", pairing: str | None = None) -> TrfRead:
    """Read TRF bytes (UTF-8, else Latin-1) or text; collect every problem. ``pairing``
    overrides the Swiss system the file names (``pairing-engine --double-swiss`` reads
    two columns a round as one match)."""
    if isinstance(source, bytes):
        text, latin1 = decode(source)
    else:
        text, latin1 = source, False
    doc = read_records(split_lines(text), file)
    if latin1:
        doc.diagnostics.append(
            Diagnostic(file, 0, 0, "not UTF-8: read as Latin-1", severity="warning", code="W320")
        )
    if not doc.players:
        doc.diagnostics.append(
            Diagnostic(
                file,
                0,
                0,
                "no player records (001)",
                "a TRF file lists players on 001",
                code="E300",
            )
        )
    tournament = _assemble(doc, pairing)
    errors = [d for d in doc.diagnostics if d.severity == "error"]
    if errors:
        raise InvalidInput(doc.diagnostics)
    return TrfRead(tournament, tuple(doc.diagnostics), doc)


def _assemble(doc: TrfDocument, pairing: str | None = None) -> Tournament:
    by_start: dict[int, PlayerRecord] = {}
    for record in doc.players:
        if record.start in by_start:
            doc.diagnostics.append(
                Diagnostic(
                    doc.file,
                    record.line,
                    5,
                    f"starting rank {record.start} used twice",
                    f"first on line {by_start[record.start].line}",
                    code="E305",
                )
            )
            continue
        by_start[record.start] = record
    placeholders = find_placeholders(doc, by_start)
    fmt = _format(doc)
    last_round = played_rounds(doc, by_start)
    last_column = max((c.round for r in by_start.values() for c in r.rounds), default=0)
    rounds_count = max(doc.rounds or 0, last_round, last_column)
    settings = _settings(doc, rounds_count, fmt)
    if pairing is not None and fmt is Format.SWISS:
        settings = replace(settings, pairing=pairing)
    requests = coming_round_requests(doc, by_start, last_round)
    for start, line in doc.absent_next:  # XXZ: absent from the round to be paired
        if start in by_start:
            requests.add(str(start), last_round + 1, None)
        else:
            doc.error("E306", line, 5, f"record XXZ names {start}, who has no 001 line")
    order = _pairing_order(doc, by_start)
    players = tuple(
        requests.apply(_player(record, order)) for record in sorted(by_start.values(), key=_key)
    )
    settings = event_name(doc, settings)
    players, settings = national_ratings(doc, players, settings)
    players, clubs = club_codes(doc, players, {str(s): r.line for s, r in by_start.items()})
    players, kept_299 = abnormal_points(doc, players, doc.team_event)
    settings = replace(settings, trf_clubs=clubs, trf_records=(*kept_299, *settings.trf_records))
    rounds = tuple(
        _round(doc, by_start, number, placeholders) for number in range(1, last_round + 1)
    )
    if doc.team_event:
        check_013_columns(doc)
        # 240 records of a team event name teams (TRF-2026 team byes).
        teams, rounds = team_rounds(doc, by_start, rounds)
        settings = team_settings(doc, settings, rounds)
        rules = forbidden_pairings(doc, {p.id for p in players}, {team.id for team in teams})
        settings = replace(settings, forbidden=rules)
        teams = team_requests(doc, teams, last_round)
        tournament = Tournament(settings=settings, players=players, teams=teams, rounds=rounds)
        if not any(d.severity == "error" for d in doc.diagnostics):
            # the team score tables only for a team event (bench/startup.py)
            from tourney.load.trf_team_results import check_team_results

            check_totals(doc, tournament)
            check_team_results(doc, tournament)
            totals = team_player_points(by_start.values(), rounds, settings.scoring)
            stated = points_warnings(doc, by_start.values(), totals)
            players = tuple(replace(p, stated_points=stated.get(p.id)) for p in players)
            tournament = replace(tournament, players=players)
        return tournament
    _check_240(doc, by_start, last_round, requests)
    rounds = _apply_240(doc, rounds)
    extra = {p.id: p.adjustment() for p in players if p.adjustments}
    if settings.pairing == "double-swiss":  # two columns a round (docs/trf.md)
        return _double_swiss(doc, by_start, rounds, requests, players, settings, extra)
    rounds = blank_opponent_byes(doc, by_start, rounds, requests, settings.scoring, extra)
    if fmt is Format.SWISS:
        rounds = _mark_rematches(doc, by_start, rounds)
    players = tuple(requests.apply(p) for p in players)
    settings = replace(settings, forbidden=forbidden_pairings(doc, {p.id for p in players}, ()))
    if not any(d.severity == "error" for d in doc.diagnostics):
        stated = stated_points_warnings(
            doc, by_start.values(), rounds, requests, settings.scoring, extra
        )
        players = tuple(replace(p, stated_points=stated.get(p.id)) for p in players)
    return Tournament(settings=settings, players=players, rounds=rounds)


def _double_swiss(
    doc: TrfDocument,
    by_start: dict[int, PlayerRecord],
    columns: tuple[Round, ...],
    requests: Requests,
    players: tuple[Player, ...],
    settings: Settings,
    extra: dict[str, Fraction],
) -> Tournament:
    """A Double-Swiss read column by column, then folded into rounds of two-game
    matches (:mod:`tourney.load.trf_double`)."""
    players = tuple(requests.apply(p) for p in players)
    settings = replace(settings, forbidden=forbidden_pairings(doc, {p.id for p in players}, ()))
    if not any(d.severity == "error" for d in doc.diagnostics):
        stated = double_points_warnings(
            doc, by_start.values(), columns, requests, settings.scoring, extra
        )
        players = tuple(replace(p, stated_points=stated.get(p.id)) for p in players)
    # a match forfeited as a whole is not a meeting (C.04.5 Preface)
    rounds = _mark_rematches(
        doc,
        by_start,
        fold_rounds(doc, by_start, columns),
        lambda game: game.begun and not match_forfeited(game),
        lambda number: 2 * number - 1,
    )
    players = tuple(fold_player(p) for p in players)
    return Tournament(settings=fold_settings(settings), players=players, rounds=rounds)


def _key(record: PlayerRecord) -> int:
    return record.start


def _pairing_order(doc: TrfDocument, by_start: dict[int, PlayerRecord]) -> dict[int, int]:
    """Each player's pairing number: the TRF number, or with ``XXC rank`` (JaVaFo) the
    position of the player line in the file."""
    if "rank" not in doc.options:
        return {start: start for start in by_start}
    kept = {id(r) for r in by_start.values()}
    lines = [r for r in doc.players if id(r) in kept]
    return {record.start: index for index, record in enumerate(lines, start=1)}


def _format(doc: TrfDocument) -> Format:
    system = doc.header.get("system", "").upper().replace(" ", "")
    found: Format | None = None
    if system:
        found = next((f for word, f in FORMAT_CODES if word in system), Format.SWISS)
    else:
        kind = doc.header.get("type", "").lower()
        found = next((f for words, f in TYPE_WORDS if all(w in kind for w in words)), Format.SWISS)
    rosters = doc.team.rosters or doc.team.rosters_013
    signs = _team_signs(doc)
    if not found.is_team and len(rosters) == 1 and not signs:
        # One stray team record does not make a team event: a match needs two teams.
        doc.warn(
            "W326",
            rosters[0].line,
            5,
            f"one team record ({rosters[0].line.code}) in a file that names no team event: "
            "read as an individual event, the record is ignored",
            "a team event has a team record per team and says so in 192 or 092",
        )
        return found
    if len(rosters) == 1 and signs:
        doc.error(
            "E312",
            rosters[0].line,
            5,
            f"the file says it is a team event ({', '.join(sign for sign, _ in signs)}), but "
            f"it has a team record ({rosters[0].line.code}) for one team only",
            "a team event has a 310 (or 013) record for every team; an individual event "
            "has no 082, 362 or team records",
        )
        return found
    if not found.is_team and len(rosters) >= 2 and system:
        # Team records for two teams make a team event whatever 192 says (TRF-2026
        # team section); 192 may name a code tourney does not know.
        doc.warn(
            "W356",
            Line(doc.header_lines.get("system", 0), ""),
            5,
            f"record 192 '{doc.header['system']}' names no team event, but the file has "
            f"{', '.join(_team_evidence(doc, rosters))}: read as a team event",
            "a team event's 192 is FIDE_TEAM_... (docs/trf.md, record 192)",
        )
        found = Format.TEAM_ROUND_ROBIN if found.is_round_robin else Format.TEAM_SWISS
    elif not found.is_team and signs and not rosters:
        doc.warn(
            "W326",
            Line(signs[0][1], ""),
            5,
            f"{signs[0][0]} says this is a team event, but the file has no team records "
            "(310 or 013): read per player",
            "a team event lists its teams on 310 (TRF-2026) or 013 (TRF16) records",
        )
    if found.is_team or (not system and rosters):
        doc.team_event = True
        if not found.is_team:
            found = Format.TEAM_ROUND_ROBIN if found.is_round_robin else Format.TEAM_SWISS
        if not doc.team.rosters and not doc.team.rosters_013:
            doc.diagnostics.append(
                Diagnostic(
                    doc.file,
                    doc.header_lines.get("system", 0),
                    5,
                    "a team event without team records (310 or 013): read per player",
                    severity="warning",
                    code="W326",
                )
            )
            doc.team_event = False
            found = _INDIVIDUAL[found]
    return found


def _team_signs(doc: TrfDocument) -> list[tuple[str, int]]:
    """What says "team event" besides the team records: a non-zero 082, a 362."""
    signs = []
    teams = doc.header.get("teams", "").strip()
    if teams.isascii() and teams.isdigit() and int(teams) > 0:
        signs.append((f"082 ({int(teams)} teams)", doc.header_lines.get("teams", 0)))
    if doc.team.match_points:
        signs.append(("362 (match points)", doc.team.match_points_line))
    return signs


def _team_evidence(doc: TrfDocument, rosters: list[RosterRecord]) -> list[str]:
    count = len(rosters)
    code = rosters[0].line.code if rosters else "310"
    what = [f"{count} team record{'s' if count != 1 else ''} ({code})"] if rosters else []
    return what + [sign for sign, _ in _team_signs(doc)]


def _scoring(doc: TrfDocument) -> Scoring:
    values = doc.scoring
    win = values.get("W", values.get("XXS:WW", values.get("XXS:W", Fraction(1))))
    draw = values.get("D", values.get("XXS:WD", values.get("XXS:D", Fraction(1, 2))))
    loss = values.get("L", values.get("XXS:WL", Fraction(0)))
    absent = values.get("A", Fraction(0))
    return Scoring(
        win=win,
        draw=draw,
        loss=loss,
        forfeit_win=values.get("XXS:FW", win),
        forfeit_loss=values.get("XXS:FL", absent),
        pab=values.get("P", values.get("XXS:PAB", win)),
        full_bye=values.get("XXS:FPB", win),
        half_bye=values.get("XXS:HPB", draw),
        zero_bye=values.get("XXS:ZPB", absent),
    )


def _pairing(code: str, fmt: Format) -> str:
    """The Swiss system record 192 (else 092, where the engines write it) names
    (``FIDE_BURSTEIN``); the Dutch system when it names none of ours (docs/pairing.md)."""
    from tourney.engine.pairing.systems import DEFAULT, system_for_code

    if fmt is Format.SWISS and "DOUBLE-SWISS" in code.upper():  # 092 as tourney writes it
        return "double-swiss"
    system = system_for_code(code) if fmt is Format.SWISS else None
    return system.name if system is not None else DEFAULT


def _tiebreaks(doc: TrfDocument, fmt: Format) -> tuple[Descriptor, ...]:
    """Record 212 (else 202), read once: each code a descriptor. One that cannot be read
    is left out with W341; a well-formed code tourney does not compute is kept (``tourney
    import`` leaves it out with W341, ``standings`` names it)."""
    key = "standings_order" if doc.header.get("standings_order") else "tiebreaks"
    found = []
    for code in doc.header.get(key, "").replace(";", ",").split(","):
        if not code.strip() or code.strip().upper() == "PTS":
            continue
        try:
            found.append(parse_descriptor(code.strip()))
        except DescriptorError:
            doc.warn(
                "W341",
                Line(doc.header_lines.get(key, 0), ""),
                5,
                f"tie-break '{code.strip()}' is not known: left out",
                "name the tie-breaks in tournament.yaml (docs/tiebreaks.md)",
            )
    return tuple(found)


def _settings(doc: TrfDocument, rounds: int, fmt: Format) -> Settings:
    header = doc.header
    tiebreaks = _tiebreaks(doc, fmt)
    initial: Colour | None = None
    colour_text = header.get("initial_colour", "").lower()
    if colour_text.startswith("w") or "white1" in doc.options:
        initial = Colour.WHITE
    elif colour_text.startswith("b") or "black1" in doc.options:
        initial = Colour.BLACK
    dates: tuple[dt.date | None, ...] = tuple(parse_date(d) for d in doc.round_dates)
    accelerated = acceleration(doc, fmt, rounds)
    # 250 records of another method than Baku are kept and written back (docs/trf.md).
    kept = tuple(r.line.text for r in doc.accelerated) if accelerated != "baku" else ()
    return Settings(
        name=header.get("name", ""),
        format=fmt,
        rounds=rounds,
        start_date=parse_date(header.get("start", "")),
        end_date=parse_date(header.get("end", "")),
        place=header.get("place", ""),
        federation=header.get("federation", ""),
        chief_arbiter=header.get("chief_arbiter", ""),
        deputy_arbiters=tuple(doc.deputies),
        time_control=header.get("time_control", ""),
        scoring=_scoring(doc),
        tiebreaks=tiebreaks,
        initial_colour=initial,
        round_dates=dates,
        acceleration=accelerated,
        pairing=_pairing(header.get("system") or header.get("type", ""), fmt),
        trf_options=tuple(dict.fromkeys(o for o in doc.options if o not in ("white1", "black1"))),
        trf_records=kept
        + tuple(
            line.text
            for line in sorted(
                (x for code, kept in doc.other.items() if code.startswith("XX") for x in kept),
                key=lambda x: x.number,
            )
        ),
    )


def _player(record: PlayerRecord, order: dict[int, int]) -> Player:
    birth = record.birth[:4]
    born = parse_date(record.birth)
    return Player(
        id=str(record.start),
        name=record.name,
        rating=record.rating,
        fide_id=record.fide_id if record.fide_id.strip("0") else "",
        federation=record.federation,
        title=record.title,
        sex=record.sex,
        birth_year=int(birth) if birth.isascii() and birth.isdigit() and int(birth) > 0 else None,
        start=order.get(record.start, record.start),
        birth_date=born if born is not None and born.year == int(birth or 0) else None,
        official_rank=record.rank or None,
    )


def _cell(record: PlayerRecord, number: int) -> RoundCell | None:
    for cell in record.rounds:
        if cell.round == number:
            return cell
    return None


def _round(
    doc: TrfDocument, by_start: dict[int, PlayerRecord], number: int, placeholders: set[int]
) -> Round:
    games: list[Game] = []
    byes: list[Bye] = []
    paired: set[str] = set()  # each game is read from both players' lines; keep it once
    for start, record in sorted(by_start.items()):
        cell = _cell(record, number)
        if cell is not None and cell.opponent in placeholders:
            byes.append(Bye(str(start), placeholder_bye(cell.code)))
            continue
        if cell is None or cell.opponent is None:
            kind = BYE_CODES[cell.code if cell else ""]
            byes.append(Bye(str(start), kind))
            continue
        game = _game(doc, by_start, record, cell)
        if game is not None and game.white not in paired:
            games.append(game)
            paired.update((game.white, game.black))
    return Round(number=number, games=tuple(games), byes=tuple(byes))


def _game(
    doc: TrfDocument, by_start: dict[int, PlayerRecord], record: PlayerRecord, cell: RoundCell
) -> Game | None:
    where = Line(cell.line, "")
    assert cell.opponent is not None
    other = by_start.get(cell.opponent)
    if other is None:
        doc.error(
            "E306",
            where,
            cell.col,
            f"round {cell.round}: opponent {cell.opponent} has no 001 line",
            "the opponent must be a starting rank of this file",
        )
        return None
    back = _cell(other, cell.round)
    if back is None or back.opponent != record.start:
        said = "nobody" if back is None or back.opponent is None else str(back.opponent)
        doc.error(
            "E307",
            where,
            cell.col,
            f"round {cell.round}: {record.start} plays {other.start}, "
            f"but {other.start}'s line says {said}",
            "both lines of a game name each other",
        )
        return None
    if record.start > other.start:
        return None  # read once, from the lower starting rank
    if cell.colour == "b" or (not cell.colour and back.colour == "w"):
        white, black = back, cell
    else:
        white, black = cell, back
    if white.colour and white.colour == black.colour:
        doc.error(
            "E307",
            where,
            cell.col + 5,
            f"round {cell.round}: {record.start} and {other.start} both have colour "
            f"'{white.colour}'",
            "one side is w, the other b",
        )
    if (white.code, black.code) not in PAIR_RESULTS:
        doc.error(
            "E307",
            where,
            cell.col + 7,
            f"round {cell.round}: results '{white.code or ' '}' and "
            f"'{black.code or ' '}' do not fit together",
            "e.g. 1 and 0, = and =, + and -, - and -, W and L, D and D",
        )
        return None
    white_id = str(record.start if white is cell else other.start)
    black_id = str(other.start if white is cell else record.start)
    result = PAIR_RESULTS[(white.code, black.code)]
    # A forfeit written without colours keeps none (no invented w/b).
    colourless = not white.colour and not black.colour and bool(result and result.is_forfeit)
    return Game(white_id, black_id, result, colourless=colourless)


def _played(game: Game) -> bool:
    """A game lost by forfeit is not a meeting (as in check E201)."""
    return game.result is None or not game.result.is_forfeit


def _mark_rematches(
    doc: TrfDocument,
    by_start: dict[int, PlayerRecord],
    rounds: Sequence[Round],
    met_in: Callable[[Game], bool] = _played,
    column: Callable[[int], int] = lambda number: number,
) -> tuple[Round, ...]:
    """Boards whose two players met before, kept as the file states them (W353).

    A Swiss file may repeat a pairing (a small event must, once its rounds outnumber
    the rematch-free ones; FIDE C.04.1 b). The folder marks such a board
    ``rematch: true``, as tourney pair does, so that check and export accept what
    was played. ``met_in`` says which boards are meetings, ``column`` in which TRF
    column a round's cell stands (a Double-Swiss match: its game 1's, 2N-1).
    """
    met: dict[frozenset[str], int] = {}
    out = []
    for rnd in rounds:
        games = []
        for game in rnd.games:
            pair = frozenset((game.white, game.black))
            if pair in met:
                low = min(int(game.white), int(game.black))
                cell = _cell(by_start[low], column(rnd.number))
                line, col = (cell.line, cell.col) if cell else (0, 0)
                doc.warn(
                    "W353",
                    Line(line, ""),
                    col,
                    f"round {rnd.number}: {game.white} and {game.black} met in round "
                    f"{met[pair]} already: kept as a rematch ('rematch: true')",
                    "FIDE C.04.1 b allows no rematch; a small Swiss cannot avoid one "
                    "(docs/pairing.md, Rematches)",
                )
                game = replace(game, rematch=True)
            games.append(game)
        for game in games:
            if met_in(game):
                met[frozenset((game.white, game.black))] = rnd.number
        out.append(replace(rnd, games=tuple(games)))
    return tuple(out)


def _check_240(
    doc: TrfDocument, by_start: dict[int, PlayerRecord], last_round: int, requests: Requests
) -> None:
    for kind, number, start, line in doc.byes:
        record = by_start.get(start)
        if record is None:
            doc.error("E306", line, 11, f"record 240 names {start}, who has no 001 line")
            continue
        cell = _cell(record, number)
        if cell is not None and cell.opponent is not None:
            doc.error(
                "E308",
                line,
                11,
                f"record 240 gives {start} a bye in round {number}, "
                f"but the 001 line pairs them with {cell.opponent}",
            )
        elif number > last_round:  # a request for a round not paired yet
            requests.add(str(start), number, _240_KINDS[kind] if kind != "U" else None)


def _apply_240(doc: TrfDocument, rounds: Iterable[Round]) -> tuple[Round, ...]:
    result = []
    for rnd in rounds:
        byes = list(rnd.byes)
        for kind_code, number, start, line in doc.byes:
            if number != rnd.number:
                continue
            kind = _240_KINDS[kind_code]
            for index, bye in enumerate(byes):
                if bye.participant != str(start) or bye.kind is kind:
                    continue
                if bye.kind is ByeKind.ZERO:
                    byes[index] = Bye(bye.participant, kind)
                else:
                    doc.error(
                        "E308",
                        line,
                        5,
                        f"record 240 gives {start} a {kind.value} bye in round "
                        f"{number}, the 001 line a {bye.kind.value} bye",
                    )
        result.append(replace(rnd, byes=tuple(byes)))
    return tuple(result)
