"""Test-side reader of the C.04.6 reference tournaments (tests/reference/teamswiss).

It rebuilds the shared model as it stood before round r, exactly as the README of the
reference set says: results of rounds 1..r-1, PABs and forfeited matches of rounds
1..r-1, team absences of rounds 1..r. It also reads the stored pairing of round r.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import refdata

from tourney.engine.pairing.team_state import ColourPreferenceType
from tourney.model import (
    Bye,
    ByeKind,
    Colour,
    Format,
    Game,
    Match,
    MatchDecision,
    Player,
    PrimaryScore,
    Result,
    Round,
    Scoring,
    Settings,
    Team,
    TeamOptions,
    Tournament,
)

REFERENCE = refdata.TEAMSWISS

_BYE_KINDS = {"Z": ByeKind.ZERO, "H": ByeKind.HALF, "F": ByeKind.FULL}


@dataclass
class RefFile:
    name: str
    rounds: int
    boards: int
    initial: Colour
    colour_type: ColourPreferenceType
    primary: PrimaryScore
    use_secondary: bool
    match_points: tuple[Fraction, Fraction, Fraction]
    pab_points: tuple[Fraction, Fraction]
    rosters: dict[int, list[int]] = field(default_factory=dict)  # TPN -> start ranks
    totals: dict[int, tuple[Fraction, Fraction]] = field(default_factory=dict)
    entries: dict[int, list[tuple[int, str, str]]] = field(default_factory=dict)
    pab: dict[int, int] = field(default_factory=dict)  # round -> TPN
    forfeits: dict[tuple[int, int], str] = field(default_factory=dict)  # (round, white) -> +-
    team_byes: dict[int, list[tuple[int, ByeKind]]] = field(default_factory=dict)

    @property
    def team_of(self) -> dict[int, int]:
        return {p: tpn for tpn, roster in self.rosters.items() for p in roster}


def parse(path: Path) -> RefFile:
    lines = path.read_text(encoding="latin-1").splitlines()
    head = {line[:3]: line[4:] for line in lines if line[:3] not in ("001", "310", "240")}
    code = head["192"].strip().split("_")
    scores = [c for c in code if c in ("MP", "GP")]
    colour_type = (
        ColourPreferenceType.A
        if "TYPEA" in code
        else ColourPreferenceType.B
        if "TYPEB" in code
        else ColourPreferenceType.NONE
    )
    mp_tokens = head.get("362", "TW 2 TD 1 TL 0").split()
    mp = {mp_tokens[i]: Fraction(mp_tokens[i + 1]) for i in range(0, len(mp_tokens), 2)}
    pab_tokens = head.get("320", "1.0 0.0").split()
    boards = len(head.get("352", "WBWB").strip())
    ref = RefFile(
        name=path.name,
        rounds=int(head["142"]),
        boards=boards,
        initial=Colour.WHITE if head.get("152", "W").strip() == "W" else Colour.BLACK,
        colour_type=colour_type,
        primary=PrimaryScore.GAME_POINTS if scores[0] == "GP" else PrimaryScore.MATCH_POINTS,
        use_secondary=len(scores) > 1,
        match_points=(
            mp.get("TW", Fraction(2)),
            mp.get("TD", Fraction(1)),
            mp.get("TL", Fraction(0)),
        ),
        pab_points=(Fraction(pab_tokens[0]), Fraction(pab_tokens[1])),
    )
    for rnd, pab_team in enumerate(pab_tokens[2:], start=1):
        if int(pab_team):
            ref.pab[rnd] = int(pab_team)
    for line in lines:
        kind = line[:3]
        if kind == "310":
            tpn = int(line[4:7])
            ref.rosters[tpn] = [int(x) for x in line[72:].split()]
            ref.totals[tpn] = (Fraction(line[56:61]), Fraction(line[63:68]))
        elif kind == "330":
            code330, round_text, white, _black = line[4:].split()
            ref.forfeits[(int(round_text), int(white))] = code330
        elif kind == "240":
            tokens = line[4:].split()
            for team_text in tokens[2:]:
                ref.team_byes.setdefault(int(team_text), []).append(
                    (int(tokens[1]), _BYE_KINDS[tokens[0]])
                )
        elif kind == "001":
            start = int(line[4:8])
            games: list[tuple[int, str, str]] = []
            for r in range(ref.rounds):
                col = 91 + 10 * r
                chunk = line[col : col + 8].ljust(8)
                opp = chunk[:4].strip()
                games.append((int(opp) if opp else 0, chunk[5], chunk[7]))
            ref.entries[start] = games
    return ref


def _result(white_char: str, black_char: str) -> Result:
    table = {
        "1": Result.WHITE_WINS,
        "0": Result.BLACK_WINS,
        "=": Result.DRAW,
        "W": Result.WHITE_WINS_UNPLAYED,
        "D": Result.DRAW_UNPLAYED,
        "L": Result.BLACK_WINS_UNPLAYED,
    }
    if white_char == "+":
        return Result.WHITE_FORFEIT_WIN
    if white_char == "-":
        return Result.DOUBLE_FORFEIT if black_char == "-" else Result.BLACK_FORFEIT_WIN
    return table[white_char.upper() if white_char in "wdl" else white_char]


def board_lineup(ref: RefFile, tpn: int, rnd: int) -> list[int]:
    """Board k is the k-th roster player with an opponent in the round (README)."""
    return [p for p in ref.rosters[tpn] if ref.entries[p][rnd - 1][0] > 0]


def stored_pairing(ref: RefFile, rnd: int) -> tuple[set[tuple[int, int]], int | None]:
    """The (white team, black team) pairs of round ``rnd`` and its PAB team."""
    team_of = ref.team_of
    pairs: set[tuple[int, int]] = set()
    for tpn in ref.rosters:
        lineup = board_lineup(ref, tpn, rnd)
        if not lineup:
            continue
        opp, colour, _ = ref.entries[lineup[0]][rnd - 1]
        if colour == "w":
            pairs.add((tpn, team_of[opp]))
    return pairs, ref.pab.get(rnd)


def _matches(ref: RefFile, rnd: int) -> tuple[Match, ...]:
    team_of = ref.team_of
    out: list[Match] = []
    for white, black in sorted(stored_pairing(ref, rnd)[0]):
        games: list[Game] = []
        for board, p in enumerate(board_lineup(ref, white, rnd), start=1):
            opp, colour, res = ref.entries[p][rnd - 1]
            assert team_of[opp] == black
            opp_res = ref.entries[opp][rnd - 1][2]
            if colour == "w":
                games.append(Game(str(p), str(opp), _result(res, opp_res), board))
            else:
                games.append(Game(str(opp), str(p), _result(opp_res, res), board))
        code = ref.forfeits.get((rnd, white))
        decision = None
        if code is not None:
            decision = {
                "+-": MatchDecision.WHITE_TEAM,
                "-+": MatchDecision.BLACK_TEAM,
                "--": MatchDecision.NEITHER,
            }[code]
        out.append(Match(str(white), str(black), tuple(games), decision))
    return tuple(out)


def tournament_before(ref: RefFile, rnd: int) -> Tournament:
    """The tournament as it stood before round ``rnd`` was paired."""
    win, draw, loss = ref.match_points
    scoring = Scoring(
        match_win=win,
        match_draw=draw,
        match_loss=loss,
        primary=ref.primary,
        team_pab_match_points=ref.pab_points[0],
        team_pab_game_points=ref.pab_points[1],
    )
    settings = Settings(
        name=ref.name,
        format=Format.TEAM_SWISS,
        rounds=ref.rounds,
        scoring=scoring,
        initial_colour=ref.initial,
        team=TeamOptions(boards=ref.boards),
    )
    teams = tuple(
        Team(
            id=str(tpn),
            name=f"T{tpn}",
            roster=tuple(str(p) for p in roster),
            start=tpn,
            absent=tuple(
                r for r, k in ref.team_byes.get(tpn, []) if r <= rnd and k is ByeKind.ZERO
            ),
            byes=tuple(
                (r, k) for r, k in ref.team_byes.get(tpn, []) if r <= rnd and k is not ByeKind.ZERO
            ),
        )
        for tpn, roster in sorted(ref.rosters.items())
    )
    players = tuple(Player(id=str(p), name=f"P{p}") for p in sorted(ref.entries))
    rounds = []
    for r in range(1, rnd):
        byes = [Bye(str(ref.pab[r]), ByeKind.PAB)] if r in ref.pab else []
        byes += [
            Bye(str(tpn), kind)
            for tpn, entries in sorted(ref.team_byes.items())
            for rr, kind in entries
            if rr == r
        ]
        rounds.append(Round(number=r, matches=_matches(ref, r), byes=tuple(byes)))
    return Tournament(settings=settings, players=players, teams=teams, rounds=tuple(rounds))


def reference_files() -> list[Path]:
    return refdata.require(REFERENCE, "ts*.trf")
