"""Diagnostics like a compiler's, and the exit codes of the command line.

Loaders collect every problem they find as a ``Diagnostic`` and raise one
``InvalidInput`` with all of them at the end, so a user sees every mistake at
once. Only the CLI prints them and exits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum

from tourney.records import dataclass


class ExitStatus(IntEnum):
    """Exit codes of ``tourney`` (documented in docs/cli.md)."""

    OK = 0
    INVALID_INPUT = 1  # the folder or file has errors; nothing was written
    FOUND = 1  # a check found what it looks for: rounds that differ (verify), out of date
    USAGE = 2  # wrong command-line arguments
    REFUSED = 3  # the command would lose data or break a rule, so it stopped
    INTERNAL = 70  # a bug in tourney: please report it


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem, pointing at a file, a line and a column (1-based; 0 = unknown)."""

    file: str
    line: int
    col: int
    message: str
    hint: str = ""
    severity: str = "error"  # or "warning"
    code: str = ""  # stable, e.g. "E212"; each is explained in docs/diagnostics.md

    def format(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}"
            if self.col:
                where += f":{self.col}"
        label = f"{self.severity} {self.code}" if self.code else self.severity
        text = f"{where}: {label}: {self.message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text

    def sort_key(self) -> tuple[str, int, int]:
        return (self.file, self.line, self.col)


class TourneyError(Exception):
    """Base of the errors the CLI turns into a message and an exit code."""

    status = ExitStatus.INTERNAL


class InvalidInput(TourneyError):
    """The input has errors; each is a Diagnostic."""

    status = ExitStatus.INVALID_INPUT

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics = tuple(sorted(diagnostics, key=Diagnostic.sort_key))
        super().__init__("\n".join(d.format() for d in self.diagnostics))

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "error")


class Refused(TourneyError):
    """The command would overwrite a result or break a rule, so nothing was done."""

    status = ExitStatus.REFUSED


class RefusedAt(Refused):
    """A refusal with a stable code, pointing at the file and line that decide it (E250...)."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        self.diagnostic = diagnostic
        super().__init__(diagnostic.format())


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A hint naming the closest choice, or an empty string."""
    import difflib  # only for a mistake: every command imports this module

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else ""
