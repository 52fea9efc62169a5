"""Rating lists read as a stream: FIDE's monthly players list (XML or TXT) and national CSV lists.

FIDE publishes its full players list every month in two downloads (ratings.fide.com,
"Download"), each also as a ``.zip`` of the one file:

* **XML** (``players_list_xml_foa.xml``): a ``<playerslist>`` of ``<player>`` elements with
  ``fideid``, ``name``, ``country``, ``sex``, ``title``, ``w_title``, ``o_title``,
  ``foa_title``, ``rating``, ``games``, ``k``, ``rapid_rating``, ``rapid_games``, ``rapid_k``,
  ``blitz_rating``, ``blitz_games``, ``blitz_k``, ``birthday`` (a year) and ``flag``
  (``i`` inactive, ``w`` woman, ``wi`` both).
* **TXT** (``players_list_foa.txt``): fixed-width columns under a header line
  ``ID Number  Name  Fed Sex Tit WTit OTit FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK
  B-day Flag``. Each column starts where its heading starts, so the columns are found
  from the header line rather than from fixed offsets (the per-period lists name the
  rating column after the month, ``DEC26``: read as the rating of the period asked for).

A national list is a CSV file with a header row; ``columns`` maps the players.yaml keys
(``fide_id``, ``national_id``, ``rating``, ``national_rating``, ``title``, ``federation``,
``sex``, ``birth_year``, ``flag``) to the list's own column names.

A full FIDE list holds about 1.1 million players (500 MB of XML), so nothing is kept but
the entries whose id is wanted: ``iterparse`` with the root cleared after every player,
the TXT and CSV files line by line (bench/ratinglist.py measures it).
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import zipfile
from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO
from xml.etree.ElementTree import ParseError, iterparse

from tourney.errors import Diagnostic, InvalidInput
from tourney.model import RatingPeriod

LIST_KEYS = (
    "fide_id",
    "national_id",
    "name",
    "rating",
    "national_rating",
    "title",
    "federation",
    "sex",
    "birth_year",
    "flag",
)
_XML_RATING = {
    RatingPeriod.STANDARD: "rating",
    RatingPeriod.RAPID: "rapid_rating",
    RatingPeriod.BLITZ: "blitz_rating",
}
_TXT_RATING = {
    RatingPeriod.STANDARD: "SRtng",
    RatingPeriod.RAPID: "RRtng",
    RatingPeriod.BLITZ: "BRtng",
}
_MONTH_COLUMN = re.compile(r"[A-Z]{3}\d{2}")  # DEC26: a one-period list's rating column
_FIDE_KEYS = frozenset({"rating", "title", "federation", "sex", "birth_year", "flag"})
_TITLES = {"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"}


@dataclass(frozen=True, slots=True)
class ListEntry:
    """One player of a rating list, as the players.yaml keys it can update."""

    key: str  # the id it was matched by: a FIDE id or a national id
    line: int  # the line of a TXT or CSV list (0 in XML, which has no lines to speak of)
    name: str = ""
    rating: int | None = None
    national_rating: int | None = None
    title: str = ""
    federation: str = ""
    sex: str = ""
    birth_year: int | None = None
    inactive: bool = False


@dataclass(frozen=True, slots=True)
class RatingList:
    """The wanted entries of a list, by id, and the lines that could not be read (W375)."""

    path: Path
    kind: str  # "FIDE XML", "FIDE TXT", "CSV"
    by: str  # "fide_id" or "national_id"
    entries: Mapping[str, ListEntry]
    keys: frozenset[str]  # the players.yaml keys the list gives
    warnings: tuple[Diagnostic, ...] = ()
    read: int = 0  # players in the whole list


def _error(path: Path, line: int, message: str, hint: str, code: str) -> InvalidInput:
    return InvalidInput([Diagnostic(str(path), line, 0, message, hint, code=code)])


@contextmanager
def _opened(path: Path) -> Iterator[IO[bytes]]:
    """The list's bytes; a ``.zip`` download is read from its one file, not unpacked."""
    try:
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as archive:
                names = [n for n in archive.namelist() if not n.endswith("/")]
                if len(names) != 1:
                    raise _error(
                        path, 0, f"the archive holds {len(names)} files", "unpack it", "E440"
                    )
                with archive.open(names[0]) as stream:
                    yield stream
            return
        with path.open("rb") as stream:
            yield stream
    except OSError as error:
        raise _error(
            path, 0, f"cannot read the list: {error.strerror or error}", "", "E440"
        ) from error


