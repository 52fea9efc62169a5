"""Two pairings of one Dutch round compared criterion by criterion, in words (C.04.3 C).

``tourney verify`` pairs each round of a file again; where the file's pairing
differs from ours, this module says why: the first quality criterion of C.04.3
on which the two pairings differ, and which one does better there. It checks:

* C1: no rematch, no forbidden pair; C2: the PAB not to a player who had one
  (2025: nor a point without playing, C.04.1 d, the rule version that changed);
  C3: two non-topscorers with the same absolute colour preference do not meet;
* C6/C7: players paired outside their score group, and the score differences
  (largest first);
* C10-C13: colour difference beyond 2, the same colour a third time, players
  not given their colour preference, not given a strong one.

When these agree, the pairings differ in the float criteria (C14-C21) or in the
order in which the candidates are tried (D); a file paired under another edition
of the rules (record 192 ``FIDE_DUTCH_2017``) is named as a likely reason.

Pure: pairing numbers in, lines out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tourney.engine.pairing.dutch_explain import points
from tourney.engine.pairing.swiss_colours import ABSOLUTE, STRONG, preference
from tourney.engine.pairing.swiss_state import SwissState
from tourney.model import Colour

Pairs = Sequence[tuple[int, int]]  # (white, black) by pairing number


@dataclass(frozen=True, slots=True)
class Measure:
    """One criterion: a value per pairing (lower is better) and the words for it."""

    article: str
    what: str
    value: tuple[Fraction | int, ...]
    detail: str


def _measures(state: SwissState, pairs: Pairs, bye: int | None) -> list[Measure]:
    played = [p for p in pairs if p[0] and p[1]]
    rematches = [
        f"{w}-{b}"
        for w, b in played
        if b in state.player(w).opponents or frozenset((w, b)) in state.forbidden
    ]
    pab = []
    if bye is not None:
        player = state.player(bye)
        if player.had_pab:
            pab.append(f"{bye} had a pairing-allocated bye already")
        elif player.had_unplayed_win:
            pab.append(f"{bye} had a point without playing (C.04.1 d)")
    last = state.is_last_round
    best = max(state.win_points, state.draw_points)

    def topscorer(n: int) -> bool:
        return last and state.player(n).score * 2 > best * (state.round_no - 1)

    same_absolute = []
    for w, b in played:
        pw, pb = preference(state.player(w)), preference(state.player(b))
        if (
            pw.strength == ABSOLUTE
            and pb.strength == ABSOLUTE
            and pw.colour is pb.colour
            and not (topscorer(w) or topscorer(b))
        ):
            same_absolute.append(f"{w}-{b}")
    diffs = sorted(
        (abs(state.player(w).key_score - state.player(b).key_score) for w, b in played),
        reverse=True,
    )
    floaters = [
        f"{w}-{b}" for w, b in played if state.player(w).key_score != state.player(b).key_score
    ]
    colours = _colour_counts(state, played)
    return [
        Measure("C1", "rematches or forbidden pairs", (len(rematches),), ", ".join(rematches)),
        Measure("C2", "a PAB to a player who may not have it", (len(pab),), "; ".join(pab)),
        Measure(
            "C3",
            "non-topscorers with the same absolute colour preference paired",
            (len(same_absolute),),
            ", ".join(same_absolute),
        ),
        Measure(
            "C6",
            "pairs of players with different scores",
            (len(floaters),),
            ", ".join(floaters),
        ),
        Measure(
            "C7",
            "score differences, largest first",
            tuple(diffs),
            " ".join(points(d) for d in diffs if d),
        ),
        *(
            Measure(article, what, (count,), "")
            for article, what, count in zip(
                ("C10", "C11", "C12", "C13"),
                (
                    "players with a colour difference beyond 2",
                    "players with the same colour a third time in a row",
                    "players not given their colour preference",
                    "players not given a strong colour preference",
                ),
                colours,
                strict=True,
            )
        ),
    ]


def _colour_counts(state: SwissState, pairs: Pairs) -> tuple[int, int, int, int]:
    c10 = c11 = c12 = c13 = 0
    for white, black in pairs:
        for number, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
            pref = preference(state.player(number))
            diff = pref.difference + (1 if colour is Colour.WHITE else -1)
            c10 += abs(diff) > 2
            c11 += pref.repeated is colour
            if pref.colour is not None and pref.colour is not colour:
                c12 += 1
                c13 += pref.strength >= STRONG
    return c10, c11, c12, c13


def compare(
    state: SwissState,
    file_pairs: Pairs,
    file_bye: int | None,
    our_pairs: Pairs,
    our_bye: int | None,
    system_code: str = "",
) -> list[str]:
    """Why the file's pairing and ours differ, in words (empty when they are the same)."""
    if sorted(file_pairs) == sorted(our_pairs) and file_bye == our_bye:
        return []
    if {frozenset(p) for p in file_pairs} == {frozenset(p) for p in our_pairs} and (
        file_bye == our_bye
    ):
        return [
            "the same pairs with other colours: the colour allocation (C.04.3 E.1-E.5) "
            "decides them; `tourney pairing-engine --explain` names the rule of each board"
        ]
    theirs = _measures(state, file_pairs, file_bye)
    ours = _measures(state, our_pairs, our_bye)
    for mine, other in zip(ours, theirs, strict=True):
        if mine.value == other.value:
            continue
        if other.value > mine.value:
            detail = f" ({other.detail})" if other.detail else ""
            line = (
                f"{mine.article}: the file's pairing does worse on {mine.what}{detail}; "
                "the Dutch system takes the pairing that does better there"
            )
            return [line, *_edition(system_code)]
        detail = f" ({mine.detail})" if mine.detail else ""
        return [
            f"{mine.article}: our pairing does worse on {mine.what}{detail} than the file's; "
            "please report it (docs/pairing.md)"
        ]
    return [
        "the two pairings are equal on C1-C3, C6, C7 and C10-C13: they differ in the float "
        "criteria (C14-C21) or in the order the candidates are tried (C.04.3 D)",
        *_edition(system_code),
    ]


def _edition(system_code: str) -> list[str]:
    """A file paired under another edition of the rules says so in record 192."""
    if "2017" not in system_code:
        return []
    return [
        "the file names FIDE_DUTCH_2017 (record 192): it was paired under the 2017 rules, "
        "tourney pairs by the rules in force from 2025 (docs/pairing.md)"
    ]
