"""A tournament as a TRF file: TRF-2026 (the default) or TRF16 for older tools.

``write_trf(t)`` is pure and deterministic: the same model always gives the
same text. Columns follow the FIDE TRF-2026 specification (Handbook ``TRF26``,
1-based positions) and TRF16 (C.04 Annex 2); lines end with CR LF.

What is written (docs/trf.md has the whole table):

- the tournament records 012-122, 132 (round dates), and for TRF-2026 142
  (rounds), 152 (initial colour, when the model fixes it), 162 (game points,
  when not FIDE's), 182, 192 (the system code, ``_BAKU`` for Baku
  acceleration), 202/212 (tie-breaks), 222
  (when the time control is already written in its encoded form);
- one 001 line per player: starting rank, identity, points, rank, and per
  round the opponent, colour and result code (``1 = 0`` played, ``+ -``
  forfeits, ``W D L`` games decided before a move, ``U F H Z`` byes);
- 240 records for the requested byes (TRF-2026);
- the engines' ``XXR`` (rounds), ``XXC`` (``white1``/``black1``) and ``XXS``
  (points the FIDE records cannot state);
- forbidden pairings of players as 260 (TRF-2026) or ``XXP`` (TRF16), wishes
  as ``XXO soft-pairs``; team events go through :mod:`tourney.render.trf.team`.

>>> from tourney.model import Format, Game, Player, Result, Round, Settings, Tournament
>>> t = Tournament(
...     Settings("Tiny", Format.SWISS, 2),
...     players=(Player("a", "Aa, Anna", rating=2000), Player("b", "Bb, Ben", rating=1900)),
...     rounds=(Round(1, games=(Game("a", "b", Result.DRAW),)),),
... )
>>> from tourney.engine.evaluation import evaluate
>>> [line[91:99] for line in write_trf(evaluate(t)).splitlines() if line.startswith("001")]
['   2 w =', '   1 b =']
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from tourney import __version__
from tourney.engine.evaluation import Evaluation
from tourney.engine.pair import round_robin_order
from tourney.engine.pairing.swiss_state import pairing_numbers
from tourney.engine.pairing.team_state import team_pairing_numbers
from tourney.errors import Diagnostic, InvalidInput
from tourney.model import (
    ByeKind,
    Colour,
    Format,
    Game,
    Player,
    Round,
    RuleStrength,
    Scoring,
    Tournament,
)
from tourney.render.trf.cells import (
    BYE_CODES,
    VERSIONS,
    Cell,
    Clean,
    Columns,
    Version,
    forbidden_groups,
    game_cells,
    last_round,
    points_text,
    window_text,
)
from tourney.render.trf.team import (
    team_header_lines,
    team_records,
    team_round_cells,
    team_system_code,
)

EOL = "\r\n"  # TRF: every line ends with a CR; CR LF keeps every reader happy

# Record 192 (TRF-2026 tournament type code table) for the individual formats.
SYSTEM_CODES: dict[tuple[Format, int], str] = {
    (Format.SWISS, 1): "FIDE_DUTCH_2025",
    (Format.ROUND_ROBIN, 1): "FIDE_ROUNDROBIN",
    (Format.ROUND_ROBIN, 2): "FIDE_DOUBLEROUNDROBIN",
    (Format.DOUBLE_ROUND_ROBIN, 2): "FIDE_DOUBLEROUNDROBIN",
    (Format.DOUBLE_ROUND_ROBIN, 1): "FIDE_DOUBLEROUNDROBIN",
    (Format.KEIZER, 1): "CUSTOM_KEIZER",
}
# Record 092 is free text; these are the words other programs look for.
TYPE_TEXT: dict[Format, str] = {
    Format.SWISS: "Individual: Swiss-System",
    Format.ROUND_ROBIN: "Individual: Round-Robin",
    Format.DOUBLE_ROUND_ROBIN: "Individual: Double Round-Robin",
    Format.KEIZER: "Individual: Keizer",
    Format.TEAM_SWISS: "Team: Swiss-System",
    Format.TEAM_ROUND_ROBIN: "Team: Round-Robin",
}
# TRF-2026 record 222: an encoded time control such as 5400+30 or 40/6000+30:900+30.
_PERIOD = r"(\d+/)?\d+(\+\d+)?"
_ENCODED_TIME = re.compile(
    rf"^(W{_PERIOD}(:{_PERIOD})*-B{_PERIOD}(:{_PERIOD})*|{_PERIOD}(:{_PERIOD})*)$"
)


# -- numbering -----------------------------------------------------------------------------


def participants(t: Tournament) -> tuple[Player, ...]:
    """The players a TRF lists: every approved player (sign-ups waiting are left out)."""
    return tuple(p for p in t.players if p.approved)


def player_numbers(t: Tournament) -> dict[str, int]:
    """Starting ranks: ``Player.start`` when every player has a distinct one, else derived.

    Derived as the pairing derives them (C.04.2): rating, title, name for a
    Swiss, the table order for a round robin, and for a team event team by team
    in team-number order, each roster in board order.
    """
    players = participants(t)
    starts = [p.start for p in players]
    if "rank" in t.settings.trf_options and _numbered_ids(players):
        # XXC rank (JaVaFo): the numbers are the ids read from the TRF; the pairing
        # order (``start``) is the order of the player lines (write_trf sorts by it).
        return {p.id: int(p.id) for p in players}
    if all(s is not None for s in starts) and len(set(starts)) == len(starts):
        return {p.id: p.start for p in players if p.start is not None}
    ids = {p.id for p in players}
    order: list[str] = []
    if t.is_team:
        teams = team_pairing_numbers(t)
        for team in sorted(t.teams, key=lambda e: teams[e.id]):
            order.extend(pid for pid in team.roster if pid in ids and pid not in order)
    elif t.settings.format.is_round_robin:
        order.extend(round_robin_order(t))
    else:
        numbers = pairing_numbers(players)
        order.extend(sorted(numbers, key=numbers.__getitem__))
    order.extend(p.id for p in players if p.id not in order)
    return {pid: index for index, pid in enumerate(order, start=1)}


# Columns 5-8 of record 001 (and 92-95 of each round, 86-89 for the rank): four digits
# in TRF16 and TRF-2026 alike, so a TRF numbers at most 9,999 players.
TRF_MAX_NUMBER = 9999


def numbers_problem(
    t: Tournament, numbers: Mapping[str, int], file: str = "players.yaml"
) -> Diagnostic | None:
    """Why the players' starting ranks do not fit a TRF, or None when they do (E455)."""
    if not numbers or max(numbers.values()) <= TRF_MAX_NUMBER:
        return None
    count = len(numbers)
    if count > TRF_MAX_NUMBER:
        message = f"{count:,} players; a TRF numbers at most {TRF_MAX_NUMBER:,}"
    else:
        pid, high = max(numbers.items(), key=lambda item: item[1])
        name = t.player(pid).name
        message = f"{name} has the starting rank {high:,}; a TRF numbers up to {TRF_MAX_NUMBER:,}"
    return Diagnostic(
        file,
        0,
        0,
        message,
        "TRF-2026 and TRF16 give a player's number four digits (columns 5-8 of record "
        "001); the standings, the site and the CSV files hold every player (docs/trf.md)",
        code="E455",
    )


