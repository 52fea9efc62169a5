"""PGN (Portable Game Notation) text to games: the subset a tournament folder needs.

Our own reader, not python-chess: python-chess is GPL-3.0 and tourney is MIT,
and the subset is small (docs/games.md says why). It follows the PGN standard
(Steven J. Edwards, 1994), section 8:

* the tag pairs ``[Name "value"]``, with ``\\"`` and ``\\\\`` escapes in the value;
* the movetext: move numbers (``12.``, ``12...``), SAN moves (kept as written,
  without ``!``/``?`` suffixes), NAGs ``$n`` (skipped), comments ``{...}`` and
  ``; ...`` to the line's end (the main line's kept, without ``[%clk ...]``
  commands), recursive variations ``( ... )`` (skipped, brackets balanced) and
  the game termination ``1-0``, ``0-1``, ``1/2-1/2``, ``*``;
* lines starting with ``%`` (escape lines) are ignored, and a byte-order mark too.

A game's moves are not checked here (``tourney.engine.chessboard`` replays them);
a file that cannot be read as PGN raises ``PgnError`` with the line and column.

>>> games = parse_pgn('[White "Ann"]\\n[Result "1-0"]\\n\\n1. e4 {best} e5 (1... c5) 2. Qh5?! 1-0')
>>> games[0].tags, games[0].moves, games[0].result, games[0].comments
((('White', 'Ann'), ('Result', '1-0')), ('e4', 'e5', 'Qh5'), '1-0', ((1, 'best'),))
"""

from __future__ import annotations

import bisect
import re
from dataclasses import field

from tourney.records import dataclass

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
# Some programs write the draw with the one-character half.
_RESULT_SPELLINGS = {"½-½": "1/2-1/2"}

# '--' is a null move, '½-½' a draw some programs write
_SYMBOL = re.compile(r"½-½|[A-Za-z0-9][A-Za-z0-9_+#=:/½-]*|--")
_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_COMMAND = re.compile(r"\[%[^\]]*\]")  # [%clk 1:30:00], [%eval 0.3]: for programs, not readers


class PgnError(ValueError):
    """Text that is not PGN; ``line`` and ``col`` are 1-based."""

    def __init__(self, line: int, col: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.col = col
        self.message = message


@dataclass(frozen=True, slots=True)
class ParsedGame:
    """One game of a PGN text: its tags in order, the main line, and where it is written."""

    tags: tuple[tuple[str, str], ...]
    moves: tuple[str, ...]
    result: str  # the termination marker; '*' when the game is unfinished or has none
    comments: tuple[tuple[int, str], ...] = ()  # (moves played before it, text)
    line: int = 1  # of the game's first tag (or first move)
    start: int = 0  # offsets of the game's text in the file
    end: int = 0
    move_lines: tuple[int, ...] = field(default=(), compare=False)  # each move's line

    def tag(self, name: str) -> str:
        for key, value in self.tags:
            if key == name:
                return value
        return ""


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]

    def where(self, pos: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, pos)
        return line, pos - self.starts[line - 1] + 1

    def fail(self, pos: int, message: str) -> PgnError:
        return PgnError(*self.where(pos), message)

    def skip_space(self) -> None:
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char in " \t\r\n\f\v\ufeff":
                self.pos += 1
            elif char == "%" and (self.pos == 0 or text[self.pos - 1] in "\r\n"):
                self._to_line_end()
            else:
                return

    def _to_line_end(self) -> str:
        end = len(self.text)
        for stop in ("\n", "\r"):
            found = self.text.find(stop, self.pos)
            if found >= 0:
                end = min(end, found)
        piece = self.text[self.pos : end]
        self.pos = end
        return piece

    def tag(self) -> tuple[str, str]:
        opened = self.pos
        self.pos += 1  # [
        self.skip_space()
        name = _TAG_NAME.match(self.text, self.pos)
        if not name:
            raise self.fail(self.pos, 'a tag needs a name: [Name "value"]')
        self.pos = name.end()
        self.skip_space()
        if self.pos >= len(self.text) or self.text[self.pos] != '"':
            raise self.fail(self.pos, f"the tag {name.group()} needs a quoted value")
        value = self.string()
        self.skip_space()
        if self.pos >= len(self.text) or self.text[self.pos] != "]":
            raise self.fail(opened, f"the tag {name.group()} is not closed with ']'")
        self.pos += 1
        return name.group(), value

    def string(self) -> str:
        opened = self.pos
        self.pos += 1
        out: list[str] = []
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char == "\\" and self.pos + 1 < len(text) and text[self.pos + 1] in '"\\':
                out.append(text[self.pos + 1])
                self.pos += 2
            elif char == '"':
                self.pos += 1
                return "".join(out)
            elif char in "\r\n":
                break
            else:
                out.append(char)
                self.pos += 1
        raise self.fail(opened, "a tag value is not closed with '\"' on its line")

    def brace_comment(self) -> str:
        opened = self.pos
        close = self.text.find("}", self.pos + 1)
        if close < 0:
            raise self.fail(opened, "a comment '{' is never closed with '}'")
        body = self.text[self.pos + 1 : close]
        self.pos = close + 1
        return body


