"""The registry of tie-breaks, ``TIEBREAKS``, and the default lists per format.

Adding a tie-break is adding one entry. Each entry names its C.07 article.
Team tie-breaks (MP, GP, EDE on match points, BB, ...) come with the team
issue; the entries here already work on participant ids, not on players.
"""

from __future__ import annotations

from collections.abc import Mapping

from tourney.engine.tiebreaks import buchholz, counts, direct, ratings, sonneborn
from tourney.engine.tiebreaks.base import Context, Tiebreak, Value
from tourney.engine.tiebreaks.descriptor import Descriptor, parse_list
from tourney.model import Format

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
            ascending=True,
            modifiers=frozenset({"P"}),
        ),
        Tiebreak(
            "EDE",
            "Extended direct encounter (individual: direct encounter)",
            "13.3",
            group=direct.direct_encounter,
            ascending=True,
            modifiers=frozenset({"P"}),
        ),
        Tiebreak("WIN", "Number of wins", "7.1", compute=counts.wins),
        Tiebreak("WON", "Number of games won", "7.2", compute=counts.games_won),
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
            modifiers=CUTS | {"P"},
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

# FIDE mode (seed 003): round robin DE SB WIN KS; Swiss BH-C1 BH SB DE WIN.
FIDE_DEFAULTS: dict[bool, str] = {True: "DE, SB, WIN, KS", False: "BH/C1, BH, SB, DE, WIN"}
# Seed 002: points, Buchholz, Sonneborn-Berger, direct encounter, wins, seed;
# round robins skip Buchholz. Byes never count as wins there, hence WON.
PRESETS: dict[str, dict[bool, str]] = {
    "fide": FIDE_DEFAULTS,
    "classic": {True: "SB, DE, WON, TPN", False: "BH, SB, DE, WON, TPN"},
}


def defaults(fmt: Format, preset: str = "fide") -> tuple[Descriptor, ...]:
    """The default tie-break list of a format (``preset``: "fide" or "classic")."""
    return parse_list(PRESETS[preset][fmt.is_round_robin])


def lookup(descriptor: Descriptor) -> Tiebreak:
    """The registry entry; raises KeyError for an unknown name."""
    return TIEBREAKS[descriptor.name]


def compute(ctx: Context, descriptor: Descriptor) -> Mapping[str, Value]:
    """Every participant's value of a tie-break that is not type A.

    A type A tie-break (DE) is computed over the whole field as one group here;
    standings apply it to each tied group instead.
    """
    entry = lookup(descriptor)
    if entry.compute is not None:
        return entry.compute(ctx, descriptor)
    assert entry.group is not None
    return entry.group(ctx, descriptor, list(ctx.table))
