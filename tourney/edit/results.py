"""Enter one result in rounds/NN.yaml: a one-line change that keeps every comment.

docs/results.md "Entering results" and "Corrections", as files and a command:

* a board's result (or a team match's decision) is changed in place: only the
  value on that board's line changes, the trailing comment keeps its column
  where the new value leaves room for it, and every other byte of the file
  stays as it was, so the change is a one-line diff in review;
* ``expect`` is the result the user saw: when the stored result is another one
  (someone else changed the board in the meantime), nothing is saved and the
  refusal shows the stored result next to theirs;
* a finalized tournament is never reopened; a change there is a *correction*
  (asked for explicitly), and a board of a finalized tournament always keeps a
  result. ``record_correction`` appends it to the folder's corrections.yaml.

The edit works on the text with the positions PyYAML gives each node, not by
dumping the file again, so nothing else in the file can move.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from pathlib import Path

from yaml.nodes import MappingNode, Node, SequenceNode

from tourney.check.comments import comment_names_ids
from tourney.check.validate import validate
from tourney.edit.closed import refuse_finalized
from tourney.edit.roundfile import board_comment
from tourney.edit.rounds import round_path
from tourney.edit.yaml_edit import get as _get
from tourney.edit.yaml_edit import remove_value, set_value
from tourney.engine.double_games import match_text
from tourney.errors import Diagnostic, InvalidInput, Refused, did_you_mean
from tourney.fs.atomic import write_text
from tourney.load import nodes
from tourney.load.final import CORRECTIONS_FILE, is_finalized
from tourney.load.folder import load_tournament
from tourney.load.rounds import RESULT_SPELLINGS, parse_result
from tourney.model import Game, Match, MatchDecision, Result, Round, Tournament
from tourney.records import dataclass

COMMAND_LINE = "<command line>"
# What a user types for "no result yet" (docs/results.md: "–: no result yet").
NO_RESULT = frozenset({"", "none", "-", "–", "—", "~", "null"})


class Unset:
    """No ``--expect`` given: any stored result may be replaced."""


UNSET = Unset()


@dataclass(frozen=True, slots=True)
class BoardRef:
    """A board as the user names it: ``3`` (individual) or ``2.3`` (match 2, board 3)."""

    board: int
    match: int | None = None

    def __str__(self) -> str:
        return f"{self.match}.{self.board}" if self.match is not None else str(self.board)


@dataclass(frozen=True, slots=True)
class Change:
    """What an edit did (or would do: ``old == new`` means nothing was written)."""

    round: int
    where: str  # "board 3", "board 2.3" or "match 2"
    what: str  # "result" or "decision"
    old: str  # canonical text, "" for none
    new: str
    path: Path
    line: int = 0  # 1-based line that changed (0: nothing written)
    before: str = ""
    after: str = ""
    warnings: tuple[Diagnostic, ...] = ()  # the folder's, after the change

    @property
    def changed(self) -> bool:
        return self.old != self.new


def _bad(message: str, hint: str = "") -> InvalidInput:
    return InvalidInput([Diagnostic(COMMAND_LINE, 0, 0, message, hint, code="E400")])


def parse_board_ref(text: str) -> BoardRef:
    """``"3"`` -> board 3; ``"2.3"`` -> match 2, board 3."""
    match = re.fullmatch(r"\s*(\d+)(?:\.(\d+))?\s*", text)
    if not match or int(match.group(1)) == 0 or match.group(2) in ("0", "00"):
        raise _bad(f"'{text}' is not a board", "write the board number (3), or MATCH.BOARD (2.3)")
    if match.group(2) is None:
        return BoardRef(int(match.group(1)))
    return BoardRef(int(match.group(2)), int(match.group(1)))


# A draw as people type it on its own, without White's and Black's halves.
_DRAWN = frozenset({"½", "1/2", "0.5", "0,5", "½:½", "1/2:1/2"})


def typed_spelling(text: str) -> str:
    """``text`` as a file spelling: the colon of a scoresheet (``1:0``) is a dash, and a
    draw typed on its own (``½``, ``1/2``) is ``½-½``.

    >>> [typed_spelling(t) for t in ("1:0", "0 : 1", "½", "1/2", "-/+", "1-0")]
    ['1-0', '0-1', '½-½', '½-½', '-/+', '1-0']
    """
    compact = text.strip().replace(" ", "")
    if compact in _DRAWN:
        return "½-½"
    return compact.replace(":", "-")


def parse_entered(text: str) -> Result | None:
    """A result as typed on the command line, in the results file or at the prompt:
    every file spelling (docs/results.md) and ``1:0``, ``0:1``, ``½``, ``1/2``;
    None for "no result yet"."""
    if text.strip().lower() in NO_RESULT:
        return None
    result = parse_result(typed_spelling(text))
    if result is None:
        raise _bad(
            f"'{text}' is not a result",
            did_you_mean(text, RESULT_SPELLINGS)
            or "expected 1-0 (or 1:0), ½-½ (or =, ½, 1/2), 0-1, +/-, -/+, -/-, 0-0, or none",
        )
    return result


def parse_decision(text: str) -> MatchDecision | None:
    """``white``, ``black``, ``neither``, or none (no decision)."""
    word = text.strip().lower()
    if word in NO_RESULT:
        return None
    try:
        return MatchDecision(word)
    except ValueError:
        raise _bad(
            f"'{text}' is not a match decision", "expected white, black or neither"
        ) from None


def _text(value: Result | MatchDecision | None) -> str:
    return value.value if value is not None else ""


def _shown(text: str) -> str:
    return text or "no result"


# --- finding the board in the model and in the file ---


def _find_game(t: Tournament, rnd: Round, ref: BoardRef) -> Game:
    if t.is_team:
        if ref.match is None:
            raise _bad(
                f"round {rnd.number} is a round of matches: name the board as MATCH.BOARD",
                f"for example 1.{ref.board} for board {ref.board} of match 1",
            )
        match = _find_match(rnd, ref.match)
        if ref.board > len(match.games):
            raise _bad(
                f"match {ref.match} of round {rnd.number} has {len(match.games)} boards, "
                f"not {ref.board}"
            )
        return match.games[ref.board - 1]
    if ref.match is not None:
        raise _bad(f"'{ref}' names a match board, but this is an individual event")
    if ref.board > len(rnd.games):
        raise _bad(f"round {rnd.number} has {len(rnd.games)} boards, not {ref.board}")
    return rnd.games[ref.board - 1]


def _find_match(rnd: Round, number: int) -> Match:
    if number < 1 or number > len(rnd.matches):
        raise _bad(f"round {rnd.number} has {len(rnd.matches)} matches, not {number}")
    return rnd.matches[number - 1]


def _find_round(t: Tournament, number: int) -> Round:
    rnd = t.round(number)
    if rnd is None:
        paired = len(t.rounds)
        raise _bad(
            f"round {number} is not paired",
            f"rounds 1-{paired} are paired" if paired else "no round is paired yet",
        )
    return rnd


def _item(parent: Node, key: str, index: int) -> MappingNode:
    seq = _get(parent, key)
    if not isinstance(seq, SequenceNode) or index >= len(seq.value):
        raise Refused(f"the round file changed while it was read; run the command again ({key})")
    node = seq.value[index]
    if not isinstance(node, MappingNode):
        raise Refused("the round file changed while it was read; run the command again")
    return node


def _match_board(root: Node, ref: BoardRef, game: Game) -> MappingNode:
    """The line of board MATCH.BOARD: in the match's boards, or, for a board added by hand
    that joined the match (``engine.hand_boards``), in the round's top-level boards."""
    from tourney.edit.lineups import hand_boards  # a team round's only (bench/startup.py)

    assert ref.match is not None
    match = _item(root, "matches", ref.match - 1)
    written = _get(match, "boards")
    if isinstance(written, SequenceNode) and ref.board <= len(written.value):
        return _item(match, "boards", ref.board - 1)
    for node, white, black in hand_boards(root):
        if (white, black) == (game.white, game.black):
            return node
    raise Refused("the round file changed while it was read; run the command again")


