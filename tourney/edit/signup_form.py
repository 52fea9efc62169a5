"""The sign-up issue form's list of tournaments, and the answer to a sign-up that failed.

The form (``.github/ISSUE_TEMPLATE/signup.yml``, docs/git-workflow.md
"Sign-ups") offers the repository's tournaments that take sign-ups as a
dropdown, so a player picks ``Autumn Swiss 2026 (toren/autumn)`` instead of
typing a folder. A tournament takes sign-ups while it is an individual event,
not finalized, its registration window (``registration:``) is open for the next
round, and a late entry can still play: a Swiss or Keizer event until its last
planned round is paired, a round robin until its rounds are paired (a Berger
table has no room for a late entry). The list sits between two
marker comments, so ``tourney signup-form`` (``make forms``), ``init-repo``
and ``upgrade-repo`` rewrite it and leave the rest of a club's own form alone.

When the sign-up workflow cannot add a player, ``answer`` writes the
comment it leaves on the issue: what is wrong, in a code block (the user's own
text never becomes Markdown), and what to do.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tourney.errors import Diagnostic, InvalidInput
from tourney.load.final import is_finalized
from tourney.load.folder import load_tournament
from tourney.load.repository import holding

FORM = ".github/ISSUE_TEMPLATE/signup.yml"
BEGIN = "  # >>> tourney signup-form: the tournaments open for sign-ups (rewritten, do not edit)"
END = "  # <<< tourney signup-form"


@dataclass(frozen=True, slots=True)
class Offered:
    """A tournament the form offers: its folder in the repository and its name."""

    folder: str
    name: str

    @property
    def option(self) -> str:
        """The dropdown's text, which the issue body repeats: ``Name (folder)``."""
        return f"{self.name} ({self.folder})" if self.name else self.folder


def open_tournaments(root: Path) -> tuple[Offered, ...]:
    """The repository's tournaments that take sign-ups, by folder.

    A folder that does not load is offered (nothing says it is closed); ``tourney
    check`` names its problems and the sign-up says them on the issue.
    """
    found = []
    for folder in holding(root).every_tournament(root):
        path = root / folder
        if is_finalized(path):
            continue
        try:
            t = load_tournament(path)
        except InvalidInput:
            found.append(Offered(folder, ""))
            continue
        if t.is_team:
            continue
        paired = max((r.number for r in t.rounds), default=0)
        if t.settings.format.is_round_robin and paired:
            continue
        if t.settings.rounds and paired >= t.settings.rounds:
            continue
        until = t.settings.registration  # None: open; 0: closed; N: until round N
        if until is not None and paired + 1 > until:
            continue
        found.append(Offered(folder, t.settings.name))
    return tuple(found)


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML scalar


def tournament_field(offered: Sequence[Offered]) -> str:
    """The form's Tournament question, between its markers: a dropdown of ``offered``,
    or (none open) a text answer saying so."""
    lines = [BEGIN]
    if offered:
        lines += [
            "  - type: dropdown",
            "    id: tournament",
            "    attributes:",
            "      label: Tournament",
            "      description: The tournaments of this repository that take sign-ups",
            "      options:",
            *(f"        - {_quoted(o.option)}" for o in offered),
        ]
    else:
        lines += [
            "  - type: input",
            "    id: tournament",
            "    attributes:",
            "      label: Tournament",
            "      description: No tournament takes sign-ups at the moment; "
            "the organiser names the tournament's folder",
        ]
    lines += ["    validations:", "      required: true", END]
    return "\n".join(lines) + "\n"


_REGION = re.compile(rf"^{re.escape(BEGIN)}\n.*?^{re.escape(END)}\n", re.M | re.S)


def refreshed(text: str, offered: Sequence[Offered]) -> str | None:
    """``text`` (a sign-up form) with its tournament list made ``offered``; None when
    it has no markers (a form of an older tourney, or one written by hand)."""
    if not _REGION.search(text):
        return None
    return _REGION.sub(lambda _: tournament_field(offered), text, count=1)


# --- the answer on the issue ---------------------------------------------------------------

_FORM_CODES = {"E410", "E411"}
# A finalized tournament, registration closed, no round left (docs/folder-format.md
# "Registration"; docs/diagnostics.md E250-E252).
_CLOSED_CODES = {"E250", "E251", "E252"}