def _year(text: str) -> int | None:
    found = re.search(r"(19|20)\d\d", text)
    return int(found.group(0)) if found else None


def _rating(text: str) -> int | None:
    text = text.strip()
    if not text or text == "0":
        return None
    return int(text) if text.isdigit() and int(text) <= 3500 else -1


def _title(title: str, w_title: str) -> str:
    for t in (title.strip().upper(), w_title.strip().upper()):
        if t in _TITLES:
            return t
    return ""


def _sex(text: str) -> str:
    text = text.strip().upper()
    return {"M": "m", "F": "w", "W": "w"}.get(text, "")


def _entry(
    key: str, line: int, values: Mapping[str, str], path: Path
) -> tuple[ListEntry | None, Diagnostic | None]:
    ratings = {k: _rating(values[k]) for k in ("rating", "national_rating") if k in values}
    for k, value in ratings.items():
        if value == -1:
            return None, Diagnostic(
                str(path),
                line,
                0,
                f"player {key}: the {k} '{values[k].strip()}' is not a number from 1 to 3500",
                "the player is left as the folder has it",
                severity="warning",
                code="W375",
            )
    entry = ListEntry(
        key=key,
        line=line,
        name=values.get("name", "").strip(),
        rating=ratings.get("rating"),
        national_rating=ratings.get("national_rating"),
        title=_title(values.get("title", ""), values.get("w_title", "")),
        federation=values.get("federation", "").strip().upper(),
        sex=_sex(values.get("sex", "")),
        birth_year=_year(values.get("birth_year", "")),
        inactive="i" in values.get("flag", "").lower(),
    )
    return entry, None


def _xml(
    path: Path, stream: IO[bytes], wanted: Collection[str], period: RatingPeriod
) -> RatingList:
    rating_tag = _XML_RATING[period]
    entries: dict[str, ListEntry] = {}
    warnings: list[Diagnostic] = []
    count = 0
    root = None
    parser = iterparse(stream, events=("start", "end"))
    try:
        for event, element in parser:
            if event == "start":
                if root is None:
                    root = element
                continue
            if element.tag != "player":
                continue
            count += 1
            fide_id = (element.findtext("fideid") or "").strip()
            if fide_id in wanted:
                values = {
                    "name": element.findtext("name") or "",
                    "rating": element.findtext(rating_tag) or "",
                    "title": element.findtext("title") or "",
                    "w_title": element.findtext("w_title") or "",
                    "federation": element.findtext("country") or "",
                    "sex": element.findtext("sex") or "",
                    "birth_year": element.findtext("birthday") or "",
                    "flag": element.findtext("flag") or "",
                }
                entry, problem = _entry(fide_id, 0, values, path)
                if entry is not None:
                    entries[fide_id] = entry
                if problem is not None:
                    warnings.append(problem)
            if root is not None:
                root.clear()  # what was read goes: memory stays that of one player
    except ParseError as error:
        line = error.position[0] if error.position else 0
        raise _error(
            path, line, f"the XML cannot be read: {error}", "is it FIDE's players list?", "E440"
        ) from error
    if root is None or (count == 0 and root.tag != "playerslist"):
        raise _error(
            path, 0, "no <player> elements in this XML", "expected FIDE's players list", "E440"
        )
    return RatingList(path, "FIDE XML", "fide_id", entries, _FIDE_KEYS, tuple(warnings), count)


def _columns(header: str) -> list[tuple[str, int, int]]:
    """(heading, start, end) of each column: a heading starts its column ("ID Number" is one)."""
    starts = [(m.group(0), m.start()) for m in re.finditer(r"ID Number|\S+", header)]
    return [
        (name, start, starts[i + 1][1] if i + 1 < len(starts) else 10_000)
        for i, (name, start) in enumerate(starts)
    ]


