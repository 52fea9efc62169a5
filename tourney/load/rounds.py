"""rounds/NN.yaml -> model.Round (docs/folder-format.md, "Round files").

One board is one line, a flow mapping with a trailing comment naming the
players, so that a result correction is a one-line diff:

    boards:
      - {white: p12, black: p7, result: 1-0}     # 1. Smith - Jones

In a team event the boards are listed under each match; a top-level
``boards:`` there holds boards added by hand outside the matches, each with an
optional ``match`` and ``board``. They come back as ``HandBoard`` values: the
folder loader joins each to its match when it fits (``engine.hand_boards``),
once the rosters are known.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING

from yaml.nodes import MappingNode, Node, ScalarNode

from tourney.engine.double_games import NO_GAME_RESULT
from tourney.errors import did_you_mean
from tourney.load.fields import Fields, Report, kind_of
from tourney.load.starts import read_start
from tourney.load.venues import read_venue, refuse_time_key
from tourney.load.yamlsource import scalar_value
from tourney.model import Bye, ByeKind, Game, Match, MatchDecision, Result, Round
from tourney.records import dataclass

if TYPE_CHECKING:  # a team's hand boards, imported when a round has some
    from tourney.engine.teams.hand_boards import HandBoard

ROUND_KEYS = (
    "round",
    "date",
    "published",
    "started",
    "board_colours",
    "venue",
    "time",
    "boards",
    "matches",
    "byes",
)
BOARD_KEYS = ("white", "black", "result", "colours")
# An individual board may carry the arbiter's mark that a rematch is intended (docs/folder-format.md).
INDIVIDUAL_BOARD_KEYS = (*BOARD_KEYS, "rematch")
# A board added by hand to a team round, outside the matches: the table and board it is for.
HAND_BOARD_KEYS = (*BOARD_KEYS, "match", "board")
MATCH_KEYS = ("white", "black", "decision", "date", "time", "venue", "boards")
BYE_KEYS = ("player", "team", "kind", "result")

# Every spelling a user may type, to the canonical one.
RESULT_SPELLINGS: dict[str, Result] = {
    "1-0": Result.WHITE_WINS,
    "0-1": Result.BLACK_WINS,
    "½-½": Result.DRAW,
    "1/2-1/2": Result.DRAW,
    "0.5-0.5": Result.DRAW,
    "=": Result.DRAW,
    "+/-": Result.WHITE_FORFEIT_WIN,
    "+-": Result.WHITE_FORFEIT_WIN,
    "-/+": Result.BLACK_FORFEIT_WIN,
    "-+": Result.BLACK_FORFEIT_WIN,
    "-/-": Result.DOUBLE_FORFEIT,
    "--": Result.DOUBLE_FORFEIT,
    "0-0": Result.NO_CONTEST,
    "1-0u": Result.WHITE_WINS_UNPLAYED,
    "½-½u": Result.DRAW_UNPLAYED,
    "1/2-1/2u": Result.DRAW_UNPLAYED,
    "0-1u": Result.BLACK_WINS_UNPLAYED,
}

_BYE_KINDS = {kind.value: kind for kind in ByeKind}


def parse_result(text: str) -> Result | None:
    """The Result for a spelling, or None if it is not one (empty is handled by the caller)."""
    return RESULT_SPELLINGS.get(text.strip().replace(" ", "").replace("–", "-"))


@dataclass(frozen=True, slots=True)
class RoundRead:
    """A round file as read: the round, the nodes naming each id, the hand boards.

    ``refs`` maps each participant id (``team:ID`` for a team) to the nodes that
    name it, for reference checks. ``hand`` holds a team event's boards added by
    hand outside the matches, each with its node (for the warning of a board
    that joins no match); ``round.games`` is then empty until they are placed.
    """

    round: Round
    refs: dict[str, list[Node]]
    hand: tuple[tuple[HandBoard, Node], ...] = ()
    # Each match with a ``date:`` of its own: its number, its day and the node (W271).
    dated: tuple[tuple[int, dt.date, Node], ...] = ()


def read_round(
    report: Report, file: str, root: Node, number: int, team_event: bool, double: bool = False
) -> RoundRead | None:
    """The round file ``root`` of round ``number``; None when it is not a mapping.
    ``double``: a Double-Swiss, each board a two-game match (``result: 1-0 ½-½``)."""
    f = Fields(report, file, root, f"round {number}", ROUND_KEYS)
    if not isinstance(root, MappingNode):
        return None
    refs: dict[str, list[Node]] = {}
    stated = f.integer("round", None, 1, 99)
    if stated is not None and stated != number:
        f.error(
            f.values["round"],
            f"this file says round {stated}, but its name says {number}",
            f"rename the file or write 'round: {number}'",
            code="E164",
        )
    if not team_event and f.has("matches"):
        f.error(
            f.key_nodes["matches"],
            "'matches' are for team events; list 'boards' instead",
            code="E123",
        )
    games: tuple[Game, ...] = ()
    hand: tuple[tuple[HandBoard, Node], ...] = ()
    if team_event:
        hand = tuple(
            h
            for h in (
                _hand_board(report, file, n, i + 1, refs)
                for i, n in enumerate(f.items("boards", "boards"))
            )
            if h is not None
        )
    else:
        games = tuple(
            g
            for g in (
                _individual_board(
                    Fields(report, file, n, f"board {i + 1}", INDIVIDUAL_BOARD_KEYS),
                    i + 1,
                    refs,
                    double,
                )
                for i, n in enumerate(f.items("boards", "boards"))
            )
            if g is not None
        )
    read = [
        (_match(report, file, n, i + 1, refs), n)
        for i, n in enumerate(f.items("matches", "matches"))
    ]
    matches = tuple(m for m, _n in read if m is not None)
    dated = tuple(
        (m.number, m.date, _value_node(n, "date") or n)
        for m, n in read
        if m is not None and m.date is not None
    )
    byes = tuple(
        b
        for b in (_bye(report, file, n, refs, team_event) for n in f.items("byes", "byes"))
        if b is not None
    )
    date_node = f.get_node("date")
    day, time = read_start(report, file, date_node, "date") if date_node else (None, None)
    refuse_time_key(f, "a round file")
    rnd = Round(
        number=number,
        games=games,
        matches=matches,
        byes=byes,
        date=day,
        time=time,
        published=f.boolean("published", True),
        marked_started=f.boolean("started", False),
        board_colours=_board_colours(f, team_event),
        venue=read_venue(f, team_event, "a round file"),
    )
    return RoundRead(rnd, refs, hand, dated)


def _value_node(node: Node, key: str) -> Node | None:
    """The value node of ``key`` in a mapping node."""
    if isinstance(node, MappingNode):
        for k, v in node.value:
            if isinstance(k, ScalarNode) and k.value == key and isinstance(v, Node):
                return v
    return None


BOARD_COLOURS = ("alternate", "as-played")


def _board_colours(f: Fields, team_event: bool) -> str:
    """``board_colours: as-played`` (team events): the matches keep each board's colours
    as written (docs/teams.md "Board colours")."""
    if not f.has("board_colours"):
        return ""
    text = f.text("board_colours").strip().lower()
    if not team_event or text not in BOARD_COLOURS:
        f.error(
            f.values["board_colours"],
            f"'board_colours: {text}' is not allowed here",
            "team events only: alternate or as-played (docs/teams.md, Board colours)",
            code="E122",
        )
        return ""
    return text


def _hand_board(
    report: Report, file: str, node: Node, index: int, refs: dict[str, list[Node]]
) -> tuple[HandBoard, Node] | None:
    """A board of a team round written outside the matches, with its ``match`` and ``board``."""
    f = Fields(report, file, node, f"board {index}", HAND_BOARD_KEYS)
    game = _board(f, index, refs, False)
    if game is None:
        return None
    from tourney.engine.teams.hand_boards import HandBoard

    hand = HandBoard(game, f.integer("match", None, 1, 99), f.integer("board", None, 1, 99))
    return hand, node


def _side(f: Fields, key: str, refs: dict[str, list[Node]], empty_ok: bool) -> str | None:
    node = f.values.get(key)
    if node is None or (isinstance(node, ScalarNode) and scalar_value(node) is None):
        if empty_ok:
            return ""
        f.error(
            node or f.node, f"the board needs '{key}'", f"write '{key}: <player id>'", code="E111"
        )
        return None
    ident = f.ident(key)
    if ident is not None:
        refs.setdefault(ident, []).append(node)
    return ident


def _individual_board(
    f: Fields, board: int, refs: dict[str, list[Node]], double: bool = False
) -> Game | None:
    """A board of an individual round; ``rematch: true`` marks a rematch kept on purpose.
    In a Double-Swiss the board is a match and its result two games (``_match_result``)."""
    rematch = f.boolean("rematch", False)
    if double:
        node = f.values.get("result")
        games = _match_result(f)
        if node is not None:  # read above; the single-game reader must not see it
            del f.values["result"]
        game = _board(f, board, refs, False)
        if game is not None:
            game = replace(game, double=True, result=games[0], second=games[1])
    else:
        game = _board(f, board, refs, False)
    return replace(game, rematch=True) if game is not None and rematch else game


def _match_result(f: Fields) -> tuple[Result | None, Result | None]:
    """A Double-Swiss match's ``result: 1-0 ½-½``: game 1, then game 2 (each that game's
    White first; the board's ``white`` has Black in game 2), ``_`` for a game without
    a result yet; one result alone is game 1's (C.04.5, docs/folder-format.md)."""
    node = f.values.get("result")
    if node is None or (isinstance(node, ScalarNode) and scalar_value(node) in (None, "")):
        return None, None
    if not isinstance(node, ScalarNode):
        f.error(node, f"a match result must be like 1-0 ½-½, not {kind_of(node)}", code="E193")
        return None, None
    games = parse_match(str(node.value))
    if games is None:
        f.error(
            node,
            f"'{node.value}' is not the result of a two-game match",
            "write game 1's result, then game 2's, each with that game's White first: "
            "1-0 ½-½ (the board's 'white' has Black in game 2); _ for a game not "
            "played yet (docs/folder-format.md, Double-Swiss)",
            code="E193",
        )
        return None, None
    return games


