"""What both TRF writers share (``tourney.render.trf.individual`` for the 001 lines and the
file, ``tourney.render.trf.team`` for the team records): the versions, the result and
bye codes of a round cell, a fixed-column line, TRF points, TRF16's ASCII text, and the
groups of a forbidden-pairing rule (TRF-2026 records 001, 240, 260; the XXO dialect).

Its own module so that neither writer imports the other back (tests/test_layers.py).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from tourney.model import ByeKind, ForbiddenPairing, Game, Result, Scoring, Tournament

Version = Literal["trf26", "trf16"]
VERSIONS: tuple[Version, ...] = ("trf26", "trf16")


# Result -> (White's code, Black's code) in a 001 line.
RESULT_CODES: dict[Result, tuple[str, str]] = {
    Result.WHITE_WINS: ("1", "0"),
    Result.DRAW: ("=", "="),
    Result.BLACK_WINS: ("0", "1"),
    Result.WHITE_FORFEIT_WIN: ("+", "-"),
    Result.BLACK_FORFEIT_WIN: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
    Result.NO_CONTEST: ("0", "0"),
    Result.WHITE_WINS_UNPLAYED: ("W", "L"),
    Result.DRAW_UNPLAYED: ("D", "D"),
    Result.BLACK_WINS_UNPLAYED: ("L", "W"),
}
BYE_CODES: dict[ByeKind, str] = {
    ByeKind.PAB: "U",
    ByeKind.FULL: "F",
    ByeKind.HALF: "H",
    ByeKind.ZERO: "Z",
}


@dataclass(frozen=True, slots=True)
class Cell:
    """One round of a 001 line: columns 92-99 (+10 per round)."""

    opponent: int  # 0 = none
    colour: str  # "w", "b" or "-"
    code: str  # result code, " " while a paired game has no result
    points: Fraction

    def text(self) -> str:
        opponent = f"{self.opponent:>4}" if self.opponent else "0000"
        return f"{opponent} {self.colour} {self.code}"


class Columns:
    """A fixed-column line being built; positions are 1-based as in the TRF tables."""

    def __init__(self, code: str) -> None:
        self.chars: list[str] = list(code)

    def put(self, col: int, text: str, width: int | None = None, right: bool = False) -> None:
        if width is not None:
            text = text[:width].rjust(width) if right else text[:width].ljust(width)
        end = col - 1 + len(text)
        if len(self.chars) < end:
            self.chars.extend(" " * (end - len(self.chars)))
        self.chars[col - 1 : end] = list(text)

    def text(self) -> str:
        return "".join(self.chars).rstrip()


def points_text(value: Fraction) -> str:
    """TRF points: ``11.5`` style, one decimal (more only when the value needs it)."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    places = 1
    while (value * 10**places).denominator != 1 and places < 3:
        places += 1
    scaled = round(value * 10**places)
    whole, part = divmod(scaled, 10**places)
    return f"{sign}{whole}.{part:0{places}d}"


# Letters that do not decompose into a base letter and an accent.
_LETTERS = str.maketrans(
    {"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "ß": "ss", "đ": "d", "Đ": "D", "ł": "l",
     "Ł": "L", "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D", "œ": "oe", "Œ": "OE", "ı": "i"}
)  # fmt: skip


def ascii_text(text: str) -> str:
    """TRF16 text: accents dropped, a few letters spelled out, anything else as '?'.

    >>> ascii_text("Ålesund, Tromsø, Łódź")
    'Alesund, Tromso, Lodz'
    """
    decomposed = unicodedata.normalize("NFKD", text.translate(_LETTERS))
    kept = "".join(c for c in decomposed if not unicodedata.combining(c))
    return kept.encode("ascii", "replace").decode("ascii")


def last_round(t: Tournament) -> int:
    return max((rnd.number for rnd in t.rounds), default=0)


def game_cells(game: Game, numbers: Mapping[str, int], scoring: Scoring) -> dict[str, Cell]:
    """The two cells of a board (one when a seat is empty: a forfeit win without opponent)."""
    cells: dict[str, Cell] = {}
    sides = ((game.white, game.black, "w", 0), (game.black, game.white, "b", 1))
    for own, other, colour, index in sides:
        if not own or own not in numbers:
            continue
        if game.result is None:
            cells[own] = Cell(numbers.get(other, 0), colour, " ", Fraction(0))
            continue
        code = RESULT_CODES[game.result][index]
        points = scoring.outcome_points(game.result.outcome(index == 0))
        if not other or other not in numbers:  # an empty seat
            cells[own] = Cell(0, "-", code, points)
        else:
            cells[own] = Cell(numbers[other], "-" if game.colourless else colour, code, points)
    return cells


def window_text(rule: ForbiddenPairing) -> str:
    """``@1-2``, ``@3``, ``@5-``, ``@-2`` or "" (every round) for the XXO dialect."""
    first, last = rule.rounds.first, rule.rounds.last
    if first is None and last is None:
        return ""
    if first == last:
        return f" @{first}"
    return f" @{first or ''}-{last or ''}"


def forbidden_groups(
    rules: Iterable[ForbiddenPairing], ids: Mapping[str, int], clubs: Mapping[str, str]
) -> list[tuple[ForbiddenPairing, tuple[int, ...]]]:
    """Each rule as groups of numbers; a same-club rule becomes one group per club."""
    out: list[tuple[ForbiddenPairing, tuple[int, ...]]] = []
    for rule in rules:
        if rule.same_club:
            by_club: dict[str, list[int]] = {}
            for ident, club in clubs.items():
                key = club.strip().casefold()
                if key and ident in ids:
                    by_club.setdefault(key, []).append(ids[ident])
            groups = [tuple(sorted(v)) for _, v in sorted(by_club.items()) if len(v) > 1]
        else:
            members = tuple(sorted(ids[m] for m in rule.members if m in ids))
            groups = [members] if len(members) > 1 else []
        out.extend((rule, group) for group in groups)
    return out


class Clean:
    """Text as the version allows it: UTF-8 for TRF-2026, plain ASCII for TRF16."""

    def __init__(self, version: Version) -> None:
        self.version = version

    def __call__(self, text: str) -> str:
        text = " ".join(text.split())
        return ascii_text(text) if self.version == "trf16" else text
