"""``tourney teams ...``: team numbers, team ratings, removing teams, board statistics, ranking.

docs/teams.md, setting up step 5 and "Correcting the order of the teams": the
actions on the team order are subcommands that rewrite teams.yaml (see
``tourney.edit.teams``) and say what they changed; where the seed asks for a
confirmation the command lists the changes and writes only with ``--yes``.
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.cli.common import fail, print_diagnostics
from tourney.edit.teams import (
    TEAMS_FILE,
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
from tourney.errors import InvalidInput, Refused, TourneyError
from tourney.fs.lock import folder_lock
from tourney.load.folder import load_tournament
from tourney.model import Tournament
from tourney.render.text import decimal, points

_FOLDER = click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
_YES = click.option("--yes", is_flag=True, help="Write the listed changes without asking again.")


def _load(folder: Path) -> Tournament:
    try:
        t = load_tournament(folder)
    except InvalidInput as error:
        fail(error, "the folder is not valid")
    if not t.is_team:
        fail(Refused(f"'{t.settings.name}' is not a team event"))
    return t


def _teams_text(folder: Path) -> str:
    path = folder / TEAMS_FILE
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def _apply(folder: Path, t: Tournament, plan: Renumbering, yes: bool) -> None:
    """List the plan, and write it unless it needs a confirmation that was not given."""
    listing = plan.listing(t)
    if plan.needs_confirmation and not yes:
        click.echo(f"{plan.action} would change {len(plan.changed)} team numbers:")
        for line in listing:
            click.echo(line)
        fail(Refused("nothing was written; run the command again with --yes to apply it"))
    try:
        path = write_numbers(folder, t, plan)
    except TourneyError as error:
        fail(error)
    if path is None:
        click.echo(f"{plan.action}: the team numbers already are these; nothing was written")
        return
    if plan.draw_seed is not None:
        what = f"team order drawn by lot with seed {plan.draw_seed}"
    elif plan.changed:
        what = f"{plan.action}, {len(plan.changed)} team numbers changed"
    else:
        what = f"{plan.action}, the present numbers recorded"
    click.echo(f"wrote {path}: {what} (start:)")
    for line in listing:
        click.echo(line)
    note = departure_note(t)
    if note:
        click.echo(note)


@click.group("teams")
def command() -> None:
    """Team numbers and ratings, board statistics and the individual ranking."""


@command.command("list")
@_FOLDER
def list_teams(folder: Path) -> None:
    """The teams of FOLDER by number, with their team ratings and how they were worked out."""
    t = _load(folder)
    ratings = team_ratings(t)
    for start, ident in current_numbers(t):
        number = "-" if start is None else str(start)
        team = t.team(ident)
        click.echo(f"{number:>3}  {ident:<8} {team.name:<30} {ratings[ident].describe()}")
    status = draw_status(_teams_text(folder), t)
    if status:
        click.echo(status)
    print_diagnostics(numbers_warnings(folder, t))


@command.command("order-by-rating")
@_FOLDER
def order_by_rating(folder: Path) -> None:
    """Number the teams by team rating (until round 1 is paired)."""
    with folder_lock(folder, "tourney teams order-by-rating", on_busy=fail):
        t = _load(folder)
        try:
            plan = plan_order_by_rating(t)
        except Refused as error:
            fail(error)
        _apply(folder, t, plan, yes=True)


@command.command("draw")
@_FOLDER
@click.option(
    "--seed", type=int, required=True, help="The seed of the draw, recorded in teams.yaml."
)
@_YES
def draw(folder: Path, seed: int, yes: bool) -> None:
    """Draw the team order by lot (rating method 'typed' only; until round 1 is paired).

    An order already set (start: values, or an earlier draw) is replaced only
    with --yes, after the listing.
    """
    with folder_lock(folder, "tourney teams draw", on_busy=fail):
        t = _load(folder)
        try:
            plan = plan_draw(t, seed, _teams_text(folder))
        except Refused as error:
            fail(error)
        _apply(folder, t, plan, yes)


@command.command("exchange")
@_FOLDER
@click.argument("first")
@click.argument("second")
def exchange(folder: Path, first: str, second: str) -> None:
    """Swap the numbers of teams FIRST and SECOND, which must have the same team rating."""
    with folder_lock(folder, "tourney teams exchange", on_busy=fail):
        t = _load(folder)
        try:
            plan = plan_exchange(t, first, second)
        except Refused as error:
            fail(error)
        _apply(folder, t, plan, yes=True)


@command.command("regenerate")
@_FOLDER
@_YES
def regenerate(folder: Path, yes: bool) -> None:
    """Renumber every team by team rating, equal ratings keeping their order.

    Lists the changes first; two or more changed numbers are written only with --yes.
    """
    with folder_lock(folder, "tourney teams regenerate", on_busy=fail):
        t = _load(folder)
        try:
            plan = plan_regenerate(t)
        except Refused as error:
            fail(error)
        _apply(folder, t, plan, yes)


def _row(line: Line) -> str:
    rating = "" if line.rating is None else str(line.rating)
    performance = "" if line.performance is None else str(line.performance)
    return (
        f"{line.rank:>4}  {line.name:<28} {rating:>5}  {line.team:<8} {line.series:<10} "
        f"{line.games:>3} {points(line.points):>5} {decimal(line.percentage, 1):>6} {performance:>5}"
    )


_HEADER = f"{'rank':>4}  {'name':<28} {'rtg':>5}  {'team':<8} {'series':<10} {'gms':>3} {'pts':>5} {'%':>6} {'perf':>5}"


@command.command("ranking")
@_FOLDER
@click.option("--series", help="Only the players of teams of this series.")
@click.option("--after", type=int, help="As after this round.")
def ranking(folder: Path, series: str | None, after: int | None) -> None:
    """The individual ranking of FOLDER: every player who played a game (docs/teams.md)."""
    t = _load(folder)
    click.echo(_HEADER)
    for line in ranking_lines(t, after, series):
        click.echo(_row(line))


def _tables(tables: tuple[BoardTable, ...]) -> None:
    for table in tables:
        click.echo(f"board {table.board}")
        click.echo(_HEADER)
        for line in table.lines:
            click.echo(_row(line))


@command.command("boards")
@_FOLDER
@click.option("--after", type=int, help="As after this round.")
@click.option(
    "--prizes",
    is_flag=True,
    help="Board prizes (US Chess 31B1): each player on the lowest board played, all points.",
)
def boards(folder: Path, after: int | None, prizes: bool) -> None:
    """Board statistics of FOLDER: per board, who sat there, games, points, %, performance."""
    t = _load(folder)
    _tables(board_prizes(t, after) if prizes else board_statistics(t, after))


@command.command("remove")
@_FOLDER
@click.argument("team")
@click.option(
    "--after",
    type=int,
    help="Withdraw the team after this round (default: the last round with a result).",
)
def remove(folder: Path, team: str, after: int | None) -> None:
    """Delete TEAM if it is in no round; otherwise withdraw it (docs/teams.md, setting up step 2).

    A withdrawn team keeps its rounds, is not paired again, and its later matches
    without results count as forfeited to the opponent.
    """
    with folder_lock(folder, "tourney teams remove", on_busy=fail):
        t = _load(folder)
        try:
            plan = plan_remove(t, team, after)
            paths = remove_team(folder, t, plan)
        except (InvalidInput, Refused) as error:
            fail(error)
    if plan.delete:
        click.echo(f"wrote {', '.join(map(str, paths))}: team {team} deleted (it was in no round)")
        return
    played = ", ".join(map(str, plan.rounds))
    click.echo(
        f"wrote {paths[0]}: team {team} withdrawn after round {plan.after} "
        f"(it is in round(s) {played}, so it is not deleted)"
    )
    for number, opponent, decision in plan.forfeited:
        what = "a double forfeit" if decision == "neither" else f"forfeited to {opponent}"
        click.echo(f"  round {number}: the match against {opponent} is now {what}")


@command.command("reinstate")
@_FOLDER
@click.argument("team")
def reinstate(folder: Path, team: str) -> None:
    """Take withdrawn TEAM back: its withdrawn_after goes from teams.yaml."""
    with folder_lock(folder, "tourney teams reinstate", on_busy=fail):
        t = _load(folder)
        try:
            path = reinstate_team(folder, t, team)
        except (InvalidInput, Refused) as error:
            fail(error)
    click.echo(f"wrote {path}: team {team} reinstated (no longer withdrawn)")