def parse_match(text: str) -> tuple[Result | None, Result | None] | None:
    """``1-0 ½-½`` (or one result: game 1's; ``_`` for a game without one) as the two
    games' results of a Double-Swiss match; None when it is not that.

    >>> parse_match("1-0 1/2-1/2")
    (<Result.WHITE_WINS: '1-0'>, <Result.DRAW: '½-½'>)
    >>> parse_match("_ 0-1"), parse_match("1-0 2-0")
    ((None, <Result.BLACK_WINS: '0-1'>), None)
    """
    parts = text.split()
    if not 1 <= len(parts) <= 2:
        return None
    out: list[Result | None] = [None, None]
    for k, part in enumerate(parts):
        if part == NO_GAME_RESULT:
            continue
        result = parse_result(part)
        if result is None:
            return None
        out[k] = result
    return out[0], out[1]


def _board(f: Fields, board: int, refs: dict[str, list[Node]], in_match: bool) -> Game | None:
    node = f.node
    if not isinstance(node, MappingNode):
        return None
    white = _side(f, "white", refs, in_match)
    black = _side(f, "black", refs, in_match)
    if white is None or black is None:
        return None
    if white and white == black:
        refs[white].pop()  # one mistake, one error: not also E132 "appears twice"
        f.error(node, f"board {board} pairs '{white}' against themselves", code="E170")
        return None
    result = _result(f)
    if in_match and not (white and black):
        if white == black == "":
            f.error(node, f"board {board} has no player on either side", code="E170")
            return None
        expected = Result.WHITE_FORFEIT_WIN if white else Result.BLACK_FORFEIT_WIN
        if result not in (None, expected):
            f.error(
                f.values.get("result", node),
                f"board {board} has an empty seat, so it can only be '{expected.value}'",
                code="E170",
            )
        result = expected
    colours = f.text("colours").strip().lower()
    if colours and (colours != "none" or not (result and result.is_forfeit)):
        f.error(
            f.values.get("colours", node),
            f"board {board}: 'colours: {colours}' is not allowed here",
            "only a forfeit can have 'colours: none' (no colours given, docs/trf.md)",
            code="E122",
        )
        colours = ""
    return Game(white=white, black=black, result=result, board=board, colourless=bool(colours))


