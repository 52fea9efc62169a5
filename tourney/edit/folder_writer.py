"""A ``Tournament`` as the files of a tournament folder (docs/folder-format.md).

``folder_files(t)`` gives the text of every file (tournament.yaml, players.yaml,
teams.yaml, rounds/NN.yaml through :func:`tourney.edit.roundfile.render`, pages/*.md);
``write_folder(t, path)`` writes them so that ``load_tournament(path)`` gives the
model back: ``load_tournament(write_folder(t, path)) == folder_form(t)``, and
``folder_form(t) == t`` for every model the folder loader makes.

Writing is all or nothing: the files go to a hidden folder beside the target,
are read back with the folder loader and compared with the model, and only
then is the folder renamed into place. A folder that exists and is not empty
is never written into.

Settings, players and teams are written field by field from the dataclasses,
so a field added to the model is written without a change here, as long as
its YAML key is the field's name. A value equal to what the loader assumes
when the key is missing is left out, which keeps the files short.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable
from enum import Enum
from fractions import Fraction
from pathlib import Path

from tourney.edit import why_file
from tourney.edit.roundfile import comment_text, quoted, render
from tourney.errors import ExitStatus, Refused, TourneyError
from tourney.fs.atomic import write_text
from tourney.model import (
    ForbiddenPairing,
    Format,
    Page,
    Player,
    PrizeGroup,
    Prizes,
    Settings,
    Team,
    Tournament,
)

# Model field -> YAML key where they differ.
SETTINGS_KEYS = {"team": "teams"}
# Scoring values whose missing key means "the value of a win" (docs/folder-format.md).
_LIKE_A_WIN = ("forfeit_win", "pab", "full_bye")
_PLAIN_ID = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_-]*|[1-9][0-9]*|0)$")
_YAML_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n"}


class WriteFailed(TourneyError):
    """The written folder did not read back as the model (a bug in tourney)."""

    status = ExitStatus.INTERNAL


# -- YAML scalars --------------------------------------------------------------------------


def text(value: str) -> str:
    """Free text, always double-quoted (JSON escapes are YAML escapes; line breaks escaped)."""
    return quoted(value)


def ident(value: str) -> str:
    """An id: plain when YAML reads it back as the same text, else quoted."""
    if _PLAIN_ID.match(value) and value.lower() not in _YAML_WORDS:
        return value
    return text(value)


def points(value: Fraction) -> str:
    """Exact points: ``2``, ``0.5``, ``1/3`` (the loader reads all three exactly)."""
    if value.denominator == 1:
        return str(value.numerator)
    places = 0
    while (value * 10**places).denominator != 1 and places < 6:
        places += 1
    if (value * 10**places).denominator == 1:
        whole, part = divmod(int(value * 10**places), 10**places)
        return f"{whole}.{part:0{places}d}"
    return f"{value.numerator}/{value.denominator}"


def scalar(value: object) -> str:
    """Any simple model value as YAML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return ident(str(value.value))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction):
        return points(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, tuple):
        return "[" + ", ".join(scalar(v) for v in value) + "]"
    return text(str(value))


def _byes(byes: Iterable[tuple[int, Enum]]) -> str:
    return "{" + ", ".join(f"{number}: {kind.value}" for number, kind in byes) + "}"


# -- tournament.yaml -----------------------------------------------------------------------