def _numbered_ids(players: Sequence[Player]) -> bool:
    ids = [p.id for p in players]
    return all(i.isdigit() and 0 < int(i) < 10000 for i in ids) and len(set(ids)) == len(ids)


def planned_rounds(t: Tournament) -> int:
    return max(t.planned_rounds, last_round(t))


# -- 001 cells -------------------------------------------------------------------------------


def bye_cell(kind: ByeKind, scoring: Scoring) -> Cell:
    return Cell(0, "-", BYE_CODES[kind], scoring.bye_points(kind))


def individual_round_cells(
    t: Tournament, rnd: Round, numbers: Mapping[str, int]
) -> dict[str, Cell]:
    """Games, byes, and ``0000 - Z`` for a player neither paired nor given a bye
    (absent, withdrawn, not yet joined): TRF reads the three ways alike."""
    scoring = t.settings.scoring
    cells: dict[str, Cell] = {}
    for game in rnd.games:
        cells.update(game_cells(game, numbers, scoring))
    for bye in rnd.byes:
        if bye.participant in numbers and bye.participant not in cells:
            cells[bye.participant] = bye_cell(bye.kind, scoring)
    for pid in numbers:
        cells.setdefault(pid, bye_cell(ByeKind.ZERO, scoring))
    return cells


def double_swiss(t: Tournament) -> bool:
    """A Double-Swiss (C.04.5): each round two games, written as two round columns."""
    return not t.is_team and t.settings.pairing == "double-swiss"


