"""``tourney lineup DIR ROUND [MATCH] --team T P1 P2 ...``: change a team's line-up in a match.

MATCH may be left out: the team's match in that round is found.

docs/teams.md "Line-ups": the match's Line-ups page, as a command. The players are
named board 1 first (``~`` leaves a board empty); the line-up keeps the team's
board order unless ``teams: board_order: chosen``; it can be changed only
before the first result of the match. Only the match's board lines of
rounds/NN.yaml change (``tourney.app.lineup``).
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.lineup import line_up
from tourney.cli.common import fail, print_diagnostics
from tourney.errors import InvalidInput, Refused


@click.command("lineup")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.argument("round_no", metavar="ROUND", type=click.IntRange(min=1))
@click.argument("args", metavar="[MATCH] PLAYER...", nargs=-1, required=True)
@click.option(
    "--team",
    "team",
    required=True,
    help="The team whose line-up this is: id, name, short name or number.",
)
def command(folder: Path, round_no: int, args: tuple[str, ...], team: str) -> None:
    """Seat TEAM's PLAYERs (board 1 first, ~ for an empty board) in MATCH of ROUND.

    A PLAYER is an id or a name (Last, First; First Last; a surname).

    Without MATCH, the match TEAM plays in ROUND. Refused once the match has a
    result, or when the line-up breaks the line-up rules (teams: lineups and
    board_order in tournament.yaml).
    """
    try:
        done = line_up(folder, round_no, team, args)
    except (InvalidInput, Refused) as error:
        fail(error)
    print_diagnostics(done.warnings)
    team, match_no, change = done.team, done.match, done.change
    if not change.changed:
        click.echo(
            f"{change.path}: round {round_no}, match {match_no}, {team} already plays "
            f"{done.new}; nothing was written"
        )
        return
    click.echo(f"wrote {change.path}: round {round_no}, match {match_no}, line-up of {team}")
    click.echo(f"- {done.old}")
    click.echo(f"+ {done.new}")
