"""``tourney player update FOLDER --list FILE``: players.yaml (or members.yaml) from a rating list.

A player is matched by FIDE id (``fide_id``) or, for a national list, by national id
(``national_id``), never by name alone: two players of one name are two people, and a
name spelled otherwise is still the same one. What the list says replaces the
folder's rating (of the event's ``rating_period``), title, federation and birth year,
each as a line-exact edit of that player's entry (``edit.yaml_edit``), so comments and
layout stay. The list's inactive flag is reported, not written (players.yaml has no key
for it). A player the list does not hold is reported and kept as written.

Pairing numbers follow rating and title (FIDE C.04.2 Art. 2): once round 1 is paired
they are frozen (``start:``), so a rating or title change then is refused (E443) unless
the arbiter says so (``allow_paired``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from tourney.check.validate import validate
from tourney.edit.closed import refuse_finalized
from tourney.edit.results import write_checked
from tourney.edit.yaml_edit import Edit, apply_edits, get
from tourney.errors import Diagnostic, InvalidInput, Refused, RefusedAt
from tourney.fs.atomic import write_text
from tourney.load import nodes
from tourney.load.final import is_finalized
from tourney.load.folder import display, is_club, load_club, load_tournament
from tourney.load.ratinglist import ListEntry, RatingList, read_list
from tourney.load.yamlsource import scalar_value
from tourney.model import RatingPeriod

UPDATED_KEYS = ("rating", "national_rating", "title", "federation", "birth_year")
PAIRING_KEYS = ("rating", "title")  # C.04.2 Art. 2: pairing numbers follow these


@dataclass(frozen=True, slots=True)
class KeyChange:
    """One key of one entry: old and new value as written in the file."""

    player: str
    name: str
    key: str
    old: str
    new: str
    line: int


@dataclass(frozen=True, slots=True)
class Update:
    """What the list did (or, with ``dry_run``, would do) to the file."""

    path: Path
    list: RatingList
    period: RatingPeriod
    changes: tuple[KeyChange, ...]
    inactive: tuple[tuple[str, str], ...]  # (id, name) flagged inactive in the list
    missing: tuple[tuple[str, str, str], ...]  # (id, name, list id) not in the list
    unmatched: tuple[tuple[str, str], ...]  # (id, name) without the id the list is matched by
    written: bool
    members: frozenset[str] = frozenset()  # unmatched entries that are a club's members

    @property
    def warnings(self) -> tuple[Diagnostic, ...]:
        return self.list.warnings


@dataclass(frozen=True, slots=True)
class _Entry:
    node: MappingNode
    ident: str
    name: str
    values: dict[str, str]  # key -> value as written


def _text(node: Node | None) -> str:
    if not isinstance(node, ScalarNode):
        return ""
    value = scalar_value(node)
    return "" if value is None else str(node.value)


def _entries(root: Node | None) -> list[_Entry]:
    if not isinstance(root, SequenceNode):
        return []
    found = []
    for item in root.value:
        if not isinstance(item, MappingNode):
            continue
        ident = _text(get(item, "id")) or _text(get(item, "member"))
        keys = (*UPDATED_KEYS, "fide_id", "national_id", "member")
        values = {key: _text(get(item, key)) for key in keys}
        found.append(_Entry(item, ident, _text(get(item, "name")), values))
    return found


def _wanted(entry: ListEntry, keys: frozenset[str]) -> dict[str, str]:
    """The values the list gives for the entry, as they would be written."""
    out: dict[str, str] = {}
    if "rating" in keys and entry.rating is not None:
        out["rating"] = str(entry.rating)
    if "national_rating" in keys and entry.national_rating is not None:
        out["national_rating"] = str(entry.national_rating)
    if "title" in keys and entry.title:
        out["title"] = entry.title
    if "federation" in keys and entry.federation:
        out["federation"] = entry.federation
    if "birth_year" in keys and entry.birth_year is not None:
        out["birth_year"] = str(entry.birth_year)
    return out


def _edits(text: str, entry: _Entry, new: Mapping[str, str]) -> list[Edit]:
    """Line-exact edits of one entry: values replaced in place, missing keys added."""
    node = entry.node
    edits: list[Edit] = []
    added = [(k, v) for k, v in new.items() if get(node, k) is None]
    for key, value in new.items():
        found = get(node, key)
        if isinstance(found, ScalarNode):
            start, end = int(found.start_mark.index), int(found.end_mark.index)
            quote = found.style if found.style in ("'", '"') else ""
            edits.append(Edit(start, end, f"{quote}{value}{quote}"))
    if added:
        edits.append(_addition(text, node, added))
    return edits


def _addition(text: str, node: MappingNode, added: list[tuple[str, str]]) -> Edit:
    """The missing keys, before a flow mapping's ``start:`` or ``}``, or as block lines."""
    if node.flow_style:
        start_key = next(
            (k for k, _ in node.value if isinstance(k, ScalarNode) and k.value == "start"), None
        )
        if start_key is not None:
            at = int(start_key.start_mark.index)
            return Edit(at, at, "".join(f"{k}: {v}, " for k, v in added))
        at = int(node.value[-1][1].end_mark.index)
        return Edit(at, at, "".join(f", {k}: {v}" for k, v in added))
    column = int(node.value[0][0].start_mark.column)
    last = node.value[-1][1]
    stop = int(last.end_mark.index)
    if not isinstance(last, ScalarNode):
        stop = max(stop - 1, int(last.start_mark.index))
    line_end = text.find("\n", stop)
    lines = "".join(" " * column + f"{k}: {v}\n" for k, v in added)
    if line_end < 0:
        return Edit(len(text), len(text), "\n" + lines)
    return Edit(line_end + 1, line_end + 1, lines)


