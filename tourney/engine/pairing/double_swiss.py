"""The FIDE Double-Swiss system (C.04.5, in force from 1 February 2026): one pairing a
round, a two-game match with alternating colours.

C.04.5 pairs by the procedure of the Swiss Team Pairing System (C.04.6) Art. 3, article
for article: the same legal pairing (3.1: [C1] no rematch, [C2] the PAB), the PAB (3.4:
the lowest score, then most matches played, then the largest TPN, among those whose bye
leaves the rest pairable), upfloaters (3.5: fewest [C4], best scores [C5], the next
scoregroup still pairable [C6], fewest who floated last round [C7]) and the first
bracket identifier in lexicographic order (3.6) with the fewest upfloaters' opponents
who floated last round ([C8]). So a Double-Swiss round is paired by that one
implementation, ``team_swiss.pair_brackets``, each player a participant of one board,
with the Double-Swiss's rules (``RULES``): no colour preference and no colour criterion,
the float criteria off in the last round only (C.04.6: the last two). What is C.04.5's
own:

* the match (Preface): read by ``swiss_state`` from ``engine/double_games``: a match is
  forfeited only if a player forfeits both games (no meeting, no colour, the winner
  barred from the PAB); byes apply to matches;
* the colour of a match is White or Black in game 1 (1.6), given by Art. 4
  (``team_swiss_colours.DOUBLE_SWISS_STEPS``); game 2 reverses it;
* board order (C.04.2 Art. 3.6) and the forbidden-pairing diagnosis of the Swiss core.

docs/pairing.md, "Double-Swiss", says what the text says article by article and which
of its articles tourney had only from a secondary source.
"""

from __future__ import annotations

from tourney.engine.pairing.swiss_core import SwissPairing, board_order, pair_or_diagnose
from tourney.engine.pairing.swiss_state import SwissPlayer, SwissState
from tourney.engine.pairing.team_state import (
    ColourPreferenceType,
    LexRules,
    PairRule,
    TeamRecord,
    TeamState,
)
from tourney.engine.pairing.team_swiss import pair_brackets
from tourney.engine.pairing.team_swiss_colours import DOUBLE_SWISS_STEPS, allocate

# C.04.5 against C.04.6: a participant is a player; [C7] and [C8] (the upfloaters', and
# their opponents', floats in the previous round) are off in the last round only; no
# colour criterion, so the opponents' floats are [C8] (C.04.6: [C10]).
RULES = LexRules(noun="player", float_rounds=1, colour_criteria=False, opponent_float="C8")


def pair_double_swiss(state: SwissState) -> SwissPairing:
    """The pairing of round ``state.round_no`` by C.04.5; raises ``NoPairing`` when no
    legal pairing exists (3.3.3), naming the forbidden pairings that block it."""
    return pair_or_diagnose(_pair, state)


def _pair(state: SwissState) -> SwissPairing:
    lex = lex_state(state)
    brackets = pair_brackets(lex)
    decisions = [allocate(lex, a, b, DOUBLE_SWISS_STEPS) for a, b in brackets.pairs]
    notes = [*brackets.notes, *(f"colours (Art. 4): {d.reason}" for d in decisions)]
    return SwissPairing(
        pairs=tuple(board_order(state, [(d.white, d.black) for d in decisions])),
        bye=brackets.pab,
        explanation=tuple(notes),
    )


def lex_state(state: SwissState) -> TeamState:
    """The round as the procedure of C.04.6 Art. 3 reads it: a player's TPN is the
    pairing number (1.1), the score the pairing score (1.2, with acceleration), the
    colours those of game 1 of the matches played (1.6, unplayed ones squeezed out), a
    float a played match against another score (1.5)."""
    pairs = frozenset((min(p), max(p)) for p in map(tuple, state.forbidden))
    wished = frozenset((min(p), max(p)) for p in map(tuple, state.wished_apart))
    return TeamState(
        round_no=state.round_no,
        total_rounds=state.total_rounds,
        teams=tuple(_record(p) for p in state.players),
        use_secondary=False,
        colour_type=ColourPreferenceType.NONE,
        initial_colour=state.initial_colour,
        forbidden=(PairRule("forbidden pairings", pairs),) if pairs else (),
        wishes=(PairRule("wishes", wished),) if wished else (),
        rules=RULES,
    )


def _record(p: SwissPlayer) -> TeamRecord:
    played = {k for k, c in enumerate(p.colours, start=1) if c is not None}
    floated = {k for k, f in enumerate(p.floats, start=1) if f is not None and k in played}
    pab = tuple(k for k, r in enumerate(p.history, start=1) if r.pab)
    return TeamRecord(
        tpn=p.number,
        team_id=p.id,
        match_points=p.key_score,
        game_points=p.score,
        available=p.available,
        opponents=p.opponents,
        colours=p.played_colours,
        floated_rounds=frozenset(floated),
        # [C2] (C.04.1 d): the rounds when the state tells them, else "some round" (0)
        pab_rounds=pab or ((0,) if p.had_pab else ()),
        forfeit_win_rounds=(0,) if p.had_unplayed_win else (),
        matches_played=len(played),
    )
