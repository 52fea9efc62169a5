"""Why the Dutch system paired a round as it did, in words an arbiter can check.

``pair_dutch`` records what happened bracket by bracket (``BracketNote``); this
module turns that record into lines (C.04.3 references in brackets):

* the round: players to pair, score groups, the forbidden pairs in force;
* per bracket: its score, the moved-down players (MDPs, A.3) with their scores,
  the residents, the pairs made with who floated, and who moved down (B.5);
* the pairing-allocated bye: who could not take it (C2), the lowest score that
  still completes the round (C4, C5), the fewest unplayed rounds (C9);
* per board: the colours and the rule of E.1-E.5 that decided them.

All pure: players are named by pairing number (and id when there is one).
"""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction

from tourney.engine.pairing.dutch_weights import Criteria
from tourney.engine.pairing.swiss_colours import ABSOLUTE, MILD, NONE, STRONG, Preference
from tourney.records import dataclass

_STRENGTH = {NONE: "none", MILD: "mild", STRONG: "strong", ABSOLUTE: "absolute"}


@dataclass(slots=True)
class BracketNote:
    """One bracket as ``pair_dutch`` paired it (player indices into ``Criteria``)."""

    group: int
    mdps: list[int]
    residents: list[int]
    pairs: list[tuple[int, int]] = field(default_factory=list)
    moved_down: list[int] = field(default_factory=list)
    whole_round: bool = False  # paired with every unpaired player in view (C4)


def points(x: Fraction) -> str:
    """Points as an arbiter writes them: 2, 2½, ½."""
    whole, rest = divmod(x, 1)
    if rest == 0:
        return str(whole)
    if rest == Fraction(1, 2):
        return ("" if whole == 0 else str(whole)) + "½"
    return str(x)


def who(crit: Criteria, i: int) -> str:
    p = crit.players[i]
    return f"{p.number}" + (f" ({p.id})" if p.id and p.id != str(p.number) else "")


def _names(crit: Criteria, indices: list[int]) -> str:
    return ", ".join(str(crit.players[i].number) for i in sorted(indices)) or "none"


def round_lines(crit: Criteria) -> list[str]:
    state = crit.state
    groups = ", ".join(
        f"{points(s)} ({sum(1 for x in crit.score if x == s)})" for s in crit.group_scores
    )
    lines = [
        f"round {state.round_no} of {state.total_rounds}: {crit.n} players to pair; "
        f"score groups (A.3): {groups}"
    ]
    left_out = [p.number for p in state.players if not p.available]
    if left_out:
        lines.append(
            f"not paired (absent, requested bye, withdrawn, not yet entered): "
            f"{', '.join(map(str, sorted(left_out)))}"
        )
    accelerated = [p for p in crit.players if p.pairing_score is not None]
    if accelerated:
        lines.append(
            f"acceleration: {len(accelerated)} players pair on score plus virtual points "
            "(C.04.5.1 Baku)"
        )
    if state.forbidden_rules:
        names = "; ".join(name for name, _ in state.forbidden_rules)
        lines.append(f"forbidden pairings in force (treated as already met, C1): {names}")
    elif state.forbidden:
        lines.append(
            f"forbidden pairs in force (treated as already met, C1): {len(state.forbidden)}"
        )
    if state.wished_apart:
        lines.append(
            f"wishes to keep apart: {len(state.wished_apart)} pairs (only between "
            "otherwise equal pairings)"
        )
    return lines


def bracket_lines(crit: Criteria, note: BracketNote) -> list[str]:
    score = crit.group_scores[note.group]
    head = f"bracket {points(score)}: "
    if note.mdps:
        mdps = ", ".join(f"{crit.players[i].number} ({points(crit.score[i])})" for i in note.mdps)
        head += f"heterogeneous, MDPs {mdps}; residents {_names(crit, note.residents)}"
    else:
        count = len(note.residents)
        head += f"homogeneous, {count} resident{'s' if count != 1 else ''} "
        head += _names(crit, note.residents)
    lines = [head]
    parts = []
    for a, b in note.pairs:
        h, lo = (a, b) if (crit.score[a], -a) >= (crit.score[b], -b) else (b, a)
        text = f"{crit.players[h].number}-{crit.players[lo].number}"
        if crit.score[h] != crit.score[lo]:
            text += (
                f" ({crit.players[h].number} floats down from {points(crit.score[h])}, "
                f"{crit.players[lo].number} up from {points(crit.score[lo])})"
            )
        parts.append(text)
    if parts:
        lines.append("  pairs: " + "; ".join(parts))
    if note.moved_down:
        lines.append(f"  moved down to the next bracket (B.5): {_names(crit, note.moved_down)}")
    if note.whole_round:
        lines.append("  paired with the rest of the round in view, so it can still complete (C4)")
    return lines


def pab_lines(crit: Criteria, bye: int | None) -> list[str]:
    if bye is None:
        return []
    barred = [i for i in range(crit.n) if not crit.eligible[i]]
    text = (
        f"PAB: {who(crit, bye)}, score {points(crit.score[bye])}, "
        f"{crit.unplayed[bye]} unplayed round(s)"
    )
    reasons = []
    if crit.bye_score is not None:
        reasons.append(
            f"the lowest score at which the rest of the round still pairs is "
            f"{points(crit.bye_score)} (C4, C5)"
        )
    same = [
        i
        for i in range(crit.n)
        if crit.score[i] == crit.score[bye] and crit.eligible[i] and i != bye
    ]
    if same:
        fewer = [i for i in same if crit.unplayed[i] < crit.unplayed[bye]]
        reasons.append(
            "of the eligible players on that score, the fewest unplayed rounds come first "
            "(C9), then the order of the bracket"
            + (f"; {_names(crit, fewer)} could not take it" if fewer else "")
        )
    if barred:
        reasons.append(f"not eligible (C2, earlier PAB or unplayed win): {_names(crit, barred)}")
    lines = [text]
    lines.extend("  " + r for r in reasons)
    return lines


def _pref(pref: Preference) -> str:
    if pref.colour is None:
        return "no preference"
    return f"{_STRENGTH[pref.strength]} {pref.colour.value}"


def colour_line(crit: Criteria, board: int, white: int, black: int, higher: int, rule: str) -> str:
    """One board: who has White, both preferences, and the rule that decided."""
    pw, pb = crit.players[white], crit.players[black]
    return (
        f"board {board}: {pw.number} white ({_pref(crit.prefs[white])}) - "
        f"{pb.number} black ({_pref(crit.prefs[black])}); higher-ranked "
        f"{crit.players[higher].number}; {rule}"
    )
