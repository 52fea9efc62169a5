"""Change one team's line-up in a paired match: the boards of rounds/NN.yaml, nothing else.

docs/teams.md "Line-ups": the line-up of a match says who plays on which board; it
keeps the team's board order (unless ``teams: board_order: chosen``) and "can be
changed only before the first result of the match is entered". The pairing
seats each team in roster order; ``tourney lineup`` is the match's Line-ups page.

- Refused once the match has a result: a decision, or a result on a board where
  both players are seated (the forfeit the pairing wrote on a board one team
  could not fill is not a result anyone entered; it is recomputed).
- The players must be on the team's roster, each once, at most one per board,
  and not seated in another match of the round; ``~`` leaves a board empty.
- The new line-up is checked with the line-up rules of ``tourney.engine.teams.lineups``
  (board order, empty boards above seated ones, US Chess 31B): an error refuses
  the change, a warning is returned with it.
- A board one team leaves empty is a forfeit win for the other (``+/-`` or
  ``-/+``); a board neither team fills is left out.

Only the lines of the match's boards change (each with its trailing comment
naming the players, as ``tourney pair`` writes it); every other byte of the file
stays. The file is written atomically and the folder loaded again: if it no
longer loads, the old text is put back.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.edit.rounds import round_path
from tourney.edit.yaml_edit import get
from tourney.engine.teams.lineups import ERROR, LineupProblem, check_match, seats
from tourney.errors import Diagnostic, InvalidInput, Refused, did_you_mean
from tourney.fs.atomic import write_text
from tourney.load import nodes
from tourney.load.folder import load_tournament
from tourney.model import Game, Match, Result, Round, TeamId, Tournament

EMPTY = frozenset({"~", "-", "", "none", "empty"})
_PLAIN = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")
_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n"}


@dataclass(frozen=True, slots=True)
class LineupChange:
    """What ``set_lineup`` did: the team's seats before and after (board 1 first)."""

    round: int
    match: int
    team: TeamId
    old: tuple[str, ...]
    new: tuple[str, ...]
    path: Path
    warnings: tuple[LineupProblem, ...] = ()

    @property
    def changed(self) -> bool:
        return self.old != self.new


def has_result(match: Match) -> bool:
    """A decision, or a result on a board where both players are seated."""
    if match.decision is not None:
        return True
    return any(g.result is not None and g.white and g.black for g in match.games)


def _player_text(pid: str) -> str:
    return "" if pid.strip().lower() in EMPTY else pid.strip()


def new_match(t: Tournament, match: Match, team: TeamId, players: Sequence[str]) -> Match:
    """``match`` with ``team`` seated as ``players`` ("" for an empty board), the other
    team as it was; a board with one player is a forfeit win for that player."""
    boards = t.settings.team.boards
    other = match.black if team == match.white else match.white
    theirs = seats(match, other, boards)
    games = []
    for board in range(1, max(boards, len(theirs)) + 1):
        mine = players[board - 1] if board <= len(players) else ""
        them = theirs[board - 1] if board <= len(theirs) else ""
        white_team = match.white_team_on(board)
        white, black = (mine, them) if white_team == team else (them, mine)
        if not white and not black:
            continue
        result = None
        if not (white and black):
            result = Result.WHITE_FORFEIT_WIN if white else Result.BLACK_FORFEIT_WIN
        games.append(Game(white=white, black=black, result=result, board=board))
    return replace(match, games=tuple(games))


def _validate(t: Tournament, rnd: Round, index: int, team: TeamId, players: Sequence[str]) -> None:
    roster = t.team(team).roster
    boards = t.settings.team.boards
    where = f"round {rnd.number}, match {index + 1}"
    if len(players) > boards:
        raise Refused(f"{where}: {len(players)} players named, but matches have {boards} boards")
    seen: set[str] = set()
    elsewhere = {
        pid
        for number, m in enumerate(rnd.matches)
        if number != index
        for g in m.games
        for pid in (g.white, g.black)
        if pid
    }
    for pid in players:
        if not pid:
            continue
        if pid not in roster:
            hint = did_you_mean(pid, roster)
            raise Refused(
                f"'{pid}' is not on the roster of '{team}' ({', '.join(roster)})"
                + (f"; {hint}" if hint else "")
            )
        if pid in seen:
            raise Refused(f"'{pid}' is named twice: a player sits on one board")
        if pid in elsewhere:
            raise Refused(f"'{pid}' already plays in another match of round {rnd.number}")
        seen.add(pid)


