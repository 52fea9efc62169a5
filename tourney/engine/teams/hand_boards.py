"""Boards added by hand to a team round, outside its matches (docs/teams.md, "Pairing").

docs/teams.md: "A board added by hand (two players from the not-playing list) joins
its teams' match when the table number, the colours and the board orders fit;
when it does not, it is marked no team and counts for no team until you make it
a board of the match."

In a folder, such a board is a line of the round file's top-level ``boards:``
in a team event, with two optional keys: ``match`` (the table) and ``board``.
:func:`join_hand_boards` decides, board by board in the file's order, whether
it joins a match. It joins match N when all of these hold:

1. N is the ``match`` given, or, without one, the one match of the round
   between the two players' teams;
2. one player is on each of the match's two teams (roster membership);
3. the match is not forfeited as a whole by decision (its boards take no
   result of their own);
4. the board is the one given, or, without one, the first board of the match
   with no game; it is within the match's boards, has no game yet and leaves
   no board above it without one (a match's boards are listed board 1 first,
   so a round file can only hold a match whose boards follow each other);
5. the white player is on the team with White on that board (the team named
   first has White on board 1 and every odd board, ``board_colours``);
6. neither player sits anywhere else in the round;
7. the board order of both teams still fits the event's rule
   (``lineups.ORDER_RULES``: under ``fixed`` nobody listed lower on the
   roster sits above somebody listed higher), or at least breaks it nowhere
   it did not already.

A joined board becomes ``Game(white, black, result, board)`` among the match's
games, ordered by board: the very model the loader makes of the same board
written inside the match. A board that does not join stays in ``Round.games``
(numbered 1, 2, ... in the file's order): it counts for no team (no match
score, no board statistics, no team tie-break) but is still a game of its two
players (individual ranking, ratings).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from tourney.engine.teams.lineups import ORDER_RULES, board_number, order_name, seats
from tourney.engine.teams.rating import RatingOf, fide_rating
from tourney.model import Game, Match, PlayerId, Round, TeamId, Tournament


@dataclass(frozen=True, slots=True)
class HandBoard:
    """One board written outside the matches: its game and the table and board asked for."""

    game: Game
    match: int | None = None  # the match (table) number; None: the match of the two teams
    board: int | None = None  # the board in the match; None: its first board without a game


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one hand board went: the match and board it joined, or why it joined none.

    ``match`` and ``board`` are those it joined, or those it was meant for
    (0 when not known); ``reason`` is empty when it joined.
    """

    match: int
    board: int
    reason: str = ""
    hint: str = ""

    @property
    def joined(self) -> bool:
        return not self.reason


class _Refuse(Protocol):
    """The ``refuse`` helper of ``_place``: a reason, the board, a hint."""

    def __call__(self, reason: str, board: int = 0, hint: str = "") -> _NoTeam: ...


class _NoTeam(Exception):
    """A hand board that does not fit; carries the placement to report."""

    def __init__(self, placement: Placement) -> None:
        super().__init__(placement.reason)
        self.placement = placement


def join_hand_boards(
    t: Tournament, rnd: Round, hand: Sequence[HandBoard], rating_of: RatingOf = fide_rating
) -> tuple[Round, tuple[Placement, ...]]:
    """``rnd`` with every hand board that fits joined to its match, the others of no team.

    ``t`` supplies the settings, players and rosters (its rounds are not read);
    ``rnd`` holds the matches as written. The placements follow ``hand``.
    Boards already in ``rnd.games`` stay boards of no team, before the new ones.
    """
    matches = [_numbered(m, i) for i, m in enumerate(rnd.matches, start=1)]
    team_of = _team_of(t)
    seen = _seat_counts(rnd, hand)
    placements = []
    no_team = list(rnd.games)
    for entry in hand:
        try:
            index, board = _place(t, rnd.number, matches, entry, team_of, seen, rating_of)
        except _NoTeam as refused:
            placements.append(refused.placement)
            no_team.append(entry.game)
            continue
        match = matches[index]
        matches[index] = _with_board(match, replace(entry.game, board=board))
        placements.append(Placement(match.number, board))
    games = tuple(replace(g, board=i) for i, g in enumerate(no_team, start=1))
    return replace(rnd, matches=tuple(matches), games=games), tuple(placements)


def _with_board(match: Match, game: Game) -> Match:
    """The match with one more board, its boards ordered by number."""
    return replace(match, games=tuple(sorted((*match.games, game), key=lambda g: g.board)))


def _numbered(match: Match, number: int) -> Match:
    """The match with its number and every board's number set (as the loader sets them)."""
    games = tuple(replace(g, board=board_number(match, i)) for i, g in enumerate(match.games))
    return replace(match, number=match.number or number, games=games)


def _team_of(t: Tournament) -> dict[PlayerId, TeamId]:
    out: dict[PlayerId, TeamId] = {}
    for team in t.teams:
        for pid in team.roster:
            out.setdefault(pid, team.id)
    return out


def _seat_counts(rnd: Round, hand: Sequence[HandBoard]) -> dict[PlayerId, int]:
    counts: dict[PlayerId, int] = {}
    games = [*rnd.all_games(), *(h.game for h in hand)]
    for game in games:
        for pid in (game.white, game.black):
            if pid:
                counts[pid] = counts.get(pid, 0) + 1
    return counts


