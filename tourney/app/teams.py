"""The team commands' use cases (``tourney teams ...``, docs/teams.md): the team numbers
(order by rating, draw, exchange, regenerate), withdrawing and reinstating a team, the
board statistics and the individual ranking.

A writer holds the folder lock (``Locked`` when it is busy), loads the folder, plans the
change with ``tourney.edit.teams`` and writes it; each returns what the command prints.
``InvalidInput`` and ``Refused`` mean nothing was written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tourney.edit.teams import (
    TEAMS_FILE,
    Removal,
    Renumbering,
    current_numbers,
    departure_note,
    draw_status,
    numbers_warnings,
    plan_draw,
    plan_exchange,
    plan_order_by_rating,
    plan_regenerate,
    plan_remove,
    reinstate_team,
    remove_team,
    write_numbers,
)
from tourney.engine.teams.board_stats import BoardTable, Line, board_prizes, board_statistics
from tourney.engine.teams.board_stats import individual_ranking as ranking_lines
from tourney.engine.teams.rating import team_ratings
from tourney.errors import Diagnostic, InvalidInput, Refused
from tourney.fs.lock import folder_lock
from tourney.load.folder import load_tournament
from tourney.model import Tournament


class NotValid(InvalidInput):
    """The folder has errors (the command says "the folder is not valid")."""


def load_team_event(folder: Path) -> Tournament:
    """The team event of ``folder``; ``NotValid`` for a folder with errors, ``Refused``
    for an individual event."""
    try:
        t = load_tournament(folder)
    except InvalidInput as error:
        raise NotValid(error.diagnostics) from error
    if not t.is_team:
        raise Refused(f"'{t.settings.name}' is not a team event")
    return t


def _teams_text(folder: Path) -> str:
    path = folder / TEAMS_FILE
    return path.read_text(encoding="utf-8") if path.is_file() else ""


@dataclass(frozen=True, slots=True)
class TeamList:
    """``tourney teams list``: (number or None, id, name, rating working) per team."""

    rows: tuple[tuple[int | None, str, str, str], ...]
    status: str
    warnings: tuple[Diagnostic, ...]


def list_teams(folder: Path) -> TeamList:
    t = load_team_event(folder)
    ratings = team_ratings(t)
    rows = tuple(
        (start, ident, t.team(ident).name, ratings[ident].describe())
        for start, ident in current_numbers(t)
    )
    return TeamList(rows, draw_status(_teams_text(folder), t), tuple(numbers_warnings(folder, t)))


@dataclass(frozen=True, slots=True)
class Renumbered:
    """What a renumbering did: ``written`` is None when nothing changed or when the plan
    waits for ``--yes`` (``confirmed`` False); ``listing`` the numbers before and after."""

    action: str
    listing: tuple[str, ...]
    changed: int
    confirmed: bool
    written: Path | None = None
    what: str = ""
    note: str = ""


PLANS: dict[str, Callable[..., Renumbering]] = {
    "order-by-rating": lambda folder, t: plan_order_by_rating(t),
    "draw": lambda folder, t, seed: plan_draw(t, seed, _teams_text(folder)),
    "exchange": lambda folder, t, first, second: plan_exchange(t, first, second),
    "regenerate": lambda folder, t: plan_regenerate(t),
}


def renumber(folder: Path, action: str, *args: object, yes: bool = True) -> Renumbered:
    """Plan the team numbers by ``action`` (a key of ``PLANS``, with its arguments) and
    write them, unless the plan needs a confirmation that ``yes`` does not give."""
    with folder_lock(folder, f"tourney teams {action}"):
        t = load_team_event(folder)
        plan = PLANS[action](folder, t, *args)
        listing = tuple(plan.listing(t))
        if plan.needs_confirmation and not yes:
            return Renumbered(plan.action, listing, len(plan.changed), confirmed=False)
        path = write_numbers(folder, t, plan)
    if path is None:
        return Renumbered(plan.action, listing, len(plan.changed), True)
    if plan.draw_seed is not None:
        what = f"team order drawn by lot, lot number {plan.draw_seed}"
    elif plan.changed:
        what = f"{plan.action}, {len(plan.changed)} team numbers changed"
    else:
        what = f"{plan.action}, the present numbers recorded"
    note = departure_note(t) or ""
    return Renumbered(plan.action, listing, len(plan.changed), True, path, what, note)


def individual_ranking(folder: Path, after: int | None, series: str | None) -> tuple[Line, ...]:
    return tuple(ranking_lines(load_team_event(folder), after, series))


def board_tables(folder: Path, after: int | None, prizes: bool) -> tuple[BoardTable, ...]:
    t = load_team_event(folder)
    return tuple(board_prizes(t, after) if prizes else board_statistics(t, after))


def remove(folder: Path, team: str, after: int | None) -> tuple[Removal, list[Path]]:
    """Delete ``team`` if it is in no round, else withdraw it after round ``after``."""
    with folder_lock(folder, "tourney teams remove"):
        t = load_team_event(folder)
        plan = plan_remove(t, team, after)
        return plan, list(remove_team(folder, t, plan))


def reinstate(folder: Path, team: str) -> Path:
    """Take withdrawn ``team`` back."""
    with folder_lock(folder, "tourney teams reinstate"):
        return reinstate_team(folder, load_team_event(folder), team)


__all__ = [
    "BoardTable",
    "Line",
    "NotValid",
    "Renumbered",
    "TeamList",
    "board_tables",
    "individual_ranking",
    "list_teams",
    "load_team_event",
    "reinstate",
    "remove",
    "renumber",
]
