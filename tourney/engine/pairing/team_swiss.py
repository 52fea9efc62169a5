"""FIDE C.04.6 Swiss Team Pairing System (in force from 1 February 2026), team against team.

The Double-Swiss (C.04.5, ``double_swiss``) shares Art. 3 of this procedure article for
article: ``pair_brackets`` (steps 1-2 below) pairs both, ``TeamState.rules`` saying
where they differ (docs/pairing.md, "Double-Swiss").

``pair_team_swiss(state)`` follows Art. 3.3.2 step by step:

1. the pairing-allocated bye first (Art. 3.4);
2. the top-scoregroup with its upfloaters (Art. 3.5, ``team_swiss_upfloaters``) forms a
   bracket, paired by the first pairing in identifier order that best meets [C1], [C8],
   [C9], [C10] (Art. 3.6); repeated until every team is paired;
3. colours for each pair (Art. 4, ``team_swiss_colours``).

It is a pure function of :class:`~tourney.engine.pairing.team_state.TeamState` and
returns, besides the pairs, an explanation an arbiter can check line by line.
Forbidden pairs act as if the teams had met; wishes only decide between pairings the
rules rank equal after [C10] (docs/teams.md, "Keeping teams apart"; not C.04.6 itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from tourney.engine.pairing import NoPairing
from tourney.engine.pairing.matching import max_weight_matching_sparse
from tourney.engine.pairing.team_state import ColourPreferenceType, TeamState
from tourney.engine.pairing.team_swiss_colours import ColourDecision, allocate, preference
from tourney.engine.pairing.team_swiss_upfloaters import pairable, select_upfloaters

NoLegalPairing = NoPairing  # C.04.6 Art. 3.3.3


@dataclass(frozen=True, slots=True)
class TeamPairing:
    """One round: (white team, black team) by TPN, the PAB team, and why."""

    pairs: tuple[tuple[int, int], ...]
    pab: int | None
    colours: tuple[ColourDecision, ...] = ()
    explanation: tuple[str, ...] = ()

    def as_ids(self, state: TeamState) -> tuple[tuple[tuple[str, str], ...], str | None]:
        """The same pairing with team ids instead of TPNs."""
        pairs = tuple((state.team(w).team_id, state.team(b).team_id) for w, b in self.pairs)
        return pairs, None if self.pab is None else state.team(self.pab).team_id


# -- Art. 3.4: the pairing-allocated bye --------------------------------------------------


def assign_pab(state: TeamState, teams: Sequence[int], notes: list[str]) -> int:
    """Art. 3.4: the team that leaves a legal pairing, lowest score, most matches played,
    largest TPN; never one barred by [C2]."""
    order = sorted(teams, key=lambda t: (state.score(t), -state.team(t).matches_played, -t))
    barred = [t for t in order if state.team(t).barred_from_pab]
    for tpn in order:
        if state.team(tpn).barred_from_pab:
            continue
        if pairable(state, [t for t in teams if t != tpn]):
            skipped = [t for t in order[: order.index(tpn)] if t not in barred]
            text = (
                f"PAB (Art. 3.4): {state.rules.noun} {tpn} (score {_fmt(state.score(tpn))},"
                f" {state.team(tpn).matches_played} matches played)"
            )
            if barred:
                text += f"; barred by [C2]: {', '.join(map(str, sorted(barred)))}"
            if skipped:
                text += f"; would leave no legal pairing (3.4.1): {', '.join(map(str, skipped))}"
            notes.append(text)
            return tpn
    raise NoLegalPairing(
        f"no {state.rules.noun} can take the pairing-allocated bye (Art. 3.4, [C2], [C3])"
    )


# -- Art. 3.6: pairing a bracket ---------------------------------------------------------


def identifier(pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Art. 3.6.2: top members (smaller TPNs) ascending, then their bottom members.

    >>> identifier([(11, 24), (16, 6), (10, 9), (8, 4)])
    (4, 6, 9, 11, 8, 16, 10, 24)
    """
    ordered = sorted((min(p), max(p)) for p in pairs)
    return tuple(t for t, _ in ordered) + tuple(b for _, b in ordered)