def _named_again(
    t: Tournament, old: str, new: str, board: MappingNode, game: Game, label: str
) -> str:
    """``new`` with the board's trailing comment written again from its ids when it names
    other players (W204, docs/diagnostics.md); a comment of the arbiter's own stays."""
    number = board.start_mark.line
    if board.end_mark.line != number or not board.flow_style:
        return new
    old_lines, new_lines = old.split("\n"), new.split("\n")
    if len(old_lines) != len(new_lines):  # set_value changed one line; anything else: leave it
        return new
    line = new_lines[number]
    # The comment as it stood after the board's closing brace; the edit may have moved it
    # (set_value narrows the gap to keep its column), but not changed it.
    comment = old_lines[number][board.end_mark.column :].lstrip()
    if not line.endswith(comment) or not comment.startswith("#"):
        return new
    if comment_names_ids(t, game, comment[1:].strip()):
        return new
    new_lines[number] = line[: len(line) - len(comment)] + board_comment(
        t, game.white, game.black, label
    )
    return "\n".join(new_lines)


def _changed_line(old: str, new: str) -> tuple[int, str, str]:
    old_lines, new_lines = old.split("\n"), new.split("\n")
    for index, (a, b) in enumerate(zip(old_lines, new_lines, strict=False)):
        if a != b:
            return index + 1, a, b
    index = min(len(old_lines), len(new_lines))
    return index + 1, "", (new_lines[index] if index < len(new_lines) else "")


