"""Load a tournament folder (or a club folder of tournaments) into the model.

Every problem in every file is collected first; then either the model comes
back, or ``InvalidInput`` with all the diagnostics. Nothing here writes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from yaml.nodes import MappingNode, Node

from tourney import gcpause
from tourney.errors import Diagnostic, InvalidInput, did_you_mean
from tourney.fs import regular
from tourney.load import text_safety, yamlsource
from tourney.load import why as why_file
from tourney.load.fields import Fields, Report, parse_points, scalar_ident
from tourney.load.games import read_games
from tourney.load.people import Located, read_members, read_players, read_teams
from tourney.load.rounds import read_round
from tourney.load.settings import read_language, read_settings
from tourney.load.sourcemap import SourceMap, SourceMapBuilder, Where
from tourney.load.venues import dates_outside
from tourney.model import (
    Club,
    ClubPlayer,
    Page,
    Player,
    Round,
    SeriesDefinition,
    Settings,
    Team,
    Tournament,
    as_played_colours,
)
from tourney.records import dataclass

if TYPE_CHECKING:  # a team's hand boards, imported when a round has some
    from tourney.engine.teams.hand_boards import HandBoard

# The one name of a round file. Any other file in rounds/ (05.YAML, 5.yaml, 05.yml.bak)
# is not read; tourney.check.round_files reports it.
ROUND_FILE = re.compile(r"^([0-9]{2})\.yaml$")  # ASCII only: \d takes ٠١ for 01
CLUB_KEYS = ("name", "series", "website", "contact", "language")
SERIES_KEYS = ("id", "name", "tournaments", "points", "best")
# folders of a club's site (docs/site.md): a tournament of that name would share them
CLUB_SITE_FOLDERS = frozenset({"members", "ratings", "static"})


def display(path: Path) -> str:
    """A file's name as diagnostics show it: relative to where the user stands, if inside."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


class _Files:
    """Reads files relative to a base folder, naming them relative to where the user stands."""

    def __init__(self, base: Path, report: Report, sources: SourceMapBuilder | None = None) -> None:
        self.base = base
        self.report = report
        self.sources = sources or SourceMapBuilder()

    def display(self, path: Path) -> str:
        return display(path)

    def refused(self, error: regular.UnsafeFile) -> None:
        diagnostic = regular.refusal(error, self.display)
        if diagnostic not in self.report.diagnostics:  # the folder scan may have it already
            self.report.diagnostics.append(diagnostic)

    def parse(self, path: Path) -> yamlsource.Source:
        name = self.display(path)
        try:
            data = regular.read_regular(path, self.base)
        except regular.UnsafeFile as exc:
            self.refused(exc)
            self.sources.fail(name)
            return yamlsource.Source(name, "", None)
        except OSError as exc:
            self.report.diagnostics.append(
                Diagnostic(name, 0, 0, f"cannot read: {exc.strerror}", code="E100")
            )
            self.sources.fail(name)
            return yamlsource.Source(name, "", None)
        source = yamlsource.parse(name, data)
        self.report.read(source)
        if source.root is None:
            self.sources.fail(name)
        return source


def is_tournament(path: Path) -> bool:
    return (path / "tournament.yaml").is_file()


def is_club(path: Path) -> bool:
    return (path / "club.yaml").is_file()


def load_tournament(path: Path) -> Tournament:
    """The tournament in folder ``path``; a club folder above it supplies members."""
    return read_tournament(path)[0]


@dataclass(frozen=True, slots=True)
class Loaded:
    """What the loader made of a folder, errors or not: the read stage of the pipeline.

    ``tournament`` (or ``club``) is None when a file needed to build it failed;
    ``sources`` says where each thing is written (for a club: one map per
    tournament folder name); ``diagnostics`` are the loader's own, errors and warnings.
    """

    path: Path
    tournament: Tournament | None = None
    club: Club | None = None
    sources: SourceMap = field(default_factory=SourceMap)
    event_sources: dict[str, SourceMap] = field(default_factory=dict)
    member_sources: dict[str, Where] = field(default_factory=dict)  # members.yaml entries
    diagnostics: tuple[Diagnostic, ...] = ()

    @property
    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.diagnostics)


