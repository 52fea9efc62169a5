"""The registry of tie-breaks, ``TIEBREAKS``, and the default lists per format.

Adding a tie-break is adding one entry. Each entry names its C.07 article.
The entries work on participant ids, so the individual ones also serve team
events: there they run on the team table of the descriptor's score (``:MP``,
``:GP``, the primary score by default; see ``prepared``). Team-only entries
(MPTS, GPTS, MPVGP, EDE and its finishes, BB/BC, TBR, BBE, the extended
Sonneborn-Bergers, SSSC) have ``team_only`` set.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tourney.engine.tiebreaks.base import (
    Compute,
    Context,
    GroupCompute,
    Tiebreak,
    Value,
    with_score,
)
from tourney.engine.tiebreaks.descriptor import Descriptor, parse_list
from tourney.model import Format, PrimaryScore


class _Family:
    """A module of tie-break functions, imported when one of them is first called: a
    command that only reads a folder's tie-break list (``tourney check``) needs the
    registry's codes and modifiers, not the computations (docs/robustness.md, "Start-up")."""

    def __init__(self, name: str) -> None:
        self._name = f"tourney.engine.tiebreaks.{name}"

    def __getattr__(self, function: str) -> Callable[..., Any]:
        name = self._name
        found: list[Callable[..., Any]] = []

        def call(*args: Any) -> Any:
            if not found:
                found.append(getattr(importlib.import_module(name), function))
            return found[0](*args)

        call.__qualname__ = call.__name__ = function
        return call


if TYPE_CHECKING:
    from tourney.engine.tiebreaks import (
        buchholz,
        club,
        counts,
        direct,
        ratings,
        sonneborn,
        team_boards,
        team_direct,
        team_sb,
    )
else:
    buchholz, club, counts, direct, ratings = map(
        _Family, ("buchholz", "club", "counts", "direct", "ratings")
    )
    sonneborn, team_boards, team_direct, team_sb = map(
        _Family, ("sonneborn", "team_boards", "team_direct", "team_sb")
    )

CUTS = frozenset({"C", "M"})