def double_swiss_cells(t: Tournament, numbers: Mapping[str, int]) -> dict[int, dict[str, Cell]]:
    """A Double-Swiss round as two columns (docs/trf.md): round N's game 1 in column
    2N-1, its game 2 (colours reversed) in column 2N; a bye fills both columns with its
    code and counts its points (per match, C.04.5 Preface) once."""
    scoring = t.settings.scoring
    out: dict[int, dict[str, Cell]] = {}
    for rnd in t.rounds:
        first: dict[str, Cell] = {}
        second: dict[str, Cell] = {}
        for game in rnd.games:
            first.update(game_cells(replace(game, double=False), numbers, scoring))
            again = Game(game.black, game.white, game.second, colourless=game.colourless)
            second.update(game_cells(again, numbers, scoring))
        for pid, cell in individual_round_cells(t, rnd, numbers).items():
            if pid not in first:  # a bye or an absence: once with its points, then again
                first[pid] = cell
                second[pid] = Cell(0, "-", cell.code, Fraction(0))
        out[2 * rnd.number - 1], out[2 * rnd.number] = first, second
    return out


def zero_point_byes(t: Tournament, rnd: Round, numbers: Mapping[str, int]) -> set[str]:
    """Players with a zero-point bye in 240: given one, or neither paired nor given a bye."""
    seen = {pid for game in rnd.all_games() for pid in (game.white, game.black)}
    seen.update(b.participant for b in rnd.byes if b.kind is not ByeKind.ZERO)
    return {pid for pid in numbers if pid not in seen}


def all_cells(t: Tournament, numbers: Mapping[str, int]) -> dict[int, dict[str, Cell]]:
    """Per round number, the cell of every player who has one (others are blank)."""
    if t.is_team:
        return {rnd.number: team_round_cells(t, rnd, numbers) for rnd in t.rounds}
    return {rnd.number: individual_round_cells(t, rnd, numbers) for rnd in t.rounds}


_ROUND_ROBINS = (Format.ROUND_ROBIN, Format.DOUBLE_ROUND_ROBIN)


def ranks(
    evaluation: Evaluation, points: Mapping[str, Fraction], numbers: Mapping[str, int]
) -> dict[str, int]:
    """Column 86-89: the standings rank (with tie-breaks) of an individual event, else by points.

    A folder that names no tie-breaks is not ranked under tie-breaks it never named
    (docs/trf.md): the ranks an imported TRF stated (``official_rank``) are written
    back, else the column is blank (0), until ``tiebreaks`` is set. The player ranks
    a team file stated are written back too (tourney ranks teams, not their players).
    """
    t = evaluation.tournament
    stated = any(p.official_rank is not None for p in participants(t))
    unnamed = not t.settings.tiebreaks and t.settings.format in (Format.SWISS, *_ROUND_ROBINS)
    if unnamed or (stated and (t.is_team or not t.settings.tiebreaks)):
        return {p.id: p.official_rank or 0 for p in participants(t)}
    if not t.is_team and t.rounds:
        try:
            return {row.participant: row.rank for row in evaluation.standings().rows}
        except (KeyError, ValueError):  # an unusable tie-break list: rank by points
            pass
    first: dict[Fraction, int] = {}  # each score's rank: 1 + how many scored more
    for place, value in enumerate(sorted(points.values(), reverse=True), start=1):
        first.setdefault(value, place)
    return {pid: first[own] for pid, own in points.items()}


# -- records -----------------------------------------------------------------------------------


def coming_round_cells(t: Tournament, number: int) -> dict[str, Cell]:
    """Absences and requested byes of the round to be paired, as JaVaFo's TRF(x) writes
    them: ``0000 - Z`` (absent), ``0000 - H`` / ``0000 - F`` (counted in the points)."""
    if number > planned_rounds(t):
        return {}
    out = {}
    for player in participants(t):
        kind = player.requested_bye(number)
        if kind is None and number in player.absent:
            kind = ByeKind.ZERO
        if kind is not None:
            out[player.id] = bye_cell(kind, t.settings.scoring)
    return out