@dataclass(frozen=True, slots=True)
class _ClubContext:
    """What a tournament folder inherits from the club folder it stands in: the members
    its players may be and the language of its pages (docs/languages.md). Whichever way
    the tournament is loaded, alone or with its club, it gets the same (issue 34)."""

    members: Mapping[str, ClubPlayer] = field(default_factory=dict)
    language: str = ""


def _club_context(path: Path, report: Report) -> _ClubContext:
    """The club folder tournament folder ``path`` stands in (nothing outside one)."""
    parent = path.resolve().parent
    if not is_club(parent):
        return _ClubContext()
    files = _Files(parent, report)
    language = ""
    source = files.parse(parent / "club.yaml")
    if source.root is not None:
        fields = Fields(report, source.name, source.root, "club.yaml", CLUB_KEYS)
        language = read_language(fields, "")  # not said: as the event says (English)
    members: dict[str, ClubPlayer] = {}
    if (parent / "members.yaml").is_file():
        source = files.parse(parent / "members.yaml")
        if source.root is not None:
            members = {m.id: m for m in read_members(report, source.name, source.root)}
    return _ClubContext(members, language)


def _club_members(path: Path, report: Report) -> dict[str, ClubPlayer]:
    """The members of the club folder tournament folder ``path`` stands in (none outside one)."""
    return dict(_club_context(path, report).members)


def club_members(path: Path) -> tuple[ClubPlayer, ...]:
    """The club members a tournament folder's players may be (``member:``); errors in
    members.yaml are the loader's to report (``load``), so they are left out here."""
    return tuple(_club_members(path, Report()).values())


def load(path: Path) -> Loaded:
    """Read a tournament or club folder; never raises for bad input (see ``Loaded``)."""
    with gcpause.paused():
        if is_club(path):
            return _load_club_folder(path)
        report = Report()
        sources = SourceMapBuilder()
        club = _club_context(path, report)
        tournament = _load_tournament(path, report, club, sources)
        report.finish()
        return Loaded(
            path,
            tournament=tournament,
            sources=sources.build(),
            diagnostics=tuple(report.diagnostics),
        )


def read_tournament(path: Path) -> tuple[Tournament, list[Diagnostic]]:
    """The tournament and the warnings about it; errors raise ``InvalidInput``."""
    loaded = load(path) if not is_club(path) else Loaded(path)
    if loaded.has_errors or loaded.tournament is None:
        raise InvalidInput(loaded.diagnostics)
    return loaded.tournament, list(loaded.diagnostics)


def _load_tournament(
    path: Path,
    report: Report,
    club: _ClubContext,
    sources: SourceMapBuilder | None = None,
) -> Tournament | None:
    members = club.members
    files = _Files(path, report, sources)
    if not path.is_dir():
        report.diagnostics.append(
            Diagnostic(files.display(path), 0, 0, "no such folder", code="E100")
        )
        return None
    report.diagnostics.extend(regular.special_diagnostics(path, files.display))
    settings_file = path / "tournament.yaml"
    if not settings_file.is_file():
        report.diagnostics.append(
            Diagnostic(
                files.display(settings_file),
                0,
                0,
                "a tournament folder needs tournament.yaml",
                f"create one with: tourney new {files.display(path)} --format swiss",
                code="E100",
            )
        )
        return None
    source = files.parse(settings_file)
    files.sources.file("settings", source.name)
    settings = read_settings(report, source.name, source.root) if source.root is not None else None
    if settings is None:
        return None
    team_event = settings.format.is_team
    period = settings.rating_period

    located = Located()
    players: list[tuple[Player, str | None]] = []
    players_file = path / "players.yaml"
    players_name = files.display(players_file)
    files.sources.file("players", players_name)
    if players_file.is_file():
        source = files.parse(players_file)
        if source.root is not None:
            players = read_players(
                report, source.name, source.root, members, period, located, settings.federations
            )
            files.sources.people(source.name, source.root, files.sources.players)
    if len(players) > text_safety.MAX_PLAYERS:  # a bound on the work (docs/robustness.md)
        report.diagnostics.append(
            Diagnostic(players_name, 0, 0, *text_safety.too_many(len(players)), code="E125")
        )

    teams: list[Team] = []
    teams_file = path / "teams.yaml"
    teams_name = files.display(teams_file)
    files.sources.file("teams", teams_name)
    if teams_file.is_file():
        source = files.parse(teams_file)
        if source.root is not None:
            files.sources.people(source.name, source.root, files.sources.teams)
            if not team_event:
                report.error(
                    source.name,
                    source.root,
                    "teams.yaml is only for team events",
                    "set 'format: team-swiss' or 'team-round-robin' in tournament.yaml, "
                    "or remove teams.yaml",
                    code="E123",
                )
            teams = read_teams(report, source.name, source.root, located)
            if len(teams) > text_safety.MAX_TEAMS:  # TRF's team numbers have 3 digits
                too_many = text_safety.too_many(len(teams), "teams")
                report.error(source.name, source.root, *too_many, code="E125")
    elif team_event:
        report.diagnostics.append(
            Diagnostic(teams_name, 0, 0, "a team event needs teams.yaml", code="E100")
        )

    player_ids = {p.id for p, _ in players}
    _check_rosters(report, teams_name, players_name, teams, players, player_ids, located)

    rounds = _load_rounds(
        path,
        files,
        report,
        settings,
        {p.id: p for p, _ in players},
        {t.id: t for t in teams},
        (players_name, teams_name),
    )
    pages = _load_pages(path, files, report)
    games, problems = read_games(path, files.display, files.refused)
    report.diagnostics.extend(problems)
    tournament = Tournament(
        settings=settings,
        players=tuple(p for p, _ in players),
        teams=tuple(teams),
        rounds=tuple(rounds),
        pages=tuple(pages),
        games=tuple(games),
    )
    return _in_language(tournament, club.language)


