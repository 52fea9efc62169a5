"""A sign-up from the repository's GitHub issue form, read into a players.yaml entry.

The form (``.github/ISSUE_TEMPLATE/signup.yml``, written by ``tourney
init-repo``) asks for the tournament, the name and the optional details of
docs/folder-format.md "players.yaml". GitHub renders a submitted form as
the issue's body, one ``### Label`` heading per field followed by the answer
(``_No response_`` for a field left empty); ``read_form`` reads that body as
GitHub shows it: an HTML comment (``<!-- ... -->``, shown by nobody, so an organiser
never approved what it holds) is read as blank lines, and a body that asks one
question twice (two ``### Name`` headings, E413) is refused, since which answer the
organiser read cannot be known (docs/security.md "One spelling per name").
The tournament is the folder, typed or picked from the form's dropdown of the
tournaments open for sign-ups (``Autumn Swiss (toren/autumn)``).
When the organiser approves the issue (the ``approved`` label), the
repository's sign-up workflow runs ``tourney signup`` on it, which adds the
player with ``approved: true`` and opens a pull request (docs/git-workflow.md
"Sign-ups").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tourney.errors import Diagnostic, InvalidInput

# The form's labels (as GitHub prints them) and the players.yaml key of each.
LABELS = {
    "Tournament": "tournament",
    "Name": "name",
    "FIDE rating": "rating",
    "National rating": "national_rating",
    "FIDE ID": "fide_id",
    "Federation": "federation",
    "Title": "title",
    "Sex": "sex",
    "Year of birth": "birth_year",
    "Club": "club",
}
NO_ANSWER = {"", "_no response_", "none", "-"}
_HEADING = re.compile(r"^###\s+(.+?)\s*$")
# An HTML comment, or one never closed (GitHub then hides the rest of the body).
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
_CHECKS = {
    "rating": (re.compile(r"\d{1,4}"), "a rating, 0-3500"),
    "national_rating": (re.compile(r"\d{1,4}"), "a rating, 0-3500"),
    "fide_id": (re.compile(r"\d{1,10}"), "the FIDE ID, digits"),
    "federation": (re.compile(r"[A-Z]{2,3}"), "a federation code such as NED"),
    "title": (re.compile(r"GM|IM|FM|CM|WGM|WIM|WFM|WCM"), "GM, IM, FM, CM, WGM, WIM, WFM or WCM"),
    "sex": (re.compile(r"[mw]"), "m or w"),
    "birth_year": (re.compile(r"(19|20)\d\d|2100"), "a year, 1900-2100"),
}
# A dropdown answer of the form (tourney.edit.signup_form): the folder in brackets at the end.
_CHOSEN = re.compile(r".*\(([^()\s]+)\)\s*")
_WORDS = {"male": "m", "man": "m", "female": "w", "woman": "w"}


@dataclass(frozen=True, slots=True)
class SignUp:
    """One sign-up: the tournament folder, the name, and the other players.yaml fields."""

    tournament: str
    name: str
    fields: tuple[tuple[str, str], ...]
    tournament_line: int = 0  # the line of the form's tournament answer


def read_form(text: str, source: str) -> SignUp:
    """The sign-up in an issue body; InvalidInput naming every answer that does not fit."""
    answers: dict[str, tuple[int, str]] = {}
    label, start = "", 0
    body: list[str] = []
    shown = _COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text.replace("\r\n", "\n"))
    lines = shown.split("\n")
    asked: dict[str, int] = {}
    repeated = []
    for number, raw in enumerate([*lines, "### <end>"], start=1):
        heading = _HEADING.match(raw)
        if heading:
            if label:
                answers[label] = (start, " ".join(" ".join(body).split()))
            label, start, body = heading.group(1), number + 1, []
            if label in LABELS and label in asked:
                repeated.append(
                    Diagnostic(
                        source,
                        number,
                        1,
                        f"'### {label}' is asked twice (first on line {asked[label]}); "
                        "which answer the organiser read cannot be known",
                        "a sign-up answers each question of the form once: edit the issue "
                        "so that it does",
                        code="E413",
                    )
                )
            asked.setdefault(label, number)
        elif label:
            if raw.strip() and not body:
                start = number  # the answer's first line
            if body or raw.strip():
                body.append(raw.strip())
    if repeated:
        raise InvalidInput(repeated)
    problems = []
    values: dict[str, str] = {}
    for label_text, key in LABELS.items():
        line, answer = answers.get(label_text, (0, ""))
        if answer.strip().lower() in NO_ANSWER:
            continue
        if key == "sex":
            answer = _WORDS.get(answer.lower(), answer.lower())
        if key == "federation":
            answer = answer.upper()
        check = _CHECKS.get(key)
        if check and not check[0].fullmatch(answer):
            problems.append(
                Diagnostic(
                    source, line, 1, f"{label_text}: '{answer}' is not {check[1]}", code="E410"
                )
            )
            continue
        if key.endswith("rating") and int(answer) > 3500:
            problems.append(
                Diagnostic(source, line, 1, f"{label_text}: {answer} is over 3500", code="E410")
            )
            continue
        values[key] = answer
    for label_text in ("Name", "Tournament"):
        if LABELS[label_text] not in values and not any(
            p.message.startswith(label_text) for p in problems
        ):
            problems.append(
                Diagnostic(
                    source,
                    answers.get(label_text, (0, ""))[0],
                    0,
                    f"the sign-up has no {label_text.lower()}",
                    f"the form's '### {label_text}' answer",
                    code="E411",
                )
            )
    if problems:
        raise InvalidInput(problems)
    tournament, name = values.pop("tournament"), values.pop("name")
    chosen = _CHOSEN.fullmatch(tournament)  # the form's dropdown: "Name (folder)"
    if chosen:
        tournament = chosen.group(1)
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*", tournament):
        line = answers["Tournament"][0]
        raise InvalidInput(
            [
                Diagnostic(
                    source, line, 1, f"Tournament: '{tournament}' is not a folder name", code="E410"
                )
            ]
        )
    order = [k for k in LABELS.values() if k in values]
    fields = tuple((k, values[k]) for k in order)
    return SignUp(tournament, name, fields, answers["Tournament"][0])
