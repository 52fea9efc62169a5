"""A tie-break's name as legends print it, with its modifiers in words.

``BH/C1`` and ``BH`` are different tie-breaks (C.07 14.1: Cut-1 leaves out the
lowest value), so a legend must not name both "Buchholz". The cut and median
modifiers are spelled out; any other modifier is named by its code.
"""

from __future__ import annotations

from tourney.engine.tiebreaks import lookup
from tourney.engine.tiebreaks.descriptor import Descriptor


def _count(n: int, what: str) -> str:
    return f"the {what} value" if n == 1 else f"the {n} {what} values"


def tiebreak_name(d: Descriptor) -> str:
    """``Buchholz, cut 1 (the lowest value left out)`` for BH/C1; ``Buchholz`` for BH.

    >>> from tourney.engine.tiebreaks.descriptor import parse_descriptor
    >>> tiebreak_name(parse_descriptor("BH/C1")), tiebreak_name(parse_descriptor("BH/M2"))
    ('Buchholz, cut 1 (the lowest value left out)', 'Buchholz, median 2 (the 2 highest and the 2 lowest values left out)')
    """
    name = lookup(d).name
    parts = []
    if d.cut:
        parts.append(f"cut {d.cut} ({_count(d.cut, 'lowest')} left out)")
    if d.median:
        highest = _count(d.median, "highest").removesuffix(" value").removesuffix(" values")
        parts.append(f"median {d.median} ({highest} and {_count(d.median, 'lowest')} left out)")
    plain = Descriptor(d.name, d.score)
    rest = str(d).removeprefix(str(plain))
    for code in ("/C", "/M"):
        while code in rest:  # spelled out above
            start = rest.index(code)
            end = start + 2
            while end < len(rest) and rest[end].isdigit():
                end += 1
            rest = rest[:start] + rest[end:]
    edition = "/V1" if rest.endswith("/V1") else "/V2" if rest.endswith("/V2") else ""
    rest = rest.removesuffix(edition)
    if rest:
        parts.append(f"modifiers {rest}")
    return ", ".join([name, *parts])
