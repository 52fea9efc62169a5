"""``tourney verify FILE.trf``: re-pair every round of a TRF and list the rounds that differ.

Like the endorsed engines' checker (``-c``): round r is paired again from rounds
1..r-1 of the file (participants with a bye or an absence in round r are left out)
and compared with round r as written: the set of (white, black) pairs, and the
pairing-allocated bye. Board order is not compared. Every round is replayed from the
file's own history, so one differing round does not spoil the next.

Individual Swiss files are paired by the system their record 192 names (the Dutch
system, C.04.3, when it names none; the registry is ``engine/pairing/systems``), team
files by the team Swiss (C.04.6); ``--dutch``, ``--burstein``, ... or ``--team-swiss``
force one. A tournament folder is checked the same way, by its own format and
``pairing:``. Exit status 0 when
every round agrees, 1 when one differs (or the file has errors).
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.verify import check_round, read_source, system_name
from tourney.cli.common import fail
from tourney.cli.engine import system_options
from tourney.cli.exits import leave
from tourney.cli.progress import track
from tourney.errors import ExitStatus, InvalidInput


@click.command("verify")
@click.argument("trf", type=click.Path(exists=True, path_type=Path))
@system_options("Check as paired by the")
def command(trf: Path, system: str | None) -> None:
    """Re-pair every round of TRF (or of a tournament folder) from the rounds before it;
    list the rounds that differ."""
    try:
        t, code = read_source(trf, system)
    except InvalidInput as error:
        fail(error, "nothing was checked")
    what = system_name(t)
    rounds = [r for r in sorted(t.rounds, key=lambda r: r.number) if r.games or r.matches]
    checks = [check_round(t, r.number, code) for r in track(rounds, "re-pairing the rounds")]
    for check in checks:
        if check.agrees:
            click.echo(f"round {check.number}: same pairing")
        else:
            click.echo(f"round {check.number}: differs")
            for line in check.differences:
                click.echo(f"  {line}")
    bad = [c.number for c in checks if not c.agrees]
    click.echo(
        f"{trf}: {len(checks) - len(bad)} of {len(checks)} rounds paired as the {what} pairs them"
        + (f"; rounds that differ: {', '.join(map(str, bad))}" if bad else "")
    )
    if bad:
        leave(ExitStatus.FOUND)


if __name__ == "__main__":  # python -m tourney.cli.verify, before it is registered
    command()