def _date(value: dt.date) -> str:
    return value.strftime("%Y/%m/%d")


def _system_code(t: Tournament) -> str:
    s = t.settings
    if t.is_team:
        return team_system_code(t)
    code = SYSTEM_CODES.get((s.format, s.cycles), SYSTEM_CODES[(s.format, 1)])
    if s.format is Format.SWISS:
        from tourney.engine.pairing.systems import SYSTEMS

        code = SYSTEMS[s.pairing].trf_code if s.pairing in SYSTEMS else code
    if s.format is Format.SWISS and s.acceleration == "baku":
        code += "_BAKU"  # the TRF-2026 suffix for Baku acceleration (C.04.5.1)
    return code


def header_lines(t: Tournament, version: Version, clean: Clean) -> list[str]:
    s = t.settings
    players = participants(t)
    lines = [f"012 {clean(s.name)}".rstrip()]
    for code, value in (("022", s.place), ("032", s.federation)):
        if value:
            lines.append(f"{code} {clean(value)}")
    for code, day in (("042", s.start_date), ("052", s.end_date)):
        if day is not None:
            lines.append(f"{code} {_date(day)}")
    lines.append(f"062 {len(players)}")
    lines.append(f"072 {sum(1 for p in players if p.rating)}")
    if t.is_team:
        lines.append(f"082 {len(t.teams)}")
    double = double_swiss(t)
    if double:  # two columns a round (docs/trf.md)
        lines.append("092 Individual: Double-Swiss System (FIDE C.04.5), 2 games per round")
    else:
        lines.append(f"092 {TYPE_TEXT[s.format]}")
    if s.chief_arbiter:
        lines.append(f"102 {clean(s.chief_arbiter)}")
    lines.extend(f"112 {clean(name)}" for name in s.deputy_arbiters)
    if s.time_control:
        lines.append(f"122 {clean(s.time_control)}")
    dates = round_dates(t)
    if double:
        dates = [day for day in dates for _ in (1, 2)]
    if any(d is not None for d in dates):
        record = Columns("132")
        for number, day in enumerate(dates, start=1):
            if day is not None:
                record.put(92 + 10 * (number - 1), day.strftime("%y/%m/%d"))
        lines.append(record.text())
    if version == "trf26":
        lines.append(f"142 {planned_rounds(t) * (2 if double else 1)}")
        if s.initial_colour is not None:
            lines.append(f"152 {'W' if s.initial_colour is Colour.WHITE else 'B'}")
        line_162 = scoring_162(s.scoring)
        if line_162:
            lines.append(line_162)
        if national_federation(t):
            lines.append(f"172 {national_federation(t)} {s.starting_rank_method or 'FIDON'}")
        lines.append(f"182 tourney {__version__}")
        lines.append(f"192 {_system_code(t)}")
        if s.tiebreaks:
            lines.append("202 " + ",".join(map(str, s.tiebreaks)))
            lines.append("212 " + ",".join(("PTS", *map(str, s.tiebreaks))))
        if _ENCODED_TIME.match(s.time_control.strip()):
            lines.append(f"222 {s.time_control.strip()}")
    return lines


def scoring_162(scoring: Scoring) -> str:
    """Record 162 (game points, TRF-2026), or "" when every value is FIDE's default."""
    values = (
        ("W", scoring.win),
        ("D", scoring.draw),
        ("L", scoring.loss),
        ("A", scoring.forfeit_loss),
        ("P", scoring.pab),
        ("X", scoring.draw),
    )
    defaults = (Fraction(1), Fraction(1, 2), Fraction(0), Fraction(0), Fraction(1), Fraction(1, 2))
    if tuple(v for _, v in values) == defaults:
        return ""
    record = Columns("162")
    for index, (code, value) in enumerate(values):
        record.put(6 + 9 * index, code)
        record.put(7 + 9 * index, points_text(value), 4, right=True)
    return record.text()