@dataclass(frozen=True, slots=True)
class BracketResult:
    pairs: tuple[tuple[int, int], ...]  # (top member, bottom member), Art. 3.6.1
    c8: int
    c9: int
    c10: int
    wishes_broken: int


def _edge_costs(state: TeamState, a: int, b: int, upfloaters: frozenset[int]) -> tuple[int, ...]:
    """([C8], [C9], [C10], wish) counts of one pair, in descending priority."""
    pa, pb = preference(state.team(a), state), preference(state.team(b), state)
    same = pa.colour is not None and pa.colour is pb.colour
    c8 = 1 if same else 0
    c9 = 1 if same and pa.strong and pb.strong else 0
    c10 = 0
    if not state.float_rules_off:
        previous = state.round_no - 1
        if a in upfloaters and previous in state.team(b).floated_rounds:
            c10 += 1
        if b in upfloaters and previous in state.team(a).floated_rounds:
            c10 += 1
    return (c8, c9, c10, 1 if state.wished_apart(a, b) else 0)


def pair_bracket(
    state: TeamState, bracket: Sequence[int], upfloaters: frozenset[int]
) -> BracketResult:
    """Art. 3.6: the first pairing in identifier order with the fewest [C8], then [C9],
    then [C10] failures (then wishes broken).

    The identifier (Art. 3.6.2) is packed into the weight: the set of top members first
    (a bottom member at an early position costs more than all later ones together),
    then each top member's partner, the earliest top member most significant.
    """
    members = sorted(bracket)
    m = len(members)
    h = m // 2
    costs: dict[tuple[int, int], tuple[int, ...]] = {}
    for i in range(m):
        for j in range(i + 1, m):
            a, b = members[i], members[j]
            if state.compatible(a, b):
                costs[(i, j)] = _edge_costs(state, a, b, upfloaters)
    natural = [(i, i + h) for i in range(h)]
    if all(costs.get(e) == (0, 0, 0, 0) for e in natural):  # identifier 1..m, nothing to fix
        pairs = tuple((members[i], members[j]) for i, j in natural)
        return BracketResult(pairs, 0, 0, 0, 0)
    digit = m + 1  # a criterion's count over the bracket never reaches m + 1
    id_space = (2**m + 1) * m**m
    weight_of: dict[tuple[int, int], int] = {}
    for (i, j), (c8, c9, c10, wish) in costs.items():
        criteria = ((c8 * digit + c9) * digit + c10) * digit + wish
        ident = 2 ** (m - 1 - j) * m**m + j * m ** (m - 1 - i)
        weight_of[(i, j)] = criteria * id_space + ident
    ceiling = (digit**4 * id_space) * (h + 1)
    weights: list[list[int | None]] = [[None] * m for _ in range(m)]
    for (i, j), cost in weight_of.items():
        weights[i][j] = weights[j][i] = ceiling - cost
    mate = max_weight_matching_sparse(weights)
    if any(x == -1 for x in mate):
        raise NoLegalPairing(f"bracket {members} cannot be paired ([C1])")
    chosen = [(i, mate[i]) for i in range(m) if i < mate[i]]
    totals = [sum(costs[e][k] for e in chosen) for k in range(4)]
    pairs = tuple((members[i], members[j]) for i, j in chosen)
    return BracketResult(pairs, totals[0], totals[1], totals[2], totals[3])


# -- Art. 3.3: the round --------------------------------------------------------------


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


@dataclass(frozen=True, slots=True)
class Brackets:
    """Art. 3.3.2 steps 1 and 2 done: the PAB and the pairs, bracket by bracket, each
    (top member, bottom member) before colours, and why."""

    pab: int | None
    pairs: tuple[tuple[int, int], ...]
    notes: tuple[str, ...]


