"""The validate stage: a folder read by ``tourney.load``, then every check of the whole tournament.

``validate(folder)`` is what every command runs first (check, pair, result,
build, print, trf export, serve, diff), so that they report the same
diagnostics for the same folder and an error stops each of them. Each check is
a small function in a module named for what it checks, registered in
``CHECKS``; each diagnostic has a stable code (E2xx errors, W2xx warnings,
docs/diagnostics.md).

Cascade control, so that one mistake gives one message:

* the checks of the whole tournament run only when the loader found no error:
  on a partial tournament (a file that did not parse, an unknown id) they would
  report what only follows from the loader's error. The checks of the folder's
  files (E205, and E207: a leftover journal of an interrupted command) always run;
* W203 (a result changed after a later round was paired from it) is dropped for
  a round that has E202 or W206 (a missing board or match changes its results too);
* W220 (the stored final standings differ) is dropped while any E2xx error
  stands: the standings follow from the error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from pathlib import Path

from tourney.check.boards import missing_board_diagnostics
from tourney.check.clubs import club_diagnostics
from tourney.check.comments import comment_diagnostics
from tourney.check.context import Context
from tourney.check.final import stale_final
from tourney.check.forbidden import no_club_warnings
from tourney.check.games import game_diagnostics
from tourney.check.journal import leftover_journal
from tourney.check.lineups import lineup_diagnostics
from tourney.check.names import guest_diagnostics, member_diagnostics, name_diagnostics
from tourney.check.paired_from import changed_after_pairing
from tourney.check.placeholders import placeholder_warnings
from tourney.check.rematch_rule import rematch_rule_diagnostics
from tourney.check.rematches import rematch_diagnostics
from tourney.check.round_files import unknown_round_files
from tourney.check.settings_lock import lock_diagnostics
from tourney.check.signups import joins_too_late, signup_notes
from tourney.errors import Diagnostic, InvalidInput
from tourney.load.folder import display, is_club, is_tournament, load
from tourney.load.sourcemap import SourceMap
from tourney.model import Club, Tournament
from tourney.records import dataclass

Check = Callable[[Context], list[Diagnostic]]


def _team_only(check: Callable[[Context], list[Diagnostic]]) -> Check:
    return lambda ctx: check(ctx) if ctx.tournament.is_team else []


# The checks of a whole tournament, in the order they report.
CHECKS: dict[str, Check] = {
    "rematches": rematch_diagnostics,
    "rematch rule": rematch_rule_diagnostics,
    "missing boards": missing_board_diagnostics,
    "board comments": comment_diagnostics,
    "results changed after pairing": changed_after_pairing,
    "line-ups": _team_only(lambda ctx: lineup_diagnostics(ctx.folder, ctx.tournament)),
    "teams without a club": _team_only(lambda ctx: club_diagnostics(ctx.tournament, ctx.folder)),
    "players without a club": lambda ctx: (
        [] if ctx.tournament.is_team else no_club_warnings(ctx.tournament, ctx.folder)
    ),
    "late entries": joins_too_late,
    "locked settings": lambda ctx: lock_diagnostics(ctx.folder, ctx.tournament, display),
    "final standings": lambda ctx: stale_final(ctx.folder, ctx.tournament),
    "games": game_diagnostics,
    "names entered twice": name_diagnostics,
}


@dataclass(frozen=True, slots=True)
class Validated:
    """A folder after the read and validate stages.

    ``tournament`` (or ``club``) is None when the loader could not build it;
    ``diagnostics`` holds the loader's and the checks' problems, errors and
    warnings, in file and line order; ``notes`` are not problems (sign-ups
    awaiting approval).
    """

    path: Path
    tournament: Tournament | None = None
    club: Club | None = None
    sources: SourceMap = field(default_factory=SourceMap)
    diagnostics: tuple[Diagnostic, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "error")

    @property
    def warnings(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity != "error")

    def folder(self) -> Tournament | Club:
        """The tournament or club; ``InvalidInput`` with every diagnostic on any error."""
        found = self.tournament or self.club
        if self.errors or found is None:
            raise InvalidInput(
                self.diagnostics
                or (
                    Diagnostic(
                        str(self.path),
                        0,
                        0,
                        "neither a tournament nor a club folder",
                        "a tournament folder holds tournament.yaml, a club folder club.yaml",
                        code="E403",
                    ),
                )
            )
        return found

    def require_tournament(self) -> Tournament:
        """The tournament; ``InvalidInput`` on any error, or when the folder is a club's."""
        found = self.folder()
        if not isinstance(found, Tournament):
            raise InvalidInput(
                [
                    Diagnostic(
                        display(self.path),
                        0,
                        0,
                        "this is a club folder; the command needs a tournament folder",
                        "name one of its tournament folders",
                        code="E403",
                    )
                ]
            )
        return found


def check_tournament(ctx: Context) -> list[Diagnostic]:
    """Every registered check of one tournament, with the cascade rules of the module."""
    found: list[Diagnostic] = []
    for check in CHECKS.values():
        found.extend(check(ctx))
    missing = {d.file for d in found if d.code in ("E202", "W206")}
    found = [d for d in found if not (d.code == "W203" and d.file in missing)]
    if any(d.severity == "error" for d in found):
        found = [d for d in found if d.code != "W220"]
    return found


def validate(path: Path, publishing: bool = False) -> Validated:
    """Read the folder (a tournament or a club) and run every check; never raises for bad input.

    ``publishing`` (``check`` and ``build``): also what must not reach the site, the
    starter's placeholders (W260); a command that only reads or writes data is not
    told of them."""
    loaded = load(path)
    diagnostics = list(loaded.diagnostics)
    notes: list[str] = []
    events: list[tuple[Path, Tournament | None, SourceMap]] = []
    if is_club(path):
        for entry in sorted(path.iterdir()) if path.is_dir() else []:
            if entry.is_dir() and is_tournament(entry):
                event = dict(loaded.club.tournaments).get(entry.name) if loaded.club else None
                events.append((entry, event, loaded.event_sources.get(entry.name, SourceMap())))
    else:
        events.append((path, loaded.tournament, loaded.sources))
    clean = not loaded.has_errors
    if not any(folder == path for folder, _, _ in events):
        diagnostics.extend(leftover_journal(path, display))  # a club folder's own
    if loaded.club is not None and clean:
        diagnostics.extend(member_diagnostics(loaded.club, loaded.member_sources))
    for folder, event, sources in events:
        diagnostics.extend(leftover_journal(folder, display, with_club=folder == path))
        diagnostics.extend(unknown_round_files(folder, display))
        if event is not None and clean:
            diagnostics.extend(check_tournament(Context(folder, event, sources)))
            if loaded.club is not None:
                context = Context(folder, event, sources)
                diagnostics.extend(guest_diagnostics(context, loaded.club, loaded.member_sources))
            if publishing:
                diagnostics.extend(placeholder_warnings(Context(folder, event, sources)))
        if event is not None:
            notes.extend(signup_notes(event))
    return Validated(
        path,
        tournament=loaded.tournament,
        club=loaded.club,
        sources=loaded.sources,
        diagnostics=tuple(sorted(diagnostics, key=Diagnostic.sort_key)),
        notes=tuple(notes),
    )


__all__ = ["CHECKS", "Validated", "check_tournament", "validate"]