def _defaults(obj: object) -> dict[str, object]:
    out: dict[str, object] = {}
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        if f.default is not dataclasses.MISSING:
            out[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            out[f.name] = f.default_factory()
    return out


def _mapping_lines(obj: object, indent: str, skip: Iterable[str] = ()) -> list[str]:
    """``key: value`` for every field that differs from its default (nested one level)."""
    lines = []
    defaults = _defaults(obj)
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        value = getattr(obj, f.name)
        if f.name in skip or value is None:
            continue
        if f.name in defaults and value == defaults[f.name]:
            continue
        lines.append(f"{indent}{f.name}: {scalar(value)}")
    return lines


def _scoring_lines(t: Tournament) -> list[str]:
    scoring = t.settings.scoring
    lines = _mapping_lines(scoring, "  ", skip=_LIKE_A_WIN)
    for name in _LIKE_A_WIN:
        value = getattr(scoring, name)
        if value != scoring.win:
            lines.append(f"  {name}: {points(value)}")
    return lines


def _forbidden_line(rule: ForbiddenPairing) -> str:
    parts = []
    if rule.members:
        key = "teams" if rule.teams else "players"
        parts.append(f"{key}: [{', '.join(ident(m) for m in rule.members)}]")
    if rule.same_club:
        parts.append(f"same_club: {'teams' if rule.teams else 'players'}")
    parts.append(f"strength: {rule.strength.value}")
    first, last = rule.rounds.first, rule.rounds.last
    if first is not None or last is not None:
        window = str(first) if first == last else f"{first or ''}-{last or ''}"
        parts.append(f"rounds: {text(window)}")
    return "  - {" + ", ".join(parts) + "}"


def _amounts(group: PrizeGroup) -> str:
    return "[" + ", ".join(points(a) for a in group.amounts) + "]"


def _prizes_lines(prizes: Prizes) -> list[str]:
    """``prizes:`` as docs/prizes.md writes it; the place prizes' group is ``places``."""
    amounts = _amounts
    lines = ["prizes:", f"  currency: {ident(prizes.currency)}"]
    lines.append(f"  sharing: {prizes.sharing.value}")
    lines.append(f"  places: {amounts(prizes.groups[0])}")
    if prizes.groups[1:]:
        lines.append("  categories:")
    for group in prizes.groups[1:]:
        parts = [f"category: {text(group.category)}"]
        if group.club:
            parts.append(f"club: {text(group.club)}")
        default = f"club {group.club}" if group.category == "club" else group.category
        if group.name != default:
            parts.append(f"name: {text(group.name)}")
        parts.append(f"places: {amounts(group)}")
        lines.append("    - {" + ", ".join(parts) + "}")
    if prizes.order:
        lines.append("  order: [" + ", ".join(text(n) for n in prizes.order) + "]")
    return lines


def settings_text(t: Tournament) -> str:
    s = t.settings
    lines = [f"# {comment_text(s.name)}: written by tourney (docs/folder-format.md)"]
    special = {"rounds", "cycles", "initial_colour", "scoring", "team", "forbidden", "keizer"}
    special.add("prizes")
    # a time is written after its day, in one value: 2026-10-03 19:30 (load/starts.py)
    special |= {"round_dates", "round_times", "updated", "updated_time", "round_venues"}
    defaults = _defaults(s)
    for f in dataclasses.fields(Settings):
        name, value = f.name, getattr(s, f.name)
        key = SETTINGS_KEYS.get(name, name)
        if name in special:
            if name == "rounds" and value:
                lines.append(f"rounds: {value}")
            elif name == "cycles" and value != 1 and s.format is not Format.DOUBLE_ROUND_ROBIN:
                lines.append(f"cycles: {value}")
            elif name == "initial_colour" and value is not None:
                lines.append(f"initial_colour: {value.value}")
            elif name == "scoring":
                block = _scoring_lines(t)
                lines.extend(["scoring:", *block] if block else [])
            elif name in ("team", "keizer"):
                block = _mapping_lines(value, "  ")
                lines.extend([f"{key}:", *block] if block else [])
            elif name == "forbidden" and value:
                lines.append("forbidden:")
                lines.extend(_forbidden_line(rule) for rule in value)
            elif name == "round_dates" and value:
                times = s.round_times
                days = [
                    _start(day, times[i] if i < len(times) else None) for i, day in enumerate(value)
                ]
                lines.append(f"round_dates: [{', '.join(days)}]")
            elif name == "round_venues" and value:
                pairs = ", ".join(f"{n}: {quoted(venue)}" for n, venue in value)
                lines.append(f"round_venues: {{{pairs}}}")
            elif name == "updated" and value is not None:
                lines.append(f"updated: {_start(value, s.updated_time)}")
            elif name == "prizes" and value is not None:
                lines.extend(_prizes_lines(value))
            continue
        is_default = value is None or (name in defaults and value == defaults[name])
        if is_default and name not in ("name", "format"):
            continue
        lines.append(f"{key}: {scalar(value)}")
    return "\n".join(lines) + "\n"


def _start(day: dt.date | None, time: dt.time | None) -> str:
    if day is None:
        return "~"
    return day.isoformat() + (f" {time:%H:%M}" if time is not None else "")


# -- players.yaml and teams.yaml -------------------------------------------------------------


def _entry_fields(entry: Player | Team, first: tuple[str, ...]) -> list[str]:
    defaults = _defaults(entry)
    parts = [f"{name}: {_value(name, getattr(entry, name))}" for name in first]
    for f in dataclasses.fields(entry):
        value = getattr(entry, f.name)
        if f.name in first or value is None or value == defaults.get(f.name, object()):
            continue
        if f.name == "roster":
            continue
        parts.append(f"{f.name}: {_value(f.name, value)}")
    return parts


def _value(name: str, value: object) -> str:
    if name in ("id", "fide_id", "national_id"):
        return ident(str(value))
    if name == "byes":
        return _byes(value)  # type: ignore[arg-type]
    if name == "adjustments":  # {0: -1, 5: 0.5}: penalties and bonuses by round
        pairs: tuple[tuple[int, Fraction], ...] = value  # type: ignore[assignment]
        return "{" + ", ".join(f"{n}: {_signed(v)}" for n, v in pairs) + "}"
    return scalar(value)


def _signed(value: Fraction) -> str:
    return "-" + points(-value) if value < 0 else points(value)


def players_text(t: Tournament) -> str:
    lines = [f"# {len(t.players)} players of {comment_text(t.settings.name)}"]
    for player in t.players:
        lines.append("- {" + ", ".join(_entry_fields(player, ("id", "name"))) + "}")
    return "\n".join(lines) + "\n"


def teams_text(t: Tournament) -> str:
    lines = ["# Teams; the roster is the board order, board 1 first."]
    for team in t.teams:
        fields = _entry_fields(team, ("id", "name"))
        lines.append(f"- {fields[0]}")
        lines.extend(f"  {part}" for part in fields[1:])
        lines.append(f"  roster: [{', '.join(ident(p) for p in team.roster)}]")
    return "\n".join(lines) + "\n"


# -- the whole folder ----------------------------------------------------------------------------


def page_title(page: Page) -> str:
    """The title the loader gives a page: its first ``# `` heading, else its name."""
    for line in page.markdown.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return page.slug.replace("-", " ").capitalize()


def folder_form(t: Tournament) -> Tournament:
    """The model as a folder holds it: boards and matches numbered by position,
    a double round robin's two cycles, round dates without trailing gaps, page titles
    from their headings. A model read from a folder is already in this form."""
    rounds = []
    for rnd in t.rounds:
        games = tuple(dataclasses.replace(g, board=i) for i, g in enumerate(rnd.games, start=1))
        matches = tuple(
            dataclasses.replace(
                m,
                number=n,
                games=tuple(dataclasses.replace(g, board=i) for i, g in enumerate(m.games, 1)),
            )
            for n, m in enumerate(rnd.matches, start=1)
        )
        rounds.append(dataclasses.replace(rnd, games=games, matches=matches))
    settings = t.settings
    if settings.format is Format.DOUBLE_ROUND_ROBIN:
        settings = dataclasses.replace(settings, cycles=2)
    dates = list(settings.round_dates)
    while dates and dates[-1] is None:
        dates.pop()
    if None in dates:
        dates = []
    # the loader gives one start time (or None) per date: a TRF's model has none at all
    times = [*settings.round_times[: len(dates)], *[None] * len(dates)][: len(dates)]
    settings = dataclasses.replace(settings, round_dates=tuple(dates), round_times=tuple(times))
    pages = tuple(dataclasses.replace(p, title=page_title(p)) for p in t.pages)
    return dataclasses.replace(t, settings=settings, rounds=tuple(rounds), pages=pages)


def round_file(number: int) -> str:
    return f"rounds/{number:02d}.yaml"


def folder_files(t: Tournament) -> dict[str, str]:
    """Relative path -> text of every file of the tournament folder."""
    t = folder_form(t)
    files = {"tournament.yaml": settings_text(t), "players.yaml": players_text(t)}
    if t.is_team or t.teams:
        files["teams.yaml"] = teams_text(t)
    for rnd in t.rounds:
        files[round_file(rnd.number)] = render(t, rnd)
        if rnd.explanation:  # kept as it was, stale or not (tourney.edit.why_file)
            why = f"rounds/{rnd.number:02d}{why_file.SUFFIX}"
            files[why] = why_file.render(rnd, rnd.explanation, rnd.explained)
    for page in t.pages:
        files[f"pages/{page.slug}.md"] = page.markdown
    games: dict[str, list[str]] = {}  # games/*.pgn, each game as its file wrote it
    for score in t.games:
        games.setdefault(score.file, []).append(score.text)
    for name, texts in games.items():
        files[name] = "\n".join(texts)
    return files


def _differences(a: Tournament, b: Tournament) -> list[str]:
    out = []
    for f in dataclasses.fields(Tournament):
        if f.compare and getattr(a, f.name) != getattr(b, f.name):
            out.append(f.name)
    return out


def write_folder(
    t: Tournament, path: Path, verify: bool = True, stage: Callable[[str], None] | None = None
) -> Path:
    """Write ``t`` as a new tournament folder at ``path``; refuses a non-empty folder.

    The files are written to a hidden folder beside ``path``, read back (when
    ``verify``), then the folder is renamed into place in one step. ``stage`` is
    told when the writing and the reading back begin (``tourney import``'s bar). Raises
    ``Refused`` for a non-empty target, ``InvalidInput`` when the files do not
    load (the model breaks a folder rule), ``WriteFailed`` when they load to a
    different model.
    """
    from tourney.load.folder import load_tournament

    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise Refused(f"{path} exists and is not empty; nothing was written")
    parent = path.resolve().parent
    parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".tmp", dir=parent))
    try:
        if stage is not None:
            stage(f"writing {path}")
        for relative, content in sorted(folder_files(t).items()):
            write_text(staging / relative, content)
        if verify:
            if stage is not None:
                stage(f"reading {path} back")
            loaded = load_tournament(staging)
            expected = folder_form(t)
            if loaded != expected:
                fields = ", ".join(_differences(loaded, expected))
                raise WriteFailed(f"the written folder reads back differently ({fields})")
        if path.exists():
            path.rmdir()  # empty: checked above
        os.replace(staging, path)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return path


__all__ = ["folder_files", "folder_form", "write_folder"]
