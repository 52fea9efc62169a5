"""The report of ``tourney diff``: a ``FolderDiff`` (``tourney.review.gitdiff``) in words,
as text for the terminal, Markdown for a pull-request comment, or JSON for tools.

Pure: text in, text out. ``RENDERERS`` maps each ``--format`` to its renderer.
"""

from __future__ import annotations

import dataclasses
import html
import json
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from tourney import number_text
from tourney.review.changes import (
    EntryChange,
    Movement,
    RatingMove,
    StandingsChange,
    TournamentDiff,
)
from tourney.review.gitdiff import FolderDiff
from tourney.review.series import UNIT, SeriesChange, series_sentence


def points(value: Fraction | None) -> str:
    """Points as printed on a crosstable: ``3½``, ``½``, ``4``; ``-`` when absent.

    >>> points(Fraction(7, 2)), points(Fraction(1, 2)), points(Fraction(4)), points(None)
    ('3½', '½', '4', '-')
    """
    return "-" if value is None else number_text.points(value)


def number(value: Fraction | None) -> str:
    """A tie-break value as a decimal: exact when it ends, else two places.

    >>> number(Fraction(121, 4)), number(Fraction(2, 3)), number(None)
    ('30.25', '0.67', '-')
    """
    return "-" if value is None else number_text.decimal(value)


def _arrow(old: str, new: str) -> str:
    return old if old == new else f"{old} -> {new}"


def _rank(value: int | None) -> str:
    return "-" if value is None else str(value)


def _movement_text(m: Movement, unit: str = "pts") -> str:
    """``rank 3 -> 1, 4 -> 5 MP; GP 3.5 -> 4``: the unit is "pts", or MP/GP for teams."""
    if m.old_rank is None:
        return f"new in the standings: rank {m.new_rank}, {points(m.new_points)} {unit}"
    if m.new_rank is None:
        return f"no longer in the standings (was rank {m.old_rank}, {points(m.old_points)} {unit})"
    parts = [
        f"rank {_arrow(str(m.old_rank), str(m.new_rank))}",
        f"{_arrow(points(m.old_points), points(m.new_points))} {unit}",
    ]
    tiebreaks = ", ".join(f"{c} {number(a)} -> {number(b)}" for c, a, b in m.tiebreaks)
    return ", ".join(parts) + (f"; {tiebreaks}" if tiebreaks else "")


def _entry_text(e: EntryChange, arrow: str = "->") -> str:
    head = f"{e.kind} {e.ident}" + (f" ({e.name})" if e.name and e.name != e.ident else "")
    if e.change != "changed" or not e.fields:
        return f"{head} {e.change}"
    return f"{head}: " + "; ".join(f"{f.field} {f.old} {arrow} {f.new}" for f in e.fields)


def _signed(change: int) -> str:
    return f"{change:+d}"


def _rating_text(r: RatingMove) -> str:
    return f"{r.name} ({r.period}): {r.old} -> {r.new} ({_signed(r.change)})"


def _clubs(ratings: tuple[RatingMove, ...]) -> list[tuple[str, list[RatingMove]]]:
    """The rating moves per club folder, in the order the clubs first appear."""
    out: dict[str, list[RatingMove]] = {}
    for r in ratings:
        out.setdefault(r.club, []).append(r)
    return list(out.items())


def _limited(items: list[str], limit: int, indent: str) -> list[str]:
    if limit and len(items) > limit:
        more = len(items) - limit
        return [*items[:limit], f"{indent}... and {more} more (--limit 0 shows all)"]
    return items


# --- text ----------------------------------------------------------------------------------


def _text_tournament(d: TournamentDiff, limit: int) -> list[str]:
    lines = [f"{d.folder}: {d.name!r} ({d.status})"]
    if d.status == "unchanged":
        return lines
    lines += [f"  {line}" for line in d.summary]
    if d.paired:
        lines.append(f"  warning: {d.paired}")
    if d.results:
        lines.append("  results")
        for r in d.results:
            lines.append(
                f"    round {r.round}, board {r.board}: {r.white_name} - {r.black_name}: "
                f"{r.old or 'no result'} -> {r.new or 'no result'} ({r.kind})"
            )
    if d.pairings:
        lines.append("  pairings")
        lines += [f"    round {p.round}: {p.text}" for p in d.pairings]
    if d.entries:
        lines.append("  players, teams and settings")
        lines += [f"    {_entry_text(e)}" for e in d.entries]
    for moved in d.rounds:
        lines.append(f"  standings after round {moved.new_after}")
        lines += _text_movements(moved, limit)
    s = d.standings
    if s is not None and (s.movements or s.note):
        if s.note:
            lines.append(f"  standings: {s.note}")
        else:
            after = f"after round {s.new_after}"
            if s.old_after != s.new_after:
                after += f" (before: after round {s.old_after})"
            lines.append(f"  standings {after}")
            lines += _text_movements(s, limit)
    return lines


