"""Colours in the team Swiss: preferences (C.04.6 Art. 1.7) and allocation (Art. 4);
and the Double-Swiss's allocation (C.04.5 Art. 4), which is made of the same steps.

A team's colour is the colour of its board-1 player (Art. 1.6.1); the other boards
alternate and are the competition's business. No colour rule is absolute (Preface).
A Double-Swiss player's colour is White or Black in game 1 of the match (C.04.5 1.6);
that system has no colour preferences and no colour criterion: Art. 4 alone decides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from tourney.engine.pairing.team_state import ColourPreferenceType, TeamRecord, TeamState
from tourney.model import Colour


@dataclass(frozen=True, slots=True)
class Preference:
    """A colour preference: None for no preference; ``strong`` only under Type B."""

    colour: Colour | None = None
    strong: bool = False

    def describe(self) -> str:
        if self.colour is None:
            return "no preference"
        strength = "strong " if self.strong else ""
        return f"{strength}{self.colour.value}"


NO_PREFERENCE = Preference()


def _simple(team: TeamRecord) -> Colour | None:
    """The Type A preference, which is also Type B's strong one (Art. 1.7.1, 1.7.2)."""
    cd = team.colour_difference
    last_two = team.colours[-2:]
    if cd < -1 or (cd in (0, -1) and last_two == (Colour.BLACK, Colour.BLACK)):
        return Colour.WHITE
    if cd > 1 or (cd in (0, 1) and last_two == (Colour.WHITE, Colour.WHITE)):
        return Colour.BLACK
    return None


def preference(team: TeamRecord, state: TeamState) -> Preference:
    """Art. 1.7: the team's preference for the round being paired.

    Type B in the last round with CD 0 and the last two matches of one colour: the
    strong clause is taken first (the no-preference sentence closes the mild ones).
    """
    if state.colour_type is ColourPreferenceType.NONE or not team.colours:
        return NO_PREFERENCE
    simple = _simple(team)
    if state.colour_type is ColourPreferenceType.A:
        return Preference(simple)
    if simple is not None:
        return Preference(simple, strong=True)
    cd = team.colour_difference
    if cd == -1:
        return Preference(Colour.WHITE)
    if cd == 1:
        return Preference(Colour.BLACK)
    if cd == 0 and not state.last_round:
        return Preference(team.colours[-1].other)
    return NO_PREFERENCE


@dataclass(frozen=True, slots=True)
class ColourDecision:
    white: int
    black: int
    rule: str  # the Art. 4.3.x step that decided
    reason: str


def first_team(state: TeamState, a: int, b: int) -> int:
    """Art. 4.2: higher primary score, then higher secondary score, then smaller TPN."""

    def key(tpn: int) -> tuple[Fraction, Fraction, int]:
        secondary = state.secondary(tpn) if state.use_secondary else Fraction(0)
        return (-state.score(tpn), -secondary, tpn)

    return min(a, b, key=key)


Step = Callable[[TeamState, TeamRecord, TeamRecord, Preference, Preference], Colour | None]


def _step_initial(
    state: TeamState, f: TeamRecord, o: TeamRecord, pf: Preference, po: Preference
) -> Colour | None:
    """4.3.1: both yet to play a match: odd TPN takes the initial-colour."""
    if f.colours or o.colours:
        return None
    return state.initial_colour if f.tpn % 2 else state.initial_colour.other


def _step_single(
    state: TeamState, f: TeamRecord, o: TeamRecord, pf: Preference, po: Preference
) -> Colour | None:
    """4.3.2: only one team has a colour preference: grant it."""
    if pf.colour is not None and po.colour is None:
        return pf.colour
    if po.colour is not None and pf.colour is None:
        return po.colour.other
    return None


def _step_opposite(
    state: TeamState, f: TeamRecord, o: TeamRecord, pf: Preference, po: Preference
) -> Colour | None:
    """4.3.3: opposite preferences: grant both."""
    if pf.colour is not None and po.colour is not None and pf.colour is not po.colour:
        return pf.colour
    return None


def _step_strong(
    state: TeamState, f: TeamRecord, o: TeamRecord, pf: Preference, po: Preference
) -> Colour | None:
    """4.3.4 (Type B only): only one strong preference: grant it."""
    if state.colour_type is not ColourPreferenceType.B:
        return None
    if pf.strong and not po.strong:
        return pf.colour
    if po.strong and not pf.strong and po.colour is not None:
        return po.colour.other
    return None


