"""Teams without a club under a same-club rule, and the club their players suggest.

docs/teams.md "Keeping teams apart": a Teams-of-the-same-club rule can only see a
club that is filled in (compared without regard to capitals or edge spaces; a
team with no club is never grouped). With such a rule in force, ``tourney
check`` says how many teams have no club, so that the rule does not apply to
them, and names each; "when most of a team's players (at least two with a
club, three quarters of them) are from one club, that club is offered". It is
only offered: nothing is written, the club stays optional.

``suggest_club`` is the pure rule; ``club_diagnostics`` turns it into warnings
pointing at teams.yaml (the team's entry) and tournament.yaml (the rule).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.errors import Diagnostic
from tourney.load import nodes
from tourney.model import Team, Tournament
from tourney.records import dataclass

SHARE = Fraction(3, 4)  # three quarters of the players with a club
AT_LEAST = 2  # players with a club


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The club most of a team's players are from, and how many of them."""

    club: str
    players: int  # players of that club
    with_club: int  # players with any club


def club_key(club: str) -> str:
    """Clubs compare without regard to capitals or spaces at the edges (docs/teams.md)."""
    return club.strip().casefold()


def suggest_club(clubs: Sequence[str]) -> Suggestion | None:
    """The club to offer for a team whose players have these clubs ("" for none).

    >>> suggest_club(["Amstel", "amstel ", "Domtoren", ""])  # 2 of 3: under 3/4
    >>> suggest_club(["Amstel", "amstel ", "AMSTEL", "Domtoren", ""])
    Suggestion(club='Amstel', players=3, with_club=4)
    >>> suggest_club(["Amstel", ""])  # one player with a club is not enough
    """
    named = [club.strip() for club in clubs if club_key(club)]
    if len(named) < AT_LEAST:
        return None
    counts = Counter(club_key(club) for club in named)
    key, count = max(counts.items(), key=lambda item: (item[1], -_first_index(named, item[0])))
    if Fraction(count, len(named)) < SHARE:
        return None
    spellings = Counter(club for club in named if club_key(club) == key)
    spelling = max(spellings, key=lambda s: (spellings[s], -named.index(s)))
    return Suggestion(spelling, count, len(named))


def _first_index(named: Sequence[str], key: str) -> int:
    return next(i for i, club in enumerate(named) if club_key(club) == key)


def has_same_club_rule(t: Tournament) -> bool:
    return any(rule.teams and rule.same_club for rule in t.settings.forbidden)


def teams_without_club(t: Tournament) -> tuple[Team, ...]:
    return tuple(team for team in t.teams if not club_key(team.club))


def suggestions(t: Tournament) -> dict[str, Suggestion | None]:
    """For each team without a club, the club its players suggest (or None)."""
    clubs = {p.id: p.club for p in t.players}
    return {
        team.id: suggest_club([clubs.get(pid, "") for pid in team.roster])
        for team in teams_without_club(t)
    }


# -- diagnostics ------------------------------------------------------------------------------


def _compose(path: Path) -> Node | None:
    return nodes.read_root(path)


def _line(node: Node | None) -> int:
    return node.start_mark.line + 1 if node is not None else 0


def _team_lines(root: Node | None) -> dict[str, int]:
    lines = {}
    for item in root.value if isinstance(root, SequenceNode) else []:
        if not isinstance(item, MappingNode):
            continue
        for key, value in item.value:
            if isinstance(key, ScalarNode) and key.value == "id":
                lines[str(value.value)] = _line(item)
    return lines


def _rule_line(root: Node | None) -> int:
    if not isinstance(root, MappingNode):
        return 0
    for key, value in root.value:
        if isinstance(key, ScalarNode) and key.value == "forbidden":
            for item in value.value if isinstance(value, SequenceNode) else []:
                if isinstance(item, MappingNode) and any(
                    isinstance(k, ScalarNode) and k.value == "same_club" for k, _ in item.value
                ):
                    return _line(item)
            return _line(key)
    return 0


def club_diagnostics(t: Tournament, folder: Path | None = None) -> list[Diagnostic]:
    """Warnings for ``tourney check``: teams without a club under a same-club team rule.

    With ``folder`` the warnings point at the lines of teams.yaml and tournament.yaml.
    """
    if not t.is_team or not has_same_club_rule(t):
        return []
    offered = suggestions(t)
    if not offered:
        return []
    team_lines = _team_lines(_compose(folder / "teams.yaml")) if folder else {}
    rule_line = _rule_line(_compose(folder / "tournament.yaml")) if folder else 0
    count = len(offered)
    out = [
        Diagnostic(
            "tournament.yaml",
            rule_line,
            0,
            f"{count} team{'s have' if count != 1 else ' has'} no club, so the rule "
            f"'teams of the same club' does not apply to {'them' if count != 1 else 'it'}: "
            + ", ".join(offered),
            "give each team its club in teams.yaml (club: ...)",
            severity="warning",
            code="W212",
        )
    ]
    for team_id, suggestion in offered.items():
        if suggestion is None:
            hint = "add its club (club: ...) if the rule should keep it apart"
        else:
            hint = (
                f"{suggestion.players} of its {suggestion.with_club} players with a club are "
                f"from {suggestion.club}: add 'club: {suggestion.club}'"
            )
        out.append(
            Diagnostic(
                "teams.yaml",
                team_lines.get(team_id, 0),
                0,
                f"team '{team_id}' has no club: the same-club rule does not apply to it",
                hint,
                severity="warning",
                code="W213",
            )
        )
    return out


__all__ = [
    "Suggestion",
    "club_diagnostics",
    "club_key",
    "has_same_club_rule",
    "suggest_club",
    "suggestions",
    "teams_without_club",
]
