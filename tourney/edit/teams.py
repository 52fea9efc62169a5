"""The team numbers in teams.yaml: order by rating, draw by lot, exchange, regenerate.

docs/teams.md, setting up step 5 and "Correcting the order of the teams". A team's
number is its ``start:`` in teams.yaml; every command here writes a ``start:``
for every team and lists the entries in number order, keeping each entry's
text, its comments and the file's indentation byte for byte (comments above an
entry travel with it; those above the first entry stay at the top). The file is
written atomically and the folder is loaded again: if it no longer loads, the
old text is put back.

When each command is allowed:

- ``order-by-rating`` and ``draw``: until round 1 is paired. ``draw`` only when
  the team rating method is ``typed`` (with any other method the numbers are
  meant to follow the ratings); an order already set (a ``start:`` on any team,
  or an earlier draw) is replaced only with ``--yes``. The draw is recorded as
  a comment line at the top of teams.yaml (``DRAW_NOTE``) with its seed; any
  other renumbering removes it.
- ``exchange`` and ``regenerate``: until round ``numbers_correctable_until``
  (4 by default) is paired; never in a team round robin once round 1 is paired
  (its table was drawn over the numbers). ``regenerate`` changing two or more
  numbers needs ``--yes`` after the listing.

``plan_remove`` / ``remove_team`` / ``reinstate_team`` (docs/teams.md, setting up step 2): a team in
no round is deleted from teams.yaml (and ``team:`` taken off its players in
players.yaml); a team in a paired match is withdrawn instead (``withdrawn_after:``),
and reinstating takes that key away again.

``numbers_warnings`` is what ``tourney pair`` prints before pairing: numbers
that no longer follow the team ratings (until the correction round), and a
correction round later than 4, which is a departure from the FIDE rules
(C.04.2 corrects numbers until round 4). ``lineup_diagnostics`` turns the
engine's line-up problems into ``file:line`` diagnostics for ``tourney check``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.edit.closed import refuse_finalized
from tourney.edit.yaml_edit import Edit, apply_edits, key_index, removal, set_value
from tourney.engine.pairing.berger import draw_numbers
from tourney.engine.teams.rating import (
    TeamRating,
    current_order,
    follows_ratings,
    format_rating,
    order_by_rating,
    sort_key,
    team_numbers,
    team_ratings,
)
from tourney.errors import Diagnostic, InvalidInput, Refused, did_you_mean
from tourney.fs.atomic import write_text
from tourney.load import nodes
from tourney.model import Format, TeamId, TeamRatingMethod, Tournament
from tourney.records import dataclass

TEAMS_FILE = "teams.yaml"
DRAW_NOTE = "# team order drawn by lot: tourney teams draw --lot "
FIDE_CORRECTION_ROUND = 4  # C.04.2 Art. 2.3: pairing numbers may be corrected until round 4
# the note as written since, and as older tourneys wrote it (--seed)
_DRAW_NOTE_RE = re.compile(
    r"^# team order drawn by lot: tourney teams draw --(?:lot|seed) (-?\d+)\s*$"
)


@dataclass(frozen=True, slots=True)
class Renumbering:
    """New numbers for every team, and the numbers they have now.

    ``old`` are the numbers the teams would be paired with now (``start:``, or
    derived for a team without one, see ``team_rating.team_numbers``);
    ``recorded`` are the teams that have a ``start:`` in teams.yaml.
    """

    action: str
    old: Mapping[TeamId, int]
    new: Mapping[TeamId, int]
    ratings: Mapping[TeamId, TeamRating]
    draw_seed: int | None = None
    needs_confirmation: bool = False
    recorded: frozenset[TeamId] = frozenset()

    @property
    def changed(self) -> tuple[TeamId, ...]:
        """Teams whose number changes, by new number."""
        return tuple(
            ident
            for ident in sorted(self.new, key=self.new.__getitem__)
            if self.old.get(ident) != self.new[ident]
        )

    def listing(self, t: Tournament) -> list[str]:
        """One line per team whose number changes: ``t12 Het Spaarne 1 (2021.75): 12 -> 1``."""
        lines = []
        for ident in self.changed:
            rating = format_rating(self.ratings[ident].value)
            lines.append(
                f"  {ident} {t.team(ident).name} ({rating}): {self.old[ident]} -> {self.new[ident]}"
            )
        return lines


# -- when a command is allowed -------------------------------------------------------------


def paired_rounds(t: Tournament) -> int:
    return max((r.number for r in t.rounds), default=0)


def _require_team_event(t: Tournament) -> None:
    if not t.is_team:
        raise Refused(f"'{t.settings.name}' is not a team event: it has no team numbers")


def _require_before_round_1(t: Tournament, what: str) -> None:
    if paired_rounds(t):
        raise Refused(
            f"{what} is only possible until round 1 is paired; "
            "to correct the numbers now use 'tourney teams regenerate' or 'exchange'"
        )


def check_correctable(t: Tournament) -> None:
    """Refuse once the numbers are frozen for good (docs/teams.md, C.04.2 Art. 2.3)."""
    _require_team_event(t)
    paired = paired_rounds(t)
    if t.settings.format is Format.TEAM_ROUND_ROBIN and paired >= 1:
        raise Refused(
            "a team round robin's numbers cannot change once round 1 is paired: "
            "its table was drawn over them"
        )
    until = t.settings.team.numbers_correctable_until
    if paired >= until:
        raise Refused(
            f"team numbers can be corrected until round {until} is paired, and round "
            f"{paired} is paired (teams: numbers_correctable_until in tournament.yaml)"
        )


def departure_note(t: Tournament) -> str:
    """A correction round later than C.04.2's round 4 is a departure from the FIDE rules."""
    until = t.settings.team.numbers_correctable_until
    if until > FIDE_CORRECTION_ROUND and paired_rounds(t) >= FIDE_CORRECTION_ROUND:
        return (
            f"note: correcting team numbers after round {FIDE_CORRECTION_ROUND} "
            f"(numbers_correctable_until: {until}) departs from the FIDE rules (C.04.2 Art. 2.3)"
        )
    return ""


