"""E202: a player of an individual event who has nothing in a paired round.

In a round that has a file, every player the round could pair has a board or a
bye there, or players.yaml says why not: an absence, a requested bye, a late
entry, a withdrawal, a sign-up not yet approved (docs/folder-format.md). A
deleted board line would otherwise make both players silent zero-point
absentees. One diagnostic per round names every such player.
"""

from __future__ import annotations

from tourney.check.context import Context, at
from tourney.errors import Diagnostic


def missing_board_diagnostics(ctx: Context) -> list[Diagnostic]:
    t = ctx.tournament
    if t.is_team:  # a team's reserves sit out by design
        return []
    out = []
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        present = {pid for g in rnd.games for pid in (g.white, g.black) if pid}
        present |= {b.participant for b in rnd.byes}
        missing = [p.id for p in t.players if p.available(rnd.number) and p.id not in present]
        if not missing:
            continue
        if len(missing) == 1:
            who, verb = missing[0], "has"
        else:
            who, verb = ", ".join(missing[:-1]) + f" and {missing[-1]}", "have"
        out.append(
            at(
                ctx.sources.board_list(rnd.number),
                "E202",
                f"{who} {verb} no board in round {rnd.number}",
                "restore the board, or record an absence or bye (players.yaml 'absent:' or "
                "'byes:', or a bye in the round file)",
            )
        )
    return out
