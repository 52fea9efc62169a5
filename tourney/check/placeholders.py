"""Starter placeholders left in tournament.yaml (W260), before they reach the site.

``tourney new`` writes a starter folder (``tourney.edit.starters``) that passes
``tourney check``; its organiser and chief arbiter are placeholders for the
user to replace ("Example Chess Club", "IA Jane Example"). Left as they are,
they are published on every page's header and every printed document, so
``tourney check`` and ``tourney build`` (``validate(..., publishing=True)``) warn
about each one, at its line of tournament.yaml. The commands that only read or
write data (pair, result, standings...) are not told: it is no data problem.
"""

from __future__ import annotations

from yaml.nodes import Node

from tourney.check.context import Context
from tourney.errors import Diagnostic
from tourney.load import nodes

# key of tournament.yaml -> the values the starters write there (tests/test_cli_seams.py
# checks each starter against this table)
PLACEHOLDERS: dict[str, frozenset[str]] = {
    "organiser": frozenset({"Example Chess Club"}),
    "chief_arbiter": frozenset({"IA Jane Example", "Jane Example"}),
}


def placeholder_warnings(ctx: Context) -> list[Diagnostic]:
    """W260 for each setting that still holds the starter's placeholder."""
    settings = ctx.tournament.settings
    left = [
        (key, str(getattr(settings, key)))
        for key, values in PLACEHOLDERS.items()
        if str(getattr(settings, key)).strip() in values
    ]
    if not left:
        return []
    path = ctx.folder / "tournament.yaml"
    root: Node | None = nodes.read_root(path)
    found = []
    for key, value in left:
        line, col = nodes.position(nodes.get(root, key))
        found.append(
            Diagnostic(
                ctx.sources.settings_file,
                line,
                col,
                f"{key} is still the starter's placeholder '{value}', which the site and "
                "the printed documents would publish",
                f"write the real {key.replace('_', ' ')} in tournament.yaml "
                "(docs/folder-format.md)",
                "warning",
                code="W260",
            )
        )
    return found
