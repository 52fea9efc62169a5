"""``tourney lineup DIR ROUND [MATCH] --team T P1 P2 ...``: change a team's line-up in a match.

MATCH may be left out: the team's match in that round is found.

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
from tourney.edit.names import find_team, find_team_player
from tourney.errors import InvalidInput, Refused
from tourney.fs.lock import folder_lock
from tourney.load.folder import load_tournament
from tourney.model import Tournament


def team_match(t: Tournament, round_no: int, team: str) -> int:
    """The number of the match ``team`` plays in round ``round_no``."""
    rnd = t.round(round_no)
    if rnd is None:
        raise Refused(f"round {round_no} is not paired")
    for number, match in enumerate(rnd.matches, start=1):
        if team in (match.white, match.black):
            return match.number or number
    if any(b.participant == team for b in rnd.byes):
        raise Refused(f"{team} has a bye in round {round_no}: no match to line up")
    known = ", ".join(sorted({m.white for m in rnd.matches} | {m.black for m in rnd.matches}))
    raise Refused(f"{team} plays no match in round {round_no} (teams there: {known})")


def split_match(
    t: Tournament, round_no: int, team: str, args: tuple[str, ...]
) -> tuple[int, tuple[str, ...]]:
    """MATCH and the players from ``[MATCH] PLAYER...``: a leading number that is no
    player's id is the match number; without one, the team's match in the round."""
    ids = {p.id for p in t.players}
    if len(args) > 1 and args[0].isascii() and args[0].isdigit() and args[0] not in ids:
        return int(args[0]), args[1:]
    return team_match(t, round_no, team), args


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
    with folder_lock(folder, "tourney lineup", on_busy=fail):
        try:
            t = load_tournament(folder)
            named = find_team(t, team)
            team = named.id
            match_no, typed = split_match(t, round_no, team, args)
            players = tuple(find_team_player(t, named, p) for p in typed)
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
