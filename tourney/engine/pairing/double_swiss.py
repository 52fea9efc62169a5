"""The FIDE Double-Swiss system (C.04.5, in force from 1 February 2026): one pairing a
round, a two-game match with alternating colours.

``pair_double_swiss(state)`` pairs a round on the Swiss core (``swiss_state``,
``completion``), in the order the system's articles give:

1. the order of the players (1.2): score, then TPN (pairing number), ascending;
2. the pairing-allocated bye (3.4, when the number to pair is odd): to the player of
   the lowest score, then the largest TPN, who may have it (C.04.1 d: no earlier PAB,
   no unplayed match won) and whose bye leaves the others pairable ([C1]);
3. brackets (1.3): the top scoregroup of the players still unpaired (its *resident*
   players) with as few *upfloaters* as make it pairable, taken from the lower
   scoregroups in the order of 1.2 (3.5); there are no downfloaters; a bracket is
   accepted only when the rest of the round can still be paired ([C1] completion);
4. the bracket's pairing (3.6): the top half of the bracket against the bottom half,
   each player in order taking the first opponent of the bottom half, then of the
   top half, that leaves the bracket pairable, an opponent against whom both want
   the same colour in game 1 only when no other does ([C8]);
5. colours (Art. 4): who has White in game 1; game 2 reverses them (Preface).

The Preface's rules for results (a match is forfeited only if a player forfeits both
games, and may then be paired again; byes per match) are read by ``swiss_state``
from ``engine/double_games``. docs/pairing.md, "Double-Swiss", says which published
text tourney had and which reading it takes where that text leaves a choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from tourney.engine.pairing.completion import Completion, round_completion
from tourney.engine.pairing.swiss_core import NoPairing, SwissPairing, board_order
from tourney.engine.pairing.swiss_state import SwissPlayer, SwissState
from tourney.model import Colour

# Upfloater sets of one size tried before the next size (a bound on the combinations
# of 3.5; no real round comes near it: one or two upfloaters are the rule).
_MAX_SETS = 20_000


@dataclass(frozen=True, slots=True)
class Preference:
    """A player's colour for game 1 (Art. 4): the colour wanted, and whether it is
    absolute (the same colour in game 1 of the last two matches: a third is refused,
    C.04.1 g)."""

    colour: Colour | None
    absolute: bool = False


def preference(player: SwissPlayer) -> Preference:
    """The game-1 colour a player wants: the one played less often in game 1, else the
    other of the last; absolute after the same colour twice in a row (C.04.1 f-h read
    on game 1, the colour a match is paired by)."""
    played = player.played_colours
    if not played:
        return Preference(None)
    whites = sum(c is Colour.WHITE for c in played)
    difference = whites - (len(played) - whites)
    absolute = len(played) >= 2 and played[-1] is played[-2]
    if absolute:
        return Preference(played[-1].other, True)
    if difference > 0:
        return Preference(Colour.BLACK, abs(difference) > 1)
    if difference < 0:
        return Preference(Colour.WHITE, abs(difference) > 1)
    return Preference(played[-1].other)


def _conflict(a: SwissPlayer, b: SwissPlayer) -> int:
    """[C8]: 2 when both must have the same colour, 1 when both want it, else 0."""
    pa, pb = preference(a), preference(b)
    if pa.colour is None or pa.colour is not pb.colour:
        return 0
    return 2 if pa.absolute and pb.absolute else 1


@dataclass(frozen=True, slots=True)
class ColourChoice:
    white: int
    black: int
    reason: str


def allocate(state: SwissState, higher: SwissPlayer, lower: SwissPlayer) -> ColourChoice:
    """Art. 4: White in game 1 for one of the pair (``higher`` ranks first by 1.2)."""
    ph, pl = preference(higher), preference(lower)

    def give(first: SwissPlayer, colour: Colour, why: str) -> ColourChoice:
        second = lower if first is higher else higher
        white, black = (first, second) if colour is Colour.WHITE else (second, first)
        return ColourChoice(white.number, black.number, why)

    if ph.colour is None and pl.colour is None:
        colour = state.initial_colour if higher.number % 2 else state.initial_colour.other
        return give(
            higher,
            colour,
            f"no match yet: {higher.number} has an odd TPN"
            if higher.number % 2
            else f"no match yet: {higher.number} has an even TPN",
        )
    if ph.absolute != pl.absolute:
        first, pref = (higher, ph) if ph.absolute else (lower, pl)
        assert pref.colour is not None
        return give(first, pref.colour, f"{first.number} is bound to {pref.colour.value}")
    if ph.colour is not pl.colour:
        if ph.colour is not None:
            return give(
                higher,
                ph.colour,
                "both preferences granted"
                if pl.colour
                else f"only {higher.number} has a preference",
            )
        assert pl.colour is not None
        return give(lower, pl.colour, f"only {lower.number} has a preference")
    assert ph.colour is not None
    # Both want the same colour: the one who had it less often in game 1 gets it,
    # then the one who had the other more recently, then the higher-ranked.
    want = ph.colour
    counts = [sum(c is want for c in p.played_colours) for p in (higher, lower)]
    if counts[0] != counts[1]:
        first = higher if counts[0] < counts[1] else lower
        return give(first, want, f"{first.number} had {want.value} in game 1 less often")
    for ch, cl in zip(
        reversed(higher.played_colours), reversed(lower.played_colours), strict=False
    ):
        if ch is not cl:
            first = higher if ch is want.other else lower
            return give(first, want, f"{first.number} had {want.other.value} more recently")
    return give(higher, want, f"{higher.number} ranks higher (1.2)")


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def pair_double_swiss(state: SwissState) -> SwissPairing:
    """The pairing of round ``state.round_no`` by C.04.5; raises ``NoPairing`` when no
    pairing keeps the absolute criteria (no rematch, at most one PAB)."""
    order = list(state.to_pair)  # 1.2: score, then TPN
    n = len(order)
    adj: list[list[int]] = [[] for _ in range(n)]
    for i, a in enumerate(order):
        for j in range(i + 1, n):
            b = order[j]
            if b.number in a.opponents or frozenset((a.number, b.number)) in state.forbidden:
                continue
            adj[i].append(j)
            adj[j].append(i)
    near = [set(a) for a in adj]
    comp = round_completion(adj, [p.pab_eligible for p in order])
    if not comp.possible:
        raise NoPairing(
            f"round {state.round_no}: no pairing without a rematch and a second PAB (C.04.1 b-d)",
            rematches_help=True,
        )
    notes: list[str] = []
    bye = _bye(order, comp, notes) if n % 2 else None
    alive = [k for k in range(n) if comp.alive(k)]
    pairs: list[tuple[int, int]] = []
    key = 0
    while alive:
        key += 1
        top = order[alive[0]].key_score
        residents = [k for k in alive if order[k].key_score == top]
        lower = [k for k in alive if order[k].key_score != top]
        bracket, floaters = _bracket(comp, residents, lower, key)
        text = (
            f"bracket {key}: residents {[order[k].number for k in residents]} (score {_fmt(top)})"
        )
        if floaters:
            text += f"; upfloaters (3.5) {[order[k].number for k in floaters]}"
        made = _pair_bracket(order, comp, bracket, near)
        conflicts = sum(1 for a, b in made if _conflict(order[a], order[b]))
        text += "; pairs " + " ".join(f"{order[a].number}-{order[b].number}" for a, b in made)
        text += f" ([C8] same colour wanted: {conflicts})"
        notes.append(text)
        pairs.extend(made)
        done = set(bracket)
        alive = [k for k in alive if k not in done]
    coloured: list[tuple[int, int]] = []
    for i, j in pairs:
        choice = allocate(state, order[i], order[j])
        notes.append(f"colours (Art. 4) {choice.white}-{choice.black}: {choice.reason}")
        coloured.append((choice.white, choice.black))
    return SwissPairing(
        pairs=tuple(board_order(state, coloured)),
        bye=bye,
        explanation=tuple(notes),
    )


def _bye(order: Sequence[SwissPlayer], comp: Completion, notes: list[str]) -> int:
    """3.4: lowest score, then largest TPN, among those who may have the PAB and leave
    the rest pairable."""
    dummy = len(order)
    ranked = sorted(range(len(order)), key=lambda k: (order[k].key_score, -order[k].number))
    skipped: list[int] = []
    for k in ranked:
        if not order[k].pab_eligible:
            continue
        if comp.pair(k, dummy):
            text = f"PAB (3.4): {order[k].number} (score {_fmt(order[k].key_score)})"
            if skipped:
                text += f"; others would leave no pairing: {skipped}"
            notes.append(text)
            return order[k].number
        skipped.append(order[k].number)
    raise NoPairing("no player can take the pairing-allocated bye (3.4, C.04.1 d)")


def _bracket(
    comp: Completion, residents: list[int], lower: list[int], key: int
) -> tuple[list[int], list[int]]:
    """1.3.2, 3.5: the residents with the fewest upfloaters (the first set in the order
    of 1.2) that pair among themselves while the rest of the round still pairs."""
    for size in range(len(residents) % 2, len(lower) + 1, 2):
        for tried, floaters in enumerate(combinations(lower, size)):
            if tried >= _MAX_SETS:  # a bound on the search; larger sets are tried next
                break
            bracket = [*residents, *floaters]
            if comp.close(bracket, key):
                return bracket, list(floaters)
    raise NoPairing(f"the scoregroup of {len(residents)} players cannot be paired (3.5)")


def _pair_bracket(
    order: Sequence[SwissPlayer], comp: Completion, bracket: list[int], near: list[set[int]]
) -> list[tuple[int, int]]:
    """3.6 as tourney reads it: top half against bottom half in the order of 1.2, each
    player taking the first opponent that leaves the bracket pairable, an opponent who
    wants the same colour in game 1 ([C8]) only when no other does."""
    members = sorted(bracket)  # the indices follow the order of 1.2
    half = len(members) // 2
    bottom, top = members[half:], members[:half]
    paired: set[int] = set()
    made: list[tuple[int, int]] = []
    for p in members:
        if p in paired:
            continue
        # p is the first unpaired player: every candidate comes after it.
        candidates = [q for q in (*bottom, *top) if q > p and q not in paired and q in near[p]]
        chosen = None
        for tier in (0, 1, 2):
            for q in candidates:
                if _conflict(order[p], order[q]) == tier and comp.pair(p, q):
                    chosen = q
                    break
            if chosen is not None:
                break
        if chosen is None:  # cannot happen: the bracket was closed pairable
            raise NoPairing("bracket pairing failed (3.6)")
        paired.update((p, chosen))
        made.append((p, chosen))
    return made