# -- the plans --------------------------------------------------------------------------------


def _old(t: Tournament) -> dict[TeamId, int]:
    return team_numbers(t)


def _recorded(t: Tournament) -> frozenset[TeamId]:
    return frozenset(team.id for team in t.teams if team.start is not None)


def _numbers(order: Sequence[TeamId]) -> dict[TeamId, int]:
    return {ident: number for number, ident in enumerate(order, start=1)}


def plan_order_by_rating(t: Tournament) -> Renumbering:
    """Number the teams by team rating, equal ratings in their present order (docs/teams.md, setting up step 5)."""
    _require_team_event(t)
    _require_before_round_1(t, "ordering the teams by rating")
    ratings = team_ratings(t)
    return Renumbering(
        "order-by-rating", _old(t), _numbers(order_by_rating(t, None, ratings)), ratings
    )


def plan_draw(t: Tournament, seed: int, text: str = "") -> Renumbering:
    """Number the teams by a seeded draw of lots (C.04.6 Art. 1.1.2 leaves the method open).

    The draw is over the team ids in sorted order, so the same teams and seed
    always give the same numbers whatever the order of teams.yaml.
    """
    _require_team_event(t)
    _require_before_round_1(t, "drawing the team order by lot")
    method = str(t.settings.team.rating_method)
    if method != TeamRatingMethod.TYPED.value:
        raise Refused(
            f"the team order is drawn by lot only when the team rating is typed for each team "
            f"(rating_method: typed); with '{method}' the numbers follow the ratings"
        )
    order = draw_numbers(sorted(team.id for team in t.teams), seed)
    already = any(team.start is not None for team in t.teams) or drawn_seed(text) is not None
    return Renumbering(
        "draw", _old(t), _numbers(order), team_ratings(t), seed, already, _recorded(t)
    )


