"""Change players.yaml by command: late entries, withdrawals, byes, absences, ratings.

docs/folder-format.md "players.yaml" says how each is written (``joins``,
``withdrawn_after``, ``byes: {3: half}``, ``absent: [4, 5]``, ``rating``); these
functions write exactly that, as line-exact edits (``edit.yaml_edit``): the
player's own line changes (or, for a new player, one line is added at the end)
and every comment and the order of the file stay as they were.

Each edit is checked the way ``tourney check`` checks the folder: the edited
folder must load (and, in a team event, its line-ups must hold). Otherwise the
old file is put back and the problems are raised: nothing is kept. A finalized
tournament takes no edit at all (E250), and a new player only inside the
registration window (E251, E252; ``tourney.edit.closed``).

One identity per person (docs/series.md "Who is who"): in a club folder a
member plays as ``member: ID``; a guest gets an id of the guests' own space
(``g1``, ``g2``, ...) that is never a member's id, and a guest named exactly
like a member is added as that member, with a note.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.edit import rr_withdraw
from tourney.edit.closed import next_entry_round, refuse_entry, refuse_finalized
from tourney.edit.names import best_fits, flipped
from tourney.edit.results import write_checked
from tourney.edit.roundfile import quoted
from tourney.edit.yaml_edit import get, set_value
from tourney.errors import Diagnostic, Refused, did_you_mean
from tourney.load import nodes
from tourney.model import ByeKind, ClubPlayer, Player, Tournament

PLAYERS_FILE = "players.yaml"
_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")
GUEST_PREFIX = "g"  # guests' ids in a club folder: g1, g2, ... (never a member's id)
_LAST_FIRST = re.compile(r"[^,]*\S[^,]*,\s*\S.*")


@dataclass(frozen=True, slots=True)
class PlayerChange:
    """What an edit did: the player, a sentence saying what, the line before and after."""

    player: str
    what: str
    path: Path
    line: int
    before: str
    after: str
    notes: tuple[str, ...] = ()  # what the command did on its own, e.g. a guest taken as a member
    warnings: tuple[Diagnostic, ...] = ()


def _compose(text: str) -> Node:
    root = nodes.compose_exact(text)
    if not isinstance(root, SequenceNode):
        raise Refused(f"{PLAYERS_FILE} is not a list of players; run 'tourney check'")
    return root


def _entry_id(item: Node) -> str:
    for key in ("id", "member"):
        node = get(item, key)
        if isinstance(node, ScalarNode):
            return str(node.value)
    return ""


def find_player(t: Tournament, typed: str) -> Player:
    """The player named by ``typed``: an id, a name (either order), or a part of one name."""
    for player in t.players:
        if player.id == typed:
            return player
    found = best_fits(typed, ((p.id, p.name, p) for p in t.players))  # an exact surname first
    if len(found) == 1:
        return found[0]
    if not found:
        hint = did_you_mean(typed, [p.name for p in t.players]) or "give the id or the full name"
        raise Refused(f"no player '{typed}' in {PLAYERS_FILE}; {hint}")
    names = ", ".join(f"{p.name} ({p.id})" for p in found[:8])
    raise Refused(f"'{typed}' names {len(found)} players: {names}; give the id")


def _entry(root: Node, player: Player) -> MappingNode:
    assert isinstance(root, SequenceNode)
    for item in root.value:
        if isinstance(item, MappingNode) and _entry_id(item) == player.id:
            return item
    raise Refused(f"{player.id} is not an entry of {PLAYERS_FILE}; edit the file by hand")


def _line_of(text: str, index: int) -> tuple[int, str]:
    number = text.count("\n", 0, index)
    return number + 1, text.split("\n")[number]


def _apply(
    folder: Path, t: Tournament, player: Player, what: str, edit: Callable[[str, Node], str]
) -> PlayerChange:
    """Edit players.yaml with ``edit(text, entry)``, check the folder, or put it back."""
    refuse_finalized(folder, f"editing {player.name} ({player.id}) in {PLAYERS_FILE}")
    path = folder / PLAYERS_FILE
    old = path.read_bytes().decode("utf-8")
    root = _compose(old)
    entry = _entry(root, player)
    new = edit(old, entry)
    line, before = _line_of(old, int(entry.start_mark.index))
    after = new.split("\n")[line - 1]
    change = PlayerChange(player.id, what, path, line, before, after)
    if new == old:
        return change
    write_checked(folder, path, old, new)
    return change


def _paired(t: Tournament, number: int, what: str) -> None:
    rnd = t.round(number)
    if rnd is not None and rnd.started:
        raise Refused(
            f"round {number} already has results, so {what} cannot change it; "
            f"the last paired round is {_last_paired(t)}"
        )
    if rnd is not None:
        raise Refused(
            f"round {number} is already paired, so {what} would not change its pairing; "
            f"pair it again first ('tourney pair --replace --round {number}', while it has "
            "no results) or edit the round file"
        )


def _last_paired(t: Tournament) -> int:
    return max((r.number for r in t.rounds), default=0)


def _check_round(t: Tournament, number: int) -> None:
    if number < 1 or number > t.planned_rounds:
        raise Refused(f"round {number}: the tournament has rounds 1-{t.planned_rounds}")


# --- the commands ---


def withdraw(folder: Path, t: Tournament, typed: str, after: int | None = None) -> PlayerChange:
    """``withdrawn_after: N``: not paired after round N (default: the last paired round)."""
    player = find_player(t, typed)
    if after is not None and after < 0:
        raise Refused("--after takes a round number (0: before round 1)")
    if rr_withdraw.applies(t):  # every round is paired: GR 6.6 and forfeits on the boards
        return _withdraw_round_robin(folder, t, player, after)
    last = _last_paired(t) if after is None else after
    _paired(t, last + 1, f"withdrawing {player.name} after round {last}")
    what = f"{player.name} withdrawn after round {last} (not paired from round {last + 1})"
    return _apply(
        folder, t, player, what, lambda text, e: _set(text, e, "withdrawn_after", str(last))
    )


def _withdraw_round_robin(
    folder: Path, t: Tournament, player: Player, after: int | None
) -> PlayerChange:
    last = rr_withdraw.default_after(t, player) if after is None else after
    if last > t.planned_rounds:
        raise Refused(f"round {last}: the tournament has rounds 1-{t.planned_rounds}")
    what = f"{player.name} withdrawn after round {last}"
    written: list[PlayerChange] = []

    def write_players() -> None:
        edit = lambda text, e: _set(text, e, "withdrawn_after", str(last))  # noqa: E731
        written.append(_apply(folder, t, player, what, edit))

    done = rr_withdraw.withdraw(folder, t, player, last, write_players)
    forfeits = tuple(
        f"{c.path}:{c.line}: round {c.round}, {c.where}: {c.old or 'no result'} -> {c.new}"
        for c in done.forfeits
    )
    return replace(written[0], notes=(done.rule, *forfeits))


def bye(folder: Path, t: Tournament, typed: str, number: int, kind: ByeKind) -> PlayerChange:
    """``byes: {N: kind}``: a requested bye (docs/results.md, C.04.3 byes)."""
    if kind is ByeKind.PAB:
        raise Refused("the pairing-allocated bye is given by the pairing, not requested")
    player = find_player(t, typed)
    _check_round(t, number)
    _paired(t, number, f"a bye for {player.name}")
    what = f"{player.name}: {kind.value}-point bye requested for round {number}"
    if kind is ByeKind.ZERO:
        what = f"{player.name}: zero-point bye requested for round {number}"

    def edit(text: str, entry: Node) -> str:
        assert isinstance(entry, MappingNode)
        byes = get(entry, "byes")
        if byes is None:
            return _set(text, entry, "byes", f"{{{number}: {kind.value}}}")
        if not isinstance(byes, MappingNode) or not byes.flow_style:
            raise Refused(f"{player.id}: 'byes' is not written {{round: kind}}; edit it by hand")
        if not byes.value:  # {}
            end = int(byes.end_mark.index) - 1
            return text[:end] + f"{number}: {kind.value}" + text[end:]
        return set_value(text, byes, str(number), kind.value)

    return _apply(folder, t, player, what, edit)


def absent(folder: Path, t: Tournament, typed: str, numbers: Sequence[int]) -> PlayerChange:
    """``absent: [N, ...]``: not paired in those rounds, no points."""
    player = find_player(t, typed)
    for number in numbers:
        _check_round(t, number)
        _paired(t, number, f"marking {player.name} absent")
    wanted = sorted(set(numbers) - set(player.absent))
    shown = ", ".join(map(str, sorted(numbers)))
    what = f"{player.name} absent in round(s) {shown}"

    def edit(text: str, entry: Node) -> str:
        assert isinstance(entry, MappingNode)
        if not wanted:
            return text
        listed = get(entry, "absent")
        if listed is None:
            return _set(text, entry, "absent", "[" + ", ".join(map(str, wanted)) + "]")
        if not isinstance(listed, SequenceNode) or not listed.flow_style:
            raise Refused(f"{player.id}: 'absent' is not written [rounds]; edit it by hand")
        rounds = sorted({*player.absent, *wanted})
        start, end = int(listed.start_mark.index), int(listed.end_mark.index)
        return text[:start] + "[" + ", ".join(map(str, rounds)) + "]" + text[end:]

    return _apply(folder, t, player, what, edit)


RATING_KEYS = {"fide": "rating", "national": "national_rating", "club": "club_rating"}


def rating(folder: Path, t: Tournament, typed: str, value: int, kind: str = "fide") -> PlayerChange:
    """Set the player's rating (``rating``, ``national_rating`` or ``club_rating``)."""
    player = find_player(t, typed)
    key = RATING_KEYS[kind]
    old = getattr(player, key)
    what = f"{player.name}: {key} {old if old is not None else 'none'} -> {value}"
    return _apply(folder, t, player, what, lambda text, e: _set(text, e, key, str(value)))


