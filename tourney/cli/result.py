"""``tourney result DIR ROUND BOARD RESULT``: enter one result, a one-line change (docs/results.md).

``--expect OLD`` refuses when the stored result is not the one you saw
(someone else changed it in the meantime) and shows both. A finalized
tournament takes only corrections (``--correct``): each is recorded in
corrections.yaml, the final standings are stored again and, in a club, the
club ratings are calculated again from that tournament on.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import click

from tourney.app.result import (
    NO_RESULT,
    Change,
    NotRecorded,
    enter_result,
    parse_entered,
    text_problem,
)
from tourney.cli.common import fail, print_diagnostics, writing
from tourney.errors import InvalidInput, Refused


class ResultArguments(click.Command):
    """``tourney result DIR 3 2 -/+``: a result that starts with '-' (``-/+``, ``-/-``,
    ``-+``, ``--``, ``-``) is the RESULT argument, not an unknown option."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, results_as_arguments(self, args))


def results_as_arguments(command: click.Command, args: list[str]) -> list[str]:
    """``args`` with each result token that click would read as an option moved after a
    ``--`` at the end (RESULT is the last argument, so the order of arguments is kept).

    >>> results_as_arguments(command, ["d", "3", "2", "-/+", "--expect", "-/-"])
    ['d', '3', '2', '--expect', '-/-', '--', '-/+']
    >>> results_as_arguments(command, ["d", "3", "2", "--"])
    ['d', '3', '2', '--', '--']
    """
    if "--" in args[:-1]:
        return args  # the user ended the options already
    valued = {
        name
        for p in command.params
        if isinstance(p, click.Option) and not p.is_flag
        for name in p.opts
    }
    kept: list[str] = []
    moved: list[str] = []
    for index, arg in enumerate(args):
        after_option = index > 0 and args[index - 1] in valued
        if arg.startswith("-") and not after_option and _is_result(arg):
            moved.append(arg)
        else:
            kept.append(arg)
    return [*kept, "--", *moved] if moved else kept


def _is_result(token: str) -> bool:
    if token.strip().lower() in NO_RESULT:
        return True
    try:
        return parse_entered(token) is not None
    except InvalidInput:
        return False


def _show(change: Change) -> None:
    where = f"{change.path}:{change.line}" if change.line else str(change.path)
    if not change.changed:
        click.echo(
            f"{where}: round {change.round}, {change.where} is already {change.new or 'empty'}"
        )
        return
    old, new = change.old or "no result", change.new or "no result"
    if change.what == "decision":
        old, new = change.old or "no decision", change.new or "no decision"
    click.echo(f"{where}: round {change.round}, {change.where}: {old} -> {new}")
    click.echo(f"- {change.before}")
    click.echo(f"+ {change.after}")


@click.command("result", cls=ResultArguments)
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.argument("round_no", metavar="ROUND", type=click.IntRange(min=1))
@click.argument("board", metavar="BOARD")
@click.argument("result", metavar="RESULT", required=False)
@click.option("--expect", metavar="OLD", help="The result you saw; refuse if another is stored.")
@click.option(
    "--match-decision",
    "decision",
    metavar="white|black|neither|none",
    help="Team events: BOARD is a match number; forfeit the match as a whole.",
)
@click.option(
    "--game",
    "game_no",
    type=click.IntRange(1, 2),
    help="Double-Swiss: RESULT is that game's alone (1 or 2) of the two-game match.",
)
@click.option("--correct", is_flag=True, help="A correction of a finalized tournament.")
@click.option("--reason", default="", help="Why the result is corrected (recorded).")
@click.option(
    "--date",
    "when",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="Date of the correction (default: today).",
)
def command(
    folder: Path,
    round_no: int,
    board: str,
    result: str | None,
    expect: str | None,
    decision: str | None,
    game_no: int | None,
    correct: bool,
    reason: str,
    when: dt.datetime | None,
) -> None:
    """Set the RESULT of BOARD in round ROUND (BOARD is MATCH.BOARD in a team event).

    RESULT is 1-0 (or 1:0), ½-½ (or =, ½, 1/2), 0-1 (or 0:1), +/-, -/+, -/-, 0-0,
    or none to clear it. In a Double-Swiss a board is a two-game match: RESULT is
    game 1's result and game 2's, each its White first ("1-0 ½-½"), or one game's
    with --game 1|2.
    """
    if (result is None) == (decision is None):
        raise click.UsageError("give a RESULT, or --match-decision MATCH's decision (not both)")
    if text_problem(reason):  # refused before anything is written (docs/security.md)
        raise click.BadParameter(f"the reason {text_problem(reason)}", param_hint="--reason")
    with writing(folder, "tourney result"):  # reported once the files are kept
        try:
            done = enter_result(
                folder,
                round_no,
                board,
                result,
                expect,
                decision,
                game_no,
                correct,
                reason,
                when.date() if when else None,
                show=_show,
            )
        except NotRecorded as error:
            fail(error.error, "nothing was changed (the round file was put back)")
        except (InvalidInput, Refused) as error:
            fail(error)
        if done.log is not None:
            click.echo(f"recorded in {done.log}; final standings stored again in {done.final}")
        print_diagnostics(done.warnings)
        for line in done.ratings:
            click.echo(line)
