"""``tourney player add|withdraw|bye|absent|rating|update DIR ...``: players.yaml by command.

Each prints the line of players.yaml before and after (docs/cli.md). The
edit is refused, and nothing written, when the folder would not pass
``tourney check`` afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from tourney.app import player as players
from tourney.cli.common import fail, print_diagnostics
from tourney.errors import InvalidInput, Refused

_FOLDER = click.argument("folder", type=click.Path(file_okay=False, path_type=Path))


def _run(edit: Callable[[], players.PlayerChange]) -> None:
    try:
        change = edit()
    except (InvalidInput, Refused) as error:
        fail(error)
    report(change)


def report(change: players.PlayerChange) -> None:
    """What the edit did: its notes and warnings, then the line before and after."""
    for note in change.notes:
        click.echo(f"note: {note}")
    print_diagnostics(change.warnings)
    if change.before == change.after:
        nothing = "" if change.notes[1:] else ", nothing written"
        click.echo(f"{change.path}:{change.line}: {change.what}: already so{nothing}")
    else:
        click.echo(f"{change.path}:{change.line}: {change.what}")
        if change.before:
            click.echo(f"- {change.before}")
        click.echo(f"+ {change.after}")
    for note in change.notes:
        click.echo(note)


@click.group("player")
def group() -> None:
    """Change players.yaml: add, withdraw, bye, absent, rating, update (from a rating list)."""


@group.command("add")
@_FOLDER
@click.argument("name", required=False, default="")
@click.option(
    "--member",
    "member_id",
    default="",
    metavar="ID",
    help="Add this club member (name, ratings... from members.yaml).",
)
@click.option(
    "--guest", is_flag=True, help="Not a club member, even if a member has the same name."
)
@click.option(
    "--id",
    "player_id",
    default="",
    help="The id (default: the next of the ids; in a club folder a guest's g1, g2, ...).",
)
@click.option("--rating", type=click.IntRange(0, 3500))
@click.option("--national-rating", type=click.IntRange(0, 3500))
@click.option("--fide-id", default="")
@click.option("--federation", default="")
@click.option("--title", default="")
@click.option("--sex", type=click.Choice(["m", "w"]))
@click.option("--birth-year", type=click.IntRange(1900, 2100))
@click.option("--club", default="")
@click.option("--joins", type=click.IntRange(min=1), help="First round (default: next unpaired).")
def add(
    folder: Path,
    name: str,
    member_id: str,
    guest: bool,
    player_id: str,
    rating: int | None,
    national_rating: int | None,
    fide_id: str,
    federation: str,
    title: str,
    sex: str | None,
    birth_year: int | None,
    club: str,
    joins: int | None,
) -> None:
    """Add NAME ('Last, First') or --member ID; a late entry once rounds are paired.

    In a club folder a name that is a member's adds that member (with a note);
    a guest gets an id of its own (g1, g2, ...), never a member's.
    """
    given = {
        "rating": rating,
        "national_rating": national_rating,
        "fide_id": fide_id,
        "federation": federation,
        "title": title,
        "sex": sex,
        "birth_year": birth_year,
        "club": club,
    }
    fields = [(k, str(v)) for k, v in given.items() if v not in (None, "")]
    if member_id and guest:
        raise click.UsageError("--member and --guest exclude each other")
    _run(lambda: players.add(folder, name, fields, player_id, joins, member_id, guest))


@group.command("withdraw")
@_FOLDER
@click.argument("player")
@click.option(
    "--after", type=click.IntRange(min=0), help="Last round played (default: last paired)."
)
def withdraw(folder: Path, player: str, after: int | None) -> None:
    """PLAYER (id or name) withdraws: not paired after round --after."""
    _run(lambda: players.withdraw(folder, player, after))


@group.command("bye")
@_FOLDER
@click.argument("player")
@click.argument("round_no", metavar="ROUND", type=click.IntRange(min=1))
@click.option(
    "--kind", type=click.Choice(["half", "zero", "full"]), default="half", show_default=True
)
def bye(folder: Path, player: str, round_no: int, kind: str) -> None:
    """PLAYER asks for a bye in ROUND (not paired; half, zero or full point)."""
    _run(lambda: players.bye(folder, player, round_no, kind))


@group.command("absent")
@_FOLDER
@click.argument("player")
@click.argument("rounds", metavar="ROUND...", nargs=-1, required=True, type=click.IntRange(min=1))
def absent(folder: Path, player: str, rounds: tuple[int, ...]) -> None:
    """PLAYER is absent in the ROUNDs: not paired, no points."""
    _run(lambda: players.absent(folder, player, rounds))


@group.command("rating")
@_FOLDER
@click.argument("player")
@click.argument("value", metavar="RATING", type=click.IntRange(0, 3500))
@click.option(
    "--kind", type=click.Choice(sorted(players.RATING_KEYS)), default="fide", show_default=True
)
def rating(folder: Path, player: str, value: int, kind: str) -> None:
    """Set PLAYER's RATING (FIDE by default; --kind national or club)."""
    _run(lambda: players.rating(folder, player, value, kind))