def _set(text: str, entry: Node, key: str, value: str) -> str:
    assert isinstance(entry, MappingNode)
    anchor = "start" if get(entry, "start") is not None and get(entry, key) is None else ""
    if entry.flow_style and anchor:
        return _before_key(text, entry, "start", f"{key}: {value}, ")
    return set_value(text, entry, key, value)


def _before_key(text: str, entry: MappingNode, key: str, insert: str) -> str:
    """Insert ``insert`` before ``key`` in a flow mapping (``start`` stays last, as written)."""
    for key_node, _ in entry.value:
        if isinstance(key_node, ScalarNode) and key_node.value == key:
            at = int(key_node.start_mark.index)
            return text[:at] + insert + text[at:]
    return text  # pragma: no cover - the caller found the key


def _yaml(value: str) -> str:
    if _PLAIN.fullmatch(value) and value.lower() not in ("yes", "no", "true", "false", "null"):
        return value
    return quoted(value)


def _next_id(t: Tournament, members: Sequence[ClubPlayer] = ()) -> str:
    """``p42`` after ``p41``: the ids' own pattern, one more than the highest number.

    In a club folder with members a guest's id comes from the guests' own space,
    ``g`` and a number, and is never a member's id nor a player's: numbering after
    the players' ids would hand out ids of members who are not playing, and the
    series would credit the guest's places to them.
    """
    if members:
        taken = {m.id for m in members} | {p.id for p in t.players}
        numbers = [
            int(m.group(1))
            for p in t.players
            if (m := re.fullmatch(GUEST_PREFIX + r"(\d+)", p.id)) is not None
        ]
        number = max(numbers, default=0) + 1
        while f"{GUEST_PREFIX}{number}" in taken:
            number += 1
        return f"{GUEST_PREFIX}{number}"
    found = [re.fullmatch(r"([A-Za-z_-]*)(\d+)", p.id) for p in t.players]
    numbered = [m for m in found if m]
    if not numbered:
        return f"p{len(t.players) + 1}"
    prefix = max(numbered, key=lambda m: int(m.group(2)))
    width = len(prefix.group(2))
    return f"{prefix.group(1)}{int(prefix.group(2)) + 1:0{width}d}"


