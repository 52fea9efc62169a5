"""The team records of a TRF file (TRF-2026 team section) and the project's XXO dialect.

Used by :func:`tourney.render.trf.individual.write_trf` for team events (what both
writers share is in :mod:`tourney.render.trf.cells`):

- 352 board colours (``WBWB``: the team named first has White on odd boards,
  docs/teams.md) and 362 match points (``TW``/``TD``/``TL``);
- 310 one line per team: team number, name, nickname, typed rating (strength
  factor), match and game points, rank, roster in board order; 013 (the TRF16
  team record, "to be phased out") repeats the rosters during the transition;
- 240 team byes (full, half, zero point) by team number, 320 the pairing-allocated
  byes and what they pay (C.04.6 Art. 3.1: a drawn match unless set otherwise),
  330 the matches forfeited as a whole by decision, 300 the line-ups that are not
  the roster order or leave a board empty;
- ``XXO team-forbidden 3 11 16 @1-2`` and ``XXO team-soft-pairs ...`` (docs/teams.md,
  "Keeping teams apart"): team numbers, then the rounds, if not every round.

A team event never writes 260 or XXP, which name players. Record 192 names the
system; for a team Swiss also the colour-preference type (C.04.6 Art. 1.7) and
the primary score first (Art. 1.2.2): ``FIDE_TEAM_TYPEA_MP_GP``.
:mod:`tourney.load.trf_forbidden` reads the dialect back.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tourney.engine.evaluation import Evaluation
from tourney.engine.pairing.team_state import team_pairing_numbers
from tourney.engine.teams.round_view import TeamRound, team_rounds
from tourney.model import (
    ByeKind,
    Format,
    Match,
    MatchDecision,
    Outcome,
    PrimaryScore,
    Round,
    RuleStrength,
    Team,
    Tournament,
)
from tourney.render.trf.cells import (
    BYE_CODES,
    Cell,
    Clean,
    Columns,
    Version,
    forbidden_groups,
    game_cells,
    last_round,
    points_text,
    window_text,
)

DECISION_CODES: dict[MatchDecision, str] = {
    MatchDecision.WHITE_TEAM: "+-",
    MatchDecision.BLACK_TEAM: "-+",
    MatchDecision.NEITHER: "--",
}
COLOUR_TYPES: dict[str, str] = {"A": "TYPEA_", "B": "TYPEB_", "none": ""}


def team_system_code(t: Tournament) -> str:
    """Record 192 of a team event (TRF-2026 tournament type code table)."""
    s = t.settings
    if s.format is Format.TEAM_ROUND_ROBIN:
        return "FIDE_TEAM_DOUBLEROUNDROBIN" if s.cycles == 2 else "FIDE_TEAM_ROUNDROBIN"
    mp_first = s.scoring.primary is PrimaryScore.MATCH_POINTS
    score = ("MP", "GP") if mp_first else ("GP", "MP")
    scores = "_".join(score if s.team.use_secondary_score else score[:1])
    return f"FIDE_TEAM_{COLOUR_TYPES.get(s.team.colour_preferences, 'TYPEA_')}{scores}"


def colour_sequence(boards: int) -> str:
    """Record 352: the colours of the team named first, board 1 first."""
    return "".join("W" if board % 2 else "B" for board in range(1, boards + 1))


def team_header_lines(t: Tournament, version: Version) -> list[str]:
    if version != "trf26":
        return []
    scoring = t.settings.scoring
    record = Columns("362")
    for index, (code, value) in enumerate(
        (("TW", scoring.match_win), ("TD", scoring.match_draw), ("TL", scoring.match_loss))
    ):
        record.put(5 + 9 * index, code)
        record.put(7 + 9 * index, points_text(value), 4, right=True)
    if t.settings.team.board_colours == "as-played":
        return [record.text()]  # no fixed sequence: the 001 lines give each board's colours
    return [f"352 {colour_sequence(t.settings.team.boards)}", record.text()]


# -- the players' cells ------------------------------------------------------------------


def _team_of(t: Tournament) -> dict[str, str]:
    return {pid: team.id for team in t.teams for pid in team.roster}


def _side_players(match: Match, white_team: bool) -> list[str]:
    """The players one team seated, board 1 first ("" for an empty seat).

    The team named first (``match.white``) sits White on odd boards (docs/teams.md).
    """
    seated = []
    for board, game in enumerate(match.games, start=1):
        first = match.white_team_white(board)
        seated.append(game.white if first == white_team else game.black)
    return seated


def team_round_cells(t: Tournament, rnd: Round, numbers: Mapping[str, int]) -> dict[str, Cell]:
    """The 001 cells of a team round: boards as games, a decided match as forfeits
    without opponent (``0000 - +`` / ``0000 - -``); a team bye leaves them blank."""
    scoring = t.settings.scoring
    cells: dict[str, Cell] = {}
    for game in rnd.games:  # boards of no team: a game of the two players only
        cells.update(game_cells(game, numbers, scoring))
    for match in rnd.matches:
        if match.decision is None:
            for game in match.games:
                cells.update(game_cells(game, numbers, scoring))
            continue
        for white_team in (True, False):
            won = match.decision is (
                MatchDecision.WHITE_TEAM if white_team else MatchDecision.BLACK_TEAM
            )
            outcome = Outcome.FORFEIT_WIN if won else Outcome.FORFEIT_LOSS
            for board, pid in enumerate(_side_players(match, white_team), start=1):
                if pid not in numbers:
                    continue
                # the board as paired: its opponent and colour (TRF-2026 330 keeps the
                # boards), a seat left empty opposite as 0000
                game = match.games[board - 1]
                other = game.black if pid == game.white else game.white
                if not other:  # an empty seat opposite: the board's own forfeit win
                    cells.update(game_cells(game, numbers, scoring))
                    continue
                colour = "w" if pid == game.white else "b"
                opponent = numbers.get(other, 0) if other else 0
                cells[pid] = Cell(
                    opponent,
                    colour if opponent else "-",
                    "+" if won else "-",
                    scoring.outcome_points(outcome),
                )
    # A team bye (240, 320) is the team's: its players' cells stay blank and add no
    # individual points (as Sharly Chess writes it), so a file's totals come back.
    return cells


# -- team records ------------------------------------------------------------------------


def _team_lines(evaluation: Evaluation) -> dict[str, tuple[Fraction, Fraction, int]]:
    """Match points, game points and rank of every team after the last round.

    The rank is by the primary score, then the other one (C.04.6 Art. 1.2); teams
    equal on both share it. Column 69-71 is informative: readers recompute it.
    """
    t = evaluation.tournament
    tables = evaluation.team_tables(last_round(t))
    totals = {tid: (tables.mp.points(tid), tables.gp.points(tid)) for tid in tables.mp}
    mp_first = t.settings.scoring.primary is PrimaryScore.MATCH_POINTS

    def key(tid: str) -> tuple[Fraction, Fraction]:
        mp, gp = totals[tid]
        return (mp, gp) if mp_first else (gp, mp)

    return {
        tid: (*totals[tid], 1 + sum(1 for other in totals if key(other) > key(tid)))
        for tid in totals
    }


def roster_310(
    t: Tournament,
    team: Team,
    tpn: int,
    numbers: Mapping[str, int],
    clean: Clean,
    totals: tuple[Fraction, Fraction, int],
) -> str:
    record = Columns("310")
    record.put(5, str(tpn), 3, right=True)
    record.put(9, clean(team.name), 32)
    record.put(42, clean(team.short_name), 5)
    record.put(48, str(team.rating) if team.rating is not None else "", 6, right=True)
    mp, gp, rank = totals
    record.put(55, points_text(mp), 6, right=True)
    record.put(62, points_text(gp), 6, right=True)
    record.put(69, str(rank), 3, right=True)
    for index, number in enumerate(numbers[p] for p in team.roster if p in numbers):
        record.put(74 + 5 * index, str(number), 4, right=True)
    return record.text()


def roster_013(team: Team, numbers: Mapping[str, int], clean: Clean) -> str:
    record = Columns("013")
    record.put(5, clean(team.name), 32)
    for index, number in enumerate(numbers[p] for p in team.roster if p in numbers):
        record.put(37 + 5 * index, str(number), 4, right=True)
    return record.text()


def _coming_team_byes(t: Tournament, tpn: Mapping[str, int], number: int) -> list[str]:
    """240 records for the round to be paired: teams absent (Z) or with a requested bye."""
    lines = []
    for kind in (ByeKind.FULL, ByeKind.HALF, ByeKind.ZERO):
        ids = sorted(
            tpn[team.id]
            for team in t.teams
            if team.id in tpn
            and (
                dict(team.byes).get(number) is kind
                or (kind is ByeKind.ZERO and number in team.absent)
            )
        )
        if ids and number <= t.planned_rounds:
            record = Columns("240")
            record.put(5, BYE_CODES[kind])
            record.put(7, str(number), 3, right=True)
            for index, ident in enumerate(ids):
                record.put(11 + 5 * index, str(ident), 4, right=True)
            lines.append(record.text())
    return lines


def team_bye_lines(t: Tournament, tpn: Mapping[str, int]) -> list[str]:
    """240 (full, half, zero-point team byes) and 320 (pairing-allocated byes)."""
    lines = []
    rounds = sorted(t.rounds, key=lambda r: r.number)
    for rnd in rounds:
        for kind in (ByeKind.FULL, ByeKind.HALF, ByeKind.ZERO):
            ids = sorted(
                tpn[b.participant] for b in rnd.byes if b.kind is kind and b.participant in tpn
            )
            if ids:
                record = Columns("240")
                record.put(5, BYE_CODES[kind])
                record.put(7, str(rnd.number), 3, right=True)
                for index, ident in enumerate(ids):
                    record.put(11 + 5 * index, str(ident), 4, right=True)
                lines.append(record.text())
    lines.extend(_coming_team_byes(t, tpn, max((r.number for r in rounds), default=0) + 1))
    scoring, boards = t.settings.scoring, t.settings.team.boards
    pab_by_round = {
        rnd.number: next(
            (
                tpn[b.participant]
                for b in rnd.byes
                if b.kind is ByeKind.PAB and b.participant in tpn
            ),
            0,
        )
        for rnd in rounds
    }
    explicit = scoring.team_pab_match_points is not None or scoring.team_pab_game_points is not None
    if any(pab_by_round.values()) or explicit:
        mp = (
            scoring.match_draw
            if scoring.team_pab_match_points is None
            else scoring.team_pab_match_points
        )
        gp = (
            boards * scoring.draw
            if scoring.team_pab_game_points is None
            else scoring.team_pab_game_points
        )
        record = Columns("320")
        record.put(5, points_text(mp), 4, right=True)
        record.put(10, points_text(gp), 4, right=True)
        for number in range(1, last_round(t) + 1):
            record.put(15 + 4 * (number - 1), f"{pab_by_round.get(number, 0):03d}")
        lines.append(record.text())
    return lines


def forfeited_match_lines(t: Tournament, tpn: Mapping[str, int]) -> list[str]:
    """330: matches forfeited as a whole (``+-`` White's team wins, ``-+``, ``--``)."""
    lines = []
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        for match in rnd.matches:
            if match.decision is None or match.white not in tpn or match.black not in tpn:
                continue
            code = DECISION_CODES[match.decision]
            lines.append(
                f"330 {code} {rnd.number:03d} {tpn[match.white]:03d} {tpn[match.black]:03d}"
            )
    return lines


def _needs_300(seated: list[str], roster: tuple[str, ...]) -> bool:
    """A line-up that is not the roster order (players left out allowed), or an empty seat."""
    if any(not pid for pid in seated):
        return True
    places = [roster.index(pid) if pid in roster else -1 for pid in seated]
    return any(p < 0 for p in places) or places != sorted(places)


def lineup_lines(t: Tournament, tpn: Mapping[str, int], numbers: Mapping[str, int]) -> list[str]:
    """300: a team's line-up as played, when the roster order does not give it."""
    rosters = {team.id: team.roster for team in t.teams}
    lines = []
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        for match in rnd.matches:
            for team_id, other, white_team in (
                (match.white, match.black, True),
                (match.black, match.white, False),
            ):
                seated = _side_players(match, white_team)
                if team_id not in tpn or not _needs_300(seated, rosters.get(team_id, ())):
                    continue
                record = Columns("300")
                record.put(5, f"{rnd.number:03d}")
                record.put(9, f"{tpn[team_id]:03d}")
                record.put(13, f"{tpn.get(other, 0):03d}")
                for index, pid in enumerate(seated):
                    number = numbers.get(pid, 0)
                    record.put(17 + 5 * index, f"{number:>4}" if number else "0000")
                lines.append(record.text())
    return lines


def team_forbidden_lines(t: Tournament, tpn: Mapping[str, int]) -> list[str]:
    rules = [r for r in t.settings.forbidden if r.teams]
    clubs = {team.id: team.club for team in t.teams}
    lines = []
    for rule, group in forbidden_groups(rules, tpn, clubs):
        kind = "team-soft-pairs" if rule.strength is RuleStrength.WISH else "team-forbidden"
        lines.append(f"XXO {kind} {' '.join(str(n) for n in group)}{window_text(rule)}")
    return lines


def team_records(
    evaluation: Evaluation, numbers: Mapping[str, int], version: Version, clean: Clean
) -> list[str]:
    """Every team record after the 001 lines (TRF16: the 013 rosters only, and XXO)."""
    t = evaluation.tournament
    tpn = team_pairing_numbers(t)
    teams = sorted(t.teams, key=lambda team: tpn[team.id])
    lines: list[str] = []
    if version == "trf26":
        totals = _team_lines(evaluation)
        zero = (Fraction(0), Fraction(0), len(teams))
        lines.extend(
            roster_310(t, team, tpn[team.id], numbers, clean, totals.get(team.id, zero))
            for team in teams
        )
    lines.extend(roster_013(team, numbers, clean) for team in teams)
    if version == "trf26":
        lines.extend(team_bye_lines(t, tpn))
        lines.extend(forfeited_match_lines(t, tpn))
        lines.extend(lineup_lines(t, tpn, numbers))
        lines.extend(team_result_lines(t, tpn, clean, totals))
    lines.extend(team_forbidden_lines(t, tpn))
    return lines


# -- 801 and 802: each team's rounds (TRF-2026, informative) -----------------------------
#
# 802: team number 5-7, nickname 9-13, match points 15-20, game points 22-27, then 12
# columns per round from 29: the opponent's team number (``PAB``/``FPB``/``HPB``/``ZPB``
# for a bye, ``000`` for nothing), the team's board-1 colour at +4, its game points at
# +6..+9, ``+``/``-`` at +10 for a match decided as a whole. 801: team number, nickname,
# then ``boards + 7`` columns per round from 15: opponent, colour, the team's result on
# each board. Read back as a check by tourney.load.trf_team_results (docs/trf.md).

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
