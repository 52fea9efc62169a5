"""Where each thing of a loaded folder is written: file, line and column.

The loader hands out a ``SourceMap`` beside the frozen ``Tournament``, so that a
check of the whole tournament can point at the board, bye, match or player it
is about without parsing a file again. Positions are 1-based; a thing the map
does not know is placed at its file with line 0 (``Where.file`` alone).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.load.nodes import get, position
from tourney.records import dataclass


@dataclass(frozen=True, slots=True)
class Where:
    """A position in a folder file, as the user names it (relative to where they stand)."""

    file: str
    line: int = 0
    col: int = 0


def _empty() -> Mapping[Any, Any]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class SourceMap:
    """Positions of the things a tournament folder defines (see the module docstring)."""

    settings_file: str = "tournament.yaml"
    players_file: str = "players.yaml"
    teams_file: str = "teams.yaml"
    round_files: Mapping[int, str] = field(default_factory=_empty)
    players: Mapping[str, Where] = field(default_factory=_empty)
    teams: Mapping[str, Where] = field(default_factory=_empty)
    # (round, board) of an individual round, or of a board added by hand to a team round
    boards: Mapping[tuple[int, int], Where] = field(default_factory=_empty)
    matches: Mapping[tuple[int, int], Where] = field(default_factory=_empty)
    match_boards: Mapping[tuple[int, int, int], Where] = field(default_factory=_empty)
    byes: Mapping[tuple[int, str], Where] = field(default_factory=_empty)
    # the trailing comment of a board's line (without '#'), by (round, match, board);
    # match 0 for the boards of an individual round
    comments: Mapping[tuple[int, int, int], str] = field(default_factory=_empty)
    # boards marked 'rematch: true' by the arbiter (docs/folder-format.md)
    rematch_marks: frozenset[tuple[int, int]] = frozenset()
    # the key of a round's list of boards (or matches), where a missing board belongs
    board_lists: Mapping[int, Where] = field(default_factory=_empty)
    # files that did not parse (a check about them would only repeat the loader's error)
    failed: frozenset[str] = frozenset()

    def round_file(self, number: int) -> Where:
        return Where(self.round_files.get(number, f"rounds/{number:02d}.yaml"))

    def board_list(self, number: int) -> Where:
        return self.board_lists.get(number) or self.round_file(number)

    def player(self, pid: str) -> Where:
        return self.players.get(pid) or Where(self.players_file)

    def team(self, tid: str) -> Where:
        return self.teams.get(tid) or Where(self.teams_file)

    def board(self, number: int, board: int) -> Where:
        return self.boards.get((number, board)) or self.round_file(number)

    def match(self, number: int, match: int) -> Where:
        return self.matches.get((number, match)) or self.round_file(number)

    def match_board(self, number: int, match: int, board: int) -> Where:
        found = self.match_boards.get((number, match, board))
        return found or self.match(number, match)

    def bye(self, number: int, participant: str) -> Where:
        return self.byes.get((number, participant)) or self.round_file(number)


class SourceMapBuilder:
    """Collects positions while the loader reads the files; ``build`` freezes them."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.round_files: dict[int, str] = {}
        self.players: dict[str, Where] = {}
        self.teams: dict[str, Where] = {}
        self.boards: dict[tuple[int, int], Where] = {}
        self.matches: dict[tuple[int, int], Where] = {}
        self.match_boards: dict[tuple[int, int, int], Where] = {}
        self.byes: dict[tuple[int, str], Where] = {}
        self.comments: dict[tuple[int, int, int], str] = {}
        self.marks: set[tuple[int, int]] = set()
        self.failed: set[str] = set()
        self.board_lists: dict[int, Where] = {}

    def file(self, role: str, name: str) -> None:
        """Name the file of a role: 'settings', 'players' or 'teams'."""
        self.names[role] = name

    def fail(self, name: str) -> None:
        self.failed.add(name)

    def people(self, name: str, root: Node, into: dict[str, Where]) -> None:
        for entry in root.value if isinstance(root, SequenceNode) else []:
            ident = get(entry, "id") or get(entry, "member")  # a member plays under its id
            if isinstance(ident, ScalarNode) and str(ident.value) not in into:
                into[str(ident.value)] = Where(name, *position(entry))

    def round(self, number: int, name: str, root: Node, text: str) -> None:
        self.round_files[number] = name
        lines = text.splitlines()
        for key, _ in root.value if isinstance(root, MappingNode) else []:
            if isinstance(key, ScalarNode) and key.value in ("boards", "matches"):
                self.board_lists.setdefault(number, Where(name, *position(key)))
        boards = get(root, "boards")
        for index, node in enumerate(boards.value if isinstance(boards, SequenceNode) else []):
            key = (number, index + 1)
            self.boards[key] = Where(name, *position(node))
            comment = _trailing_comment(lines, node)
            if comment is not None:
                self.comments[(number, 0, index + 1)] = comment
            mark = get(node, "rematch")
            if isinstance(mark, ScalarNode) and mark.value.lower() == "true":
                self.marks.add(key)
        matches = get(root, "matches")
        for m, match in enumerate(matches.value if isinstance(matches, SequenceNode) else []):
            self.matches[(number, m + 1)] = Where(name, *position(match))
            inner = get(match, "boards")
            for b, node in enumerate(inner.value if isinstance(inner, SequenceNode) else []):
                self.match_boards[(number, m + 1, b + 1)] = Where(name, *position(node))
                comment = _trailing_comment(lines, node)
                if comment is not None:
                    self.comments[(number, m + 1, b + 1)] = comment
        byes = get(root, "byes")
        for node in byes.value if isinstance(byes, SequenceNode) else []:
            who = get(node, "player") or get(node, "team")
            if isinstance(who, ScalarNode):
                self.byes.setdefault((number, str(who.value)), Where(name, *position(node)))

    def build(self) -> SourceMap:
        return SourceMap(
            settings_file=self.names.get("settings", "tournament.yaml"),
            players_file=self.names.get("players", "players.yaml"),
            teams_file=self.names.get("teams", "teams.yaml"),
            round_files=MappingProxyType(dict(self.round_files)),
            players=MappingProxyType(dict(self.players)),
            teams=MappingProxyType(dict(self.teams)),
            boards=MappingProxyType(dict(self.boards)),
            matches=MappingProxyType(dict(self.matches)),
            match_boards=MappingProxyType(dict(self.match_boards)),
            byes=MappingProxyType(dict(self.byes)),
            comments=MappingProxyType(dict(self.comments)),
            rematch_marks=frozenset(self.marks),
            board_lists=MappingProxyType(dict(self.board_lists)),
            failed=frozenset(self.failed),
        )


def _trailing_comment(lines: list[str], node: Node) -> str | None:
    """The comment after a one-line flow mapping (``{white: a, black: b}  # 1. A - B``)."""
    if not isinstance(node, MappingNode) or not node.flow_style:
        return None
    end = node.end_mark
    if end.line != node.start_mark.line or end.line >= len(lines):
        return None
    rest = lines[end.line][end.column :].strip()
    return rest[1:].strip() if rest.startswith("#") else None
