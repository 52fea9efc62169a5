"""Locked settings: tournament.yaml against locked.yaml, once round 1 of a team event is paired.

A changed setting is an error (E230) pointing at the setting's line in
tournament.yaml and naming the line of locked.yaml that holds the old value;
outside FIDE mode a change of a FIDE-only setting is a warning (W231), since
the rounds already paired used the old value. docs/teams.md, "Setting up".
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode

from tourney.errors import Diagnostic
from tourney.load.locked import LOCK_FILE, LOCKED, SETTINGS_FILE
from tourney.load.nodes import position, read_root
from tourney.model import Tournament


def _get(node: Node | None, key: str) -> tuple[Node | None, Node | None]:
    """The key node and the value node of ``key`` in a mapping node."""
    if isinstance(node, MappingNode):
        for k, v in node.value:
            if isinstance(k, ScalarNode) and k.value == key:
                return k, v
    return None, None


def lock_diagnostics(
    folder: Path, t: Tournament, display: Callable[[Path], str] = str
) -> list[Diagnostic]:
    """Every locked setting tournament.yaml has changed since round 1 was paired.

    ``display`` names a file for the user (the loader names them relative to the
    working folder). Nothing is reported while round 1 is not paired, outside a
    team event, or without locked.yaml.
    """
    lock_path = folder / LOCK_FILE
    if not t.is_team or t.round(1) is None or not lock_path.is_file():
        return []
    lock_name = display(lock_path)
    lock_root = read_root(lock_path)
    if not isinstance(lock_root, MappingNode):
        return [
            Diagnostic(
                lock_name,
                0,
                0,
                "locked.yaml is not the mapping `tourney pair` writes",
                "pair round 1 again with 'tourney pair --round 1 --replace' (no results yet), "
                "or restore the file from git",
                code="E232",
            )
        ]
    settings_path = folder / SETTINGS_FILE
    settings_name = display(settings_path)
    settings_root = read_root(settings_path)
    out = []
    for entry in LOCKED:
        _, locked = _get(_get(lock_root, entry.section)[1], entry.key)
        if not isinstance(locked, ScalarNode):
            continue
        now = entry.value(t.settings)
        if str(locked.value) == now:
            continue
        section_key, section = _get(settings_root, entry.section)
        key_node, value_node = _get(section, entry.key)
        line, col = position(value_node or key_node or section_key)
        locked_line = position(locked)[0]
        error = not entry.fide_only or t.settings.fide_mode
        message = (
            f"{entry.name} is {now}, but it was {locked.value} when round 1 was paired "
            f"({lock_name}:{locked_line})"
        )
        if error:
            why = "in FIDE mode " if entry.fide_only else ""
            out.append(
                Diagnostic(
                    settings_name,
                    line,
                    col,
                    f"{message}; {why}it cannot change once round 1 is paired ({entry.source})",
                    f"set '{entry.key}: {locked.value}' under '{entry.section}:' again",
                    code="E230",
                )
            )
        else:
            out.append(
                Diagnostic(
                    settings_name,
                    line,
                    col,
                    f"{message}; the rounds already paired used the old value",
                    "allowed because fide_mode is false; in FIDE mode this is an error",
                    severity="warning",
                    code="W231",
                )
            )
    return out