def _compose(path: Path) -> tuple[str, Node]:
    raw = path.read_bytes().decode("utf-8")
    root = nodes.compose_exact(raw)
    if root is None:
        raise Refused(f"{path} is empty")
    return raw, root


def write_checked(folder: Path, path: Path, old: str, new: str) -> tuple[Diagnostic, ...]:
    """Write the edited file; if the folder no longer passes every check (the ones
    ``tourney check`` runs), put the old text back. Returns the folder's warnings."""
    return write_validated(folder, path, old, new)[1]


def write_validated(
    folder: Path, path: Path, old: str, new: str
) -> tuple[Tournament, tuple[Diagnostic, ...]]:
    """``write_checked``, also giving the tournament as the check read it back, so that the
    caller need not read the folder a third time."""
    write_text(path, new)
    try:
        validated = validate(folder)
        after = validated.require_tournament()
    except InvalidInput:
        write_text(path, old)
        raise
    return after, validated.warnings


# --- the commands' library functions ---


def _refuse_decided(match: Match, where: str) -> None:
    """docs/teams.md: the boards of a decided match show the decision's result and take none
    of their own; withdrawing the decision (``--match-decision none``) gives back the old ones."""
    if match.decision is not None:
        raise Refused(
            f"{where}: the match is forfeited as a whole by decision ({match.decision.value}), "
            "so its boards take no result of their own; withdraw the decision first "
            "(--match-decision none), which gives back the boards' old results"
        )


def _guard(
    folder: Path,
    where: str,
    stored: str,
    expected: str | Unset,
    new: str,
    correction: bool,
) -> None:
    if not isinstance(expected, Unset) and expected != stored:
        raise Refused(
            f"{where} was changed in the meantime: stored {_shown(stored)}, "
            f"you expected {_shown(expected)} (your new value: {_shown(new)}); "
            "nothing was saved. Check it and enter it again with --expect "
            f"{stored or 'none'}."
        )
    if is_finalized(folder):
        if not correction:
            refuse_finalized(
                folder,
                f"changing {where}",
                f"a finalized tournament is never reopened; to correct {where}, add --correct "
                "(the correction is recorded and the final standings stored again)",
            )
        if not new:
            raise Refused(f"{where}: a board of a finalized tournament always keeps a result")


def set_result(
    folder: Path,
    round_no: int,
    ref: BoardRef,
    new: Result | None,
    expect: Result | Unset | None = UNSET,
    correction: bool = False,
    t: Tournament | None = None,
) -> Change:
    """Set the result of one board; refuses as described in the module docstring.

    ``t`` is the folder as just loaded and checked, when the caller has it."""
    t = t or load_tournament(folder)
    rnd = _find_round(t, round_no)
    game = _find_game(t, rnd, ref)
    if game.double:  # a Double-Swiss match: both games, or one with its number
        raise _bad(
            f"round {round_no}, board {ref} is a two-game match (Double-Swiss)",
            "give both results ('1-0 ½-½'), or --game 1|2 with one",
        )
    where = f"round {round_no}, board {ref}"
    stored = _text(game.result)
    expected = expect if isinstance(expect, Unset) else _text(expect)
    path = round_path(folder, round_no)
    if not (game.white and game.black) and new is not None and new != game.result:
        raise Refused(f"{where} has an empty seat, so its result can only be {stored}")
    if ref.match is not None:
        _refuse_decided(rnd.matches[ref.match - 1], where)
    _guard(folder, where, stored, expected, _text(new), correction)
    change = Change(round_no, f"board {ref}", "result", stored, _text(new), path)
    if not change.changed:
        return change
    old_text, root = _compose(path)
    if ref.match is not None:
        board = _match_board(root, ref, game)
    else:
        board = _item(root, "boards", ref.board - 1)
    new_text = set_value(old_text, board, "result", _text(new))
    label = f"{ref.match}.{ref.board}" if ref.match is not None else f"{ref.board}."
    new_text = _named_again(t, old_text, new_text, board, game, label)
    warnings = write_checked(folder, path, old_text, new_text)
    line, before, after = _changed_line(old_text, new_text)
    return Change(
        round_no, change.where, "result", stored, change.new, path, line, before, after, warnings
    )