def plan_lineup(
    t: Tournament, round_no: int, match_no: int, team: TeamId, players: Sequence[str]
) -> tuple[Match, Match, list[LineupProblem]]:
    """The match before and after, and the line-up warnings; refuses as the module says."""
    if not t.is_team:
        raise Refused(f"'{t.settings.name}' is not a team event: it has no line-ups")
    rnd = t.round(round_no)
    if rnd is None:
        raise Refused(f"round {round_no} is not paired")
    if not 1 <= match_no <= len(rnd.matches):
        raise Refused(f"round {round_no} has {len(rnd.matches)} matches, not {match_no}")
    match = rnd.matches[match_no - 1]
    if team not in (match.white, match.black):
        raise Refused(
            f"team '{team}' does not play in match {match_no} of round {round_no} "
            f"({match.white} - {match.black})"
        )
    if has_result(match):
        raise Refused(
            f"round {round_no}, match {match_no} already has a result: a line-up can be "
            "changed only before the first result of the match is entered (docs/teams.md)"
        )
    named = [_player_text(p) for p in players]
    _validate(t, rnd, match_no - 1, team, named)
    after = new_match(t, match, team, named)
    numbered = replace(after, number=after.number or match_no)
    problems = [
        p
        for p in check_match(t, replace(rnd, matches=_swap(rnd, match_no, numbered)), numbered)
        if p.team == team
    ]
    errors = [p for p in problems if p.severity == ERROR]
    if errors:
        raise Refused(
            "the line-up breaks the line-up rules, nothing was written:\n"
            + "\n".join(
                f"  board {p.board}: {p.message}" if p.board else f"  {p.message}" for p in errors
            )
        )
    return match, after, [p for p in problems if p.severity != ERROR]


def _swap(rnd: Round, match_no: int, match: Match) -> tuple[Match, ...]:
    return tuple(match if i == match_no else m for i, m in enumerate(rnd.matches, start=1))


# -- the text of the round file --------------------------------------------------------------


def _scalar(text: str) -> str:
    if text == "":
        return "~"
    if _PLAIN.match(text) and text.lower() not in _WORDS:
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _name(t: Tournament, pid: str) -> str:
    if not pid:
        return "(empty seat)"
    player = t.player(pid)
    return f"{player.name} ({player.rating})" if player.rating else player.name


def board_lines(t: Tournament, match: Match, number: int, indent: str) -> list[str]:
    """The boards of a match as ``tourney pair`` writes them, comments aligned."""
    rows = []
    for index, game in enumerate(match.games, start=1):
        result = game.result.value if game.result else ""
        body = (
            f"{indent}- {{white: {_scalar(game.white)}, black: {_scalar(game.black)}, "
            f"result: {result}}}"
        )
        rows.append((body, f"# {number}.{index} {_name(t, game.white)} - {_name(t, game.black)}"))
    width = max((len(body) for body, _ in rows), default=0)
    return [f"{body.ljust(width)}   {comment}" for body, comment in rows]


def _compose(text: str) -> Node | None:
    return nodes.compose(text)


def replace_boards(text: str, match_no: int, lines: Sequence[str]) -> str:
    """``text`` with the boards of match ``match_no`` replaced by ``lines``."""
    root = _compose(text)
    matches = get(root, "matches") if root is not None else None
    if not isinstance(matches, SequenceNode) or match_no > len(matches.value):
        raise Refused("the round file changed while it was read; run the command again")
    node = matches.value[match_no - 1]
    boards = get(node, "boards") if isinstance(node, MappingNode) else None
    if not isinstance(boards, SequenceNode):
        raise Refused(f"match {match_no} has no list of boards; edit the round file by hand")
    body = "".join(line + "\n" for line in lines)
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    if boards.flow_style:
        if boards.value:
            raise Refused(f"match {match_no} lists its boards on one line; edit it by hand")
        line_end = text.find("\n", boards.end_mark.index)
        before = text[: boards.start_mark.index].rstrip(" ")
        after = text[boards.end_mark.index : line_end + 1 if line_end >= 0 else len(text)]
        rest = text[line_end + 1 :] if line_end >= 0 else ""
        return before + after.lstrip(" ") + ("" if after.endswith("\n") else "\n") + body + rest
    first = boards.value[0].start_mark.line
    last = boards.value[-1].end_mark.line
    if boards.value[-1].end_mark.column == 0:
        last -= 1
    for item in boards.value:
        if not isinstance(item, MappingNode) or not item.flow_style:
            raise Refused(
                f"a board of match {match_no} spans several lines; edit the round file by hand"
            )
    return text[: starts[first]] + body + text[starts[last + 1] :]


