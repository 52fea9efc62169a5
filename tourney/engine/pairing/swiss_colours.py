"""Colour preferences and colour allocation shared by the FIDE Swiss systems.

The basic rules (C.04.1 f, g) ask for colours as balanced and alternating as
possible; the Dutch system states the preferences and the allocation that
realise it (C.04.3 A.6, A.7, E). A system uses them where its own text
refers to them; where its text differs, that part lives in its own module.

Only games played over the board count: a round without a game is skipped,
so a history "BW-B" is read as "BWB" (C.04.2). From the played colours:

* absolute preference: colour difference above +1 or below -1, or the same
  colour in the two latest played games (A.6 a);
* strong preference: colour difference +1 or -1 (A.6 b);
* mild preference: colour difference 0, alternating from the last game (A.6 c);
* no preference: no game played yet.

The allocation of a pair follows E.1-E.5: both preferences when compatible;
else the stronger one (between two absolute ones, the wider colour
difference); else alternate from the most recent round in which the two had
different colours; else the higher-ranked player's preference; else the
initial colour by the parity of the higher-ranked player's pairing number.
"""

from __future__ import annotations

from tourney.engine.pairing.swiss_state import SwissPlayer, SwissState
from tourney.model import Colour
from tourney.records import dataclass

NONE = 0
MILD = 1
STRONG = 2
ABSOLUTE = 3


@dataclass(frozen=True, slots=True)
class Preference:
    """A player's colour preference before the round (A.6)."""

    colour: Colour | None
    strength: int
    difference: int  # whites minus blacks over played games
    played: tuple[Colour, ...]

    @property
    def repeated(self) -> Colour | None:
        """The colour of the last two played games when they are the same."""
        if len(self.played) >= 2 and self.played[-1] is self.played[-2]:
            return self.played[-1]
        return None


def preference(player: SwissPlayer) -> Preference:
    """The colour preference of a player from his played games (A.6)."""
    played = player.played_colours
    diff = sum(1 if c is Colour.WHITE else -1 for c in played)
    if not played:
        return Preference(None, NONE, 0, played)
    last = played[-1]
    if diff > 1:
        return Preference(Colour.BLACK, ABSOLUTE, diff, played)
    if diff < -1:
        return Preference(Colour.WHITE, ABSOLUTE, diff, played)
    if len(played) >= 2 and played[-2] is last:
        return Preference(last.other, ABSOLUTE, diff, played)
    if diff == 1:
        return Preference(Colour.BLACK, STRONG, diff, played)
    if diff == -1:
        return Preference(Colour.WHITE, STRONG, diff, played)
    return Preference(last.other, MILD, diff, played)


def is_topscorer(player: SwissPlayer, state: SwissState) -> bool:
    """A.7: in the last round, a score above half the maximum possible score."""
    if not state.is_last_round:
        return False
    best = max(state.win_points, state.draw_points)
    return player.score * 2 > best * (state.round_no - 1)


def _by_history(hp: Preference, lp: Preference) -> Colour | None:
    """E.3: the colour of the higher player, alternating from the latest round
    in which the two had different colours (histories aligned at the end)."""
    a, b = hp.played, lp.played
    for k in range(1, min(len(a), len(b)) + 1):
        if a[-k] is not b[-k]:
            return a[-k].other
    return None


def allocate(
    h: SwissPlayer,
    hp: Preference,
    lo: SwissPlayer,
    lp: Preference,
    initial: Colour,
    h_number: int,
) -> Colour:
    """The colour of ``h`` (the higher-ranked player of the pair) by E.1-E.5.

    ``h_number`` is the pairing number of ``h`` counted over the players who are
    paired this round or took part in an earlier one (players not yet entered
    or only ever absent are skipped), as the endorsed engines read E.5.
    """
    return allocate_with_rule(h, hp, lo, lp, initial, h_number)[0]


def allocate_with_rule(
    h: SwissPlayer,
    hp: Preference,
    lo: SwissPlayer,
    lp: Preference,
    initial: Colour,
    h_number: int,
) -> tuple[Colour, str]:
    """``allocate``, with the rule of E.1-E.5 that decided, in words."""
    if hp.colour is not None and lp.colour is not None and hp.colour is not lp.colour:
        return hp.colour, "E.1: both preferences granted"
    if hp.colour is None and lp.colour is not None:
        return lp.colour.other, "E.1: the only preference granted"
    if lp.colour is None and hp.colour is not None:
        return hp.colour, "E.1: the only preference granted"
    if hp.colour is not None and lp.colour is not None:
        if hp.strength != lp.strength:
            colour = hp.colour if hp.strength > lp.strength else hp.colour.other
            return colour, "E.2: the stronger preference granted"
        if hp.strength == ABSOLUTE and abs(hp.difference) != abs(lp.difference):
            colour = hp.colour if abs(hp.difference) > abs(lp.difference) else hp.colour.other
            return colour, "E.2: the wider colour difference granted"
        alt = _by_history(hp, lp)
        if alt is not None:
            return alt, "E.3: alternation from the latest round with different colours"
        return hp.colour, "E.4: the higher-ranked player's preference"
    if h_number % 2 == 1:
        return initial, f"E.5: {h_number} is odd, so the initial colour ({initial.value})"
    return initial.other, f"E.5: {h_number} is even, so the other colour than the initial one"


def colour_violations(
    h: SwissPlayer,
    hp: Preference,
    lo: SwissPlayer,
    lp: Preference,
    initial: Colour,
    h_number: int,
) -> tuple[int, int, int, int]:
    """For a candidate pair: (C10, C11, C12, C13) counts of players who would get
    a colour difference beyond +-2, the same colour a third time in a row, not
    their preference, not their strong preference."""
    hc = allocate(h, hp, lo, lp, initial, h_number)
    lc = hc.other
    c10 = c11 = c12 = c13 = 0
    for pref, colour in ((hp, hc), (lp, lc)):
        diff = pref.difference + (1 if colour is Colour.WHITE else -1)
        if abs(diff) > 2:
            c10 += 1
        if pref.repeated is colour:
            c11 += 1
        if pref.colour is not None and pref.colour is not colour:
            c12 += 1
            if pref.strength >= STRONG:
                c13 += 1
    return c10, c11, c12, c13