def parse_match_entered(text: str) -> tuple[Result | None, Result | None]:
    """A Double-Swiss match as typed: game 1's result, then game 2's, each in any spelling
    ``parse_entered`` takes (``1-0 ½-½``, ``1:0 1/2``); ``_`` or none for a game without a
    result; "none" alone clears both."""
    parts = text.split()
    if text.strip().lower() in NO_RESULT:
        return None, None
    if len(parts) != 2:
        raise _bad(
            f"'{text}' is not the result of a two-game match",
            "give game 1's result, then game 2's, each with that game's White first: "
            "'1-0 ½-½' (the board's White has Black in game 2); or --game 1|2 and one result",
        )
    first, second = (None if p == "_" else parse_entered(p) for p in parts)
    return first, second


def set_match_result(
    folder: Path,
    round_no: int,
    ref: BoardRef,
    text: str,
    game_no: int | None = None,
    expect: str | None = None,
    correction: bool = False,
    t: Tournament | None = None,
) -> Change:
    """Set the result of a Double-Swiss match (C.04.5): both games from ``text``
    (``1-0 ½-½``), or game ``game_no`` alone from one result; ``expect``, when given, is
    the stored match as the user saw it (``1-0 _``)."""
    t = t or load_tournament(folder)
    rnd = _find_round(t, round_no)
    game = _find_game(t, rnd, ref)
    if not game.double:
        raise _bad(f"round {round_no}, board {ref} is one game, not a two-game match")
    where = f"round {round_no}, board {ref}"
    if game_no is None:
        first, second = parse_match_entered(text)
    else:
        one = parse_entered(text)
        first, second = (one, game.second) if game_no == 1 else (game.result, one)
    new = replace(game, result=first, second=second)
    stored = match_text(game)
    expected: str | Unset = UNSET
    if expect is not None:
        seen_first, seen_second = parse_match_entered(expect)
        expected = match_text(replace(game, result=seen_first, second=seen_second))
    _guard(folder, where, stored, expected, match_text(new), correction)
    if correction and not new.decided:
        raise Refused(f"{where}: a match of a finalized tournament always keeps both results")
    path = round_path(folder, round_no)
    change = Change(round_no, f"board {ref}", "result", stored, match_text(new), path)
    if not change.changed:
        return change
    old_text, root = _compose(path)
    board = _item(root, "boards", ref.board - 1)
    new_text = set_value(old_text, board, "result", match_text(new))
    new_text = _named_again(t, old_text, new_text, board, game, f"{ref.board}.")
    warnings = write_checked(folder, path, old_text, new_text)
    line, before, after = _changed_line(old_text, new_text)
    return Change(
        round_no, change.where, "result", stored, change.new, path, line, before, after, warnings
    )