def _txt(
    path: Path, lines: Iterator[str], header: str, wanted: Collection[str], period: RatingPeriod
) -> RatingList:
    columns = {name: (start, end) for name, start, end in _columns(header)}
    rating_column = _TXT_RATING[period]
    if rating_column not in columns:
        month = [name for name in columns if _MONTH_COLUMN.fullmatch(name)]
        if len(month) != 1:
            raise _error(
                path,
                1,
                f"no {rating_column} column in the header line",
                "expected FIDE's players list (players_list_foa.txt) or a one-period list",
                "E440",
            )
        rating_column = month[0]
    id_end = columns["ID Number"][1]
    fields = {
        "name": "Name",
        "federation": "Fed",
        "sex": "Sex",
        "title": "Tit",
        "w_title": "WTit",
        "rating": rating_column,
        "birth_year": "B-day",
        "flag": "Flag",
    }
    spans = {key: columns[name] for key, name in fields.items() if name in columns}
    entries: dict[str, ListEntry] = {}
    warnings: list[Diagnostic] = []
    count = 0
    for number, line in enumerate(lines, start=2):
        fide_id = line[:id_end].strip()
        if not fide_id:
            continue
        count += 1
        if fide_id not in wanted:
            continue
        values = {key: line[start:end] for key, (start, end) in spans.items()}
        entry, problem = _entry(fide_id, number, values, path)
        if entry is not None:
            entries[fide_id] = entry
        if problem is not None:
            warnings.append(problem)
    return RatingList(path, "FIDE TXT", "fide_id", entries, _FIDE_KEYS, tuple(warnings), count)


def _csv(
    path: Path,
    lines: Iterator[str],
    header: str,
    wanted: Collection[str],
    columns: Mapping[str, str],
) -> RatingList:
    dialect = csv.Sniffer().sniff(header, delimiters=",;\t|")
    names = [n.strip() for n in next(csv.reader([header], dialect))]
    unknown = sorted(set(columns) - set(LIST_KEYS))
    if unknown:
        raise _error(
            path,
            0,
            f"--column {unknown[0]}=...: not a key a list can update",
            "keys: " + ", ".join(LIST_KEYS),
            "E441",
        )
    missing = [f"{key}={name}" for key, name in columns.items() if name not in names]
    if missing:
        raise _error(
            path,
            1,
            f"the header row has no column named as in --column {missing[0]}",
            "the columns are: " + ", ".join(names),
            "E441",
        )
    by = "fide_id" if "fide_id" in columns else "national_id"
    if by not in columns:
        raise _error(
            path,
            1,
            "the list cannot be matched: no --column fide_id=... or national_id=...",
            "players are matched by FIDE id or national id, never by name alone",
            "E441",
        )
    index = {key: names.index(name) for key, name in columns.items()}
    key_index = index[by]
    entries: dict[str, ListEntry] = {}
    warnings: list[Diagnostic] = []
    count = 0
    for number, row in enumerate(csv.reader(lines, dialect), start=2):
        if key_index >= len(row) or not row[key_index].strip():
            continue
        count += 1
        key = row[key_index].strip()
        if key not in wanted:
            continue
        values = {k: row[i] if i < len(row) else "" for k, i in index.items()}
        entry, problem = _entry(key, number, values, path)
        if entry is not None:
            entries[key] = entry
        if problem is not None:
            warnings.append(problem)
    keys = frozenset(columns) - {"fide_id", "national_id", "name"}
    return RatingList(path, "CSV", by, entries, keys, tuple(warnings), count)


def read_list(
    path: Path,
    wanted: Collection[str],
    period: RatingPeriod = RatingPeriod.STANDARD,
    columns: Mapping[str, str] | None = None,
) -> RatingList:
    """The entries of ``path`` whose id is in ``wanted`` (a set: looked up per player).

    The format is found from the content: XML, a FIDE TXT header ("ID Number"), or a
    CSV header row, which needs ``columns``. Raises ``InvalidInput`` (E440, E441).
    """
    with _opened(path) as stream:
        head = stream.peek(64) if hasattr(stream, "peek") else b""
        if head.lstrip(codecs.BOM_UTF8).lstrip().startswith(b"<"):
            return _xml(path, stream, wanted, period)
        text = io.TextIOWrapper(stream, encoding="utf-8-sig", errors="replace", newline="")
        lines = (line.rstrip("\r\n") for line in text)
        header = next(lines, "")
        if header.startswith("ID Number"):
            return _txt(path, lines, header, wanted, period)
        if columns:
            return _csv(path, lines, header, wanted, columns)
        raise _error(
            path,
            1,
            "not a rating list tourney reads",
            "FIDE's players list (XML or TXT, or its .zip), or a CSV with "
            "--column national_id=COLUMN --column rating=COLUMN ...",
            "E440",
        )