def xxs_lines(scoring: Scoring, version: Version) -> list[str]:
    """JaVaFo's XXS: in TRF16 every value that differs from the default; in TRF-2026 only
    those record 162 cannot state (forfeit win, full-point, half-point, zero-point bye)."""
    d = Scoring()
    wanted: tuple[tuple[str, Fraction, Fraction], ...]
    if version == "trf16":
        wanted = (
            ("WW", scoring.win, d.win),
            ("BW", scoring.win, d.win),
            ("WD", scoring.draw, d.draw),
            ("BD", scoring.draw, d.draw),
            ("WL", scoring.loss, d.loss),
            ("BL", scoring.loss, d.loss),
            ("FW", scoring.forfeit_win, d.forfeit_win),
            ("FL", scoring.forfeit_loss, d.forfeit_loss),
            ("PAB", scoring.pab, d.pab),
            ("FPB", scoring.full_bye, d.full_bye),
            ("HPB", scoring.half_bye, d.half_bye),
            ("ZPB", scoring.zero_bye, d.zero_bye),
        )
    else:  # what 162 implies: W for forfeit wins and FPB, D for HPB, A for ZPB
        wanted = (
            ("FW", scoring.forfeit_win, scoring.win),
            ("FPB", scoring.full_bye, scoring.win),
            ("HPB", scoring.half_bye, scoring.draw),
            ("ZPB", scoring.zero_bye, scoring.forfeit_loss),
        )
    entries = [f"{code}={points_text(v)}" for code, v, default in wanted if v != default]
    if version == "trf16" and entries and len(entries) < len(wanted):
        entries = [f"{code}={points_text(v)}" for code, v, _ in wanted]
    return ["XXS " + " ".join(entries)] if entries else []


def player_line(
    player: Player,
    number: int,
    points: Fraction,
    rank: int,
    cells: Sequence[Cell | None],
    clean: Clean,
    clubs: bool = False,
) -> str:
    """A 001 record (TRF-2026 / TRF16 player section, positions 1-89 then 10 per round).

    With ``clubs`` (tournament.yaml ``trf_clubs``) a player without a federation has
    his club in the federation column, as the file it was imported from had it.
    """
    record = Columns("001")
    record.put(5, str(number), 4, right=True)
    record.put(10, player.sex[:1])
    # Right-aligned: "WGM" fills 11-13, "GM" sits at 12-13 where readers of the two-letter
    # codes (the trf package on PyPI, the old lower-case g/wg) look for it.
    record.put(11, player.title, 3, right=True)
    record.put(15, clean(player.name), 33)
    record.put(49, str(player.rating) if player.rating else "", 4, right=True)
    federation = player.federation or (player.club if clubs else "")
    record.put(54, clean(federation), 3)  # TRF16 is ASCII (fuzz: "9é" read from a TRF)
    record.put(58, player.fide_id, 11, right=True)
    born = player.birth_date
    birth = f"{player.birth_year:04d}/00/00" if player.birth_year else ""
    record.put(70, born.strftime("%Y/%m/%d") if born is not None else birth, 10)
    record.put(81, points_text(points), 4, right=True)
    record.put(86, str(rank) if rank else "", 4, right=True)
    for index, cell in enumerate(cells):
        if cell is not None:
            record.put(92 + 10 * index, cell.text())
    return record.text()


def national_federation(t: Tournament) -> str:
    """The federation of the national rating records: ``national_federation``, else the
    event's ``federation``; "" when no player has a national rating or number."""
    if not any(p.national_rating or p.national_id for p in participants(t)):
        return ""
    code = t.settings.national_federation or t.settings.federation
    return code if re.fullmatch(r"[A-Z]{3}", code) else ""


def national_lines(t: Tournament, numbers: Mapping[str, int]) -> list[str]:
    """TRF-2026 national rating records: the 001 layout under the federation code, with
    the starting rank (5-8), national rating (49-52) and national number (58-68); the
    other fields are those of the 001 line (TRF-2026: optional when the same)."""
    federation = national_federation(t)
    if not federation:
        return []
    lines = []
    for player in sorted(participants(t), key=lambda p: numbers[p.id]):
        if not (player.national_rating or player.national_id):
            continue
        record = Columns(federation)
        record.put(5, str(numbers[player.id]), 4, right=True)
        record.put(49, str(player.national_rating or ""), 4, right=True)
        record.put(58, player.national_id, 11, right=True)
        lines.append(record.text())
    return lines