def set_decision(
    folder: Path,
    round_no: int,
    match_no: int,
    new: MatchDecision | None,
    expect: MatchDecision | Unset | None = UNSET,
    correction: bool = False,
    t: Tournament | None = None,
) -> Change:
    """Set (or clear) the decision of a match forfeited as a whole (docs/teams.md)."""
    t = t or load_tournament(folder)
    if not t.is_team:
        raise _bad("--match-decision is for team events")
    rnd = _find_round(t, round_no)
    match = _find_match(rnd, match_no)
    where = f"round {round_no}, match {match_no}"
    stored = _text(match.decision)
    expected = expect if isinstance(expect, Unset) else _text(expect)
    path = round_path(folder, round_no)
    unfinished = not match.games or any(g.result is None for g in match.games)
    clearing = new is None and match.decision is not None
    if is_finalized(folder) and correction and clearing and unfinished:
        raise Refused(f"{where}: a board of a finalized tournament always keeps a result")
    _guard(folder, where + " (decision)", stored, expected, _text(new) or "none", correction)
    change = Change(round_no, f"match {match_no}", "decision", stored, _text(new), path)
    if not change.changed:
        return change
    old_text, root = _compose(path)
    node = _item(root, "matches", match_no - 1)
    if clearing and match.decision is MatchDecision.NEITHER and not match.games:
        new_text, reseated = _reseated(t, rnd, match, old_text, where)
        change = replace(change, new=_text(reseated))
    elif new is None:
        new_text = remove_value(old_text, node, "decision")
    else:
        new_text = set_value(old_text, node, "decision", new.value, after="black")
    warnings = write_checked(folder, path, old_text, new_text)
    line, before, after = _changed_line(old_text, new_text)
    return Change(
        round_no, change.where, "decision", stored, change.new, path, line, before, after, warnings
    )


def _reseated(
    t: Tournament, rnd: Round, match: Match, text: str, where: str
) -> tuple[str, MatchDecision | None]:
    """docs/teams.md: a double forfeit the pairing wrote itself has no old results to give
    back, so withdrawing it seats the match again as the pairing would seat it now."""
    from tourney.edit.lineups import board_lines, boards_indent, replace_boards
    from tourney.engine.teams.lineups import seat_match

    seated = seat_match(t, t.team(match.white), t.team(match.black), rnd.number, match.number)
    if seated.decision is MatchDecision.NEITHER:
        raise Refused(
            f"{where}: the pairing wrote this double forfeit itself, so it has no old results "
            "to give back, and nobody could be seated now either; mark the teams or their "
            "players available for the round first (teams.yaml, players.yaml), then "
            "withdraw the decision again"
        )
    number = match.number or rnd.matches.index(match) + 1
    lines = board_lines(t, seated, number, boards_indent(text, number))
    text = replace_boards(text, number, lines)
    root = nodes.compose_exact(text)
    if root is None:  # pragma: no cover - replace_boards keeps the file a mapping
        raise Refused("the round file changed while it was read; run the command again")
    node = _item(root, "matches", number - 1)
    if seated.decision is None:
        return remove_value(text, node, "decision"), None
    return set_value(text, node, "decision", seated.decision.value, after="black"), seated.decision


def _yaml_text(value: str) -> str:
    if value == "":
        return "~"
    if re.fullmatch(r"[A-Za-z0-9½/+.-]+", value) and value.lower() not in ("yes", "no", "null"):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def correction_line(change: Change, date: dt.date, reason: str = "") -> str:
    """One entry of corrections.yaml, on one line.

    >>> c = Change(3, "board 2", "result", "1-0", "½-½", Path("r"))
    >>> correction_line(c, dt.date(2026, 10, 20), "signed scoresheet")
    '- {date: 2026-10-20, round: 3, board: "2", old: 1-0, new: ½-½, reason: "signed scoresheet"}'
    """
    kind, _, number = change.where.partition(" ")
    fields = [f"date: {date.isoformat()}", f"round: {change.round}"]
    fields.append(f'{"match" if kind == "match" else "board"}: "{number}"')
    if change.what == "decision":
        fields.append("what: decision")
    fields += [f"old: {_yaml_text(change.old)}", f"new: {_yaml_text(change.new)}"]
    if reason:
        fields.append(f"reason: {_quote(reason)}")
    return "- {" + ", ".join(fields) + "}"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


CORRECTIONS_HEADER = (
    "# Corrections made after the tournament was finalized (docs/results.md), oldest first.\n"
    "# Written by `tourney result --correct`; one entry per change.\n"
)


def record_correction(folder: Path, change: Change, date: dt.date, reason: str = "") -> Path:
    """Append the correction to corrections.yaml in the tournament folder."""
    path = folder / CORRECTIONS_FILE
    old = path.read_text(encoding="utf-8") if path.is_file() else CORRECTIONS_HEADER
    if old and not old.endswith("\n"):
        old += "\n"
    write_text(path, old + correction_line(change, date, reason) + "\n")
    return path


def count_corrections(folder: Path) -> int:
    path = folder / CORRECTIONS_FILE
    if not path.is_file():
        return 0
    root = nodes.read_root(path)
    return len(root.value) if isinstance(root, SequenceNode) else 0