def _result(f: Fields) -> Result | None:
    node = f.values.get("result")
    if node is None or (isinstance(node, ScalarNode) and scalar_value(node) in (None, "")):
        return None
    if not isinstance(node, ScalarNode):
        f.error(node, f"a result must be like 1-0, not {kind_of(node)}", code="E120")
        return None
    text = str(node.value)
    if isinstance(scalar_value(node), int) and text in ("1", "0"):
        text += "?"
    result = parse_result(text)
    if result is None and len(text.split()) == 2 and parse_match(text) is not None:
        f.error(
            node,
            f"'{node.value}' is the result of a two-game match, and this is not a Double-Swiss",
            "write one game's result; two-game matches are for 'pairing: double-swiss' "
            "in tournament.yaml (docs/pairing.md)",
            code="E194",
        )
        return None
    if result is None:
        f.error(
            node,
            f"'{node.value}' is not a result",
            did_you_mean(text, RESULT_SPELLINGS)
            or "expected 1-0, ½-½, 0-1, +/-, -/+, -/-, 0-0, or nothing if not played yet",
            code="E122",
        )
    return result


def _match(
    report: Report, file: str, node: Node, number: int, refs: dict[str, list[Node]]
) -> Match | None:
    f = Fields(report, file, node, f"match {number}", MATCH_KEYS)
    if not isinstance(node, MappingNode) or not f.require("white", "black"):
        return None
    white, black = f.ident("white"), f.ident("black")
    if white is None or black is None:
        return None
    if white == black:
        f.error(node, f"match {number} pairs team '{white}' against itself", code="E170")
        return None
    refs.setdefault(f"team:{white}", []).append(f.values["white"])
    refs.setdefault(f"team:{black}", []).append(f.values["black"])
    decision = (
        f.choice("decision", MatchDecision, MatchDecision.NEITHER) if f.has("decision") else None
    )
    games = tuple(
        g
        for g in (
            _board(Fields(report, file, n, f"board {i + 1}", BOARD_KEYS), i + 1, refs, True)
            for i, n in enumerate(f.items("boards", "boards"))
        )
        if g is not None
    )
    date_node = f.get_node("date")
    day, time = read_start(report, file, date_node, "date") if date_node else (None, None)
    refuse_time_key(f, f"match {number}")
    return Match(
        white=white,
        black=black,
        games=games,
        decision=decision,
        number=number,
        date=day,
        time=time,
        venue=read_venue(f, True, f"match {number}"),
    )