def _target(folder: Path) -> tuple[Path, bool]:
    if is_club(folder):
        return folder / "members.yaml", True
    return folder / "players.yaml", False


def _paired_events(folder: Path, club: bool, changed: set[str]) -> list[str]:
    """The unfinished events whose pairing numbers a rating change would contradict: in a
    club, those in which a changed member plays."""
    if not club:
        t = load_tournament(folder)
        return [str(folder)] if t.rounds and not is_finalized(folder) else []
    return [
        name
        for name, t in load_club(folder).tournaments
        if t.rounds
        and not is_finalized(folder / name)
        and any((p.member or p.id) in changed for p in t.players)
    ]


def update(
    folder: Path,
    list_path: Path,
    period: RatingPeriod | None = None,
    columns: Mapping[str, str] | None = None,
    dry_run: bool = False,
    allow_paired: bool = False,
) -> Update:
    """Update the folder's players (a club's members) from the list at ``list_path``."""
    path, club = _target(folder)
    if not club:
        refuse_finalized(folder, "updating ratings from a list")
        settings_period = load_tournament(folder).settings.rating_period
    else:
        load_club(folder)  # the folder must load before it is edited
        settings_period = RatingPeriod.STANDARD
    chosen = period or settings_period
    old = path.read_bytes().decode("utf-8")
    entries = _entries(nodes.compose_exact(old))
    fide_ids = {e.values["fide_id"] for e in entries if e.values["fide_id"]}
    national_ids = {e.values["national_id"] for e in entries if e.values["national_id"]}
    by_national = bool(columns) and "fide_id" not in (columns or {})
    listed = read_list(list_path, national_ids if by_national else fide_ids, chosen, columns)
    changes: list[KeyChange] = []
    edits: list[Edit] = []
    inactive, missing, unmatched = [], [], []
    for entry in entries:
        ident = entry.values[listed.by]
        if not ident:
            unmatched.append((entry.ident, entry.name or entry.values["member"]))
            continue
        found = listed.entries.get(ident)
        if found is None:
            missing.append((entry.ident, entry.name, ident))
            continue
        if found.inactive:
            inactive.append((entry.ident, entry.name or found.name))
        new = {k: v for k, v in _wanted(found, listed.keys).items() if entry.values.get(k, "") != v}
        line = int(entry.node.start_mark.line) + 1
        for key, value in new.items():
            shown = entry.name or found.name
            changes.append(KeyChange(entry.ident, shown, key, entry.values[key], value, line))
        edits += _edits(old, entry, new)
    pairing = [c for c in changes if c.key in PAIRING_KEYS]
    if pairing and not allow_paired:
        events = _paired_events(folder, club, {c.player for c in pairing})
        if events:
            first = pairing[0]
            raise RefusedAt(
                Diagnostic(
                    display(path),
                    first.line,
                    0,
                    f"round 1 of {', '.join(events)} is paired, so the list's {len(pairing)} "
                    f"rating and title change(s) are refused ({first.player} {first.key} "
                    f"{first.old or 'none'} -> {first.new} first)",
                    "pairing numbers follow ratings and titles (FIDE C.04.2 Art. 2) and are "
                    "frozen once round 1 is paired; --allow-paired changes them all the same "
                    "(the numbers stay as frozen), --dry-run lists them",
                    code="E443",
                )
            )
    written = False
    if edits and not dry_run:
        new_text = apply_edits(old, edits)
        if club:
            _write_club(folder, path, old, new_text)
        else:
            write_checked(folder, path, old, new_text)
        written = True
    return Update(
        path,
        listed,
        chosen,
        tuple(changes),
        tuple(inactive),
        tuple(missing),
        tuple(unmatched),
        written,
        frozenset(e.ident for e in entries if e.values["member"] and not e.values[listed.by]),
    )


def _write_club(folder: Path, path: Path, old: str, new: str) -> None:
    """Write members.yaml; put the old text back if the club no longer loads."""
    write_text(path, new)
    try:
        validate(folder).folder()
    except InvalidInput:
        write_text(path, old)
        raise
    except Refused:  # pragma: no cover - validate raises no refusal
        write_text(path, old)
        raise
