"""What a tournament no longer takes: writes after finalize, entries outside registration.

docs/finalize.md "A finalized tournament": ``tourney finalize`` closes the event for
good. Every command that writes into its folder refuses (E250) except a recorded
correction (``tourney result --correct``), so the stored final standings, the club
ratings and the series stay what was published.

docs/folder-format.md "Registration": ``registration:`` in tournament.yaml says up to
which round a new player may join (``open``, ``closed``, ``until round N``);
``tourney player add`` and ``tourney signup`` refuse an entry outside it (E251), and
an entry that could play no round at all, after the last round (E252). Each refusal
points at the line of the file that decides it, and nothing is written.
"""

from __future__ import annotations

from pathlib import Path

from yaml.nodes import Node

from tourney.errors import Diagnostic, RefusedAt
from tourney.load import nodes
from tourney.load.final import FINAL_FILE, is_finalized
from tourney.load.folder import display
from tourney.model import Tournament

SETTINGS_FILE = "tournament.yaml"
CORRECTION_HINT = (
    "a finalized tournament is never reopened; a result is corrected with "
    "`tourney result DIR ROUND BOARD RESULT --correct`, which is recorded (docs/finalize.md)"
)


def refuse_finalized(folder: Path, what: str, hint: str = CORRECTION_HINT) -> None:
    """E250 when ``folder`` is finalized: ``what`` (e.g. "withdrawing Jansen, Piet") is refused."""
    if is_finalized(folder):
        raise RefusedAt(
            Diagnostic(
                display(folder / FINAL_FILE),
                0,
                0,
                f"the tournament is finalized, so {what} is refused",
                hint,
                code="E250",
            )
        )


def _line_of(folder: Path, key: str) -> int:
    node: Node | None = nodes.get(nodes.read_root(folder / SETTINGS_FILE), key)
    return node.start_mark.line + 1 if node is not None else 0


def refuse_entry(folder: Path, t: Tournament, name: str, first: int) -> None:
    """E252 when round ``first`` is after the last round, E251 outside ``registration``."""
    planned = t.planned_rounds
    where = display(folder / SETTINGS_FILE)
    if planned and first > planned:
        raise RefusedAt(
            Diagnostic(
                where,
                _line_of(folder, "rounds"),
                0,
                f"{name} would join in round {first}, but the tournament has {planned} "
                "rounds: there is no round left to play",
                "a player can join a round that is not paired yet; to play on, raise "
                "'rounds' before the last round is paired",
                code="E252",
            )
        )
    until = t.settings.registration
    if until is None or first <= until:
        return
    line = _line_of(folder, "registration")
    if until == 0:
        message = f"registration is closed, so {name} cannot be added"
    else:
        message = (
            f"registration is open until round {until}, so {name} cannot join in round {first}"
        )
    raise RefusedAt(
        Diagnostic(
            where,
            line,
            0,
            message,
            "to take the entry, change 'registration:' (open, closed or 'until round N') "
            "in tournament.yaml first",
            code="E251",
        )
    )


def next_entry_round(t: Tournament) -> int:
    """The round a player added now would join first: the first round not paired yet."""
    return max((r.number for r in t.rounds), default=0) + 1


def takes_entries(folder: Path, t: Tournament) -> bool:
    """Whether ``tourney signup`` would take a new player now (for the sign-up form's
    list of open tournaments): not finalized, a round left, inside ``registration``."""
    try:
        refuse_finalized(folder, "a sign-up")
        refuse_entry(folder, t, "a new player", next_entry_round(t))
    except RefusedAt:
        return False
    return True


__all__ = ["next_entry_round", "refuse_entry", "refuse_finalized", "takes_entries"]