TIEBREAKS: dict[str, Tiebreak] = {
    t.code: t
    for t in (
        Tiebreak("PTS", "Points", "", compute=counts.points),
        Tiebreak(
            "DE",
            "Direct encounter",
            "6",
            group=direct.direct_encounter,
            team_group=team_direct.extended_direct_encounter,
            ascending=True,
            modifiers=frozenset({"P"}),
        ),
        Tiebreak(
            "EDE",
            "Extended direct encounter (individual: direct encounter)",
            "13.3",
            group=direct.direct_encounter,
            team_group=team_direct.extended_direct_encounter,
            ascending=True,
            modifiers=frozenset({"P"}),
        ),
        *(
            Tiebreak(
                code,
                f"Extended direct encounter, then {finish}",
                "13.3.2",
                team_group=team_direct.extended_direct_encounter,
                ascending=True,
                modifiers=frozenset({"P"}),
                team_only=True,
            )
            for code, finish in (
                ("EDEC", "the board count of the match"),
                ("EDET", "its top boards"),
                ("EDEB", "its bottom-board elimination"),
                ("EDEBT", "its board count and top boards"),
                ("EDEBB", "its board count and bottom-board elimination"),
            )
        ),
        Tiebreak(
            "WIN",
            "Number of wins",
            "7.1",
            compute=counts.wins,
            team_compute=team_boards.wins,
        ),
        Tiebreak(
            "WON",
            "Number of games won",
            "7.2",
            compute=counts.games_won,
            team_compute=team_boards.games_won,
        ),
        Tiebreak("BPG", "Number of games played with Black", "7.3", compute=counts.black_games),
        Tiebreak("BWG", "Number of games won with Black", "7.4", compute=counts.black_wins),
        Tiebreak("PS", "Progressive scores", "7.5", compute=counts.progressive, modifiers=CUTS),
        Tiebreak(
            "REP", "Rounds one elected to play (formerly GE)", "7.6", compute=counts.rounds_elected
        ),
        Tiebreak("STD", "Standard points", "7.7", compute=counts.standard_points),
        Tiebreak(
            "TPN",
            "Tournament pairing number",
            "7.8",
            compute=counts.pairing_number,
            ascending=True,
            modifiers=frozenset({"R"}),
        ),
        Tiebreak("BH", "Buchholz", "8.1", compute=buchholz.buchholz, modifiers=CUTS | {"P"}),
        Tiebreak(
            "AOB",
            "Average of opponents' Buchholz",
            "8.2",
            compute=buchholz.average_of_opponents_buchholz,
            decimals=2,
            modifiers=frozenset({"F", "P"}),
        ),
        Tiebreak(
            "FB", "Fore Buchholz", "8.3", compute=buchholz.fore_buchholz, modifiers=CUTS | {"P"}
        ),
        Tiebreak(
            "SB",
            "Sonneborn-Berger",
            "9.1",
            compute=sonneborn.sonneborn_berger,
            modifiers=CUTS | {"P", "B"},
        ),
        Tiebreak("KS", "Koya system", "9.2", compute=sonneborn.koya, modifiers=frozenset({"L"})),
        Tiebreak(
            "ARO",
            "Average rating of opponents",
            "10.1",
            compute=ratings.average_rating,
            decimals=0,
            modifiers=CUTS | {"U"},
        ),
        Tiebreak(
            "TPR",
            "Tournament performance rating",
            "10.2",
            compute=ratings.performance,
            decimals=0,
            modifiers=frozenset({"U"}),
        ),
        Tiebreak(
            "PTP",
            "Perfect tournament performance",
            "10.3",
            compute=ratings.perfect_performance,
            decimals=0,
            modifiers=frozenset({"U"}),
        ),
        Tiebreak(
            "APRO",
            "Average performance rating of opponents",
            "10.4",
            compute=ratings.average_performance,
            decimals=0,
            modifiers=frozenset({"U"}),
        ),
        Tiebreak(
            "APPO",
            "Average perfect performance of opponents",
            "10.5",
            compute=ratings.average_perfect_performance,
            decimals=0,
            modifiers=frozenset({"U"}),
        ),
        Tiebreak("RTNG", "Rating", "10.6", compute=ratings.rating, modifiers=frozenset({"R", "U"})),
        # Team events (C.07 Art. 12 and 13).
        *(
            Tiebreak(code, name, "13.1", team_compute=compute_, team_only=True)
            for code, name, compute_ in (
                ("MPTS", "Match points", team_boards.match_points),
                ("MP", "Match points", team_boards.match_points),
                ("GPTS", "Game points", team_boards.game_points),
                ("GP", "Game points", team_boards.game_points),
                ("MPVGP", "The other score (secondary)", team_boards.secondary_score),
            )
        ),
        *(
            Tiebreak(
                code,
                "Board count (board points weighted by board)",
                "12.1",
                team_compute=team_boards.board_count,
                ascending=True,
                team_only=True,
            )
            for code in ("BB", "BC")
        ),
        Tiebreak(
            "TBR",
            "Top board result",
            "12.2",
            team_group=team_boards.top_board_result,
            ascending=True,
            team_only=True,
        ),
        Tiebreak(
            "BBE",
            "Bottom board elimination",
            "12.3",
            team_group=team_boards.bottom_board_elimination,
            ascending=True,
            team_only=True,
        ),
        *(
            Tiebreak(
                code,
                f"Extended Sonneborn-Berger ({which})",
                article,
                team_compute=team_sb.extended_sonneborn_berger,
                modifiers=CUTS | {"P"},
                team_only=True,
            )
            for code, which, article in (
                ("EMMSB", "opponents' match points x own match points", "13.2.1"),
                ("EMGSB", "opponents' match points x own game points", "13.2.2"),
                ("EGMSB", "opponents' game points x own match points", "13.2.3"),
                ("EGGSB", "opponents' game points x own game points", "13.2.4"),
            )
        ),
        Tiebreak(
            "SSSC",
            "Score and schedule strength combination",
            "13.4",
            team_compute=team_sb.score_strength,
            decimals=2,
            modifiers=frozenset({"P", "F", "K"}),
            team_only=True,
        ),
        # The club rules (engine/tiebreaks/club.py): their own definitions, no C.07 article.
        Tiebreak(
            "CBH",
            "Buchholz (club rules: a bye counts the player's own score)",
            "",
            compute=club.buchholz,
        ),
        Tiebreak(
            "CSB",
            "Sonneborn-Berger (club rules: byes and no-contests add nothing)",
            "",
            compute=club.sonneborn_berger,
        ),
        Tiebreak(
            "CDE",
            "Direct encounter (club rules: only when all met equally often and are all separated)",
            "",
            group=club.direct_encounter,
            ascending=True,
        ),
        Tiebreak("CWIN", "Number of wins (club rules: byes never count)", "", compute=club.wins),
        # Helpers of FIDE's tie-break checker, to locate where a Buchholz differs.
        Tiebreak(
            "VUR",
            "Voluntarily unplayed rounds (helper)",
            "16.1.2",
            compute=counts.voluntarily_unplayed,
        ),
        Tiebreak(
            "ABH",
            "Adjusted score seen by opponents (helper)",
            "16.3",
            compute=buchholz.adjusted_score,
        ),
        Tiebreak(
            "AFB",
            "Adjusted score for Fore Buchholz (helper)",
            "16.3, 8.3",
            compute=buchholz.adjusted_fore_score,
        ),
    )
}

