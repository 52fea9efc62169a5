"""TRF records -> a neutral document (TRF16, TRF-2026, JaVaFo's XX records).

Each record code has one parser in ``RECORD_PARSERS``; a parser reads one
line into the mutable ``TrfDocument`` being built and reports problems as
Diagnostics. Records this reader does not interpret yet (team records 013,
300, 310, 320, 330, 352, 362, informative 801/802, national rating lines)
are kept verbatim in ``TrfDocument.other`` so that a later team reader can
add a parser without touching the rest.

Column positions follow the TRF-2026 specification (1-based).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from tourney.errors import Diagnostic
from tourney.load.trf_lines import Line, column, data, parse_date, parse_int, parse_points

RESULT_CODES = frozenset("10=+-WDLHFUZ")


@dataclass(frozen=True, slots=True)
class RoundCell:
    """One round of a 001 line: opponent (None = no opponent), colour, result code."""

    round: int
    opponent: int | None
    colour: str  # "w", "b" or ""
    code: str  # one of RESULT_CODES (upper case) or "" (blank)
    line: int
    col: int


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    start: int
    sex: str
    title: str
    name: str
    rating: int | None
    federation: str
    fide_id: str
    birth: str
    points: Fraction | None
    rank: int | None
    rounds: tuple[RoundCell, ...]
    line: int


@dataclass
class TrfDocument:
    """What the records say, before it becomes a Tournament (built line by line)."""

    file: str
    header: dict[str, str] = field(default_factory=dict)
    header_lines: dict[str, int] = field(default_factory=dict)
    players: list[PlayerRecord] = field(default_factory=list)
    byes: list[tuple[str, int, int, Line]] = field(default_factory=list)  # kind, round, id
    scoring: dict[str, Fraction] = field(default_factory=dict)  # 162 / XXS codes
    rounds: int | None = None
    options: list[str] = field(default_factory=list)  # XXC
    round_dates: list[str] = field(default_factory=list)
    deputies: list[str] = field(default_factory=list)
    other: dict[str, list[Line]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    team_event: bool = False

    def error(self, line: Line, col: int, message: str, hint: str = "") -> None:
        self.diagnostics.append(Diagnostic(self.file, line.number, col, message, hint))

    def warn(self, line: Line, col: int, message: str, hint: str = "") -> None:
        self.diagnostics.append(
            Diagnostic(self.file, line.number, col, message, hint, severity="warning")
        )


Parser = Callable[[TrfDocument, Line], None]


def _header(key: str) -> Parser:
    def parse(doc: TrfDocument, line: Line) -> None:
        doc.header[key] = data(line)
        doc.header_lines[key] = line.number

    return parse


def _deputy(doc: TrfDocument, line: Line) -> None:
    doc.deputies.append(data(line))


def _player(doc: TrfDocument, line: Line) -> None:
    start = parse_int(column(line, 5, 8))
    if start is None or start == 0:
        doc.error(line, 5, f"bad starting rank '{column(line, 5, 8)}'", "columns 5-8: 1-9999")
        return
    rating_text = column(line, 49, 52)
    rating = parse_int(rating_text) if rating_text else None
    if rating_text and rating is None:
        doc.error(line, 49, f"bad rating '{rating_text}'", "columns 49-52: a number or blank")
    points_text = column(line, 81, 84)
    points = parse_points(points_text) if points_text else None
    if points_text and points is None:
        doc.error(line, 81, f"bad points '{points_text}'", "columns 81-84, e.g. 4.5")
    cells = []
    round_no = 1
    while True:
        first = 92 + 10 * (round_no - 1)
        if len(line.text) < first:
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
            line,
            first,
            f"round {round_no}: bad opponent '{opponent_text}'",
            "four digits: the opponent's starting rank, or 0000",
        )
        return None
    if colour not in ("w", "b", "-", ""):
        doc.error(line, first + 5, f"round {round_no}: bad colour '{colour}'", "w, b or -")
        return None
    if code and code not in RESULT_CODES:
        doc.error(
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
        doc.error(line, 5, f"bad number of rounds '{data(line)}'", "a whole number")
        return
    doc.rounds = value


def _options(doc: TrfDocument, line: Line) -> None:
    doc.options.extend(data(line).lower().split())


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
        doc.error(line, 5, f"unknown bye kind '{kind}' in record 240", "F, H or Z")
        return
    if round_no is None or round_no == 0:
        doc.error(line, 7, f"bad round '{column(line, 7, 9)}' in record 240", "columns 7-9")
        return
    for match in re.finditer(r"\S+", line.text[10:]):
        number = parse_int(match.group(0))
        if number is None:
            doc.error(line, 11 + match.start(), f"bad id '{match.group(0)}' in record 240")
            continue
        doc.byes.append((kind, round_no, number, line))


def _keep(doc: TrfDocument, line: Line) -> None:
    doc.other.setdefault(line.code, []).append(line)


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
    "XXS": _scoring_xxs,
    # Team records and others: kept for a later reader.
    "013": _keep,
    "250": _keep,
    "260": _keep,
    "299": _keep,
    "300": _keep,
    "310": _keep,
    "320": _keep,
    "330": _keep,
    "352": _keep,
    "362": _keep,
    "801": _keep,
    "802": _keep,
}


def read_records(lines: list[Line], file: str) -> TrfDocument:
    """Every record into one document; unknown record codes are kept, not errors."""
    doc = TrfDocument(file)
    for line in lines:
        RECORD_PARSERS.get(line.code, _keep)(doc, line)
    for key in ("start", "end"):
        if doc.header.get(key) and parse_date(doc.header[key]) is None:
            number = doc.header_lines[key]
            doc.warn(
                Line(number, ""), 5, f"unreadable date '{doc.header[key]}'", "expected YYYY/MM/DD"
            )
    return doc