def _text_movements(s: StandingsChange, limit: int) -> list[str]:
    rows = [f"    {m.name}: {_movement_text(m, s.unit)}" for m in s.movements]
    return _limited(rows, limit, "    ")


def _text_ratings(diff: FolderDiff, limit: int) -> list[str]:
    lines = []
    for club, moves in _clubs(diff.ratings):
        lines.append(f"club ratings ({club})")
        lines += _limited([f"  {_rating_text(r)}" for r in moves], limit, "  ")
    return lines


def ratings_summary(diff: FolderDiff, shown: int = 3) -> str:
    """The club-rating moves in one sentence: the biggest first."""
    if not diff.ratings:
        return ""
    moves = [f"{r.name} {_signed(r.change)} ({r.old} → {r.new})" for r in diff.ratings[:shown]]
    more = len(diff.ratings) - shown
    tail = f" and {more} more" if more > 0 else ""
    return f"club ratings move: {', '.join(moves)}{tail}"


def _series_title(s: SeriesChange) -> str:
    return f"{s.name} ({s.club})"


def _text_series(diff: FolderDiff, limit: int) -> list[str]:
    lines = []
    for s in diff.series:
        lines.append(f"series standings: {_series_title(s)}")
        rows = [f"  {m.name}: {_movement_text(m, UNIT)}" for m in s.movements]
        lines += _limited(rows, limit, "  ")
    return lines


TOOLS_WHY = (
    "this review was made with the base branch's tourney; read these files before "
    "running make on this change"
)


def render_text(diff: FolderDiff, limit: int = 20) -> str:
    lines = [f"tourney diff {diff.old_label} -> {diff.new_label}"]
    if diff.tools:
        lines.append(f"changes the tools: {', '.join(diff.tools)} ({TOOLS_WHY})")
    lines += [series_sentence(s) for s in diff.series]
    if diff.ratings:
        lines.append(ratings_summary(diff))
    if diff.entries:
        lines.append("club")
        lines += [f"  {_entry_text(e)}" for e in diff.entries]
    shown = [d for d in diff.tournaments if d.changed]
    for d in shown:
        lines += _text_tournament(d, limit)
    lines += _text_series(diff, limit)
    lines += _text_ratings(diff, limit)
    lines += [f"note: {n}" for n in diff.notes]
    if diff.files:  # not compared as data, so a reviewer reads them (docs/security.md)
        lines.append("files that are not tournament data")
        lines += [f"  {f.text()}" for f in diff.files]
    if not diff.changed:
        lines.append("no change to tournament data")
    return "\n".join(lines) + "\n"


# --- markdown ------------------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|#~])")
_LINE_BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def md(text: str) -> str:
    """User text made inert in Markdown: HTML escaped, Markdown punctuation backslashed.

    >>> md("<b>Smith</b> | *x*")
    '&lt;b&gt;Smith&lt;/b&gt; \\\\| \\\\*x\\\\*'
    """
    flat = _LINE_BREAKS.sub(" ", text)  # one line: no heading or list forged by a line feed
    inert = _MD_SPECIAL.sub(r"\\\1", html.escape(flat, quote=False))
    return inert.replace("@", "@\u2060")  # a WORD JOINER after @: nobody is @mentioned


def _md_table(head: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(row) + " |" for row in rows]
    return [*out, ""]


def _md_tournament(d: TournamentDiff, limit: int) -> list[str]:
    lines = [f"### {md(d.folder)}: {md(d.name)} ({d.status})", ""]
    if d.status == "unchanged":
        return lines
    lines += [f"- {md(line)}" for line in d.summary]
    if d.summary:
        lines.append("")
    if d.paired:
        lines += [f"> **Warning:** {md(d.paired)}", ""]
    if d.results:
        lines.append("**Results**")
        lines.append("")
        lines += _md_table(
            ["round", "board", "white", "black", "was", "now", ""],
            [
                [
                    str(r.round),
                    r.board,
                    md(r.white_name),
                    md(r.black_name),
                    md(r.old or "-"),
                    f"**{md(r.new or '-')}**",
                    r.kind,
                ]
                for r in d.results
            ],
        )
    if d.pairings:
        lines += ["**Pairings**", ""]
        lines += [f"- round {p.round}: {md(p.text)}" for p in d.pairings] + [""]
    if d.entries:
        lines += ["**Players, teams and settings**", ""]
        lines += [f"- {md(_entry_text(e, '→'))}" for e in d.entries] + [""]
    for moved in d.rounds:
        title = f"**Standings after round {moved.new_after}**"
        lines += _md_standings(title, moved, limit)
    s = d.standings
    if s is not None and s.note:
        lines += [f"Standings: {md(s.note)}", ""]
    elif s is not None and s.movements:
        lines += _md_standings(f"**Standings after round {s.new_after}**", s, limit)
    return lines


