"""The engine's working (tie-break steps, notes, team ratings) in the page's language.

``tourney.engine`` explains its numbers in English text ("b win v Kok, Jan",
"opponent's score 5/2 x 1", "place 1 of 3 by direct encounter"): it knows
nothing of pages or languages. This module reads such a line back by its pattern
and says it again through the catalog, translating the words inside it too (the
outcome, the colour, a nested note). In English every line is returned as it is.
A line no pattern knows stays English: tests/test_i18n.py builds every example
in a pseudo-language and fails on any such line a page shows.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tourney.i18n import N_, catalog, pgettext
from tourney.i18n import gettext as _

# Whole lines the engine writes as they are (some are messages of render/ too).
_EXACT = (
    N_("opponent's score"),
    N_("dummy opponent with the participant's own score"),
    N_("not tied"),
    N_("score after the round"),
    N_("pairing number"),
    N_("a team tie-break: team events only"),
    N_("no rated game over the board"),
    N_("no game over the board"),
    N_("dropped: unrated players take part (C.07 10)"),
    N_("rating"),
    N_("lower is better: points on higher boards"),
    N_("boards won"),
    N_("boards won over the board"),
    N_("primary score"),
    N_("secondary score"),
    N_("board count"),
    N_("absent"),
    N_("pending"),
    N_("unrated"),
    N_("results not counted"),
    N_("remaining games forfeited"),
    # model.TeamRatingMethod, in "olympiad: (...) / 4 = 2021.5"
    N_("olympiad"),
    N_("first-boards"),
    N_("roster"),
    N_("typed"),
    N_("us-31c"),
    N_("us-31c1"),
    # engine/tiebreaks/club.py, the club rules' tie-breaks
    N_("no opponent: a virtual opponent with the player's own score"),
    N_("a bye adds nothing"),
    N_("a no-contest adds nothing"),
    N_("not won or drawn"),
    N_("a bye is no win"),
    N_("not applied: the tied players did not all meet each other equally often"),
    N_("not applied: their results against each other do not separate them all"),
)


def _colour(letter: str) -> str:
    if letter == "w":
        return pgettext("colour letter", "w")
    if letter == "b":
        return pgettext("colour letter", "b")
    return letter


# Words inside a line that are translated on their own before the line is put together.
_PARTS: dict[str, Callable[[str], str]] = {
    "colour": _colour,
    "outcome": _,
    "note": lambda text: working_text(text),
    "name": _,
    "method": _,
}

# (pattern, message): the pattern's named groups fill the message's placeholders.
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), message)
    for pattern, message in (
        (
            r"(?P<colour>[wb-]) (?P<outcome>[a-z?-]+) v (?P<opponent>.+)",
            N_("{colour} {outcome} v {opponent}"),
        ),
        (r"v (?P<opponent>.+), no result yet", N_("v {opponent}, no result yet")),
        (
            r"v (?P<opponent>.+) (?P<score>[\d.]+-[\d.]+) \(forfeit\)",
            N_("v {opponent} {score} (forfeit)"),
        ),
        (r"v (?P<opponent>.+) (?P<score>[\d.]+-[\d.]+)", N_("v {opponent} {score}")),
        (r"(?P<note>.+) (?P<a>-?[\d/.]+) x (?P<b>-?[\d/.]+)", N_("{note} {a} x {b}")),
        (
            r"opponent's score with (?P<count>\d+) round\(s\) counted as draws",
            N_("opponent's score with {count} round(s) counted as draws"),
        ),
        (
            r"opponent's score (?P<score>\S+) >= (?P<limit>\S+)",
            N_("opponent's score {score} >= {limit}"),
        ),
        (
            r"opponent's score (?P<score>\S+) < (?P<limit>\S+)",
            N_("opponent's score {score} < {limit}"),
        ),
        (
            r"dummy opponent capped at the scheduled opponent's adjusted score (?P<cap>\S+)",
            N_("dummy opponent capped at the scheduled opponent's adjusted score {cap}"),
        ),
        (
            r"dummy opponent capped at a draw in every round, (?P<cap>\S+)",
            N_("dummy opponent capped at a draw in every round, {cap}"),
        ),
        (
            r"scored (?P<score>\S+) against the tied players: "
            r"place (?P<place>\d+) of (?P<count>\d+)",
            N_("scored {score} against the tied players: place {place} of {count}"),
        ),
        (r"opponent's (?P<name>.+)", N_("opponent's {name}")),
        (r"limit (?P<limit>\S+)", N_("limit {limit}")),
        (
            r"place (?P<place>\d+) of (?P<count>\d+) by direct encounter",
            N_("place {place} of {count} by direct encounter"),
        ),
        (
            r"place (?P<place>\d+) of (?P<count>\d+) by (?P<name>.+)",
            N_("place {place} of {count} by {name}"),
        ),
        (r"place (?P<place>\d+) of (?P<count>\d+)", N_("place {place} of {count}")),
        (r"average of (?P<count>\d+) opponents", N_("average of {count} opponents")),
        (r"average (?P<value>\S+)", N_("average {value}")),
        (r"scored (?P<score>\S+)", N_("scored {score}")),
        (r"score (?P<score>\S+)", N_("score {score}")),
        (r"an opponent has no (?P<name>.+)", N_("an opponent has no {name}")),
        (
            r"secondary score (?P<own>\S+) \+ Buchholz (?P<bh>\S+) / (?P<factor>\S+)",
            N_("secondary score {own} + Buchholz {bh} / {factor}"),
        ),
        (r"board (?P<board>\d+): (?P<points>\S+) points", N_("board {board}: {points} points")),
        (r"step (?P<step>\d+)", N_("step {step}")),
        (r"top boards (?P<count>\d+)", N_("top boards {count}")),
        (r"bottom boards (?P<count>\d+)", N_("bottom boards {count}")),
        (r"(?P<bye>pab|full|half|zero) bye", N_("{bye} bye")),
        (
            r"(?P<method>[a-z0-9-]+): \((?P<terms>.+)\) / (?P<count>\d+) = (?P<value>\S+)",
            N_("{method}: ({terms}) / {count} = {value}"),
        ),
        (r"(?P<method>[a-z0-9-]+): no rating", N_("{method}: no rating")),
        (r"typed: (?P<value>\S+)", N_("typed: {value}")),
        (
            r"withdrew after round (?P<after>\d+) having played (?P<played>\d+) of "
            r"(?P<scheduled>\d+) games: (?P<what>[a-z ]+) \((?P<rule>.+)\)",
            N_(
                "withdrew after round {after} having played {played} of {scheduled} games: {what} ({rule})"
            ),
        ),
    )
)

# The team byes of "{bye} bye" (model.ByeKind values)
_BYES = (N_("pab"), N_("full"), N_("half"), N_("zero"))
_PARTS["bye"] = _
_PARTS["what"] = _
_PARTS["rule"] = _


def working_text(text: str) -> str:
    """``text`` from the engine in the current language (English: unchanged)."""
    if not text or catalog.current() == "en":
        return text
    if text in _EXACT or text in _KNOWN:
        return _(text)
    for pattern, message in _PATTERNS:
        found = pattern.fullmatch(text)
        if found is not None:
            parts = {
                key: _PARTS[key](value) if key in _PARTS else value
                for key, value in found.groupdict().items()
            }
            return _(message).format(**parts)
    return _(text)  # a whole line that is a message elsewhere (a bye's name), or English


# Bye names and other render/ messages the engine also writes as whole lines.
_KNOWN = frozenset(
    (
        "pairing-allocated bye",
        "full-point bye",
        "half-point bye",
        "zero-point bye",
        "absent",
    )
)
