"""Team events in TRF-2026: rosters, matches, line-ups, team byes (TRF26 records 3xx).

The player lines (001) hold every board; the team records say how they make
matches. This module rebuilds the matches where the boards say it
unambiguously:

- 310 (or 013 when there is no 310) gives each team and its roster; the
  roster order is the default board order.
- A team's line-up in a round is its roster restricted to the players with a
  non-blank round, unless a 300 record gives it (``0000`` = unoccupied board).
- Two teams whose players met form a match; board k of one team sits against
  board k of the other. The white team has White on board 1 (352 gives the
  alternation, ``WBWB`` by default).
- A player present on an unoccupied board (``0000 - +``) wins that board by
  forfeit against an empty seat (``Game`` with an empty id).
- 330 is a match forfeited as a whole (``+-``, ``-+``, ``--``): a
  ``MatchDecision``; its boards are the seated players (``0000 - +`` /
  ``0000 - -``). Without a 330 record, the one team whose players won by forfeit
  and the one team that fielded nobody make such a match (with a warning).
- Without a 300 record, a played match's boards come from the players' lines:
  each names his opponent; ``0000 - -`` is a rostered player left out of the
  line-up, ``0000 - +`` a player present at an empty board.
- 320 gives the team PAB of each round and its match and game points; 240
  records name teams (H half-point bye = a drawn match, F full-point bye, Z
  zero-point bye). A team whose players all have ``U``, ``H`` or ``F`` gets that
  bye even without the record.
- A team with nothing in a round is absent (a withdrawn team in a Swiss).

>>> _colour_type("FIDE_TEAM_TYPEB_GP_MP"), _colour_type("FIDE_TEAM_MP"), _colour_type("FIDE_TEAM")
('B', 'none', 'A')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from fractions import Fraction

from tourney.load.trf_document import PlayerRecord, RosterRecord, RoundCell, TrfDocument
from tourney.load.trf_lines import Line
from tourney.model import (
    Bye,
    ByeKind,
    Game,
    Match,
    MatchDecision,
    PrimaryScore,
    Result,
    Round,
    Settings,
    Team,
    TeamOptions,
    Tournament,
    as_played_colours,
)
from tourney.records import dataclass

DECISIONS = {
    "+-": MatchDecision.WHITE_TEAM,
    "-+": MatchDecision.BLACK_TEAM,
    "--": MatchDecision.NEITHER,
}
_DECIDED_RESULT = {
    MatchDecision.WHITE_TEAM: Result.WHITE_FORFEIT_WIN,
    MatchDecision.BLACK_TEAM: Result.BLACK_FORFEIT_WIN,
    MatchDecision.NEITHER: Result.DOUBLE_FORFEIT,
}
_TEAM_BYES = {"H": ByeKind.HALF, "F": ByeKind.FULL, "Z": ByeKind.ZERO, "U": ByeKind.PAB}
_PLAYER_BYES = {"U": ByeKind.PAB, "H": ByeKind.HALF, "F": ByeKind.FULL}


def _colour_type(system: str) -> str:
    """C.04.6 colour preferences named by record 192: "A", "B" or "none"."""
    parts = system.upper().replace(" ", "").split("_")
    if "TYPEB" in parts:
        return "B"
    if "TYPEA" in parts or system.upper().strip() == "FIDE_TEAM":
        return "A"
    return "none"


def primary_score(system: str) -> PrimaryScore:
    """Record 192: ``..._GP_MP`` or ``..._GP`` make game points primary (C.04.6 1.2.2)."""
    parts = [p for p in system.upper().replace(" ", "").split("_") if p in ("MP", "GP")]
    return PrimaryScore.GAME_POINTS if parts and parts[0] == "GP" else PrimaryScore.MATCH_POINTS


def team_settings(doc: TrfDocument, settings: Settings, rounds: Iterable[Round]) -> Settings:
    """The scoring (362, 320, 192) and team options (352, 192) of a team event."""
    rounds = tuple(rounds)
    records = doc.team
    system = doc.header.get("system", "")
    mp = records.match_points
    scoring = replace(
        settings.scoring,
        match_win=mp.get("TW", Fraction(2)),
        match_draw=mp.get("TD", Fraction(1)),
        match_loss=mp.get("TL", Fraction(0)),
        primary=primary_score(system),
        team_pab_match_points=records.pab_points[0] if records.pab_points else None,
        team_pab_game_points=records.pab_points[1] if records.pab_points else None,
    )
    boards = len(records.colours) or max(
        (len(m.games) for r in rounds for m in r.matches), default=4
    )
    scores = [p for p in system.upper().split("_") if p in ("MP", "GP")]
    team = TeamOptions(
        boards=boards,
        colour_preferences=_colour_type(system) if system else "A",
        use_secondary_score=len(scores) != 1,
    )
    if any(m.colours for r in rounds for m in r.matches):
        # each board's colours as the 001 lines give them (real leagues: no fixed pattern)
        team = replace(team, board_colours="as-played")
    cycles = 2 if "DOUBLE" in system.upper() else 1
    return replace(settings, scoring=scoring, team=team, cycles=cycles)


def check_013_columns(doc: TrfDocument) -> None:
    """Where 013 records give the rosters: a tolerant reading of players one column
    off the table (W358), or a record with no one reading (E313)."""
    if doc.team.rosters:
        return  # 310 gives the rosters; 013 only repeats them
    layout = "013 layout: team name 5-36, players at 37-40, 42-45, ... (TRF16)"
    for record in doc.team.rosters_013:
        if record.misplaced:
            doc.error(
                "E313",
                record.line,
                record.misplaced,
                "the players of this 013 record are not in their columns, and no reading "
                "one column left or right fits them all",
                layout,
            )
        elif record.shift:
            side = "left" if record.shift < 0 else "right"
            doc.warn(
                "W358",
                record.line,
                37 + record.shift,
                f"the players of this 013 record sit one column {side} of the table's "
                f"columns: read as {', '.join(str(p) for p in record.roster)}",
                layout,
            )


def team_records(doc: TrfDocument) -> list[RosterRecord]:
    """The rosters: 310 records, else 013 records (numbered in file order)."""
    return list(doc.team.rosters or doc.team.rosters_013)


def teams(doc: TrfDocument) -> tuple[Team, ...]:
    out = []
    for record in sorted(team_records(doc), key=lambda r: r.number):
        strength = record.strength.split(".")[0]
        rating = (
            int(strength) if strength.isascii() and strength.isdigit() and int(strength) else None
        )
        out.append(
            Team(
                id=str(record.number),
                name=record.name,
                short_name=record.nickname,
                roster=tuple(str(p) for p in record.roster),
                rating=rating,
                start=record.number,
            )
        )
    return tuple(out)


@dataclass
class _RoundData:
    """What the file says about one round."""

    number: int
    cells: dict[int, RoundCell]  # player -> cell (non-blank rounds only)
    games: dict[int, Game]  # player -> the game read from the 001 lines


class _Builder:
    def __init__(self, doc: TrfDocument, players: Mapping[int, PlayerRecord]) -> None:
        self.doc = doc
        self.players = players
        self.records = team_records(doc)
        self.team_of: dict[int, int] = {}
        self.roster: dict[int, tuple[int, ...]] = {}
        for record in self.records:
            self.roster[record.number] = record.roster
            for player in record.roster:
                if player in self.team_of and self.team_of[player] != record.number:
                    doc.error(
                        "E305",
                        record.line,
                        74,
                        f"player {player} is on two teams",
                        "one roster each",
                    )
                self.team_of.setdefault(player, record.number)
                if player not in players:
                    doc.error(
                        "E306", record.line, 74, f"roster names {player}, who has no 001 line"
                    )
        for player in players:
            if player not in self.team_of:
                doc.warn(
                    "W329",
                    _line(players[player]),
                    5,
                    f"player {player} is on no team's roster (310)",
                )
        self.colours = doc.team.colours or "WB"

    def white_on(self, board: int) -> bool:
        """Whether the white team has White on ``board`` (352: ``WBWB...``)."""
        return self.colours[(board - 1) % len(self.colours)] == "W"

    def round(self, data: _RoundData) -> Round:
        number = data.number
        matches: list[Match] = []
        busy: set[int] = set()
        for record in self.doc.team.forfeits:
            if record.round == number:
                matches.append(self._forfeited(data, record.white, record.black, record.code))
                busy.update((record.white, record.black))
        pairs: dict[tuple[int, int], list[Game]] = {}
        for game in {id(g): g for g in data.games.values()}.values():
            white_team = self.team_of.get(int(game.white))
            black_team = self.team_of.get(int(game.black))
            if white_team is None or black_team is None:
                continue
            teams = (white_team, black_team)
            if white_team == black_team:
                self.doc.error(
                    "E310",
                    _line(self.players[int(game.white)]),
                    _col(data, int(game.white)),
                    f"round {number}: {game.white} and {game.black} play each other "
                    f"but are both on team {teams[0]}",
                )
                continue
            key = (min(teams), max(teams))
            pairs.setdefault(key, []).append(game)
        for lineup in self.doc.team.lineups:
            if lineup.round == number:
                key = (min(lineup.team, lineup.opponent), max(lineup.team, lineup.opponent))
                if not (set(key) & busy):
                    pairs.setdefault(key, [])
        forfeited = {
            (min(r.white, r.black), max(r.white, r.black))
            for r in self.doc.team.forfeits
            if r.round == number
        }
        for key in sorted(pairs):
            if key in forfeited:
                continue  # the board entries of a 330 match: the record already made it
            seen = [t for t in key if t in busy]
            if seen:
                self.doc.error(
                    "E310",
                    _line(self.players[int(pairs[key][0].white)]) if pairs[key] else _nowhere(),
                    _col(data, int(pairs[key][0].white)) if pairs[key] else 0,
                    f"round {number}: team {seen[0]} plays two matches",
                )
                continue
            busy.update(key)
            match = self._played(data, key[0], key[1])
            if match is not None:
                matches.append(match)
        byes = self._byes(data, busy)
        decided = self._forfeit_from_lines(data, busy | {int(b.participant) for b in byes})
        if decided is not None:  # first, where a 330 record's match would be
            matches.insert(0, decided)
        numbered = tuple(replace(m, number=i) for i, m in enumerate(matches, start=1))
        return Round(number=number, matches=numbered, byes=byes)

    def lineup(self, data: _RoundData, team: int, opponent: int) -> list[int]:
        """Board order of ``team``: the 300 record, else its roster players in the round."""
        for record in self.doc.team.lineups:
            if record.round == data.number and record.team == team:
                if record.opponent != opponent:
                    self.doc.error(
                        "E310",
                        record.line,
                        13,
                        f"record 300: team {team} plays {opponent} in round {data.number}, "
                        f"not {record.opponent}",
                    )
                return list(record.boards)
        return [p for p in self.roster.get(team, ()) if self._in_match(data, p, opponent)]

    def _in_match(self, data: _RoundData, player: int, opponent: int) -> bool:
        cell = data.cells.get(player)
        if cell is None:
            return False
        if cell.opponent is not None:
            return self.team_of.get(cell.opponent) == opponent
        # ``U`` in a team's match: a seat facing an empty board in a round not played yet
        return cell.code in ("+", "-", "U")

    def _has_lineup(self, number: int, a: int, b: int) -> bool:
        return any(r.round == number and r.team in (a, b) for r in self.doc.team.lineups)

    def _present_alone(self, data: _RoundData, player: int) -> bool:
        """On a board whose opposite seat is empty: ``0000 - +``. (``0000 - -`` outside a
        330 match is a rostered player left out of the line-up.)"""
        cell = data.cells.get(player)
        return cell is not None and cell.opponent is None and cell.code == "+"

    def _from_lines(self, data: _RoundData, a: int, b: int) -> Match:
        """The match of teams ``a`` and ``b`` from the players' lines alone (no 300 record).

        Each player's line names his opponent, and that is the truth of the board: the
        boards follow team ``a``'s roster order through its games, and a player present
        at an empty board (``0000 - +``) sits between his roster neighbours. TRF16 has
        no record for a line-up that leaves a middle board empty; this reads it.
        """
        position = {
            team: {p: i for i, p in enumerate(self.roster.get(team, ()))} for team in (a, b)
        }
        games = {id(g): g for g in data.games.values()}.values()
        entries: list[tuple[int, int, Game | None]] = []  # (a's player, b's player, game)
        for game in games:
            first, second = int(game.white), int(game.black)
            if self.team_of.get(first) == b:
                first, second = second, first
            if self.team_of.get(first) == a and self.team_of.get(second) == b:
                entries.append((first, second, game))
        entries.sort(key=lambda e: position[a].get(e[0], 10**6))
        for side, team in ((0, a), (1, b)):
            for player in self.roster.get(team, ()):
                if not self._present_alone(data, player):
                    continue
                rank = position[team][player]
                seats = [(e[0] if side == 0 else e[1]) for e in entries]
                at = next(
                    (i for i, s in enumerate(seats) if s and position[team].get(s, 10**6) > rank),
                    len(entries),
                )
                entries.insert(at, (player, 0, None) if side == 0 else (0, player, None))
        white_team = self._white_from_lines(data, entries, a, b)
        boards = []
        for board, (own, other, played) in enumerate(entries, start=1):
            if played is not None:
                boards.append(replace(played, board=board))
                continue
            present = own or other
            team_of_present = a if own else b
            white_sits = (team_of_present == white_team) == self.white_on(board)
            result = Result.WHITE_FORFEIT_WIN if white_sits else Result.BLACK_FORFEIT_WIN
            pair = (str(present), "") if white_sits else ("", str(present))
            boards.append(Game(pair[0], pair[1], result, board))
        black_team = b if white_team == a else a
        return Match(str(white_team), str(black_team), tuple(boards))

    def _white_from_lines(
        self, data: _RoundData, entries: list[tuple[int, int, Game | None]], a: int, b: int
    ) -> int:
        """The team with White on board 1, from the first board whose colour is written."""
        for board, (own, other, game) in enumerate(entries, start=1):
            for player, team in ((own, a), (other, b)):
                cell = data.cells.get(player) if player else None
                if game is None or cell is None or not cell.colour:
                    continue
                if (cell.colour == "w") == self.white_on(board):
                    return team
                return b if team == a else a
        return a

    def _played(self, data: _RoundData, a: int, b: int) -> Match | None:
        number = data.number
        if not self._has_lineup(number, a, b):
            return self._from_lines(data, a, b)
        boards_a = self.lineup(data, a, b)
        boards_b = self.lineup(data, b, a)
        white_team = self._white_team(data, a, b, boards_a, boards_b)
        if white_team is None:
            first = next(
                (r.line for r in self.doc.team.lineups if r.round == number and r.team in (a, b)),
                _nowhere(),
            )
            self.doc.warn(
                "W330",
                first,
                9 if first.number else 0,
                f"round {number}: cannot tell which of teams {a} and {b} had White on board 1",
                "board 1's player of the white team has 'w'",
            )
            white_team = a
        black_team = b if white_team == a else a
        white_boards = boards_a if white_team == a else boards_b
        black_boards = boards_b if white_team == a else boards_a
        games = []
        for board in range(1, max(len(white_boards), len(black_boards)) + 1):
            ours = white_boards[board - 1] if board <= len(white_boards) else 0
            theirs = black_boards[board - 1] if board <= len(black_boards) else 0
            game = self._board(data, board, ours, theirs)
            if game is not None:
                games.append(game)
        return Match(str(white_team), str(black_team), tuple(games))

    def _white_team(
        self, data: _RoundData, a: int, b: int, boards_a: list[int], boards_b: list[int]
    ) -> int | None:
        for board in range(1, max(len(boards_a), len(boards_b)) + 1):
            for team, boards in ((a, boards_a), (b, boards_b)):
                player = boards[board - 1] if board <= len(boards) else 0
                cell = data.cells.get(player) if player else None
                if cell is None or not cell.colour:
                    continue
                white_here = cell.colour == "w"
                if white_here == self.white_on(board):
                    return team
                return b if team == a else a
        return None

    def _board(self, data: _RoundData, board: int, white: int, black: int) -> Game | None:
        """Board ``board``: the white team's player ``white`` against ``black`` (0 = empty)."""
        number = data.number
        if white and black:
            game = data.games.get(white)
            if game is None or black not in (int(game.white), int(game.black)):
                cell = data.cells.get(white)
                said = cell.opponent if cell is not None else None
                records = [
                    str(r.line.number)
                    for r in self.doc.team.lineups
                    if r.round == number
                    and r.team in (self.team_of.get(white), self.team_of.get(black))
                ]
                self.doc.error(
                    "E310",
                    _line(self.players[white]),
                    _col(data, white),
                    f"round {number}, board {board}: the line-ups (300 on line "
                    f"{' and '.join(records) or '-'}) seat {white} against {black}, but {white}'s "
                    f"cell names {'opponent ' + str(said) if said else 'no opponent'}",
                    "the 300 records and the players' cells (opponent, colour) must give the "
                    "same boards: correct the one that is wrong",
                )
                return None
            return replace(game, board=board)
        present = white or black
        if not present:
            return None
        cell = data.cells.get(present)
        code = cell.code if cell is not None else ""
        if code not in ("+", "U", ""):
            # ``U`` or nothing: a round not played yet (some writers' in-progress files)
            self.doc.warn(
                "W331",
                _line(self.players[present]),
                cell.col + 7 if cell is not None else 0,
                f"round {number}: {present} sits on board {board} without an opponent "
                f"but the result is '{code or ' '}': read as his forfeit win",
                "an unoccupied opposite board is '0000 - +' (docs/folder-format.md)",
            )
        white_sits = self.white_on(board) == bool(white)
        own, other = str(present), ""
        # the player present wins the board of an empty seat (docs/folder-format.md)
        result = Result.WHITE_FORFEIT_WIN if white_sits else Result.BLACK_FORFEIT_WIN
        pair = (own, other) if white_sits else (other, own)
        return Game(pair[0], pair[1], result, board)

    def _forfeited(self, data: _RoundData, white: int, black: int, code: str) -> Match:
        """A 330 match: each board pairs the seated players; the decision decides.

        The boards are the line-ups (300, else the players in the match in roster
        order), an unoccupied board (``0000``) kept in its place. A board whose two
        players' lines name each other keeps the colours they give (tourney's export
        writes them); a board with one seat empty is the present player's forfeit win
        (docs/folder-format.md), whatever the decision.
        """
        decision = DECISIONS[code]
        result = _DECIDED_RESULT[decision]
        seats_white = self.lineup(data, white, black)
        seats_black = self.lineup(data, black, white)
        games = []
        for board in range(1, max(len(seats_white), len(seats_black)) + 1):
            ours = seats_white[board - 1] if board <= len(seats_white) else 0
            theirs = seats_black[board - 1] if board <= len(seats_black) else 0
            if not ours and not theirs:
                continue
            first_white = self.white_on(board)
            written = data.games.get(ours) if ours and theirs else None
            if written is not None and {written.white, written.black} == {str(ours), str(theirs)}:
                first_white = written.white == str(ours)
            pair = (str(ours or ""), str(theirs or ""))
            if not first_white:
                pair = (pair[1], pair[0])
            if not (ours and theirs):
                board_result = Result.WHITE_FORFEIT_WIN if pair[0] else Result.BLACK_FORFEIT_WIN
            elif decision is MatchDecision.NEITHER:
                board_result = result
            else:
                white_team_wins = decision is MatchDecision.WHITE_TEAM
                board_result = (
                    Result.WHITE_FORFEIT_WIN
                    if white_team_wins == first_white
                    else Result.BLACK_FORFEIT_WIN
                )
            games.append(Game(pair[0], pair[1], board_result, board))
        return Match(str(white), str(black), tuple(games), decision)

    def _forfeit_from_lines(self, data: _RoundData, busy: set[int]) -> Match | None:
        """A match forfeited as a whole given only by the players' lines (no 330 record).

        The team whose players have ``0000 - +`` (and no game) won by forfeit; when
        exactly one other team has neither a match, a bye nor a player with anything
        but ``-``, ``Z`` or a blank, the match was between those two (a warning says
        so). Otherwise the record is missing and nothing is guessed.
        """
        codes = {
            team: {data.cells[p].code for p in roster if p in data.cells}
            for team, roster in self.roster.items()
            if team not in busy
        }
        winners = [t for t, c in sorted(codes.items()) if "+" in c and c <= {"+", "-", "Z", ""}]
        losers = [t for t, c in sorted(codes.items()) if c <= {"-", "Z", ""}]
        if len(winners) != 1 or len(losers) != 1:
            return None
        winner, loser = winners[0], losers[0]
        seated = [p for p in self.roster[winner] if self._present_alone(data, p)]
        first = self.players[seated[0]]
        self.doc.warn(
            "W332",
            _line(first),
            _col(data, seated[0]),
            f"round {data.number}: no 330 record, but team {winner}'s players won by forfeit "
            f"('0000 - +') and team {loser} fielded nobody: read as a match of {winner} "
            f"against {loser} forfeited by {loser}",
            "a 330 record states such a match (TRF-2026)",
        )
        games = []
        for board, player in enumerate(seated, start=1):
            if self.white_on(board):
                games.append(Game(str(player), "", Result.WHITE_FORFEIT_WIN, board))
            else:
                games.append(Game("", str(player), Result.BLACK_FORFEIT_WIN, board))
        return Match(str(winner), str(loser), tuple(games), MatchDecision.WHITE_TEAM)

    def _byes(self, data: _RoundData, busy: set[int]) -> tuple[Bye, ...]:
        number = data.number
        byes: dict[int, ByeKind] = {}
        pab = self.doc.team.pab_teams.get(number)
        if pab:
            byes[pab] = ByeKind.PAB
        for kind, round_no, team, line in self.doc.byes:
            if round_no != number:
                continue
            if team in busy:
                self.doc.error(
                    "E308", line, 11, f"record 240: team {team} plays a match in round {number}"
                )
                continue
            if team not in self.roster:
                self.doc.error(
                    "E306", line, 11, f"record 240 names team {team}, which has no 310 record"
                )
                continue
            byes.setdefault(team, _TEAM_BYES[kind])
        for team, roster in sorted(self.roster.items()):
            if team in busy or team in byes:
                continue
            # Rostered players left out (``0000 - -``, ``Z``, blank) do not decide the bye.
            codes = {data.cells[p].code for p in roster if p in data.cells} - {"-", "Z", ""}
            if len(codes) == 1 and (code := codes.pop()) in _PLAYER_BYES:
                byes[team] = _PLAYER_BYES[code]
        return tuple(Bye(str(team), kind) for team, kind in sorted(byes.items()))


