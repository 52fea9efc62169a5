"""What every check of a whole tournament is given: the folder, the model, the source map."""

from __future__ import annotations

from pathlib import Path

from tourney.errors import Diagnostic
from tourney.load.sourcemap import SourceMap, Where
from tourney.model import Tournament
from tourney.records import dataclass


@dataclass(frozen=True, slots=True)
class Context:
    folder: Path
    tournament: Tournament
    sources: SourceMap


def at(
    where: Where, code: str, message: str, hint: str = "", severity: str = "error"
) -> Diagnostic:
    """A diagnostic at a source-map position."""
    return Diagnostic(where.file, where.line, where.col, message, hint, severity, code)
