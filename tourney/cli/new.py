"""``tourney new DIR --format FORMAT [--pairing SYSTEM]``: a commented starter folder."""

from __future__ import annotations

from pathlib import Path

import click

from tourney.cli.common import shown
from tourney.cli.exits import leave
from tourney.edit.starters import starter_files
from tourney.errors import ExitStatus
from tourney.fs.atomic import write_text
from tourney.model import Format


@click.command("new")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--format",
    "fmt",
    required=True,
    type=click.Choice([f.value for f in Format]),
    help="The kind of event.",
)
@click.option(
    "--pairing",
    default="dutch",
    show_default=True,
    help="An individual Swiss: the FIDE Swiss system (docs/pairing.md), written as "
    "tournament.yaml's pairing:.",
)
@click.option("--name", default="", help="The tournament's name (default: the folder name).")
@click.option(
    "--repo",
    is_flag=True,
    help="Also write the league repository files (Makefile, CI workflow publishing to GitHub "
    "Pages, PR template, .gitignore) beside FOLDER, as `tourney init-repo` does.",
)
def command(folder: Path, fmt: str, pairing: str, name: str, repo: bool) -> None:
    """Write a new tournament folder FOLDER with commented example files."""
    from tourney.engine.pairing.systems import SYSTEMS

    pairing = pairing.strip().lower()
    if pairing not in SYSTEMS:
        raise click.BadParameter(
            f"'{pairing}' is not a pairing system; known: {', '.join(SYSTEMS)}",
            param_hint="--pairing",
        )
    if pairing != "dutch" and fmt != Format.SWISS.value:
        raise click.BadParameter("a pairing system is for --format swiss", param_hint="--pairing")
    if folder.exists() and any(folder.iterdir()):
        click.echo(f"error: {folder} exists and is not empty; nothing was written", err=True)
        leave(ExitStatus.REFUSED)
    title = name or folder.name.replace("-", " ").replace("_", " ").title()
    files = starter_files(Format(fmt), title.replace('"', "'"), pairing)
    for relative, text in sorted(files.items()):
        write_text(folder / relative, text)
    click.echo(f"wrote {folder}/ ({', '.join(sorted(files))})")
    if repo:
        _write_repo(folder.resolve().parent)
    _refresh_signup_form(folder)
    click.echo(f"next: edit {folder}/players.yaml, then run: tourney check {folder}")


def _write_repo(top: Path) -> None:
    """The repository scaffold beside the new folder; files that differ are kept."""
    from tourney.edit.scaffold import (
        RepoOptions,
        carried_wheel,
        plan,
        repo_files,
        write_repo,
        write_wheel,
    )
    from tourney.edit.signup_form import FORM, open_tournaments
    from tourney.edit.wheel import carried

    options = RepoOptions()
    files = repo_files(options, open_tournaments(top))
    new, _same, different = plan(top, files)
    different = [d for d in different if d != FORM]  # its list: _refresh_signup_form
    write_repo(top, files, new)
    wheel = carried_wheel(options)
    if wheel is not None and not carried(top):  # a wheel already there: upgrade-repo moves it
        path, _ = write_wheel(top, wheel)
        new.append(str(path.relative_to(top)))
    for relative in sorted(new):
        click.echo(f"wrote {shown(top / relative)}")
    for relative in different:
        click.echo(
            f"kept {shown(top / relative)} (it differs; `tourney init-repo --force` replaces it)"
        )


def _refresh_signup_form(folder: Path) -> None:
    """The repository's sign-up form (one or two levels up) offers the new tournament too."""
    from tourney.edit.scaffold import signup_form
    from tourney.edit.signup_form import FORM, describe

    for top in list(folder.absolute().parents)[:2]:
        if (top / FORM).is_file():
            state = signup_form(top)
            if state is not None and state.text is not None and state.stale:
                write_text(state.path, state.text)
                click.echo(f"updated {shown(state.path)}: {describe(state)}")
            return
