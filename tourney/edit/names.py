"""Which players a name typed at a command means: the closest fit wins.

``tourney player withdraw Smit``, ``tourney results`` (``Smit 1-0``) and
``tourney lineup`` take a player's id or name as people type it. A typed name
fits in tiers, and the first tier that fits anyone decides:

1. the id, or the whole name in either order (``Smit, Jan`` or ``Jan Smit``);
2. the surname exactly (``Smit`` is Jan Smit, not also Piet Smits);
3. a part of the name (``Smi`` is Smit and Smits: ambiguous, the caller lists them).

A team (``tourney lineup --team``) is named by its id, name, short name or
team number, or by a part of its name that fits one team.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from tourney.errors import Refused
from tourney.model import Team, Tournament

T = TypeVar("T")


def flipped(name: str) -> str:
    """``Dekker, Sofie`` -> ``sofie dekker`` (how a name is often typed)."""
    last, comma, first = name.partition(",")
    return f"{first.strip()} {last.strip()}".casefold() if comma else name.casefold()


def surname(name: str) -> str:
    """The surname of ``Last, First`` (the whole name when there is no comma), folded."""
    return name.partition(",")[0].strip().casefold()


def best_fits(typed: str, candidates: Iterable[tuple[str, str, T]]) -> list[T]:
    """The candidates (id, name, value) that ``typed`` names, by the first tier that fits.

    >>> people = [("p1", "Smit, Jan", 1), ("p2", "Smits, Piet", 2)]
    >>> best_fits("Smit", people), best_fits("smi", people), best_fits("Piet Smits", people)
    ([1], [1, 2], [2])
    """
    folded = typed.strip().casefold()
    listed = list(candidates)

    def tier(pid: str, name: str) -> int:
        if folded in (pid.casefold(), name.casefold(), flipped(name)):
            return 1
        if folded == surname(name):
            return 2
        return 3 if folded in name.casefold() or folded in flipped(name) else 0

    ranked = [(tier(pid, name), value) for pid, name, value in listed]
    best = min((rank for rank, _ in ranked if rank), default=0)
    return [value for rank, value in ranked if best and rank == best]


def find_team(t: Tournament, typed: str) -> Team:
    """The team ``typed`` names: its id, name, short name or team number (``start``),
    else the one team whose name holds it; Refused naming the teams otherwise.

    ``Utrecht 1``, ``UTR1``, ``t5`` and ``5`` (when t5 has number 5) name one team.
    """
    folded = typed.strip().casefold()
    for fits in (
        lambda team: team.id == typed.strip(),
        lambda team: folded in (team.name.casefold(), team.short_name.casefold()),
        lambda team: folded.isascii() and folded.isdigit() and team.start == int(folded),
        lambda team: folded in team.name.casefold(),
    ):
        found = [team for team in t.teams if fits(team)]
        if len(found) == 1:
            return found[0]
        if found:
            break
    teams = ", ".join(f"{team.name} ({team.id})" for team in (found or t.teams)[:12])
    what = "names several teams" if found else "is no team"
    raise Refused(f"'{typed}' {what}: {teams}; give the id, name, short name or number")


def find_team_player(t: Tournament, team: Team, typed: str) -> str:
    """A player of a line-up as typed: an id, or a name that fits one player of the
    team's roster (else of the whole event), by ``best_fits``. ``~`` stays."""
    if typed == "~" or any(p.id == typed for p in t.players):
        return typed
    people = [(p.id, p.name, p.id) for p in t.players]
    roster = [entry for entry in people if entry[0] in team.roster]
    found = best_fits(typed, roster) or best_fits(typed, people)
    if len(found) == 1:
        return found[0]
    if not found:
        return typed  # not a name either: the line-up check names it an unknown id
    names = ", ".join(f"{t.player(pid).name} ({pid})" for pid in found[:8])
    raise Refused(f"'{typed}' names {len(found)} players: {names}; give the id")
