"""``tourney results DIR ROUND [FILE]``: a whole round of results at once (docs/results.md).

From FILE, from stdin (``-``, or piped), or, at a terminal, by a prompt that
walks the boards still without a result. All or nothing, under the folder
lock, with the same rules as ``tourney result`` (a finalized tournament takes
only corrections, each recorded).
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import click

from tourney.app.results import (
    Entry,
    enter_results,
    parse_entered,
    prompt_boards,
    read_entries,
    record_corrections,
    two_games,
)
from tourney.cli.common import fail, writing
from tourney.errors import Diagnostic, InvalidInput, Refused, TourneyError


def _ask(label: str) -> str | None:
    """One answer at the prompt; None at the end of the input (Ctrl-D)."""
    click.echo(f"{label}: ", nl=False)
    line = sys.stdin.readline()  # "" only at the end of the input: input() would raise
    if not line:
        click.echo()
        return None
    return line.strip()


def _keep_typed(entries: list[Entry]) -> list[Entry]:
    """Ctrl-D: the results typed so far are saved when the user confirms it (Enter)."""
    if not entries:
        return entries
    count = f"{len(entries)} result{'s' if len(entries) != 1 else ''}"
    answer = _ask(f"save the {count} you typed? [Y/n]")
    if answer is not None and answer.lower() in ("", "y", "yes"):
        return entries
    return []


def _prompt(folder: Path, round_no: int, every: bool) -> list[Entry]:
    """Walk the boards (those without a result, or ``every`` one) and ask for each result."""
    try:
        todo = prompt_boards(folder, round_no, every)
    except (InvalidInput, Refused) as error:
        fail(error)
    if not todo:
        click.echo(f"round {round_no}: every board has a result (--all walks them all)")
        return []
    click.echo(
        f"round {round_no}: {len(todo)} board(s). Type the result, White first "
        "(1-0, =, 0-1, +-, -+, --; also 1:0, ½, 1/2); Enter skips a board, "
        "q (or Ctrl-D) saves what you typed."
    )
    entries: list[Entry] = []
    for number, board in enumerate(todo, start=1):
        while True:
            typed = _ask(board.label)
            if typed is None:
                return _keep_typed(entries)
            if typed.lower() in ("q", "quit"):
                return entries
            if not typed:
                break
            words = typed.split()
            games = two_games(*words) if board.double and len(words) == 2 else None
            if games is not None:
                entries.append(Entry(number, board.ref, games[0], two=True, second=games[1]))
                break
            try:
                entries.append(Entry(number, board.ref, parse_entered(typed)))
                break
            except InvalidInput as error:
                bad = error.diagnostics[0]
                click.echo(f"  {bad.message}; {bad.hint}", err=True)
    return entries


@click.command("results")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.argument("round_no", metavar="ROUND", type=click.IntRange(min=1))
@click.argument("source", metavar="[FILE]", required=False)
@click.option("--overwrite", is_flag=True, help="Replace results already stored.")
@click.option("--prompt", "ask", is_flag=True, help="Ask board by board (default at a terminal).")
@click.option("--all", "every", is_flag=True, help="With the prompt: walk boards with results too.")
@click.option("--correct", is_flag=True, help="Corrections of a finalized tournament.")
@click.option("--reason", default="", help="Why the results are corrected (recorded).")
@click.option(
    "--date",
    "when",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="Date of the corrections (default: today).",
)
def command(
    folder: Path,
    round_no: int,
    source: str | None,
    overwrite: bool,
    ask: bool,
    every: bool,
    correct: bool,
    reason: str,
    when: dt.datetime | None,
) -> None:
    """Enter the results of round ROUND: one board a line, ``BOARD RESULT``.

    BOARD is the board number (MATCH.BOARD in a team event), a player's id or
    name; RESULT is White's, as for ``tourney result``. FILE '-' (or a pipe)
    reads stdin; at a terminal without FILE, a prompt walks the boards.
    """
    interactive = ask or (source is None and sys.stdin.isatty())
    problems: list[Diagnostic] = []
    if interactive:
        entries = _prompt(folder, round_no, every)
        name = "<prompt>"
    else:
        name = "<stdin>" if source in (None, "-") else str(source)
        try:
            text = (
                sys.stdin.read()
                if source in (None, "-")
                else Path(source or "").read_text(encoding="utf-8")
            )
        except (OSError, UnicodeDecodeError) as error:
            raise click.FileError(str(source), str(error)) from None
        entries, problems = read_entries(text, name)
    if not entries and not problems:
        click.echo("no result given; nothing was written")
        return
    with writing(folder, "tourney results"):  # reported once the files are kept
        try:
            done = enter_results(folder, round_no, entries, name, overwrite, correct, problems)
        except (InvalidInput, Refused) as error:
            fail(error)
        batch = done.batch
        for change in batch.changes:
            old, new = change.old or "no result", change.new or "no result"
            click.echo(f"  board {change.where.split()[-1]}: {old} -> {new}")
        count = len(batch.changes)
        click.echo(f"{batch.path}: round {round_no}, {count} result(s) entered", nl=False)
        if batch.unchanged:
            click.echo(f", {len(batch.unchanged)} already so", nl=False)
        if batch.open_boards:
            click.echo(f"; still without a result: boards {', '.join(batch.open_boards)}")
        else:
            click.echo(f"; round {round_no} is complete")
        if not (done.finalized and batch.changes):
            return
        day = when.date() if when else dt.date.today()
        try:
            log, final = record_corrections(folder, batch.changes, day, reason)
        except TourneyError as error:
            fail(error, "the round file was changed, but the corrections were not recorded")
        click.echo(f"recorded in {log}; final standings stored again in {final}")
