"""Replay of the C.04.6 reference tournaments (tests/reference/teamswiss, 142 rounds).

Each round is rebuilt from the stored history as the reference README says and paired
again; the set of (white team, black team) pairs and the PAB team must be the stored
ones. The reference engine (Gacrux + PR #10) is not endorsed: a round where we follow
the rule text instead would be listed in docs/team-swiss.md with its article.
"""

from __future__ import annotations

import pytest
from teamswiss_replay import (
    RefFile,
    parse,
    reference_files,
    stored_pairing,
    tournament_before,
)

from tourney.engine.pairing.team_state import team_state_from_tournament
from tourney.engine.pairing.team_swiss import pair_team_swiss

FILES = reference_files()

_PARSED: dict[str, RefFile] = {}


def _ref(name: str) -> RefFile:
    if name not in _PARSED:
        _PARSED[name] = parse(next(p for p in FILES if p.name == name))
    return _PARSED[name]


def _rounds() -> list[tuple[str, int]]:
    return [(p.name, r) for p in FILES for r in range(1, _ref(p.name).rounds + 1)]


def test_the_reference_set_has_142_rounds() -> None:
    assert len(FILES) == 20
    assert len(_rounds()) == 142


@pytest.mark.parametrize("name", [p.name for p in FILES])
def test_scores_rebuilt_from_the_model_match_record_310(name: str) -> None:
    """Art. 1.2 / 1.4: MP and GP from the model (matches, PAB = drawn match, 330
    forfeits, 240 byes) agree with the totals the file states."""
    ref = _ref(name)
    after = ref.rounds + 1
    state = team_state_from_tournament(
        tournament_before(ref, after),
        after,
        colour_type=ref.colour_type,
        use_secondary=ref.use_secondary,
    )
    got = {t.tpn: (t.match_points, t.game_points) for t in state.teams}
    assert got == ref.totals


@pytest.mark.parametrize(("name", "round_no"), _rounds())
def test_round_pairs_as_the_reference(name: str, round_no: int) -> None:
    ref = _ref(name)
    state = team_state_from_tournament(
        tournament_before(ref, round_no),
        round_no,
        colour_type=ref.colour_type,
        use_secondary=ref.use_secondary,
    )
    pairing = pair_team_swiss(state)
    expected_pairs, expected_pab = stored_pairing(ref, round_no)
    assert pairing.pab == expected_pab
    assert set(pairing.pairs) == expected_pairs, "\n".join(pairing.explanation)
