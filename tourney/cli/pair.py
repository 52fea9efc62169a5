"""``tourney pair [DIR] [--round N] [--explain]``: pair the next round (or a round robin's
rounds); ``--explain`` prints why: brackets, floaters, colour rules, the bye."""

from __future__ import annotations

from pathlib import Path

import click

from tourney.cli.common import fail, print_diagnostics
from tourney.club_state import with_current_club_ratings
from tourney.edit import check_can_write_round, freeze_numbers, write_round
from tourney.engine.pair import (
    ID_SYSTEMS,
    PairingError,
    missing_numbers,
    paired_round,
    with_numbers,
)
from tourney.errors import InvalidInput, Refused
from tourney.finalize import is_finalized
from tourney.load.folder import load_tournament
from tourney.lock import folder_lock
from tourney.model import Round, Tournament
from tourney.settings_lock import record_lock
from tourney.teams_edit import numbers_warnings


def _rounds_to_pair(t: Tournament, only: int | None) -> list[int]:
    planned = t.planned_rounds
    paired = len(t.rounds)
    if only is not None:
        if only < 1 or (planned and only > planned):
            raise Refused(f"round {only} does not exist: the tournament has {planned} rounds")
        if only > paired + 1:
            raise Refused(f"pair the rounds in order: round {paired + 1} is not paired yet")
        return [only]
    if t.settings.format.is_round_robin:
        todo = list(range(paired + 1, planned + 1))
        if not todo:
            raise Refused(f"all {planned} rounds are paired")
        return todo
    if planned and paired >= planned:
        raise Refused(f"all {planned} rounds are paired")
    return [paired + 1]


def _check_previous_complete(t: Tournament, number: int) -> None:
    """A Swiss pairs on results: every earlier board needs one (seed 003)."""
    if t.settings.format.is_round_robin:
        return
    for rnd in t.rounds:
        if rnd.number < number and not rnd.complete:
            missing = [
                str(g.board or i)
                for i, g in enumerate(rnd.all_games(), start=1)
                if g.result is None
            ]
            raise Refused(
                f"round {rnd.number} is not complete (no result on board "
                f"{', '.join(missing[:10])}{'...' if len(missing) > 10 else ''}); "
                f"enter its results before pairing round {number}"
            )


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
def command(folder: Path, only: int | None, replace: bool, explain: bool) -> None:
    """Pair the next round of FOLDER and write rounds/NN.yaml.

    A round robin pairs every round not yet paired at once. A round with
    results is never overwritten.
    """
    with folder_lock(folder, "tourney pair", on_busy=fail):
        _pair(folder, only, replace, explain)


def _pair(folder: Path, only: int | None, replace: bool, explain: bool) -> None:
    try:
        t = load_tournament(folder)
        if is_finalized(folder):
            raise Refused("the tournament is finalized; it is never re-paired")
        numbers = _rounds_to_pair(t, only)
        for number in numbers:
            check_can_write_round(t, folder, number, replace)
            _check_previous_complete(t, number)
        if not all(p.start for p in t.players):  # numbers to draw: from today's club ratings
            t = with_current_club_ratings(folder, t)
        frozen = missing_numbers(t)
        t = with_numbers(t, frozen)
        paired = [paired_round(t, number) for number in numbers]
    except InvalidInput as error:
        fail(error)
    except Refused as error:
        fail(error)
    except PairingError as error:
        fail(Refused(str(error)))
    print_diagnostics(numbers_warnings(folder, t))
    numbered = freeze_numbers(folder, t, frozen)
    if numbered:
        click.echo(f"wrote {numbered}: pairing numbers of {len(frozen)} participants (start:)")
    for result in paired:
        rnd = result.round
        stored = result.explanation if t.settings.format in ID_SYSTEMS else ()
        path = write_round(t, folder, rnd, stored)
        click.echo(f"wrote {path}: round {rnd.number}, {_summary(rnd)}")
        if explain:
            _explain(t, result.explanation)
    locked = record_lock(folder, t, [r.round.number for r in paired])
    if locked:
        click.echo(f"wrote {locked}: settings fixed by round 1")


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