def _bye(
    report: Report, file: str, node: Node, refs: dict[str, list[Node]], team_event: bool
) -> Bye | None:
    f = Fields(report, file, node, "a bye", BYE_KEYS)
    if not isinstance(node, MappingNode):
        return None
    key = "team" if team_event else "player"
    other = "player" if team_event else "team"
    if f.has(other):
        f.error(
            f.key_nodes[other],
            f"a bye in {'a team' if team_event else 'an individual'} "
            f"event names a '{key}', not a '{other}'",
            code="E123",
        )
        return None
    if f.has("result"):
        f.error(
            f.key_nodes["result"],
            "a bye has no result",
            "its points come from tournament.yaml scoring (pab, half_bye, ...)",
            code="E123",
        )
    if not f.require(key, "kind"):
        return None
    ident = f.ident(key)
    kind_text = f.text("kind").strip().lower()
    kind = _BYE_KINDS.get(kind_text)
    if kind is None:
        f.error(
            f.values["kind"],
            f"a bye cannot be of kind '{kind_text}'",
            did_you_mean(kind_text, _BYE_KINDS) or "expected pab, full, half or zero",
            code="E122",
        )
        return None
    if ident is None:
        return None
    refs.setdefault(f"team:{ident}" if team_event else ident, []).append(f.values[key])
    return Bye(participant=ident, kind=kind)
