"""Choosing the upfloaters of the top-scoregroup (C.04.6 Art. 3.5, criteria [C3]-[C7]).

Reading of Art. 3.5.2-3.5.5 (docs/team-swiss.md):

1. [C4]: try set sizes from the parity minimum upwards (a bracket is even, Art. 1.3.2).
2. [C5]: within a size, score profiles best first; a profile is the ascending list of
   the upfloaters' scores, the larger the better (Art. 2.3.2).
3. A set counts only if it is *legal*: the bracket can be paired ([C1]) and so can all
   the teams left outside it ([C3], Art. 2.2.1). [C4] and [C5] are judged over legal
   sets, since the completion criterion outranks them.
4. Within the best profile, sets in the order of Art. 3.5.3/3.5.4; the chosen set is
   the first that meets [C6] and has the fewest [C7] floaters ("comply as much as
   possible ... in descending priority", Art. 2.3). [C6] is met when what is left of
   the following scoregroup can be paired with the parity-minimum number of upfloaters
   and leave the rest pairable, or when that scoregroup was emptied (Art. 2.3.3).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tourney.engine.pairing.matching import has_perfect_matching
from tourney.engine.pairing.team_state import TeamState


def pairable(state: TeamState, teams: Sequence[int]) -> bool:
    """Whether ``teams`` admit a pairing complying with the absolute criteria."""
    if len(teams) % 2:
        return False
    if _greedily_pairable(state, teams):
        return True
    index = {tpn: i for i, tpn in enumerate(teams)}
    adj = [[index[b] for b in teams if state.compatible(a, b)] for a in teams]
    return has_perfect_matching(adj)


def _greedily_pairable(state: TeamState, teams: Sequence[int]) -> bool:
    """A quick sufficient test: each in turn takes the first compatible one left and
    nobody is left over. In a Swiss each participant has met few of the others, so this
    nearly always settles it without the matching (a 400-player Double-Swiss round asks
    it of the whole field for every upfloater set)."""
    left = list(teams)
    while left:
        a = left.pop()
        for k in range(len(left) - 1, -1, -1):
            if state.compatible(a, left[k]):
                del left[k]
                break
        else:
            return False
    return True


@dataclass(frozen=True, slots=True)
class UpfloaterChoice:
    upfloaters: tuple[int, ...]  # in Art. 3.5.3 order
    profile: tuple[Fraction, ...]  # ascending scores ([C5])
    c6_met: bool
    c7_count: int
    sets_tried: int


def _profiles(
    levels: Sequence[tuple[Fraction, int]], size: int
) -> list[tuple[tuple[int, ...], tuple[Fraction, ...]]]:
    """Every way to take ``size`` teams from score levels (score, count), best [C5] first."""
    out: list[tuple[tuple[int, ...], tuple[Fraction, ...]]] = []
    # Depth first, the most from each level first; one level of the search per score
    # level, kept on a list rather than the call stack (a game-point league has many).
    stack: list[tuple[int, int, tuple[int, ...]]] = [(0, size, ())]
    while stack:
        i, left, counts = stack.pop()
        if i == len(levels):
            if left == 0:
                scores = sorted(
                    s for (s, _), c in zip(levels, counts, strict=True) for _ in range(c)
                )
                out.append((counts, tuple(scores)))
            continue
        for take in range(min(left, levels[i][1]) + 1):  # popped from the most down
            stack.append((i + 1, left - take, (*counts, take)))
    out.sort(key=lambda item: item[1], reverse=True)
    return out


def _sets(groups: Sequence[Sequence[int]], counts: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Sets with the given count per level, in Art. 3.5.3/3.5.4 order."""
    parts = [itertools.combinations(g, c) for g, c in zip(groups, counts, strict=True)]
    for combo in itertools.product(*parts):
        yield tuple(t for part in combo for t in part)


def c6_met(state: TeamState, following: Sequence[int], rest: Sequence[int]) -> bool:
    """[C6] (Art. 2.3.3) for the teams ``rest`` left after the bracket.

    ``following`` is what remains of the following scoregroup; it must be pairable with
    the parity-minimum number of upfloaters ([C4]) from lower groups, leaving the
    others pairable ([C1], [C3]).
    """
    if not following:
        return True  # the scoregroup was emptied by upfloating
    below = [t for t in rest if t not in set(following)]
    if len(following) % 2 == 0:
        return pairable(state, following) and pairable(state, below)
    for extra in sorted(below, key=lambda t: (-state.score(t), t)):
        bracket = [*following, extra]
        if pairable(state, bracket) and pairable(state, [t for t in below if t != extra]):
            return True
    return False


def c7_count(state: TeamState, upfloaters: Sequence[int]) -> int:
    """[C7] (Art. 2.3.4): upfloaters that were floaters in the previous round."""
    if state.float_rules_off:
        return 0
    previous = state.round_no - 1
    return sum(1 for t in upfloaters if previous in state.team(t).floated_rounds)


def select_upfloaters(
    state: TeamState, residents: Sequence[int], remaining: Sequence[int]
) -> UpfloaterChoice | None:
    """Art. 3.5: the upfloaters of the bracket of ``residents`` (None: no legal pairing)."""
    resident_set = set(residents)
    lower = [t for t in remaining if t not in resident_set]
    by_score: dict[Fraction, list[int]] = {}
    for t in lower:
        by_score.setdefault(state.score(t), []).append(t)
    scores = sorted(by_score, reverse=True)
    groups = [sorted(by_score[s]) for s in scores]
    levels = [(s, len(g)) for s, g in zip(scores, groups, strict=True)]
    following_group = groups[0] if groups else []
    tried = 0
    for size in range(len(residents) % 2, len(lower) + 1, 2):
        for counts, profile in _profiles(levels, size):
            best: tuple[tuple[int, int], tuple[int, ...]] | None = None
            for ups in _sets(groups, counts):
                tried += 1
                bracket = [*residents, *ups]
                bracket_set = set(bracket)
                rest = [t for t in remaining if t not in bracket_set]
                if not pairable(state, bracket) or not pairable(state, rest):
                    continue
                following = [t for t in following_group if t not in bracket_set]
                key = (0 if c6_met(state, following, rest) else 1, c7_count(state, ups))
                if best is None or key < best[0]:
                    best = (key, ups)
                if key == (0, 0):
                    break
            if best is not None:
                (c6_flag, c7), ups = best
                return UpfloaterChoice(ups, profile, c6_flag == 0, c7, tried)
    return None