def _columns(given: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for item in given:
        key, sep, column = item.partition("=")
        if not sep or not key.strip() or not column.strip():
            raise click.UsageError(f"--column {item}: expected KEY=COLUMN, e.g. rating=Elo")
        out[key.strip()] = column.strip()
    return out


@group.command("update")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--list",
    "list_file",
    required=True,
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="FIDE's players list (XML or TXT, or its .zip) or a national CSV list.",
)
@click.option(
    "--period",
    type=click.Choice(["standard", "rapid", "blitz"]),
    help="Which FIDE rating (default: the event's rating_period; standard in a club).",
)
@click.option(
    "--column",
    "columns",
    multiple=True,
    metavar="KEY=COLUMN",
    help="CSV lists: the column of a key (national_id, fide_id, rating, national_rating, "
    "title, federation, birth_year, flag); repeat it.",
)
@click.option("--dry-run", is_flag=True, help="Show the changes, write nothing.")
@click.option(
    "--allow-paired",
    is_flag=True,
    help="Change ratings and titles although round 1 is paired (C.04.2).",
)
def update(
    folder: Path,
    list_file: Path,
    period: str | None,
    columns: tuple[str, ...],
    dry_run: bool,
    allow_paired: bool,
) -> None:
    """Update players.yaml (a club's members.yaml) from a rating list, matched by id."""
    mapping = _columns(columns)
    try:
        done = players.update(folder, list_file, period, mapping or None, dry_run, allow_paired)
    except (InvalidInput, Refused) as error:
        fail(error)
    print_diagnostics(done.warnings)
    listed = done.list
    click.echo(
        f"{listed.path}: {listed.kind}, {listed.read} players; matched by {listed.by}"
        + (f", {done.period.value} ratings" if "rating" in listed.keys else "")
    )
    for c in done.changes:
        click.echo(
            f"{done.path}:{c.line}: {c.player} {c.name}: {c.key} {c.old or 'none'} -> {c.new}"
        )
    for pid, name in done.inactive:
        click.echo(f"note: {pid} {name} is flagged inactive in the list")
    for pid, name, ident in done.missing:
        click.echo(f"note: {pid} {name}: {listed.by} {ident} is not in the list; kept as it is")
    for pid, name in done.unmatched:
        if pid in done.members:
            click.echo(f"note: {pid}: a club member; the club's members.yaml holds the ratings")
        else:
            click.echo(f"note: {pid} {name}: no {listed.by}, so not matched (never by name)")
    players_changed = len({c.player for c in done.changes})
    if not done.changes:
        click.echo("nothing to change")
    elif done.written:
        click.echo(f"{players_changed} player(s) updated in {done.path}")
    else:
        click.echo(f"{players_changed} player(s) would change; nothing written (--dry-run)")


commands = (group,)
