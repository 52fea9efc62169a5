"""``tourney standings``'s use case: standings with FIDE C.07 tie-breaks of a folder or a
TRF file, and their JSON rows (``--format json``).

The standings are the evaluation's (``tourney.engine.evaluation``), computed once; a
``--tiebreaks`` list or preset replaces the folder's own for this table only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from tourney import number_text
from tourney.engine.evaluation import Evaluation, evaluate
from tourney.engine.standings import Standings, stated_ranks
from tourney.engine.teams.standings import TeamStandings
from tourney.engine.tiebreaks import PRESETS, TIEBREAKS, DescriptorError, defaults, lookup
from tourney.engine.tiebreaks.descriptor import parse_list
from tourney.errors import Diagnostic, InvalidInput
from tourney.model import Descriptor, TiebreakRules, Tournament
from tourney.records import dataclass


def _decimal(value: Fraction | None, decimals: int | None = None) -> str | None:
    return None if value is None else number_text.decimal(value, decimals)


def read_source(
    source: Path, warn: Callable[[tuple[Diagnostic, ...]], object] = lambda warnings: None
) -> Tournament:
    """The tournament of a TRF file or a folder (checked as every command checks it);
    ``warn`` sees its warnings. ``InvalidInput`` with every error."""
    if source.is_file() or source.suffix.lower() == ".trf":
        from tourney.load.trf import parse_trf

        try:
            data = source.read_bytes()
        except OSError as error:
            raise InvalidInput(
                [Diagnostic(str(source), 0, 0, f"cannot read: {error}", code="E100")]
            ) from error
        read = parse_trf(data, str(source))
        warn(tuple(read.warnings))
        return read.tournament
    from tourney.app.folder import open_tournament  # lazily: the folder loader is separate

    t, warnings = open_tournament(source)  # the checks of every command (docs/diagnostics.md)
    warn(warnings)
    return t


@dataclass(frozen=True, slots=True)
class Computed:
    """The standings asked for; ``teams`` in a team event (``standings`` is then its
    ``TeamStandings.standings``); the evaluation they come from."""

    standings: Standings
    teams: TeamStandings | None
    evaluation: Evaluation

    @property
    def last_decided(self) -> int:
        """The last round with every result."""
        return self.evaluation.last_decided

    @property
    def final(self) -> bool:
        """Whether these are the final standings (``Evaluation.final``)."""
        return self.evaluation.final(self.standings.after)


def compute(t: Tournament, after: int | None, codes: str | None, rules: str | None) -> Computed:
    """Standings after round ``after`` (None: the last), under ``codes`` (C.07 codes
    separated by commas, or a preset of ``PRESETS``; None: the folder's). Raises
    ``DescriptorError`` for a malformed tie-break, ``KeyError`` for an unknown one."""
    tiebreaks: tuple[Descriptor, ...] | None = None
    if codes is not None and codes.strip().lower() in PRESETS:
        tiebreaks = defaults(
            t.settings.format, codes.strip().lower(), primary=t.settings.scoring.primary
        )
    elif codes is not None:
        tiebreaks = parse_list(codes)  # read once; the engine is handed descriptors
    evaluation = evaluate(t)  # computed once; the table and JSON read it
    edition = TiebreakRules(rules) if rules else None
    if t.is_team:
        teams = evaluation.team_standings(after, tiebreaks=tiebreaks, rules=edition)
        return Computed(teams.standings, teams, evaluation)
    result = evaluation.standings(after, tiebreaks=tiebreaks, rules=edition)
    return Computed(result, None, evaluation)


def decimals(result: Standings) -> list[int | None]:
    """How many decimals each tie-break of ``result`` shows (C.07's own, e.g. ARO 0)."""
    return [lookup(descriptor).decimals for descriptor in result.tiebreaks]


def articles(result: Standings) -> list[str]:
    """The C.07 article of each tie-break of ``result``."""
    return [lookup(descriptor).article for descriptor in result.tiebreaks]


def json_text(computed: Computed, official: dict[str, int] | None = None) -> str:
    """``--format json``: the document of the site's standings.json (docs/site.md), for an
    individual or a team event alike; each row adds ``official_rank`` where an imported
    TRF stated one (``official_ranks``)."""
    # the site's document code (and its views): only this form needs it, not the table
    from tourney.i18n import catalog
    from tourney.render.site.event import EventData
    from tourney.render.site.overview import standings_document, team_standings_document

    data = EventData(computed.evaluation)
    with catalog.language("en"):  # a data file reads the same in every language
        if computed.teams is not None:
            document = team_standings_document(data, computed.teams)
        else:
            document = standings_document(data, computed.standings)
    rows = document["rows"]
    assert isinstance(rows, list)
    for row in rows:
        if official and row["id"] in official:
            row["official_rank"] = official[row["id"]]
    return json.dumps(document, ensure_ascii=False, indent=1)


def official_ranks(t: Tournament, codes: str | None, after: int | None) -> dict[str, int]:
    """The ranks an imported TRF stated (docs/trf.md), shown until the folder names its
    tie-breaks: only for the whole event under the default tie-breaks."""
    if codes is not None or after is not None:
        return {}
    return stated_ranks(t)


__all__ = [
    "PRESETS",
    "TIEBREAKS",
    "Computed",
    "DescriptorError",
    "Standings",
    "TeamStandings",
    "articles",
    "compute",
    "decimals",
    "json_text",
    "official_ranks",
    "read_source",
]
