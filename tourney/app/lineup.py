"""``tourney lineup``'s use case (docs/teams.md "Line-ups"): a team's line-up in one match.

The team and its players are found by id or name (``tourney.edit.names``); the match is
the one the team plays in the round unless its number leads the players; the board lines
are written by ``tourney.edit.lineups`` under the folder lock.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tourney.edit.lineups import LineupChange, describe, set_lineup, warning_diagnostics
from tourney.edit.names import find_team, find_team_player
from tourney.errors import Diagnostic, Refused
from tourney.fs.lock import folder_lock
from tourney.load.folder import load_tournament
from tourney.model import Tournament


def team_match(t: Tournament, round_no: int, team: str) -> int:
    """The number of the match ``team`` plays in round ``round_no``."""
    rnd = t.round(round_no)
    if rnd is None:
        raise Refused(f"round {round_no} is not paired")
    for number, match in enumerate(rnd.matches, start=1):
        if team in (match.white, match.black):
            return match.number or number
    if any(b.participant == team for b in rnd.byes):
        raise Refused(f"{team} has a bye in round {round_no}: no match to line up")
    known = ", ".join(sorted({m.white for m in rnd.matches} | {m.black for m in rnd.matches}))
    raise Refused(f"{team} plays no match in round {round_no} (teams there: {known})")


def split_match(
    t: Tournament, round_no: int, team: str, args: tuple[str, ...]
) -> tuple[int, tuple[str, ...]]:
    """MATCH and the players from ``[MATCH] PLAYER...``: a leading number that is no
    player's id is the match number; without one, the team's match in the round."""
    ids = {p.id for p in t.players}
    if len(args) > 1 and args[0].isascii() and args[0].isdigit() and args[0] not in ids:
        return int(args[0]), args[1:]
    return team_match(t, round_no, team), args


@dataclass(frozen=True, slots=True)
class LinedUp:
    """What ``line_up`` did: the team's id, the match, the change (``changed`` False when
    the line-up was already so), its old and new line-ups in words, and its warnings."""

    team: str
    match: int
    change: LineupChange
    old: str
    new: str
    warnings: tuple[Diagnostic, ...]


def line_up(folder: Path, round_no: int, team: str, args: tuple[str, ...]) -> LinedUp:
    """Seat ``team``'s players (``[MATCH] PLAYER...``) in its match of ``round_no``.
    ``InvalidInput`` or ``Refused``: nothing was written."""
    with folder_lock(folder, "tourney lineup"):
        t = load_tournament(folder)
        named = find_team(t, team)
        match_no, typed = split_match(t, round_no, named.id, args)
        players = tuple(find_team_player(t, named, p) for p in typed)
        change = set_lineup(folder, round_no, match_no, named.id, players)
    return LinedUp(
        named.id,
        match_no,
        change,
        describe(change.old),
        describe(change.new),
        tuple(warning_diagnostics(change)),
    )


__all__ = ["LinedUp", "line_up", "split_match", "team_match"]
