"""``tourney teams ...``: team numbers, team ratings, removing teams, board statistics, ranking.

docs/teams.md, setting up step 5 and "Correcting the order of the teams": the
actions on the team order are subcommands that rewrite teams.yaml (the use cases are
``tourney.app.teams``) and say what they changed; where docs/teams.md asks for a
confirmation the command lists the changes and writes only with ``--yes``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

from tourney import number_text
from tourney.app import teams
from tourney.app.teams import BoardTable, Line, NotValid
from tourney.cli.common import fail, print_diagnostics
from tourney.errors import Refused, TourneyError

_FOLDER = click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
_YES = click.option("--yes", is_flag=True, help="Write the listed changes without asking again.")

T = TypeVar("T")


def _run(work: Callable[[], T]) -> T:
    """``work()``, its error printed as every command prints it."""
    try:
        return work()
    except NotValid as error:
        fail(error, "the folder is not valid")
    except TourneyError as error:
        fail(error)


def _renumber(folder: Path, action: str, *args: object, yes: bool = True) -> None:
    """List the plan, and say what was written (or that it waits for --yes)."""
    done = _run(lambda: teams.renumber(folder, action, *args, yes=yes))
    if not done.confirmed:
        click.echo(f"{done.action} would change {done.changed} team numbers:")
        for line in done.listing:
            click.echo(line)
        fail(Refused("nothing was written; run the command again with --yes to apply it"))
    if done.written is None:
        click.echo(f"{done.action}: the team numbers already are these; nothing was written")
        return
    click.echo(f"wrote {done.written}: {done.what} (start:)")
    for line in done.listing:
        click.echo(line)
    if done.note:
        click.echo(done.note)


@click.group("teams")
def command() -> None:
    """Team numbers and ratings, board statistics and the individual ranking."""


@command.command("list")
@_FOLDER
def list_teams(folder: Path) -> None:
    """The teams of FOLDER by number, with their team ratings and how they were worked out."""
    found = _run(lambda: teams.list_teams(folder))
    for start, ident, name, working in found.rows:
        number = "-" if start is None else str(start)
        click.echo(f"{number:>3}  {ident:<8} {name:<30} {working}")
    if found.status:
        click.echo(found.status)
    print_diagnostics(found.warnings)


@command.command("order-by-rating")
@_FOLDER
def order_by_rating(folder: Path) -> None:
    """Number the teams by team rating (until round 1 is paired)."""
    _renumber(folder, "order-by-rating")


@command.command("draw")
@_FOLDER
@click.option(
    "--lot",
    type=int,
    help="The lot number: the same teams and number always draw the same order; "
    "recorded in teams.yaml.  [required]",
)
@click.option("--seed", "old_lot", type=int, hidden=True)  # its name before --lot
@_YES
def draw(folder: Path, lot: int | None, old_lot: int | None, yes: bool) -> None:
    """Draw the team order by lot (rating method 'typed' only; until round 1 is paired).

    An order already set (start: values, or an earlier draw) is replaced only
    with --yes, after the listing.
    """
    if lot is not None and old_lot is not None and lot != old_lot:
        raise click.UsageError("give the lot number once (--lot N)")
    number = lot if lot is not None else old_lot
    if number is None:
        raise click.UsageError("Missing option '--lot'.")
    _renumber(folder, "draw", number, yes=yes)


@command.command("exchange")
@_FOLDER
@click.argument("first")
@click.argument("second")
def exchange(folder: Path, first: str, second: str) -> None:
    """Swap the numbers of teams FIRST and SECOND, which must have the same team rating."""
    _renumber(folder, "exchange", first, second)


@command.command("regenerate")
@_FOLDER
@_YES
def regenerate(folder: Path, yes: bool) -> None:
    """Renumber every team by team rating, equal ratings keeping their order.

    Lists the changes first; two or more changed numbers are written only with --yes.
    """
    _renumber(folder, "regenerate", yes=yes)


def _percent(line: Line) -> str:
    return "" if line.percentage is None else number_text.decimal(line.percentage, 1)


def _row(line: Line) -> str:
    rating = "" if line.rating is None else str(line.rating)
    performance = "" if line.performance is None else str(line.performance)
    return (
        f"{line.rank:>4}  {line.name:<28} {rating:>5}  {line.team:<8} {line.series:<10} "
        f"{line.games:>3} {number_text.points(line.points):>5} {_percent(line):>6} {performance:>5}"
    )


_HEADER = f"{'rank':>4}  {'name':<28} {'rtg':>5}  {'team':<8} {'series':<10} {'gms':>3} {'pts':>5} {'%':>6} {'perf':>5}"


@command.command("ranking")
@_FOLDER
@click.option("--series", help="Only the players of teams of this series.")
@click.option("--after", type=int, help="As after this round.")
def ranking(folder: Path, series: str | None, after: int | None) -> None:
    """The individual ranking of FOLDER: every player who played a game (docs/teams.md)."""
    lines = _run(lambda: teams.individual_ranking(folder, after, series))
    click.echo(_HEADER)
    for line in lines:
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
    _tables(_run(lambda: teams.board_tables(folder, after, prizes)))


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
    plan, paths = _run(lambda: teams.remove(folder, team, after))
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
    path = _run(lambda: teams.reinstate(folder, team))
    click.echo(f"wrote {path}: team {team} reinstated (no longer withdrawn)")
