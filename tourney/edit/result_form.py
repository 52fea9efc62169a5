"""A result reported from a phone: the repository's "Report a result" issue forms, read.

``tourney init-repo`` writes two issue forms (docs/git-workflow.md "Results from
a phone"): ``result.yml`` for one board (tournament, round, board, result) and
``match-result.yml`` for a team captain (tournament, round, match, the results
of the match's boards, board 1 first). GitHub renders a submitted form as the
issue's body, a ``### Label`` heading per field and the answer below it;
``read_report`` reads that body. The repository's result workflow then runs
``tourney report-result`` on it, which enters each result as ``tourney result``
does (the same edit, ``tourney.edit.results``) on a board that has no result
yet (a report never overwrites one: a correction is the arbiter's, E465), and
opens a pull request with the ``tourney diff`` review as its first comment; a
report that cannot be applied gets ``answer`` as a comment on the issue.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.edit.results import BoardRef, parse_entered
from tourney.errors import Diagnostic, InvalidInput
from tourney.model import Result

INDIVIDUAL_FORM = ".github/ISSUE_TEMPLATE/result.yml"
MATCH_FORM = ".github/ISSUE_TEMPLATE/match-result.yml"
NO_ANSWER = {"", "_no response_", "none", "-"}
_HEADING = re.compile(r"^###\s+(.+?)\s*$")
# A dropdown answer of a tournament: the folder in brackets at the end (as sign-ups).
_CHOSEN = re.compile(r".*\(([^()\s]+)\)\s*")
_FOLDER = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*")


@dataclass(frozen=True, slots=True)
class Reported:
    """One report: the tournament folder, the round, and each board's result."""

    tournament: str
    round: int
    results: tuple[tuple[BoardRef, Result], ...]
    tournament_line: int = 0


def answers(text: str) -> dict[str, tuple[int, str]]:
    """Label -> (line of the answer, the answer's lines joined by newlines)."""
    found: dict[str, tuple[int, str]] = {}
    label, start = "", 0
    body: list[str] = []
    lines = text.replace("\r\n", "\n").split("\n")
    for number, raw in enumerate([*lines, "### <end>"], start=1):
        heading = _HEADING.match(raw)
        if heading:
            if label:
                found[label] = (start, "\n".join(body).strip())
            label, start, body = heading.group(1), number + 1, []
        elif label:
            if raw.strip() and not body:
                start = number
            if body or raw.strip():
                body.append(raw.strip())
    return found