def _step_fewer_whites(
    state: TeamState, f: TeamRecord, o: TeamRecord, pf: Preference, po: Preference
) -> Colour | None:
    """C.04.5 4.3.2: White to the player who had White (in game 1) in fewer matches."""
    fw, ow = (r.colours.count(Colour.WHITE) for r in (f, o))
    if fw == ow:
        return None
    return Colour.WHITE if fw < ow else Colour.BLACK


def _step_difference(
    state: TeamState, f: TeamRecord, o: TeamRecord, pf: Preference, po: Preference
) -> Colour | None:
    """4.3.5: White to the team with the lower colour difference."""
    if f.colour_difference == o.colour_difference:
        return None
    return Colour.WHITE if f.colour_difference < o.colour_difference else Colour.BLACK


def _step_history(
    state: TeamState, f: TeamRecord, o: TeamRecord, pf: Preference, po: Preference
) -> Colour | None:
    """4.3.6: alternate from the most recent time one had White and the other Black;
    played matches only, aligned from the latest (C.04.2 Art. 3.4)."""
    for mine, theirs in zip(reversed(f.colours), reversed(o.colours), strict=False):
        if mine is not theirs:
            return mine.other
    return None


def _step_first_preference(
    state: TeamState, f: TeamRecord, o: TeamRecord, pf: Preference, po: Preference
) -> Colour | None:
    """4.3.7: grant the first-team's colour preference."""
    return pf.colour


def _step_first_alternates(
    state: TeamState, f: TeamRecord, o: TeamRecord, pf: Preference, po: Preference
) -> Colour | None:
    """4.3.8: alternate the first-team's colour from its last played round."""
    return f.colours[-1].other if f.colours else None


def _step_other_alternates(
    state: TeamState, f: TeamRecord, o: TeamRecord, pf: Preference, po: Preference
) -> Colour | None:
    """4.3.9: alternate the other team's colour from its last played round."""
    return o.colours[-1] if o.colours else None


# Art. 4.3 in descending priority: the first step that decides, decides.
COLOUR_STEPS: tuple[tuple[str, Step], ...] = (
    ("4.3.1", _step_initial),
    ("4.3.2", _step_single),
    ("4.3.3", _step_opposite),
    ("4.3.4", _step_strong),
    ("4.3.5", _step_difference),
    ("4.3.6", _step_history),
    ("4.3.7", _step_first_preference),
    ("4.3.8", _step_first_alternates),
    ("4.3.9", _step_other_alternates),
)


# C.04.5 Art. 4.3 (the higher-ranked player, 4.2, plays the part of the first-team):
# both without a match, the TPN's parity; fewer Whites; the latest difference in the
# colour histories; the higher-ranked player alternates; the other alternates.
DOUBLE_SWISS_STEPS: tuple[tuple[str, Step], ...] = (
    ("4.3.1", _step_initial),
    ("4.3.2", _step_fewer_whites),
    ("4.3.3", _step_history),
    ("4.3.4", _step_first_alternates),
    ("4.3.5", _step_other_alternates),
)


def allocate(
    state: TeamState, a: int, b: int, steps: tuple[tuple[str, Step], ...] = COLOUR_STEPS
) -> ColourDecision:
    """Art. 4.3: the board-1 colours of the pair {a, b} (``DOUBLE_SWISS_STEPS``: the
    game-1 colours of a Double-Swiss match)."""
    first = first_team(state, a, b)
    other = b if first == a else a
    f, o = state.team(first), state.team(other)
    pf, po = preference(f, state), preference(o, state)
    for article, step in steps:
        colour = step(state, f, o, pf, po)
        if colour is not None:
            white, black = (first, other) if colour is Colour.WHITE else (other, first)
            if state.rules.colour_criteria:
                reason = (
                    f"first-team {first} ({pf.describe()}), {other} ({po.describe()}):"
                    f" {white} White by {article}"
                )
            else:
                reason = f"higher-ranked {first}, {other}: {white} White in game 1 by {article}"
            return ColourDecision(white, black, article, reason)
    raise AssertionError("Art. 4.3.1 or the alternation steps always decide")  # pragma: no cover
