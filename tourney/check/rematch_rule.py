"""The rematch rule of tournament.yaml against the rounds planned (docs/pairing.md, Rematches).

* E240: ``rematches: when-unavoidable`` in FIDE mode, which C.04.1 b forbids (two
  players shall not play each other more than once).
* W240: more rounds planned than the system can pair without a rematch. N players
  have N-1 possible opponents: a Swiss of an even number can play at most N-1
  rounds without a rematch, of an odd number N rounds (one PAB each, C.04.1 d),
  and both only when the rounds happen to form a complete round robin. A Keizer
  event cannot keep its rematch gap (``keizer: rematch_rounds``) beyond that either;
  a round robin has as many rounds as its Berger tables (C.05 Annex 1).
* W241: ``rematches:`` in an event whose system does not use it.
"""

from __future__ import annotations

from tourney.check.context import Context
from tourney.errors import Diagnostic
from tourney.load.folder import display
from tourney.load.nodes import get, position, read_root
from tourney.model import Format, RematchRule, Tournament

DOCS = "docs/pairing.md, Rematches"


def rematch_free_rounds(players: int) -> int:
    """The most rounds N players can play without two of them meeting twice: N-1
    opponents each, and with an odd number one round without a game each."""
    return players - 1 if players % 2 == 0 else players


def _swiss(t: Tournament, players: int) -> tuple[str, str] | None:
    rounds = t.settings.rounds
    if players < 2 or rounds < players:
        return None
    most = rematch_free_rounds(players)
    if rounds > most and players % 2:
        found = (
            f"rounds: {rounds} with {players} players: after round {most} every player has "
            "had the pairing-allocated bye, which nobody gets twice (C.04.1 d), so round "
            f"{most + 1} cannot be paired at all unless someone is absent"
        )
        return found, "plan fewer rounds, or record absences (docs/pairing.md, Rematches)"
    if rounds > most:
        found = (
            f"rounds: {rounds} with {players} players: a Swiss pairs at most {most} rounds "
            f"without a rematch, so from round {most + 1} on players must meet again"
        )
    else:
        found = (
            f"rounds: {rounds} with {players} players: round {rounds} can be paired without "
            "a rematch only if the rounds before it form a complete round robin, which a "
            "Swiss rarely does"
        )
    if t.settings.rematch_rule is RematchRule.NEVER:
        return (
            f"{found} (FIDE C.04.1 b, rematches: never); tourney pair will stop there",
            "plan fewer rounds, or set 'fide_mode: false' so that the club rule allows the "
            f"fewest rematches, longest ago, when no pairing avoids them ({DOCS})",
        )
    return (
        f"{found}; with 'rematches: when-unavoidable' tourney pair then allows the fewest "
        "rematches, between the players who met longest ago",
        f"plan fewer rounds if the players should never meet twice ({DOCS})",
    )


def _keizer(t: Tournament, players: int) -> tuple[str, str] | None:
    rounds, gap = t.settings.rounds, t.settings.keizer.rematch_rounds
    most = rematch_free_rounds(players)
    if players < 2 or gap < most or rounds <= most:
        return None
    return (
        f"rounds: {rounds} with {players} players and keizer: rematch_rounds: {gap}: the gap "
        f"cannot be kept after round {most} (each player has {players - 1} possible "
        "opponents); tourney pair then shortens it and marks those boards 'rematch: true'",
        "a smaller 'rematch_rounds' keeps the rule (docs/keizer.md, Pairing)",
    )


def _round_robin(t: Tournament, players: int) -> tuple[str, str] | None:
    rounds = t.settings.rounds
    table = rematch_free_rounds(players) * t.settings.cycles
    if players < 3 or not rounds or rounds <= table:
        return None
    return (
        f"rounds: {rounds}, but a round robin of {players} players has {table} rounds "
        "(C.05 Annex 1); tourney pair cannot pair the rounds after it",
        "leave 'rounds' out (the Berger tables decide it), or play a double round robin "
        "(format: double-round-robin) for a second cycle",
    )


LIMITS = {
    Format.SWISS: _swiss,
    Format.KEIZER: _keizer,
    Format.ROUND_ROBIN: _round_robin,
    Format.DOUBLE_ROUND_ROBIN: _round_robin,
}
USES_RULE = (Format.SWISS,)


def rematch_rule_diagnostics(ctx: Context) -> list[Diagnostic]:
    t = ctx.tournament
    settings = t.settings
    path = ctx.folder / "tournament.yaml"
    name = display(path)
    root = read_root(path) if path.is_file() else None
    out = []
    key = get(root, "rematches")
    line, col = position(key) if key is not None else (0, 0)
    if settings.rematches is RematchRule.WHEN_UNAVOIDABLE and settings.fide_mode:
        out.append(
            Diagnostic(
                name,
                line,
                col,
                "rematches: when-unavoidable departs from FIDE C.04.1 b (two players shall "
                "not play each other more than once), and fide_mode is true",
                f"set 'fide_mode: false' for the club rule, or 'rematches: never' ({DOCS})",
                code="E240",
            )
        )
    if settings.rematches is not None and settings.format not in USES_RULE:
        out.append(
            Diagnostic(
                name,
                line,
                col,
                f"rematches: has no effect in a {settings.format.value} tournament",
                "Keizer keeps players apart with 'keizer: rematch_rounds' (docs/keizer.md); "
                "a round robin meets everyone once per cycle; remove the key",
                severity="warning",
                code="W241",
            )
        )
    limit = LIMITS.get(settings.format)
    found = limit(t, sum(p.approved for p in t.players)) if limit and not t.is_team else None
    if found is not None:
        rounds = get(root, "rounds")
        line, col = position(rounds) if rounds is not None else (0, 0)
        out.append(Diagnostic(name, line, col, *found, severity="warning", code="W240"))
    return out
