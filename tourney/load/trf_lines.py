"""Low-level TRF reading: decoding, lines, fixed columns (FIDE TRF16 and TRF-2026).

A TRF file is a list of records: three characters of record code, a blank,
then data at fixed 1-based columns. This module only cuts text; the meaning
of each record lives in :mod:`tourney.load.trf_records`.

>>> [line.code for line in split_lines("012 Open\\r042 2026/04/01\\r\\n### note\\n")]
['012', '042']
>>> column(split_lines("001    7 m")[0], 5, 8)
'7'
"""

from __future__ import annotations

import datetime as dt
import re
from fractions import Fraction

from tourney.records import dataclass

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class Line:
    """One record: its code (columns 1-3), the whole text and its line number."""

    number: int
    text: str

    @property
    def code(self) -> str:
        return self.text[:3]


def decode(data: bytes) -> tuple[str, bool]:
    """The text of a TRF file: UTF-8 when it is valid, else Latin-1 (second item True)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), False
    except UnicodeDecodeError:
        return data.decode("latin-1"), True


def split_lines(text: str) -> list[Line]:
    """Records of a TRF text; CR, LF and CRLF all end a line; blank and ``###`` lines skipped."""
    lines = []
    for number, raw in enumerate(_LINE_BREAK.split(text), start=1):
        stripped = raw.rstrip()
        if not stripped.strip() or stripped.startswith("###"):
            continue
        lines.append(Line(number, stripped))
    return lines


def column(line: Line, first: int, last: int) -> str:
    """The text at 1-based columns ``first``..``last`` inclusive, stripped."""
    return line.text[first - 1 : last].strip()


def data(line: Line) -> str:
    """Everything after the record code (column 5 on), stripped."""
    return line.text[4:].strip()


def parse_points(text: str) -> Fraction | None:
    """``'2.5'``, ``'2,5'``, ``'3'`` as an exact Fraction; None when not a number."""
    text = text.strip().replace(",", ".")
    if not re.fullmatch(r"-?\d+(\.\d+)?", text):
        return None
    return Fraction(text)


def parse_int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() else None  # not '¹' or '٣'


_DATE_FORMATS = (
    "%Y/%m/%d",
    "%Y-%m-%d",
    "%Y.%m.%d",
    "%d.%m.%Y",
    "%d/%m/%Y",
    "%y/%m/%d",
    "%b %d, %Y",  # lichess Swiss exports: "Jan 5, 2021"
)


def parse_date(text: str) -> dt.date | None:
    """A date in one of the spellings found in TRF files, or None."""
    text = text.strip()
    if not text:  # a blank field (most birth dates of engine inputs): no format fits
        return None
    for fmt in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None