def _check_rosters(
    report: Report,
    teams_name: str,
    players_name: str,
    teams: list[Team],
    players: list[tuple[Player, str | None]],
    player_ids: set[str],
    located: Located,
) -> None:
    owner: dict[str, str] = {}
    team_ids = {t.id for t in teams}
    for entry in teams:
        for pid in entry.roster:
            node = located.roster_nodes.get((entry.id, pid))
            if pid not in player_ids:
                report.unknown(
                    teams_name,
                    node,
                    "player",
                    pid,
                    players_name,
                    did_you_mean(pid, player_ids) or "add the player to players.yaml",
                    f"roster of '{entry.id}' names unknown player '{pid}'",
                )
            elif pid in owner:
                report.error(
                    teams_name,
                    node,
                    f"player '{pid}' is in the rosters of both '{owner[pid]}' and '{entry.id}'",
                    "a player plays for one team",
                    code="E133",
                )
            else:
                owner[pid] = entry.id
    for player, team in players:
        if team is None:
            continue
        node = located.team_nodes.get(player.id)
        if team not in team_ids:
            report.unknown(
                players_name,
                node,
                "team",
                team,
                teams_name,
                did_you_mean(team, team_ids) or "teams are listed in teams.yaml",
                f"player '{player.id}' names unknown team '{team}'",
            )
        elif owner.get(player.id) != team:
            actual = owner.get(player.id)
            where = f"is in the roster of '{actual}'" if actual else "is in no roster"
            report.error(
                players_name,
                node,
                f"player '{player.id}' says team '{team}' but {where}",
                f"add '{player.id}' to the roster of '{team}' in teams.yaml",
                code="E133",
            )


def _load_rounds(
    path: Path,
    files: _Files,
    report: Report,
    settings: Settings,
    players: Mapping[str, Player],
    teams: Mapping[str, Team],
    names: tuple[str, str],
) -> list[Round]:
    planned, team_event = settings.rounds, settings.format.is_team
    player_ids, team_ids = set(players), set(teams)
    players_name, teams_name = names
    rosters = {t.id: t.roster for t in teams.values()}
    boards = settings.team.boards
    folder = path / "rounds"
    if not folder.is_dir():
        return []
    numbered: dict[int, Path] = {}
    for entry in sorted(folder.iterdir()):
        match = ROUND_FILE.match(entry.name)
        if match and int(match.group(1)) > 0 and entry.is_file():
            numbered[int(match.group(1))] = entry
    rounds: list[Round] = []
    for expected, number in enumerate(sorted(numbered), start=1):
        entry = numbered[number]
        name = files.display(entry)
        if number != expected:
            report.diagnostics.append(
                Diagnostic(
                    name,
                    0,
                    0,
                    f"round {expected} is missing before round {number}",
                    f"rounds are numbered 1, 2, 3...; add rounds/{expected:02d}.yaml",
                    code="E162",
                )
            )
        if planned and number > planned:
            report.diagnostics.append(
                Diagnostic(
                    name,
                    0,
                    0,
                    f"round {number} is beyond the {planned} rounds planned",
                    "raise 'rounds' in tournament.yaml",
                    code="E163",
                )
            )
        source = files.parse(entry)
        if source.root is None:
            continue
        files.sources.round(number, name, source.root, source.text)
        loaded = read_round(
            report, name, source.root, number, team_event, settings.pairing == "double-swiss"
        )
        if loaded is None:
            continue
        rnd, refs = loaded.round, loaded.refs
        dates_outside(report, name, loaded.dated, settings.start_date, settings.end_date)
        _check_round_refs(report, name, refs, player_ids, team_ids, players_name, teams_name)
        if team_event:
            if "as-played" in (rnd.board_colours, settings.team.board_colours):
                rnd = _as_played(rnd, rosters)
            _check_match_boards(report, name, rnd, refs, rosters, boards)
            if loaded.hand:
                base = Tournament(
                    settings=settings, players=tuple(players.values()), teams=tuple(teams.values())
                )
                rnd = _place_hand_boards(report, name, base, rnd, loaded.hand)
        _check_availability(report, name, rnd, refs, players, settings.format.is_round_robin)
        explained, lines = why_file.read(path, number)
        if lines:
            rnd = replace(rnd, explanation=lines, explained=explained)
        rounds.append(rnd)
    return rounds


def _place_hand_boards(
    report: Report,
    file: str,
    base: Tournament,
    rnd: Round,
    hand: tuple[tuple[HandBoard, Node], ...],
) -> Round:
    """Join each board added by hand to its match when it fits; warn about the others.

    docs/teams.md: a board that fits no match is a board of no team. It stays in the
    round (``Round.games``) and counts for its players only.
    """
    from tourney.engine.teams.hand_boards import join_hand_boards

    placed, placements = join_hand_boards(base, rnd, [h for h, _ in hand])
    for (_, node), placement in zip(hand, placements, strict=True):
        if not placement.joined:
            report.warning(
                file,
                node,
                f"this board joins no match and counts for no team: {placement.reason}",
                placement.hint,
                code="W102",
            )
    return placed


def _as_played(rnd: Round, rosters: Mapping[str, tuple[str, ...]]) -> Round:
    """Each match keeps its boards' colours as written (``board_colours: as-played``)."""
    team_of = {pid: team for team, roster in rosters.items() for pid in roster}
    return replace(
        rnd,
        matches=tuple(replace(m, colours=as_played_colours(m, team_of)) for m in rnd.matches),
    )


def _check_match_boards(
    report: Report,
    file: str,
    rnd: Round,
    refs: dict[str, list[Node]],
    rosters: Mapping[str, tuple[str, ...]],
    boards: int,
) -> None:
    """Each board seats the right teams' players: White's team on odd boards (docs/teams.md)."""
    for match in rnd.matches:
        if len(match.games) > boards:
            node = refs.get(f"team:{match.white}", [None])[0]
            report.error(
                file,
                node,
                f"match {match.number} has {len(match.games)} boards, "
                f"but matches are played on {boards}",
                "change 'teams: boards:' in tournament.yaml or remove a board",
                code="E171",
            )
        for game in match.games:
            white_team = match.white_team_on(game.board)
            expected = {
                game.white: white_team,
                game.black: match.black if white_team == match.white else match.white,
            }
            for pid, team in expected.items():
                if pid and team in rosters and pid not in rosters[team]:
                    owner = next((t for t, r in rosters.items() if pid in r), None)
                    actual = f"plays for '{owner}'" if owner else "is in no roster"
                    colour = "White" if pid == game.white else "Black"
                    report.error(
                        file,
                        refs.get(pid, [None])[0],
                        f"match {match.number}, board {game.board}: {colour} should be a "
                        f"player of '{team}', but '{pid}' {actual}",
                        "the team named 'white' has White on board 1 and every odd board "
                        "('teams: board_colours: as-played' keeps each board's colours as "
                        "written, docs/teams.md)",
                        code="E172",
                    )


def _check_availability(
    report: Report,
    file: str,
    rnd: Round,
    refs: dict[str, list[Node]],
    players: Mapping[str, Player],
    round_robin: bool,
) -> None:
    """Warn about a player seated in a round the player is not available for.

    A round robin keeps a withdrawn player's scheduled games in the table: without a
    result (or with a forfeit) they are the withdrawal's forfeits (GR 6.6), not a mistake.
    """
    for game in rnd.all_games():
        if round_robin and (game.result is None or game.result.is_forfeit):
            continue
        for pid in (game.white, game.black):
            player = players.get(pid)
            if player is None:
                continue
            reason = ""
            if player.withdrawn_after is not None and rnd.number > player.withdrawn_after:
                reason = f"withdrew after round {player.withdrawn_after}"
            elif rnd.number < player.joins:
                reason = f"joins in round {player.joins}"
            elif rnd.number in player.absent:
                reason = f"is marked absent in round {rnd.number}"
            if reason:
                report.warning(
                    file,
                    refs.get(pid, [None])[0],
                    f"'{pid}' plays in round {rnd.number} but {reason}",
                    "correct players.yaml or the round file",
                    code="W101",
                )


def _check_round_refs(
    report: Report,
    file: str,
    refs: dict[str, list[Node]],
    player_ids: set[str],
    team_ids: set[str],
    players_name: str,
    teams_name: str,
) -> None:
    for ident, nodes in refs.items():
        is_team = ident.startswith("team:")
        name = ident[5:] if is_team else ident
        known = team_ids if is_team else player_ids
        if name not in known:
            what, where = ("team", teams_name) if is_team else ("player", players_name)
            report.unknown(
                file,
                nodes[0],
                what,
                name,
                where,
                did_you_mean(name, known) or f"{where} defines the {what}s",
            )
        for node in nodes[1:]:
            what = "team" if is_team else "player"
            first = nodes[0].start_mark.line + 1
            report.error(
                file,
                node,
                f"{what} '{name}' appears twice in this round",
                f"first on line {first}",
                code="E132",
            )


def _load_pages(path: Path, files: _Files, report: Report) -> list[Page]:
    folder = path / "pages"
    if not folder.is_dir():
        return []
    pages: list[Page] = []
    for entry in sorted(folder.glob("*.md")):
        name = files.display(entry)
        if entry.is_symlink():  # reported with every other link (tourney.fs.regular)
            continue
        slug = entry.stem
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", slug):
            report.diagnostics.append(
                Diagnostic(
                    name,
                    0,
                    0,
                    f"page name '{slug}' is not allowed",
                    "use lower-case letters, digits and '-'",
                    code="E180",
                )
            )
            continue
        try:
            text = regular.read_text(entry, path)
        except regular.UnsafeFile as exc:
            files.refused(exc)
            continue
        except UnicodeDecodeError:
            report.diagnostics.append(
                Diagnostic(name, 0, 0, "the file is not valid UTF-8 text", code="E101")
            )
            continue
        if too_big := text_safety.markdown_problem(text):  # bounded render time (docs/security.md)
            report.diagnostics.append(Diagnostic(name, too_big[0], 0, too_big[1], code="E181"))
            continue
        title = slug.replace("-", " ").capitalize()
        for line in text.splitlines():
            if line.startswith("# "):
                title = line[2:].strip()
                break
        pages.append(Page(slug=slug, title=title, markdown=text))
    return pages


def load_club(path: Path) -> Club:
    """A club or league folder: club.yaml, members.yaml, and a folder per tournament."""
    return read_club(path)[0]


def read_club(path: Path) -> tuple[Club, list[Diagnostic]]:
    """The club and the warnings about it; errors raise ``InvalidInput``."""
    loaded = _load_club_folder(path)
    if loaded.has_errors or loaded.club is None:
        raise InvalidInput(loaded.diagnostics)
    return loaded.club, list(loaded.diagnostics)


def _load_club_folder(path: Path) -> Loaded:
    report = Report()
    files = _Files(path, report)
    report.diagnostics.extend(regular.special_diagnostics(path, files.display))
    source = files.parse(path / "club.yaml")
    name = ""
    language = "en"
    series: list[SeriesDefinition] = []
    if source.root is not None:
        f = Fields(report, source.name, source.root, "club.yaml", CLUB_KEYS)
        f.require("name")
        name = f.name("name")
        language = read_language(f, "en")
        read = [(n, _series(report, source.name, n)) for n in f.items("series", "series")]
        series = [s for _, s in read if s is not None]
        _one_spelling_of_series(report, source.name, [(n, s) for n, s in read if s is not None])
    members: list[ClubPlayer] = []
    member_sources: dict[str, Where] = {}
    if (path / "members.yaml").is_file():
        msource = files.parse(path / "members.yaml")
        if msource.root is not None:
            members = read_members(report, msource.name, msource.root)
            files.sources.people(msource.name, msource.root, member_sources)
    by_id = {m.id: m for m in members}
    tournaments: list[tuple[str, Tournament]] = []
    event_sources: dict[str, SourceMap] = {}
    for entry in sorted(path.iterdir()):
        if entry.is_dir() and is_tournament(entry):
            builder = SourceMapBuilder()
            loaded = _load_tournament(entry, report, _ClubContext(by_id, language), builder)
            event_sources[entry.name] = builder.build()
            if loaded is not None:
                tournaments.append((entry.name, loaded))
    folder_names = {n for n, _ in tournaments}
    for taken in sorted(folder_names & CLUB_SITE_FOLDERS):
        report.diagnostics.append(
            Diagnostic(
                f"{files.display(path / taken)}",
                0,
                0,
                f"a tournament folder cannot be called '{taken}': the club's site keeps its "
                f"own pages in {', '.join(sorted(f'{n}/' for n in CLUB_SITE_FOLDERS))}",
                f"rename the folder (e.g. {taken}-cup) and its name in club.yaml's series",
                code="E134",
            )
        )
    for definition in series:
        for ref in definition.tournaments:
            if ref not in folder_names:
                report.diagnostics.append(
                    Diagnostic(
                        source.name,
                        0,
                        0,
                        f"series '{definition.id}' names unknown tournament '{ref}'",
                        did_you_mean(ref, folder_names) or "use the folder name",
                        code="E130",
                    )
                )
    report.finish()
    club = Club(
        name=name,
        members=tuple(members),
        series=tuple(series),
        tournaments=tuple(tournaments),
        language=language,
    )
    return Loaded(
        path,
        club=club,
        event_sources=event_sources,
        member_sources=member_sources,
        diagnostics=tuple(report.diagnostics),
    )


def _in_language(t: Tournament, language: str) -> Tournament:
    """A club's event speaks the club's language unless its tournament.yaml names one."""
    if t.settings.language or not language:
        return t
    return replace(t, settings=replace(t.settings, language=language))


def _one_spelling_of_series(
    report: Report, file: str, series: list[tuple[Node, SeriesDefinition]]
) -> None:
    """Series ids that differ only in capitals are refused (E187): they name one page."""
    first: dict[str, tuple[str, Node]] = {}
    for entry, s in series:
        if not s.id:
            continue
        node = next((v for k, v in getattr(entry, "value", ()) if k.value == "id"), entry)
        seen_id, seen_node = first.setdefault(s.id.casefold(), (s.id, node))
        if seen_id != s.id:
            report.error(
                file,
                node,
                f"series '{s.id}' differs from '{seen_id}' (line {seen_node.start_mark.line + 1}) "
                "only in capitals",
                "give the series different ids: both would name one page (docs/security.md)",
                code="E187",
            )


def _series(report: Report, file: str, node: Node) -> SeriesDefinition | None:
    f = Fields(report, file, node, "a series", SERIES_KEYS)
    if not isinstance(node, MappingNode) or not f.require("id", "name", "tournaments", "points"):
        return None
    points = []
    for item in f.items("points", "placement points"):
        value = parse_points(getattr(item, "value", None))
        if value is None:
            report.error(file, item, "placement points must be numbers like 10 or 7.5", code="E120")
        else:
            points.append(value)
    return SeriesDefinition(
        id=f.ident("id") or "",
        name=f.name("name"),
        tournaments=f.list_of(
            "tournaments", "folder names", lambda n: scalar_ident(report, file, n, "a tournament")
        ),
        points=tuple(points),
        best=f.integer("best", None, 1, 999),
    )


def read_path(path: Path) -> tuple[Tournament | Club, list[Diagnostic]]:
    """A tournament or a club folder, whichever ``path`` is, with its warnings."""
    with gcpause.paused():
        if is_club(path):
            return read_club(path)
        return read_tournament(path)


__all__ = [
    "Loaded",
    "club_members",
    "display",
    "is_club",
    "is_tournament",
    "load",
    "load_club",
    "load_tournament",
    "read_path",
]
