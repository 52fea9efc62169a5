"""TRF-2026 records 801 and 802: each team's rounds, written for team events.

The records are informative (the FIDE TRF-2026 tables: "not needed for computation");
tourney writes them so that a reader sees each team's progress without rebuilding
the matches, and reads them back as a check (tourney.load.trf_team_results). Layout
(columns from 1, as the TRF tables count):

- ``802``: team number 5-7, nickname 9-13, match points 15-20, game points 22-27,
  then 12 columns per round from 29: the opponent's team number (3 digits; ``PAB``,
  ``FPB``, ``HPB``, ``ZPB`` for a bye, ``000`` for nothing), the team's colour (its
  board-1 colour, ``w``/``b``/``-``), its game points in the match (4 columns, blank
  while not played), ``+``/``-`` for a match decided as a whole.
- ``801``: team number 5-7, nickname 9-13, then per round from 15, ``boards + 7``
  columns: opponent (3), colour, the team's result on each board (``1 = 0 + -``, blank
  while not played).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tourney.engine.teams.round_view import TeamRound, team_rounds
from tourney.model import Tournament
from tourney.render.trf.individual import Clean, Columns, points_text

FIRST_802 = 29
WIDTH_802 = 12
FIRST_801 = 15


def opponent_text(entry: TeamRound, tpn: Mapping[str, int]) -> str:
    if entry.bye:
        return entry.bye
    return f"{tpn.get(entry.opponent, 0):03d}"


def width_801(boards: int) -> int:
    return boards + 7


def team_result_lines(
    t: Tournament,
    tpn: Mapping[str, int],
    clean: Clean,
    totals: Mapping[str, tuple[Fraction, Fraction, int]],
) -> list[str]:
    """The 801 then 802 records, one per team in team-number order."""
    view = team_rounds(t)
    teams = sorted(t.teams, key=lambda team: tpn[team.id])
    boards = t.settings.team.boards
    lines_801, lines_802 = [], []
    for team in teams:
        rounds = view.get(team.id, [])
        r801 = Columns("801")
        r802 = Columns("802")
        for record in (r801, r802):
            record.put(5, str(tpn[team.id]), 3, right=True)
            record.put(9, clean(team.short_name), 5)
        mp, gp, _ = totals.get(team.id, (Fraction(0), Fraction(0), 0))
        r802.put(15, points_text(mp), 6, right=True)
        r802.put(22, points_text(gp), 6, right=True)
        for index, entry in enumerate(rounds):
            col = FIRST_802 + WIDTH_802 * index
            r802.put(col, opponent_text(entry, tpn), 3)
            r802.put(col + 4, entry.colour)
            if entry.game_points is not None:
                r802.put(col + 6, points_text(entry.game_points), 4, right=True)
            if entry.forfeit:
                r802.put(col + 10, entry.forfeit)
            col = FIRST_801 + width_801(boards) * index
            r801.put(col, opponent_text(entry, tpn), 3)
            r801.put(col + 4, entry.colour)
            if entry.boards:
                r801.put(col + 6, entry.boards, boards)
        lines_801.append(r801.text())
        lines_802.append(r802.text())
    return lines_801 + lines_802
