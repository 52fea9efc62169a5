"""E202: a player of an individual event who has nothing in a paired round.

In a round that has a file, every player the round could pair has a board or a
bye there, or players.yaml says why not: an absence, a requested bye, a late
entry, a withdrawal, a sign-up not yet approved (docs/folder-format.md). A
deleted board line would otherwise make both players silent zero-point
absentees. One diagnostic per round names every such player.

W206 is the same for the teams of a team event: a team with no match or bye in
a paired round while teams.yaml records no absence, requested bye or withdrawal.
A warning, not an error: a team report (TRF-2026) read by ``tourney import``
records a team that stopped playing only by its missing matches. A team's
reserves sit out by design, so its players are not checked.
"""

from __future__ import annotations

from tourney.check.context import Context, at
from tourney.errors import Diagnostic
from tourney.model import Team


def _team_available(team: Team, number: int) -> bool:
    if number in team.absent or any(n == number for n, _ in team.byes):
        return False
    return team.withdrawn_after is None or number <= team.withdrawn_after


def _names(ids: list[str]) -> tuple[str, str]:
    if len(ids) == 1:
        return ids[0], "has"
    return ", ".join(ids[:-1]) + f" and {ids[-1]}", "have"


def missing_board_diagnostics(ctx: Context) -> list[Diagnostic]:
    t = ctx.tournament
    out = []
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        present = {b.participant for b in rnd.byes}
        if t.is_team:
            present |= {side for m in rnd.matches for side in (m.white, m.black)}
            missing = [e.id for e in t.teams if _team_available(e, rnd.number)]
            what, file, code, severity = "match", "teams.yaml", "W206", "warning"
        else:
            present |= {pid for g in rnd.games for pid in (g.white, g.black) if pid}
            missing = [p.id for p in t.players if p.available(rnd.number)]
            what, file, code, severity = "board", "players.yaml", "E202", "error"
        missing = [ident for ident in missing if ident not in present]
        if not missing:
            continue
        who, verb = _names(missing)
        out.append(
            at(
                ctx.sources.board_list(rnd.number),
                code,
                f"{who} {verb} no {what} in round {rnd.number}",
                f"restore the {what}, or record an absence or bye ({file} 'absent:' or "
                "'byes:', or a bye in the round file)",
                severity,
            )
        )
    return out