def pair_brackets(state: TeamState) -> Brackets:
    """Art. 3.3.2 steps 1-2: the PAB (3.4), then the top-scoregroup with its upfloaters
    (3.5) paired (3.6), until every participant is paired; C.04.5 and C.04.6 alike,
    ``state.rules`` saying how they differ."""
    notes: list[str] = []
    teams = sorted(t.tpn for t in state.teams if t.available)
    pab: int | None = None
    if len(teams) % 2 == 0 and not pairable(state, teams):
        raise NoLegalPairing(
            f"the {state.rules.noun}s to be paired admit no legal pairing (Art. 3.3.3)"
        )
    if len(teams) % 2:
        pab = assign_pab(state, teams, notes)
        teams = [t for t in teams if t != pab]
    remaining = teams
    pairs: list[tuple[int, int]] = []
    bracket_no = 0
    while remaining:
        bracket_no += 1
        top = max(state.score(t) for t in remaining)
        residents = [t for t in remaining if state.score(t) == top]
        choice = select_upfloaters(state, residents, remaining)
        if choice is None:
            raise NoLegalPairing(f"the top-scoregroup {residents} cannot be completed (Art. 3.3.3)")
        bracket = [*residents, *choice.upfloaters]
        result = pair_bracket(state, bracket, frozenset(choice.upfloaters))
        text = f"bracket {bracket_no}: residents {residents} (score {_fmt(top)})"
        if choice.upfloaters:
            profile = ", ".join(_fmt(s) for s in choice.profile)
            text += (
                f"; upfloaters {list(choice.upfloaters)} ([C4] {len(choice.upfloaters)},"
                f" [C5] scores {profile}, [C6] {'met' if choice.c6_met else 'not met'},"
                f" [C7] {choice.c7_count}; {choice.sets_tried} sets examined)"
            )
        pair_text = " ".join(f"{a}-{b}" for a, b in result.pairs)
        colours = ""
        if state.rules.colour_criteria:
            colours = f"[C8] {result.c8}, " + (
                f"[C9] {result.c9}, " if state.colour_type is ColourPreferenceType.B else ""
            )
        text += (
            f"; pairing {pair_text} ({colours}[{state.rules.opponent_float}] {result.c10}"
            + (f", wishes broken {result.wishes_broken}" if state.wishes else "")
            + ")"
        )
        notes.append(text)
        pairs.extend(result.pairs)
        done = set(bracket)
        remaining = [t for t in remaining if t not in done]
    return Brackets(pab, tuple(pairs), tuple(notes))


def _pair_round(state: TeamState) -> TeamPairing:
    brackets = pair_brackets(state)
    notes = list(brackets.notes)
    pab = brackets.pab
    decisions = tuple(allocate(state, a, b) for a, b in brackets.pairs)
    notes.extend(f"colours (Art. 4): {d.reason}" for d in decisions)
    ordered = sorted(decisions, key=lambda d: _board_order(state, d))
    return TeamPairing(
        pairs=tuple((d.white, d.black) for d in ordered),
        pab=pab,
        colours=tuple(ordered),
        explanation=tuple(notes),
    )


def _board_order(state: TeamState, d: ColourDecision) -> tuple[Fraction, Fraction, int]:
    """C.04.2 Art. 3.6: higher score of the higher-ranked team, score sum, smaller TPN."""
    a, b = d.white, d.black
    high = max(state.score(a), state.score(b))
    return (-high, -(state.score(a) + state.score(b)), min(a, b))


def pair_team_swiss(state: TeamState) -> TeamPairing:
    """The pairing of ``state.round_no`` by C.04.6 (2026).

    Raises :class:`NoLegalPairing` when no round-pairing exists (Art. 3.3.3: the Chief
    Arbiter decides); it then says which forbidden-pairing rules block the round.
    """
    try:
        return _pair_round(state)
    except NoLegalPairing as error:
        if not state.forbidden:
            raise
        helps = tuple(rule.name for rule in state.forbidden if _pairs_without(state, rule.name))
        free = replace(state, forbidden=())
        if not _pairs_without_all(free):
            raise
        raise NoLegalPairing(
            f"{error}; the forbidden pairings in force are "
            + ", ".join(r.name for r in state.forbidden),
            helps,
        ) from error


def _pairs_without(state: TeamState, name: str) -> bool:
    lifted = replace(state, forbidden=tuple(r for r in state.forbidden if r.name != name))
    return _pairs_without_all(lifted)


def _pairs_without_all(state: TeamState) -> bool:
    try:
        _pair_round(state)
    except NoLegalPairing:
        return False
    return True
