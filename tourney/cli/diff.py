"""``tourney diff [REV1 [REV2]] [DIR]``: what a change does, for pull-request review.

Text for the terminal, Markdown for a pull-request comment, JSON for tools.
The versions are chosen as in ``git diff`` (see ``tourney.review.gitdiff``);
``tourney diff origin/main...HEAD`` is what a pull request adds.
"""

from __future__ import annotations

from pathlib import Path

import click

from tourney.app.diff import RENDERERS, compare
from tourney.app.diff import md as md  # the Markdown escaping, for the tests
from tourney.cli.exits import fail
from tourney.errors import TourneyError


def split_arguments(args: tuple[str, ...]) -> tuple[list[str], Path]:
    """``[REV1 [REV2]] [DIR]``: the last argument is DIR when it is an existing folder."""
    if args and Path(args[-1]).is_dir():
        return list(args[:-1]), Path(args[-1])
    return list(args), Path(".")


@click.command("diff")
@click.argument("args", nargs=-1, metavar="[REV1 [REV2]] [DIR]")
@click.option(
    "--format",
    "output",
    type=click.Choice(sorted(RENDERERS)),
    default="text",
    show_default=True,
    help="markdown suits a pull-request comment.",
)
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=20,
    show_default=True,
    help="Lines shown per standings, series and club rating list (0: all; json shows all).",
)
def command(args: tuple[str, ...], output: str, limit: int) -> None:
    """What a change does: results, pairings, standings, series, club ratings, paired rounds.

    Compares DIR (a tournament, a club, or a folder of them; default: here)
    between two git revisions: HEAD and the working tree by default; REV1 and
    the working tree; REV1 and REV2; 'A...B' compares B with where it left A
    (a pull request). Nothing in the repository is changed.
    """
    revs, folder = split_arguments(args)
    try:
        diff = compare(folder, revs, warn=lambda d: click.echo(d.format(), err=True))
    except TourneyError as error:  # bad input, git missing or a revision unknown
        fail(error, "nothing was compared")
    click.echo(RENDERERS[output](diff, limit), nl=False)
