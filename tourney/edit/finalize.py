"""Finalize a tournament folder, end a Swiss early, store the final standings (docs/results.md).

The files this module owns in a tournament folder:

* ``final.yaml``: the final standings with every tie-break value. Its presence
  is what "finalized" means: a finalized tournament is never reopened (only
  corrected), and ``store_final`` writes it again after every correction;
* ``corrections.yaml``: the corrections made after finalizing
  (``tourney.edit.results.record_correction`` appends to it).

In a club folder, ``ratings-log.yaml`` lists the rated tournaments in the
order they were finalized: the order they change the club ratings in
(docs/ratings.md "Ratings"). An ad-hoc tournament (``--unrated``) is not listed.

tournament.yaml, players.yaml and teams.yaml are edited line-exactly
(``tourney.edit.yaml_edit``): only the values the plan names change, every comment
and every other line stays byte for byte.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

from yaml.nodes import CollectionNode, MappingNode, Node, ScalarNode, SequenceNode

from tourney.edit.rounds import round_path
from tourney.edit.yaml_edit import Edit, apply_edits, key_index, removals, set_value
from tourney.engine.finalize import (
    EndPlan,
    FinalInfo,
    final_text,
    open_rounds,
    plan_end_after,
    yaml_scalar,
)
from tourney.engine.standings import standings
from tourney.errors import Refused
from tourney.fs.atomic import remove, write_text
from tourney.load import nodes
from tourney.load.final import (
    FINAL_FILE,
    RATINGS_LOG,
    _node,
    _text,
    club_of,
    read_final,
)
from tourney.load.folder import load_tournament
from tourney.model import Tournament

RATINGS_LOG_HEADER = (
    "# The club's rated tournaments in the order they were finalized: the order in\n"
    "# which they change the club ratings (docs/results.md). Written by `tourney finalize`.\n"
)


def store_final(folder: Path, t: Tournament, info: FinalInfo) -> Path:
    """Write final.yaml: the standings after the last planned round, every tie-break value."""
    path = folder / FINAL_FILE
    result = standings(t, after=t.planned_rounds or None)
    write_text(path, final_text(t, result, info))
    return path


def store_again(folder: Path) -> Path:
    """After a correction: the final standings stored again, the first finalize date kept."""
    from tourney.edit.results import count_corrections

    record = read_final(folder)
    if record is None:
        raise Refused(f"{folder} is not finalized")
    t = load_tournament(folder)
    finalized = record.finalized or dt.date(1970, 1, 1)
    return store_final(folder, t, FinalInfo(finalized, record.rated, count_corrections(folder)))


# --- line-exact edits of tournament.yaml, players.yaml, teams.yaml ---


def _compose(path: Path) -> tuple[str, Node]:
    text = path.read_text(encoding="utf-8")
    root = nodes.compose_exact(text)
    if root is None:
        raise Refused(f"{path} is empty")
    return text, root


def _settings_text(path: Path, key: str, value: str, after: str = "") -> str:
    text, root = _compose(path)
    if not isinstance(root, MappingNode):
        raise Refused(f"{path} must be a mapping")
    return set_value(text, root, key, value, after)


def _rounds_after(node: Node | None, after: int) -> set[int]:
    """Positions of the entries of a byes mapping or an absent list that are later rounds."""
    if isinstance(node, MappingNode):
        items = [k for k, _ in node.value]
    elif isinstance(node, SequenceNode):
        items = list(node.value)
    else:
        return set()
    return {
        i
        for i, item in enumerate(items)
        if isinstance(item, ScalarNode)
        and item.value.isascii()
        and item.value.isdigit()
        and int(item.value) > after
    }


def _entry_edits(text: str, entry: MappingNode, plan: EndPlan, teams: bool) -> list[Edit]:
    ident = _text(entry, "id") or _text(entry, "member")
    byes = plan.team_dropped_byes if teams else plan.dropped_byes
    withdrawals = plan.team_cancelled_withdrawals if teams else plan.cancelled_withdrawals
    drop_keys: set[int] = set()
    edits: list[Edit] = []
    if ident in {who for who, _, _ in byes}:
        for key in ("byes", "absent"):
            position = key_index(entry, key)
            node = _node(entry, key)
            later = _rounds_after(node, plan.after)
            if position is None or not later or not isinstance(node, CollectionNode):
                continue
            if len(later) == len(node.value):
                drop_keys.add(position)
            else:
                edits += removals(text, node, later)
    if ident in {who for who, _ in withdrawals}:
        position = key_index(entry, "withdrawn_after")
        if position is not None:
            drop_keys.add(position)
    roster = _node(entry, "roster") if teams else None
    if isinstance(roster, SequenceNode):
        leaving = {
            i
            for i, item in enumerate(roster.value)
            if isinstance(item, ScalarNode) and item.value in plan.leaving
        }
        edits += removals(text, roster, leaving)
    if drop_keys:
        edits += removals(text, entry, drop_keys)
    return edits


def _people_text(path: Path, plan: EndPlan, teams: bool) -> str:
    text, root = _compose(path)
    if not isinstance(root, SequenceNode):
        raise Refused(f"{path} must be a list")
    edits: list[Edit] = []
    leaving: set[int] = set()
    for index, entry in enumerate(root.value):
        if not isinstance(entry, MappingNode):
            continue
        if not teams and (_text(entry, "id") or _text(entry, "member")) in plan.leaving:
            leaving.add(index)
            continue
        edits += _entry_edits(text, entry, plan, teams)
    edits += removals(text, root, leaving)
    return apply_edits(text, edits)


def apply_end_plan(folder: Path, plan: EndPlan) -> list[Path]:
    """Carry out ``plan`` on the folder's files; returns the files written or deleted."""
    settings = folder / "tournament.yaml"
    edits = [(settings, _settings_text(settings, "rounds", str(plan.after)))]
    players = folder / "players.yaml"
    if players.is_file() and (plan.dropped_byes or plan.leaving or plan.cancelled_withdrawals):
        edits.append((players, _people_text(players, plan, teams=False)))
    teams = folder / "teams.yaml"
    if teams.is_file() and (
        plan.team_dropped_byes or plan.team_cancelled_withdrawals or plan.leaving
    ):
        edits.append((teams, _people_text(teams, plan, teams=True)))
    done = []
    for path, text in edits:  # everything computed first, then written
        write_text(path, text)
        done.append(path)
    for number in plan.delete_rounds:
        path = round_path(folder, number)
        if path.is_file():
            remove(path)  # tourney.fs.atomic: undone with the rest if a later step fails
            done.append(path)
    return done


