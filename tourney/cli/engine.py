"""``tourney pairing-engine (--dutch | --burstein | ... | --team-swiss) IN.trf -p OUT.txt``.

FIDE-endorsed engines (JaVaFo, bbpPairings) share a command line that pairing checkers
and other managers call: read a TRF with the rounds played so far, pair the next round,
write the pairs. We follow it:

* input: TRF16 (with JaVaFo's ``XXR`` rounds, ``XXC`` options ``white1``/``black1``,
  ``XXS`` points, ``XXP`` forbidden pairs) or TRF-2026 (142 rounds, 152 initial colour,
  162 points, 240 byes, 260 prohibited pairings; team records for ``--team-swiss``;
  ``XXO team-forbidden`` / ``XXO team-soft-pairs`` for teams, ``XXO soft-pairs`` for
  players' wishes). Record 192 with ``_BAKU`` turns on Baku acceleration (C.04.5.1).
  All of it is read by :mod:`tourney.load.trf` (forbidden pairings and acceleration in
  :mod:`tourney.load.trf_forbidden`); this module only picks the round and the system.
* the round paired is the first round in which nobody has an opponent; a player (or a
  team) with an entry in that round (``0000 - H``, ``0000 - Z``, ``240``) is not paired.
* output: the number of lines that follow, then ``white black`` per pair (pairing
  numbers; team pairing numbers for teams), the pairing-allocated bye as ``N 0``.
* no pairing: a message on stderr, nothing written, exit status 3.

The work is ``tourney.app.engine_input``'s, shared with ``tourney verify``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from tourney.app.engine_input import (
    SYSTEM_FORMATS,
    SYSTEM_LABELS,
    before_round,
    pair_next_round,
    read_engine_input,
    write_pairing,
)
from tourney.cli.common import fail, print_diagnostics
from tourney.errors import TourneyError

__all__ = ["before_round", "command", "read_engine_input", "system_options"]


def system_options(verb: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """One ``--NAME`` flag per system (``--dutch``, ``--burstein``, ..., ``--team-swiss``),
    all setting the parameter ``system``; ``verb`` starts each help text."""

    def decorate(function: Callable[..., None]) -> Callable[..., None]:
        flags = [(name, f"FIDE {label}") for name, label in SYSTEM_LABELS.items()]
        flags.append(("team-swiss", "FIDE team Swiss (C.04.6)"))
        for name, what in reversed(flags):
            function = click.option(f"--{name}", "system", flag_value=name, help=f"{verb} {what}.")(
                function
            )
        return function

    return decorate


@click.command("pairing-engine")
@system_options("Pair by the")
@click.argument("trf", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "-p",
    "output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the pairing here (default: standard output).",
)
@click.option("--explain", is_flag=True, help="Also print why, on standard error.")
def command(system: str | None, trf: Path, output: Path | None, explain: bool) -> None:
    """Pair the next round of TRF the way FIDE-endorsed engines do (JaVaFo, bbpPairings).

    The round paired is the first one without games; the output is the number of
    lines, then "white black" per pair and the bye as "N 0".
    """
    if system is None:
        names = ", ".join(f"--{name}" for name in SYSTEM_FORMATS)
        raise click.UsageError(f"name the system: one of {names}")
    try:
        done = pair_next_round(trf, system)
    except TourneyError as error:  # a file with errors; no pairing exists (exit 3)
        fail(error)
    print_diagnostics(done.warnings)
    if output is None:
        click.echo(done.text, nl=False)
    else:
        write_pairing(output, done.text)
    if explain:
        for line in done.pairing.explanation:
            click.echo(line, err=True)


if __name__ == "__main__":  # python -m tourney.cli.engine, before it is registered
    command()