def plan_exchange(t: Tournament, first: TeamId, second: TeamId) -> Renumbering:
    """Swap the numbers of two teams of the same team rating (docs/teams.md)."""
    check_correctable(t)
    ids = [team.id for team in t.teams]
    for ident in (first, second):
        if ident not in ids:
            hint = did_you_mean(ident, ids)
            raise Refused(f"there is no team '{ident}'" + (f"; {hint}" if hint else ""))
    if first == second:
        raise Refused("name two different teams to exchange")
    ratings = team_ratings(t)
    a, b = ratings[first].value, ratings[second].value
    if a != b:
        raise Refused(
            f"only teams of the same team rating can exchange numbers: {first} is rated "
            f"{format_rating(a)} and {second} {format_rating(b)}"
        )
    numbers = team_numbers(t)
    numbers[first], numbers[second] = numbers[second], numbers[first]
    return Renumbering("exchange", _old(t), numbers, ratings, recorded=_recorded(t))


def plan_regenerate(t: Tournament) -> Renumbering:
    """Renumber every team by rating, equal ratings in their present order (docs/teams.md)."""
    check_correctable(t)
    ratings = team_ratings(t)
    present = sorted(team_numbers(t).items(), key=lambda item: item[1])
    order = order_by_rating(t, [ident for ident, _ in present], ratings)
    plan = Renumbering("regenerate", _old(t), _numbers(order), ratings, recorded=_recorded(t))
    return Renumbering(
        plan.action,
        plan.old,
        plan.new,
        ratings,
        needs_confirmation=len(plan.changed) >= 2,
        recorded=plan.recorded,
    )


# -- rewriting teams.yaml ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Entry:
    ident: str
    first_line: int  # the line of its "-"
    last_line: int  # its last line with content
    edit: tuple[int, int, str]  # absolute (start, end, replacement) setting start:


def _compose(text: str) -> Node | None:
    return nodes.compose(text)


def _offsets(lines: Sequence[str]) -> list[int]:
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    return offsets