# FIDE mode (docs/results.md): round robin DE SB WIN KS; Swiss BH-C1 BH SB DE WIN.
FIDE_DEFAULTS: dict[bool, str] = {True: "DE, SB, WIN, KS", False: "BH/C1, BH, SB, DE, WIN"}
# The club rules: points, Buchholz, Sonneborn-Berger, direct encounter, wins, pairing
# number; round robins skip Buchholz (the definitions: engine/tiebreaks/club.py).
CLUB: dict[bool, str] = {True: "CSB, CDE, CWIN, TPN", False: "CBH, CSB, CDE, CWIN, TPN"}
# The named profiles of docs/tiebreaks.md, by round robin or not; "classic" is the
# club profile's older name.
PRESETS: dict[str, dict[bool, str]] = {"fide": FIDE_DEFAULTS, "club": CLUB, "classic": CLUB}
# Team events, after the primary score (``{other}``: the secondary score, GP when match
# points are primary). The default is docs/results.md's, GP EDE EMGSB after match points;
# "fide" is FIDE's MP, GP, DE, BB, SB (docs/teams.md).
TEAM_DEFAULT = "{other}, EDE, EMGSB"
TEAM_PRESETS: dict[str, str] = {
    "fide": "{other}, DE, BB, SB",
    "club": TEAM_DEFAULT,
    "classic": TEAM_DEFAULT,
}


def defaults(
    fmt: Format, preset: str | None = None, primary: PrimaryScore = PrimaryScore.MATCH_POINTS
) -> tuple[Descriptor, ...]:
    """The tie-break list of a profile (``PRESETS``) for a format; None: the default.

    Team formats get the team list, after the primary score ``primary``; their
    default is ``TEAM_DEFAULT``, an individual event's the FIDE list.
    """
    if fmt.is_team:
        other = "MP" if primary is PrimaryScore.GAME_POINTS else "GP"
        listed = TEAM_PRESETS[preset] if preset is not None else TEAM_DEFAULT
        return parse_list(listed.format(other=other))
    return parse_list(PRESETS[preset or "fide"][fmt.is_round_robin])


def lookup(descriptor: Descriptor) -> Tiebreak:
    """The registry entry; raises KeyError for an unknown name."""
    return TIEBREAKS[descriptor.name]


def _undefined(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    return {pid: Value(None, note="a team tie-break: team events only") for pid in ctx.table}


def prepared(
    ctx: Context, descriptor: Descriptor
) -> tuple[Context, Compute | None, GroupCompute | None]:
    """The context a descriptor is computed in, and its whole-field or group function.

    In a team event the context's table is the descriptor's score (``:MP`` /
    ``:GP``, else the primary score) and the team versions win; ``/V1`` and
    ``/V2`` choose the C.07 edition.
    """
    entry = lookup(descriptor)
    sub = with_score(ctx, descriptor.score, descriptor.edition)
    if ctx.teams is not None and (entry.team_compute or entry.team_group):
        return sub, _once(entry.team_compute), _once_group(entry.team_group)
    if ctx.teams is None and entry.team_only:
        return sub, _undefined, None
    return sub, _once(entry.compute), _once_group(entry.group)


def _once(whole: Compute | None) -> Compute | None:
    """``whole``, computed once per context and descriptor (read-only values)."""
    if whole is None:
        return None
    found = _WHOLE.get(whole)
    if found is None:

        def found(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
            key = ("values", whole, descriptor)
            values: Mapping[str, Value] = ctx.cached(
                key, lambda: MappingProxyType(dict(whole(ctx, descriptor)))
            )
            return values

        _WHOLE[whole] = found
    return found


def _once_group(group: GroupCompute | None) -> GroupCompute | None:
    """``group``, computed once per context, descriptor and group (read-only values)."""
    if group is None:
        return None
    found = _GROUP.get(group)
    if found is None:

        def found(
            ctx: Context, descriptor: Descriptor, members: Sequence[str]
        ) -> Mapping[str, Value]:
            key = ("group", group, descriptor, tuple(members))
            values: Mapping[str, Value] = ctx.cached(
                key, lambda: MappingProxyType(dict(group(ctx, descriptor, members)))
            )
            return values

        _GROUP[group] = found
    return found


_WHOLE: dict[Compute, Compute] = {}
_GROUP: dict[GroupCompute, GroupCompute] = {}


def compute(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """Every participant's value of a tie-break that is not type A.

    A type A tie-break (DE) is computed over the whole field as one group here;
    standings apply it to each tied group instead.
    """
    sub, whole, group = prepared(ctx, descriptor)
    if whole is not None:
        return whole(sub, descriptor)
    assert group is not None
    members: Sequence[str] = list(sub.table)
    return group(sub, descriptor, members)
