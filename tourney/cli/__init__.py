"""The ``tourney`` command line: the only place that prints or exits.

Each command lives in a module of this package and stays thin: it loads,
calls the engine or a writer, and prints. ``COMMAND_MODULES`` lists them.
"""

from __future__ import annotations

import importlib

import click

from tourney import __version__

COMMAND_MODULES = (
    "new",
    "check",
    "pair",
    "engine",
    "verify",
    "result",
    "results",
    "player",
    "signup",
    "lineup",
    "standings",
    "teams",
    "build",
    "print",
    "serve",
    "finalize",
    "ratings",
    "series",
    "trf",
    "diff",
    "repo",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tourney")
def cli() -> None:
    """Chess tournaments and leagues from a folder of YAML files."""


for _name in COMMAND_MODULES:
    try:
        _module = importlib.import_module(f"tourney.cli.{_name}")
    except ModuleNotFoundError as exc:  # a command still being written
        if exc.name != f"tourney.cli.{_name}":
            raise
        continue
    for _command in getattr(_module, "commands", None) or (_module.command,):
        cli.add_command(_command)


def main() -> None:
    cli(prog_name="tourney")
