"""A round as the text of its rounds/NN.yaml file (docs/folder-format.md).

One board per line, a flow mapping, with a comment naming the players, so a
result correction is a one-line diff. The text is what ``tourney.load``
reads back: ``read(render(round)) == round``.
"""

from __future__ import annotations

import json
import re

from tourney.engine.double_games import match_text
from tourney.load.text_safety import NOT_RAW
from tourney.model import Bye, Game, Match, Round, Tournament

_PLAIN = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")
_RESULTS = {"+/-", "-/+", "-/-", "1-0", "0-1", "½-½", "0-0", "1-0u", "0-1u", "½-½u"}
_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n"}


def quoted(text: str) -> str:
    """``text`` as a double-quoted YAML scalar that reads back as exactly ``text``.

    >>> quoted('a "b"\\nc\\u2028')
    '"a \\\\"b\\\\"\\\\nc\\\\u2028"'
    """
    dumped = json.dumps(text, ensure_ascii=False)  # JSON escapes are YAML escapes
    return NOT_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", dumped)


def comment_text(text: str) -> str:
    """``text`` made safe for a ``# comment``: one line, printable (issue 12, no YAML injection).

    >>> comment_text("Evil\\nboards: []\\x07")
    'Evil boards: []\ufffd'
    """
    return NOT_RAW.sub("\ufffd", " ".join(text.split()))


def _scalar(text: str) -> str:
    """An id or a result as YAML: plain when that reads back the same, else double-quoted."""
    if text == "":
        return "~"
    if text in _RESULTS or (_PLAIN.match(text) and text.lower() not in _WORDS):
        return text
    return quoted(text)


def player_label(t: Tournament, pid: str) -> str:
    """A player as board comments name him: ``Visser, Maud (1862)``; ids not found as is."""
    if not pid:
        return "(empty seat)"
    try:
        player = t.player(pid)
    except KeyError:
        return pid
    name = comment_text(player.name)
    return f"{name} ({player.rating})" if player.rating else name


def _board_line(t: Tournament, game: Game, indent: str, label: str) -> tuple[str, str]:
    result = game.result.value if game.result else ""
    shown = _scalar(result) if result else ""
    if game.double:  # a Double-Swiss match: game 1, game 2 (C.04.5)
        shown = match_text(game)
    body = (
        f"{indent}- {{white: {_scalar(game.white)}, black: {_scalar(game.black)}, "
        f"result: {shown}"
        + (", colours: none" if game.colourless else "")
        + (", rematch: true}" if game.rematch else "}")
    )
    return body, board_comment(t, game.white, game.black, label)


def board_comment(t: Tournament, white: str, black: str, label: str) -> str:
    """The trailing comment of a board line: ``# 3. White (2100) - Black (2050)``.

    Every writer of a board line (``pair``, ``result``, ``results``) takes its
    comment from here, so the comment names the players the ids say.
    """
    return f"# {label} {player_label(t, white)} - {player_label(t, black)}"


def comment_in_step(t: Tournament, comment: str, white: str, black: str) -> bool:
    """Does ``comment`` name the players ``white`` and ``black``, in that order?

    Ratings are not compared: a rating updated after the pairing leaves the
    comment right about who plays.
    """
    names = []
    for pid in (white, black):
        try:
            names.append(comment_text(t.player(pid).name) if pid else "(empty seat)")
        except KeyError:
            names.append(pid)
    first = comment.find(names[0])
    return first >= 0 and comment.find(names[1], first + len(names[0])) >= 0


def _aligned(rows: list[tuple[str, str]]) -> list[str]:
    width = max((len(body) for body, _ in rows), default=0)
    return [f"{body.ljust(width)}   {comment}".rstrip() for body, comment in rows]


def _bye_line(t: Tournament, bye: Bye, key: str) -> tuple[str, str]:
    body = f"  - {{{key}: {_scalar(bye.participant)}, kind: {bye.kind.value}}}"
    if key == "team":
        try:
            name = t.team(bye.participant).name
        except KeyError:
            name = bye.participant
    else:
        name = player_label(t, bye.participant)
    return body, f"# {comment_text(name)}"


def _team_name(t: Tournament, team_id: str) -> str:
    try:
        return t.team(team_id).name
    except KeyError:
        return team_id


def render(t: Tournament, rnd: Round) -> str:
    """The text of rounds/NN.yaml for ``rnd``."""
    lines = [f"# Round {rnd.number} of {comment_text(t.settings.name)}"]
    lines.append(f"round: {rnd.number}")
    if rnd.date:
        time = f" {rnd.time:%H:%M}" if rnd.time is not None else ""
        lines.append(f"date: {rnd.date.isoformat()}{time}")
    if not rnd.published:
        lines.append("published: false")
    if rnd.marked_started:
        lines.append("started: true")
    if rnd.board_colours:
        lines.append(f"board_colours: {rnd.board_colours}")
    if rnd.venue:
        lines.append(f"venue: {quoted(rnd.venue)}")
    if t.is_team:
        if rnd.games:  # boards added by hand that joined no match (engine.hand_boards)
            lines.append("boards:   # added by hand, of no team")
            rows = [_board_line(t, g, "  ", f"{i}.") for i, g in enumerate(rnd.games, start=1)]
            lines.extend(_aligned(rows))
        lines.append("matches:" if rnd.matches else "matches: []")
        for number, match in enumerate(rnd.matches, start=1):
            lines.extend(_match_lines(t, match, number))
    else:
        lines.append("boards:" if rnd.games else "boards: []")
        rows = [_board_line(t, g, "  ", f"{i}.") for i, g in enumerate(rnd.games, start=1)]
        lines.extend(_aligned(rows))
    if rnd.byes:
        lines.append("byes:")
        key = "team" if t.is_team else "player"
        lines.extend(_aligned([_bye_line(t, b, key) for b in rnd.byes]))
    return "\n".join(lines) + "\n"


def _match_lines(t: Tournament, match: Match, number: int) -> list[str]:
    white, black = (
        comment_text(_team_name(t, match.white)),
        comment_text(_team_name(t, match.black)),
    )
    lines = [f"  - white: {_scalar(match.white)}   # {number}. {white} - {black}"]
    lines.append(f"    black: {_scalar(match.black)}")
    if match.decision is not None:
        lines.append(f"    decision: {match.decision.value}")
    if match.date is not None:
        time = f" {match.time:%H:%M}" if match.time is not None else ""
        lines.append(f"    date: {match.date.isoformat()}{time}")
    if match.venue:
        lines.append(f"    venue: {quoted(match.venue)}")
    lines.append("    boards:" if match.games else "    boards: []")
    rows = [
        _board_line(t, g, "      ", f"{number}.{i}") for i, g in enumerate(match.games, start=1)
    ]
    lines.extend(_aligned(rows))
    return lines