def _place(
    t: Tournament,
    round_no: int,
    matches: Sequence[Match],
    entry: HandBoard,
    team_of: Mapping[PlayerId, TeamId],
    seen: Mapping[PlayerId, int],
    rating_of: RatingOf,
) -> tuple[int, int]:
    """The index of the match and the board this hand board joins; ``_NoTeam`` otherwise."""
    game = entry.game
    white_team, black_team = team_of.get(game.white), team_of.get(game.black)
    index = _match_index(round_no, matches, entry, white_team, black_team)
    match = matches[index]
    number = match.number
    move = f"to count it for the teams, write it among match {number}'s boards"

    def refuse(reason: str, board: int = 0, hint: str = "") -> _NoTeam:
        return _NoTeam(Placement(number, board, reason, hint or move))

    for colour, pid, team in (("white", game.white, white_team), ("black", game.black, black_team)):
        if team is None:
            raise refuse(f"{colour} '{pid}' is in no team's roster")
        if team not in (match.white, match.black):
            theirs = [m.number for m in matches if {m.white, m.black} == {white_team, black_team}]
            raise refuse(
                f"{colour} '{pid}' is on team '{team}', which does not play match {number} "
                f"('{match.white}' v '{match.black}')",
                hint=f"their teams play match {theirs[0]}: write 'match: {theirs[0]}'"
                if theirs
                else f"name the match of team '{team}' with 'match:'",
            )
    if white_team == black_team:
        raise refuse(
            f"white '{game.white}' and black '{game.black}' are both on team '{white_team}'"
        )
    if match.decision is not None:
        raise refuse(
            f"match {number} is forfeited as a whole by decision, so its boards take no result",
            hint="withdraw the decision first",
        )
    board = _board(t, match, entry, refuse)
    with_white = match.white_team_on(board)
    if white_team != with_white:
        raise refuse(
            f"white '{game.white}' is on team '{white_team}', which has Black on board {board} "
            f"of match {number}",
            board,
            "swap 'white' and 'black' if the colours are the wrong way round (the team "
            f"named first has White on odd boards); {move}",
        )
    for pid in (game.white, game.black):
        if seen.get(pid, 0) > 1:
            raise refuse(f"'{pid}' already plays elsewhere in round {round_no}", board)
    broken = _order_breach(t, match, replace(game, board=board), rating_of)
    if broken:
        raise refuse(
            f"it breaks the board order on board {board} of match {number}: {broken}",
            board,
            f"{move}, on a board the teams' board order allows",
        )
    return index, board


def _match_index(
    round_no: int,
    matches: Sequence[Match],
    entry: HandBoard,
    white_team: TeamId | None,
    black_team: TeamId | None,
) -> int:
    if entry.match is not None:
        for index, match in enumerate(matches):
            if match.number == entry.match:
                return index
        raise _NoTeam(
            Placement(
                0,
                entry.board or 0,
                f"round {round_no} has no match {entry.match}",
                f"its matches are numbered 1 to {len(matches)}" if matches else "",
            )
        )
    teams = {white_team, black_team}
    found = [i for i, m in enumerate(matches) if {m.white, m.black} == teams]
    if len(found) == 1:
        return found[0]
    game = entry.game
    who = " and ".join(
        f"{colour} '{pid}' is on team '{team}'" if team else f"{colour} '{pid}' is in no roster"
        for colour, pid, team in (
            ("white", game.white, white_team),
            ("black", game.black, black_team),
        )
    )
    raise _NoTeam(
        Placement(
            0,
            entry.board or 0,
            f"no match of round {round_no} is between their teams ({who})",
            "name the match with 'match:' if the teams' table is another one",
        )
    )


def _board(t: Tournament, match: Match, entry: HandBoard, refuse: _Refuse) -> int:
    """The board the hand board takes in ``match``; refused when it is not free."""
    boards = t.settings.team.boards
    taken = {board_number(match, i): g for i, g in enumerate(match.games)}
    first_free = next((b for b in range(1, boards + 1) if b not in taken), None)
    number = match.number
    if entry.board is None:
        if first_free is None:
            raise refuse(f"every one of the {boards} boards of match {number} has a game")
        return first_free
    board = entry.board
    if board > boards:
        raise refuse(f"match {number} is played on {boards} boards, not {board}", board)
    if board in taken:
        other = taken[board]
        raise refuse(
            f"board {board} of match {number} already has a game "
            f"('{other.white or '-'}' v '{other.black or '-'}')",
            board,
            f"give another board with 'board:' (board {first_free} has no game)"
            if first_free is not None
            else "every board of the match has a game",
        )
    if first_free is not None and board > first_free:
        raise refuse(
            f"board {board} of match {number} would leave board {first_free} without a game",
            board,
            f"give 'board: {first_free}', or write it among match {number}'s boards",
        )
    return board


def _order_breach(t: Tournament, match: Match, game: Game, rating_of: RatingOf) -> str:
    """The first board-order finding the new board adds to either team's line-up ("" if none)."""
    rule = ORDER_RULES[order_name(t)]
    player_ids = {p.id for p in t.players}
    after = _with_board(match, game)
    boards = t.settings.team.boards
    for team in t.teams:
        if team.id not in (match.white, match.black):
            continue
        found = []
        for version in (match, after):
            seated = [
                (b, pid)
                for b, pid in enumerate(seats(version, team.id, boards), start=1)
                if pid in player_ids
            ]
            found.append(rule(t, team, seated, rating_of))
        old = {(board, pid, code) for board, pid, code, _ in found[0]}
        for board, pid, code, message in found[1]:
            if (board, pid, code) not in old:
                return message
    return ""


__all__ = ["HandBoard", "Placement", "join_hand_boards"]
