"""Where and when team matches are played: ``venue:`` and a match's ``date:``.

A venue may be written at three levels, the most specific winning
(docs/teams.md "Venues, dates and times"):

* teams.yaml, a team's ``venue:``: its home venue, where the matches it hosts
  (the team named first in the match) are played;
* a round: tournament.yaml's ``round_venues: {7: ...}`` (known before the round is
  paired) or the round file's ``venue:``, which wins: every match of the round
  is played there;
* a match of a round file: its own ``venue:``.

A match's ``date:`` is spelled as a round file's (``2026-10-10`` or
``2026-10-10 14:30``, load/starts.py) and moves that match alone. Venues are
for team events: an individual event's place is tournament.yaml's ``place``.
"""

from __future__ import annotations

import datetime as dt
import unicodedata

from yaml.nodes import MappingNode, Node, ScalarNode

from tourney.load import text_safety
from tourney.load.fields import Fields, Report, kind_of
from tourney.load.yamlsource import scalar_value

VENUE_HINT = "a venue is one line of text: the place's name and town, 'Clubhuis De Toren, Utrecht'"
TIME_KEY_HINT = "write the start time after the day, in one value: 'date: 2026-10-10 14:30'"


def venue_text(report: Report, file: str, node: Node, what: str) -> str:
    """The venue written in ``node`` ("" for nothing), or "" with E414 when it is not
    one line of plain text."""
    value = scalar_value(node) if isinstance(node, ScalarNode) else None
    if not isinstance(node, ScalarNode):
        report.error(
            file, node, f"{what} must be one line of text, not {kind_of(node)}", VENUE_HINT, "E414"
        )
        return ""
    if value is None:
        return ""
    text = str(node.value) if isinstance(value, bool | dt.date) else str(value)
    if bad := text_safety.problem(text):
        report.error(file, node, f"{what} {bad}", VENUE_HINT, code="E414")
        return ""
    return unicodedata.normalize("NFC", " ".join(text.split()))


def read_venue(f: Fields, team_event: bool, where: str) -> str:
    """``venue:`` of ``f`` (a team, a round file, a match); E417 outside a team event."""
    node = f.values.get("venue")
    if node is None:
        return ""
    if not team_event:
        f.error(
            f.key_nodes["venue"],
            f"'venue' in {where} is for team events",
            "an individual event's place is tournament.yaml's 'place' (docs/folder-format.md)",
            code="E417",
        )
        return ""
    return venue_text(f.report, f.file, node, "'venue'")


def refuse_time_key(f: Fields, where: str) -> None:
    """E416: a ``time:`` key; a start time is written after its day (load/starts.py)."""
    if "time" in f.key_nodes:
        f.error(
            f.key_nodes["time"],
            f"'time' in {where}: a start time is written after its day",
            TIME_KEY_HINT,
            code="E416",
        )


def read_round_venues(f: Fields, team_event: bool, rounds: int) -> tuple[tuple[int, str], ...]:
    """tournament.yaml's ``round_venues: {4: Jaarbeurs, Utrecht}``: round -> venue, for
    a round played at one place (a central round), known before it is paired."""
    node = f.values.get("round_venues")
    if node is None or (isinstance(node, ScalarNode) and scalar_value(node) is None):
        return ()
    if not team_event:
        f.error(
            f.key_nodes["round_venues"],
            "'round_venues' is for team events",
            "an individual event's place is tournament.yaml's 'place' (docs/folder-format.md)",
            code="E417",
        )
        return ()
    if not isinstance(node, MappingNode):
        f.error(
            node,
            f"'round_venues' must map rounds to venues, not {kind_of(node)}",
            'round_venues: {4: "Jaarbeurs, Utrecht"}',
            code="E415",
        )
        return ()
    out: dict[int, str] = {}
    for key, value in node.value:
        number = scalar_value(key) if isinstance(key, ScalarNode) else None
        last = rounds or 99
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= last:
            f.error(
                key,
                f"'round_venues': {kind_of(key)} is not a round of the event",
                f"the rounds are 1 to {last}"
                + (" ('rounds' in tournament.yaml)" if rounds else ""),
                code="E415",
            )
            continue
        venue = venue_text(f.report, f.file, value, f"the venue of round {number}")
        if venue:
            out[number] = venue
    return tuple(sorted(out.items()))


def dates_outside(
    report: Report,
    file: str,
    dated: tuple[tuple[int, dt.date, Node], ...],
    start: dt.date | None,
    end: dt.date | None,
) -> None:
    """W271: a match dated before tournament.yaml's ``start_date`` or after its ``end_date``."""
    for number, day, node in dated:
        if (start is None or day >= start) and (end is None or day <= end):
            continue
        span = f"{start or '...'} to {end or '...'}"
        report.warning(
            file,
            node,
            f"match {number} is dated {day}, outside the event's dates ({span})",
            "a typing slip in the year or month? Else widen start_date/end_date in tournament.yaml",
            code="W271",
        )
