"""TRF records -> a neutral document (TRF16, TRF-2026, JaVaFo's XX records).

Each record code has one parser in ``RECORD_PARSERS``; a parser reads one
line into the mutable ``TrfDocument`` being built and reports problems as
Diagnostics. Team records (013/310 rosters, 300 line-ups, 320 team PAB, 330
forfeited matches, 352 colours, 362 match points) are read into
``TrfDocument.team``; :mod:`tourney.load.trf_teams` turns them into matches.
Forbidden pairings (260, XXP, the project's XXO) are read by
:mod:`tourney.load.trf_forbidden` into ``TrfDocument.forbidden``.
National rating records (a federation code in columns 1-3, TRF-2026), 250
accelerated rounds and 299 abnormal points are read into ``TrfDocument.national``,
``accelerated`` and ``abnormal``; records this reader does not interpret (informative
801/802, XXA) are kept verbatim in ``TrfDocument.other``.

Column positions follow the TRF-2026 specification (1-based).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tourney.load.fide_federations import FIDE_CODES
from tourney.load.trf_document import (
    AbnormalRecord,
    AcceleratedRecord,
    ForfeitRecord,
    LineupRecord,
    NationalRecord,
    PlayerRecord,
    RosterRecord,
    RoundCell,
    TrfDocument,
)
from tourney.load.trf_forbidden import parse_260, parse_xxo, parse_xxp
from tourney.load.trf_lines import Line, column, data, parse_date, parse_int, parse_points

RESULT_CODES = frozenset("10=+-WDLHFUZ")


Parser = Callable[[TrfDocument, Line], None]


def _header(key: str) -> Parser:
    def parse(doc: TrfDocument, line: Line) -> None:
        doc.header[key] = data(line)
        doc.header_lines[key] = line.number

    return parse


def _deputy(doc: TrfDocument, line: Line) -> None:
    doc.deputies.append(data(line))


# Columns of a 001 line that separate its fields: blank in every file written to the
# TRF16 / TRF-2026 table. A character there means the fields are not in their columns.
_SEPARATORS_001 = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
LAYOUT_001 = (
    "001 layout: rank 5-8, sex 10, title 11-13, name 15-47, rating 49-52, federation 54-56, "
    "FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89, rounds from 92 "
    "(opponent 4 digits, colour, result; 10 columns per round)"
)


def misplaced_column(text: str) -> int | None:
    """The first separator column of a 001 line that holds a character, or None.

    >>> misplaced_column("001    1      A" + " " * 33 + "2708")
    >>> misplaced_column("001    1      A" + " " * 34 + "2708")
    53
    """
    for col in _SEPARATORS_001:
        if len(text) >= col and text[col - 1] != " ":
            return col
    first = 92
    while len(text) >= first:
        for col in (first - 2, first - 1, first + 4, first + 6):
            if len(text) >= col and text[col - 1] != " ":
                return col
        first += 10
    return None


def _player(doc: TrfDocument, line: Line) -> None:
    misplaced = misplaced_column(line.text)
    if misplaced is not None:
        doc.error(
            "E301",
            line,
            misplaced,
            f"column {misplaced} should be blank but holds "
            f"'{line.text[misplaced - 1]}': the fields of this line are not in their columns",
            LAYOUT_001,
        )  # read on: the other problems of the line are reported too
    start = parse_int(column(line, 5, 8))
    if start is None or start == 0:
        doc.error(
            "E302", line, 5, f"bad starting rank '{column(line, 5, 8)}'", "columns 5-8: 1-9999"
        )
        return
    rating_text = column(line, 49, 52)
    rating = parse_int(rating_text) if rating_text else None
    if rating_text and rating is None:
        doc.error(
            "E302", line, 49, f"bad rating '{rating_text}'", "columns 49-52: a number or blank"
        )
    points_text = column(line, 81, 84)
    points = parse_points(points_text) if points_text else None
    if points_text and points is None:
        doc.error("E302", line, 81, f"bad points '{points_text}'", "columns 81-84, e.g. 4.5")
    cells = []
    round_no = 1
    while True:
        first = 92 + 10 * (round_no - 1)
        if len(line.text) < first:
            break
        if round_no > MAX_ROUNDS:
            doc.error(
                "E304", line, first, f"more than {MAX_ROUNDS} rounds", "a round is 10 columns"
            )
            break
        cell = _round_cell(doc, line, round_no, first)
        if cell is not None:
            cells.append(cell)
        round_no += 1
    doc.players.append(
        PlayerRecord(
            start=start,
            sex=column(line, 10, 10),
            title=column(line, 11, 13),
            name=column(line, 15, 47),
            rating=rating or None,
            federation=column(line, 54, 56),
            fide_id=column(line, 58, 68),
            birth=column(line, 70, 79),
            points=points,
            rank=parse_int(column(line, 86, 89)),
            rounds=tuple(cells),
            line=line.number,
        )
    )


MAX_ROUNDS = 99  # as tournament.yaml's 'rounds' (tourney.load.settings)


def _round_cell(doc: TrfDocument, line: Line, round_no: int, first: int) -> RoundCell | None:
    """Columns first..first+7: ``oooo c r`` (opponent, colour, result)."""
    opponent_text = column(line, first, first + 3)
    colour = column(line, first + 5, first + 5).lower()
    code = column(line, first + 7, first + 7).upper()
    if not opponent_text and not colour and not code:
        return None  # a blank round: not paired
    opponent = parse_int(opponent_text) if opponent_text else 0
    if opponent is None:
        doc.error(
            "E302",
            line,
            first,
            f"round {round_no}: bad opponent '{opponent_text}'",
            "four digits: the opponent's starting rank, or 0000",
        )
        return None
    if colour not in ("w", "b", "-", ""):
        doc.error("E303", line, first + 5, f"round {round_no}: bad colour '{colour}'", "w, b or -")
        return None
    if code and code not in RESULT_CODES:
        doc.error(
            "E303",
            line,
            first + 7,
            f"round {round_no}: unknown result code '{code}'",
            "one of 1 0 = + - W D L H F U Z, or blank",
        )
        return None
    return RoundCell(
        round=round_no,
        opponent=opponent or None,
        colour=colour if colour in ("w", "b") else "",
        code=code,
        line=line.number,
        col=first,
    )


_SCORING_CODE = re.compile(r"([A-Z]+)\s*=?\s*(\d+(?:[.,]\d+)?)")


def _scoring_162(doc: TrfDocument, line: Line) -> None:
    """162: ``W 1.0    D 0.5    L 0.0    A 0.0    P 1.0    X 0.5`` (9 columns each)."""
    for match in _SCORING_CODE.finditer(line.text[4:]):
        code, value = match.group(1), parse_points(match.group(2))
        if code not in ("W", "D", "L", "A", "P", "X") or value is None:
            doc.error(
                "E303",
                line,
                5 + match.start(),
                f"unknown point code '{code}' in record 162",
                "codes W D L A P X, each followed by its value",
            )
            continue
        doc.scoring[code] = value


_XXS_CODES = frozenset(
    ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL", "W", "D")
)


def _scoring_xxs(doc: TrfDocument, line: Line) -> None:
    """XXS (JaVaFo): ``XXS WW=1 BW=1 WD=0.5 ... PAB=1 FW=1 FL=0``."""
    for match in re.finditer(r"(\w+)=(\S+)", line.text[4:]):
        code, value = match.group(1).upper(), parse_points(match.group(2))
        if code not in _XXS_CODES or value is None:
            doc.error(
                "E303",
                line,
                5 + match.start(),
                f"unknown XXS entry '{match.group(0)}'",
                "CODE=VALUE with CODE one of " + " ".join(sorted(_XXS_CODES)),
            )
            continue
        doc.scoring["XXS:" + code] = value


def _rounds(doc: TrfDocument, line: Line) -> None:
    value = parse_int(data(line).split()[0]) if data(line) else None
    if value is None:
        doc.error("E302", line, 5, f"bad number of rounds '{data(line)}'", "a whole number")
        return
    if value > MAX_ROUNDS:
        doc.error("E304", line, 5, f"{value} rounds: more than tourney takes", f"1-{MAX_ROUNDS}")
        return
    doc.rounds = value


def _options(doc: TrfDocument, line: Line) -> None:
    doc.options.extend(data(line).lower().split())


def _absent_next(doc: TrfDocument, line: Line) -> None:
    """XXZ (JaVaFo): the players who miss the round to be paired."""
    for match in re.finditer(r"\S+", line.text[4:]):
        number = parse_int(match.group(0))
        if not number:
            doc.error("E302", line, 5 + match.start(), f"bad id '{match.group(0)}' in record XXZ")
            continue
        doc.absent_next.append((number, line))


def _round_dates(doc: TrfDocument, line: Line) -> None:
    round_no = 1
    while len(line.text) >= 92 + 10 * (round_no - 1):
        first = 92 + 10 * (round_no - 1)
        doc.round_dates.append(column(line, first, first + 7))
        round_no += 1


def _bye_240(doc: TrfDocument, line: Line) -> None:
    """240: bye kind (col 5: F, H, Z), round (7-9), ids from col 11, five columns each."""
    kind = column(line, 5, 5).upper()
    round_no = parse_int(column(line, 7, 9))
    if kind not in ("F", "H", "Z", "U"):
        doc.error("E303", line, 5, f"unknown bye kind '{kind}' in record 240", "F, H or Z")
        return
    if round_no is None or round_no == 0:
        doc.error("E302", line, 7, f"bad round '{column(line, 7, 9)}' in record 240", "columns 7-9")
        return
    for match in re.finditer(r"\S+", line.text[10:]):
        number = parse_int(match.group(0))
        if number is None:
            doc.error("E302", line, 11 + match.start(), f"bad id '{match.group(0)}' in record 240")
            continue
        doc.byes.append((kind, round_no, number, line))


def _team_310(doc: TrfDocument, line: Line) -> None:
    """310: team number (5-7), name (9-40), nickname (42-46), strength (48-53),
    match points (55-60), game points (62-67), rank (69-71), roster from 74, five columns each."""
    number = parse_int(column(line, 5, 7))
    if not number:
        doc.error(
            "E302", line, 5, f"bad team number '{column(line, 5, 7)}' in record 310", "columns 5-7"
        )
        return
    first = next((r for r in doc.team.rosters if r.number == number), None)
    if first is not None:
        doc.error(
            "E305",
            line,
            5,
            f"team number {number} used twice",
            f"first on line {first.line.number}",
        )
        return
    roster = _numbers(doc, line, 74, "310")
    doc.team.rosters.append(
        RosterRecord(
            number=number,
            name=column(line, 9, 40),
            nickname=column(line, 42, 46),
            strength=column(line, 48, 53),
            match_points=parse_points(column(line, 55, 60)),
            game_points=parse_points(column(line, 62, 67)),
            rank=parse_int(column(line, 69, 71)),
            roster=roster,
            line=line,
        )
    )


def _team_013(doc: TrfDocument, line: Line) -> None:
    """013 (TRF16): team name (5-36), then the players from column 37, five columns each.

    Some writers put the players one column left (a 4-digit number then starts in the
    name's last column 36) or right (38-41, as the FIDE tie-break reference files do):
    each number is read where it stands, and the shift is kept for a warning (W358).
    A number whose end fits none of the three readings is kept for an error (E313);
    both are reported only when the 013 records give the rosters (no 310).
    """
    text = line.text
    straddles = len(text) > 36 and text[35].isdigit() and text[34] == " " and text[36] != " "
    first = 36 if straddles else 37
    shifts: set[int | None] = set()
    misplaced, numbers = 0, []
    for match in re.finditer(r"\S+", text[first - 1 :]):
        start = first + match.start()
        end = start + len(match.group(0)) - 1
        shift = next((s for s in (0, -1, 1) if (end - 40 - s) % 5 == 0), None)
        number = parse_int(match.group(0))
        if number is None:
            doc.error("E302", line, start, f"bad number '{match.group(0)}' in record 013")
            continue
        if shift is None and not misplaced:
            misplaced = start
        shifts.add(shift)
        numbers.append(number)
    if len(shifts) > 1 and not misplaced:
        misplaced = first  # numbers in two different alignments: no one reading
    doc.team.rosters_013.append(
        RosterRecord(
            number=len(doc.team.rosters_013) + 1,
            name=text[4 : first - 1].strip(),
            nickname="",
            strength="",
            match_points=None,
            game_points=None,
            rank=None,
            roster=tuple(numbers),
            line=line,
            shift=(next(iter(shifts)) or 0) if len(shifts) == 1 else 0,
            misplaced=misplaced,
        )
    )


def _numbers(doc: TrfDocument, line: Line, first: int, code: str) -> tuple[int, ...]:
    found = []
    for match in re.finditer(r"\S+", line.text[first - 1 :]):
        number = parse_int(match.group(0))
        if number is None:
            doc.error(
                "E302",
                line,
                first + match.start(),
                f"bad number '{match.group(0)}' in record {code}",
            )
            continue
        found.append(number)
    return tuple(found)


def _team_300(doc: TrfDocument, line: Line) -> None:
    """300: round (5-7), team (9-11), scheduled opponent (13-15), boards from 17 (0000 = empty)."""
    fields = [parse_int(column(line, a, b)) for a, b in ((5, 7), (9, 11), (13, 15))]
    if any(value is None for value in fields):
        doc.error("E302", line, 5, "bad record 300", "round (5-7), team (9-11), opponent (13-15)")
        return
    round_no, team, opponent = (int(value or 0) for value in fields)
    boards = _numbers(doc, line, 17, "300")
    doc.team.lineups.append(LineupRecord(round_no, team, opponent, boards, line))


_330_CODES = {"+-": "+-", "-+": "-+", "--": "--", "10": "+-", "01": "-+", "00": "--"}
_330_CODES.update({"WL": "+-", "WZ": "+-", "LW": "-+", "ZW": "-+", "LL": "--", "ZZ": "--"})


def _team_330(doc: TrfDocument, line: Line) -> None:
    """330: ``+-`` / ``-+`` / ``--`` (5-6), round (8-10), white team (12-14), black team (16-18)."""
    code = _330_CODES.get(column(line, 5, 6).upper())
    fields = [parse_int(column(line, a, b)) for a, b in ((8, 10), (12, 14), (16, 18))]
    if code is None:
        doc.error(
            "E303",
            line,
            5,
            f"unknown forfeit code '{column(line, 5, 6)}' in record 330",
            "+-, -+, --",
        )
        return
    if any(not value for value in fields):
        doc.error(
            "E302",
            line,
            8,
            "bad record 330",
            "round (8-10), white team (12-14), black team (16-18)",
        )
        return
    round_no, white, black = (int(value or 0) for value in fields)
    doc.team.forfeits.append(ForfeitRecord(code, round_no, white, black, line))


def _team_320(doc: TrfDocument, line: Line) -> None:
    """320: PAB match points (5-8), game points (10-13), the PAB team of each round from 15."""
    match_points = parse_points(column(line, 5, 8))
    game_points = parse_points(column(line, 10, 13))
    if match_points is None or game_points is None:
        doc.error("E302", line, 5, "bad record 320", "match points (5-8), game points (10-13)")
        return
    doc.team.pab_points = (match_points, game_points)
    doc.team.pab_line = line
    for index, match in enumerate(re.finditer(r"\S+", line.text[14:]), start=1):
        team = parse_int(match.group(0))
        if team is None:
            doc.error(
                "E302", line, 15 + match.start(), f"bad team '{match.group(0)}' in record 320"
            )
        elif team:
            doc.team.pab_teams[index] = team


def _team_352(doc: TrfDocument, line: Line) -> None:
    colours = data(line).upper()
    if not colours or set(colours) - {"W", "B"}:
        doc.error("E303", line, 5, f"bad colour sequence '{colours}' in record 352", "e.g. WBWB")
        return
    doc.team.colours = colours


def _team_362(doc: TrfDocument, line: Line) -> None:
    """362: ``TW 2.0   TD 1.0   TL 0.0`` (match points of a won, drawn, lost match)."""
    doc.team.match_points_line = line.number
    for match in _SCORING_CODE.finditer(line.text[4:]):
        code, value = match.group(1), parse_points(match.group(2))
        if code not in ("TW", "TD", "TL") or value is None:
            doc.error(
                "E303", line, 5 + match.start(), f"unknown code '{code}' in record 362", "TW TD TL"
            )
            continue
        doc.team.match_points[code] = value


def _keep(doc: TrfDocument, line: Line) -> None:
    doc.other.setdefault(line.code, []).append(line)


def _national(doc: TrfDocument, line: Line) -> None:
    """A national rating record: federation (1-3), the 001 starting rank (5-8), national
    rating (49-52), national number (58-68); the other columns may repeat the 001 line."""
    start = parse_int(column(line, 5, 8))
    rating_text = column(line, 49, 52)
    rating = parse_int(rating_text) if rating_text else None
    if not start or (rating_text and rating is None):
        col, what = (5, "the starting rank at 5-8") if not start else (49, "a rating at 49-52")
        doc.error(
            "E319",
            line,
            col,
            f"national rating record {line.code}: expected {what}",
            "national rating records have the 001 layout: starting rank 5-8, "
            "national rating 49-52, national number 58-68",
        )
        return
    doc.national.append(
        NationalRecord(line.code, start, rating or None, column(line, 58, 68), line)
    )


def _accelerated(doc: TrfDocument, line: Line) -> None:
    """250: match points (5-8, teams), points (10-13), rounds 15-17 to 19-21, ids 23-26
    to 28-31."""
    match_text = column(line, 5, 8)
    match_points = parse_points(match_text) if match_text else None
    points = parse_points(column(line, 10, 13))
    numbers = [parse_int(column(line, a, b)) for a, b in ((15, 17), (19, 21), (23, 26), (28, 31))]
    if (match_text and match_points is None) or points is None or not all(numbers):
        doc.error(
            "E317",
            line,
            5,
            "bad record 250",
            "250 layout: match points 5-8 (blank for individuals), points 10-13, first and "
            "last round 15-17 and 19-21, first and last id 23-26 and 28-31",
        )
        return
    first, last, low, high = (int(n or 0) for n in numbers)
    if first > last or low > high:
        doc.error(
            "E317",
            line,
            15 if first > last else 23,
            "record 250: the first round or id comes after the last",
        )
        return
    doc.accelerated.append(
        AcceleratedRecord(match_points, points, (first, last), (low, high), line)
    )


_299_KINDS = frozenset("WDLFHZ+-")


def _abnormal(doc: TrfDocument, line: Line) -> None:
    """299: type (5), match points (8-11, teams), points (14-17), round (20-22; 000 or
    blank: all rounds), ids from 24, five columns each."""
    kind = column(line, 5, 5).upper()
    match_text, points_text = column(line, 8, 11), column(line, 14, 17)
    match_points = parse_points(match_text) if match_text else None
    points = parse_points(points_text) if points_text else None
    round_text = column(line, 20, 22)
    round_no = parse_int(round_text) if round_text else 0
    problem = ""
    if kind and kind not in _299_KINDS:
        problem, col = f"unknown type '{kind}'", 5
    elif (match_text and match_points is None) or (points_text and points is None):
        problem, col = "bad points", 8 if match_text and match_points is None else 14
    elif match_points is None and points is None:
        problem, col = "no points", 14
    elif round_no is None:
        problem, col = f"bad round '{round_text}'", 20
    ids = _numbers(doc, line, 24, "299")
    if not problem and not ids:
        problem, col = "no player or team", 24
    if problem:
        doc.error(
            "E318",
            line,
            col,
            f"record 299: {problem}",
            "299 layout: type 5 (blank: penalty or bonus), match points 8-11, points 14-17 "
            "(e.g. -1.0), round 20-22 (000: all), ids from 24",
        )
        return
    doc.abnormal.append(AbnormalRecord(kind, match_points, points, round_no or 0, ids, line))


RECORD_PARSERS: dict[str, Parser] = {
    "001": _player,
    "012": _header("name"),
    "022": _header("place"),
    "032": _header("federation"),
    "042": _header("start"),
    "052": _header("end"),
    "062": _header("players"),
    "072": _header("rated"),
    "082": _header("teams"),
    "092": _header("type"),
    "102": _header("chief_arbiter"),
    "112": _deputy,
    "122": _header("time_control"),
    "132": _round_dates,
    "142": _rounds,
    "152": _header("initial_colour"),
    "162": _scoring_162,
    "172": _header("ranking_method"),
    "182": _header("controller"),
    "192": _header("system"),
    "202": _header("tiebreaks"),
    "212": _header("standings_order"),
    "222": _header("time_control_code"),
    "240": _bye_240,
    "XXR": _rounds,
    "XXC": _options,
    "XXZ": _absent_next,
    "XXS": _scoring_xxs,
    "013": _team_013,
    "300": _team_300,
    "310": _team_310,
    "320": _team_320,
    "330": _team_330,
    "352": _team_352,
    "362": _team_362,
    "260": parse_260,
    "XXP": parse_xxp,
    "XXO": parse_xxo,
    "250": _accelerated,
    "299": _abnormal,
    # Kept verbatim: not needed for standings (XXA is reported by trf_forbidden).
    "801": _keep,
    "802": _keep,
}


# The fixed fields of the other positional records: separator columns that are blank in
# every file written to the TRF-2026 tables, and the layout named in the error.
_LAYOUTS: dict[str, tuple[tuple[int, ...], str]] = {
    "310": (
        (4, 8, 41, 47, 54, 61, 68),
        "310 layout: team 5-7, name 9-40, nickname 42-46, strength 48-53, match points "
        "55-60, game points 62-67, rank 69-71, players from 74 (5 columns each)",
    ),
    "240": ((4, 6, 10), "240 layout: kind 5, round 7-9, ids from 11 (5 columns each)"),
    "300": (
        (4, 8, 12, 16),
        "300 layout: round 5-7, team 9-11, opponent 13-15, boards from 17 (5 columns each)",
    ),
    "330": ((4, 7, 11, 15), "330 layout: code 5-6, round 8-10, teams 12-14 and 16-18"),
    "320": ((4, 9, 14), "320 layout: match points 5-8, game points 10-13, teams from 15"),
}


def _misplaced(doc: TrfDocument, line: Line) -> None:
    """Report a positional record whose fields are not in their columns."""
    columns, layout = _LAYOUTS[line.code]
    for col in columns:
        if len(line.text) >= col and line.text[col - 1] != " ":
            doc.error(
                "E301",
                line,
                col,
                f"column {col} should be blank but holds '{line.text[col - 1]}': "
                "the fields of this record are not in their columns",
                layout,
            )
            return


_RULER = "0123456789" * 30


def _ruler_or_comment(doc: TrfDocument, line: Line) -> bool:
    """A line some programs write that is no record: skipped, with a warning.

    A column ruler (``0123456789012...``, or the tens ``1         2``) would read as
    record 012 and name the tournament with digits; ``DDD SSSS sTTT ...`` is the
    layout line of the FIDE TRF tables, copied into files by some writers. A line
    starting ``#`` (``###`` lines are skipped silently, as TRF-2026 comments) is a
    comment of its writer.
    """
    digits = line.text.replace(" ", "")
    if line.code == "DDD" or (len(digits) >= 10 and digits.isdigit() and digits in _RULER):
        doc.warn(
            "W354",
            line,
            1,
            f"a column ruler ('{line.text[:12].strip()}...'), not a record: skipped",
            "rulers and layout lines are no TRF records; delete the line to silence this",
        )
        return True
    if line.text.startswith("#"):
        doc.warn(
            "W355",
            line,
            1,
            "a comment line, not a record: skipped",
            "TRF-2026 comments start with '###'",
        )
        return True
    return False


def read_records(lines: list[Line], file: str) -> TrfDocument:
    """Every record into one document; unknown record codes are kept, not errors."""
    doc = TrfDocument(file)
    for line in lines:
        if _ruler_or_comment(doc, line):
            continue
        if line.code in _LAYOUTS:
            _misplaced(doc, line)
        parser = RECORD_PARSERS.get(line.code)
        if parser is None:
            parser = _national if line.code in FIDE_CODES else _keep
        parser(doc, line)
    for key in ("start", "end"):
        if doc.header.get(key) and parse_date(doc.header[key]) is None:
            number = doc.header_lines[key]
            doc.warn(
                "W321",
                Line(number, ""),
                5,
                f"unreadable date '{doc.header[key]}'",
                "expected YYYY/MM/DD",
            )
    return doc
