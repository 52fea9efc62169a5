"""``tourney pair [DIR] [--round N] [--explain]``: pair the next round (or a round robin's
rounds); ``--explain`` prints why: brackets, floaters, colour rules, the bye."""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.pair import pair_folder
from tourney.app.pairing_table import pairing_table
from tourney.cli.common import fail, print_diagnostics, writing
from tourney.errors import TourneyError
from tourney.model import Round, Tournament


def _summary(rnd: Round) -> str:
    count = len(rnd.matches) or len(rnd.games)
    what = "matches" if rnd.matches else "boards"
    byes = ", ".join(f"{b.participant} ({b.kind.value})" for b in rnd.byes)
    return f"{count} {what}" + (f", bye: {byes}" if byes else "")


@click.command("pair")
@click.argument(
    "folder", required=False, default=".", type=click.Path(file_okay=False, path_type=Path)
)
@click.option("--round", "only", type=int, help="Pair this round only.")
@click.option(
    "--replace", is_flag=True, help="Pair again a round that is paired but has no results."
)
@click.option(
    "--explain", is_flag=True, help="Print why: brackets, floaters, colour rules, the bye."
)
@click.option("--quiet", "-q", is_flag=True, help="Do not print the pairing table.")
def command(folder: Path, only: int | None, replace: bool, explain: bool, quiet: bool) -> None:
    """Pair the next round of FOLDER and write rounds/NN.yaml.

    A round robin pairs every round not yet paired at once. A round with
    results is never overwritten.
    """
    with writing(folder, "tourney pair"):  # reported once the files are kept
        _pair(folder, only, replace, explain, quiet)


def _pair(folder: Path, only: int | None, replace: bool, explain: bool, quiet: bool) -> None:
    from tourney.cli.progress import Steps  # a bar on a terminal only

    try:
        with Steps("pairing", shown=not quiet) as bar:
            done = pair_folder(folder, only, replace, progress=bar)
    except TourneyError as error:
        fail(error)
    print_diagnostics(done.warnings)
    if done.numbers_path:
        click.echo(
            f"wrote {done.numbers_path}: pairing numbers of {done.numbered} participants (start:)"
        )
    for written in done.rounds:
        rnd = written.round
        click.echo(f"wrote {written.path}: round {rnd.number}, {_summary(rnd)}")
        if not quiet:
            for line in pairing_table(done.tournament, rnd):
                click.echo(line)
        for notice in written.notices:
            click.echo(f"note: {notice}")
        if explain:
            _explain(done.tournament, written.explanation)
    if done.lock_path:
        click.echo(f"wrote {done.lock_path}: settings fixed by round 1")


def _explain(t: Tournament, lines: tuple[str, ...]) -> None:
    """The pairing's reasons, then which participant each pairing number is."""
    for line in lines:
        click.echo("  " + line)
    if not t.settings.format.is_swiss:
        return
    entries = t.teams if t.is_team else t.players
    numbered = sorted((e.start, e.id) for e in entries if e.start is not None)
    what = "team numbers" if t.is_team else "pairing numbers"
    click.echo(f"  {what}: " + ", ".join(f"{start}={ident}" for start, ident in numbered))