def _clean_comment(body: str) -> str:
    return " ".join(_COMMAND.sub(" ", body).split())


def parse_pgn(text: str) -> list[ParsedGame]:
    """Every game of a PGN text, in order (``PgnError`` at the first thing that is not PGN)."""
    reader = _Reader(text)
    games: list[ParsedGame] = []
    while True:
        reader.skip_space()
        if reader.pos >= len(text):
            return games
        games.append(_game(reader))


def _game(reader: _Reader) -> ParsedGame:
    text = reader.text
    start = reader.pos
    first_line = reader.where(start)[0]
    tags: list[tuple[str, str]] = []
    while reader.pos < len(text) and text[reader.pos] == "[":
        tags.append(reader.tag())
        reader.skip_space()
    moves: list[str] = []
    lines: list[int] = []
    comments: list[tuple[int, str]] = []
    depth = 0  # inside how many variations
    opened: list[int] = []
    result = ""
    while reader.pos < len(text):
        reader.skip_space()
        if reader.pos >= len(text):
            break
        pos = reader.pos
        char = text[pos]
        if char == "{":
            body = _clean_comment(reader.brace_comment())
            if depth == 0 and body:
                comments.append((len(moves), body))
        elif char == ";":
            body = _clean_comment(reader._to_line_end()[1:])
            if depth == 0 and body:
                comments.append((len(moves), body))
        elif char == "(":
            depth += 1
            opened.append(pos)
            reader.pos += 1
        elif char == ")":
            if depth == 0:
                raise reader.fail(pos, "')' closes no variation")
            depth -= 1
            opened.pop()
            reader.pos += 1
        elif char == "[":
            if depth:
                raise reader.fail(opened[-1], "a variation '(' is never closed with ')'")
            break  # the next game's tags: this one had no termination marker
        elif char == "$":
            nag = re.compile(r"\$\d+").match(text, pos)
            if not nag:
                raise reader.fail(pos, "'$' starts a NAG and needs digits ($1, $14)")
            reader.pos = nag.end()
        elif char in "!?":
            reader.pos = re.compile(r"[!?]+").match(text, pos).end()  # type: ignore[union-attr]
        elif char == ".":
            reader.pos += 1
        elif char == "*" or (symbol := _SYMBOL.match(text, pos)) is not None:
            token = "*" if char == "*" else symbol.group()  # type: ignore[union-attr]
            reader.pos = pos + len(token)
            token = _RESULT_SPELLINGS.get(token, token)
            if token in RESULTS:
                if depth == 0:
                    result = token
                    break
                continue
            if token.isdigit():
                continue  # a move number; its dots are read as '.'
            if depth == 0:
                moves.append(token)
                lines.append(reader.where(pos)[0])
        else:
            raise reader.fail(pos, f"'{char}' is not PGN here")
    if depth:
        raise reader.fail(opened[-1], "a variation '(' is never closed with ')'")
    result = result or "*"
    end = reader.pos
    return ParsedGame(
        tags=tuple(tags),
        moves=tuple(moves),
        result=result,
        comments=tuple(comments),
        line=first_line,
        start=start,
        end=end,
        move_lines=tuple(lines),
    )
