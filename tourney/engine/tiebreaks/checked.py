"""A tie-break as written in tournament.yaml, read with the engine's own grammar and registry.

The folder loader calls :func:`check_tiebreak` so that ``tourney check`` accepts
exactly the tie-breaks this engine computes: the name must be in ``TIEBREAKS``
(a team-only one in a team event only), ``:MP``/``:GP`` only in a team event,
and each modifier must be one its tie-break takes (the registry entry's
``modifiers``; ``/V1`` and ``/V2``, the C.07 edition, go with every one).

>>> str(check_tiebreak("BH/V1", team=False))
'BH/V1'
>>> check_tiebreak("WIN/C1", team=False)
Traceback (most recent call last):
...
tourney.engine.tiebreaks.descriptor.DescriptorError: WIN takes no modifier /C1: 'WIN/C1'
"""

from __future__ import annotations

from tourney.engine.tiebreaks.descriptor import Descriptor, DescriptorError, read_descriptor
from tourney.engine.tiebreaks.registry import TIEBREAKS

EVERY = frozenset({"V"})  # the edition goes with every tie-break


def names(team: bool) -> tuple[str, ...]:
    """The tie-break names an event of this kind may list."""
    return tuple(code for code, entry in TIEBREAKS.items() if team or not entry.team_only)


def check_tiebreak(text: str, team: bool) -> Descriptor:
    """The descriptor, or ``DescriptorError`` at the first thing the engine would not compute."""
    descriptor, modifiers = read_descriptor(text)
    entry = TIEBREAKS.get(descriptor.name)
    if entry is None or (entry.team_only and not team):
        known = names(team)
        import difflib  # only for a mistake's hint

        close = difflib.get_close_matches(descriptor.name, known, n=1, cutoff=0.6)
        kind = "team" if team else "individual"
        if entry is not None:
            message = f"{descriptor.name} is a tie-break of team events"
        else:
            message = f"unknown {kind} tie-break code '{descriptor.name}'"
        hint = f"did you mean '{close[0]}'?" if close else "see docs/tiebreaks.md for the codes"
        raise DescriptorError(text, 0, message, hint)
    if descriptor.score and not team:
        raise DescriptorError(
            text,
            len(descriptor.name),
            f"':{descriptor.score}' is for team events only",
            "drop the ':MP' or ':GP' part",
        )
    allowed = entry.modifiers | EVERY
    for written, position in modifiers:
        if written[0] not in allowed:
            takes = sorted(entry.modifiers)
            hint = (
                f"{entry.code} takes " + ", ".join(f"/{m}" for m in takes)
                if takes
                else f"{entry.code} takes only /V1 or /V2 (the C.07 edition)"
            )
            raise DescriptorError(
                text,
                position,
                f"{entry.code} takes no modifier /{written}",
                hint + " (docs/tiebreaks.md)",
            )
    return descriptor