def abnormal_lines(t: Tournament, numbers: Mapping[str, int]) -> list[str]:
    """299 records (TRF-2026): the penalties and bonuses of players.yaml ``adjustments``,
    blank type, points at 14-17, round at 20-22 (``000`` for the event as a whole), the
    players from 24 (five columns each), one record per round and value."""
    groups: dict[tuple[int, Fraction], list[int]] = {}
    for player in participants(t):
        for number, value in player.adjustments:
            groups.setdefault((number, value), []).append(numbers[player.id])
    lines = []
    for (number, value), ids in sorted(groups.items()):
        ids.sort()
        for first in range(0, len(ids), 20):
            record = Columns("299")
            record.put(14, points_text(value), 4, right=True)
            record.put(20, f"{number:03d}")
            for index, ident in enumerate(ids[first : first + 20]):
                record.put(24 + 5 * index, str(ident), 4, right=True)
            lines.append(record.text())
    return lines


def accelerated_250_lines(t: Tournament, numbers: Mapping[str, int]) -> list[str]:
    """250 records (TRF-2026) of Baku acceleration (C.04.5.1): the virtual points of the
    GA players (starting ranks 1 to the last GA number) per run of rounds, so that an
    engine that reads 250 (which overrides 192's method) pairs the same."""
    from tourney.engine.pairing.swiss_baku import last_ga_number, virtual_points

    if t.settings.format is not Format.SWISS or t.settings.acceleration != "baku":
        return []
    players = [p for p in participants(t) if p.joins <= 1]
    last = last_ga_number(numbers[p.id] for p in players)
    total, win = planned_rounds(t), t.settings.scoring.win
    runs: list[tuple[Fraction, int, int]] = []
    for number in range(1, total + 1):
        value = virtual_points(number, total, True, win)
        if runs and runs[-1][0] == value and runs[-1][2] == number - 1:
            runs[-1] = (value, runs[-1][1], number)
        elif value:
            runs.append((value, number, number))
    lines = []
    for value, first, final in runs:
        record = Columns("250")
        record.put(10, points_text(value), 4, right=True)
        record.put(15, f"{first:03d} {final:03d} {1:04d} {last:04d}")
        lines.append(record.text())
    return lines if last else []


def bye_240_lines(t: Tournament, numbers: Mapping[str, int]) -> list[str]:
    """240 records: per round and kind, the ids with a full, half or zero-point bye (in a
    Double-Swiss per column: both columns of the round, as the 001 cells)."""
    lines = []
    columns = (1, 2) if double_swiss(t) else (0,)
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        zero = zero_point_byes(t, rnd, numbers)
        for kind in (ByeKind.FULL, ByeKind.HALF, ByeKind.ZERO):
            ids = sorted(
                numbers[pid]
                for pid in (
                    zero
                    if kind is ByeKind.ZERO
                    else (b.participant for b in rnd.byes if b.kind is kind)
                )
                if pid in numbers
            )
            for column in columns:
                number = 2 * rnd.number - 2 + column if column else rnd.number
                for start in range(0, len(ids), 20):
                    record = Columns("240")
                    record.put(5, BYE_CODES[kind])
                    record.put(7, str(number), 3, right=True)
                    for index, ident in enumerate(ids[start : start + 20]):
                        record.put(11 + 5 * index, str(ident), 4, right=True)
                    lines.append(record.text())
    return lines


def player_forbidden_lines(
    t: Tournament, numbers: Mapping[str, int], version: Version
) -> list[str]:
    """Players kept apart: 260 (TRF-2026) or XXP (TRF16) for rules, XXO soft-pairs for wishes."""
    rules = [r for r in t.settings.forbidden if not r.teams]
    clubs = {p.id: p.club for p in participants(t)}
    total = planned_rounds(t)
    next_round = last_round(t) + 1
    lines = []
    for rule, group in forbidden_groups(rules, numbers, clubs):
        ids = " ".join(str(n) for n in group)
        if rule.strength is RuleStrength.WISH:
            lines.append(f"XXO soft-pairs {ids}{window_text(rule)}")
        elif version == "trf26":
            record = Columns("260")
            record.put(5, f"{rule.rounds.first or 1:03d}")
            record.put(9, f"{rule.rounds.last or max(total, 1):03d}")
            for index, number in enumerate(group):
                record.put(13 + 5 * index, str(number), 4, right=True)
            lines.append(record.text())
        elif next_round in rule.rounds:  # XXP has no rounds: what applies to the next one
            lines.append(f"XXP {ids}")
    return lines