def _same_name(a: str, b: str) -> bool:
    """Equal names, in either order ("Jansen, Piet" is "Piet Jansen"), spaces and case aside."""
    fold = {" ".join(a.casefold().split()), " ".join(flipped(a).split())}
    return " ".join(b.casefold().split()) in fold or " ".join(flipped(b).split()) in fold


def _member_named(members: Sequence[ClubPlayer], name: str, fide_id: str) -> ClubPlayer | None:
    """The one member with this FIDE ID, or else with exactly this name; None for a guest."""
    if fide_id:
        by_fide = [m for m in members if m.fide_id == fide_id]
        if len(by_fide) == 1:
            return by_fide[0]
    named = [m for m in members if _same_name(m.name, name)]
    if len(named) > 1:
        shown = ", ".join(f"{m.name} ({m.id})" for m in named)
        raise Refused(
            f"'{name}' is the name of {len(named)} club members: {shown}; add one with "
            "--member ID, or a guest with --guest"
        )
    return named[0] if named else None


def _member(members: Sequence[ClubPlayer], member_id: str) -> ClubPlayer:
    for member in members:
        if member.id == member_id:
            return member
    if not members:
        raise Refused(
            f"--member {member_id}: this tournament is not in a club folder with members.yaml"
        )
    hint = did_you_mean(member_id, [m.id for m in members]) or "members are listed in members.yaml"
    raise Refused(f"no club member '{member_id}' in members.yaml; {hint}")