def _is_filler(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def _entries(text: str, numbers: Mapping[TeamId, int]) -> list[_Entry]:
    root = _compose(text)
    if not isinstance(root, SequenceNode):
        raise Refused("teams.yaml is not a list of teams; edit it by hand")
    lines = text.splitlines(keepends=True)
    offsets = _offsets(lines)

    def at(line: int, column: int) -> int:
        return offsets[min(line, len(lines))] + column

    entries = []
    for item in root.value:
        if not isinstance(item, MappingNode):
            raise Refused("an entry of teams.yaml is not a mapping; edit it by hand")
        keys = {k.value: (k, v) for k, v in item.value if isinstance(k, ScalarNode)}
        ident_node = keys.get("id")
        if ident_node is None or not isinstance(ident_node[1], ScalarNode):
            raise Refused("a team of teams.yaml has no id; edit it by hand")
        ident = str(ident_node[1].value)
        number = str(numbers[ident])
        start = keys.get("start")
        if start is not None and isinstance(start[1], ScalarNode) and start[1].value != "":
            value = start[1]
            edit = (
                at(value.start_mark.line, value.start_mark.column),
                at(value.end_mark.line, value.end_mark.column),
                number,
            )
        elif start is not None:
            raise Refused(f"team '{ident}' has an empty 'start:'; remove it or give a number")
        elif item.flow_style:
            last = item.value[-1][1]
            end = at(last.end_mark.line, last.end_mark.column)
            edit = (end, end, f", start: {number}")
        else:
            key, value = ident_node
            line_end = offsets[value.end_mark.line + 1]
            edit = (line_end, line_end, f"{' ' * key.start_mark.column}start: {number}\n")
        first = item.start_mark.line
        if not lines[first].lstrip().startswith("-") and first > 0:
            first -= 1
        end_line = item.end_mark.line
        if end_line >= len(lines) or not lines[end_line][: item.end_mark.column].strip():
            end_line -= 1
        while end_line > item.start_mark.line and _is_filler(lines[end_line]):
            end_line -= 1
        entries.append(_Entry(ident, first, end_line, edit))
    return entries


def drawn_seed(text: str) -> int | None:
    """The seed of the draw recorded in teams.yaml, if the order was drawn by lot."""
    for line in text.splitlines():
        found = _DRAW_NOTE_RE.match(line)
        if found:
            return int(found.group(1))
    return None


def renumber_text(text: str, numbers: Mapping[TeamId, int], draw_seed: int | None = None) -> str:
    """teams.yaml with these numbers as ``start:`` and the entries in number order.

    The draw note is removed, or (with ``draw_seed``) written as the first line.
    """
    if text and not text.endswith("\n"):
        text += "\n"
    entries = _entries(text, numbers)
    if not entries:
        return text
    lines = text.splitlines(keepends=True)
    offsets = _offsets(lines)
    header = [line for line in lines[: entries[0].first_line] if not _DRAW_NOTE_RE.match(line)]
    if draw_seed is not None:
        header.insert(0, f"{DRAW_NOTE}{draw_seed}\n")
    chunks: list[tuple[int, int, str]] = []
    for index, entry in enumerate(entries):
        begin = entry.first_line if index == 0 else entries[index - 1].last_line + 1
        lo, hi = offsets[begin], offsets[entry.last_line + 1]
        start, end, piece = entry.edit
        chunk = text[lo:start] + piece + text[end:hi]
        chunks.append(
            (numbers[entry.ident], index, chunk if chunk.endswith("\n") else chunk + "\n")
        )
    footer = text[offsets[entries[-1].last_line + 1] :]
    body = "".join(chunk for _, _, chunk in sorted(chunks))
    return "".join(header) + body + footer


def write_numbers(folder: Path, t: Tournament, plan: Renumbering) -> Path | None:
    """Rewrite teams.yaml with the plan's numbers; None when nothing changes.

    If the folder no longer loads afterwards, the old text is put back and the
    loader's errors are raised.
    """
    from tourney.load.folder import load_tournament

    refuse_finalized(folder, "renumbering the teams")
    path = folder / TEAMS_FILE
    old = path.read_text(encoding="utf-8")
    new = renumber_text(old, plan.new, plan.draw_seed)
    try:
        nodes.compose(new)
    except nodes.YAMLError as error:  # pragma: no cover - a bug in renumber_text
        raise Refused(f"rewriting {path} would break it ({error}); nothing was written") from error
    if new == old:
        return None
    write_text(path, new)
    try:
        load_tournament(folder)
    except InvalidInput:
        write_text(path, old)
        raise
    return path


def draw_status(text: str, t: Tournament) -> str:
    """What teams.yaml says about a draw, and whether the order is still the drawn one."""
    seed = drawn_seed(text)
    if seed is None:
        return ""
    drawn = _numbers(draw_numbers(sorted(team.id for team in t.teams), seed))
    if all(team.start == drawn.get(team.id) for team in t.teams):
        return f"the team order was drawn by lot (lot number {seed})"
    return f"the team order was drawn by lot (lot number {seed}) but has been changed since"


# -- warnings for tourney pair, diagnostics for tourney check ------------------------------------


def numbers_warnings(folder: Path, t: Tournament) -> list[Diagnostic]:
    """Warnings ``tourney pair`` prints before pairing a team event (docs/teams.md)."""
    if not t.is_team:
        return []
    out = []
    until = t.settings.team.numbers_correctable_until
    if until > FIDE_CORRECTION_ROUND:
        out.append(
            Diagnostic(
                "tournament.yaml",
                0,
                0,
                f"team numbers can be corrected until round {until}: a departure from the FIDE "
                f"rules, which correct numbers until round {FIDE_CORRECTION_ROUND} (C.04.2 Art. 2.3)",
                "lower teams: numbers_correctable_until to 4 or less to stay with FIDE",
                severity="warning",
                code="W421",
            )
        )
    path = folder / TEAMS_FILE
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    swiss = t.settings.format is Format.TEAM_SWISS
    if not swiss or paired_rounds(t) >= until or drawn_seed(text) is not None:
        return out
    ratings = team_ratings(t)
    numbers = team_numbers(t)
    order = sorted(numbers, key=numbers.__getitem__)
    if follows_ratings(order, ratings):
        return out
    where = next(
        (ratings[a], ratings[b])
        for a, b in pairwise(order)
        if sort_key(ratings[a]) > sort_key(ratings[b])
    )
    out.append(
        Diagnostic(
            TEAMS_FILE,
            0,
            0,
            f"the team numbers no longer follow the team ratings: {where[0].team} "
            f"({format_rating(where[0].value)}) is number {numbers[where[0].team]}, "
            f"{where[1].team} ({format_rating(where[1].value)}) number {numbers[where[1].team]}",
            f"'tourney teams regenerate {folder}' lists the new numbers "
            f"(possible until round {until} is paired)",
            severity="warning",
            code="W422",
        )
    )
    return out


def _get(node: Node | None, key: str) -> Node | None:
    if not isinstance(node, MappingNode):
        return None
    for k, v in node.value:
        if isinstance(k, ScalarNode) and k.value == key:
            return v  # type: ignore[no-any-return]
    return None


def _item(node: Node | None, index: int) -> Node | None:
    if isinstance(node, SequenceNode) and 0 <= index < len(node.value):
        return node.value[index]  # type: ignore[no-any-return]
    return None


def _team_node(root: Node | None, team: TeamId) -> Node | None:
    for entry in root.value if isinstance(root, SequenceNode) else []:
        ident = _get(entry, "id")
        if isinstance(ident, ScalarNode) and str(ident.value) == team:
            return entry  # type: ignore[no-any-return]
    return None


def current_numbers(t: Tournament) -> list[tuple[int | None, TeamId]]:
    """(start, team) in the present order, for listings."""
    by_id = {team.id: team.start for team in t.teams}
    return [(by_id[ident], ident) for ident in current_order(t)]


# -- removing a team: delete it, or withdraw it (docs/teams.md, setting up step 2) ------------------------------


@dataclass(frozen=True, slots=True)
class Removal:
    """What ``tourney teams remove`` does with a team.

    ``delete`` when the team is in no round (no match, no bye); otherwise the team
    is withdrawn after round ``after`` (its ``withdrawn_after:``) and its rounds stay.
    """

    team: TeamId
    delete: bool
    after: int | None = None
    rounds: tuple[int, ...] = ()  # the rounds the team is in
    forfeited: tuple[tuple[int, TeamId, str], ...] = ()  # (round, opponent, decision) now implied


def rounds_of_team(t: Tournament, team: TeamId) -> tuple[int, ...]:
    """The rounds in which ``team`` is in a match or has a bye."""
    return tuple(
        rnd.number
        for rnd in sorted(t.rounds, key=lambda r: r.number)
        if any(team in (m.white, m.black) for m in rnd.matches)
        or any(b.participant == team for b in rnd.byes)
    )


def _require_team(t: Tournament, team: TeamId) -> None:
    ids = [entry.id for entry in t.teams]
    if team not in ids:
        hint = did_you_mean(team, ids)
        raise Refused(f"there is no team '{team}'" + (f"; {hint}" if hint else ""))


def plan_remove(t: Tournament, team: TeamId, after: int | None = None) -> Removal:
    """Delete a team that is in no round; withdraw one that is (docs/teams.md, setting up step 2).

    A team is withdrawn after round ``after``, by default the last round with a
    result. A match of a later round without results then counts as forfeited
    to its opponent (a double forfeit against a team withdrawn too), which
    ``tourney.engine.teams.scores.forfeit_if_out`` works out; a withdrawn team is
    not paired again, and in a round robin GR 6.6 may annul its results.
    """
    from tourney.engine.scores import last_decided_round
    from tourney.engine.teams.scores import forfeit_if_out, teams_out

    _require_team_event(t)
    _require_team(t, team)
    rounds = rounds_of_team(t, team)
    if not rounds:
        if after is not None:
            raise Refused(f"team '{team}' is in no round: it is deleted, not withdrawn")
        return Removal(team, True)
    entry = t.team(team)
    if entry.withdrawn_after is not None:
        raise Refused(
            f"team '{team}' is already withdrawn after round {entry.withdrawn_after}; "
            f"'tourney teams reinstate' takes it back"
        )
    when = last_decided_round(t) if after is None else after
    if when < 0 or when > paired_rounds(t):
        raise Refused(f"--after must be a round from 0 to {paired_rounds(t)}, not {when}")
    withdrawn = replace(
        t,
        teams=tuple(replace(x, withdrawn_after=when) if x.id == team else x for x in t.teams),
    )
    forfeited = []
    for rnd in withdrawn.rounds:
        out = teams_out(withdrawn, rnd.number)
        for match in rnd.matches:
            if team not in (match.white, match.black):
                continue
            decided = forfeit_if_out(match, out)
            if decided.decision is not None and match.decision is None:
                other = match.black if match.white == team else match.white
                forfeited.append((rnd.number, other, str(decided.decision)))
    return Removal(team, False, when, rounds, tuple(forfeited))


def _players_of(text: str, team: TeamId) -> list[Edit]:
    """The edits that take ``team: TEAM`` off every player of players.yaml."""
    root = _compose(text)
    edits: list[Edit] = []
    for item in root.value if isinstance(root, SequenceNode) else []:
        value = _get(item, "team")
        index = key_index(item, "team") if isinstance(item, MappingNode) else None
        if isinstance(value, ScalarNode) and str(value.value) == team and index is not None:
            edits.append(removal(text, item, index))
    return edits


def remove_team(folder: Path, t: Tournament, plan: Removal) -> list[Path]:
    """Apply a removal to teams.yaml (and players.yaml); the files written.

    If the folder no longer loads afterwards, the old texts are put back.
    """
    from tourney.load.folder import load_tournament

    path = folder / TEAMS_FILE
    old = path.read_text(encoding="utf-8")
    root = _compose(old)
    if not isinstance(root, SequenceNode):
        raise Refused("teams.yaml is not a list of teams; edit it by hand")
    index = next(
        (
            i
            for i, item in enumerate(root.value)
            if str(getattr(_get(item, "id"), "value", "")) == plan.team
        ),
        None,
    )
    if index is None:
        raise Refused(f"team '{plan.team}' is not in {path}; edit it by hand")
    item = root.value[index]
    if plan.delete:
        new = apply_edits(old, [removal(old, root, index)])
    else:
        new = set_value(old, item, "withdrawn_after", str(plan.after))
    writes = [(path, old, new)]
    players = folder / "players.yaml"
    if plan.delete and players.is_file():
        text = players.read_text(encoding="utf-8")
        edits = _players_of(text, plan.team)
        if edits:
            writes.append((players, text, apply_edits(text, edits)))
    return _write_all(folder, writes, load_tournament)


def reinstate_team(folder: Path, t: Tournament, team: TeamId) -> Path:
    """Take a withdrawn team back: its ``withdrawn_after:`` goes (docs/teams.md: reinstating
    a team gives it back the forfeit wins of matches its opponents withdrew from)."""
    from tourney.load.folder import load_tournament

    _require_team_event(t)
    _require_team(t, team)
    if t.team(team).withdrawn_after is None:
        raise Refused(f"team '{team}' is not withdrawn")
    path = folder / TEAMS_FILE
    old = path.read_text(encoding="utf-8")
    item = _team_node(_compose(old), team)
    if not isinstance(item, MappingNode):
        raise Refused(f"team '{team}' is not in {path}; edit it by hand")
    index = key_index(item, "withdrawn_after")
    assert index is not None
    new = apply_edits(old, [removal(old, item, index)])
    _write_all(folder, [(path, old, new)], load_tournament)
    return path


def _write_all(
    folder: Path, writes: list[tuple[Path, str, str]], load: Callable[[Path], Tournament]
) -> list[Path]:
    refuse_finalized(folder, "changing the teams")
    for path, _, new in writes:
        try:
            nodes.compose(new)
        except nodes.YAMLError as error:  # pragma: no cover - a bug in the edit
            raise Refused(
                f"rewriting {path} would break it ({error}); nothing was written"
            ) from error
    for path, _, new in writes:
        write_text(path, new)
    try:
        load(folder)
    except InvalidInput:
        for path, old, _ in writes:
            write_text(path, old)
        raise
    return [path for path, _, _ in writes]