def _line(record: PlayerRecord) -> Line:
    return Line(record.line, "")


def _col(data: _RoundData, player: int) -> int:
    """The column of ``player``'s cell of the round (its opponent field)."""
    cell = data.cells.get(player)
    return cell.col if cell is not None else 92 + 10 * (data.number - 1)


def _nowhere() -> Line:
    return Line(0, "")


def team_rounds(
    doc: TrfDocument,
    players: Mapping[int, PlayerRecord],
    rounds: Iterable[Round],
) -> tuple[tuple[Team, ...], tuple[Round, ...]]:
    """The teams, and every round rebuilt as matches and team byes."""
    builder = _Builder(doc, players)
    out = []
    for rnd in rounds:
        cells = {
            start: cell
            for start, record in players.items()
            for cell in record.rounds
            if cell.round == rnd.number
        }
        games: dict[int, Game] = {}
        for game in rnd.games:
            games[int(game.white)] = game
            games[int(game.black)] = game
        built = builder.round(_RoundData(rnd.number, cells, games))
        team_of = {str(p): str(team) for p, team in builder.team_of.items()}
        matches = tuple(replace(m, colours=as_played_colours(m, team_of)) for m in built.matches)
        out.append(replace(built, matches=matches))
    return teams(doc), tuple(out)