def _md_standings(title: str, s: StandingsChange, limit: int) -> list[str]:
    lines = [title, ""]
    movements: tuple[Movement, ...] = s.movements
    rows = [
        [
            md(m.name),
            _arrow(_rank(m.old_rank), _rank(m.new_rank)).replace("->", "→"),
            _arrow(points(m.old_points), points(m.new_points)).replace("->", "→"),
            md(", ".join(f"{c} {number(a)} → {number(b)}" for c, a, b in m.tiebreaks)),
        ]
        for m in (movements[:limit] if limit else movements)
    ]
    unit = "points" if s.unit == "pts" else s.unit
    lines += _md_table([s.ranked, "rank", unit, "tie-breaks"], rows)
    if limit and len(movements) > limit:
        lines += [f"... and {len(movements) - limit} more", ""]
    return lines


def _md_ratings(diff: FolderDiff, limit: int) -> list[str]:
    lines: list[str] = []
    for club, moves in _clubs(diff.ratings):
        lines += [f"**Club ratings** ({md(club)})", ""]
        rows = [
            [md(r.name), r.period, f"{r.old} → {r.new}", _signed(r.change)]
            for r in (moves[:limit] if limit else moves)
        ]
        lines += _md_table(["member", "time control", "rating", "change"], rows)
        if limit and len(moves) > limit:
            lines += [f"... and {len(moves) - limit} more", ""]
    return lines


def _md_series(diff: FolderDiff, limit: int) -> list[str]:
    lines: list[str] = []
    for s in diff.series:
        lines += [f"**Series standings**: {md(_series_title(s))}", ""]
        rows = [
            [
                md(m.name),
                _arrow(_rank(m.old_rank), _rank(m.new_rank)).replace("->", "→"),
                _arrow(points(m.old_points), points(m.new_points)).replace("->", "→"),
            ]
            for m in (s.movements[:limit] if limit else s.movements)
        ]
        lines += _md_table(["name", "rank", "points"], rows)
        if limit and len(s.movements) > limit:
            lines += [f"... and {len(s.movements) - limit} more", ""]
    return lines


def render_markdown(diff: FolderDiff, limit: int = 20) -> str:
    lines = []
    if diff.tools:  # first: what this review cannot vouch for (docs/security.md "The review")
        named = ", ".join(f"`{md(path)}`" for path in diff.tools)
        lines += [f"**This pull request changes the tools:** {named} ({md(TOOLS_WHY)})", ""]
    lines += [
        f"## tourney diff: {md(diff.old_label)} → {md(diff.new_label)}",
        "",
    ]
    lines += [f"- {md(series_sentence(s))}" for s in diff.series]
    if diff.series:
        lines.append("")
    if diff.ratings:
        lines += [md(ratings_summary(diff)), ""]
    if diff.entries:
        lines += ["**Club**", ""] + [f"- {md(_entry_text(e, '→'))}" for e in diff.entries] + [""]
    for d in diff.tournaments:
        if d.changed:
            lines += _md_tournament(d, limit)
    lines += _md_series(diff, limit)
    lines += _md_ratings(diff, limit)
    for note in diff.notes:
        lines += [f"Note: {md(note)}", ""]
    if diff.files:  # not compared as data, so a reviewer reads them (docs/security.md)
        lines += ["**Files that are not tournament data**", ""]
        lines += [f"- {md(f.text())}" for f in diff.files] + [""]
    if not diff.changed:
        lines += ["No change to tournament data.", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


# --- json ----------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    if isinstance(value, Fraction):
        return number(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def as_json(diff: FolderDiff) -> dict[str, Any]:
    data: dict[str, Any] = _plain(dataclasses.asdict(diff))
    for entry, source in zip(data["tournaments"], diff.tournaments, strict=True):
        for row, change in zip(entry["results"], source.results, strict=True):
            row["kind"] = change.kind
    data["changed"] = diff.changed
    data["tools"] = list(diff.tools)
    return data


RENDERERS: dict[str, Callable[[FolderDiff, int], str]] = {
    "text": render_text,
    "markdown": render_markdown,
    "json": lambda diff, limit: json.dumps(as_json(diff), ensure_ascii=False, indent=1) + "\n",
}