def _fenced(lines: Sequence[str]) -> str:
    body = "\n".join(lines)
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{body}\n{fence}"


def answer(problems: Sequence[Diagnostic] | str, source: str, offered: Sequence[Offered]) -> str:
    """The comment on a sign-up issue that could not be applied (Markdown).

    ``problems``: the diagnostics of the form or the folder, or the sentence of a
    refusal; ``source``: the form's name in them (its lines mean nothing on the
    issue, so they are left out).
    """
    if isinstance(problems, str):
        lines, codes = [problems], set()
    else:
        lines = []
        for d in problems:
            if d.file == source:
                lines.append(f"{d.severity} {d.code}: {d.message}" if d.code else d.message)
                if d.hint:
                    lines.append(f"  hint: {d.hint}")
            else:
                lines += d.format().splitlines()
        codes = {d.code for d in problems}
    choices = ", ".join(o.option for o in offered) or "none at the moment"
    if codes and codes <= _CLOSED_CODES:
        todo = (
            "This tournament takes no more sign-ups. The tournaments that do: "
            f"{choices}. To play in one of them, edit this issue (the `...` menu of its "
            "first post, **Edit**) and choose it; the organiser then adds the label "
            "`approved` again."
        )
    elif codes and codes <= _FORM_CODES | {"E412"}:
        todo = (
            "Edit this issue (the `...` menu of its first post, **Edit**) so that each "
            "answer named above has the form asked for"
        )
        if "E412" in codes:
            todo += f"; the tournaments that take sign-ups: {choices}"
        todo += ". The organiser then adds the label `approved` again."
    else:
        todo = (
            "The organiser will look at it; reply here if something above is not right. "
            "Once it is sorted out, the organiser adds the label `approved` again."
        )
    return (
        "This sign-up could not be added to the tournament:\n\n"
        f"{_fenced(lines)}\n\n"
        f"**What to do:** {todo}\n"
    )


def find_tournament(root: Path, typed: str, source: str, line: int = 0) -> Path:
    """The tournament folder a sign-up names, under the repository ``root``.

    The folder as written (``toren/autumn``), else the one tournament of the
    repository whose folder ends in it (``autumn``); otherwise E412 names the
    tournaments that take sign-ups.
    """
    path = root / typed
    if (path / "tournament.yaml").is_file():
        return path
    every = holding(root).every_tournament(root)
    ending = [f for f in every if f.rsplit("/", 1)[-1] == typed.rsplit("/", 1)[-1]]
    if len(ending) == 1:
        return root / ending[0]
    offered = open_tournaments(root)
    choices = ", ".join(o.folder for o in offered)
    hint = (
        f"the tournaments that take sign-ups: {choices}"
        if choices
        else ("no tournament of this repository takes sign-ups at the moment")
    )
    if len(ending) > 1:
        hint = f"it could be {', '.join(ending)}: give the whole folder; " + hint
    raise InvalidInput(
        [
            Diagnostic(
                source,
                line,
                1,
                f"Tournament: '{typed}' is not a tournament folder of this repository",
                hint,
                code="E412",
            )
        ]
    )


@dataclass(frozen=True, slots=True)
class FormState:
    """The sign-up form of a repository against its open tournaments: the text it
    should have (None: it cannot be rewritten, no markers), and whether it differs."""

    path: Path
    offered: tuple[Offered, ...]
    text: str | None
    stale: bool


def form_state(
    root: Path, whole: Callable[[Sequence[Offered]], str | None] | None = None
) -> FormState | None:
    """The state of ``root``'s sign-up form; None when the repository has none.

    A form without markers is rewritten whole as ``whole(offered)`` when that is
    given (an older tourney's form, ``tourney.edit.scaffold``), else left as it is.
    """
    path = root / FORM
    if not path.is_file():
        return None
    current = path.read_text(encoding="utf-8")
    offered = open_tournaments(root)
    text = refreshed(current, offered)
    if text is None and whole is not None:
        text = whole(offered)
    return FormState(path, offered, text, text is not None and text != current)


def describe(state: FormState) -> str:
    """One line: the tournaments the form offers."""
    listed = ", ".join(o.folder for o in state.offered) or "none (a text answer)"
    return f"the tournaments open for sign-ups: {listed}"