def check_totals(doc: TrfDocument, tournament: Tournament) -> None:
    """Warn where a 310 record's match or game points differ from the rebuilt matches."""
    from tourney.engine.teams.scores import team_tables  # a team event's only

    tables = team_tables(tournament, len(tournament.rounds))
    for record in doc.team.rosters:
        team = str(record.number)
        if team not in tables.mp.views:
            continue
        for what, stated, table, col in (
            ("match points", record.match_points, tables.mp, 55),
            ("game points", record.game_points, tables.gp, 62),
        ):
            found = table.points(team)
            if stated is not None and stated != found:
                doc.warn(
                    "W325",
                    record.line,
                    col,
                    f"team {team}: record 310 gives {float(stated):g} {what}, "
                    f"the matches give {float(found):g}",
                    "check the 001 lines, 300, 320, 330 and 240 records of the team",
                )


def team_requests(doc: TrfDocument, teams: tuple[Team, ...], played: int) -> tuple[Team, ...]:
    """Absences and byes of teams in the rounds after ``played`` (not paired yet).

    A 240 record names the team; without one, a team all of whose rostered
    players have an entry in that round (``0000 - Z``, ``H``, ``F``) is absent,
    or has the bye they all have (the engines' reading of the coming round).
    """
    wanted: dict[str, dict[int, ByeKind]] = {}
    for kind, round_no, number, _line in doc.byes:
        if round_no > played:
            wanted.setdefault(str(number), {})[round_no] = _TEAM_BYES[kind]
    entries = {
        (str(record.start), cell.round): cell.code
        for record in doc.players
        for cell in record.rounds
        if cell.round > played
    }
    for team in teams:
        rounds = {number for (_pid, number) in entries}
        for number in sorted(rounds):
            codes = {entries.get((pid, number)) for pid in team.roster}
            if not team.roster or None in codes or number in wanted.get(team.id, {}):
                continue
            code = codes.pop() if len(codes) == 1 else ""
            wanted.setdefault(team.id, {})[number] = _PLAYER_BYES.get(code or "", ByeKind.ZERO)
    out = []
    for team in teams:
        asked = wanted.get(team.id, {})
        absent = tuple(sorted(n for n, k in asked.items() if k in (ByeKind.ZERO, ByeKind.PAB)))
        byes = tuple(sorted((n, k) for n, k in asked.items() if k in (ByeKind.HALF, ByeKind.FULL)))
        out.append(replace(team, absent=absent, byes=byes) if asked else team)
    return tuple(out)