def name_warnings(name: str) -> tuple[Diagnostic, ...]:
    """W135: a name not written "Last, First", as rating lists and TRF write it."""
    if _LAST_FIRST.fullmatch(name.strip()):
        return ()
    return (
        Diagnostic(
            "<command line>",
            0,
            0,
            f"'{name.strip()}' is not written 'Last, First'",
            "names are sorted and exported (TRF) by the part before the comma: "
            '`tourney player add DIR "Jansen, Piet"`',
            severity="warning",
            code="W135",
        ),
    )


def _who(
    members: Sequence[ClubPlayer],
    name: str,
    member_id: str,
    guest: bool,
    player_id: str,
    fields: Sequence[tuple[str, str]],
) -> tuple[ClubPlayer | None, tuple[str, ...]]:
    """The club member a new entry is (None: a guest), and a note when the name said so."""
    if member_id:
        member = _member(members, member_id)
        if name.strip() and not _same_name(member.name, name):
            raise Refused(
                f"'{name.strip()}' is not the name of member {member.id} ({member.name}); "
                "leave the name out with --member"
            )
        return member, ()
    if not name.strip():
        raise Refused("a player needs a name ('Last, First'), or --member ID in a club folder")
    if guest or player_id:
        return None, ()
    found = _member_named(members, name, dict(fields).get("fide_id", ""))
    if found is None:
        return None, ()
    return found, (
        f"{name.strip()} is club member {found.id} ({found.name}): added as the member "
        "(name and ratings from members.yaml); add --guest for another person of that name",
    )


def add(
    folder: Path,
    t: Tournament,
    name: str,
    fields: Sequence[tuple[str, str]] = (),
    player_id: str = "",
    joins: int | None = None,
    approved: bool | None = None,
    members: Sequence[ClubPlayer] = (),
    member_id: str = "",
    guest: bool = False,
) -> PlayerChange:
    """Add a player as one new flow-style line at the end of players.yaml.

    Once rounds are paired the player is a late entry: ``joins`` defaults to
    the next round not paired yet (docs/folder-format.md ``joins``). In a club
    folder (``members``) ``member_id`` adds that member (``member: ID``: name,
    ratings and the rest come from members.yaml); a name or FIDE ID that is a
    member's adds the member too, with a note, unless ``guest`` says otherwise.
    """
    refuse_finalized(folder, f"adding {name.strip() or member_id}")
    member, notes = _who(members, name, member_id, guest, player_id, fields)
    shown = member.name if member else name.strip()
    if member is not None:
        for p in t.players:
            if member.id in (p.member, p.id):
                raise Refused(f"{member.name} is already in {PLAYERS_FILE} as {p.id}")
    new_id = member.id if member else player_id or _next_id(t, members)
    if member is None and new_id in {m.id for m in members}:
        raise Refused(
            f"the id {new_id} is club member {_member(members, new_id).name}'s; add the member "
            f"with --member {new_id}, or give the guest another id (default: the next g-number)"
        )
    if member is None and any(p.id == new_id for p in t.players):
        raise Refused(f"the id {new_id} is taken ({t.player(new_id).name})")
    first = next_entry_round(t) if joins is None else joins
    refuse_entry(folder, t, shown, first)
    if joins is not None:
        _check_round(t, joins)
    _paired(t, first, f"adding {shown} from round {first}")
    if member is not None:
        parts = [f"member: {_yaml(member.id)}"]
        if player_id and player_id != member.id:
            parts.insert(0, f"id: {_yaml(player_id)}")
        own = {"fide_id": member.fide_id, "federation": member.federation}
        own |= {"title": member.title, "sex": member.sex, "birth_year": str(member.birth_year)}
        fields = [(k, v) for k, v in fields if own.get(k) != v]
        warnings: tuple[Diagnostic, ...] = ()
    else:
        parts = [f"id: {_yaml(new_id)}", f"name: {quoted(name.strip())}"]
        warnings = name_warnings(name)
    parts += [f"{key}: {_yaml(value)}" for key, value in fields]
    if first > 1:
        parts.append(f"joins: {first}")
    if approved is not None:
        parts.append(f"approved: {'true' if approved else 'false'}")
    line = "- {" + ", ".join(parts) + "}"
    path = folder / PLAYERS_FILE
    old = path.read_bytes().decode("utf-8")
    new = (old if old.endswith("\n") or not old else old + "\n") + line + "\n"
    if old.strip() in ("[]", ""):
        new = line + "\n"
    write_checked(folder, path, old, new)
    late = f", a late entry from round {first}" if first > 1 else ""
    kind = f"club member {new_id}" if member else new_id
    what = f"{shown} added as {kind}{late}"
    return PlayerChange(new_id, what, path, new.count("\n"), "", line, notes, warnings)
