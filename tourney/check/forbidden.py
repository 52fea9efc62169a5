"""Warnings about forbidden-pairing rules that cannot see everyone (for ``tourney check``).

A same-club rule keeps apart the players (or teams) of one club; a participant
with no club is never grouped, so the rule does not apply to them (docs/teams.md,
"Keeping teams apart"). ``no_club_warnings`` lists them, one warning each,
pointing at their entry in players.yaml or teams.yaml when the folder is given.

``tourney.check.validate`` runs it with the other checks (code W214).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from tourney.errors import Diagnostic
from tourney.model import Tournament


def _id_lines(path: Path | None, ids: Sequence[str]) -> dict[str, int]:
    """The line of each ``id:`` entry in a YAML list file (0 when not found)."""
    if path is None or not path.is_file():
        return {}
    wanted = set(ids)
    found: dict[str, int] = {}
    pattern = re.compile(r"""\bid:\s*['"]?([^,'"}\s]+)""")
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = pattern.search(line)
        if match and match.group(1) in wanted and match.group(1) not in found:
            found[match.group(1)] = number
    return found


def no_club_warnings(t: Tournament, folder: Path | None = None) -> list[Diagnostic]:
    """One warning per player (or team) without a club while a same-club rule exists."""
    out: list[Diagnostic] = []
    for teams in (False, True):
        rules = [r for r in t.settings.forbidden if r.same_club and r.teams == teams]
        if not rules:
            continue
        kind = "team" if teams else "player"
        entries = t.teams if teams else t.players
        missing = [(e.id, e.name) for e in entries if not e.club.strip()]
        if not missing:
            continue
        file_name = "teams.yaml" if teams else "players.yaml"
        path = folder / file_name if folder is not None else None
        lines = _id_lines(path, [ident for ident, _ in missing])
        shown = str(path) if path is not None else file_name
        for ident, name in missing:
            out.append(
                Diagnostic(
                    shown,
                    lines.get(ident, 0),
                    0,
                    f"{kind} {ident} ({name}) has no club, so the same-club rule "
                    f"(forbidden, same_club: {kind}s) does not apply to them",
                    f"add 'club: ...' to the {kind} to keep them from meeting their club",
                    severity="warning",
                    code="W214",
                )
            )
    return out