def _bad(source: str, line: int, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(source, line, 1, message, hint, code="E463")


def _number(
    given: dict[str, tuple[int, str]], label: str, source: str, problems: list[Diagnostic]
) -> int | None:
    line, value = given.get(label, (0, ""))
    if value.lower() in NO_ANSWER:
        problems.append(
            Diagnostic(
                source, line, 0, f"the report has no {label.lower()}",
                f"the form's '### {label}' answer", code="E464",
            )
        )  # fmt: skip
        return None
    if not re.fullmatch(r"[0-9]{1,4}", value) or int(value) == 0:
        problems.append(_bad(source, line, f"{label}: '{value}' is not a number (1, 2, ...)"))
        return None
    return int(value)


def _result(text: str, source: str, line: int, problems: list[Diagnostic]) -> Result | None:
    try:
        result = parse_entered(text)
    except InvalidInput as error:
        hint = error.diagnostics[0].hint
        problems.append(_bad(source, line, f"Result: '{text}' is not a result", hint))
        return None
    if result is None:
        problems.append(_bad(source, line, "Result: a report gives a result, not 'none'"))
    return result


def _parses(text: str) -> bool:
    try:
        parse_entered(text)
    except InvalidInput:
        return False
    return True


def read_report(text: str, source: str) -> Reported:
    """The report in an issue body (either form); ``InvalidInput`` naming every answer
    that does not fit (E463) or is missing (E464)."""
    given = answers(text)
    problems: list[Diagnostic] = []
    t_line, tournament = given.get("Tournament", (0, ""))
    if tournament.lower() in NO_ANSWER:
        problems.append(
            Diagnostic(
                source, t_line, 0, "the report has no tournament",
                "the form's '### Tournament' answer", code="E464",
            )
        )  # fmt: skip
    else:
        chosen = _CHOSEN.fullmatch(tournament)
        tournament = chosen.group(1) if chosen else tournament
        if not _FOLDER.fullmatch(tournament):
            problems.append(_bad(source, t_line, f"Tournament: '{tournament}' is not a folder"))
    round_no = _number(given, "Round", source, problems)
    results: list[tuple[BoardRef, Result]] = []
    if "Match" in given:  # the captain's form: a match's boards, board 1 first
        match_no = _number(given, "Match", source, problems)
        line, block = given.get("Results", (0, ""))
        rows = block.split("\n")
        if block.lower() in NO_ANSWER:
            problems.append(
                Diagnostic(
                    source, line, 0, "the report has no results",
                    "one line a board, board 1 first: 1-0, ½-½, 0-1, +/-, -/+", code="E464",
                )
            )  # fmt: skip
        count = 0
        for offset, row in enumerate(rows):
            if not row.strip():
                continue
            count += 1
            seat, typed = count, row.strip()
            numbered = re.fullmatch(r"(?:board\s*)?([0-9]{1,2})[.:)]?\s+(\S.*)", typed, re.I)
            if numbered and not _parses(typed):  # "3 1-0", "board 3: 1-0"
                seat, typed = int(numbered.group(1)), numbered.group(2).strip()
            result = _result(typed, source, line + offset, problems)
            if result is not None and match_no is not None and seat:
                results.append((BoardRef(seat, match_no), result))
    else:
        board_line, board_text = given.get("Board", (0, ""))
        ref = None
        if "." in board_text:  # MATCH.BOARD on the one-board form of a team event
            found = re.fullmatch(r"([0-9]{1,4})\.([0-9]{1,2})", board_text)
            if not found or not int(found.group(1)) or not int(found.group(2)):
                problems.append(_bad(source, board_line, f"Board: '{board_text}' is not a board"))
            else:
                ref = BoardRef(int(found.group(2)), int(found.group(1)))
        else:
            board = _number(given, "Board", source, problems)
            ref = BoardRef(board) if board is not None else None
        line, typed = given.get("Result", (0, ""))
        if typed.lower() in NO_ANSWER:
            problems.append(
                Diagnostic(
                    source, line, 0, "the report has no result",
                    "the form's '### Result' answer", code="E464",
                )
            )  # fmt: skip
        else:
            result = _result(typed, source, line, problems)
            if result is not None and ref is not None:
                results.append((ref, result))
    if problems:
        raise InvalidInput(problems)
    assert round_no is not None
    return Reported(tournament, round_no, tuple(results), t_line)


def _fenced(lines: Sequence[str]) -> str:
    body = "\n".join(lines)
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{body}\n{fence}"


_FORM_CODES = {"E463", "E464"}


def answer(problems: Sequence[Diagnostic] | str, source: str) -> str:
    """The comment on a report that could not be applied (Markdown): what is wrong, in a
    code block (the reporter's own text never becomes Markdown), and what to do."""
    if isinstance(problems, str):
        lines, codes = [problems], set()
    else:
        lines = []
        for d in problems:
            if d.file == source:  # the form's lines mean nothing on the issue
                lines.append(f"{d.severity} {d.code}: {d.message}" if d.code else d.message)
                if d.hint:
                    lines.append(f"  hint: {d.hint}")
            else:
                lines += d.format().splitlines()
        codes = {d.code for d in problems}
    if codes and codes <= _FORM_CODES | {"E412", "E400"}:
        todo = (
            "Edit this issue (the `...` menu of its first post, **Edit**) so that each answer "
            "named above has the form asked for; the report is read again when you save it."
        )
    elif "E465" in codes:
        todo = (
            "The board has a result already, and a report never changes one. If it is "
            "wrong, tell the arbiter here: a correction is the arbiter's (a pull request "
            "that changes the round file)."
        )
    else:
        todo = "The arbiter will look at it; reply here if something above is not right."
    return f"This result could not be entered:\n\n{_fenced(lines)}\n\n**What to do:** {todo}\n"
