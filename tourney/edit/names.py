"""Which players a name typed at a command means: the closest fit wins.

``tourney player withdraw Smit``, ``tourney results`` (``Smit 1-0``) and
``tourney lineup`` take a player's id or name as people type it. A typed name
fits in tiers, and the first tier that fits anyone decides:

1. the id, or the whole name in either order (``Smit, Jan`` or ``Jan Smit``);
2. the surname exactly (``Smit`` is Jan Smit, not also Piet Smits);
3. a part of the name (``Smi`` is Smit and Smits: ambiguous, the caller lists them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

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