def set_end_date(folder: Path, date: dt.date) -> Path:
    """tournament.yaml's end_date (a new line after start_date when missing)."""
    path = folder / "tournament.yaml"
    write_text(path, _settings_text(path, "end_date", date.isoformat(), after="start_date"))
    return path


# --- finalizing ---


@dataclass(frozen=True, slots=True)
class FinalizePlan:
    """What ``tourney finalize`` will do, for the user to confirm."""

    folder: Path
    tournament: Tournament
    end_plan: EndPlan | None = None
    end_date: dt.date | None = None  # to write into tournament.yaml; None keeps it
    club: Path | None = None
    rated: bool = False
    notes: tuple[str, ...] = field(default=())

    def describe(self) -> list[str]:
        lines = []
        if self.end_plan is not None:
            lines.append(f"end the Swiss after round {self.end_plan.after}:")
            lines += [f"  {line}" for line in self.end_plan.describe()]
        if self.end_date is not None:
            lines.append(f"set end_date: {self.end_date.isoformat()} in tournament.yaml")
        lines.append(f"store the final standings in {FINAL_FILE}; the tournament is never reopened")
        if self.rated and self.club is not None:
            period = self.tournament.settings.rating_period.value
            lines.append(
                f"rate it in the club's {period} ratings (appended to {RATINGS_LOG} of {self.club.name})"
            )
        elif self.club is not None:
            lines.append("leave the club ratings unchanged (an unrated, ad-hoc tournament)")
        return lines + list(self.notes)


def _last_complete(t: Tournament) -> int:
    last = 0
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        if rnd.number != last + 1 or not rnd.complete or not rnd.published:
            break
        last = rnd.number
    return last


def _check_standings(t: Tournament, after: int) -> None:
    """Refuse before anything is written when the final standings cannot be computed."""
    try:
        standings(t, after=after or None)
    except (KeyError, ValueError, NotImplementedError) as error:
        raise Refused(
            f"the final standings cannot be computed ({type(error).__name__}: {error}); "
            "check 'tiebreaks' in tournament.yaml with 'tourney standings'"
        ) from error


def plan_finalize(
    folder: Path,
    today: dt.date,
    end_date: dt.date | None = None,
    end_after: int | None = None,
    unrated: bool = False,
) -> FinalizePlan:
    """Check everything and say what finalizing will do; ``Refused`` with the round to finish."""
    t = load_tournament(folder)
    record = read_final(folder)
    if record is not None:
        when = f" on {record.finalized.isoformat()}" if record.finalized else ""
        raise Refused(
            f"the tournament was finalized{when} and is never reopened; correct a result with "
            "'tourney result DIR ROUND BOARD RESULT --correct'"
        )
    end_plan = plan_end_after(t, end_after) if end_after is not None else None
    if end_plan is None:
        problems = open_rounds(t)
        if problems:
            hint = ""
            last = _last_complete(t)
            if t.settings.format.is_swiss and 0 < last < t.planned_rounds:
                hint = f"; or end the Swiss early with --end-after {last}"
            raise Refused("cannot finalize: " + "; ".join(problems) + hint)
    _check_standings(t, end_plan.after if end_plan else t.planned_rounds)
    if end_date is None and t.settings.end_date is None:
        end_date = today
    club = club_of(folder)
    return FinalizePlan(folder, t, end_plan, end_date, club, club is not None and not unrated)


@dataclass(frozen=True, slots=True)
class Finalized:
    final: Path
    written: tuple[Path, ...]
    tournament: Tournament


def apply_finalize(plan: FinalizePlan, today: dt.date) -> Finalized:
    """Carry out a plan made by ``plan_finalize``."""
    folder = plan.folder
    written: list[Path] = []
    if plan.end_plan is not None:
        written += apply_end_plan(folder, plan.end_plan)
    if plan.end_date is not None:
        written.append(set_end_date(folder, plan.end_date))
    t = load_tournament(folder)
    problems = open_rounds(t)
    if problems:  # the plan was checked; this only guards against a change meanwhile
        raise Refused("cannot finalize: " + "; ".join(problems))
    final = store_final(folder, t, FinalInfo(today, plan.rated, 0))
    written.append(final)
    if plan.rated and plan.club is not None:
        written.append(append_ratings_log(plan.club, folder.resolve().name, t, today))
    return Finalized(final, tuple(written), t)


def append_ratings_log(club: Path, name: str, t: Tournament, today: dt.date) -> Path:
    path = club / RATINGS_LOG
    old = path.read_text(encoding="utf-8") if path.is_file() else RATINGS_LOG_HEADER
    if old and not old.endswith("\n"):
        old += "\n"
    line = (
        f"- {{tournament: {yaml_scalar(name)}, rating_period: {t.settings.rating_period.value}, "
        f"finalized: {today.isoformat()}}}\n"
    )
    write_text(path, old + line)
    return path
