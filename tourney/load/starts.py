"""When a round starts: a date with an optional time (docs/folder-format.md, "Round start times").

One spelling everywhere a day may carry a time (tournament.yaml's ``round_dates``
and ``updated``, a round file's ``date``): ``2026-10-03`` or ``2026-10-03 19:30``
(24-hour clock, local time of the venue). A time alone would be ambiguous across
a schedule, so it always follows its day.
"""

from __future__ import annotations

import datetime as dt
import re

from yaml.nodes import Node, ScalarNode

from tourney.errors import Diagnostic
from tourney.load.fields import Report, kind_of
from tourney.load.yamlsource import scalar_value

_WITH_TIME = re.compile(r"\s*([0-9]{4}-[0-9]{2}-[0-9]{2})(?:T|\s+)(\S.*?)\s*")
_TIME = re.compile(
    r"([01]?[0-9]|2[0-3]):([0-5][0-9])(?::[0-5][0-9])?"
)  # seconds are read, not shown
EXPECTED = "a date (YYYY-MM-DD) or a date and time (YYYY-MM-DD HH:MM)"
TIME_HINT = "write the time as HH:MM on the 24-hour clock, after the date: 2026-10-03 19:30"


def read_start(
    report: Report, file: str, node: Node, what: str
) -> tuple[dt.date | None, dt.time | None]:
    """The day and time written in ``node``; (None, None) with a diagnostic when unreadable."""
    value = scalar_value(node) if isinstance(node, ScalarNode) else None
    if isinstance(value, dt.date):
        return value, None
    match = _WITH_TIME.fullmatch(value) if isinstance(value, str) else None
    if not isinstance(node, ScalarNode) or match is None:
        report.error(file, node, f"'{what}' must be {EXPECTED}, not {kind_of(node)}", code="E120")
        return None, None
    try:
        day = dt.date.fromisoformat(match.group(1))
    except ValueError:
        report.error(
            file, node, f"'{what}': there is no day {match.group(1)}", TIME_HINT, code="E126"
        )
        return None, None
    clock = _TIME.fullmatch(match.group(2))
    if clock is None:
        # point at the time itself: past an opening quote, then its place in the value
        line, col = node.start_mark.line + 1, node.start_mark.column + 1
        col += (node.style in ("'", '"')) + match.start(2)
        report.diagnostics.append(
            Diagnostic(
                file,
                line,
                col,
                f"'{what}': '{match.group(2)}' is not a time of day",
                TIME_HINT,
                code="E126",
            )
        )
        return None, None
    return day, dt.time(int(clock.group(1)), int(clock.group(2)))