def round_dates(t: Tournament) -> list[dt.date | None]:
    """Record 132: the planned dates, else the dates written in the round files."""
    if t.settings.round_dates:
        return list(t.settings.round_dates)
    by_number = {rnd.number: rnd.date for rnd in t.rounds}
    return [by_number.get(n) for n in range(1, last_round(t) + 1)]


def write_trf(
    evaluation: Evaluation, version: Version = "trf26", requested_byes: bool = True
) -> str:
    """The TRF text of the evaluated tournament (TRF-2026 by default, or ``"trf16"``); CR LF
    line ends. Its ranks are the evaluation's standings. ``InvalidInput`` (E455) when a
    starting rank has more than four digits.

    ``requested_byes``: whether a half- or full-point bye requested for the round about to
    be paired counts in the points column (JaVaFo's convention, the default), or not (for
    engines that add it themselves).
    """
    t = evaluation.tournament
    if version not in VERSIONS:
        raise ValueError(f"unknown TRF version '{version}': expected trf26 or trf16")
    clean = Clean(version)
    numbers = player_numbers(t)
    problem = numbers_problem(t, numbers)
    if problem is not None:
        raise InvalidInput([problem])
    double = double_swiss(t)
    cells = double_swiss_cells(t, numbers) if double else all_cells(t, numbers)
    rounds = last_round(t) * (2 if double else 1)
    scoring = t.settings.scoring
    players = sorted(participants(t), key=lambda p: numbers[p.id])
    if "rank" in t.settings.trf_options:  # XXC rank: the line order is the pairing order
        players = sorted(players, key=lambda p: (p.start or numbers[p.id], numbers[p.id]))
    points: dict[str, Fraction] = {}
    for player in players:
        total = Fraction(0)
        for number in range(1, rounds + 1):
            cell = cells.get(number, {}).get(player.id)
            total += cell.points if cell is not None else scoring.zero_bye
        points[player.id] = total + player.adjustment()  # penalties and bonuses (299)
    rank = ranks(evaluation, points, numbers)
    lines = header_lines(t, version, clean)
    if t.is_team:
        lines.extend(team_header_lines(t, version))
    coming = coming_round_cells(t, last_round(t) + 1)
    for player in players:
        row = [cells.get(n, {}).get(player.id) for n in range(1, rounds + 1)]
        if player.id in coming:  # JaVaFo's convention for the round to be paired
            row.append(coming[player.id])
            if requested_byes:
                points[player.id] += coming[player.id].points
            if double:  # the match's second column
                row.append(Cell(0, "-", coming[player.id].code, Fraction(0)))
        lines.append(
            player_line(
                player,
                numbers[player.id],
                points[player.id],
                rank[player.id],
                row,
                clean,
                t.settings.trf_clubs,
            )
        )
    if version == "trf26":
        lines.extend(national_lines(t, numbers))
    if t.is_team:
        lines.extend(team_records(evaluation, numbers, version, clean))
    else:
        if version == "trf26":
            lines.extend(bye_240_lines(t, numbers))
            lines.extend(accelerated_250_lines(t, numbers))
            lines.extend(abnormal_lines(t, numbers))
        lines.extend(player_forbidden_lines(t, numbers, version))
    lines.append(f"XXR {planned_rounds(t) * (2 if double else 1)}")
    options = list(t.settings.trf_options)
    if t.settings.initial_colour is not None:
        options.append("white1" if t.settings.initial_colour is Colour.WHITE else "black1")
    if options:
        lines.append("XXC " + " ".join(options))
    lines.extend(xxs_lines(scoring, version))
    lines.extend(t.settings.trf_records)  # other engines' records, as read (docs/trf.md)
    return EOL.join(lines) + EOL
