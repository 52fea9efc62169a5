"""``tourney standings [DIR | FILE.trf]``: standings with FIDE C.07 tie-breaks.

The table goes to the terminal (rich), titled "final standings" once the last
planned round is done; ``--format json`` prints the document of the site's
standings.json (docs/site.md: the round, whether final, the tie-break codes and the
rows in standings order, values as decimal strings and null where a tie-break is
undefined), the same shape for a team event (``points`` the primary score, the
match record added). ``--explain ID`` prints the working of every value of one
participant.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import click

from tourney import number_text
from tourney.app.standings import (
    PRESETS,
    TIEBREAKS,
    DescriptorError,
    Standings,
    TeamStandings,
    articles,
    compute,
    decimals,
    json_text,
    official_ranks,
    read_source,
)
from tourney.cli.common import fail, print_diagnostics
from tourney.cli.exits import leave
from tourney.cli.plain_table import print_table
from tourney.errors import ExitStatus, InvalidInput, did_you_mean


def decimal_text(value: Fraction | None, decimals: int | None = None) -> str | None:
    """``Fraction(13, 2)`` -> ``'6.5'``; exact when the decimal ends, else ``decimals`` (2).

    >>> decimal_text(Fraction(121, 4)), decimal_text(Fraction(7)), decimal_text(None)
    ('30.25', '7', None)
    >>> decimal_text(Fraction(2, 3), 2), decimal_text(Fraction(1889), 0)
    ('0.67', '1889')
    """
    return None if value is None else number_text.decimal(value, decimals)


def _usage(message: str, hint: str = "") -> None:
    click.echo(f"error: {message}", err=True)
    if hint:
        click.echo(f"  hint: {hint}", err=True)
    leave(ExitStatus.USAGE)


_SCORE_CODES = frozenset({"MP", "GP", "MPTS", "GPTS"})


def _team_table(result: TeamStandings, title: str) -> None:
    series = ["Series"] if result.has_series else []
    headings = ["Rank", "No", "Team", *series, "Pl", "W", "D", "L", "MP", "GP"]
    # MP and GP have their own columns: a tie-break that repeats them is not shown twice;
    # one without a value in any row is left out (``Standings.valued``).
    valued = result.standings.valued()
    codes = result.standings.codes
    shown = [i for i in valued if codes[i] not in _SCORE_CODES]
    columns = [
        (heading, "left" if heading in ("Team", "Series") else "right")
        for heading in (*headings, *(result.standings.codes[i] for i in shown))
    ]
    rows = []
    previous = None
    places = decimals(result.standings)
    for team in result.rows:
        row = team.row
        values = [decimal_text(row.values[i], places[i]) or "-" for i in shown]
        rank = "" if row.rank == previous else str(row.rank)
        previous = row.rank
        rows.append(
            [
                rank,
                str(row.start),
                row.name,
                *([team.series] if series else []),
                str(team.matches),
                str(team.won),
                str(team.drawn),
                str(team.lost),
                decimal_text(team.match_points) or "0",
                decimal_text(team.game_points) or "0",
                *values,
            ]
        )
    print_table(title, columns, rows)
    _left_out(result.standings)


def _left_out(result: Standings) -> None:
    """Name the tie-breaks left out of the table for having no value in any row."""
    empty = [code for i, code in enumerate(result.codes) if i not in result.valued()]
    if empty:
        click.echo(f"left out, no value in any row: {', '.join(empty)}")


def _table(result: Standings, title: str, official: dict[str, int] | None = None) -> None:
    headings = ("Official rank",) if official else ()
    shown = result.valued()  # a tie-break without a value in any row is left out
    codes = [result.codes[i] for i in shown]
    columns = [
        (heading, "left" if heading == "Name" else "right")
        for heading in (*headings, "Rank", "No", "Name", "Pts", *codes)
    ]
    rows = []
    previous = None
    places = decimals(result)
    for row in result.rows:
        values = [decimal_text(row.values[i], places[i]) or "-" for i in shown]
        rank = "" if row.rank == previous else str(row.rank)
        previous = row.rank
        stated = [str(official.get(row.participant, ""))] if official else []
        rows.append(
            [*stated, rank, str(row.start), row.name, decimal_text(row.points) or "0", *values]
        )
    print_table(title, columns, rows)
    _left_out(result)


def _explain(result: Standings, participant: str) -> None:
    try:
        row = result.row(participant)
    except KeyError:
        _usage(f"no participant '{participant}'", "use the id (the starting rank for TRF)")
        return
    click.echo(f"{row.name} ({row.participant}): rank {row.rank}, {decimal_text(row.points)} pts")
    for descriptor, value, places, article in zip(
        result.tiebreaks, row.working, decimals(result), articles(result), strict=True
    ):
        text = decimal_text(value.value, places) or "undefined"
        click.echo(f"{descriptor} = {text}  (C.07 {article}) {value.note}".rstrip())
        for step in value.steps:
            counted = decimal_text(step.counted) if step.counted is not None else "-"
            mark = " [cut]" if step.cut else ""
            rule = f" [{step.rule}]" if step.rule else ""
            where = f"round {step.round}: " if step.round is not None else ""
            click.echo(f"  {where}{step.what}: {counted}{mark}{rule} {step.note}".rstrip())


@click.command("standings")
@click.argument("source", required=False, default=".", type=click.Path(path_type=Path))
@click.option("--after", type=click.IntRange(min=0), help="Standings after round N.")
@click.option(
    "--tiebreaks",
    "codes",
    help="Comma-separated C.07 codes (e.g. 'BH/C1,BH,SB,DE,WIN') or a preset: "
    + ", ".join(PRESETS),
)
@click.option("--rules", type=click.Choice(["2024", "2026"]), help="Force a C.07 edition.")
@click.option(
    "--format", "output", type=click.Choice(["table", "json"]), default="table", show_default=True
)
@click.option("--explain", metavar="ID", help="Print the working of one participant.")
def command(
    source: Path,
    after: int | None,
    codes: str | None,
    rules: str | None,
    output: str,
    explain: str | None,
) -> None:
    """Standings of a tournament folder or a TRF file, with FIDE tie-breaks."""
    try:
        tournament = read_source(source, print_diagnostics)
    except InvalidInput as error:
        fail(error, "no standings")
    last = max((r.number for r in tournament.rounds), default=0)
    if after is not None and after > last:
        _usage(f"--after {after}: the last round is {last}")
    try:
        computed = compute(tournament, after, codes, rules)
    except DescriptorError as error:
        _usage(f"tie-break {error}", "e.g. BH/C1, SB, DE/P, KS/L+1")
        return
    except KeyError as error:
        name = str(error.args[0])
        _usage(
            f"unknown tie-break '{name}'",
            did_you_mean(name, TIEBREAKS) or "known: " + " ".join(TIEBREAKS),
        )
        return
    result, teams = computed.standings, computed.teams
    if explain is not None:
        _explain(result, explain)
        return
    official = official_ranks(tournament, codes, after) if teams is None else {}
    if output == "json":
        click.echo(json_text(computed, official))
        return
    played = after if after is not None else computed.last_decided
    what = "final standings" if computed.final else "standings"
    title = (
        f"{tournament.settings.name or source.name}: {what} after round {played} "
        f"(C.07 {result.edition.value})"
    )
    if teams is not None:
        _team_table(teams, title)
    else:
        _table(result, title, official)
        if official:
            click.echo(
                "Official rank: as the imported file states it; Rank: under the tie-breaks "
                f"{', '.join(result.codes) or 'none'} (no 'tiebreaks:' named; docs/trf.md)"
            )
