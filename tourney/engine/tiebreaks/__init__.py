"""FIDE C.07 tie-breaks (2024 edition and 2026 revision), one module per family.

``TIEBREAKS`` maps each code to its entry; ``parse_descriptor`` reads codes
with modifiers; ``make_context`` prepares a score table for one edition.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tourney.model import TiebreakRules, Tournament

if TYPE_CHECKING:
    from tourney.engine.scores import RoundViews
    from tourney.engine.teams.scores import TeamRound
    from tourney.engine.tiebreaks.base import Context, Step, Tiebreak, Value
    from tourney.engine.tiebreaks.descriptor import (
        Descriptor,
        DescriptorError,
        parse_descriptor,
        parse_list,
    )
    from tourney.engine.tiebreaks.edition import Edition, edition_for
    from tourney.engine.tiebreaks.registry import (
        FIDE_DEFAULTS,
        PRESETS,
        TEAM_PRESETS,
        TIEBREAKS,
        compute,
        defaults,
        lookup,
        prepared,
    )

# name -> the module that defines it, imported on first use (``__getattr__``): a module of
# this package imported alone (``checked``, ``descriptor``) does not load the others.
_WHERE = {
    **dict.fromkeys(("Context", "Step", "Tiebreak", "Value"), "base"),
    **dict.fromkeys(
        ("Descriptor", "DescriptorError", "parse_descriptor", "parse_list"), "descriptor"
    ),
    **dict.fromkeys(("Edition", "edition_for"), "edition"),
    **dict.fromkeys(
        (
            "FIDE_DEFAULTS",
            "PRESETS",
            "TEAM_PRESETS",
            "TIEBREAKS",
            "compute",
            "defaults",
            "lookup",
            "prepared",
        ),
        "registry",
    ),
}


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def make_context(
    tournament: Tournament,
    after: int | None = None,
    rules: TiebreakRules | None = None,
    views_of: RoundViews | None = None,
    team_views: Mapping[str, tuple[TeamRound, ...]] | None = None,
) -> Context:
    """The score table after round ``after`` and the C.07 edition that applies.

    A new context each call: a build computes each one once through its
    ``Evaluation`` (``tourney.engine.evaluation``), which keeps them and the
    tie-breaks computed on them. ``team_views``: a team event's rounds as far as
    known (``tourney.engine.teams.scores.team_tables``'s ``known``).
    """
    from tourney.engine.scores import last_decided_round, score_table
    from tourney.engine.teams.scores import team_tables
    from tourney.engine.tiebreaks.base import Context
    from tourney.engine.tiebreaks.edition import edition_for

    chosen = rules if rules is not None else tournament.settings.tiebreak_rules
    edition = edition_for(tournament.settings.start_date, chosen)
    if after is None:
        after = last_decided_round(tournament)
    if tournament.is_team:
        teams = team_tables(tournament, after, team_views)
        return Context(teams.table(), edition, teams=teams)
    return Context(score_table(tournament, after, views_of), edition)


__all__ = [
    "FIDE_DEFAULTS",
    "PRESETS",
    "TEAM_PRESETS",
    "TIEBREAKS",
    "Context",
    "Descriptor",
    "DescriptorError",
    "Edition",
    "Step",
    "Tiebreak",
    "Value",
    "compute",
    "defaults",
    "edition_for",
    "lookup",
    "make_context",
    "parse_descriptor",
    "parse_list",
    "prepared",
]
