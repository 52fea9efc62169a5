"""Line-ups of a team event: the engine's line-up rules as diagnostics with file:line.

``tourney.engine.teams.lineups.check_lineups`` states the rules (board order,
empty boards, US Chess 31B, docs/teams.md "Line-ups"); here each problem points
at the board of its match in the round file, or at the roster entry in teams.yaml.
Errors are E210, warnings W211.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from yaml.nodes import Node, ScalarNode, SequenceNode

from tourney.errors import Diagnostic
from tourney.load.nodes import get, item, position, read_root
from tourney.model import TeamId, Tournament

if TYPE_CHECKING:
    from tourney.engine.teams.lineups import LineupProblem

TEAMS_FILE = "teams.yaml"


def _team_node(root: Node | None, team: TeamId) -> Node | None:
    for entry in root.value if isinstance(root, SequenceNode) else []:
        ident = get(entry, "id")
        if isinstance(ident, ScalarNode) and str(ident.value) == team:
            return entry  # type: ignore[no-any-return]
    return None


def _problem_node(
    folder: Path, problem: LineupProblem, cache: dict[Path, Node | None]
) -> tuple[str, Node | None]:
    """The file and node a problem points at: the board of the match, or the roster entry."""
    if not problem.round_no:
        path = folder / TEAMS_FILE
        team = _team_node(cache.setdefault(path, read_root(path)), problem.team)
        return TEAMS_FILE, item(get(team, "roster"), problem.board - 1) or team
    name = f"rounds/{problem.round_no:02d}.yaml"
    path = folder / name
    match = item(get(cache.setdefault(path, read_root(path)), "matches"), problem.match - 1)
    board = item(get(match, "boards"), problem.board - 1) if problem.board else None
    return name, board or match


def lineup_diagnostics(folder: Path, t: Tournament) -> list[Diagnostic]:
    """The line-up problems of every round as ``file:line`` diagnostics (``tourney check``)."""
    if not t.is_team:  # an individual event has no line-ups (and needs no team code)
        return []
    from tourney.engine.teams.lineups import check_lineups

    cache: dict[Path, Node | None] = {}
    out = []
    for problem in check_lineups(t):
        name, node = _problem_node(folder, problem, cache)
        line, col = position(node)
        where = f"match {problem.match}, " if problem.match else ""
        out.append(
            Diagnostic(
                name,
                line,
                col,
                f"{where}{problem.team}: {problem.message}",
                _HINTS.get(problem.rule, ""),
                severity=problem.severity,
                code="E210" if problem.severity == "error" else "W211",
            )
        )
    return out


_HINTS = {
    "board-order": "reorder the boards, or set 'teams: board_order: chosen' in tournament.yaml",
    "empty-board": "move the players below up one board each",
    "unfilled": "seat the available player, or mark them absent in players.yaml",
    "us-31b": "seat the players by rating, highest on board 1",
    "us-31b-unrated": "move unrated players below the rated ones (or use variation 31B2)",
    "us-31b-alternate": "list alternates after the regulars, rated below them",
}
