"""The command table of ``tourney.cli``: every command of every cli module is reachable,
and a short command imports only what it needs."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import click

import tourney.cli
from tourney.cli import COMMANDS, cli, load_command


def _defined() -> dict[str, str]:
    found = {}
    for info in pkgutil.iter_modules(tourney.cli.__path__):
        module = importlib.import_module(f"tourney.cli.{info.name}")
        commands = getattr(module, "commands", None) or (
            (module.command,) if hasattr(module, "command") else ()
        )
        for command in commands:
            found[command.name] = info.name
    return found


def test_every_defined_command_is_in_the_table() -> None:
    assert _defined() == COMMANDS


def test_each_name_loads_its_own_command() -> None:
    for name in COMMANDS:
        command = load_command(name)
        assert isinstance(command, click.Command) and command.name == name
    assert load_command("no-such-command") is None


def test_help_lists_every_command() -> None:
    listed = cli.list_commands(click.Context(cli))
    assert listed == sorted(COMMANDS)


def test_check_does_not_import_the_site_or_pdf_code() -> None:
    code = (
        "import sys; from tourney.cli import load_command; load_command('check'); "
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(('tourney.render', "
        "'jinja2', 'weasyprint', 'markdown')))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == []
