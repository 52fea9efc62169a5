"""The page table: one row per kind of page of a tournament's site.

Each row names the kind (what the progress bar shows), the events that have it
(every event, individual or team events), its output paths (``NN`` a round's number,
``ID`` a player's, team's or game's slug), its templates, what its pages are computed
from, and the function that gives its pages as (path, view model) pairs.
``tourney.render.site.pages`` renders the rows in order; docs/site.md lists them.

What a page depends on is what a rebuild must look at: a page whose view model is
equal renders to the same bytes (``tourney.render.site.pages.view_digest``), so the
build cache (``tourney.fs.build_cache``) takes it from the last build. Every page also
shows the navigation, which changes when a round is first paired or decided.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from tourney.model import Tournament
from tourney.render import text
from tourney.render.markdown import to_html, without_title
from tourney.render.site.event import EventData, Frames
from tourney.render.site.games import game_pages
from tourney.render.site.individual import (
    PlayerPages,
    cards,
    category_pages,
    crosstables,
    lists,
    rating_changes,
    rounds,
    standings,
    tiebreaks,
)
from tourney.render.site.overview import ClubRated, absent, details, downloads, statistics
from tourney.render.site.prizes import prize_pages
from tourney.render.site.team import boards as team_boards
from tourney.render.site.team import cards as team_cards
from tourney.render.site.team import composition as team_composition
from tourney.render.site.team import crosstable as team_crosstable
from tourney.render.site.team import grid as team_grid
from tourney.render.site.team import individual as team_individual
from tourney.render.site.team import rounds as team_rounds
from tourney.render.site.team import standings as team_standings
from tourney.render.site.team.event import TeamEvent
from tourney.render.views import Download, Link, TextPage

Pages = Iterable[tuple[str, object]]


@dataclass(frozen=True, slots=True)
class Parts:
    """What the rows' functions build a tournament's pages from."""

    data: EventData
    frames: Frames
    players: PlayerPages
    team: TeamEvent | None  # a team event's
    text_pages: tuple[Link, ...]  # pages/*.md
    downloads: tuple[Download, ...]  # the data files and PDFs the downloads page lists
    club_rated: ClubRated | None = None


@dataclass(frozen=True, slots=True)
class PageKind:
    """One row of the page table (module docstring)."""

    kind: str
    events: str  # "all", "individual" or "team"
    paths: tuple[str, ...]
    templates: tuple[str, ...]
    depends: str
    pages: Callable[[Parts], Pages]

    def applies(self, t: Tournament) -> bool:
        return self.events == "all" or (self.events == "team") == t.is_team


def _team(parts: Parts) -> TeamEvent:
    assert parts.team is not None, "a team row of an individual event"
    return parts.team


def text_pages(t: Tournament, frames: Frames) -> Iterator[tuple[str, object]]:
    for page in t.pages:
        path = f"pages/{text.slug(page.slug)}.html"
        yield (
            path,
            TextPage(frame=frames(path, page.title), html=to_html(without_title(page.markdown))),
        )


EVERY_ROUND = "settings, players, every round"

PAGE_TABLE: tuple[PageKind, ...] = (
    PageKind(
        "event",
        "all",
        ("index.html", "schedule.html"),
        ("details.html", "schedule.html"),
        EVERY_ROUND + " (the current round, the next games), the text pages' titles",
        lambda p: details(p.data, p.frames, p.text_pages, p.club_rated),
    ),
    PageKind(
        "player lists",
        "all",
        ("players.html", "players-alpha.html"),
        ("players.html",),
        EVERY_ROUND + " (scores and withdrawals)",
        lambda p: lists.lists(p.players),
    ),
    PageKind(
        "player cards",
        "all",
        ("players/ID.html",),
        ("player.html",),
        EVERY_ROUND + " (the games, the standings after each round for the chart)",
        lambda p: cards.cards(p.players),
    ),
    PageKind(
        "absences",
        "all",
        ("absent.html",),
        ("absent.html",),
        EVERY_ROUND,
        lambda p: absent(p.data, p.frames, p.players),
    ),
    PageKind(
        "statistics",
        "all",
        ("statistics.html",),
        ("statistics.html",),
        EVERY_ROUND,
        lambda p: statistics(p.data, p.frames),
    ),
    PageKind(
        "downloads",
        "all",
        ("downloads.html",),
        ("downloads.html",),
        "the data files and PDFs written (the last round decided)",
        lambda p: downloads(p.downloads, p.frames),
    ),
    PageKind(
        "text pages",
        "all",
        ("pages/ID.html",),
        ("text.html",),
        "its pages/*.md file",
        lambda p: text_pages(p.data.tournament, p.frames),
    ),
    # team events
    PageKind(
        "teams",
        "team",
        ("teams.html", "teams/ID.html"),
        ("teams.html", "team.html"),
        "settings, teams, players, every round",
        lambda p: team_cards.pages(_team(p)),
    ),
    PageKind(
        "line-ups",
        "team",
        ("composition.html",),
        ("composition.html",),
        "teams, players, every round's line-ups",
        lambda p: team_composition.pages(_team(p)),
    ),
    PageKind(
        "rounds",
        "team",
        ("round-NN.html",),
        ("team_round.html",),
        "settings, teams, players, rounds 1 to NN",
        lambda p: team_rounds.pages(_team(p)),
    ),
    PageKind(
        "standings",
        "team",
        ("standings.html", "standings-NN.html"),
        ("team_standings.html",),
        "settings, teams, rounds 1 to NN (standings.html: the last decided)",
        lambda p: team_standings.pages(_team(p)),
    ),
    PageKind(
        "crosstable",
        "team",
        ("crosstable.html",),
        ("team_crosstable.html",),
        "settings, teams, every round",
        lambda p: team_crosstable.pages(_team(p)),
    ),
    PageKind(
        "grid",
        "team",
        ("crosstable-start.html",),
        ("team_grid.html",),
        "settings, teams, every round",
        lambda p: team_grid.pages(_team(p)),
    ),
    PageKind(
        "board statistics",
        "team",
        ("boards.html",),
        ("boards.html",),
        "settings, teams, players, every round",
        lambda p: team_boards.pages(_team(p)),
    ),
    PageKind(
        "individual results",
        "team",
        ("individual.html", "individual-ID.html"),
        ("individual.html",),
        "settings, teams, players, every round",
        lambda p: team_individual.pages(_team(p)),
    ),
    # individual events
    PageKind(
        "rounds",
        "individual",
        ("round-NN.html", "round-NN-alpha.html"),
        ("round.html", "round_alpha.html"),
        "settings, players, rounds 1 to NN (the points before round NN), its explanation",
        lambda p: rounds.rounds(p.players),
    ),
    PageKind(
        "games",
        "individual",
        ("round-NN-game-NN.html",),
        ("game.html",),
        "the game's PGN (games/NN.pgn) and its board in round NN",
        lambda p: game_pages(p.data, p.frames),
    ),
    PageKind(
        "standings",
        "individual",
        ("standings.html", "standings-NN.html"),
        ("standings.html",),
        "settings, players, rounds 1 to NN (standings.html: the last decided)",
        lambda p: standings.standings_pages(p.players),
    ),
    PageKind(
        "crosstables",
        "individual",
        ("crosstable.html", "crosstable-start.html"),
        ("crosstable.html", "crosstable_rr.html"),
        EVERY_ROUND,
        lambda p: crosstables.crosstables(p.players),
    ),
    PageKind(
        "tie-breaks",
        "individual",
        ("tiebreaks.html",),
        ("tiebreaks.html",),
        "settings, every round (the last decided)",
        lambda p: tiebreaks.tiebreaks(p.players),
    ),
    PageKind(
        "rating changes",
        "individual",
        ("rating-changes.html",),
        ("fide_changes.html",),
        EVERY_ROUND + " (FIDE-rated events)",
        lambda p: rating_changes.fide_changes(p.players),
    ),
    PageKind(
        "categories",
        "individual",
        ("categories.html",),
        ("categories.html",),
        EVERY_ROUND + " (the standings by category)",
        lambda p: category_pages.category_pages(p.players),
    ),
    PageKind(
        "prizes",
        "individual",
        ("prizes.html",),
        ("prizes.html",),
        EVERY_ROUND + " (tournament.yaml's prizes)",
        lambda p: prize_pages(p.players),
    ),
)


def kinds(t: Tournament) -> tuple[PageKind, ...]:
    """The rows of the page table that ``t`` has, in the order they are rendered."""
    return tuple(row for row in PAGE_TABLE if row.applies(t))
