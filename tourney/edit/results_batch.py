"""Enter a whole round of results at once: all of them, or none (docs/results.md "A whole round").

The input is one board a line, White's result first as on the scoresheet::

    1 1-0
    2 =
    3.2 0-1          # team events: MATCH.BOARD
    p17 +-           # the board where player p17 sits
    Dekker, Sofie ½-½  # ... or where the player of that name sits
    4 1-0 ½-½        # a Double-Swiss match: game 1, then game 2 (C.04.5)

Blank lines and ``#`` comments are skipped. Every line is checked before
anything is written, and every problem is reported with its line and column.
The round file is then edited in place, one value a board (the same
line-exact edit as ``tourney result``, ``edit.results``), written once, and
the folder read again; if it no longer loads, the old file is put back.

A board that already holds another result is only changed when the caller
says so (``overwrite``): nothing overwrites a result without being asked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.edit.names import best_fits
from tourney.edit.results import (
    UNSET,
    BoardRef,
    Change,
    _compose,
    _find_round,
    _guard,
    _item,
    _match_board,
    _named_again,
    _text,
    parse_entered,
    write_validated,
)
from tourney.edit.rounds import round_path
from tourney.edit.yaml_edit import set_value
from tourney.engine.double_games import match_text
from tourney.errors import Diagnostic, InvalidInput, Refused, did_you_mean
from tourney.load import nodes as yaml_nodes
from tourney.load.folder import load_tournament
from tourney.model import Game, Result, Round, Tournament

_BOARD = re.compile(r"(\d+)(?:\.(\d+))?")


@dataclass(frozen=True, slots=True)
class Entry:
    """One input line: which board (as typed) and its result (None clears it)."""

    line: int
    board: str
    result: Result | None
    col: int = 1  # column of the board as typed
    # A Double-Swiss match typed as two results (``3 1-0 ½-½``): ``result`` is game 1's,
    # ``second`` game 2's; one result alone is game 1's (docs/results.md).
    two: bool = False
    second: Result | None = None


@dataclass(frozen=True, slots=True)
class Seat:
    """A board of the round: how to name it, its game, its label in the round file."""

    ref: BoardRef
    game: Game


def parse_entries(text: str, source: str) -> list[Entry]:
    """The lines of ``text``; InvalidInput naming every line that is not ``BOARD RESULT``."""
    entries, problems = read_entries(text, source)
    if problems:
        raise InvalidInput(problems)
    return entries


def read_entries(text: str, source: str) -> tuple[list[Entry], list[Diagnostic]]:
    """The lines of ``text`` that read as ``BOARD RESULT``, and a problem for each other one."""
    entries: list[Entry] = []
    problems: list[Diagnostic] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        col = len(line) - len(line.lstrip()) + 1
        words = line.split()
        if len(words) < 2:
            problems.append(
                Diagnostic(
                    source,
                    number,
                    col,
                    f"'{line.strip()}' is a board without a result",
                    "write the board and its result, White first: 3 1-0",
                    code="E401",
                )
            )
            continue
        # "1 - 0" (or "1 : 0") typed with spaces: the result is then the last three words
        board_words, result_text = words[:-1], words[-1]
        if len(words) >= 4 and words[-2] in ("-", "–", ":"):
            board_words, result_text = words[:-3], "".join(words[-3:])
        elif len(words) >= 3 and (games := two_games(words[-2], words[-1])) is not None:
            # a Double-Swiss match: game 1's result, then game 2's
            entries.append(
                Entry(number, " ".join(words[:-2]), games[0], col, two=True, second=games[1])
            )
            continue
        try:
            result = parse_entered(result_text)
        except InvalidInput as error:
            bad = error.diagnostics[0]
            problems.append(
                Diagnostic(
                    source, number, line.rfind(words[-1]) + 1, bad.message, bad.hint, code=bad.code
                )
            )
            continue
        entries.append(Entry(number, " ".join(board_words), result, col))
    return entries, problems


def two_games(first: str, second: str) -> tuple[Result | None, Result | None] | None:
    """Two results typed side by side (``_`` for a game without one); None otherwise."""
    out: list[Result | None] = []
    for word in (first, second):
        if word == "_":
            out.append(None)
            continue
        try:
            result = parse_entered(word)
        except InvalidInput:
            return None
        if result is None:
            return None
        out.append(result)
    return out[0], out[1]


def _texts(entry: Entry, game: Game) -> tuple[str, str]:
    """The board's stored result and the entry's, as the round file writes them (a
    Double-Swiss match: both games, a result typed alone being game 1's)."""
    if not game.double:
        return _text(game.result), _text(entry.result)
    second = entry.second if entry.two else game.second
    return match_text(game), match_text(replace(game, result=entry.result, second=second))


def _replaces(entry: Entry, game: Game) -> bool:
    """The entry would change a stored result (a match: a game's; adding game 2 to a
    match with game 1's result replaces nothing)."""
    if not game.double:
        return game.result is not None
    second = entry.second if entry.two else game.second
    return (game.result is not None and entry.result != game.result) or (
        game.second is not None and second != game.second
    )


def seats(t: Tournament, rnd: Round) -> list[Seat]:
    """Every board of the round in file order: 1, 2, ... or 1.1, 1.2, ..., 2.1, ..."""
    if t.is_team:
        return [
            Seat(BoardRef(b, m), game)
            for m, match in enumerate(rnd.matches, start=1)
            for b, game in enumerate(match.games, start=1)
        ]
    return [Seat(BoardRef(b), game) for b, game in enumerate(rnd.games, start=1)]


def _by_player(t: Tournament, board: list[Seat], typed: str) -> list[Seat]:
    """The boards where a player named ``typed`` sits: an id, a name, the exact surname,
    or a part of a name, the closest fit first (``edit.names``)."""
    ids = {pid: s for s in board for pid in (s.game.white, s.game.black) if pid}
    if typed in ids:
        return [ids[typed]]
    known = {p.id: p.name for p in t.players}
    chosen = list(
        best_fits(typed, ((pid, known[pid], s) for pid, s in ids.items() if pid in known))
    )
    return [s for i, s in enumerate(chosen) if all(s is not o for o in chosen[:i])]


def _names(t: Tournament, seat: Seat) -> str:
    def name(pid: str) -> str:
        if not pid:
            return "(empty seat)"
        try:
            return t.player(pid).name
        except KeyError:
            return pid

    return f"{name(seat.game.white)} - {name(seat.game.black)}"


def resolve(
    t: Tournament,
    rnd: Round,
    entries: Sequence[Entry],
    source: str,
    earlier: Sequence[Diagnostic] = (),
) -> list[tuple[Entry, Seat]]:
    """Each entry's board; InvalidInput naming every line that names none, or one twice
    (with the ``earlier`` problems of lines that did not read)."""
    board = seats(t, rnd)
    by_ref = {str(s.ref): s for s in board}
    found: list[tuple[Entry, Seat]] = []
    problems: list[Diagnostic] = list(earlier)
    first_line: dict[str, int] = {}

    def problem(entry: Entry, message: str, hint: str = "") -> None:
        problems.append(Diagnostic(source, entry.line, entry.col, message, hint, code="E402"))

    for entry in entries:
        number = _BOARD.fullmatch(entry.board)
        if number:
            seat = by_ref.get(entry.board)
            if seat is None:
                where = f"round {rnd.number} has boards {_span(board)}"
                if t.is_team and number.group(2) is None:
                    where = "a team event names its boards MATCH.BOARD, e.g. 2.3; " + where
                problem(entry, f"there is no board {entry.board} in round {rnd.number}", where)
                continue
        else:
            matches = _by_player(t, board, entry.board)
            if not matches:
                known = {q.id for q in t.players}
                everyone = [
                    t.player(p).name
                    for s in board
                    for p in (s.game.white, s.game.black)
                    if p in known
                ]
                problem(
                    entry,
                    f"nobody called '{entry.board}' plays in round {rnd.number}",
                    did_you_mean(entry.board, everyone)
                    or "name the board by its number, a player's id or a player's name",
                )
                continue
            if len(matches) > 1:
                problem(
                    entry,
                    f"'{entry.board}' names players on {len(matches)} boards",
                    "; ".join(f"board {s.ref}: {_names(t, s)}" for s in matches),
                )
                continue
            seat = matches[0]
        key = str(seat.ref)
        if key in first_line:
            problem(entry, f"board {key} was given on line {first_line[key]} already")
            continue
        first_line[key] = entry.line
        found.append((entry, seat))
    if problems:
        raise InvalidInput(problems)
    return found


def _span(board: list[Seat]) -> str:
    if not board:
        return "none"
    return f"{board[0].ref}-{board[-1].ref}" if len(board) > 1 else str(board[0].ref)


@dataclass(frozen=True, slots=True)
class Batch:
    """What ``enter_round`` did: the changes, the boards given their stored result again,
    and the boards of the round still without a result afterwards."""

    path: Path
    changes: tuple[Change, ...]
    unchanged: tuple[str, ...]
    open_boards: tuple[str, ...]


def enter_round(
    folder: Path,
    round_no: int,
    entries: Sequence[Entry],
    source: str,
    *,
    overwrite: bool = False,
    correction: bool = False,
    loaded: Tournament | None = None,
    earlier: Sequence[Diagnostic] = (),
) -> Batch:
    """Set every entry's result in rounds/NN.yaml, in one write, or refuse and write nothing."""
    t = loaded or load_tournament(folder)
    rnd = _find_round(t, round_no)
    path = round_path(folder, round_no)
    found = resolve(t, rnd, entries, source, earlier)
    refusals: list[str] = []
    todo: list[tuple[Entry, Seat]] = []
    unchanged: list[str] = []
    for entry, seat in found:
        where = f"round {round_no}, board {seat.ref}"
        stored, new = _texts(entry, seat.game)
        if stored == new:
            unchanged.append(str(seat.ref))
            continue
        line = f"{source}:{entry.line}: board {seat.ref}"
        if entry.two and not seat.game.double:
            refusals.append(
                f"{line} is one game: two results are for a Double-Swiss match (docs/results.md)"
            )
        elif not (seat.game.white and seat.game.black):
            refusals.append(f"{line} has an empty seat, so its result can only be {stored}")
        elif seat.ref.match is not None and rnd.matches[seat.ref.match - 1].decision:
            refusals.append(
                f"{line}: the match is forfeited as a whole by decision; its boards take "
                "no result of their own (docs/teams.md)"
            )
        elif _replaces(entry, seat.game) and not overwrite and not correction:
            refusals.append(f"{line} already holds {stored} (you gave {new or 'none'})")
        else:
            _guard(folder, where, stored, UNSET, new, correction)
            todo.append((entry, seat))
    if refusals:
        hint = ""
        if any("already holds" in r for r in refusals):
            hint = "\nto replace stored results, run again with --overwrite"
        raise Refused("\n".join(refusals) + "\nnothing was saved" + hint)
    changes, written = _write(t, folder, path, round_no, todo)
    after = written or load_tournament(folder)
    done = _find_round(after, round_no)
    still = tuple(str(s.ref) for s in seats(after, done) if not s.game.decided)
    return Batch(path, changes, tuple(unchanged), still)


def _write(
    t: Tournament, folder: Path, path: Path, round_no: int, todo: Sequence[tuple[Entry, Seat]]
) -> tuple[tuple[Change, ...], Tournament | None]:
    if not todo:
        return (), None
    old_text = path.read_bytes().decode("utf-8")
    fast = _board_lines(t, old_text, todo)
    if fast is not None:
        nodes, text = fast
    else:
        old_text, root = _compose(path)
        nodes = []
        for entry, seat in todo:
            if seat.ref.match is not None:
                node = _match_board(root, seat.ref, seat.game)
            else:
                node = _item(root, "boards", seat.ref.board - 1)
            nodes.append((node, entry, seat))
        # From the end of the file backwards: an edit never moves a node still to be edited.
        text = old_text
        for node, entry, seat in sorted(nodes, key=lambda n: -int(n[0].start_mark.index)):
            edited = set_value(text, node, "result", _texts(entry, seat.game)[1])
            # a comment naming other players than the ids is written again (W204), as
            # `result` does
            text = _named_again(t, text, edited, node, seat.game, _label(seat))
    after, _ = write_validated(folder, path, old_text, text)
    old_lines, new_lines = old_text.split("\n"), text.split("\n")
    changes = []
    for node, entry, seat in nodes:
        line = int(node.start_mark.line)
        changes.append(
            Change(
                round_no,
                f"board {seat.ref}",
                "result",
                *_texts(entry, seat.game),
                path,
                line + 1,
                old_lines[line] if node.flow_style else "",
                new_lines[line] if node.flow_style else "",
            )
        )
    return tuple(changes), after


def _label(seat: Seat) -> str:
    return f"{seat.ref}." if seat.ref.match is None else str(seat.ref)


# Characters PyYAML also takes as line breaks: with any of them a YAML line is not a line
# of ``str.split("\n")``, so the board-by-line edit below leaves such a file to the whole-
# text edit.
_OTHER_BREAKS = re.compile("[\r\x85\u2028\u2029]")


def _board_lines(
    t: Tournament, text: str, todo: Sequence[tuple[Entry, Seat]]
) -> tuple[list[tuple[MappingNode, Entry, Seat]], str] | None:
    """The edit of ``_write`` one board line at a time, or None where it does not apply.

    A round file as tourney writes it has each board as ``- {white: .., black: ..}`` on
    a line of its own. Editing the whole text board by board copies the file once a
    board (quadratic: a 5,000-board round took seconds), and the exact-mark parser
    that edit needs is pure Python. Here the file is parsed once by the C parser for
    the boards' lines, and only each edited line is parsed again for exact marks; the
    edit of each line is the same ``set_value`` and ``_named_again`` as above, so the
    text written is the same. Anything else (a board over several lines, two on one
    line, an odd line break) returns None.
    """
    if _OTHER_BREAKS.search(text):
        return None
    try:
        root = yaml_nodes.compose(text)
    except yaml_nodes.YAMLError:
        return None
    if root is None:
        return None
    lines = text.split("\n")
    edited: dict[int, int] = {}
    found: list[tuple[MappingNode, Entry, Seat]] = []
    for entry, seat in todo:
        try:
            if seat.ref.match is not None:
                node = _match_board(root, seat.ref, seat.game)
            else:
                node = _item(root, "boards", seat.ref.board - 1)
        except Refused:
            return None
        number = int(node.start_mark.line)
        if not node.flow_style or node.end_mark.line != number or number in edited:
            return None
        edited[number] = len(found)
        found.append((node, entry, seat))
    for number, index in edited.items():
        node, entry, seat = found[index]
        line = lines[number]
        try:
            item = _line_nodes(line)
        except yaml_nodes.YAMLError:
            return None
        if not (isinstance(item, SequenceNode) and len(item.value) == 1):
            return None
        local = item.value[0]
        if not isinstance(local, MappingNode):
            return None
        pairs = _pairs(local)
        if pairs is None or pairs != _pairs(node):
            return None
        new = set_value(line, local, "result", _texts(entry, seat.game)[1])
        new = _named_again(t, line, new, local, seat.game, _label(seat))
        if "\n" in new:
            return None
        lines[number] = new
    return found, "\n".join(lines)


def _line_nodes(line: str) -> Node | None:
    """One board's line parsed, with marks exact for ``set_value``: by the C parser, whose
    marks are the pure-Python parser's on such a line (every board line of a 10,000-player
    event's 11 rounds, and quoted, escaped and accented values, compared node by node),
    ten times faster; by the pure-Python parser where they may differ (an empty value,
    whose mark the C parser puts elsewhere) or where the C parser takes what the other
    refuses (a tab)."""
    if "\t" not in line:
        item = yaml_nodes.compose(line)
        if isinstance(item, SequenceNode) and not any(
            isinstance(node, ScalarNode) and node.value == ""
            for entry in item.value
            if isinstance(entry, MappingNode)
            for pair in entry.value
            for node in pair
        ):
            return item
    return yaml_nodes.compose_exact(line)


def _pairs(node: MappingNode) -> list[tuple[str, str]] | None:
    """A flow mapping's keys and scalar values, to see that two parses found one board."""
    out = []
    for key, value in node.value:
        if not (isinstance(key, ScalarNode) and isinstance(value, ScalarNode)):
            return None
        out.append((key.value, value.value))
    return out
