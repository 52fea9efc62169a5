"""What ``tourney finalize`` left in a folder: final.yaml and a club's ratings-log.yaml.

Read only; ``tourney.edit.finalize`` writes them (docs/finalize.md).
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.errors import Refused
from tourney.fs import regular
from tourney.load.folder import is_club
from tourney.load.nodes import YAMLError, compose
from tourney.records import dataclass

FINAL_FILE = "final.yaml"
CORRECTIONS_FILE = "corrections.yaml"
RATINGS_LOG = "ratings-log.yaml"


def is_finalized(folder: Path) -> bool:
    return (folder / FINAL_FILE).is_file()


def club_of(folder: Path) -> Path | None:
    """The club folder a tournament folder is in, if any."""
    parent = folder.resolve().parent
    return parent if is_club(parent) else None


# --- reading final.yaml ---


@dataclass(frozen=True, slots=True)
class FinalRow:
    rank: int
    participant: str
    points: Fraction


@dataclass(frozen=True, slots=True)
class FinalRecord:
    """What final.yaml holds, as far as other commands need it."""

    finalized: dt.date | None
    rated: bool
    corrections: int
    rows: tuple[FinalRow, ...] = ()


def _node(mapping: Node, key: str) -> Node | None:
    if isinstance(mapping, MappingNode):
        for k, v in mapping.value:
            if isinstance(k, ScalarNode) and k.value == key:
                return v  # type: ignore[no-any-return]
    return None


def _text(mapping: Node, key: str) -> str:
    node = _node(mapping, key)
    return str(node.value) if isinstance(node, ScalarNode) else ""


def read_final(folder: Path) -> FinalRecord | None:
    """final.yaml of ``folder``, or None when the tournament is not finalized."""
    path = folder / FINAL_FILE
    if not path.is_file():
        return None
    try:
        root = compose(regular.read_text(path))
    except (OSError, UnicodeDecodeError, YAMLError) as error:  # UnsafeFile is an OSError
        raise Refused(f"{path} cannot be read ({error}); restore it from git") from error
    if not isinstance(root, MappingNode):
        raise Refused(f"{path} is not what `tourney finalize` writes; restore it from git")
    try:
        finalized: dt.date | None = dt.date.fromisoformat(_text(root, "finalized"))
    except ValueError:
        finalized = None
    rows = []
    table = _node(root, "standings")
    for item in table.value if isinstance(table, SequenceNode) else ():
        try:
            rows.append(
                FinalRow(
                    int(_text(item, "rank")), _text(item, "id"), Fraction(_text(item, "points"))
                )
            )
        except (ValueError, ZeroDivisionError) as error:
            raise Refused(f"{path}: a standings row cannot be read ({error})") from error
    corrections = _text(root, "corrections")
    return FinalRecord(
        finalized=finalized,
        rated=_text(root, "rated") == "true",
        corrections=int(corrections) if corrections.isascii() and corrections.isdigit() else 0,
        rows=tuple(rows),
    )


def read_ratings_log(club: Path) -> list[str]:
    """The tournament folder names of ratings-log.yaml, in finalize order."""
    path = club / RATINGS_LOG
    if not path.is_file():
        return []
    try:
        root = compose(regular.read_text(path))
    except (OSError, UnicodeDecodeError, YAMLError) as error:  # UnsafeFile is an OSError
        raise Refused(f"{path} cannot be read ({error}); restore it from git") from error
    if root is None:
        return []
    if not isinstance(root, SequenceNode):
        raise Refused(f"{path} must be a list of tournaments; restore it from git")
    return [_text(item, "tournament") for item in root.value if _text(item, "tournament")]
