"""The Lim System, C.04.4.3 (2026 text, applied from 1 February 2026).

``pair_lim(state)`` pairs one round by the Lim procedure: every choice is "the
first in this order", not the best of a set of criteria.

* The pairing-allocated bye (Art. 1.1): the lowest-ranked player of the lowest
  scoregroup who may have it (Basic Rules Art. 3-4); in round 1 the lowest rated
  player (7.1). The bye must let the others be paired.
* Compatibility (2.1): two players are compatible when they have not met and some
  colour allocation keeps both inside the colour limits (5.1: never the same colour
  three times running, never three more of one colour); in the last round only
  the meeting counts (Art. 6).
* Order (2.2): the scoregroups from the top down to just above the Median
  Scoregroup (score = half the rounds played), then from the bottom up, the Median
  Scoregroup last and paired downward. A group above the median passes its
  floaters down, one below passes them up, towards the median (2.3).
* Floaters (2.3, Art. 3): as many as the group cannot pair; first those with no
  compatible opponent in it (2.3.1-2.3.3), then, to make the group even (2.3.4),
  one who did not float in the previous round (3.10), then one due the colour
  most of the group is due (3.2.2), then the lowest-ranked player in a group paired
  downward, the highest-ranked in one paired upward (3.2.4, 3.3).
* Pairing a group (2.4, Art. 4, 3.6-3.8): the incoming floaters first, each with
  the first resident in the direction of pairing due the other colour, else the
  first compatible one; then the residents top half against bottom half, the first
  player of the list with the first of the bottom half who is compatible and due
  the other colour, else the first compatible one, then the top half from the
  bottom up (the exchanges of 4.2-4.3, generalised beyond six players).
* Colours (Art. 5, 7.2).

Where the text lets the Median Scoregroup fail and cracks earlier pairings (2.6),
tourney refuses at each step any floater or opponent that would leave the rest of
the round unpairable, so the round always completes when a legal pairing exists
(docs/pairing.md, "Lim").
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

from tourney.engine.pairing.completion import Completion, max_pairs, round_completion
from tourney.engine.pairing.swiss_core import NoPairing, SwissPairing, board_key, pair_or_diagnose
from tourney.engine.pairing.swiss_state import SwissPlayer, SwissState
from tourney.model import Colour

_TRIAL = 1 << 30  # the key of a set closed only to test it
_MAX_SETS = 2000  # floater sets tried per size before floating more players


def due_colour(player: SwissPlayer) -> Colour | None:
    """Art. 5: the colour that equalises a player's colours, or, when they are
    equal, the one that alternates from the last game; none before any game."""
    played = player.played_colours
    if not played:
        return None
    diff = sum(1 if c is Colour.WHITE else -1 for c in played)
    if diff:
        return Colour.BLACK if diff > 0 else Colour.WHITE
    return played[-1].other


def may_take(player: SwissPlayer, colour: Colour) -> bool:
    """5.1 (and 2.1): the colour neither makes a third in a row nor three more of
    one colour than the other."""
    played = player.played_colours
    diff = sum(1 if c is Colour.WHITE else -1 for c in played)
    diff += 1 if colour is Colour.WHITE else -1
    if abs(diff) > 2:
        return False
    return not (len(played) >= 2 and played[-1] is colour and played[-2] is colour)


def median_score(state: SwissState) -> Fraction:
    """2.2: half of what the rounds played can give (a draw for every round)."""
    return Fraction(state.round_no - 1) * state.win_points / 2


class _Round:
    def __init__(self, state: SwissState) -> None:
        self.state = state
        self.p = sorted(state.to_pair, key=lambda x: x.number)
        n = self.n = len(self.p)
        self.score = [x.key_score for x in self.p]
        self.due = [due_colour(x) for x in self.p]
        self.last = state.is_last_round
        self.median = median_score(state)
        prev = state.round_no - 2
        self.floated = [
            prev >= 0
            and len(x.floats) > prev
            and x.floats[prev] is not None
            and x.colours[prev] is not None
            for x in self.p
        ]
        legal = [[False] * n for _ in range(n)]
        forbidden = state.forbidden
        for i, a in enumerate(self.p):
            for j in range(i + 1, n):
                b = self.p[j]
                if b.number in a.opponents or a.number in b.opponents:
                    continue
                if forbidden and frozenset((a.number, b.number)) in forbidden:
                    continue
                if not self.last and not any(
                    may_take(a, c) and may_take(b, c.other) for c in (Colour.WHITE, Colour.BLACK)
                ):
                    continue  # 2.1: no permissible colours for both
                legal[i][j] = legal[j][i] = True
        self.legal = legal
        self.adj = [[j for j in range(n) if legal[i][j]] for i in range(n)]

    def name(self, i: int) -> str:
        return str(self.p[i].number)


def pair_lim(state: SwissState) -> SwissPairing:
    """Pair round ``state.round_no`` by the Lim System (C.04.4.3).

    Raises ``NoPairing`` when no pairing keeps the compatibility of 2.1.
    """
    return pair_or_diagnose(_pair, state)


def _pair(state: SwissState) -> SwissPairing:
    r = _Round(state)
    if r.n == 0:
        return SwissPairing((), None, ())
    notes = [
        f"Lim System (C.04.4.3): round {state.round_no}, {r.n} players to pair, "
        f"Median Scoregroup {_score_text(r.median)} (2.2)"
    ]
    comp, bye = _bye(r, notes)
    above = sorted({s for i, s in enumerate(r.score) if comp.alive(i) and s > r.median})
    below = sorted({s for i, s in enumerate(r.score) if comp.alive(i) and s < r.median})
    # 2.2: (score, paired downward?, where its floaters go)
    plan: list[tuple[Fraction, bool, Fraction]] = []
    down = above[::-1]
    for k, s in enumerate(down):
        plan.append((s, True, down[k + 1] if k + 1 < len(down) else r.median))
    for k, s in enumerate(below):
        plan.append((s, False, below[k + 1] if k + 1 < len(below) else r.median))
    plan.append((r.median, True, r.median))
    incoming: dict[Fraction, list[int]] = {}
    pairs: list[tuple[int, int, Fraction]] = []
    for key, (s, downward, target) in enumerate(plan):
        floaters = incoming.get(s, [])
        residents = [i for i in range(r.n) if comp.alive(i) and r.score[i] == s]
        members = floaters + [i for i in residents if i not in floaters]
        if not members:
            continue
        last_group = key == len(plan) - 1
        out = [] if last_group else _floaters(r, comp, members, downward, key)
        group = [i for i in members if i not in out]
        if not comp.close(group, key):
            raise NoPairing("the Median Scoregroup cannot be paired (C.04.4.3 2.6)")
        line = f"2.2: scoregroup {_score_text(s)}, paired {'downward' if downward else 'upward'}"
        if floaters:
            line += "; incoming floaters " + " ".join(r.name(i) for i in floaters)
        if out:
            line += "; floaters out " + " ".join(r.name(i) for i in out) + " (2.3, Art. 3)"
        notes.append(line)
        for a, b in _pair_group(r, comp, group, [i for i in floaters if i in group], downward):
            pairs.append((a, b, s))
        incoming.setdefault(target, []).extend(out)
    return _finish(r, pairs, bye, notes)


def _score_text(s: Fraction) -> str:
    return f"{float(s):g}" if s.denominator <= 2 else str(s)


# -- the bye (1.1, 7.1) ---------------------------------------------------------------


def _bye(r: _Round, notes: list[str]) -> tuple[Completion, int | None]:
    n = r.n
    comp = round_completion(r.adj, [p.pab_eligible for p in r.p])
    if n % 2 == 0:
        if not comp.possible:
            raise NoPairing("no pairing keeps every pair compatible (C.04.4.3 2.1)")
        return comp, None
    dummy = n  # the bye's vertex in ``comp``
    if not comp.possible:
        raise NoPairing("no pairing with a bye keeps every pair compatible (C.04.4.3 2.1)")
    eligible = [i for i in range(n) if r.p[i].pab_eligible]
    if r.state.round_no == 1 and not any(p.played_colours for p in r.p):
        order = sorted(eligible, key=lambda i: (r.p[i].rating, -r.p[i].number))
        rule = "7.1: the lowest rated player"
    else:
        order = sorted(eligible, key=lambda i: (r.score[i], -r.p[i].number))
        rule = "1.1: the lowest-ranked player of the lowest scoregroup"
    for i in order:
        if comp.pair(i, dummy):
            notes.append(f"{rule} takes the bye: {r.name(i)} (the rest can be paired)")
            return comp, i
    raise NoPairing("no player can take the bye (C.04.4.3 1.1)")


# -- floaters (2.3, Art. 3) ------------------------------------------------------------


def _floaters(
    r: _Round, comp: Completion, members: list[int], downward: bool, key: int
) -> list[int]:
    """The players the group passes on: as few as the group and the rest of the
    round allow, the first by the order of 2.3 and Art. 3."""
    inside = set(members)
    alone = [i for i in members if not any(j in inside for j in r.adj[i])]
    whites = sum(1 for i in members if r.due[i] is Colour.WHITE)
    blacks = sum(1 for i in members if r.due[i] is Colour.BLACK)
    major = Colour.WHITE if whites > blacks else Colour.BLACK if blacks > whites else None

    def order(i: int) -> tuple[object, ...]:
        rank = (r.score[i], -r.p[i].number) if downward else (-r.score[i], r.p[i].number)
        return (r.floated[i], r.due[i] is not major or major is None, rank)

    rest = sorted((i for i in members if i not in alone), key=order)
    least = len(members) - 2 * max_pairs(r.adj, members)
    for k in range(least, len(members) + 1, 2):
        extra = k - len(alone)
        if extra < 0:
            continue
        for tried, more in enumerate(combinations(rest, extra)):
            if tried >= _MAX_SETS:
                break
            out = alone + list(more)
            if comp.can_close([i for i in members if i not in out], _TRIAL):
                return out
    return list(members)


# -- pairing a group (2.4, Art. 4, 3.6-3.8) --------------------------------------------


def _pair_group(
    r: _Round, comp: Completion, group: list[int], floaters: list[int], downward: bool
) -> list[tuple[int, int]]:
    residents = sorted((i for i in group if i not in floaters), key=lambda i: r.p[i].number)
    ahead = sorted(
        floaters,
        key=(lambda i: (-r.score[i], r.p[i].number))
        if downward
        else (lambda i: (r.score[i], r.p[i].number)),
    )
    arranged = ahead + residents
    paired: set[int] = set()
    out = []
    for p in arranged:
        if p in paired:
            continue
        free = [i for i in arranged if i not in paired and i != p]
        if p in floaters:
            home = [i for i in residents if i not in paired]
            order = (home if downward else home[::-1]) + [i for i in free if i not in home]
        else:
            rest = [i for i in arranged if i not in paired]
            half = len(rest) // 2
            order = rest[half:] + rest[1:half][::-1]
        c = _first(r, comp, p, order)
        paired.update((p, c))
        out.append((p, c))
    return out


def _first(r: _Round, comp: Completion, p: int, order: Sequence[int]) -> int:
    """The first available opponent due the other colour, else the first available
    one (4.1, 3.8); available: compatible, and the rest can still be paired."""
    fallback = None
    for c in order:
        if not r.legal[p][c] or not comp.can_pair(p, c):
            continue
        if r.due[p] is None or r.due[c] is None or r.due[c] is not r.due[p]:
            comp.pair(p, c)
            return c
        if fallback is None:
            fallback = c
    if fallback is None:
        raise NoPairing("the scoregroup cannot be paired (C.04.4.3 Art. 4)")
    comp.pair(p, fallback)
    return fallback


# -- colours (Art. 5, 7.2) and boards ----------------------------------------------------


def _higher(r: _Round, a: int, b: int) -> tuple[int, int]:
    ka = (-r.score[a], r.p[a].number)
    kb = (-r.score[b], r.p[b].number)
    return (a, b) if ka <= kb else (b, a)


def colour_of_higher(r: _Round, h: int, lo: int, group: Fraction) -> tuple[Colour, str]:
    """Art. 5: the colour of the higher-ranked player ``h`` and the rule that decided."""
    ph, pl = r.p[h], r.p[lo]
    ok = [c for c in (Colour.WHITE, Colour.BLACK) if may_take(ph, c) and may_take(pl, c.other)]
    if len(ok) == 1:
        return ok[0], "5.1: the only colours inside the limits"
    dh, dl = r.due[h], r.due[lo]
    if dh is None and dl is None:
        initial = r.state.initial_colour
        if ph.number % 2:
            return initial, f"7.2: {ph.number} is odd, so the colour drawn for #1"
        return initial.other, f"7.2: {ph.number} is even, so the other colour"
    if dh is None or dl is None or dh is not dl:
        colour = dh if dh is not None else dl.other  # type: ignore[union-attr]
        return colour, "5.2: the due colours granted"
    for ch, cl in zip(reversed(ph.colours), reversed(pl.colours), strict=False):
        if ch is not None and cl is not None and ch is not cl:
            return ch.other, "5.4: alternation from the latest round with different colours"
    if group >= r.median:
        return dh, "5.4: the higher-ranked player's due colour (median scoregroup or above)"
    return dh.other, "5.4: the lower-ranked player's due colour (below the median)"


def _finish(
    r: _Round, pairs: list[tuple[int, int, Fraction]], bye: int | None, notes: list[str]
) -> SwissPairing:
    boards = []
    for a, b, group in pairs:
        h, lo = _higher(r, a, b)
        colour, rule = colour_of_higher(r, h, lo, group)
        white, black = (h, lo) if colour is Colour.WHITE else (lo, h)
        key = board_key(r.p[h], r.p[lo], r.p[h].number)
        boards.append((key, white, black, rule))
    boards.sort(key=lambda e: e[0])
    out = list(notes)
    for k, (_, white, black, rule) in enumerate(boards, start=1):
        out.append(f"board {k}: {r.name(white)} - {r.name(black)} ({rule})")
    return SwissPairing(
        tuple((r.p[w].number, r.p[b].number) for _, w, b, _ in boards),
        r.p[bye].number if bye is not None else None,
        tuple(out),
    )


__all__ = ["due_colour", "may_take", "median_score", "pair_lim"]