def boards_indent(text: str, match_no: int) -> str:
    root = _compose(text)
    matches = get(root, "matches") if root is not None else None
    node = matches.value[match_no - 1] if isinstance(matches, SequenceNode) else None
    boards = get(node, "boards") if isinstance(node, MappingNode) else None
    if isinstance(boards, SequenceNode) and boards.value and not boards.flow_style:
        line: str = text.splitlines()[boards.value[0].start_mark.line]
        return line[: line.index("-")]
    key_column: int = node.value[0][0].start_mark.column if isinstance(node, MappingNode) else 4
    return " " * (key_column + 2)


def hand_boards(root: Node | None) -> Iterator[tuple[MappingNode, str, str]]:
    """The boards added by hand at the top of a team round file: (line node, white, black)."""
    loose = get(root, "boards") if root is not None else None
    for item in loose.value if isinstance(loose, SequenceNode) else ():
        if isinstance(item, MappingNode):
            white, black = get(item, "white"), get(item, "black")
            yield item, _plain(white), _plain(black)


def _plain(node: Node | None) -> str:
    return str(node.value) if isinstance(node, ScalarNode) else ""


def _refuse_hand_boards(text: str, match: Match, match_no: int, path: Path) -> None:
    """A board added by hand that joined this match (``engine.hand_boards``) keeps its own
    line at the top of the round file; seating the match again would list it twice."""
    seated = {p for g in match.games for p in (g.white, g.black) if p}
    for item, white, black in hand_boards(_compose(text)):
        if {white, black} & seated:
            raise Refused(
                f"match {match_no} has a board added by hand (line {item.start_mark.line + 1} "
                f"of {path}, in the round's top-level boards); move that line into the "
                "match's boards first, then change the line-up"
            )


def set_lineup(
    folder: Path, round_no: int, match_no: int, team: TeamId, players: Sequence[str]
) -> LineupChange:
    """Seat ``team`` as ``players`` (board 1 first) in match ``match_no`` of round ``round_no``."""
    t = load_tournament(folder)
    before, after, warnings = plan_lineup(t, round_no, match_no, team, players)
    boards = t.settings.team.boards
    path = round_path(folder, round_no)
    change = LineupChange(
        round_no,
        match_no,
        team,
        seats(before, team, boards),
        seats(after, team, boards),
        path,
        tuple(warnings),
    )
    if not change.changed:
        return change
    old = path.read_text(encoding="utf-8")
    _refuse_hand_boards(old, before, match_no, path)
    try:
        new = replace_boards(
            old, match_no, board_lines(t, after, match_no, boards_indent(old, match_no))
        )
        nodes.compose(new)
    except nodes.YAMLError as error:  # pragma: no cover - a bug here
        raise Refused(f"rewriting {path} would break it ({error}); nothing was written") from error
    write_text(path, new)
    try:
        load_tournament(folder)
    except InvalidInput:
        write_text(path, old)
        raise
    return change


def warning_diagnostics(change: LineupChange) -> list[Diagnostic]:
    """The line-up warnings of a change, as diagnostics pointing at the round file."""
    return [
        Diagnostic(
            str(change.path),
            0,
            0,
            f"match {change.match}, {p.team}: {p.message}",
            severity="warning",
            code="W420",
        )
        for p in change.warnings
    ]


def describe(t_seats: Sequence[str]) -> str:
    """``p1, p2, ~`` for a list of seats."""
    return ", ".join(pid or "~" for pid in t_seats)


__all__ = [
    "LineupChange",
    "board_lines",
    "describe",
    "has_result",
    "new_match",
    "plan_lineup",
    "replace_boards",
    "set_lineup",
    "warning_diagnostics",
]
