"""``tourney lineup DIR ROUND MATCH --team T P1 P2 ...``: change a team's line-up in a match.

docs/teams.md "Line-ups": the match's Line-ups page, as a command. The players are
named board 1 first (``~`` leaves a board empty); the line-up keeps the team's
board order unless ``teams: board_order: chosen``; it can be changed only
before the first result of the match. Only the match's board lines of
rounds/NN.yaml change (see ``tourney.edit.lineups``).
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.cli.common import fail, print_diagnostics
from tourney.edit.lineups import describe, set_lineup, warning_diagnostics
from tourney.errors import InvalidInput, Refused
from tourney.fs.lock import folder_lock


@click.command("lineup")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.argument("round_no", metavar="ROUND", type=click.IntRange(min=1))
@click.argument("match_no", metavar="MATCH", type=click.IntRange(min=1))
@click.argument("players", metavar="PLAYER...", nargs=-1, required=True)
@click.option("--team", "team", required=True, help="The team whose line-up this is.")
def command(
    folder: Path, round_no: int, match_no: int, players: tuple[str, ...], team: str
) -> None:
    """Seat TEAM's PLAYERs (board 1 first, ~ for an empty board) in MATCH of ROUND.

    Refused once the match has a result, or when the line-up breaks the line-up
    rules (teams: lineups and board_order in tournament.yaml).
    """
    with folder_lock(folder, "tourney lineup", on_busy=fail):
        try:
            change = set_lineup(folder, round_no, match_no, team, players)
        except (InvalidInput, Refused) as error:
            fail(error)
    print_diagnostics(warning_diagnostics(change))
    if not change.changed:
        click.echo(
            f"{change.path}: round {round_no}, match {match_no}, {team} already plays "
            f"{describe(change.new)}; nothing was written"
        )
        return
    click.echo(f"wrote {change.path}: round {round_no}, match {match_no}, line-up of {team}")
    click.echo(f"- {describe(change.old)}")
    click.echo(f"+ {describe(change.new)}")
